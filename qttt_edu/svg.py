"""A dependency-free SVG picture of the board (what a bare ``game`` shows in Jupyter).

Classical marks are large, spooky marks small with their move number as a
subscript. A spooky mark always sits at the same spot inside a square, the spot
of its move number on a 3x3 keypad (X1 top left, O2 top middle, ... X9 bottom
right), so the two halves of a pair are easy to find. While a collapse is
pending, the cycle's squares get a dashed outline and a "cycle" tag, the
cycle's marks a dashed box and the stems a dotted one. The last move has a solid
frame. Completed lines are struck through. Meaning never rests on colour alone,
and every square carries a ``<title>`` that screen readers announce.

>>> from qttt_edu import Game
>>> svg = board_svg(Game.from_record("1-2 2-5"))
>>> svg.startswith("<svg") and "X<tspan" in svg
True
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import Any

from .core import Game, Position, as_position, mark_name
from .i18n import t
from .view import MARK_CELL, board_view, square_xy

__all__ = ["COLORS", "SvgBoard", "board_svg"]

#: Okabe-Ito colours, safe for the common colour-vision deficiencies.
COLORS = {
    "X": "#0072B2",
    "O": "#D55E00",
    "highlight": "#E69F00",
    "secondary": "#009E73",
    "grid": "#333333",
    "faint": "#767676",
}

_FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"


class SvgBoard(str):
    """SVG text that Jupyter displays as a picture (``_repr_svg_``, ``_repr_html_``)."""

    def _repr_svg_(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return str(self)


def _f(x: float) -> str:
    """A coordinate with at most one decimal: short, exact enough for a screen."""
    return f"{x:.1f}".rstrip("0").rstrip(".")


def _mark_text(x: float, y: float, name: str, font: float, weight: str = "normal") -> str:
    """A mark such as X3 centred on (x, y): the letter, then the move number as a subscript."""
    color = COLORS[name[0]]
    sub = font * 0.62
    return (
        f'<text x="{_f(x)}" y="{_f(y + font * 0.27)}" font-size="{_f(font)}" fill="{color}" '
        f'text-anchor="middle" font-weight="{weight}">{name[0]}'
        f'<tspan dy="{_f(font * 0.22)}" font-size="{_f(sub)}">{name[1:]}</tspan></text>'
    )


def board_svg(
    game: Game | Position,
    *,
    size: int = 300,
    highlight_last: bool = True,
    show_numbers: bool = True,
    selected: Iterable[int] = (),
    outcome: bool = True,
) -> SvgBoard:
    """Draw the board as SVG text.

    Parameters
    ----------
    game : Game or Position
        What to draw. The last move can only be highlighted for a ``Game``
        (a ``Position`` does not know how it was reached).
    size : int
        Width and height in pixels.
    highlight_last : bool
        Frame the marks of the last move (or the squares the last collapse filled).
    show_numbers : bool
        Print the square numbers 1-9 in the squares' corners.
    selected : iterable of int
        Squares to outline heavily, e.g. the first square a player clicked.
    outcome : bool
        Strike a finished game's lines and name the winner in the title. ``False``
        draws the marks alone and says only that the game is over, for a question
        that asks who won.

    Returns
    -------
    SvgBoard
        A ``str`` with ``_repr_svg_``: a notebook cell ending in it shows the board.
        Each square is a ``<g>`` with ``id="square-N"`` and ``data-square="N"``.
    """
    pos = as_position(game)
    if isinstance(size, bool) or not isinstance(size, int) or size < 60:
        raise ValueError(t("svg_bad_size", size=repr(size)))
    chosen = set(selected)
    if not chosen <= set(range(1, 10)):
        raise ValueError(t("svg_bad_selected", squares=sorted(chosen, key=str)))
    pad = size * 0.02
    cell = (size - 2 * pad) / 3

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" role="img" font-family="{_FONT}">',
        f"<title>{escape(_board_title(pos, outcome))}</title>",
        f'<rect width="{size}" height="{size}" fill="#ffffff"/>',
    ]
    for sq in board_view(game):
        x0 = pad + sq["col"] * cell
        y0 = pad + sq["row"] * cell
        out.extend(_square(sq, x0, y0, cell, size, highlight_last, show_numbers, chosen))
    out.extend(_grid(pad, cell, size))
    if pos.outcome is not None and outcome:
        for line in pos.outcome.lines:
            out.append(_strike(line.squares, line.player, pad, cell, size))
    out.append("</svg>")
    return SvgBoard("".join(out))


def _square(
    sq: dict[str, Any],
    x0: float,
    y0: float,
    cell: float,
    size: int,
    highlight_last: bool,
    show_numbers: bool,
    chosen: set[int],
) -> list[str]:
    """One square as a ``<g>``: its background, frames, number and marks."""
    s = sq["square"]
    filled = highlight_last and sq["filled"]
    out = [f'<g id="square-{s}" data-square="{s}" class="square">']
    out.append(f"<title>{escape(_square_title(sq))}</title>")
    # An invisible-border rect as a click target and background for the whole square.
    out.append(
        f'<rect x="{_f(x0)}" y="{_f(y0)}" width="{_f(cell)}" height="{_f(cell)}" '
        f'fill="{"#fff6e0" if filled else "#ffffff"}"/>'
    )
    if filled:
        out.append(_frame(x0 + 3, y0 + 3, cell - 6, cell - 6, COLORS["faint"], 1.2, "", 4))
    if sq["cycle"]:
        dashes = f'stroke-dasharray="{_f(size / 40)} {_f(size / 80)}"'
        width = max(2.0, size / 120)
        out.append(
            _frame(x0 + 4, y0 + 4, cell - 8, cell - 8, COLORS["highlight"], width, dashes, 6)
        )
        out.append(_tag(x0 + cell - 6, y0 + 5, t("view_graph_cycle"), cell * 0.1))
    if s in chosen:
        out.append(_frame(x0 + 2, y0 + 2, cell - 4, cell - 4, "#000000", 3.5, "", 4))
    if show_numbers:
        out.append(
            f'<text x="{_f(x0 + cell * 0.07)}" y="{_f(y0 + cell * 0.16)}" '
            f'font-size="{_f(cell * 0.13)}" fill="{COLORS["faint"]}">{s}</text>'
        )
    if sq["classical"]:
        name = sq["classical"]["mark"]
        out.append(_mark_text(x0 + cell * 0.47, y0 + cell * 0.5, name, cell * 0.52))
    for mark in sq["spooky"]:
        out.extend(_spooky_mark(mark, x0, y0, cell, size, highlight_last))
    out.append("</g>")
    return out


def _grid(pad: float, cell: float, size: int) -> list[str]:
    """The grid: two lines each way, drawn over the squares' backgrounds."""
    out = []
    style = (
        f'stroke="{COLORS["grid"]}" stroke-width="{_f(max(1.5, size / 150))}" '
        f'stroke-linecap="round"/>'
    )
    for i in (1, 2):
        p = pad + i * cell
        out.append(f'<line x1="{_f(p)}" y1="{_f(pad)}" x2="{_f(p)}" y2="{_f(size - pad)}" {style}')
        out.append(f'<line x1="{_f(pad)}" y1="{_f(p)}" x2="{_f(size - pad)}" y2="{_f(p)}" {style}')
    return out


