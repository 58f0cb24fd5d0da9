"""View models from the real :func:`qttt_edu.view.view_model`, written as JSON for the page tests.

board.js draws whatever dict Python sends; its unit tests (``tests/js/board.test.js``, run by
Node's own test runner) read these files, so the page is tested against the view model the
Python of this checkout makes, never a hand-written copy. ``tests/test_page_js.py`` writes them
into a temporary folder before it runs ``node --test``; by hand::

    python -m tests.view_fixtures build/view-fixtures
    QTTT_VIEW_FIXTURES=build/view-fixtures node --test tests/js/

Each case is the view as :class:`qttt_edu.widgets.app.GameApp` sends it: the view model plus
the page ``event`` (``seq``, ``animate``, ``focus``).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from qttt_edu import Game, set_language
from qttt_edu.view import view_model

#: a finished game in which both players completed a line: O's (highest mark 8) wins,
#: X's (highest 9) came later
TWO_LINES = "2-7 6-9 2-6 3-6 1-9 2-7 c7 5-8 4-8 4-5 c4"


def _event(seq: int, *, animate: bool = False, focus: int | None = None) -> dict[str, Any]:
    return {"seq": seq, "animate": animate, "focus": focus}


def _collapsed() -> dict[str, Any]:
    game = Game.from_record("1-2 2-5 1-5")  # X3 closes the cycle 1-2-5 (Goff's Fig. 4)
    game.collapse(1)
    return {**view_model(game), "event": _event(2, animate=True, focus=1)}


def _offer() -> dict[str, Any]:
    """A shared game whose opponent (O) is away while X is to move: the offer."""
    view = view_model(Game.from_record("1-2"))
    view["status"]["offer"] = {
        "note": "Bo (O) is away",
        "button": "Let the computer play O",
        "tooltip": "Your opponent left or is away",
    }
    return {**view, "event": _event(1)}


def _warm_up() -> dict[str, Any]:
    """Plan 00's warm-up cycle from the app's menu, its answers held back (as the app sends it)."""
    from qttt_edu.widgets import GameApp

    app = GameApp(computer_delay=0)
    app.controls.opening_select.value = "00.cycle"
    return dict(app.board.view)


def _danish() -> dict[str, Any]:
    set_language("da")
    try:
        return {**view_model(Game.from_record("1-2 2-5")), "event": _event(1)}
    finally:
        set_language("en")


CASES: dict[str, Callable[[], dict[str, Any]]] = {
    "empty": lambda: {**view_model(Game()), "event": _event(0)},
    "selected": lambda: {**view_model(Game.from_record("1-2"), selected=5), "event": _event(1)},
    "spooky": lambda: {**view_model(Game.from_record("1-2 2-5")), "event": _event(1)},
    "pending": lambda: {**view_model(Game.from_record("1-2 2-5 1-5")), "event": _event(1)},
    # O4 closes the cycle 1-2; O2 (2-3) and X3 (3-4, diagonal) are its stems
    "stems": lambda: {**view_model(Game.from_record("1-2 2-3 3-4 1-2")), "event": _event(1)},
    "collapsed": _collapsed,
    "two_lines": lambda: {**view_model(Game.from_record(TWO_LINES)), "event": _event(1)},
    "thinking": lambda: {
        **view_model(Game.from_record("1-2 2-5 1-5"), thinking=True, computer="O"),
        "event": _event(1),
    },
    "refusal": lambda: {
        **view_model(Game.from_record("1-2"), message=("refusal", "Not allowed: X1 is there")),
        "event": _event(1),
    },
    "danish": _danish,
    "offer": _offer,
    "warm_up": _warm_up,
}


def write(folder: Path) -> list[Path]:
    """Write one ``<case>.json`` per case into ``folder``; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in CASES.items():
        path = folder / f"{name}.json"
        path.write_text(json.dumps(make(), ensure_ascii=False, indent=1), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for path in write(Path(sys.argv[1] if len(sys.argv) > 1 else "build/view-fixtures")):
        print(path)
