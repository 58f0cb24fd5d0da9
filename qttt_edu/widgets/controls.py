"""The rows of controls under the board: undo/redo/new, timeline, record, settings.

:class:`Controls` makes the ipywidgets, lays out the app (title, board, rows,
the shared-game panel) and redraws the controls from a game. It decides nothing:
each control calls the handler the app connects to it.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core import Game
from ..i18n import LANGUAGES, get_language, t
from .openings import opening_menu, render_menu

__all__ = [
    "OPPONENTS",
    "Controls",
    "available_languages",
    "available_opponents",
    "button",
    "row",
    "show",
]

#: opponent names offered in the app -> the class implementing them in ``qttt_edu.players``
OPPONENTS: dict[str, str] = {
    "random": "RandomPlayer",
    "heuristic": "HeuristicPlayer",
    "perfect": "PerfectPlayer",
}


def available_opponents() -> list[str]:
    """The computer opponents ``qttt_edu.players`` provides, by their names in the app."""
    try:
        from .. import players
    except ImportError:
        return []
    return [name for name, cls in OPPONENTS.items() if hasattr(players, cls)]


def available_languages() -> list[str]:
    """The languages of ``LANGUAGES`` whose catalog has the app's messages (``widget.json``)."""
    from importlib import resources

    folder = resources.files("qttt_edu").joinpath("locales")
    return [lang for lang in LANGUAGES if folder.joinpath(lang).joinpath("widget.json").is_file()]


Wrap = Callable[..., Callable[..., None]]

_BUTTONS = (
    ("undo_button", "qttt-undo", "undo", "widget_undo"),
    ("redo_button", "qttt-redo", "redo", "widget_redo"),
    ("new_button", "qttt-new", "new", "widget_new"),
    ("load_button", "qttt-load", "load", "widget_load"),
    ("save_button", "qttt-save", "copy", "widget_save"),
)


# The app's widgets are made and shown the same way everywhere (here and in shared.py).


def button(cls: str, icon: str, handler: Callable[..., None] | None = None) -> Any:
    """A button that fits its label, with the CSS class ``cls`` and the kit's own ``icon``
    (one of ``icons.css``, drawn by the board's and the shared panel's style sheets)."""
    made = w.Button(layout=w.Layout(width="auto"))
    made.add_class(cls)
    made.add_class("qttt-icon")
    made.add_class(f"qttt-icon-{icon}")
    if handler is not None:
        made.on_click(handler)
    return made


def row(*children: Any, **layout: str) -> Any:
    """A row of the app's controls."""
    box = w.HBox(list(children), layout=w.Layout(**layout))
    box.add_class("qttt-controls")
    return box


def show(widget: Any, shown: bool) -> None:
    """Show or hide ``widget`` without removing it."""
    widget.layout.display = "flex" if shown else "none"