def _spooky_mark(
    mark: dict[str, Any], x0: float, y0: float, cell: float, size: int, highlight_last: bool
) -> list[str]:
    """A spooky mark at its spot in the square whose corner is (x0, y0), framed and underlined
    as the board view says: dashed on the cycle, dotted on a stem, underlined if placed last."""
    out = []
    name = mark["mark"]
    sub = cell * MARK_CELL
    cx = x0 + cell * mark["at"][0]
    cy = y0 + cell * mark["at"][1]
    box = (cx - sub * 0.47, cy - sub * 0.42, sub * 0.94, sub * 0.84)
    if mark["cycle"]:
        dash = f'stroke-dasharray="{_f(size / 100)} {_f(size / 200)}"'
        out.append(_frame(*box, COLORS["highlight"], 1.5, dash, 3))
    elif mark["stem"]:
        dash = 'stroke-dasharray="1.5 2.5" stroke-linecap="round"'
        out.append(_frame(*box, COLORS["secondary"], 1.5, dash, 3))
    last = highlight_last and mark["last"]
    font = sub * 0.78
    out.append(_mark_text(cx, cy, name, font, "bold" if last else "normal"))
    if last:
        # The last move is underlined (under the letter, clear of the subscript):
        # visible without colour and distinct from the cycle and stem frames.
        y = cy + font * 0.5
        out.append(
            f'<line x1="{_f(cx - font * 0.52)}" y1="{_f(y)}" x2="{_f(cx + font * 0.1)}" '
            f'y2="{_f(y)}" stroke="#000000" stroke-width="{_f(max(1.5, size / 200))}" '
            f'stroke-linecap="round"/>'
        )
    return out


