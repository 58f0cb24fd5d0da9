"""How long PerfectPlayer takes to answer, over random reachable positions.

Positions: the empty board, then positions taken at a uniformly random step of
games played by random players, until ``--positions`` in all (finished
positions are skipped). Each answer is timed with a fresh player (an empty
transposition table: the slow case); the opening book is used as shipped.
Prints percentiles of CPU and wall time per answer, and the slowest positions.

    python benchmarks/bench_players.py                     # 1000 positions, "seed"
    python benchmarks/bench_players.py --scoring goff --positions 300
"""

from __future__ import annotations

import argparse
import random
import time

from qttt_edu.core import Action, Position
from qttt_edu.players import PerfectPlayer


def sample_positions(n: int, seed: int) -> list[tuple[Position, str]]:
    rng = random.Random(seed)
    out = [(Position(), "")]
    while len(out) < n:
        pos, path = Position(), []
        steps = [(pos, "")]
        while pos.outcome is None:
            code = rng.choice(pos.legal_actions())
            path.append(str(Action(code)))
            pos = pos.child(code)
            if pos.outcome is None:
                steps.append((pos, " ".join(path)))
        out.append(rng.choice(steps))
    return out


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description="Time PerfectPlayer over random positions.")
    parser.add_argument("--scoring", default="seed", choices=["seed", "complete", "goff"])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    rows = []
    for pos, record in sample_positions(args.positions, args.seed):
        player = PerfectPlayer(args.scoring, seed=0)
        wall, cpu = time.perf_counter(), time.process_time()
        player.choose(pos)
        rows.append((time.process_time() - cpu, time.perf_counter() - wall, record))
    cpus = [r[0] for r in rows]
    walls = [r[1] for r in rows]
    print(f"PerfectPlayer({args.scoring!r}) over {len(rows)} positions (seed {args.seed})")
    for name, values in (("CPU ", cpus), ("wall", walls)):
        cells = "  ".join(f"p{p} {percentile(values, p):.3f}s" for p in (50, 90, 99))
        print(f"  {name}: {cells}  max {max(values):.3f}s")
    print("  slowest (CPU s, record):")
    for cpu, _, record in sorted(rows, reverse=True)[:5]:
        print(f"    {cpu:.2f}  {record or '(empty board)'}")


if __name__ == "__main__":
    main()
