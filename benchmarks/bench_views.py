"""How fast the views of a position are, on random mid-game positions.

Run: ``MPLBACKEND=Agg python benchmarks/bench_views.py`` (add a number of
positions as the first argument; default 40). Prints the median time per call
and the goals the issue sets: SVG board and square_odds well under 5 ms,
draw_entanglement under 150 ms.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt

from qttt_edu.core import Position
from qttt_edu.drawing import draw_entanglement
from qttt_edu.quantum import count_realities, ket, realities, square_odds
from qttt_edu.svg import board_svg


def mid_game_positions(count: int, seed: int = 2006) -> list[Position]:
    """Positions after 4 to 9 random actions that are not over (many spooky marks)."""
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        pos = Position()
        for _ in range(rng.randint(4, 9)):
            actions = pos.legal_actions()
            if not actions:
                break
            pos = pos.child(rng.choice(actions))
        if pos.outcome is None:
            out.append(pos)
    return out


def median_ms(
    func: Callable[[Position], object], positions: list[Position], repeat: int
) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds per call.

    The CPU figure is the fairer one on a busy shared machine, where waiting for
    a core inflates the wall clock.
    """
    wall, cpu = [], []
    for pos in positions:
        for _ in range(repeat):
            w0, c0 = time.perf_counter(), time.process_time()
            func(pos)
            cpu.append(time.process_time() - c0)
            wall.append(time.perf_counter() - w0)
    return statistics.median(wall) * 1000, statistics.median(cpu) * 1000


def entanglement_figure(pos: Position) -> None:
    """A new figure, the graph drawn on it and rendered by Agg, as a notebook would show it."""
    fig, ax = plt.subplots(figsize=(4.6, 5.0))
    draw_entanglement(pos, ax)
    fig.canvas.draw()
    plt.close(fig)


def entanglement_call(pos: Position) -> None:
    """draw_entanglement alone, on a new figure, without rendering it."""
    fig, ax = plt.subplots(figsize=(4.6, 5.0))
    draw_entanglement(pos, ax)
    plt.close(fig)


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    positions = mid_game_positions(count)
    spooky = statistics.mean(len(p.spooky) for p in positions)
    print(f"{count} random mid-game positions, {spooky:.1f} spooky marks on average")
    entanglement_figure(positions[0])  # warm up fonts and caches
    rows = [
        ("board_svg", lambda p: board_svg(p), 20, 5.0),
        ("square_odds", square_odds, 20, 5.0),
        ("count_realities", count_realities, 20, 5.0),
        ("realities", realities, 20, 5.0),
        ("ket", ket, 20, 5.0),
        ("draw_entanglement (call)", entanglement_call, 1, 150.0),
        ("draw_entanglement + Agg render", entanglement_figure, 1, 150.0),
    ]
    for name, func, repeat, goal in rows:
        wall, cpu = median_ms(func, positions, repeat)
        verdict = "ok" if cpu < goal else "SLOW"
        print(
            f"{name:32s} median {wall:8.3f} ms wall {cpu:8.3f} ms CPU"
            f"   goal < {goal:g} ms   {verdict}"
        )


if __name__ == "__main__":
    main()
