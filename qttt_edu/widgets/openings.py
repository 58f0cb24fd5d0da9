"""Each lesson's warm-up positions, one click away on the app's board.

A lesson plan (``lessons/plans/NN_*.md``) opens with a five-minute warm-up on the
board. With the app projected, the teacher picks the warm-up's positions from one
menu, in order, instead of typing records: :data:`OPENINGS` lists them per lesson,
and :func:`opening_menu` makes the app's menu. Each record is a legal game
(``tests/test_widgets.py`` replays every one); each name is the locale key
``widget_opening_<lesson>_<name>`` in every language.

>>> [name for lesson, name, _ in OPENINGS if lesson == "03"]
['triangle', 'fig5', 'stem']
>>> opening_record("00.cycle")
'1-5 5-9 1-9'
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..i18n import t

__all__ = ["OPENINGS", "opening_menu", "opening_options", "opening_record", "render_menu"]

#: (lesson, name, record) in the order a warm-up shows them (the plans' warm-ups)
OPENINGS: tuple[tuple[str, str, str], ...] = (
    ("00", "pair", "1-5"),
    ("00", "shared", "1-5 5-9"),
    ("00", "cycle", "1-5 5-9 1-9"),
    ("00", "collapse", "1-5 5-9 1-9 c1"),
    ("01", "two", "1-2"),
    ("01", "four", "1-2 4-5"),
    ("02", "forbidden", "1-2 2-5"),
    ("02", "tree", "1-2 2-5 5-6"),
    ("03", "triangle", "1-2 2-5 1-5"),
    ("03", "fig5", "1-2 2-5 1-5 c1"),
    ("03", "stem", "1-2 2-3 3-6 1-3"),
    ("04", "two_lines", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"),
    ("05", "poisoned", "4-6 3-8 5-7 1-7 1-5 c5 2-8"),
    ("05", "closed", "4-6 3-8 5-7 1-7 1-5 c5 2-8 2-8"),
    ("05", "o_line", "4-6 3-8 5-7 1-7 1-5 c5 2-8 2-8 c8"),
    ("06", "empty", ""),
    ("06", "first", "1-2"),
    ("06", "reply", "1-2 1-2"),
    ("07", "cycle", "1-2 2-5 1-5"),
    ("07", "heads", "1-2 2-5 1-5 c1"),
    ("07", "tails", "1-2 2-5 1-5 c5"),
)


def opening_record(value: str) -> str:
    """The record of the opening ``value`` (``"<lesson>.<name>"``); KeyError if none."""
    for lesson, name, record in OPENINGS:
        if f"{lesson}.{name}" == value:
            return record
    raise KeyError(value)


def opening_options() -> tuple[tuple[str, str], ...]:
    """The menu's (label, value) pairs in the current language; the first chooses none."""
    options = [(t("widget_opening_none"), "")]
    for lesson, name, _record in OPENINGS:
        label = t("widget_opening_label", lesson=lesson, name=t(f"widget_opening_{lesson}_{name}"))
        options.append((label, f"{lesson}.{name}"))
    return tuple(options)


def opening_menu() -> Any:
    """The menu: a dropdown of :func:`opening_options` (the app observes its value).

    It keeps the choice shown, so the arrow keys step on to the next position.
    """
    menu = w.Dropdown(
        options=opening_options(),
        value="",
        layout=w.Layout(width="auto", max_width="100%"),
        style={"description_width": "initial"},
    )
    menu.add_class("qttt-opening")
    return menu


def render_menu(menu: Any, disabled: bool) -> None:
    """Labels in the current language, the choice kept; off in a shared game (call with
    the app's observers muted: new options make the browser send the choice back)."""
    menu.description = t("widget_opening")
    menu.tooltip = t("widget_opening_tooltip")
    options = opening_options()
    if tuple(menu.options) != options:
        with menu.hold_sync():
            value = menu.value
            menu.options = options
            menu.value = value
    menu.disabled = disabled
