"""Notebook 04: winning and scoring."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell, term

NAME = "04_winning_and_scoring"

CELLS = [
    *header(
        NAME,
        [
            "decide who has won a position, using classical marks only;",
            "apply the earliest-line rule when one collapse gives both players a line;",
            "work out Goff's published points and say how they differ from the kit's single result;",
            "recognise X's ninth move and explain why it can only happen on move 9.",
        ],
        "notebook [03 · Measurement and collapse](03_measurement_and_collapse.ipynb) "
        "(what a collapse does). No Python beyond running cells is needed.",
        "about 60 minutes (exercises included), 10 of them for the game you play in section 7. "
        "Short of time: play that game (exercise 04-4) at home or at the start of the next lesson",
    ),
    md(
        """
        ## Setting up

        Run the cell below (click it, then press **Shift+Enter**). It loads the rules
        engine and the exercise checker. A `Game` built from a *record* such as
        `"1-2 1-2 c1"` draws itself when it is the last line of a cell.
        """
    ),
    code(
        """
        from qttt_edu import Game, checks
        from qttt_edu.i18n import number
        from qttt_edu.players import scoring_name
        from qttt_edu.predict import reveal
        from qttt_edu.svg import board_svg
        """
    ),
    md(
        f"""
        ## 1. Only classical marks count

        In the position below X has played three moves, `4-7`, `5-8` and `6-9`: there is an
        X {term("spooky mark", "spooky-mark")} in every square of the middle row *and* of the
        bottom row.
        """
    ),
    code(
        """
        rows = Game.from_record("4-7 1-2 5-8 2-3 6-9")
        rows
        """
    ),
    *predict("Has X won: is the game over?", '"yes" or "no"'),
    reveal_cell(
        """
        print("game over:", rows.is_over)
        print("classical marks:", rows.classical)
        reveal(guess, rows.is_over)
        """
    ),
    explained(
        f"""
        A line is a row, column or diagonal whose three squares hold
        {term("classical marks", "classical-mark")} of one player. A spooky mark is not yet
        anywhere for sure, so spooky marks never make a line, however many of them sit in a
        row. Nothing is classical yet, so nobody has a line. X's marks could still all end in the
        bottom row, or all in the middle row, or be split between them: the game cannot
        tell until the marks collapse. The game ends only when a collapse leaves at least one
        line, or when all nine squares are classical.

        ## 2. A line, and the end of the game

        Here is a short game. X's seventh move, `8-9`, lands on the same two squares as O6 and
        closes a cycle. O is the chooser, puts X7 in square 9, and the whole group collapses.
        """
    ),
    code(
        """
        o_wins = Game.from_record("1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c9")
        o_wins
        """
    ),
    md(
        """
        The game's `outcome` says who won and with which line. Each line carries its
        **highest move number**: the move that completed it.
        """
    ),
    code(
        """
        outcome = o_wins.outcome
        print("winner:", outcome.winner)
        for line in outcome.lines:
            print(line.player, "line", line.squares, "completed by move", line.highest)
        """,
        check=True,
    ),
    md(
        """
        O had a choice, and chose well. Take the collapse back and let O choose the other
        square for X7:
        """
    ),
    code(
        """
        other = o_wins.copy()
        other.undo()          # take back the collapse c9
        other.collapse(8)     # O puts X7 in square 8 instead
        print("outcome:", other.outcome)
        print(other.classical)
        """,
        check=True,
    ),
    md(
        """
        With X7 in square 8, O6 is pushed into 9 and nobody has a line: the game goes on. By
        closing a cycle, X handed O the choice, and O used it to complete the column 2-5-8.
        Notebook 05 is about seeing such traps before you step into them.

        ## 3. When one collapse gives *both* players a line

        A collapse settles many marks at once, so it can complete an X line and an O line in
        the same instant. Which one counts? The rule the kit plays:

        > For each line take the highest move number in it. The player whose line has the
        > lowest such number (it was completed first) wins.

        X's move numbers are odd and O's even, so this never ties. Here is worked example 4
        of the kit's rules:
        """
    ),
    code(
        """
        example4 = Game.from_record("1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2")
        board_svg(example4, outcome=False)
        """
    ),
    *predict(
        "Both players have a line on this board. Find them, and each line's highest move "
        "number. Who wins?",
        '"X" or "O"',
    ),
    reveal_cell(
        """
        for line in example4.outcome.lines:
            print(line.player, "line", line.squares, "highest move", line.highest)
        print("winner:", example4.outcome.winner)
        reveal(guess, example4.outcome.winner)
        """
    ),
    explained(
        """
        O's row 7-8-9 was complete with O8; X's row 1-2-3 needs X9, which came later. So O
        wins, even though X's line was completed by the same collapse. The lines are listed
        earliest first, so `outcome.lines[0]` is always the winning line.
        """
    ),
    *exercise(
        "04-1",
        """
        This game ends with one collapse that gives both players a line:
        `1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5`. Build the game in the next cell, look at the
        board, and decide **who wins** (`"X"`, `"O"` or `"draw"`) without printing the
        outcome. Then check.
        """,
        starter="""
        both_lines = Game.from_record("1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5")
        display(both_lines)
        answer = ...""",
    ),
    md(
        f"""
        ## 4. Goff's published points

        Goff's paper ({GOFF}) scores a game in points instead of a single result:

        | what happened | winner | other player |
        |---|---|---|
        | one player completes a line | 1 | 0 |
        | one collapse gives both players a line | 1 for the earlier line | 1/2 for the later line |
        | draw (board full, no line) | 0 | 0 |

        Two lines for the same player still score 1 (the paper muses about 1½ or 2 points for a
        double line; the kit does not score that). The kit's default is the single result
        (win, loss or draw); Goff's points are there for the lesson and for the solver in
        notebook 06. `outcome.scores` gives them.
        """
    ),
    code(
        """
        print("example 4:", example4.outcome.scores)
        print("O's column game:", o_wins.outcome.scores)
        """,
        check=True,
    ),
    *exercise(
        "04-2",
        """
        What are Goff's points for **the game of exercise 04-1**? Answer as a dict such as `{"X": 1, "O": 0}`
        or as two numbers, X first.
        """,
    ),
    md(
        """
        ### Three ways to score the same games

        The solver of notebook 06 knows three scorings. They agree on every game except those
        where one collapse gives both players a line:

        - **seed** (the kit's default): the earlier line wins; a single result;
        - **complete**: a collapse that gives both players a line counts as a draw;
        - **goff**: Goff's points, 1 and 1/2.

        The cell below puts the games of this notebook side by side.
        """
    ),
    code(
        """
        def results(game):
            out = game.outcome
            complete = "draw" if out.simultaneous else out.result
            points = out.scores
            goff = f"X {number(points['X'], 1)} / O {number(points['O'], 1)}"
            return f"{out.result:>{width[0]}}  {complete:>{width[1]}}   {goff}"

        names = [scoring_name(scoring) for scoring in ("seed", "complete", "goff")]
        width = [max(len(names[0]), 5), max(len(names[1]), 8)]
        games = {
            "O's column": o_wins,
            "another": Game.from_record("1-5 2-3 5-9 2-3 c3 4-7 4-7 c4 8-9 1-8 c1"),
            "example 4": example4,
        }
        print(f"{'game':12} {names[0]:>{width[0]}}  {names[1]:>{width[1]}}   {names[2]}")
        for label, game in games.items():
            print(f"{label:12} {results(game)}")
        """,
        check=True,
    ),
    md(
        """
        ## 5. Two lines for one player

        A single move can complete two lines of the same player. It is still one win and, in
        Goff's scoring, one point. In this game X's last mark lands in the centre:
        """
    ),
    code(
        """
        double = Game.from_record("7-9 4-8 1-4 6-9 1-9 2-8 2-3 6-8 c8 5")
        display(double)
        print([line.squares for line in double.outcome.lines], double.outcome.scores)
        """
    ),
    md(
        """
        ## 6. The ninth move

        Look at the last token of that record: a lone `5`, not a pair. After O's move 8
        collapsed, only square 5 was free. A pair of spooky marks needs two free squares, so
        X's ninth move is a single, ordinary classical mark.

        Here is another game after move 8 (the record stops before X's last move):
        """
    ),
    code(
        """
        almost_full = Game.from_record("1-2 2-6 1-8 3-4 5-9 3-5 4-6 1-8 c8")
        almost_full
        """
    ),
    *exercise(
        "04-3",
        """
        Where does X's ninth move go in this game? Answer with the square number.
        """,
    ),
    md("Now let the engine list the legal moves and play the ninth move."),
    reveal_cell(
        """
        print("legal:", [str(a) for a in almost_full.legal_actions()])
        almost_full.apply(almost_full.legal_actions()[0])   # the only legal move
        print(almost_full.outcome.winner, "wins with", almost_full.outcome.lines[0].squares)
        """
    ),
    md(
        """
        ### Why only on move 9?

        Count. Before move *n*, *n* − 1 marks have been made, and each classical one fills a
        square. So the free squares number 9 − (classical marks) = 10 − *n* + (spooky marks),
        at least 10 − *n*. A single free square needs 10 − *n* ≤ 1: move 9, with no spooky
        marks left.

        And if two or more squares are free at move 9? Then *s* spooky marks sit on *s* + 1
        free squares. They form a forest (every cycle has collapsed), and a forest with one
        edge fewer than its squares is a single tree joining all of them. So any pair X places
        joins two squares already connected: it closes a cycle, and O's choice fills the
        board.

        Rather than trust the argument, test it: play many random games and record the move
        numbers at which the engine ever offered a single-square move.
        """
    ),
    *predict(
        "Out of 2,000 random games, at which move numbers will a single-square move appear?",
        "[8, 9]",
    ),
    reveal_cell(
        """
        import random

        from qttt_edu import Position

        rng = random.Random(2026)
        single_square_moves = set()
        ended_by_ninth = 0
        for _ in range(2000):
            position = Position()
            while position.outcome is None:
                actions = position.legal_actions()
                if actions[0] < 10:          # codes 1-9 are the classical ninth move
                    single_square_moves.add(position.next_move)
                code = rng.choice(actions)
                position = position.child(code)
            if code < 10:
                ended_by_ninth += 1
        print("single-square moves seen at move numbers:", sorted(single_square_moves))
        print("games ended by the ninth move:", ended_by_ninth > 0)
        reveal(guess, sorted(single_square_moves))
        """
    ),
    md(
        """
        2,000 games cannot prove a rule, but the argument above does; the games test it.
        Had a single-square move ever shown up before move 9, the argument would be wrong.

        ## 7. A game of your own

        Now play a whole game, to the end, against a neighbour or the computer (choose the
        opponent in the app's menu). Before each move, ask yourself whether it closes a
        cycle and who will choose.
        """
    ),
    code(
        """
        from qttt_edu.widgets import play

        app = play()
        """
    ),
    *exercise(
        "04-4",
        """
        Give the checker the record of **the game you just played**, finished (a line, or a
        full board). The starter line reads it from the app; if you played on paper, write
        your record instead. The checker replays it with the rules engine. Then say who won,
        with which line and which move completed it, and check with
        `Game.from_record(answer).outcome`.
        """,
        starter="answer = app.game.record()",
    ),
]

CELLS += footer(
    NAME,
    [
        "Only classical marks make lines; spooky marks in a row mean nothing yet.",
        "The game ends when a collapse leaves a line, or when the board is full of classical "
        "marks (a draw if there is no line).",
        "If one collapse gives both players a line, the line with the lower highest move "
        "number wins (the kit's rule).",
        "Goff's points: 1 for a line; 1 and 1/2 when one collapse gives both players a line; "
        "0 each for a draw.",
        "X's ninth move is a single classical mark when only one square is free, which can "
        "happen only on move 9.",
    ],
    "It uses what you know now to play well: the computer players, traps, and a "
    "tournament for your own player.",
)