def _frame(
    x: float, y: float, w: float, h: float, color: str, width: float, extra: str, radius: float
) -> str:
    return (
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" rx="{_f(radius)}" '
        f'fill="none" stroke="{color}" stroke-width="{_f(width)}" {extra}/>'
    )


def _tag(right: float, top: float, text: str, font: float) -> str:
    """A small label with a light background, right-aligned at (right, top)."""
    width = font * (0.62 * len(text) + 0.8)
    return (
        f'<rect x="{_f(right - width)}" y="{_f(top)}" width="{_f(width)}" '
        f'height="{_f(font * 1.35)}" rx="{_f(font * 0.3)}" fill="{COLORS["highlight"]}"/>'
        f'<text x="{_f(right - width / 2)}" y="{_f(top + font * 1.0)}" font-size="{_f(font)}" '
        f'text-anchor="middle" fill="#000000">{escape(text)}</text>'
    )


def _strike(squares: tuple[int, int, int], player: str, pad: float, cell: float, size: int) -> str:
    def centre(s: int) -> tuple[float, float]:
        col, row = square_xy(s)
        return pad + (col + 0.5) * cell, pad + (row + 0.5) * cell

    (x1, y1), (x2, y2) = centre(squares[0]), centre(squares[2])
    # stretch the stroke a little past the outer centres so it reads as "through the line"
    dx, dy = (x2 - x1) * 0.18, (y2 - y1) * 0.18
    title = escape(t("svg_line_title", player=player, line="-".join(map(str, squares))))
    return (
        f"<g><title>{title}</title>"
        f'<line x1="{_f(x1 - dx)}" y1="{_f(y1 - dy)}" x2="{_f(x2 + dx)}" y2="{_f(y2 + dy)}" '
        f'stroke="{COLORS[player]}" stroke-width="{_f(size / 40)}" stroke-linecap="round" '
        f'stroke-opacity="0.55"/></g>'
    )


def _board_title(pos: Position, outcome: bool = True) -> str:
    if pos.outcome is not None:
        if not outcome:
            return t("svg_title_over")
        if pos.outcome.winner is None:
            return t("svg_title_draw")
        return t("svg_title_won", player=pos.outcome.winner)
    if pos.pending:
        n, a, b = pos.spooky[-1]
        return t("svg_title_pending", mark=mark_name(n), chooser=pos.to_act, a=a, b=b)
    return t("svg_title_move", player=pos.to_act, move=pos.next_move)


def _square_title(sq: dict[str, Any]) -> str:
    """What a screen reader says for a square of :func:`qttt_edu.view.board_view`."""
    s = sq["square"]
    if sq["classical"]:
        return t("svg_square_classical", square=s, mark=sq["classical"]["mark"])
    if not sq["spooky"]:
        return t("view_square_empty", square=s)
    listing = ", ".join(
        t("svg_spooky_item", mark=m["mark"], other=m["partner"]) for m in sq["spooky"]
    )
    key = "svg_square_spooky_cycle" if sq["cycle"] else "svg_square_spooky"
    return t(key, square=s, marks=listing)
