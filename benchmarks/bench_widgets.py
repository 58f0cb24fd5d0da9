"""How fast the game app answers a click, measured headless.

Run: ``python benchmarks/bench_widgets.py [--games 20] [--seed 1]``

Plays random games by sending the page's click messages to the app and prints
medians (and the 90th percentile) of:

* a click that only chooses the first square of a pair (view model rebuilt and
  set on the board widget);
* a click that changes the game (the core's move, the view model with the graph
  layout, each choice's cascade, the explanation and the realities);
* the view model alone, and its size as JSON (what one click sends to the page).

No kernel is attached, so the JSON is not sent anywhere; in a page that adds the
message's trip and the drawing (see bench_browser.py).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

from qttt_edu import Action, Game
from qttt_edu.view import view_model
from qttt_edu.widgets import GameApp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.page import click  # the page's messages, as the tests send them


def random_records(games: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    records = []
    for _ in range(games):
        game = Game()
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        records.append(game.record())
    return records


def clicks_of(record: str) -> list[tuple[int, bool]]:
    """The square clicks that play ``record``, each flagged True if it changes the game."""
    out = []
    for token in record.split():
        *first, last = Action.parse(token).squares
        out += [(square, False) for square in first] + [(last, True)]
    return out


def timed_click(app: GameApp, square: int) -> float:
    start = time.perf_counter()
    click(app, square)
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
    select, change = [], []
    for record in records:
        app.controls.new_button.click()
        for square, changes in clicks_of(record):
            (change if changes else select).append(timed_click(app, square))
        assert app.game.record() == record, (app.game.record(), record)

    models, sizes = [], []
    for record in records:
        game = Game()
        for token in record.split():
            game.apply(token)
            start = time.perf_counter()
            vm = view_model(game)
            models.append(time.perf_counter() - start)
            sizes.append(len(json.dumps(vm)))

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.games} random games, {len(change)} actions, seed {args.seed}, load {load:.1f}")
    print(summary("click choosing a first square", select, 20))
    print(summary("click changing the game", change, 20))
    print(summary("view model of a position", models))
    print(f"{'view model as JSON':<44} median {statistics.median(sizes) / 1024:7.1f} KiB")


if __name__ == "__main__":
    main()
