"""Notebook 03: measurement and collapse."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "03_measurement_and_collapse"

CELLS = [
    *header(
        NAME,
        [
            "recognise when a move closes a *cycle*, and say why a cycle forces a decision;",
            "name the *chooser* and predict both possible outcomes of a collapse;",
            "follow a collapse step by step, stems included, and see that separate "
            "entanglements are untouched;",
            "compare the game's collapse with a quantum measurement: what matches and what "
            "does not.",
        ],
        "notebook [02 · Entanglement](02_entanglement.ipynb) (the entanglement graph, "
        "realities of a tree).",
        "about 45 minutes (exercises included); short of time, read section 7 at home",
    ),
    code(
        """
        import matplotlib.pyplot as plt

        from qttt_edu import Game, checks
        from qttt_edu.drawing import draw_board, draw_cascade, draw_entanglement
        from qttt_edu.graph import cascade, collapse_outcomes, pending_cycle
        from qttt_edu.predict import reveal
        from qttt_edu.quantum import collapse_subsets, count_realities, realities
        """
    ),
    md(
        f"""
        ## 1. A move that closes a loop

        Goff's Fig. 4 ({GOFF}) continues Fig. 3 (`1-2 2-5`) with X's move `1-5`. Squares 1
        and 5 were already connected through square 2 (X1 joins 1-2, O2 joins 2-5), so the
        new mark closes a loop in the entanglement graph: a {term("cycle")}.
        """
    ),
    code(
        """
        fig4 = Game.from_record("1-2 2-5 1-5")
        fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
        draw_board(fig4, ax=left)
        draw_entanglement(fig4, ax=right)
        plt.show()
        """
    ),
    *predict(
        "Three marks on three squares, each mark in one of its two squares, one mark per "
        "square. How many realities are left?",
        "3",
    ),
    reveal_cell(
        """
        print(count_realities(fig4), "realities")
        for board in realities(fig4):
            print(board)
        reveal(guess, count_realities(fig4))
        """
    ),
    explained(
        f"""
        Only two: the marks can go round the loop one way or the other. Every square of the
        cycle is now spoken for. If the game let a fourth mark join these three squares, there
        would be four marks for three squares and **no** reality at all. So the cycle cannot
        wait: it must be settled now. That is why a cycle forces a decision.

        ## 2. Who decides: the chooser

        The rule: the player who did **not** close the cycle chooses which of its two squares
        the newest mark lands in. Here X closed it with X3, so O is the
        {term("chooser")}. The game knows:
        """
    ),
    code(
        """
        pending = fig4.awaiting_collapse
        print("newest mark:", pending.mark, "  squares:", pending.choices, "  chooser:", pending.chooser)
        """,
        check=True,
    ),
    md(
        """
        Each choice keeps exactly one reality: the one in which the newest mark
        already sits in the chosen square. `collapse_subsets` shows which reality survives
        which choice:
        """
    ),
    code(
        """
        for square, survivors in collapse_subsets(fig4).items():
            print(f"X3 in square {square}:", survivors)
        """,
        check=True,
    ),
    md(
        """
        In Goff's Fig. 5 O puts X3 in square 1 (the record gets the token `c1`). X1 must then
        leave square 1 for square 2, which pushes O2 into square 5. All three marks become
        {classical}.
        """.replace("{classical}", term("classical", "classical-mark"))
    ),
    code(
        """
        fig5 = Game.from_record("1-2 2-5 1-5 c1")
        fig5
        """
    ),
    md(
        """
        After the collapse the chooser moves as usual: O makes move 4 right away, so O acts
        twice in a row (the choice, then the move).

        ## 3. A cycle with a stem

        A new game: `2-5 5-8 8-9 2-8`. Here are the board and the graph after its first three
        moves, `2-5 5-8 8-9`. Then O plays move 4 on squares 2 and 8. Sketch that mark into
        the graph before you answer the questions below.
        """
    ),
    code(
        """
        before = Game.from_record("2-5 5-8 8-9")
        stem_game = Game.from_record("2-5 5-8 8-9 2-8")
        fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
        draw_board(before, ax=left)
        draw_entanglement(before, ax=right)
        plt.show()
        """
    ),
    *exercise(
        "03-1",
        """
        Who is the chooser in `2-5 5-8 8-9 2-8`? Answer `"X"` or `"O"`.
        """,
    ),
    *exercise(
        "03-2",
        """
        Which squares lie **on the cycle**? (Give them in any order, e.g. `[4, 5, 6]`.)
        """,
    ),
    md(
        f"""
        A mark can belong to the group without being on the cycle: it hangs off it. Goff
        calls such marks {term("stems", "stem")}. A stem has no freedom left: whatever the
        chooser decides, the cycle fills the square where the stem is attached, so the stem's
        mark must land in its other square.
        """
    ),
    md("After `2-8` the drawing marks the cycle and the stem, and `pending_cycle` names them:"),
    reveal_cell(
        """
        fig, (left, right) = plt.subplots(1, 2, figsize=(8, 4))
        draw_board(stem_game, ax=left)
        draw_entanglement(stem_game, ax=right)
        plt.show()
        """,
        check=False,
    ),
    reveal_cell(
        """
        info = pending_cycle(stem_game)
        print("cycle squares:", info.squares)
        print("cycle marks:  ", info.marks)
        print("stems:        ", info.stems)
        print("chooser:      ", info.chooser, "chooses where", info.mark, "lands:", info.choices)
        """
    ),
    md(
        """
        ## 4. The collapse, step by step

        Once the newest mark lands, everything else is forced, one mark at a time: a mark in a
        square that has just been taken must move to its other square, which may push the
        next one, and so on along the cycle and out along the stems. `cascade` lists the
        steps with the reason for each; here the chooser puts O4 in square 2:
        """
    ),
    reveal_cell(
        """
        for step in cascade(stem_game, 2):
            print(step.reason)
        """,
    ),
    md("`draw_cascade` draws the same steps as a strip of small boards:"),
    code(
        """
        draw_cascade(stem_game, 2)
        plt.show()
        """
    ),
    *exercise(
        "03-3",
        """
        Now the other choice: X puts O4 in square **8**. Where does every mark of the group end
        up? Answer with a dict from square to mark, `{square: "mark", ...}` (or from mark to
        square, if you prefer). Work it out on paper first.
        """,
    ),
    md(
        """
        ## 5. Both outcomes side by side

        A good chooser compares the two outcomes before deciding. `collapse_outcomes` gives
        both without changing the game; drawing them next to each other shows what the choice
        is really about.
        """
    ),
    reveal_cell(
        """
        outcomes = collapse_outcomes(stem_game)
        for square, marks in outcomes.items():
            print(f"O4 in square {square}:", marks)

        fig, axes = plt.subplots(1, 2, figsize=(8, 4))
        for ax, square in zip(axes, outcomes, strict=True):
            after = stem_game.copy()
            after.collapse(square)
            draw_board(after, ax=ax)
            ax.set_title(f"X chooses c{square}")
        plt.show()
        """,
        check=False,
    ),
    md(
        """
        ### A cycle of one player's marks

        The rule holds when a player closes a cycle made only of **their own** marks: the
        other player still chooses. Below, X5 closes the cycle 7-8-9 on X1 and X3, so O is
        the chooser. Both choices fill the same three squares with X's marks and only swap
        their move numbers, so X gets the row 7-8-9 whatever O picks. A swap like this
        matters when a line holds only some of the cycle's squares: it can change the line's
        highest move number, which decides between two lines made by one collapse
        (notebook 04).
        """
    ),
    code(
        """
        own = Game.from_record("7-8 1-4 8-9 2-5 7-9")
        pending = own.awaiting_collapse
        print(pending.mark, pending.chooser, pending.choices)
        for square, marks in collapse_outcomes(own).items():
            print(square, marks)
        """,
        check=True,
    ),
    md(
        """
        ## 6. Separate entanglements are left alone

        A collapse settles only the group the cycle belongs to. In this position X5 closes the
        cycle 1-2-3 (with the stem O4 on 3-6), while X3 sits apart on squares 7 and 9.
        """
    ),
    *predict("After O chooses, which marks will still be spooky?", '["X1", "O2"]'),
    reveal_cell(
        """
        apart = Game.from_record("1-2 2-3 7-9 3-6 1-3")
        print("the collapse fills:", sorted(pending_cycle(apart).component))
        print("left alone:", [sorted(group) for group in pending_cycle(apart).others])
        apart.collapse(1)
        print("still spooky:", apart.spooky_marks)
        reveal(guess, [mark for mark, squares in apart.spooky_marks])
        """
    ),
    reveal_cell("apart", check=False),
    *exercise(
        "03-4",
        """
        Write a record whose **last move closes a cycle of four squares** and leaves the
        choice to **O** (stop before the choice: no `c` token at the end). The checker
        replays it. (Who must close the cycle for O to choose? How many marks does a cycle of
        four squares need?)
        """,
    ),
    md(
        """
        ## 7. Measurement: where the metaphor holds, and where it breaks

        Goff offers the collapse as a picture of a quantum **measurement**. Compare:

        | | quantum tic-tac-toe | quantum measurement |
        |---|---|---|
        | before | a superposition of realities | a superposition of outcomes |
        | after | one definite classical board for the group | one definite outcome |
        | other possibilities | gone from the ensemble | gone from the state (the state "collapses") |
        | entangled partners | settled at once, however far apart their squares | correlated at once, however far apart |
        | what triggers it | a cycle in the graph | an interaction with a measuring device |
        | who decides the outcome | **a player, on purpose** | **nobody: chance**, with probabilities from the Born rule |

        The last row is the big difference. In physics nobody can choose a measurement's
        outcome, and that is a key reason why entanglement cannot be used to send a message
        (the *no-signalling* rule): the far end sees random results either way. In the game
        the chooser *does* pick the outcome, which makes it a game of skill. Notebook 07 plays
        a variant where a coin decides instead.
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "A move that joins two squares already connected closes a cycle; a cycle of k "
        "squares holds k marks, so the cycle must be settled at once.",
        "The player who did not close the cycle is the chooser and picks where the newest mark "
        "lands; every other mark of the group, stems included, is then forced.",
        "Separate entanglements are not touched by the collapse.",
        "Like a measurement, a collapse turns a superposition into one definite outcome; "
        "unlike a measurement, a player chooses the outcome instead of chance.",
    ],
    "Now that marks become classical, they can make lines: how the game is won and how Goff "
    "scored it.",
)
