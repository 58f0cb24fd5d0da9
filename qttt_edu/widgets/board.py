"""The board widget and its controls as Python sees them.

:class:`BoardWidget` is the anywidget whose ES module (``board.js``) draws the
board, the collapse choice, the entanglement graph, the explanation and the
realities from a :func:`qttt_edu.view.view_model` dict. The page sends each click
as a message (``{"type": "square", "square": 5}``); the widget hands it to one
handler and decides nothing. With ``readonly`` set (the teacher's dashboard) the
page shows the same picture and offers nothing to click.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any, Protocol

import anywidget
import traitlets

from ..i18n import t

__all__ = ["BoardWidget", "PageControl", "subscript"]

_HERE = pathlib.Path(__file__).parent
_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(mark: str) -> str:
    """A mark with its move number as Unicode subscript digits: ``"X3"`` -> ``"X₃"``."""
    return mark[0] + mark[1:].translate(_SUBSCRIPTS)


class BoardWidget(anywidget.AnyWidget):
    """The board, choice, graph, explanation and realities, drawn in the page from ``view``.

    ``view`` is a :func:`qttt_edu.view.view_model` dict plus an ``event``
    (``seq``, ``animate``, ``focus``). The page sends ``{"type", "square"}``
    messages; :meth:`on_action` registers who answers them.
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"
    view = traitlets.Dict().tag(sync=True)
    readonly = traitlets.Bool(False).tag(sync=True)
    # what the page says when its kernel no longer answers (a restart, a laptop that
    # slept, a server stopped): the page cannot ask Python for these words then
    lost = traitlets.Dict().tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lost = {"message": t("widget_kernel_lost"), "reload": t("widget_kernel_reload")}
        self._handler: Callable[[str, int], None] | None = None
        self.on_msg(self._receive)

    def on_action(self, handler: Callable[[str, int], None]) -> None:
        self._handler = handler

    def _receive(self, _widget: Any, content: Any, _buffers: Any = None) -> None:
        try:
            self.send_action(content)
        finally:
            # every click is answered, whatever it did: a page whose click gets no
            # answer within 3 s knows its kernel is gone and says so
            ping = content.get("ping") if isinstance(content, dict) else None
            self.send({"type": "ack", "ping": ping if isinstance(ping, int) else None})

    def send_action(self, content: Any) -> None:
        """Handle a message exactly as one from the page (tests and benchmarks call this)."""
        if not isinstance(content, dict) or self.readonly:
            return
        kind, square = content.get("type"), content.get("square")
        if kind == "offer":  # the status line's offer has no square
            square = 0
        if kind not in ("square", "choose", "offer") or not isinstance(square, int):
            return
        if self._handler is not None:
            self._handler(kind, square)


class _HasBoard(Protocol):
    board: BoardWidget


class PageControl:
    """A square or a choice button of the page, seen from Python.

    ``click()`` sends the message the page sends; ``description`` and ``tooltip``
    read what the page shows from the view model (the names of the ipywidgets
    buttons the board used to be made of). The CSS classes the page gives a square
    come from board.js alone, tested without a browser in ``tests/js/board.test.js``.
    """

    def __init__(self, app: _HasBoard, kind: str, square: int) -> None:
        self._app, self._kind, self.square = app, kind, square

    def click(self) -> None:
        self._app.board.send_action({"type": self._kind, "square": self.square})

    def _data(self) -> dict[str, Any]:
        return dict(self._app.board.view["squares"][self.square - 1])

    @property
    def shown(self) -> bool:
        """Does the page show this control now (the offer only while it is made)?"""
        if self._kind == "offer":
            return self._offer() is not None
        if self._kind == "choose":
            return self._choice() is not None
        return True

    @property
    def description(self) -> str:
        if self._kind == "offer":
            offer = self._offer()
            return "" if offer is None else str(offer["button"])
        if self._kind == "choose":
            choice = self._choice()
            return "" if choice is None else str(choice["text"])
        sq = self._data()
        if sq["classical"]:
            return subscript(sq["classical"]["mark"])
        return " ".join(subscript(m["mark"]) for m in sq["spooky"])

    @property
    def tooltip(self) -> str:
        if self._kind == "offer":
            offer = self._offer()
            return "" if offer is None else str(offer["tooltip"])
        if self._kind == "choose":
            choice = self._choice()
            return "" if choice is None else str(choice["tooltip"])
        return str(self._data()["label"])

    def _choice(self) -> dict[str, Any] | None:
        pending = self._app.board.view.get("pending")
        if not pending:
            return None
        return next((c for c in pending["buttons"] if c["square"] == self.square), None)

    def _offer(self) -> dict[str, Any] | None:
        offer = self._app.board.view.get("status", {}).get("offer")
        return dict(offer) if offer else None
