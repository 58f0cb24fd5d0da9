"""Estimate how long a student needs for each notebook, to check the times they state.

Usage::

    python tools/notebook_times.py

A model, not a stopwatch: reading prose at 110 words a minute (a student reading new
technical text with care, tables and formulas included), half a minute to run a code cell
and look at what it shows, two minutes per prediction (think, type the guess, compare),
four minutes per exercise (seven for the open ones, whose answer is a record, a function
or a game), and the playing time a notebook asks for. These rates are assumptions, not
measurements with a class: replace them with what a real class takes. The stated time of
each notebook should be at least the estimate (tests/test_notebooks.py checks it).
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
WORDS_PER_MINUTE = 110
PER_CODE_CELL = 0.5
PER_PREDICTION = 2.0
PER_EXERCISE = 4.0
PER_OPEN_EXERCISE = 7.0
OPEN = {"00-3", "01-3", "02-3", "03-4", "04-4", "05-3"}
PLAYING = {"00": 10, "04": 10, "05": 15}  # minutes of play a notebook asks for
TOURNAMENT = {"05": 10}


def estimate(path: Path) -> dict[str, float]:
    nb = nbformat.read(path, as_version=4)
    words = sum(len(c.source.split()) for c in nb.cells if c.cell_type == "markdown")
    code = [c for c in nb.cells if c.cell_type == "code"]
    exercises = re.findall(r'checks\.check\("(\d\d-\d)"', "\n".join(c.source for c in code))
    predictions = sum("prediction" in c.metadata.get("tags", []) for c in code)
    number = path.name[:2]
    parts = {
        "reading": words / WORDS_PER_MINUTE,
        "cells": PER_CODE_CELL * (len(code) - predictions - len(exercises)),
        "predictions": PER_PREDICTION * predictions,
        "exercises": sum(PER_OPEN_EXERCISE if e in OPEN else PER_EXERCISE for e in exercises),
        "playing": PLAYING.get(number, 0) + TOURNAMENT.get(number, 0),
    }
    parts["total"] = sum(parts.values())
    return parts


def stated(path: Path) -> int:
    nb = nbformat.read(path, as_version=4)
    found = re.search(r"\*\*Time:\*\* about (\d+) minutes", nb.cells[0].source)
    if found is None:
        raise ValueError(f"{path.name} states no time")
    return int(found.group(1))


def main() -> None:
    print(f"{'notebook':32} reading cells predict exercise play | estimate stated")
    for path in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        p = estimate(path)
        print(
            f"{path.stem:32} {p['reading']:7.0f} {p['cells']:5.0f} {p['predictions']:7.0f}"
            f" {p['exercises']:8.0f} {p['playing']:4.0f} | {p['total']:8.0f} {stated(path):6}"
        )


if __name__ == "__main__":
    main()