class Controls:
    """The app's ipywidgets controls; ``wrap(handler)`` makes a handler safe to call."""

    def __init__(self, wrap: Wrap, *, computer_plays: str) -> None:
        self._wrap = wrap
        self.title = w.HTML()
        made = {name: button(cls, icon) for name, cls, icon, _key in _BUTTONS}
        self.undo_button = made["undo_button"]
        self.redo_button = made["redo_button"]
        self.new_button = made["new_button"]
        self.load_button = made["load_button"]
        self.save_button = made["save_button"]
        self.timeline = w.IntSlider(
            min=0,
            max=0,
            value=0,
            # Only the user's own moves of the handle: with continuous updates the browser
            # also sends back every value the app sets, and a late echo would rewind the game.
            continuous_update=False,
            layout=w.Layout(width="360px", max_width="100%"),
            style={"description_width": "initial"},
        )
        self.timeline.add_class("qttt-timeline")
        self.timeline_length = w.HTML()
        self.timeline_length.add_class("qttt-timeline-length")
        self.log_label = w.HTML()
        self.log = w.HTML()
        self.log.add_class("qttt-log")
        self.record_input = w.Text(layout=w.Layout(width="280px", max_width="100%"))
        self.record_input.add_class("qttt-record-input")
        self._build_selects(computer_plays)

    def _build_selects(self, computer_plays: str) -> None:
        initial = {"style": {"description_width": "initial"}}
        self.opponent_select = w.Dropdown(**initial)
        self.opponent_select.add_class("qttt-opponent")
        self.side_select = w.Dropdown(
            options=["X", "O"], value=computer_plays, layout=w.Layout(width="auto"), **initial
        )
        self.side_select.add_class("qttt-computer-side")
        languages = available_languages()
        self.language_select = w.Dropdown(
            options=[(LANGUAGES[lang], lang) for lang in languages],
            value=get_language() if get_language() in languages else languages[0],
            layout=w.Layout(width="auto"),
            **initial,
        )
        self.language_select.add_class("qttt-language")
        self.opening_select = opening_menu()  # each lesson's warm-up positions (openings.py)

    def connect(self, **handlers: Callable[..., None]) -> None:
        """Call ``handlers[name]`` (wrapped) when the control ``name`` is used."""
        for name, *_rest in _BUTTONS:
            getattr(self, name).on_click(self._wrap(handlers[name.removesuffix("_button")]))
        for name, widget in (
            ("timeline", self.timeline),
            ("opponent", self.opponent_select),
            ("side", self.side_select),
            ("language", self.language_select),
            ("opening", self.opening_select),
        ):
            widget.observe(self._wrap(handlers[name]), names="value")

    def layout(self, board: Any, shared: Any) -> Any:
        """The whole app: title, board, the rows of controls, the shared-game panel."""

        app = w.VBox(
            [
                self.title,
                board,
                # What a student reaches for first (a new game, the computer as opponent,
                # their language) shares the row under the board: on a 1366x768 laptop the
                # rows below it start under the fold.
                row(
                    self.undo_button,
                    self.redo_button,
                    self.new_button,
                    self.opponent_select,
                    self.side_select,
                    self.language_select,
                ),
                # a shared game before the lesson tools: in a class, "New shared game" is
                # the first thing students are told to press
                shared,
                row(self.opening_select),
                row(self.timeline, self.timeline_length),
                row(self.log_label, self.log, align_items="baseline"),
                row(self.record_input, self.load_button, self.save_button),
            ],
            layout=w.Layout(padding="8px 12px", grid_gap="8px", max_width="100%"),
        )
        app.add_class("qttt-app")
        return app

    # --- drawing ----------------------------------------------------------------------

    def render(
        self,
        game: Game,
        *,
        opponent: str,
        custom: Any,
        computer_plays: str,
        room: str = "",
    ) -> None:
        """Redraw every control from ``game`` (call with the app's observers muted).

        ``room`` is a shared game's headline (its code and who plays), shown beside the
        title, in view above the board; "" when the game is not shared. In a shared game
        only the language may change: the game belongs to both players, so undo, redo,
        the timeline, loading and opponents are off.
        """
        shared = bool(room)
        length = len(game.timeline)
        slider = self.timeline
        with slider.hold_sync():
            if length >= slider.max:
                slider.max = length
                slider.value = game.ply
            else:
                slider.value = game.ply
                slider.max = length
        slider.disabled = shared
        self.timeline_length.value = html.escape(t("widget_timeline_of", length=length))
        self.undo_button.disabled = shared or not game.can_undo
        self.redo_button.disabled = shared or not game.can_redo
        for control in (self.new_button, self.load_button, self.opponent_select):
            control.disabled = shared
        self.log.value = f"<code>{html.escape(game.record())}</code>"
        self._render_texts(opponent != "human", room)
        self._render_selects(opponent, custom, computer_plays)
        render_menu(self.opening_select, disabled=shared)

    def _render_texts(self, has_player: bool, room: str) -> None:
        """Every label of the controls (they depend only on the language)."""
        strip = f' <span class="qttt-room-strip">{html.escape(room)}</span>' if room else ""
        self.title.value = f'<h2 class="qttt-title">{html.escape(t("widget_title"))}{strip}</h2>'
        for name, _cls, _icon, key in _BUTTONS:
            labelled = getattr(self, name)
            labelled.description = t(key)
            labelled.tooltip = t(f"{key}_tooltip")
        self.timeline.description = t("widget_timeline")
        self.timeline.tooltip = t("widget_timeline_tooltip")
        label = html.escape(t("widget_log_label"))
        self.log_label.value = f'<b class="qttt-panel-title">{label}:</b>'
        self.record_input.placeholder = t("widget_record_placeholder")
        self.record_input.tooltip = t("widget_record_tooltip")
        self.side_select.description = t("widget_computer_side")
        show(self.side_select, has_player)
        self.language_select.description = t("widget_language")
        self.opponent_select.description = t("widget_opponent")

    def _render_selects(self, opponent: str, custom: Any, computer_plays: str) -> None:
        options = [("human", t("widget_opponent_human"))]
        options += [(n, t(f"widget_opponent_{n}")) for n in available_opponents()]
        if custom is not None:
            options.append(("custom", t("widget_opponent_custom", name=type(custom).__name__)))
        labelled = tuple((label, name) for name, label in options)
        # Options are reset only when they change: each reset makes the browser send
        # the selection back.
        with self.opponent_select.hold_sync():  # options and choice in one message
            if tuple(self.opponent_select.options) != labelled:
                self.opponent_select.options = labelled
            self.opponent_select.value = opponent
        self.side_select.value = computer_plays
        self.language_select.value = get_language()
