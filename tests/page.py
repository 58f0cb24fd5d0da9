"""The game app's page, seen from Python: the messages a click sends, and what it shows.

Tests and benchmarks drive :class:`~qttt_edu.widgets.GameApp` through the messages its
page sends, never through the app's insides. board.js sends a click on square ``n`` as
``{"type": "choose", "square": n}`` while a collapse is pending, else as
``{"type": "square", "square": n}``; a collapse button sends ``"choose"``.
:func:`click` and :func:`choose` send exactly those (through
:meth:`~qttt_edu.widgets.board.BoardWidget.send_action`, the page's own way in). What
the page shows is read from the view model it is sent (``app.board.view``): the text
and label of a square, the text and tooltip of a choice button. The CSS classes the page
gives a square come from board.js alone, tested without a browser in
``tests/js/board.test.js``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["choice_text", "choice_tooltip", "choose", "choosing", "click", "square_label"]
__all__ += ["offer_shown", "offer_text", "offer_tooltip", "square_text", "take_offer"]


_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(mark: str) -> str:
    """A mark with its move number as Unicode subscript digits: ``"X3"`` -> ``"X₃"``."""
    return mark[0] + mark[1:].translate(_SUBSCRIPTS)


def choosing(app: Any) -> bool:
    """Is a collapse pending (so the page sends a click on a square as "choose")?"""
    view = app.board.view
    return bool(view.get("pending")) and view.get("phase") != "over"


def click(app: Any, *squares: int) -> None:
    """Click each square in turn, as the page sends it."""
    for square in squares:
        kind = "choose" if choosing(app) else "square"
        app.board.send_action({"type": kind, "square": square})


def choose(app: Any, square: int) -> None:
    """Click the collapse button that puts the mark in ``square``."""
    app.board.send_action({"type": "choose", "square": square})


def square_text(app: Any, square: int) -> str:
    """The marks a square shows: ``"X₁ O₂"``, or its classical mark, or ``""``."""
    data = app.board.view["squares"][square - 1]
    if data["classical"]:
        return subscript(data["classical"]["mark"])
    return " ".join(subscript(m["mark"]) for m in data["spooky"])


def square_label(app: Any, square: int) -> str:
    """What a screen reader says of a square (also its tooltip)."""
    return str(app.board.view["squares"][square - 1]["label"])


def _choice(app: Any, square: int) -> dict[str, Any] | None:
    pending = app.board.view.get("pending")
    if not pending:
        return None
    return next((c for c in pending["buttons"] if c["square"] == square), None)


def choice_text(app: Any, square: int) -> str:
    """The text of the collapse button for ``square`` (``""`` if there is none)."""
    choice = _choice(app, square)
    return "" if choice is None else str(choice["text"])


def choice_tooltip(app: Any, square: int) -> str:
    """The tooltip of the collapse button for ``square`` (``""`` if there is none)."""
    choice = _choice(app, square)
    return "" if choice is None else str(choice["tooltip"])


def _offer(app: Any) -> dict[str, Any] | None:
    offer = app.board.view.get("status", {}).get("offer")
    return dict(offer) if offer else None


def offer_shown(app: Any) -> bool:
    """Does the status line offer to let the computer play a gone opponent?"""
    return _offer(app) is not None


def offer_text(app: Any) -> str:
    """The text of the status line's offer button (``""`` if there is none)."""
    offer = _offer(app)
    return "" if offer is None else str(offer["button"])


def offer_tooltip(app: Any) -> str:
    """The tooltip of the status line's offer button (``""`` if there is none)."""
    offer = _offer(app)
    return "" if offer is None else str(offer["tooltip"])


def take_offer(app: Any) -> None:
    """Click the status line's offer button, as the page sends it."""
    app.board.send_action({"type": "offer"})
