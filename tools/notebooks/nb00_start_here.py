"""Notebook 00: start here."""

from common import GOFF, PATH, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "00_start_here"

_LESSONS = "\n".join(
    f"| [{name[:2]} · {title}]({name}.ipynb) | {what} |"
    for (name, title), what in zip(
        PATH,
        [
            "play a game; how the kit works (this notebook)",
            "one mark in two squares; realities; probability",
            "marks that share squares; the entanglement graph; Goff's decoherence numbers",
            "cycles, the chooser, the cascade: the game's measurement",
            "lines, simultaneous lines, Goff's points, the ninth move",
            "playing the computer; traps; your own player in a class tournament",
            "how big the game is; minimax; what perfect play gives",
            "where the metaphor holds and breaks; random collapse; real qubits in numpy",
        ],
    )
)

CELLS = [
    *header(
        NAME,
        [
            "play a game of quantum tic-tac-toe in the notebook app, alone or against the computer;",
            "write and read a game *record* such as `1-2 1-2 c1`;",
            "run a cell, answer an exercise and ask for a hint;",
            "find your way around the kit: the notebooks, the glossary, the teacher's material.",
        ],
        "nothing. You need no physics and no Python: every cell is ready to run.",
        "about 45 minutes, 10 of them playing (exercises included)",
        intro=f"""
        Quantum tic-tac-toe was invented by the physicist Allan Goff as a way to *feel*
        three strange ideas of quantum mechanics (superposition, entanglement and measurement)
        by playing with them ({GOFF}). This kit lets you play it in a notebook and then look
        inside each idea, one notebook at a time.
        """,
    ),
    md(
        f"""
        ## How to use a notebook

        A notebook is a list of *cells*. Text cells (like this one) explain; code cells (grey
        boxes) do something when you **run** them: click into the cell and press
        **Shift+Enter**. Run the cells from top to bottom. If something looks wrong, use
        *Kernel → Restart and run all* (or *Run → Run All Cells*) to start afresh. Running
        all cells stops at the first question you have not answered yet: a cell that shows
        a result waits until your guess or answer is written in the cell above it. Write
        it, run that cell, and go on from there.

        ## The rules in two minutes

        The board is the usual 3 × 3, with squares numbered in reading order:

        ```
        1 2 3
        4 5 6
        7 8 9
        ```

        - **A move is a pair.** On each move you write two small
          {term("spooky marks", "spooky-mark")} with the move number (X1, O2, X3...) in two
          different squares. The mark will end up in exactly *one* of the two; until then it
          is in both. X makes the odd moves, O the even ones.
        - **Where a pair may go.** Any two different squares without a classical mark. A
          square may hold many spooky marks, but never a spooky mark *and* a classical one.
        - **Loops collapse.** When a new pair joins two squares that are already linked by a
          chain of spooky marks, it closes a {term("cycle")}. The *other* player (the
          {term("chooser")}) then decides where the new mark lands, and every mark of that
          group becomes a big {term("classical mark", "classical-mark")}.
        - **Then the chooser moves.** After choosing, the chooser makes the next move as
          usual, so the chooser acts twice in a row: the choice, then the move.
        - **Lines win.** Only classical marks count. Three in a row, column or diagonal wins.
          If one collapse gives both players a line, the line completed first (lower highest
          move number) wins.
        - **The ninth move.** If only one square is left, X's ninth move is a single ordinary
          mark there.

        That is all. The next cell starts the game.

        **On paper** you need only a pencil: draw a large 3 × 3 grid, write spooky marks
        small in a corner of their squares (X1, O2, ...), and when a cycle collapses rub
        them out and write each classical mark large in its square.
        """
    ),
    md(
        """
        ## Play!

        Run the cell below. Click two squares to place a pair; click a highlighted square again
        to cancel. When a cycle closes, the status line says who chooses, and two buttons
        offer the two squares. The panels beside the board show the entanglement graph and
        how many classical boards (*realities*) are still possible; the *explain* panel says
        which quantum idea each event illustrates.

        Play a whole game with a neighbour (two people, one screen). Then use the opponent menu
        to play the computer. The app also speaks Danish, Finnish, Norwegian and Italian: pick
        a language in its menu, or start it with `play(language="da")` (`"fi"`, `"nb"`, `"it"`).

        *(If you are reading a static copy of this notebook, e.g. on GitHub, the app does not
        appear: open the notebook on Binder with the link at the top.)*
        """
    ),
    code(
        """
        from qttt_edu.widgets import play

        app = play()
        """
    ),
    md(
        """
        The app remembers its game. `app.game.record()` gives the game so far as a *record*:
        the moves in order, as text. Run this after you have played a few moves:
        """
    ),
    code(
        """
        app.game.record()
        """
    ),
    md(
        """
        ## Records

        A record is how the kit writes down a game, one token per action:

        | token | meaning |
        |---|---|
        | `1-5` | a pair of spooky marks in squares 1 and 5 |
        | `c5`  | the chooser puts the newest mark in square 5 (a collapse) |
        | `3`   | X's ninth move: a single classical mark in square 3 |

        A record rebuilds a position exactly, so every board in these notebooks comes from
        one, and you can paste any of them into the app's record box. In code,
        `Game.from_record` builds the game, and a game on the last line of a cell draws itself:
        """
    ),
    code(
        """
        from qttt_edu import Game, checks
        from qttt_edu.predict import reveal

        game = Game.from_record("1-9 5-7")
        game
        """
    ),
    *predict("X's next move is `1-5`. Does it close a cycle?", '"yes" or "no"'),
    reveal_cell(
        """
        game.play(1, 5)
        closed = game.awaiting_collapse is not None
        print("waiting for a collapse:", closed)
        print("record:", game.record())
        reveal(guess, closed)
        """
    ),
    explained(
        """
        No: X3 links square 1 (shared with X1) to square 5 (shared with O2), but squares 1 and
        5 were not yet connected, so the chain just grows.

        Now O plays `7-9`, joining 7 and 9, which are already connected through 1 and 5:
        """
    ),
    code(
        """
        game.play(7, 9)
        pending = game.awaiting_collapse
        print(pending.mark, "closed a cycle;", pending.chooser, "chooses between", pending.choices)
        """,
        check=True,
    ),
    code("game"),
    md(
        """
        The kit refuses an illegal action with a message that says what is allowed, and leaves
        the game unchanged:
        """
    ),
    code(
        """
        from qttt_edu import IllegalMoveError

        try:
            game.play(2, 3)            # not allowed: a collapse is pending
        except IllegalMoveError as error:
            print("refused:", error)
        print("record unchanged:", game.record())
        """,
        check=True,
    ),
    md(
        """
        ## Exercises

        Every notebook has exercises. You write your answer in place of the `...` and run the
        cell; the checker prints a line starting with **✓** (right) or **✗** (not yet, with a
        hint). Answers may be written in any sensible form: `[1, 4, 7]`, `"1, 4 and 7"` and
        `(7, 4, 1)` are all the same answer. Try it:
        """
    ),
    *exercise(
        "00-1",
        """
        Which three squares make the diagonal from the **top-right** corner to the
        **bottom-left** corner?
        """,
    ),
    *exercise(
        "00-2",
        """
        After the record `1-9 1-9`, who acts next: `"X"` or `"O"`? (Think about which move
        closed a cycle.)
        """,
    ),
    *exercise(
        "00-3",
        """
        Write a record in which **X's first mark, X1, ends up as a classical mark in the
        centre** (square 5). Try it in the app first if you like, then paste the record here.
        """,
    ),
    md(
        f"""
        ## How the kit is organised

        **The notebooks** (this folder) are the student's path. Each starts with what you will
        learn, ends with a summary, and takes about one lesson of 45 minutes (notebooks 05
        and 07 take two).
        """
    ),
    md("| notebook | what it is about |\n|---|---|\n" + _LESSONS),
    md(
        f"""
        **The glossary** ([lessons/glossary.md](../lessons/glossary.md)) explains every game
        word: {term("spooky mark", "spooky-mark")}, {term("classical mark", "classical-mark")},
        {term("cycle")}, {term("collapse")}, {term("stem")}, {term("chooser")},
        {term("reality")}, {term("ensemble")}. Words linked like these open it.

        **For teachers**, the `lessons/` folder has lesson plans, worksheets, answer keys and
        the rules in five languages.

        You need no Python to play or to follow the notebooks. If you know some and are
        curious, [the notebooks' README](README.md) lists the parts of the kit's package.
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "A move is a pair of spooky marks; a move that closes a cycle makes the other player "
        "choose, and the group becomes classical.",
        "Only classical marks make lines.",
        "A record such as `1-9 5-7 1-5 7-9` rebuilds any position; the app reads and writes "
        "records.",
        "Exercises are checked by `checks.check`; hints and solutions wait until you ask.",
    ],
    "It looks closely at a single move: what it means for a mark to be in two squares at "
    "once.",
)
