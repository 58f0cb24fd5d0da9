"""The board widget and its controls as Python sees them.

:class:`BoardWidget` is the anywidget whose ES module (``board.js``) draws the
board, the collapse choice, the entanglement graph, the explanation and the
realities from a :func:`qttt_edu.view.view_model` dict. The page sends each click
as a message: ``{"type": "square", "square": 5}`` for a mark, ``{"type": "choose",
"square": 5}`` for a collapse choice (its button, or a square while one is pending),
``{"type": "offer"}`` or ``{"type": "show"}`` for the status line's button; the widget
hands it to one handler and decides nothing. With ``readonly`` set (the
teacher's dashboard) the page shows the same picture and offers nothing to click.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

from ..i18n import t

__all__ = ["BoardWidget"]

_HERE = pathlib.Path(__file__).parent
#: the status line's buttons: the computer takes a gone opponent's seat ("offer"), and a
#: warm-up shows what it kept back ("show")
STATUS_BUTTONS = ("offer", "show")


def page_css(name: str) -> str:
    """The style sheet ``name`` of this folder, with the buttons' icons (``icons.css``)."""
    return "\n".join((_HERE / part).read_text(encoding="utf-8") for part in (name, "icons.css"))


class BoardWidget(anywidget.AnyWidget):
    """The board, choice, graph, explanation and realities, drawn in the page from ``view``.

    ``view`` is a :func:`qttt_edu.view.view_model` dict plus an ``event``
    (``seq``, ``animate``, ``focus``). The page sends ``{"type", "square"}``
    messages; :meth:`on_action` registers who answers them.
    """

    _esm = _HERE / "board.js"
    _css = page_css("board.css")
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
        if kind in STATUS_BUTTONS:  # the status line's buttons have no square
            square = 0
        if kind not in ("square", "choose", *STATUS_BUTTONS) or not isinstance(square, int):
            return
        if self._handler is not None:
            self._handler(kind, square)
