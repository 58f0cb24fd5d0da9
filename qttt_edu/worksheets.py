"""Printable worksheets: game sheets, puzzles and their answer sheets (PDF and PNG).

The game works on paper, and a class often starts there. This module draws, on
A4 pages in black and white (X and O told apart by shape, never by colour):

* a **game sheet**: three large boards whose squares have room for the nine
  spooky marks (move *n* goes in small cell *n*), each with nine dots to draw the
  entanglement graph and lines for the record;
* a **puzzle sheet**: six positions built from records, each with a question;
* an **answer sheet**: the answers, computed from the same records by the rules
  engine (:mod:`qttt_edu.core`) and the ensemble (:mod:`qttt_edu.quantum`), never
  typed by hand.

Command line::

    python -m qttt_edu.worksheets --out DIR [--lang da] [--lang fi ...] [--lang all]

writes ``game_sheet.<lang>.pdf``, ``puzzles.<lang>.pdf``, ``answers.<lang>.pdf``
and a PNG of each page into ``DIR``.

>>> [p.number for p in PUZZLES]
[1, 2, 3, 4, 5, 6]
>>> solve(PUZZLES[0]).outcomes[1]
{1: 'X3', 2: 'X1', 5: 'O2'}
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .core import Game, Outcome, Position, mark_name
from .i18n import LANGUAGES, get_language, set_language, t

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "PUZZLES",
    "Answer",
    "Puzzle",
    "answers_figure",
    "draw_board",
    "game_sheet_figure",
    "main",
    "puzzles_figure",
    "solve",
    "write_worksheets",
]

# A4 in millimetres; every drawing below is laid out in page millimetres.
PAGE_W, PAGE_H = 210.0, 297.0
MM_PER_INCH = 25.4
MARGIN = 15.0
INK = "black"
GUIDE = "0.55"  # grey of the small-cell guides: visible when printed, quiet behind ink
PT_PER_MM = 72 / MM_PER_INCH


# --- the puzzles -------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A position (as a record) and the kind of question asked about it.

    ``kind`` is one of ``"collapse"``, ``"stems"``, ``"realities"``,
    ``"cycle_pairs"``, ``"avoid"`` and ``"ninth"``; ``fig`` cites Goff's paper
    when the position is one of his figures.
    """

    number: int
    kind: str
    record: str
    fig: int | None = None

    @property
    def position(self) -> Position:
        return Game.from_record(self.record).position


