"""Notebook 05: strategy."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell

NAME = "05_strategy"

CELLS = [
    *header(
        NAME,
        [
            "play the computer at three strengths and describe how the heuristic player decides;",
            "spot when closing a cycle hands the opponent a winning choice;",
            "solve puzzle positions: a winning collapse, and moves that lose at once;",
            "say how sure a result from many games is (a 95 % confidence interval);",
            "write your own player as a Python function and enter it in a class tournament.",
        ],
        "notebooks [03](03_measurement_and_collapse.ipynb) and "
        "[04](04_winning_and_scoring.ipynb) (collapses, lines). For the last part: a little "
        "Python (a function, an `if`, a `for` loop).",
        "about 80 minutes, two lessons: sections 1–3, then 4–5 with the tournament (exercises included)",
    ),
    code(
        """
        import random

        from qttt_edu import Action, Game, checks
        from qttt_edu.i18n import number, percent
        from qttt_edu.players import HeuristicPlayer, PerfectPlayer, RandomPlayer, play_game, play_match
        from qttt_edu.predict import reveal
        from qttt_edu.solver import analyse, solve
        """
    ),
    md(
        """
        ## 1. Three computer opponents

        The kit has three computer players:

        - **random** picks any legal action. Easy to beat, and a useful yardstick.
        - **heuristic** follows four rules a person can follow by hand (below). It looks only
          one move ahead.
        - **perfect** plays a best action according to the exact solver of notebook 06. It
          never misses a win, and when it must lose it makes your win as hard as possible.

        Play a few games against each. Choose the opponent in the app's menu, or start the app
        with one:
        """
    ),
    code(
        """
        from qttt_edu.widgets import play

        app = play(opponent="heuristic")
        """
    ),
    md(
        """
        ### How the heuristic player decides

        On every turn it goes down this list and stops at the first rule that decides:

        1. **Choosing a collapse:** take a square that gives me a winning line; otherwise avoid a
           square that makes the opponent win; otherwise build my lines.
        2. **Win with a cycle:** close a cycle if *both* of the opponent's choices give me a
           winning line.
        3. **Do not hand over a win:** leave out every pair after which the opponent can win
           at once.
        4. **Build lines:** prefer squares on many lines the opponent has not blocked (the
           centre is on 4 lines, a corner on 3, an edge on 2), counting double the lines where
           I already have classical marks.

        It can explain itself. Here it is asked about two possible first moves:
        """
    ),
    code(
        """
        heuristic = HeuristicPlayer(seed=1)
        empty = Game()
        print(heuristic.explain(empty.position, "1-9"))
        print(heuristic.explain(empty.position, "2-4"))
        """,
        check=True,
    ),
    md(
        """
        ## 2. Closing a cycle hands over the choice

        The most important strategic idea of the game: **the player who closes a cycle does
        not choose how it collapses; the opponent does.** Closing a cycle is like asking your
        opponent a question with two answers. If one of the answers is good for them, they
        will give it.

        Remember O's win from notebook 04: X's seventh move `8-9` closed a cycle with O6, and O
        chose the collapse that completed O's column.

        ### Puzzle 1: a winning collapse

        In this position O's move 6 (`4-7`) has closed a cycle, so X is the chooser.
        """
    ),
    code(
        """
        puzzle1 = Game.from_record("1-3 1-3 c3 4-9 7-9 5-9 4-7")
        puzzle1
        """
    ),
    *exercise(
        "05-1",
        """
        Where should X put O6, square 4 or square 7? One choice wins at once. Follow the
        cascade for each on paper (or with `qttt_edu.graph.cascade`), then answer with the
        square.
        """,
    ),
    md(
        """
        ### Puzzle 2: moves that lose at once

        X is to make move 7 here. Some of X's pairs close a cycle, and at least one of those
        lets O choose a collapse that completes an O line.
        """
    ),
    code(
        """
        puzzle2 = Game.from_record("4-6 3-8 5-7 1-7 1-5 c5 2-8")
        print("X's legal moves:", " ".join(str(a) for a in puzzle2.legal_actions()))
        puzzle2
        """
    ),
    *exercise(
        "05-2",
        """
        List **every** move of X's that loses at once (after which O can choose a collapse that
        completes an O line). Give them as a list such as `["1-2", "3-4"]`.
        """,
    ),
    md(
        """
        The heuristic player's rule 3 catches exactly these moves. Ask it:
        """
    ),
    reveal_cell(
        """
        for move in puzzle2.legal_actions():
            print(heuristic.explain(puzzle2.position, move))
        """
    ),
    md(
        """
        The solver sees further than one move. `analyse` gives the value of every legal action
        under perfect play from then on (from X's point of view: +1 X wins, 0 draw, −1 O wins):
        """
    ),
    *predict(
        "Will every move except the losing ones be a win for X under perfect play?",
        '"yes" or "no"',
    ),
    reveal_cell(
        """
        values = analyse(puzzle2)
        for value in (1, 0, -1):
            moves = [str(action) for action, v in values.items() if v == value]
            print(f"{value:+d}:", " ".join(moves) or "(none)")


        def loses_at_once(game, action):
            \"\"\"Whether O, choosing the collapse that `action` makes, can complete an O line.\"\"\"
            after = game.copy()
            after.apply(action)
            if after.awaiting_collapse is None:
                return False
            for square in after.awaiting_collapse.choices:
                trial = after.copy()
                trial.collapse(square)
                if trial.outcome is not None and trial.outcome.winner == "O":
                    return True
            return False


        others = [a for a in values if not loses_at_once(puzzle2, a)]
        reveal(guess, all(values[a] == 1 for a in others))
        """
    ),
    explained(
        """
        Far from it. Only three moves win for X against any defence (among them `4-6`, which
        the heuristic player found: it closes a cycle whose two collapses *both* give X a
        line), three draw, and nine lose: the two that lose at once, and seven more that lose
        a few moves later. One-move lookahead catches only the first kind.

        ### Goff's Fig. 9: judge an opening

        Goff's paper ({goff}) shows this opening. O6 closes a cycle, X chooses `c9`, and all
        six marks become classical at once:
        """.replace("{goff}", GOFF)
    ),
    code(
        """
        fig9 = Game.from_record("3-5 5-7 5-9 1-5 3-6 6-9 c9")
        print("classical marks:", fig9.classical)
        fig9
        """
    ),
    md(
        """
        Read the result as an ordinary game in move order: X in 3, O in 7, X in 5, O in 1,
        X in 6, O in 9.
        """
    ),
    *predict(
        "X is to make move 7. With perfect play from both sides, who wins from here?",
        '"X", "O" or "draw"',
    ),
    reveal_cell(
        """
        result = solve(fig9)
        winner = {1: "X", 0: "draw", -1: "O"}[result.value]
        print("value for X:", result.value, "  perfect play goes on:",
              " ".join(str(a) for a in result.principal_variation))
        reveal(guess, winner)
        """
    ),
    md(
        """
        As classical play the moves look aimless: X's second mark threatens nothing O must
        answer, and O leaves the row 4-5-6 open. But nobody chose those squares one by one:
        a single collapse placed them all, and X chose it. Goff's point: in quantum
        tic-tac-toe a move is judged by the collapses it makes possible, not by the squares
        it would take in the ordinary game.

        ## 3. Computer against computer

        A *match* is many games between two players. `play_match` plays them and counts the
        results; with a `seed` the whole match can be replayed exactly.
        """
    ),
    *predict(
        "Two random players meet for 1,000 games. What share of them will X, who moves "
        "first, win?",
        '"50 %" or 0.5',
    ),
    reveal_cell(
        """
        # time_limit=None: these games measure who plays better, so none is lost on time
        match = play_match(RandomPlayer(), RandomPlayer(), games=1000, seed=1, time_limit=None)
        print("X wins", match.x_wins, " O wins", match.o_wins, " draws", match.draws)
        reveal(guess, match.x_wins / 1000, tolerance=0.05)
        """
    ),
    md(
        """
        (A guess within 5 percentage points counts as right here.)

        ### How sure is a result from many games?

        Play another 1,000 games and X's share comes out a little different: a share from
        *n* games scatters around the true chance *p* by about √(*p*(1 − *p*)/*n*), the
        **standard error**. In 95 % of runs the share lands within about two standard errors
        of *p*. Turned round, this gives a **95 % confidence interval**: the range of chances
        that fit what we saw. The cell below computes it; use it whenever a claim rests on
        games played at random.
        """
    ),
    reveal_cell(
        """
        import math


        def interval(count, games):
            \"\"\"A 95 % confidence interval for a chance seen `count` times in `games` games.\"\"\"
            share = count / games
            margin = 2 * math.sqrt(share * (1 - share) / games)
            return f"{percent(share)} (95 % interval {percent(max(share - margin, 0))} to {percent(min(share + margin, 1))})"


        print("X wins", interval(match.x_wins, 1000))
        print("O wins", interval(match.o_wins, 1000))
        """,
    ),
    md(
        """
        The two intervals are far apart, so the first-move advantage is real, not luck:
        moving first is a big advantage, even for a player with no plan. After each of its
        moves X has one mark more than O, and the ninth move belongs to X. Now the heuristic
        player against random, on both sides:
        """
    ),
    code(
        """
        for x, o in ((HeuristicPlayer(), RandomPlayer()), (RandomPlayer(), HeuristicPlayer())):
            # time_limit=None: these games measure who plays better, so none is lost on time
            m = play_match(x, o, games=100, seed=2, time_limit=None)
            heuristic_wins = m.x_wins if isinstance(x, HeuristicPlayer) else m.o_wins
            print(f"{x.name:>9} (X) vs {o.name:<9} (O): heuristic wins", interval(heuristic_wins, 100))
        """,
        check=True,
    ),
    md(
        """
        One hundred games per side are enough here: even the low ends of the intervals are
        far above what random play gets. Thinking one move ahead beats having no plan, from
        either side of the board.
        """
    ),
    md(
        """
        And the perfect player against the heuristic one. Solving from the empty board takes
        the solver a while (notebook 06), so these games start from a fixed opening,
        `1-5 5-9 1-9 c1`: X1 in the centre, X3 in a corner, O2 in the opposite corner. Perfect
        play from there is a draw.
        """
    ),
    code(
        """
        opening = Game.from_record("1-5 5-9 1-9 c1")
        pairings = [
            (PerfectPlayer(seed=3), HeuristicPlayer(seed=3)),
            (HeuristicPlayer(seed=3), PerfectPlayer(seed=3)),
        ]
        for x, o in pairings:
            # time_limit=None: these games measure who plays better, so none is lost on time
            game = play_game(x, o, start=opening, time_limit=None)
            print(f"{x.name} (X) vs {o.name} (O): {game.outcome.result:>4}   {game.record()}")
        """,
    ),
    md(
        """
        ## 4. Your own player

        A player is just a function: it gets the current **position** and returns one of
        `position.legal_actions()`. Those are small integer codes: `15` is the pair 1-5, `103`
        the collapse into square 3, and `7` the ninth move into square 7; `Action(code)` turns
        a code into its record token. The same function must handle all three situations:
        placing a pair, choosing a collapse, and the ninth move.

        Useful things a position knows:

        | expression | meaning |
        |---|---|
        | `position.to_act` | `"X"` or `"O"`: who acts now (you) |
        | `position.legal_actions()` | the codes you may return |
        | `position.pending` | True when you are the chooser of a collapse |
        | `position.child(code)` | the position after `code` (to look ahead) |
        | `position.outcome` | `None`, or the result once the game is over (`.winner`) |
        | `position.classical` | `{square: "X3", ...}` |

        Here is a first player: it wins at once when it can, and otherwise plays at random.
        """
    ),
    code(
        """
        rng = random.Random(0)


        def greedy_player(position):
            \"\"\"Take an action that wins at once if there is one; otherwise play at random.\"\"\"
            me = position.to_act
            actions = position.legal_actions()
            for code in actions:
                after = position.child(code)
                if after.outcome is not None and after.outcome.winner == me:
                    return code
            return rng.choice(actions)


        print(Action(greedy_player(puzzle1.position)))   # puzzle 1: does it find the win?
        """,
        check=True,
        tags=("reveal",),
    ),
    md(
        """
        Now write **your own** player in the next cell. Start from `greedy_player` and add one
        idea at a time. Some ideas:

        - do not close a cycle if one of the opponent's two choices wins for them (look two
          steps ahead with `position.child(...)` twice);
        - prefer the centre and the corners;
        - as chooser, prefer the collapse that gives you more classical marks on open lines.
        """
    ),
    code(
        """
        def my_player(position):
            \"\"\"My strategy: ... (describe it here).\"\"\"
            return greedy_player(position)      # ← replace with your own ideas
        """
    ),
    *exercise(
        "05-3",
        """
        Teach your player the first idea above: **never hand the opponent a win it could
        have avoided.** The checker tries your player in 300 positions, collapse choices
        and ninth moves included: it must always return a legal action, and whenever it has
        a move that does not let the opponent choose a winning collapse, it must not play one
        that does. (`greedy_player` fails this: it moves at random.) Pass the **function
        itself** (no brackets).
        """,
        starter="answer = my_player",
    ),
    md(
        """
        ## 5. The class tournament

        The cell below turns functions into players and lets every player meet every other, as
        X and as O. Add your classmates' functions to `entries` (paste their code into a cell
        above first), run it, and compare tables. The score is Goff's points: 1 for a win, 1/2
        for the later line when a collapse gives both players lines.
        """
    ),
    code(
        """
        class FunctionPlayer:
            \"\"\"Turn a function position -> action into a player for play_match.\"\"\"

            def __init__(self, function, name):
                self.function, self.name = function, name

            def choose(self, position):
                return self.function(position)


        entries = {
            "random": RandomPlayer(),
            "heuristic": HeuristicPlayer(),
            "greedy": FunctionPlayer(greedy_player, "greedy"),
            "mine": FunctionPlayer(my_player, "mine"),
        }
        GAMES = 10   # per pairing and colour; more games give fairer results

        points = dict.fromkeys(entries, 0.0)
        for x_name, x in entries.items():
            for o_name, o in entries.items():
                if x_name != o_name:
                    match = play_match(x, o, games=GAMES, seed=2026)
                    points[x_name] += match.x_points
                    points[o_name] += match.o_points

        for rank, (name, score) in enumerate(sorted(points.items(), key=lambda p: -p[1]), 1):
            print(f"{rank}. {name:10} {number(score, 1):>5} points")
        """
    ),
    md(
        """
        Why might a strong player still lose a few games against `random`? How many games do
        you need before you trust a ranking? (Try `GAMES = 50`.)
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "Closing a cycle gives the opponent the choice: check both collapses before you close "
        "one.",
        "As chooser, compare both outcomes: one may win at once.",
        "The heuristic player looks one move ahead (win, do not hand over a win, build lines); "
        "the perfect player searches to the end.",
        "Moving first matters: compare X's and O's shares with their 95 % intervals before "
        "you call an advantage real.",
        "A share from n games is uncertain by about ± 2√(p(1 − p)/n); say how sure a "
        "simulated result is.",
        "A player is a function from a position to a legal action; `play_match` runs fair "
        "tournaments with a seed.",
    ],
    "How does the perfect player know? It searches the whole game tree: how big that tree "
    "is, and what it says about the first move.",
)
