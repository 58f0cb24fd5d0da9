"""Solve the empty board under each scoring: value, best play, nodes, time, memory.

Each run is a fresh process (so peak memory is that run's alone) on one core;
the figures printed are medians over ``--repeat`` runs.

    python benchmarks/bench_solver.py                      # all scorings, 3 runs each
    python benchmarks/bench_solver.py --scoring seed --repeat 5

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


def main() -> None:
    parser = argparse.ArgumentParser(description="Solve the empty board and time it.")
    parser.add_argument("--scoring", action="append", choices=["seed", "complete", "goff"])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
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