PUZZLES: tuple[Puzzle, ...] = (
    Puzzle(1, "collapse", "1-2 2-5 1-5", fig=4),
    Puzzle(2, "stems", "1-2 2-3 3-6 1-3"),
    Puzzle(3, "realities", "1-2 2-5", fig=3),
    Puzzle(4, "cycle_pairs", "1-2 2-6 5-9 8-9"),
    Puzzle(5, "avoid", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8"),
    Puzzle(6, "ninth", "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1"),
)


@dataclass
class Answer:
    """What the engine says about a puzzle.

    ``outcomes`` maps each square the pending mark may land in to the classical
    marks of the collapsed group; ``results`` maps it to the game's outcome after
    that choice (``None`` if the game goes on). ``lines`` are the answer's
    sentences in the current language, ``boards`` the positions to draw with
    their captions.
    """

    puzzle: Puzzle
    lines: list[str] = field(default_factory=list)
    boards: list[tuple[str, Position]] = field(default_factory=list)
    outcomes: dict[int, dict[int, str]] = field(default_factory=dict)
    results: dict[int, Outcome | None] = field(default_factory=dict)
    stems: dict[str, int] = field(default_factory=dict)
    realities: list[dict[int, str]] = field(default_factory=list)
    cycle_pairs: list[str] = field(default_factory=list)
    move: str = ""


def _marks_text(marks: dict[int, str]) -> str:
    return " ".join(f"{s}={m}" for s, m in sorted(marks.items()))


def _line(squares: Sequence[int]) -> str:
    return "-".join(map(str, squares))


def _result_text(outcome: Outcome | None) -> str:
    if outcome is None:
        return t("ws_a_goes_on")
    if outcome.winner is None:
        return t("ws_a_draw")
    first = outcome.lines[0]
    later = [ln for ln in outcome.lines if ln.player != outcome.winner]
    if later:
        return t(
            "ws_a_win_both",
            winner=outcome.winner,
            line=_line(first.squares),
            high=first.highest,
            loser=later[0].player,
            other=_line(later[0].squares),
            other_high=later[0].highest,
        )
    return t("ws_a_win", winner=outcome.winner, line=_line(first.squares))


def _collapse_parts(pos: Position, answer: Answer) -> None:
    answer.outcomes = pos.collapse_outcomes()
    for square in answer.outcomes:
        after = pos.child(100 + square)
        answer.results[square] = after.outcome
        answer.boards.append((f"c{square}", after))


def solve(puzzle: Puzzle) -> Answer:
    """Work out the answer to ``puzzle`` with the rules engine, in the current language."""
    from .quantum import realities

    pos = puzzle.position
    answer = Answer(puzzle)
    if puzzle.kind in ("collapse", "stems", "avoid"):
        n, _, _ = pos.spooky[-1]
        mark, chooser = mark_name(n), pos.to_act
        _collapse_parts(pos, answer)
        if puzzle.kind == "collapse":
            answer.lines.append(t("ws_a_chooser", chooser=chooser, mark=mark))
        for square, marks in answer.outcomes.items():
            text = t("ws_a_outcome", square=square, marks=_marks_text(marks))
            answer.lines.append(f"{text} → {_result_text(answer.results[square])}")
        if puzzle.kind == "stems":
            # A stem is a mark with one possible collapse: the same square either way.
            first, second = answer.outcomes.values()
            where = {m: s for s, m in first.items()}
            answer.stems = {m: s for s, m in second.items() if where[m] == s}
            if answer.stems:
                stems = ", ".join(t("ws_a_stem", mark=m, square=s) for m, s in answer.stems.items())
                answer.lines.append(t("ws_a_stems", stems=stems, count=len(answer.stems)))
            else:
                answer.lines.append(t("ws_a_no_stems"))
        if puzzle.kind == "avoid":
            safe = [
                f"c{s}"
                for s, out in answer.results.items()
                if out is None or out.winner in (None, chooser)
            ]
            if safe:
                answer.lines.append(t("ws_a_can_avoid", choices=", ".join(safe)))
            else:
                answer.lines.append(t("ws_a_cannot_avoid", chooser=chooser))
    elif puzzle.kind == "realities":
        answer.realities = realities(pos)
        answer.lines.append(t("ws_a_realities", count=len(answer.realities)))
        for i, board in enumerate(answer.realities, 1):
            answer.lines.append(f"  {i}. {_marks_text(board)}")
    elif puzzle.kind == "cycle_pairs":
        answer.cycle_pairs = [
            f"{code // 10}-{code % 10}" for code in pos.legal_actions() if pos.child(code).pending
        ]
        answer.lines.append(
            t(
                "ws_a_cycle_pairs",
                count=len(answer.cycle_pairs),
                pairs=", ".join(answer.cycle_pairs),
            )
        )
    elif puzzle.kind == "ninth":
        (code,) = pos.legal_actions()
        after = pos.child(code)
        answer.move = str(code)
        answer.lines.append(t("ws_a_ninth", square=code, move=answer.move))
        answer.lines.append(t("ws_a_result", result=_result_text(after.outcome)))
        answer.boards.append((answer.move, after))
    else:
        raise ValueError(f"unknown puzzle kind {puzzle.kind!r}")
    return answer


def question(puzzle: Puzzle) -> str:
    """The puzzle's question in the current language."""
    pos = puzzle.position
    fields: dict[str, object] = {"player": pos.to_act, "move": pos.next_move}
    if pos.pending:
        fields.update(mark=mark_name(pos.spooky[-1][0]), chooser=pos.to_act)
    return t(f"ws_q_{puzzle.kind}", **fields)


# --- drawing -------------------------------------------------------------------


def _new_page() -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(PAGE_W / MM_PER_INCH, PAGE_H / MM_PER_INCH))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, PAGE_W)
    ax.set_ylim(PAGE_H, 0)  # y grows downwards, like reading a page
    ax.set_axis_off()
    return fig, ax


