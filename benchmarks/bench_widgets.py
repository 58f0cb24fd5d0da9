"""How fast the game app answers a click, measured headless.

Run: ``MPLBACKEND=Agg python benchmarks/bench_widgets.py [--games 20] [--seed 1]``

Plays random games by clicking the app's buttons and prints medians (and the
90th percentile) of:

* a click that only chooses the first square of a pair (state kept by the app,
  board and status redrawn);
* a click that changes the game, with the graph image already drawn once for
  that position (state update, board, status, log, timeline, explanation,
  realities, graph from the cache): the "state update and board redraw";
* the graph panel drawn afresh (matplotlib to PNG, one reused Figure);
* a click that changes the game to a position never drawn before (all of the
  above, graph included).

Targets (issue 4): click under 20 ms median, graph redraw under 150 ms median.
Wall-clock times depend on what else the machine runs (the load average is
printed); the graph redraw is also given in CPU time. No kernel is attached, so
no widget messages are serialised; in a notebook that adds a few small JSON
messages per click.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

os.environ.setdefault("MPLBACKEND", "Agg")

from qttt_edu import Game
from qttt_edu.widgets import GameApp


def random_records(games: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    records = []
    for _ in range(games):
        game = Game()
        while not game.is_over:
            game.apply(rng.choice(game.legal_moves()))
        records.append(game.record())
    return records


def clicks_of(record: str) -> list[tuple[int, bool]]:
    """The square clicks that play ``record``, each flagged True if it changes the game."""
    out = []
    for token in record.split():
        if "-" in token:
            a, b = token.split("-")
            out += [(int(a), False), (int(b), True)]
        else:
            out.append((int(token.lstrip("c")), True))
    return out


def timed_click(app: GameApp, square: int) -> float:
    start = time.perf_counter()
    app.squares[square].click()
    return time.perf_counter() - start


def summary(name: str, seconds: list[float], target_ms: float | None = None) -> str:
    ms = sorted(1000 * s for s in seconds)
    median = statistics.median(ms)
    p90 = ms[int(0.9 * (len(ms) - 1))]
    verdict = "" if target_ms is None else ("  OK" if median < target_ms else "  OVER TARGET")
    target = "" if target_ms is None else f" (target < {target_ms:.0f} ms)"
    return f"{name:<44} median {median:7.2f} ms   p90 {p90:7.2f} ms   n={len(ms)}{target}{verdict}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    records = random_records(args.games, args.seed)
    app = GameApp(computer_delay=0)
    app._graph.cache_size = 10_000  # keep every drawn position for the second pass

    select, fresh = [], []
    for record in records:
        app.new_button.click()
        for square, changes in clicks_of(record):
            (fresh if changes else select).append(timed_click(app, square))
        assert app.game.record() == record, (app.game.record(), record)

    cached = []
    for record in records:
        app.new_button.click()
        for square, changes in clicks_of(record):
            elapsed = timed_click(app, square)
            if changes:
                cached.append(elapsed)

    graph, graph_cpu = [], []
    for record in records[: max(1, args.games // 2)]:
        game = Game()
        for token in record.split():
            game.apply(token)
            start, cpu = time.perf_counter(), time.process_time()
            app._graph.render(game)
            graph.append(time.perf_counter() - start)
            graph_cpu.append(time.process_time() - cpu)

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} random games, {len(fresh)} actions, seed {args.seed}, load {load:.1f}")
    print(summary("click choosing a first square", select, 20))
    print(summary("click changing the game (graph cached)", cached, 20))
    print(summary("graph panel redraw (matplotlib -> PNG)", graph, 150))
    print(summary("  the same, CPU time of this process", graph_cpu, 150))
    print(summary("click changing the game (graph drawn anew)", fresh))


if __name__ == "__main__":
    main()
