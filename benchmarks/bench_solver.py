"""Solve the empty board under each scoring: value, best play, nodes, time, memory.

Each run is a fresh process (so peak memory is that run's alone) on one core;
the figures printed are medians over ``--repeat`` runs.

    python benchmarks/bench_solver.py                      # all scorings, 3 runs each
    python benchmarks/bench_solver.py --scoring seed --repeat 5
    python benchmarks/bench_solver.py --first-moves        # value of each first move

CPU time is the fairer figure on a shared machine: wall time grows with
whatever else is running.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = r"""
import json, resource, sys, time
from qttt_edu.core import Position
from qttt_edu.solver import Solver
solver = Solver(sys.argv[1])
wall, cpu = time.perf_counter(), time.process_time()
sol = solver.solve(Position())
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({
    "value": sol.value,
    "line": " ".join(map(str, sol.principal_variation)),
    "nodes": sol.nodes,
    "table": len(solver.table),
    "wall": wall,
    "cpu": cpu,
    "maxrss_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
}))
"""


def run(scoring: str) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, scoring], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout)


FIRST_MOVES = r"""
import sys, time
from qttt_edu.core import Action, Position
from qttt_edu.solver import Solver, book_key
solver, seen = Solver(sys.argv[1]), {}
cpu = time.process_time()
for code in Position().legal_actions():
    key = book_key(Position().child(code))[0]
    if key not in seen:
        seen[key] = (str(Action(code)), solver.value(Position().child(code)), [])
    seen[key][2].append(str(Action(code)))
for name, value, same in seen.values():
    print(f"  {name}: {value}   ({len(same)} symmetric: {' '.join(same)})")
print(f"  ({time.process_time() - cpu:.0f} s CPU)")
"""


def main() -> None:
    parser = argparse.ArgumentParser(description="Solve the empty board and time it.")
    parser.add_argument("--scoring", action="append", choices=["seed", "complete", "goff"])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--first-moves", action="store_true", help="value of each first move")
    args = parser.parse_args()
    if args.first_moves:
        for scoring in args.scoring or ["seed", "complete", "goff"]:
            print(f"{scoring}: the value (X's view) after each kind of first move", flush=True)
            subprocess.run([sys.executable, "-c", FIRST_MOVES, scoring], check=True)
        return
    for scoring in args.scoring or ["seed", "complete", "goff"]:
        runs = [run(scoring) for _ in range(args.repeat)]
        first = runs[0]
        med = {
            k: statistics.median(float(r[k]) for r in runs) for k in ("wall", "cpu", "maxrss_mib")
        }
        print(f"{scoring}: value {first['value']}  best play {first['line']}")
        print(
            f"  nodes {first['nodes']}  table entries {first['table']}  "
            f"median of {len(runs)}: CPU {med['cpu']:.1f} s  wall {med['wall']:.1f} s  "
            f"peak RSS {med['maxrss_mib']:.0f} MiB"
        )
        sys.stdout.flush()


if __name__ == "__main__":
    main()