def _text(ax: Axes, x: float, y: float, s: str, size: float = 10, **kw: object) -> None:
    ax.text(x, y, s, fontsize=size, color=INK, va=kw.pop("va", "top"), **kw)  # type: ignore[arg-type]


def _wrapped(ax: Axes, x: float, y: float, s: str, width_mm: float, size: float) -> float:
    """Write ``s`` wrapped to ``width_mm``; return the y just below it."""
    chars = max(10, int(width_mm / (size * 0.58 / PT_PER_MM)))
    lines = textwrap.wrap(s, chars) or [""]
    step = size * 1.35 / PT_PER_MM
    for i, line in enumerate(lines):
        _text(ax, x, y + i * step, line, size)
    return y + len(lines) * step


def _cross(ax: Axes, cx: float, cy: float, r: float, lw: float) -> None:
    ax.plot([cx - r, cx + r], [cy - r, cy + r], color=INK, lw=lw, solid_capstyle="round")
    ax.plot([cx - r, cx + r], [cy + r, cy - r], color=INK, lw=lw, solid_capstyle="round")


def _ring(ax: Axes, cx: float, cy: float, r: float, lw: float) -> None:
    from matplotlib.patches import Circle

    ax.add_patch(Circle((cx, cy), r, fill=False, ec=INK, lw=lw))


def draw_board(
    ax: Axes,
    x: float,
    y: float,
    size: float,
    position: Position | None = None,
    *,
    guides: bool = True,
    numbers: bool = True,
    marks: Mapping[int, str] | None = None,
) -> None:
    """Draw a board with its top-left corner at page millimetres ``(x, y)``.

    Classical marks are a large cross or ring with the move number beside it;
    spooky marks of move *n* sit in small cell *n* of both their squares, and the
    newest one is boxed while its cycle waits to collapse. ``guides`` draws the
    dotted small cells, ``numbers`` the square numbers in the corners. ``marks``
    (square -> mark name, e.g. a reality from :mod:`qttt_edu.quantum`) draws
    classical marks without a position.
    """
    from matplotlib.patches import Rectangle

    cell = size / 3
    sub = cell / 3
    heavy = max(1.2, size / 40)
    for k in (1, 2):
        ax.plot([x + k * cell] * 2, [y, y + size], color=INK, lw=heavy, solid_capstyle="butt")
        ax.plot([x, x + size], [y + k * cell] * 2, color=INK, lw=heavy, solid_capstyle="butt")
    classical = list(position.classical_moves if position is not None else (0,) * 10)
    for square, name in (marks or {}).items():
        classical[square] = int(name[1:])
    for s in range(1, 10):
        r, c = divmod(s - 1, 3)
        x0, y0 = x + c * cell, y + r * cell
        if guides and not classical[s]:
            for k in (1, 2):
                kw = {"color": GUIDE, "lw": 0.4, "ls": (0, (1, 2))}
                ax.plot([x0 + k * sub] * 2, [y0 + 1, y0 + cell - 1], **kw)  # type: ignore[arg-type]
                ax.plot([x0 + 1, x0 + cell - 1], [y0 + k * sub] * 2, **kw)  # type: ignore[arg-type]
        if numbers:
            ax.text(
                x0 + cell - 0.8,
                y0 + cell - 0.6,
                str(s),
                fontsize=max(5.0, size / 11),
                color=GUIDE,
                ha="right",
                va="bottom",
                fontweight="bold",
            )
        if classical[s]:
            move = classical[s]
            cx, cy = x0 + cell / 2, y0 + cell / 2
            lw = max(1.5, size / 22)
            if move % 2:
                _cross(ax, cx - cell * 0.06, cy - cell * 0.04, cell * 0.26, lw)
            else:
                _ring(ax, cx - cell * 0.06, cy - cell * 0.04, cell * 0.28, lw)
            # The move number sits top right, clear of the square number bottom right.
            ax.text(
                x0 + cell * 0.84,
                y0 + cell * 0.22,
                str(move),
                fontsize=max(6.0, size / 9),
                color=INK,
                ha="center",
                va="center",
            )
    if position is not None:
        newest = position.spooky[-1][0] if position.pending else None
        font = max(4.5, sub * PT_PER_MM * 0.42)
        for n, a, b in position.spooky:
            for s in (a, b):
                r, c = divmod(s - 1, 3)
                sr, sc = divmod(n - 1, 3)
                cx = x + c * cell + (sc + 0.5) * sub
                cy = y + r * cell + (sr + 0.5) * sub
                ax.text(cx, cy, mark_name(n), fontsize=font, color=INK, ha="center", va="center")
                if n == newest:
                    ax.add_patch(
                        Rectangle(
                            (cx - sub * 0.48, cy - sub * 0.38),
                            sub * 0.96,
                            sub * 0.76,
                            fill=False,
                            ec=INK,
                            lw=0.9,
                        )
                    )


