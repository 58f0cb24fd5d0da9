"""Notebook 02: entanglement."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "02_entanglement"

CELLS = [
    *header(
        NAME,
        [
            "explain what changes when two marks share a square: some combinations become "
            "impossible, and one mark's probabilities depend on the other;",
            "draw and read the entanglement graph;",
            "count the realities of a tree of spooky marks (one per empty square) and read "
            "probabilities off its shape;",
            "decide whether a state is a product (separable) or entangled;",
            "rebuild Goff's 'decoherence' numbers and say what the name "
            "does and does not mean in physics.",
        ],
        "notebook [01 · Superposition](01_superposition.ipynb) (realities, probabilities, "
        "kets).",
        "about 45 minutes (exercises included); short of time, read the box at the end at home",
    ),
    code(
        """
        import matplotlib.pyplot as plt

        from qttt_edu import Game, checks
        from qttt_edu.drawing import draw_board, draw_entanglement
        from qttt_edu.graph import components, entanglement_graph
        from qttt_edu.i18n import percent
        from qttt_edu.predict import reveal
        from qttt_edu.quantum import count_realities, ket, mark_odds, realities


        def show(boards):
            \"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"
            for row in range(3):
                print("     ".join(
                    " ".join(f"{board.get(3 * row + col + 1, '.'):>2}" for col in range(3))
                    for board in boards
                ))
        """
    ),
    md(
        f"""
        ## 1. Two marks share a square

        In Goff's Fig. 3 ({GOFF}) O answers X's `1-2` with `2-5`: O puts one of its spooky
        marks in square 2, where X already has one.
        """
    ),
    code(
        """
        fig3 = Game.from_record("1-2 2-5")
        fig3
        """
    ),
    md(
        """
        Two separate moves, as in Fig. 2, gave 2 × 2 = 4 realities. Remember that in a
        reality every square holds at most one mark.
        """
    ),
    *exercise(
        "02-1",
        """
        How many realities does `1-2 2-5` stand for?
        """,
    ),
    md("List them, to check your count:"),
    reveal_cell(
        """
        show(realities(fig3))
        """
    ),
    *exercise(
        "02-2",
        """
        With every reality equally likely, what is the probability that **X1 ends in
        square 1**? (A fraction, a decimal or a percentage: all are fine.)
        """,
    ),
    md(
        """
        Check with `mark_odds`, which gives every spooky mark's probability for each of its
        two squares:
        """
    ),
    reveal_cell(
        """
        mark_odds(fig3, exact=True)
        """
    ),
    md(
        f"""
        O's move changed the probabilities of **X's** mark: before it, X1 was 50:50; now it
        leans to square 1. What one mark does depends on the other, and you cannot describe
        X1 alone any more: only the pair has a definite list of possibilities. Marks linked
        like this are {term("entangled", "entanglement")}; section 4 says exactly what that
        means for the state.

        ## 2. The entanglement graph

        A picture makes the connections visible. Take the squares as the points of a graph,
        and draw every spooky mark as a line (an *edge*) between its two squares. Marks that
        are connected through shared squares form one group; separate groups are independent.
        This is the {term("entanglement graph")}.
        """
    ),
    code(
        """
        chain = Game.from_record("1-2 2-5 7-9 5-6")
        graph = entanglement_graph(chain)
        for a, b, data in graph.edges(data=True):
            print(data["mark"], "joins squares", a, "and", b)
        print("separate groups:", [sorted(group) for group in components(chain)])
        """,
        check=True,
    ),
    md(
        """
        `draw_entanglement` draws it with each square's node where the square sits on the
        board, and each edge labelled with its mark:
        """
    ),
    code(
        """
        fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
        draw_board(chain, ax=left)
        draw_entanglement(chain, ax=right)
        left.set_title("the board")
        right.set_title("its entanglement graph")
        plt.show()
        """
    ),
    *predict(
        "The group {1, 2, 5, 6} has three marks on four squares, and the separate mark X3 "
        "sits on 7-9. How many realities does the whole position have?",
        "6",
    ),
    reveal_cell(
        """
        group = count_realities(Game.from_record("1-2 2-5 5-6"))
        whole = count_realities(chain)
        print("the group on its own:", group, "   X3 on its own: 2   whole position:", whole)
        reveal(guess, whole)
        """
    ),
    md(
        """
        ## 3. Counting the realities of a tree

        Before every move the entanglement graph has no loops: each group is a *tree* (a loop
        collapses at once, notebook 03). A tree of *k* marks always spans *k* + 1 squares, and
        in every reality exactly **one** of its squares stays empty. Pick the empty square and
        everything else is forced: each mark lands in its square farther from the empty one.
        So a tree of *k* marks has exactly *k* + 1 realities, one per empty square.

        That gives the probability of a mark in a tree without listing anything: a mark lands
        on the side of its edge **away from** the empty square, so

        > probability(mark lands in square *s*) = (squares on the *other* side of the mark) ÷
        > (all squares of the tree).

        For example, in `1-3 1-2` the tree has squares 1, 2 and 3. X1 (on 1-3) lands in
        square 3 whenever the empty square is 1 or 2: a probability of 2/3.
        """
    ),
    *exercise(
        "02-3",
        """
        Start from `1-3 1-2`. Give **one more move** (a pair of squares) after which the
        probability that X1 ends in square 3 is exactly **3/4**. More than one answer is
        right; the checker accepts all of them.
        """,
    ),
    md(
        """
        ## 4. Entanglement in the ket

        Notebook 01 wrote a position as a ket, an equal sum of its realities. For Fig. 2 the
        ket was a **product**, one factor per move. Goff writes Fig. 3 as an equal sum
        of its realities, and the number under the root counts them:
        """
    ),
    reveal_cell(
        """
        print(ket(fig3))
        print(ket(Game.from_record("1-2 4-5")), "   (Fig. 2, for comparison)")
        """
    ),
    *exercise(
        "02-4",
        """
        Is the state of `1-2 2-5` **separable** (a product of one factor for X1 and one for
        O2)? Answer yes or no. For a real test, try to write it as
        (a|1⟩₁ + b|2⟩₁)(c|2⟩₂ + d|5⟩₂) and multiply out.
        """,
    ),
    md(
        """
        A state that is not a product is called **entangled**: that is the precise meaning of
        the word. Shared squares made Fig. 3 entangled, while Fig. 2, with no shared square,
        is a product. (A warning for later, from notebook 07: in the game "not a product"
        describes a list of equally likely boards, and ordinary objects can be linked the
        same way: a red and a black card sealed in two envelopes. Quantum entanglement is
        more than that.)

        ## 5. Goff's "decoherence" numbers

        Goff's Figs. 14–16 put X1 on squares 1 and 3 and then chain more marks onto the
        square-1 side. He quotes the probability that X1 ends in square 3 as **50 %, 67 %,
        75 % and 83 %**. The paper does not print every record, so the ladder below is the
        **kit's reconstruction**: a chain growing one square at a time on square 1's side,
        which reproduces his four numbers.
        """
    ),
    *predict(
        "With four marks in the chain (`1-3 1-2 2-4 4-5`), what is the probability that "
        "X1 ends in square 3? Use the rule of section 3.",
        '"2/3" or 0.67',
    ),
    reveal_cell(
        """
        ladder = ["1-3", "1-3 1-2", "1-3 1-2 2-4", "1-3 1-2 2-4 4-5", "1-3 1-2 2-4 4-5 5-6"]
        print("record                  marks  realities  X1 in square 3")
        chances = {}
        for record in ladder:
            game = Game.from_record(record)
            chances[record] = chance = mark_odds(game, exact=True)["X1"][3]
            print(f"{record:22}  {len(game.spooky_marks):5}  {count_realities(game):9}"
                  f"  {chance!s:>5} = {percent(float(chance))}")
        reveal(guess, chances["1-3 1-2 2-4 4-5"])
        """
    ),
    explained(
        """
        Every rung is (marks) ÷ (marks + 1): 1/2, 2/3, 3/4, 4/5, 5/6. In this reconstruction
        Goff's four numbers are rungs 1, 2, 3 and 5 (83 % = 5/6 with five marks), and the
        80 % rung you predicted lies between his last two; the paper's own figures may chain the marks
        differently, since any tree with the same number of squares on each side gives the
        same numbers. The rule of section 3 explains the ladder: every new mark adds a square
        on square 1's side, and X1 lands in 3 whenever the empty square is on that side.

        ### What "decoherence" means here, and in physics

        Goff's name for the ladder is borrowed, so use it with care.

        - **What carries over.** In physics, decoherence happens when a system becomes
          entangled with more and more of its surroundings. Afterwards the system cannot be
          described on its own, and its superposition no longer shows interference: it looks
          like an ordinary "either this or that". The ladder shows the first half in miniature:
          the more marks X1 is entangled with, the less X1 alone tells you.
        - **What does not.** Real decoherence does *not* push the probabilities towards one
          outcome; it leaves them as they were and removes the interference between them. The
          drift from 50 % towards 100 % here comes from counting equally weighted realities on
          a growing tree. And the game has no interference to lose in the first place
          (notebook 07).
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "Marks that share a square are entangled: some combinations become impossible "
        "and the ket is no longer a product.",
        "The entanglement graph has squares as nodes and marks as edges; separate groups "
        "are independent and their counts multiply.",
        "A tree of k marks has k + 1 realities, one per empty square, so probabilities can "
        "be read off the tree's shape.",
        "Goff's decoherence ladder: the more marks X1 is entangled with, the less X1 alone "
        "tells you; real decoherence shares the 'entangled with the "
        "surroundings' part, not the drift.",
    ],
    "When a new move joins two squares already connected, the graph gets a loop, and the "
    "game has to decide: measurement and collapse.",
)
