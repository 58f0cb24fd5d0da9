"""Rebuild the opening book of :class:`qttt_edu.players.PerfectPlayer`.

The book holds, for every position up to a given move (one entry for a
position and its 7 symmetric images), under each scoring, the exact value and
the actions the perfect player chooses among: when losing, all the actions of
rules 1 and 2 of its docstring; otherwise up to three best actions found in a
random order. Actions are written in the frame of the canonical image (see
``qttt_edu.solver.book_key``).
Deeper positions are solved on the spot fast enough; the first moves are not.

Usage::

    python tools/build_book.py                 # writes qttt_edu/data/book.json
    python tools/build_book.py --max-move 2 --out /tmp/book.json --scoring seed
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path

from qttt_edu.core import Action, Position
from qttt_edu.players import sample_best_actions
from qttt_edu.solver import SCORINGS, Solver, book_key, map_action

BOOK = Path(__file__).resolve().parent.parent / "qttt_edu" / "data" / "book.json"


def book_positions(max_move: int) -> list[Position]:
    """One position per symmetry class: every unfinished position before move ``max_move + 1``.

    That is, every position whose next move is at most ``max_move``, including
    those with a collapse pending.
    """
    found = {book_key(Position())[0]: Position()}
    frontier = [Position()]
    while frontier:
        nxt = []
        for pos in frontier:
            for code in pos.legal_actions():
                child = pos.child(code)
                if child.outcome is not None or child.next_move > max_move:
                    continue
                key = book_key(child)[0]
                if key not in found:
                    found[key] = child
                    nxt.append(child)
        frontier = nxt
    # deepest first: their searches fill the table the shallow ones then reuse
    return sorted(found.values(), key=lambda p: (-p.next_move, p.pending))


def build(max_move: int, scorings: list[str]) -> dict[str, object]:
    positions = book_positions(max_move)
    out: dict[str, object] = {"format": 1, "max_move": max_move, "scorings": {}}
    for scoring in scorings:
        solver = Solver(scoring)
        entries = {}
        start = time.process_time()
        for i, pos in enumerate(positions):
            key, g = book_key(pos)
            # up to three best actions (all of rule 2 when losing), in a reproducible order
            value, codes = sample_best_actions(solver, pos, random.Random(key), 3)
            entries[format(key, "x")] = [
                value,
                sorted(map_action(Action(c), g).code for c in codes),
            ]
            if i % 50 == 0:
                print(
                    f"{scoring}: {i}/{len(positions)} {time.process_time() - start:.0f}s",
                    flush=True,
                )
        out["scorings"][scoring] = entries  # type: ignore[index]
        print(f"{scoring}: {len(entries)} positions in {time.process_time() - start:.0f}s CPU")
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-move", type=int, default=3, help="deepest next move in the book")
    parser.add_argument("--scoring", choices=SCORINGS, action="append", help="default: all")
    parser.add_argument("--out", type=Path, default=BOOK)
    args = parser.parse_args()
    book = build(args.max_move, args.scoring or list(SCORINGS))
    if args.out.exists() and args.scoring:
        # rebuilding some scorings keeps the others
        old = json.loads(args.out.read_text("utf-8"))
        if old.get("max_move") == args.max_move:
            old["scorings"].update(book["scorings"])
            book = old
    args.out.write_text(json.dumps(book, separators=(",", ":"), sort_keys=True) + "\n", "utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