def _key(ax: Axes, x: float, y: float) -> None:
    """A small legend: the square numbers and where move n's spooky mark goes."""
    size = 14.0
    for left, label in ((x, t("ws_squares_key")), (x + 24, t("ws_cells_key"))):
        for k in range(4):
            ax.plot([left, left + size], [y + k * size / 3] * 2, color=INK, lw=0.5)
            ax.plot([left + k * size / 3] * 2, [y, y + size], color=INK, lw=0.5)
        for s in range(1, 10):
            r, c = divmod(s - 1, 3)
            ax.text(
                left + (c + 0.5) * size / 3,
                y + (r + 0.5) * size / 3,
                str(s) if left == x else f"n={s}",
                fontsize=6 if left == x else 4.2,
                ha="center",
                va="center",
                color=INK,
            )
        _wrapped(ax, left, y + size + 1.5, label, 22, 6)


def _header(ax: Axes, title: str, hint: str, page: int, with_key: bool = True) -> float:
    _text(ax, MARGIN, MARGIN - 3, title, 15, fontweight="bold")
    width = PAGE_W - 2 * MARGIN - (48 if with_key else 0)
    bottom = _wrapped(ax, MARGIN, MARGIN + 6, hint, width, 8.5)
    if with_key:
        _key(ax, PAGE_W - MARGIN - 40, MARGIN - 4)
    _text(ax, PAGE_W / 2, PAGE_H - 7, t("ws_footer", page=page), 6.5, ha="center")
    return max(bottom, MARGIN + 20) + 4


def game_sheet_figure() -> Figure:
    """The game sheet: three boards with room for spooky marks, graphs and records."""
    fig, ax = _new_page()
    top = _header(ax, t("ws_blank_title"), t("ws_blank_hint"), 1)
    slot = (PAGE_H - 14 - top) / 3
    board = slot - 12
    for i in range(3):
        y = top + i * slot
        if i:
            ax.plot([MARGIN, PAGE_W - MARGIN], [y - 6] * 2, color=GUIDE, lw=0.5, ls=(0, (4, 3)))
        draw_board(ax, MARGIN, y, board)
        gx = MARGIN + board + 14
        _text(ax, gx, y, t("ws_graph_label"), 8.5, fontweight="bold")
        span = 30.0
        for s in range(1, 10):
            r, c = divmod(s - 1, 3)
            px, py = gx + 8 + c * span / 2, y + 9 + r * span / 2
            ax.plot(px, py, "o", color=INK, ms=3.2)
            ax.text(px + 1.5, py - 1.2, str(s), fontsize=7, color=INK, ha="left", va="bottom")
        _text(ax, gx, y + board - 22, t("ws_players_label"), 8)
        _text(ax, gx, y + board - 14, t("ws_record_label") + ":", 8.5, fontweight="bold")
        for k in range(2):
            ly = y + board - 6 + k * 7
            ax.plot([gx, PAGE_W - MARGIN], [ly, ly], color=INK, lw=0.5)
    return fig


