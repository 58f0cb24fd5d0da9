"""Notebook 02: entanglement."""

from common import GOFF, code, exercise, footer, header, md, predict, term

NAME = "02_entanglement"

CELLS = [
    *header(
        NAME,
        [
            "explain why marks that share a square are *entangled*: some combinations become "
            "impossible and the state stops being a product;",
            "draw and read the entanglement graph;",
            "count the realities of a tree of spooky marks (one per empty square);",
            "reproduce Goff's 'decoherence' numbers 50, 67, 75 and 83 %, and say what the name "
            "does and does not mean in physics.",
        ],
        "notebook [01 · Superposition](01_superposition.ipynb) (realities, odds, kets).",
        35,
    ),
    code(
        """
        from fractions import Fraction

        import matplotlib.pyplot as plt

        from qttt_edu import Game, checks
        from qttt_edu.drawing import draw_board, draw_entanglement
        from qttt_edu.graph import components, entanglement_graph
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
        If the two moves were independent there would be 2 × 2 = 4 realities, as in Fig. 2.
        But one of those four boards puts X1 *and* O2 in square 2, and a square holds one mark.
        """
    ),
    *exercise(
        "02-1",
        """
        How many realities does `1-2 2-5` stand for?
        """,
    ),
    code(
        """
        show(realities(fig3))
        """,
        check=True,
    ),
    *exercise(
        "02-2",
        """
        With every reality equally likely, what are the odds that **X1 ends in square 1**?
        (A fraction, a decimal or a percentage: all are fine.)
        """,
    ),
    md(
        """
        Check with `mark_odds`, which gives every spooky mark's odds for its two squares:
        """
    ),
    code(
        """
        mark_odds(fig3, exact=True)
        """,
        check=True,
    ),
    md(
        f"""
        O's move changed the odds of **X's** mark: before it, X1 was 50:50; now it leans to
        square 1. The two marks are {term("entangled", "entanglement")}: what one does
        depends on the other. You cannot describe X1 alone any more; only the pair has a
        definite list of possibilities.

        ## 2. Entanglement in the ket

        The state is no longer a product. Goff writes it as an equal sum of the three
        realities, and the number under the root counts them:
        """
    ),
    code(
        """
        print(ket(fig3))
        print(ket(Game.from_record("1-2 4-5")), "   (Fig. 2, for comparison)")
        """,
        check=True,
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
        f"""
        ## 3. The entanglement graph

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
        for a, b, move, data in graph.edges(keys=True, data=True):
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
    predict(
        "The group {1, 2, 5, 6} has three marks on four squares. How many realities does it "
        "have? And the whole position, with the separate mark X3 on 7-9?"
    ),
    code(
        """
        print("the group on its own:", count_realities(Game.from_record("1-2 2-5 5-6")))
        print("whole position:", count_realities(chain))
        """,
        check=True,
    ),
    md(
        """
        ## 4. Counting the realities of a tree

        Before every move the entanglement graph has no loops: each group is a *tree* (a loop
        collapses at once, notebook 03). A tree of *k* marks always spans *k* + 1 squares, and
        in every reality exactly **one** of its squares stays empty. Pick the empty square and
        everything else is forced: each mark lands in its square farther from the empty one.
        So a tree of *k* marks has exactly *k* + 1 realities, one per empty square.

        That gives the odds of a mark in a tree without listing anything: a mark lands on the
        side of its edge **away from** the empty square, so

        > odds(mark lands in square *s*) = (squares on the *other* side of the mark) ÷ (all
        > squares of the tree).

        ## 5. Goff's "decoherence" numbers

        Goff's Figs. 14–16 put X1 on squares 1 and 3 and then chain more marks onto the
        square-1 side. He quotes the odds that X1 ends in square 3 as **50 %, 67 %, 75 % and
        83 %**. Let us rebuild the ladder one move at a time.
        """
    ),
    predict("After `1-3 1-2` (O2 chained to square 1), what are the odds that X1 ends in square 3?"),
    code(
        """
        ladder = ["1-3", "1-3 1-2", "1-3 1-2 2-4", "1-3 1-2 2-4 4-5", "1-3 1-2 2-4 4-5 5-6"]
        print("record                  marks  realities  X1 in square 3")
        for record in ladder:
            game = Game.from_record(record)
            odds = mark_odds(game, exact=True)["X1"][3]
            print(f"{record:22}  {len(game.spooky):5}  {count_realities(game):9}"
                  f"  {str(odds):>5} = {float(odds):.0%}")
        """,
        check=True,
    ),
    md(
        """
        Every rung is (marks) ÷ (marks + 1): 1/2, 2/3, 3/4, 4/5, 5/6. Goff's four numbers are
        rungs 1, 2, 3 and 5 (83 % = 5/6 with five marks); the 80 % rung lies between his last
        two. The rule of section 4 explains the ladder: every new mark adds a square on
        square 1's side, and X1 lands in 3 whenever the empty square is on that side.
        """
    ),
    *exercise(
        "02-3",
        """
        Start from `1-3 1-2` (X1's odds for square 3 are 2/3). Give **one more move** (a pair
        of squares) after which X1's odds for square 3 are exactly **3/4**. More than one
        answer is right; the checker accepts all of them.
        """,
    ),
    md(
        """
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
        "(Goff's Fig. 3 has 3 realities, not 4) and the ket is no longer a product.",
        "The entanglement graph has squares as nodes and marks as edges; separate groups "
        "are independent and their counts multiply.",
        "A tree of k marks has k + 1 realities, one per empty square, so odds can be read "
        "off the tree's shape.",
        "Goff's ladder 50, 67, 75, 83 % is (k)/(k + 1) for a chain growing on one side; real "
        "decoherence shares the 'entangled with the surroundings' part, not the drift.",
    ],
    "When a new move joins two squares already connected, the graph gets a loop, and the "
    "game has to decide: measurement and collapse.",
)
