"""Notebook 01: superposition."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "01_superposition"

CELLS = [
    *header(
        NAME,
        [
            "say what a pair of spooky marks stands for: one mark in a superposition of two squares;",
            "list the *realities* (classical boards) a position stands for, and count them;",
            "work out the probability of an event with Goff's equal weights;",
            "read the position written as a ket, and see why separate moves multiply.",
        ],
        "notebook [00 · Start here](00_start_here.ipynb): you have played a game. "
        "No physics is assumed.",
        "about 35 minutes (exercises included)",
    ),
    md(
        f"""
        This notebook follows the first figures of Goff's paper ({GOFF}). Every position is
        built from a *record*, so you can rebuild any of them in the app of notebook 00.
        """
    ),
    code(
        """
        from IPython.display import Math

        from qttt_edu import Game, checks
        from qttt_edu.predict import reveal
        from qttt_edu.quantum import count_realities, ket, realities, square_odds
        """
    ),
    md(
        f"""
        ## 1. One mark in two squares

        In ordinary tic-tac-toe X's first move is one X in one square. In quantum tic-tac-toe
        X writes **two** small {term("spooky marks", "spooky-mark")} `X1` in two different
        squares. The rule says the mark will end up in exactly one of them, and until then it
        occupies both. That is the game's picture of a
        {term("superposition")}: by the rules, the mark has not been placed in either square
        yet; a later collapse decides. (Nothing in the game itself could tell this apart from
        a mark that already sits in one square we do not know. In quantum mechanics a
        superposition is more than not knowing: notebook 07 shows an effect, interference,
        that mere ignorance could never produce.)

        Goff's first figure is the board after the single move `1-2`:
        """
    ),
    code(
        """
        fig1 = Game.from_record("1-2")
        fig1
        """
    ),
    md(
        f"""
        ## 2. The ensemble of realities

        Goff reads a position as an {term("ensemble")}: the set of every ordinary, classical
        board it could still turn into. Each such board is a {term("reality")}: every spooky
        mark sits in one of its two squares, no square holds two marks, and classical marks
        stay where they are.

        For one move there are two realities: X1 in square 1, or X1 in square 2.
        """
    ),
    code(
        """
        realities(fig1)
        """,
        check=True,
    ),
    md(
        """
        A list of dictionaries is hard to read, so here is a small helper that prints realities
        side by side as little boards (a dot is an empty square). You do not need to
        understand its code.
        """
    ),
    code(
        """
        def show(boards):
            \"\"\"Print classical boards side by side; '.' is an empty square.\"\"\"
            for row in range(3):
                print("     ".join(
                    " ".join(f"{board.get(3 * row + col + 1, '.'):>2}" for col in range(3))
                    for board in boards
                ))

        show(realities(fig1))
        """,
        check=True,
    ),
    md(
        """
        ## 3. Two moves

        Goff's Fig. 2 adds O's answer on squares 4 and 5: the record `1-2 4-5`.
        """
    ),
    code(
        """
        fig2 = Game.from_record("1-2 4-5")
        fig2
        """
    ),
    *exercise(
        "01-1",
        """
        How many realities does `1-2 4-5` stand for? Work it out before you run anything
        else; then check your number.
        """,
    ),
    md("Now list them:"),
    reveal_cell(
        """
        show(realities(fig2))
        print(count_realities(fig2), "realities")
        """
    ),
    md(
        """
        ## 4. Probabilities

        Which mark ends up in square 4? Goff gives every reality **the same weight**, so the
        probability (the chance) of an event is simply the share of realities in which it
        happens: an event in *k* of *n* equally weighted realities has the probability *k*/*n*.
        `square_odds` does the counting for every square; the key `""` means "no mark".
        (The kit's functions say *odds*, an older word for chances; what they return are
        probabilities between 0 and 1, not the "3 to 1" odds of betting.)
        """
    ),
    *predict(
        "In `1-2 4-5`, what is the probability that square 4 ends up empty?", '"1/4" or 0.25'
    ),
    reveal_cell(
        """
        odds = square_odds(fig2)
        for square in (1, 2, 4, 5, 9):
            print(square, odds[square])
        reveal(guess, odds[4][""])
        """
    ),
    md(
        """
        Equal weights are a choice Goff makes, not a law of the game, and not how real quantum
        systems work: there each outcome has its own weight (notebook 07 shows how). Keep
        "every reality counts the same" in mind as one place where the metaphor simplifies.

        ## 5. The position as a ket

        Physicists write a state as a sum of *kets*. Goff writes `|s⟩ₙ` for "the mark of move
        *n* is in square *s*". The state of one move is an equal sum of its two places, with a
        factor that makes the squared weights add up to 1:
        """
    ),
    code(
        """
        print(ket(fig1))
        """,
        check=True,
    ),
    md("The same ket, typeset:"),
    code(
        """
        Math(ket(fig1, latex=True))
        """
    ),
    md(
        """
        For Fig. 2 the two moves have nothing to do with each other, so the state is a
        **product**: (X1's two places) times (O2's two places). Multiply it out and you
        get one term per reality, and the number under the square root counts them.
        """
    ),
    reveal_cell(
        """
        print(ket(fig2))
        """
    ),
    md(
        """
        A state that is a product, one factor per move, is called **separable**. Notebook 02 is
        about states that are not.
        """
    ),
    *exercise(
        "01-2",
        """
        How many realities does `1-2 3-4 5-6 7-8` stand for? (Four moves, no two sharing a
        square.)
        """,
    ),
    *predict(
        "How many separate groups of spooky marks fit on the board at most? "
        "(Hint: how many squares does a group need?)",
        "3",
    ),
    reveal_cell(
        """
        from qttt_edu.graph import components

        four_groups = Game.from_record("1-2 3-4 5-6 7-8")
        print("separate groups:", [sorted(group) for group in components(four_groups)])
        reveal(guess, len(components(four_groups)))
        """
    ),
    explained(
        """
        Each separate group needs at least two squares, and there are nine: so at most four
        groups, with one square left over. The counts of separate groups multiply.
        """
    ),
    *exercise(
        "01-3",
        """
        Write the record of **three moves** whose ensemble has **exactly 8** realities. The
        checker counts the realities of your record with the rules engine. Then try a record
        of three moves with only 4 realities, and check it with `count_realities` (no checker
        needed).
        """,
    ),
]

CELLS += footer(
    NAME,
    [
        "A pair of spooky marks is the game's picture of a superposition: one mark in two "
        "squares until a collapse decides.",
        "A position stands for an ensemble of realities: every classical board it could "
        "still become.",
        "With Goff's equal weights, the probability of an event is the share of realities in "
        "which it happens.",
        "Moves that share no square are independent: the ket is a product and the counts "
        "multiply.",
    ],
    "There, marks share squares, some realities become impossible, and the state stops "
    "being a product: entanglement.",
)