def puzzles_figure(puzzles: Sequence[Puzzle] = PUZZLES) -> Figure:
    """Six puzzle positions (two columns, three rows) with their questions."""
    fig, ax = _new_page()
    top = _header(ax, t("ws_puzzles_title"), t("ws_puzzles_hint"), 1)
    col_w = (PAGE_W - 2 * MARGIN - 10) / 2
    row_h = (PAGE_H - 12 - top) / 3
    for i, puzzle in enumerate(puzzles[:6]):
        x = MARGIN + (i % 2) * (col_w + 10)
        y = top + (i // 2) * row_h
        title = t("ws_puzzle", n=puzzle.number)
        if puzzle.fig is not None:
            title += f"  ({t('ws_source', fig=puzzle.fig)})"
        _text(ax, x, y, title, 10, fontweight="bold")
        _text(ax, x, y + 5.2, puzzle.record, 7.5, family="monospace")
        _wrapped(ax, x, y + 10, question(puzzle), col_w, 8.5)
        # Room for three lines of question, so every board has the same size.
        size = min(row_h - 32, col_w * 0.75)
        draw_board(ax, x, y + 27, size, puzzle.position, guides=False)
    return fig


def answers_figure(puzzles: Sequence[Puzzle] = PUZZLES) -> Figure:
    """The answer sheet: each puzzle's answer computed by the engine, with boards."""
    fig, ax = _new_page()
    top = _header(ax, t("ws_answers_title"), t("ws_answers_hint"), 1, with_key=False)
    row_h = (PAGE_H - 12 - top) / len(puzzles[:6])
    small = min(row_h - 9, 34.0)
    for i, puzzle in enumerate(puzzles[:6]):
        y = top + i * row_h
        answer = solve(puzzle)
        _text(ax, MARGIN, y, t("ws_puzzle", n=puzzle.number), 10, fontweight="bold")
        boards = [(cap, pos, None) for cap, pos in answer.boards] + [
            (str(k), None, marks) for k, marks in enumerate(answer.realities, 1)
        ]
        text_w = PAGE_W - 2 * MARGIN - (len(boards) * (small + 6))
        below = y + 5.5
        for line in answer.lines:
            below = _wrapped(ax, MARGIN, below, line, text_w, 8)
        for k, (caption, pos, marks) in enumerate(boards):
            bx = PAGE_W - MARGIN - (len(boards) - k) * (small + 6) + 6
            _text(ax, bx + small / 2, y, caption, 8, ha="center", family="monospace")
            draw_board(ax, bx, y + 5, small, pos, guides=False, numbers=False, marks=marks)
        if i:
            ax.plot([MARGIN, PAGE_W - MARGIN], [y - 2.5] * 2, color=GUIDE, lw=0.4)
    return fig


# --- files ---------------------------------------------------------------------


def write_worksheets(
    out: str | Path, languages: Sequence[str] = ("en",), dpi: int = 150
) -> list[Path]:
    """Write every sheet as PDF and PNG into ``out`` for each language; return the paths.

    The current language is restored afterwards.
    """
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    before = get_language()
    written = []
    try:
        for lang in languages:
            set_language(lang)
            for name, make in (
                ("game_sheet", game_sheet_figure),
                ("puzzles", puzzles_figure),
                ("answers", answers_figure),
            ):
                fig = make()
                for ext in ("pdf", "png"):
                    path = folder / f"{name}.{lang}.{ext}"
                    fig.savefig(path, dpi=dpi, metadata=_metadata(ext, name))
                    written.append(path)
    finally:
        set_language(before)
    return written


def _metadata(ext: str, name: str) -> dict[str, str | None]:
    if ext == "pdf":
        # No creation date: the same sheets give the same bytes, so committed copies diff cleanly.
        return {"Title": f"qttt-edu {name}", "Creator": "qttt_edu.worksheets", "CreationDate": None}
    return {"Software": "qttt_edu.worksheets"}


def main(argv: list[str] | None = None) -> int:
    """Command line entry point: ``python -m qttt_edu.worksheets --out DIR [--lang xx]``."""
    parser = argparse.ArgumentParser(
        prog="python -m qttt_edu.worksheets", description=t("ws_cli_description")
    )
    parser.add_argument("--out", required=True, help=t("ws_cli_out"))
    parser.add_argument(
        "--lang", action="append", choices=[*sorted(LANGUAGES), "all"], help=t("ws_cli_lang")
    )
    parser.add_argument("--dpi", type=int, default=150, help=t("ws_cli_dpi"))
    args = parser.parse_args(argv)
    langs = args.lang or ["en"]
    if "all" in langs:
        langs = list(LANGUAGES)
    for path in write_worksheets(args.out, langs, dpi=args.dpi):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
