"""Throughput of the rules engine: random self-play and the cost of one step.

Run: ``python benchmarks/bench_core.py [--games 20000] [--runs 7] [--against ../main]``

Random self-play picks a uniformly random legal action at every step (pair
moves, collapse choices and the ninth move alike) until the game ends, through
the same ``Position.legal_actions()`` / ``Position.child()`` API the solver uses.
Every figure printed is the median of ``--runs`` runs on one core. Games per
second are given twice: with Python's cyclic garbage collector paused while the
clock runs (the convention of ``timeit``; positions hold no reference cycles, so
nothing is left for it to find) and with it running as in a notebook.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from qttt_edu import Game
from qttt_edu.core import Position


def random_games(n: int, seed: int, collect: bool = False, position: Any = Position) -> float:
    """Complete random games per second (``position``: the Position class to play with)."""
    rnd = random.Random(seed).random
    start = position()
    was_enabled = gc.isenabled()
    if not collect:
        gc.disable()
    try:
        t0 = time.perf_counter()
        for _ in range(n):
            p = start
            while p.outcome is None:
                acts = p.legal_actions()
                p = p.child(acts[int(rnd() * len(acts))])
        elapsed = time.perf_counter() - t0
    finally:
        if was_enabled:
            gc.enable()
    return n / elapsed


def sample_records(n: int, seed: int) -> list[str]:
    """Records of positions met along random games (every ply, unfinished only)."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        game = Game()
        while not game.is_over and len(out) < n:
            out.append(game.record())
            game.apply(rng.choice(game.legal_actions()))
    return out


def per_call_us(fn: Callable[[Any], object], items: list[Any], repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - t0)
    return best / len(items) * 1e6


def other_position(checkout: str) -> Any:
    """The Position class of the ``qttt_edu`` package in another checkout."""
    folder = Path(checkout).resolve() / "qttt_edu"
    spec = importlib.util.spec_from_file_location(
        "qttt_edu_other", folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["qttt_edu_other"] = module
    spec.loader.exec_module(module)
    return module.Position


def compare(checkout: str, games: int, runs: int) -> None:
    other = other_position(checkout)
    here: list[float] = []
    there: list[float] = []
    for run in range(runs):
        pair = [(here, Position), (there, other)]
        for out, cls in pair if run % 2 else reversed(pair):
            out.append(random_games(games, run, position=cls))
    for label, figures in (("this checkout", here), (checkout, there)):
        print(
            f"{label:>20}: {statistics.median(figures):>10,.0f} games/s"
            f" (median of {runs} alternating runs of {games:,} games;"
            f" min {min(figures):,.0f}, max {max(figures):,.0f})"
        )
    # each pair of runs ran back to back, so their ratio cancels most of the load drift
    ratios = sorted(a / b for a, b in zip(here, there, strict=True))
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else ratios * 3
    print(
        f"{'ratio':>20}: {statistics.median(ratios):10.3f} (this / other, median of the"
        f" {runs} pairs; quartiles {quartiles[0]:.3f} to {quartiles[2]:.3f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--against", metavar="DIR", help="compare with another checkout")
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.games, args.runs)
        return

    # every timed run plays the games of its own seed
    gps = [random_games(args.games, seed) for seed in range(args.runs)]
    gps_gc = [random_games(args.games, 100 + seed, collect=True) for seed in range(args.runs)]
    games = [Game.from_record(r) for r in sample_records(20000, 1)]
    positions = [g.position for g in games]
    rng = random.Random(2)
    steps = [(p, rng.choice(p.legal_actions())) for p in positions]

    legal_pos = [per_call_us(Position.legal_actions, positions) for _ in range(args.runs)]
    child_pos = [per_call_us(lambda s: s[0].child(s[1]), steps) for _ in range(args.runs)]
    legal_game = [per_call_us(Game.legal_actions, games) for _ in range(args.runs)]
    apply_game = [per_call_us(_apply_and_undo, games) for _ in range(args.runs)]

    print(
        f"random self-play:          {statistics.median(gps):>10,.0f} games/s"
        f" (median of {args.runs} runs of {args.games:,} games;"
        f" min {min(gps):,.0f}, max {max(gps):,.0f}; collector paused)"
    )
    print(
        f"  ... with the collector on: {statistics.median(gps_gc):>10,.0f} games/s"
        f" (min {min(gps_gc):,.0f}, max {max(gps_gc):,.0f})"
    )
    print(f"Position.legal_actions():  {statistics.median(legal_pos):10.3f} us")
    print(f"Position.child(action):    {statistics.median(child_pos):10.3f} us")
    print(f"Game.legal_actions():      {statistics.median(legal_game):10.3f} us")
    print(f"Game.apply + undo:         {statistics.median(apply_game):10.3f} us")


def _apply_and_undo(game: Game) -> None:
    game.apply(game.legal_actions()[0])
    game.undo()


if __name__ == "__main__":
    main()
