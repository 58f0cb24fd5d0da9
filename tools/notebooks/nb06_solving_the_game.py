"""Notebook 06: solving the game."""

from common import GOFF, code, exercise, explained, footer, header, md, predict, reveal_cell

NAME = "06_solving_the_game"

SOLVE_COMMAND = (
    'python -c "from qttt_edu import Position; from qttt_edu.solver import solve; '
    "print(solve(Position(), 'seed'))\""
)

CELLS = [
    *header(
        NAME,
        [
            "count the game tree exactly where a computer can, and estimate it where it cannot, "
            "saying how;",
            "use the board's symmetries to cut the work;",
            "explain minimax and run a small solver of your own on late positions;",
            "state what perfect play gives under each scoring, and what it says about the first "
            "move.",
        ],
        "notebooks [04](04_winning_and_scoring.ipynb) (scorings) and [05](05_strategy.ipynb) "
        "(players). Python: functions and recursion help, but you can run everything as is.",
        "about 45 minutes (exercises included); short of time, read section 6 at home",
    ),
    code(
        """
        import math
        import random
        import statistics
        from functools import cache

        from qttt_edu import Game, Position, checks
        from qttt_edu.i18n import number, percent
        from qttt_edu.players import scoring_name
        from qttt_edu.predict import reveal
        from qttt_edu.solver import solve, symmetries
        """
    ),
    md(
        """
        ## 1. How big is the game?

        A *game tree* starts at the empty board; every legal action (a pair, a collapse choice,
        the ninth move) is a branch. Chess programmers count it with **perft**: the number of
        different action sequences of a given length. Predict the first two levels.
        """
    ),
    *exercise(
        "06-1",
        """
        How many different first moves does X have?
        """,
    ),
    *exercise(
        "06-2",
        """
        How many different sequences of **two** actions are there (X's first move, then O's)?
        """,
    ),
    md(
        """
        Now count. The last level needs no moves played: the number of sequences one step
        deeper is just the number of legal actions, so the deepest level is counted by
        *adding up branch counts* ("bulk counting").
        """
    ),
    reveal_cell(
        """
        def perft(position, depth):
            \"\"\"The number of sequences of `depth` legal actions from `position`.\"\"\"
            if position.outcome is not None:
                return 0 if depth else 1
            actions = position.legal_actions()
            if depth == 1:
                return len(actions)
            return sum(perft(position.child(code), depth - 1) for code in actions)


        for depth in range(1, 5):
            print(f"perft({depth}) = {number(perft(Position(), depth)):>11}")
        """
    ),
    md(
        """
        Depth 3 is not simply perft(1)³: if O's first move uses X's two squares, it closes a cycle
        and the third action is X's collapse choice (2 branches, not perft(1)). The same four
        numbers are pinned in the kit's tests and confirmed there by an independent simulator
        and by hand.
        """
    ),
    md(
        """
        ## 2. Symmetry

        Turning the board or flipping it over does not change who is winning. A solver needs
        to examine only one position of each family of symmetric positions.
        """
    ),
    *exercise(
        "06-3",
        """
        How many symmetries does a square board have (ways to turn or flip it onto itself,
        doing nothing included)?
        """,
    ),
    md(
        """
        `symmetries()` lists them as square maps (`sym[s]` is where square `s` goes). Group
        X's first moves into families of symmetric moves:
        """
    ),
    reveal_cell(
        """
        families = {}
        for a in range(1, 10):
            for b in range(a + 1, 10):
                key = min(tuple(sorted((sym[a], sym[b]))) for sym in symmetries())
                families.setdefault(key, []).append(f"{a}-{b}")
        print(len(families), "kinds of first move:")
        for members in families.values():
            print(f"  {members[0]:4} and {len(members) - 1} more like it: {' '.join(members[1:])}")
        """
    ),
    md(
        """
        ## 3. Estimating what we cannot count

        Each level of the tree is about 30 times bigger than the last, so depth 5 is about 50
        million sequences. Counting them one by one in Python would take minutes, and the
        whole game far longer, even with symmetry. Time to estimate.

        Donald Knuth's trick (1975): walk **one random path** down the tree and multiply the
        numbers of branches you meet on the way. If the first position has *b*₁
        branches, the next *b*₂, the next *b*₃..., the product *b*₁ × *b*₂ × *b*₃ × ...
        is a guess for the number of
        paths. A single guess is rough, but its **average** over many random paths is exactly
        the number of paths (an *unbiased* estimate), and the spread of the guesses tells how
        far off the average can be.
        """
    ),
    code(
        """
        def probe(rng):
            \"\"\"One random playout: the running product of branch counts at every depth.\"\"\"
            position, product, products = Position(), 1, []
            while position.outcome is None:
                actions = position.legal_actions()
                product *= len(actions)
                products.append(product)
                position = position.child(rng.choice(actions))
            return products


        rng = random.Random(6)
        probes = [probe(rng) for _ in range(10_000)]


        def estimate(depth):
            \"\"\"Knuth's estimate of perft(depth): paths that end earlier count 0.\"\"\"
            return statistics.fmean(p[depth - 1] if len(p) >= depth else 0 for p in probes)
        """
    ),
    *predict(
        "The exact perft(4) is 1,531,656. How far from it will the average of 10,000 random "
        "paths be, in percent?",
        '"10 %"',
    ),
    reveal_cell(
        """
        exact = perft(Position(), 4)
        off = abs(estimate(4) - exact) / exact
        print(f"estimate of perft(4): {number(estimate(4), 0)}   exact: {number(exact)}   off by {percent(off, 2)}")
        reveal(guess, off, percent=True)
        """
    ),
    explained(
        """
        Within a fraction of a percent.

        The same probes estimate every depth, and the products
        at the *end* of each playout estimate the number of complete games:
        """
    ),
    code(
        """
        for depth in range(4, 13, 2):
            print(f"depth {depth:2}: about {number(estimate(depth), significant=2)} sequences")

        games = [p[-1] for p in probes]
        mean = statistics.fmean(games)
        error = statistics.stdev(games) / math.sqrt(len(games))
        print(f"complete games: about {number(mean, significant=2)} (± {percent(error / mean)} standard error)")
        """,
        check=True,
    ),
    md(
        f"""
        So quantum tic-tac-toe has roughly **twenty trillion** (2 × 10¹³) different games, if a
        game is the full sequence of actions, collapse choices included. Ordinary
        tic-tac-toe has 255,168.

        Goff's paper ({GOFF}) gives a rougher figure, "about 9!²", as an estimate rather
        than a count. The probes above count every action, collapse
        choices included, and land about a hundred times higher.
        """
    ),
    *exercise(
        "06-4",
        """
        Compute Goff's figure 9!² (use `math.factorial`).
        """,
        starter="answer = ...   # e.g. math.factorial(...) ** 2",
    ),
    md(
        """
        ## 4. Minimax

        Minimax answers "who wins if both sides play perfectly?" by a simple recursion. A
        finished game is worth +1 if X won, −1 if O won, 0 for a draw. Otherwise, the side to
        act picks its best child: X the largest value, O the smallest. (The chooser of a
        collapse is "the side to act" too.) Because positions are immutable and hashable,
        `cache` remembers every position already solved: a position reached again by
        another move order is looked up, not searched again.
        """
    ),
    code(
        """
        @cache
        def minimax(position):
            \"\"\"+1 if X wins with perfect play from here, -1 if O does, 0 for a draw.\"\"\"
            if position.outcome is not None:
                return {"X": 1, "O": -1, None: 0}[position.outcome.winner]
            values = [minimax(position.child(code)) for code in position.legal_actions()]
            return max(values) if position.to_act == "X" else min(values)
        """
    ),
    md(
        """
        Try it on puzzle 2 of notebook 05 (X to make move 7). From move 7 the tree is small.
        """
    ),
    code(
        """
        puzzle2 = Game.from_record("4-6 3-8 5-7 1-7 1-5 c5 2-8")
        minimax.cache_clear()
        print("value for X:", minimax(puzzle2.position))
        print(minimax.cache_info())
        """,
        check=True,
    ),
    md(
        """
        About 1,400 positions solved, and more than half of the positions the search met were
        already in the cache. From the empty board this plain minimax would have to visit a large part
        of 10¹³ games: hopeless. The kit's solver (`qttt_edu.solver`) adds four ideas,
        described in its module docstring:

        - **pruning:** once one winning move is found, the others need not be searched (it
          asks yes/no questions such as "can X force at least a draw?");
        - **a transposition table** like the cache above, with compact keys;
        - **symmetry:** all symmetric images of a position share one table entry;
        - **move ordering:** moves that close a cycle first, because their collapses often end
          the game at once.

        It agrees with our minimax:
        """
    ),
    code(
        """
        print("solver:", solve(puzzle2).value, "  minimax:", minimax(puzzle2.position))
        """,
        check=True,
    ),
    md(
        """
        ## 5. Does the scoring matter?

        Notebook 04 met three ways to score a game. They differ only when one collapse gives
        both players a line:

        - **seed** (the kit's rule): the earlier line wins. Values +1, 0, −1.
        - **complete**: such a collapse is a draw.
        - **goff**: Goff's points (1 and 1/2), as X's points minus O's: 1, 1/2, 0, −1/2, −1.

        Here is a position after three moves, the start of a line of perfect play from the
        empty board under the kit's rule. O is to make move 4.
        """
    ),
    code(
        """
        start = Game.from_record("1-9 1-2 1-3")
        start
        """
    ),
    *predict("Will the three scorings give the same value here?", '"yes" or "no"'),
    reveal_cell(
        """
        results = {scoring: solve(start, scoring) for scoring in ("seed", "complete", "goff")}
        for scoring, result in results.items():
            print(f"{scoring_name(scoring):9} value {number(result.value, sign=True)}")
        reveal(guess, len({result.value for result in results.values()}) == 1)
        """
    ),
    explained(
        """
        Under the kit's rule X wins; if simultaneous lines were draws, O could hold the draw;
        and with Goff's points X wins by half a point. So O's best defence here *is* a
        simultaneous line: O cannot stop X's line, but can complete one of its own in the same
        collapse, only later. The scoring rule decides who wins a perfectly played game.

        ## 6. Perfect play from the empty board

        Solving the empty board takes the kit's solver one to two minutes per scoring on a
        laptop, too long for a lesson, so here are the results as stored numbers. Anyone can
        reproduce them (the command below prints the value, a principal variation and the node
        count):

        ```
        {command}
        ```

        (replace `'seed'` by `'complete'` or `'goff'` for the other scorings).

        | scoring | value with perfect play | meaning | a best first move | a line of perfect play |
        |---|---|---|---|---|
        | seed | +1 | **X wins** | `1-9` | `1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6` |
        | complete | 0 | **draw** | `1-2` | `1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6` |
        | goff | +1/2 | **X wins by half a point** | `1-9` | `1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2` |

        The lines of perfect play are records, so they can be replayed: each ends as its
        value says (a line for X alone; a full board; X's line first and O's later in the
        same collapse).
        """.replace("{command}", SOLVE_COMMAND)
    ),
    code(
        """
        stored_lines = {
            "seed": "1-9 1-2 1-3 1-2 c1 4-5 4-5 c4 6-7 6-7 c6",
            "complete": "1-2 1-3 1-4 1-5 1-7 1-3 c1 6-9 6-8 6-8 c6",
            "goff": "1-9 1-3 1-3 c1 5-7 5-7 c7 2-8 2-4 2-4 c2",
        }
        for scoring, record in stored_lines.items():
            end = Game.from_record(record).outcome
            lines = ", ".join(f"{line.player} {line.squares}" for line in end.lines) or "none"
            print(f"{scoring_name(scoring):9} result {end.result:>4}   lines: {lines}   Goff's points X {number(end.scores['X'])} / O {number(end.scores['O'])}")
        """,
        check=True,
    ),
    md(
        """
        What this says:

        - **The first player wins** under the kit's rule: X has a strategy that wins against
          any defence, so no defence helps O. (The random-player match of notebook 05 already
          hinted at a large first-move advantage.)
        - **O's best defence is a simultaneous line.** Under Goff's points O still gets 1/2
          against perfect play, and if simultaneous lines counted as draws the game would be a
          draw. The game's value hinges on the earliest-line rule.
        - **The first move matters enormously.** Under the kit's rule the solver's analysis of
          all first moves finds exactly two that win, `1-9` and `3-7`: a pair in two
          opposite corners, one family of the eight above. Every other first move, pairs
          through the centre included, lets O hold a draw. (To reproduce, about four minutes:
          `analyse(Position(), "seed")`.)

        The solver's answer for the position above already holds the rest of the seed line:
        after the first three moves, perfect play goes on like this (the hard work is near
        the root, which is why three moves in it takes only a second).
        """
    ),
    code(
        """
        line = results["seed"]
        print("value:", line.value, "  positions searched:", line.nodes)
        print("perfect play goes on:", " ".join(str(a) for a in line.principal_variation))
        """
    ),
]

CELLS += footer(
    NAME,
    [
        "perft(n) counts the move sequences n plies deep; beyond what can be counted, Knuth's "
        "random probes estimate the tree.",
        "The board's symmetries group X's first moves into a few kinds.",
        "Minimax with a cache solves late positions in a blink; the kit's solver adds pruning, "
        "symmetry and move ordering to solve the empty board in a minute or two.",
        "With perfect play X wins under the kit's rule, draws if simultaneous lines are draws, "
        "and wins by 1/2 point under Goff's scoring; only a first move in two opposite corners "
        "wins, every other first move draws.",
    ],
    "Last stop: what the game teaches about real quantum mechanics, and what it cannot.",
)
