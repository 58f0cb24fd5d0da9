"""Printable sheets: a rule card, game sheets, puzzles and answer sheets (PDF and PNG).

The game works on paper, and a class often starts there. This module draws, on
A4 pages in black and white (X and O told apart by shape, never by colour):

* a one-page **rule card**: every rule of ``RULES.md`` in the class's language,
  with a spooky pair, a cycle and a collapse drawn from one real game;
* a **game sheet**: three large boards whose squares have room for the nine
  spooky marks (move *n* goes in small cell *n*; the square numbers are large
  pale figures behind them), each with nine dots to draw the entanglement graph
  and lines for the record;
* **puzzle sheets** at three levels, six positions each, built from records;
* **answer sheets**: the answers, computed from the same records by the rules
  engine (:mod:`qttt_edu.core`) and the ensemble (:mod:`qttt_edu.quantum`), never
  typed by hand;
* **handouts**: the exit tickets and the quiz of ``lessons/`` (or ``lessons/<lang>/``)
  with ruled lines to answer on and no answers (two tickets a page, to cut apart), and
  their answers and marking notes in a separate file, parsed from the Markdown by
  :func:`parse_handout`.

Command line::

    python -m qttt_edu.worksheets --out DIR [--lang da] [--lang all] [--sheet rule_card]

writes ``rule_card.<lang>``, ``game_sheet.<lang>``, ``puzzles_level<k>.<lang>`` and
``answers_level<k>.<lang>`` (k = 1, 2, 3), ``exit_tickets.<lang>``, ``quiz.<lang>`` and
their keys ``exit_tickets_answers.<lang>``, ``quiz_answers.<lang>`` as PDF and PNG into
``DIR`` (a PNG per page for a handout of several pages). The handouts need a checkout's
``lessons/`` folder; without one, the other sheets are still made.

>>> [(p.level, p.number) for p in PUZZLES][:7]
[(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 1)]
>>> solve_puzzle(LEVELS[2][2]).outcomes[1]
{1: 'X3', 2: 'X1', 5: 'O2'}
"""

from __future__ import annotations

import argparse
import errno
import io
import re
import sys
import textwrap
import unicodedata
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from .cli import Parser, silence, speaking
from .core import REMOVED_IN, Game, Outcome, Position, mark_name, other_player
from .i18n import LANGUAGES, catalog, get_language, number, set_language, t
from .view import board_view, graph_view, square_xy

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = [
    "HANDOUTS",
    "KINDS",
    "LEVELS",
    "PUZZLES",
    "SHEETS",
    "Answer",
    "Handout",
    "HandoutPart",
    "Puzzle",
    "answers_figure",
    "draw_paper_board",
    "game_sheet_figure",
    "handout_figures",
    "key_figures",
    "load_handout",
    "main",
    "missing_handouts",
    "parse_handout",
    "puzzles_figure",
    "rule_card_figure",
    "solve_puzzle",
    "write_worksheets",
]

# Old names, kept working with a warning: ``solve`` read like the solver's ``solve`` and
# ``draw_board`` like :func:`qttt_edu.drawing.draw_board`, which draw other things.
_RENAMED = {"solve": "solve_puzzle", "draw_board": "draw_paper_board"}


def __getattr__(name: str) -> object:
    if name in _RENAMED:
        new = _RENAMED[name]
        message = t("ws_renamed", old=name, new=new, release=REMOVED_IN)
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return globals()[new]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# A4 in millimetres; every drawing below is laid out in page millimetres.
PAGE_W, PAGE_H = 210.0, 297.0
MM_PER_INCH = 25.4
MARGIN = 15.0
INK = "black"
PALE = "0.85"  # grey of the square numbers behind a blank board's small cells
GUIDE = "0.55"  # grey of the small-cell guides: visible when printed, quiet behind ink
PT_PER_MM = 72 / MM_PER_INCH


# --- the puzzles -------------------------------------------------------------


@dataclass(frozen=True)
class Puzzle:
    """A position (as a record) and the kind of question asked about it.

    ``kind`` is one of :data:`KINDS`; ``fig`` cites Goff's paper when the
    position is one of his figures; ``level`` is the sheet (1-3) it is on;
    ``ask`` says what a ``"chance"`` puzzle asks about: ``"X1@1"`` (mark X1 ends
    in square 1) or ``"@4"`` (square 4 ends with no mark).
    """

    number: int
    kind: str
    record: str
    fig: int | None = None
    level: int = 1
    ask: str = ""

    @property
    def position(self) -> Position:
        return Game.from_record(self.record).position


# Three levels, six puzzles each. Level 1 fits after notebooks 00-01 (turns, a move,
# cycles, realities), level 2 after 02-03 (entanglement, chances, collapse, stems),
# level 3 after 04-05 (winning, simultaneous lines, the ninth move, strategy).
LEVELS: dict[int, tuple[Puzzle, ...]] = {
    1: (
        Puzzle(1, "next", "1-2 1-2 c1", level=1),
        Puzzle(2, "collapse", "1-5 5-9 1-9", level=1),
        Puzzle(3, "realities", "1-2 4-5", level=1),
        Puzzle(4, "cycle_pairs", "1-5 5-9", level=1),
        Puzzle(5, "count", "1-2 3-4 5-6", level=1),
        Puzzle(6, "winner", "1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c9", level=1),
    ),
    2: (
        Puzzle(1, "realities", "1-2 2-5", fig=3, level=2),
        Puzzle(2, "chance", "1-3 1-4 4-7", level=2, ask="X1@3"),
        Puzzle(3, "collapse", "1-2 2-5 1-5", fig=4, level=2),
        Puzzle(4, "stems", "1-2 2-3 3-6 1-3", level=2),
        Puzzle(5, "count", "1-2 2-5 5-6", level=2),
        Puzzle(6, "cycle_pairs", "1-2 2-6 5-9 8-9", level=2),
    ),
    3: (
        Puzzle(1, "winner", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5", level=3),
        Puzzle(2, "winner", "1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2", level=3),
        Puzzle(3, "avoid", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8", level=3),
        Puzzle(4, "ninth", "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1", level=3),
        Puzzle(5, "best", "2-3 2-4 5-7 2-9 4-7 5-9", level=3),
        Puzzle(6, "poisoned", "8-9 8-9 c8 1-7 2-6 1-5", level=3),
    ),
}
PUZZLES: tuple[Puzzle, ...] = tuple(p for level in LEVELS.values() for p in level)
KINDS = (
    "next",
    "collapse",
    "realities",
    "count",
    "cycle_pairs",
    "winner",
    "chance",
    "stems",
    "avoid",
    "ninth",
    "best",
    "poisoned",
)
# An answer draws at most this many realities; more are counted, not drawn.
MAX_DRAWN_REALITIES = 4


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
    count: int = 0
    chance: Fraction | None = None
    free: tuple[int, ...] = ()
    winning: list[str] = field(default_factory=list)
    poisoned: list[str] = field(default_factory=list)


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


def _pair(code: int) -> str:
    return f"{code // 10}-{code % 10}"


def solve_puzzle(puzzle: Puzzle) -> Answer:
    """Work out the answer to ``puzzle`` with the rules engine, in the current language."""
    if puzzle.kind not in KINDS:
        raise ValueError(f"unknown puzzle kind {puzzle.kind!r}")
    answer = Answer(puzzle)
    _SOLVERS[puzzle.kind](puzzle, answer)
    return answer


# --- one answer writer per kind of puzzle (solve_puzzle picks it) ---------------------------


def _answer_collapse(puzzle: Puzzle, answer: Answer) -> None:
    """collapse, stems, avoid, best: each possible collapse of the newest mark, and its result."""
    pos, kind = puzzle.position, puzzle.kind
    n, _, _ = pos.spooky[-1]
    mark, chooser = mark_name(n), pos.to_act
    _collapse_parts(pos, answer)
    if kind == "collapse":
        answer.lines.append(t("ws_a_chooser", chooser=chooser, mark=mark))
    for square, marks in answer.outcomes.items():
        text = t("ws_a_outcome", square=square, marks=_marks_text(marks))
        answer.lines.append(f"{text} → {_result_text(answer.results[square])}")
    if kind == "collapse":
        answer.lines.append(t("pz_a_then_moves", chooser=chooser, move=pos.next_move))
    elif kind == "stems":
        _answer_stems(answer)
    elif kind == "avoid":
        safe = [
            f"c{s}"
            for s, out in answer.results.items()
            if out is None or out.winner in (None, chooser)
        ]
        if safe:
            answer.lines.append(t("ws_a_can_avoid", choices=", ".join(safe)))
        else:
            answer.lines.append(t("ws_a_cannot_avoid", chooser=chooser))
    else:  # "best"
        answer.winning = [
            f"c{s}"
            for s, out in answer.results.items()
            if out is not None and out.winner == chooser
        ]
        if answer.winning:
            answer.lines.append(t("pz_a_best", chooser=chooser, choices=", ".join(answer.winning)))
        else:
            answer.lines.append(t("pz_a_no_best", chooser=chooser))


def _answer_stems(answer: Answer) -> None:
    # A stem is a mark with one possible collapse: the same square either way.
    first, second = answer.outcomes.values()
    where = {m: s for s, m in first.items()}
    answer.stems = {m: s for s, m in second.items() if where[m] == s}
    if answer.stems:
        stems = ", ".join(t("ws_a_stem", mark=m, square=s) for m, s in answer.stems.items())
        answer.lines.append(t("ws_a_stems", stems=stems, count=len(answer.stems)))
    else:
        answer.lines.append(t("ws_a_no_stems"))


def _answer_realities(puzzle: Puzzle, answer: Answer) -> None:
    """realities (list them) and count (how many, and why that number)."""
    from .quantum import count_realities, realities

    pos = puzzle.position
    answer.count = count_realities(pos)
    if puzzle.kind == "realities":
        answer.lines.append(t("ws_a_realities", count=answer.count))
        answer.realities = realities(pos)
        for i, board in enumerate(answer.realities, 1):
            answer.lines.append(f"  {i}. {_marks_text(board)}")
        answer.realities = answer.realities[:MAX_DRAWN_REALITIES]
        return
    # A group without a cycle has one reality per square (that square stays empty).
    groups = sorted({pos.component_of(a) for _, a, _ in pos.spooky}, key=min)
    factors = " × ".join(str(len(g)) for g in groups)
    if len(groups) > 1:
        factors += f" = {number(answer.count)}"
    answer.lines.append(t("pz_a_count", count=answer.count))
    answer.lines.append(t("pz_a_count_why", factors=factors))


def _answer_cycle_pairs(puzzle: Puzzle, answer: Answer) -> None:
    pos = puzzle.position
    answer.cycle_pairs = [_pair(code) for code in pos.legal_actions() if pos.child(code).pending]
    pairs = ", ".join(answer.cycle_pairs)
    answer.lines.append(t("ws_a_cycle_pairs", count=len(answer.cycle_pairs), pairs=pairs))


def _answer_ninth(puzzle: Puzzle, answer: Answer) -> None:
    (code,) = puzzle.position.legal_actions()
    after = puzzle.position.child(code)
    answer.move = str(code)
    answer.lines.append(t("ws_a_ninth", square=code, move=answer.move))
    answer.lines.append(t("ws_a_result", result=_result_text(after.outcome)))
    answer.boards.append((answer.move, after))


def _answer_next(puzzle: Puzzle, answer: Answer) -> None:
    pos = puzzle.position
    answer.free = pos.free_squares
    answer.lines.append(t("pz_a_next", player=pos.to_act, move=pos.next_move))
    taken = [s for s in range(1, 10) if s not in answer.free]
    answer.lines.append(t("pz_a_free", squares=list(answer.free), taken=taken))


def _answer_winner(puzzle: Puzzle, answer: Answer) -> None:
    answer.lines.append(t("ws_a_result", result=_result_text(puzzle.position.outcome)))
    answer.boards.append(("", puzzle.position))


def _answer_chance(puzzle: Puzzle, answer: Answer) -> None:
    from .quantum import count_realities, mark_odds, square_odds

    pos = puzzle.position
    mark, _, asked = puzzle.ask.partition("@")
    total = count_realities(pos)
    if mark:
        answer.chance = Fraction(mark_odds(pos, exact=True)[mark][int(asked)])
    else:
        answer.chance = Fraction(square_odds(pos, exact=True)[int(asked)].get("", 0))
    answer.count = total
    chance = f"{answer.chance.numerator}/{answer.chance.denominator}"
    answer.lines.append(t("pz_a_chance", chance=chance, k=answer.chance * total, n=total))


def _answer_poisoned(puzzle: Puzzle, answer: Answer) -> None:
    """The pairs that close a cycle and let the opponent win with the collapse."""
    pos = puzzle.position
    player = pos.to_act
    assert player is not None  # a puzzle is a position with a move to make
    opponent = other_player(player)
    closing = [code for code in pos.legal_actions() if pos.child(code).pending]
    for code in closing:
        after = pos.child(code)
        if any(
            (end := after.child(c).outcome) is not None and end.winner == opponent
            for c in after.legal_actions()
        ):
            answer.poisoned.append(_pair(code))
    answer.cycle_pairs = [_pair(code) for code in closing]
    answer.lines.append(
        t(
            "pz_a_poisoned",
            player=player,
            opponent=opponent,
            moves=", ".join(answer.poisoned) or "-",
            closing=", ".join(answer.cycle_pairs),
        )
    )


_SOLVERS: dict[str, Callable[[Puzzle, Answer], None]] = {
    "collapse": _answer_collapse,
    "stems": _answer_collapse,
    "avoid": _answer_collapse,
    "best": _answer_collapse,
    "realities": _answer_realities,
    "count": _answer_realities,
    "cycle_pairs": _answer_cycle_pairs,
    "ninth": _answer_ninth,
    "next": _answer_next,
    "winner": _answer_winner,
    "chance": _answer_chance,
    "poisoned": _answer_poisoned,
}


def question(puzzle: Puzzle) -> str:
    """The puzzle's question in the current language."""
    pos = puzzle.position
    fields: dict[str, object] = {"player": pos.to_act, "move": pos.next_move}
    if pos.pending:
        fields.update(mark=mark_name(pos.spooky[-1][0]), chooser=pos.to_act)
    if puzzle.kind == "poisoned" and pos.to_act is not None:
        fields.update(opponent=other_player(pos.to_act))
    if puzzle.kind == "chance":
        mark, _, square = puzzle.ask.partition("@")
        if mark:
            return t("pz_q_chance_mark", mark=mark, square=square)
        return t("pz_q_chance_empty", square=square)
    prefix = "ws" if f"ws_q_{puzzle.kind}" in catalog("en") else "pz"
    return t(f"{prefix}_q_{puzzle.kind}", **fields)


# --- drawing -------------------------------------------------------------------


def _new_page() -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(PAGE_W / MM_PER_INCH, PAGE_H / MM_PER_INCH))
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, PAGE_W)
    ax.set_ylim(PAGE_H, 0)  # y grows downwards, like reading a page
    ax.set_axis_off()
    return fig, ax


def _text(ax: Axes, x: float, y: float, s: str, size: float = 10, **kw: Any) -> None:
    ax.text(x, y, s, fontsize=size, color=INK, va=kw.pop("va", "top"), **kw)


def _lines(s: str, chars: int) -> list[str]:
    """``s`` broken into lines of at most about ``chars`` characters, never inside a word."""
    return textwrap.wrap(s, chars, break_long_words=False, break_on_hyphens=False) or [""]


def _wrapped(ax: Axes, x: float, y: float, s: str, width_mm: float, size: float) -> float:
    """Write ``s`` wrapped to ``width_mm``; return the y just below it."""
    chars = max(10, int(width_mm / (size * 0.58 / PT_PER_MM)))
    lines = _lines(s, chars)
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


def draw_paper_board(
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
    cell = size / 3
    heavy = max(1.2, size / 40)
    for k in (1, 2):
        ax.plot([x + k * cell] * 2, [y, y + size], color=INK, lw=heavy, solid_capstyle="butt")
        ax.plot([x, x + size], [y + k * cell] * 2, color=INK, lw=heavy, solid_capstyle="butt")
    classical = list(position.classical_moves if position is not None else (0,) * 10)
    for square, name in (marks or {}).items():
        classical[square] = int(name[1:])
    for s in range(1, 10):
        c, r = square_xy(s)
        x0, y0 = x + c * cell, y + r * cell
        if guides and not classical[s]:
            _paper_guides(ax, x0, y0, cell)
        if numbers:
            _paper_number(ax, x0, y0, size, s, blank=guides, marked=bool(classical[s]))
        if classical[s]:
            _paper_classical(ax, x0, y0, size, classical[s])
    if position is not None:
        _paper_spooky(ax, x, y, size, board_view(position))


def _paper_guides(ax: Axes, x0: float, y0: float, cell: float) -> None:
    """The dotted small cells of an empty square: room for spooky mark n in cell n."""
    sub = cell / 3
    for k in (1, 2):
        kw: dict[str, Any] = {"color": GUIDE, "lw": 0.4, "ls": (0, (1, 2))}
        ax.plot([x0 + k * sub] * 2, [y0 + 1, y0 + cell - 1], **kw)
        ax.plot([x0 + 1, x0 + cell - 1], [y0 + k * sub] * 2, **kw)


def _paper_number(
    ax: Axes, x0: float, y0: float, size: float, square: int, *, blank: bool, marked: bool
) -> None:
    cell = size / 3
    if not marked:
        # Every small cell is room for a spooky mark (move n in cell n), so the square
        # number is a large pale figure behind them and takes no cell (the key shows it).
        ax.text(
            x0 + cell / 2,
            y0 + cell / 2,
            str(square),
            # Full size behind a blank board's cells; smaller behind drawn marks.
            fontsize=cell * PT_PER_MM * (0.62 if blank else 0.4),
            color=PALE,
            ha="center",
            va="center",
            zorder=0,
        )
        return
    ax.text(
        x0 + cell - 0.8,
        y0 + cell - 0.6,
        str(square),
        fontsize=max(5.0, size / 11),
        color=GUIDE,
        ha="right",
        va="bottom",
        fontweight="bold",
    )


def _paper_classical(ax: Axes, x0: float, y0: float, size: float, move: int) -> None:
    """A classical mark: a large cross (X, odd moves) or ring (O) and its move number."""
    cell = size / 3
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


def _paper_spooky(
    ax: Axes, x: float, y: float, size: float, squares: Sequence[Mapping[str, Any]]
) -> None:
    """Spooky marks in move order, each in its two squares (the order the PDFs were made in)."""
    from matplotlib.patches import Rectangle

    cell = size / 3
    sub = cell / 3
    spooky = sorted(
        (
            (m["move"], sq["square"], sq["col"], sq["row"], m)
            for sq in squares
            for m in sq["spooky"]
        ),
        key=lambda entry: entry[:2],
    )
    font = max(4.5, sub * PT_PER_MM * 0.42)
    for _, _, col, row, mark in spooky:
        # Mark n sits in small cell n: the board view's slot, here a third of the square.
        sc, sr = square_xy(mark["slot"])
        cx = x + col * cell + (sc + 0.5) * sub
        cy = y + row * cell + (sr + 0.5) * sub
        ax.text(cx, cy, mark["mark"], fontsize=font, color=INK, ha="center", va="center")
        if mark["cycle"] and mark["newest"]:  # the mark that closed the pending cycle
            box = Rectangle(
                (cx - sub * 0.48, cy - sub * 0.38),
                sub * 0.96,
                sub * 0.76,
                fill=False,
                ec=INK,
                lw=0.9,
            )
            ax.add_patch(box)


def _key(ax: Axes, x: float, y: float) -> None:
    """A small legend: the square numbers (large and pale, as on the boards) and
    where move n's spooky mark goes (small cell n of a square)."""
    size = 14.0
    for left, label in ((x, t("ws_squares_key")), (x + 24, t("ws_cells_key"))):
        for k in range(4):
            ax.plot([left, left + size], [y + k * size / 3] * 2, color=INK, lw=0.5)
            ax.plot([left + k * size / 3] * 2, [y, y + size], color=INK, lw=0.5)
        for s in range(1, 10):
            c, r = square_xy(s)
            ax.text(
                left + (c + 0.5) * size / 3,
                y + (r + 0.5) * size / 3,
                str(s) if left == x else f"n={s}",
                fontsize=size / 3 * PT_PER_MM * 0.62 if left == x else 4.2,
                ha="center",
                va="center",
                color=PALE if left == x else INK,
                zorder=0,
            )
        _wrapped(ax, left, y + size + 1.5, label, 22, 6)


def _header(ax: Axes, title: str, hint: str, page: int, with_key: bool = True) -> float:
    width = PAGE_W - 2 * MARGIN - (48 if with_key else 0)
    # A long title (some languages) gets smaller type rather than running into the key.
    size = min(15.0, width / (len(title) * 0.62 / PT_PER_MM))
    _text(ax, MARGIN, MARGIN - 3, title, size, fontweight="bold")
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
        draw_paper_board(ax, MARGIN, y, board)
        gx = MARGIN + board + 14
        _text(ax, gx, y, t("ws_graph_label"), 8.5, fontweight="bold")
        span = 30.0
        for s in range(1, 10):
            c, r = square_xy(s)
            px, py = gx + 8 + c * span / 2, y + 9 + r * span / 2
            ax.plot(px, py, "o", color=INK, ms=3.2)
            ax.text(px + 1.5, py - 1.2, str(s), fontsize=7, color=INK, ha="left", va="bottom")
        _text(ax, gx, y + board - 22, t("ws_players_label"), 8)
        _text(ax, gx, y + board - 14, t("ws_record_label") + ":", 8.5, fontweight="bold")
        for k in range(2):
            ly = y + board - 6 + k * 7
            ax.plot([gx, PAGE_W - MARGIN], [ly, ly], color=INK, lw=0.5)
    return fig


def _level_title(key: str, level: int) -> str:
    return t(key, level=level, name=t(f"pz_level_{level}"))


def puzzles_figure(level: int = 1) -> Figure:
    """The six puzzles of ``level`` (two columns, three rows) with their questions."""
    puzzles = LEVELS[level]
    fig, ax = _new_page()
    top = _header(ax, _level_title("pz_puzzles_title", level), t("ws_puzzles_hint"), 1)
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
        draw_paper_board(ax, x, y + 27, size, puzzle.position, guides=False)
    return fig


def answers_figure(level: int = 1) -> Figure:
    """The answer sheet of ``level``: each answer computed by the engine, with boards."""
    puzzles = LEVELS[level]
    fig, ax = _new_page()
    top = _header(
        ax, _level_title("pz_answers_title", level), t("ws_answers_hint"), 1, with_key=False
    )
    row_h = (PAGE_H - 12 - top) / len(puzzles[:6])
    small = min(row_h - 9, 34.0)
    for i, puzzle in enumerate(puzzles[:6]):
        y = top + i * row_h
        answer = solve_puzzle(puzzle)
        _text(ax, MARGIN, y, t("ws_puzzle", n=puzzle.number), 10, fontweight="bold")
        _text(ax, MARGIN + 27, y + 0.6, puzzle.record, 7.5, family="monospace")
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
            draw_paper_board(ax, bx, y + 5, small, pos, guides=False, numbers=False, marks=marks)
        if i:
            ax.plot([MARGIN, PAGE_W - MARGIN], [y - 2.5] * 2, color=GUIDE, lw=0.4)
    return fig


# --- the rule card ----------------------------------------------------------------

# The card's three pictures, one game: X1 on 1-5, O2 on 5-9, X3 on 1-9 closes the cycle
# 1-5-9, and O (who did not close it) chooses square 1 for X3.
RULE_CARD_RECORD = "1-5 5-9 1-9 c1"
RULE_SECTIONS = ("board", "move", "graph", "cycle", "collapse", "after", "end", "both", "ninth")


def _graph(ax: Axes, x: float, y: float, span: float, position: Position) -> None:
    """The entanglement graph: nine numbered dots and one line per spooky pair.

    A pair whose straight line would run through a third dot (1-9 through 5, say) is
    drawn as an arc, so that a cycle such as 1-5, 5-9, 1-9 looks like one; a second pair
    on the same two squares bends the other way. The newest pair, waiting to collapse,
    is dashed.
    """
    from matplotlib.patches import FancyArrowPatch

    def dot(s: int) -> tuple[float, float]:
        c, r = square_xy(s)
        return x + c * span / 2, y + r * span / 2

    def through_a_dot(a: int, b: int) -> bool:
        (ca, ra), (cb, rb) = square_xy(a), square_xy(b)
        return (ra + rb) % 2 == 0 and (ca + cb) % 2 == 0  # the midpoint is a dot

    seen: dict[tuple[int, int], int] = {}
    for edge in graph_view(position)["edges"]:  # in move order, as the view model lists them
        a, b = edge["a"], edge["b"]
        # the newest mark on the cycle is the one that closed it and waits to collapse
        waiting = edge["newest"] and edge["cycle"]
        k = seen.get((a, b), 0)
        seen[(a, b)] = k + 1
        bend = 0.35 * (k + through_a_dot(a, b)) * (-1) ** k
        ax.add_patch(
            FancyArrowPatch(
                dot(a),
                dot(b),
                arrowstyle="-",
                connectionstyle=f"arc3,rad={bend}",
                color=INK,
                lw=1.1,
                ls=(0, (2.5, 1.5)) if waiting else "-",
                shrinkA=0,
                shrinkB=0,
            )
        )
    for s in range(1, 10):
        px, py = dot(s)
        ax.plot(px, py, "o", color=INK, ms=2.4)
        ax.text(px - 0.8, py - 0.6, str(s), fontsize=5, color=GUIDE, ha="right", va="bottom")


def _rule_card_steps() -> list[tuple[str, Position, str]]:
    """The card's three pictures: (title, position, caption), computed by the engine."""
    game = Game.from_record(RULE_CARD_RECORD)
    tokens = RULE_CARD_RECORD.split()
    pair = Game.from_record(tokens[0]).position
    cycle = Game.from_record(" ".join(tokens[:3])).position
    after = game.position
    n, a, b = cycle.spooky[-1]
    chooser, mark = cycle.to_act, mark_name(n)
    assert chooser is not None  # a pending collapse has a chooser
    square = int(tokens[3][1:])
    forced = ", ".join(
        f"{m} → {s}" for s, m in sorted(cycle.collapse_outcomes()[square].items()) if m != mark
    )
    first = pair.spooky[0]
    return [
        (
            t("rc_fig_pair"),
            pair,
            t("rc_cap_pair", mark=mark_name(first[0]), a=first[1], b=first[2]),
        ),
        (
            t("rc_fig_cycle"),
            cycle,
            t("rc_cap_cycle", mark=mark, a=a, b=b, chooser=chooser, closer=other_player(chooser)),
        ),
        (
            t("rc_fig_collapse"),
            after,
            t(
                "rc_cap_collapse",
                chooser=chooser,
                mark=mark,
                square=square,
                forced=forced,
                move=after.next_move,
            ),
        ),
    ]


def rule_card_figure() -> Figure:
    """The rules on one A4 page, with a spooky pair, a cycle and a collapse drawn."""
    fig, ax = _new_page()
    _text(ax, MARGIN, MARGIN - 3, t("rc_title"), 16, fontweight="bold")
    below = _wrapped(ax, MARGIN, MARGIN + 5, t("rc_intro"), PAGE_W - 2 * MARGIN, 8.5)
    _text(ax, PAGE_W / 2, PAGE_H - 7, t("ws_footer", page=1), 6.5, ha="center")
    # Three pictures in a row: a board above its entanglement graph, and a caption.
    top = below + 3
    col = (PAGE_W - 2 * MARGIN) / 3
    board, span = 36.0, 14.0
    bottom = top
    steps = _rule_card_steps()
    labels = [f"{i}. {title}" for i, (title, _, _) in enumerate(steps, 1)]
    # One type size for the three titles: the largest at which the longest fits.
    size = min(10.0, (col - 4) / (max(map(len, labels)) * 0.62 / PT_PER_MM))
    for i, ((_, pos, caption), label) in enumerate(zip(steps, labels, strict=True)):
        x = MARGIN + i * col
        _text(ax, x, top, label, size, fontweight="bold")
        draw_paper_board(ax, x, top + 7, board, pos, guides=False)
        gx = x + board + 3
        name = t("ws_graph_label")
        small = min(5.2, (col - board - 6) / (max(map(len, name.split())) * 0.6 / PT_PER_MM))
        graph_top = _wrapped(ax, gx, top + 9, name, col - board - 6, small) + 4
        _graph(ax, gx + 2.5, graph_top, span, pos)
        bottom = max(bottom, _wrapped(ax, x, top + board + 10, caption, col - 5, 8))
    ax.plot([MARGIN, PAGE_W - MARGIN], [bottom + 2] * 2, color=GUIDE, lw=0.5)
    # The rules, numbered, in two columns filled in order: the split that balances the
    # columns, at the largest type size (9.4 pt down to 7 pt) that fits above the note.
    gap = 8.0
    width = (PAGE_W - 2 * MARGIN - gap) / 2
    blocks = [(t(f"rc_h_{k}"), t(f"rc_{k}")) for k in RULE_SECTIONS]
    y0, room = bottom + 6, PAGE_H - 21 - (bottom + 6)

    def heights(size: float) -> list[float]:
        chars = max(10, int(width / (size * 0.58 / PT_PER_MM)))
        step = size * 1.35 / PT_PER_MM
        head = (size + 1) * 1.4 / PT_PER_MM
        return [len(_lines(body, chars)) * step + head + 2.5 for _, body in blocks]

    size, split = 9.4, 1
    while True:
        h = heights(size)
        split = min(range(1, len(h)), key=lambda k: max(sum(h[:k]), sum(h[k:])))
        if max(sum(h[:split]), sum(h[split:])) <= room or size <= 7:
            break
        size -= 0.2
    x, y = MARGIN, y0
    for k, (heading, body) in enumerate(blocks, 1):
        if k == split + 1:
            x, y = MARGIN + width + gap, y0
        _text(ax, x, y, f"{k}. {heading}", size + 1, fontweight="bold")
        y = _wrapped(ax, x, y + (size + 1) * 1.4 / PT_PER_MM, body, width, size) + 2.5
    _wrapped(ax, MARGIN, PAGE_H - 19, t("rc_record"), PAGE_W - 2 * MARGIN, 7.5)
    return fig


# --- handouts: the exit tickets and the quiz, questions apart from answers ------------

# The teacher material in a checkout: English at the top, a translation in lessons/<lang>/.
LESSONS = Path(__file__).resolve().parent.parent / "lessons"
HANDOUTS = ("exit_tickets", "quiz")
_COMMENT = re.compile(r"<!--.*?-->|<a id=[^>]*></a>", re.S)
_ITEM = re.compile(r"(\d+)\.\s+(.*)")


@dataclass(frozen=True)
class HandoutPart:
    """One section of a handout: its heading, its numbered questions (an item keeps its
    indented lines, such as a quiz question's options) and the teacher's part, the key."""

    heading: str
    questions: tuple[str, ...]
    key: tuple[str, ...]


@dataclass(frozen=True)
class Handout:
    """A parsed exit-ticket page or quiz: title, the note on records, and its parts."""

    name: str
    title: str
    note: str
    parts: tuple[HandoutPart, ...]


def _blocks(lines: Sequence[str]) -> list[str]:
    """Paragraphs and list items of ``lines``: a numbered line starts an item, a blank line
    ends one; an indented line stays with its item on a line of its own."""
    blocks: list[str] = []
    open_block = False
    for line in lines:
        if not line.strip():
            open_block = False
        elif open_block and not _ITEM.match(line):
            joiner = "\n" if line.startswith(" ") else " "
            blocks[-1] += joiner + line.strip()
        else:
            blocks.append(line.strip())
            open_block = True
    return blocks


def parse_handout(text: str, name: str) -> Handout:
    """Split a handout's Markdown into questions and key, by its structure alone.

    ``# `` is the title; the last paragraph before the first ``## `` explains records.
    An exit ticket's key starts at its first bold paragraph (**Answers.**); the quiz's
    key is every ``## `` section after the first (its questions). HTML comments (the
    engine's notes) and anchors are dropped.

    >>> h = parse_handout("# T\\n\\nabout\\n\\nnote\\n\\n## A\\n\\n1. q?\\n\\n**Key.**\\n1. a", "t")
    >>> h.note, h.parts[0].questions, h.parts[0].key
    ('note', ('1. q?',), ('**Key.**', '1. a'))
    """
    lines = _COMMENT.sub("", text).splitlines()
    title = next(line[2:].strip() for line in lines if line.startswith("# "))
    starts = [i for i, line in enumerate(lines) if line.startswith("## ")]
    head = [b for b in _blocks(lines[: starts[0]]) if not b.startswith("# ")]
    sections = [
        (lines[i][3:].strip(), _blocks(lines[i + 1 : j]))
        for i, j in zip(starts, [*starts[1:], len(lines)], strict=True)
    ]
    parts = []
    if name == "quiz":
        (heading, first), rest = sections[0], sections[1:]
        key = tuple(b for h, body in rest for b in (f"## {h}", *body))
        parts.append(HandoutPart(heading, tuple(first), key))
    else:
        for heading, body in sections:
            cut = next((k for k, b in enumerate(body) if b.startswith("**")), len(body))
            parts.append(HandoutPart(heading, tuple(body[:cut]), tuple(body[cut:])))
    return Handout(name, title, head[-1] if head else "", tuple(parts))


def load_handout(name: str, lang: str, lessons: Path | None = None) -> Handout:
    """The handout ``name`` (one of :data:`HANDOUTS`) in ``lang`` from the lessons folder."""
    lessons = LESSONS if lessons is None else lessons
    folder = lessons if lang == "en" else lessons / lang
    return parse_handout((folder / f"{name}.md").read_text(encoding="utf-8"), name)


def _plain(text: str) -> str:
    """Markdown's emphasis and code marks taken off, for print."""
    return text.replace("**", "").replace("`", "")


class _Flow:
    """Text poured down A4 pages: a new page starts when the next block does not fit."""

    def __init__(self, title: str) -> None:
        self.title, self.y = title, PAGE_H
        self.pages: list[Figure] = []
        self.ax: Axes | None = None

    def room(self, height: float) -> Axes:
        if self.ax is None or self.y + height > PAGE_H - 16:
            fig, self.ax = _new_page()
            self.pages.append(fig)
            _text(
                self.ax,
                PAGE_W / 2,
                PAGE_H - 7,
                t("ws_footer", page=len(self.pages)),
                6.5,
                ha="center",
            )
            self.y = _header_title(self.ax, self.title)
        return self.ax

    def write(
        self, text: str, size: float = 9.5, indent: float = 0.0, right: float = 0.0, **kw: Any
    ) -> None:
        """Write ``text`` wrapped between ``indent`` and ``right`` mm inside the margins."""
        width = PAGE_W - 2 * MARGIN - indent - right
        chars = max(10, int(width / (size * 0.58 / PT_PER_MM)))
        step = size * 1.35 / PT_PER_MM
        for line in _lines(text, chars):
            ax = self.room(step)
            _text(ax, MARGIN + indent, self.y, line, size, **kw)
            self.y += step

    def rules(self, count: int) -> None:
        """``count`` ruled lines to write an answer on."""
        for _ in range(count):
            ax = self.room(8)
            self.y += 8
            ax.plot([MARGIN + 6, PAGE_W - MARGIN], [self.y - 1.5] * 2, color=GUIDE, lw=0.5)


def _header_title(ax: Axes, title: str) -> float:
    size = min(15.0, (PAGE_W - 2 * MARGIN) / (len(title) * 0.62 / PT_PER_MM))
    _text(ax, MARGIN, MARGIN - 3, title, size, fontweight="bold")
    return MARGIN + 8


def _question(flow: _Flow, item: str, lines: int) -> None:
    first, *options = _plain(item).split("\n")
    match = _ITEM.match(first)
    number, body = match.groups() if match else ("", first)
    flow.room(16)  # a question starts where it and a line of answer fit
    flow.y += 2
    assert flow.ax is not None
    _text(flow.ax, MARGIN, flow.y, f"{number}.", 9.5, fontweight="bold")
    flow.write(body, indent=6)
    for option in options:
        flow.write(option, indent=10)
    flow.rules(1 if options else lines)


def handout_figures(handout: Handout) -> list[Figure]:
    """The student's pages: headings, the note on records, the questions and ruled lines
    to answer on. Nothing from a key is drawn (a test reads every text on the pages)."""
    flow = _Flow(_plain(handout.title))
    for k, part in enumerate(handout.parts):
        if handout.name == "exit_tickets" and k % 2 == 0 and k:
            flow.ax = None  # two tickets a page, to cut in half
        elif handout.name == "exit_tickets" and k % 2 and flow.ax is not None:
            flow.y = max(flow.y, PAGE_H / 2)
            flow.ax.plot(
                [MARGIN, PAGE_W - MARGIN], [flow.y - 3] * 2, color=GUIDE, lw=0.5, ls=(0, (4, 3))
            )
        flow.room(30)
        flow.y += 2
        ax = flow.room(12)  # the name line sits beside the heading: a ticket is cut apart
        _text(ax, PAGE_W - MARGIN, flow.y + 1, t("ho_name") + " ________________", 9, ha="right")
        flow.write(_plain(part.heading), 12, right=52, fontweight="bold")  # clear of the name
        if handout.note:
            flow.write(_plain(handout.note), 7.5)
        for item in part.questions:
            _question(flow, item, 3)
    return flow.pages


def key_figures(handout: Handout) -> list[Figure]:
    """The teacher's pages: each part's heading, then its key as the file writes it."""
    flow = _Flow(t("ho_key_title", title=_plain(handout.title)))
    for part in handout.parts:
        flow.room(20)
        flow.y += 3
        if handout.name != "quiz":  # the quiz's one heading names its questions, not its key
            flow.write(_plain(part.heading), 12, fontweight="bold")
        for block in part.key:
            bold = block.startswith("## ") or (block.startswith("**") and block.endswith("**"))
            flow.write(
                _plain(block.removeprefix("## ")), 9, fontweight="bold" if bold else "normal"
            )
            flow.y += 1
    return flow.pages


# --- files ---------------------------------------------------------------------

DPI_MIN, DPI_MAX = 50, 600
SHEETS = ("rule_card", "game_sheet", "puzzles", "answers", *HANDOUTS)


def _figures(
    sheets: Sequence[str], lang: str = "en", lessons: Path | None = None
) -> list[tuple[str, Callable[[], list[Figure]]]]:
    """(file stem, maker of its pages) for each file of ``sheets``, in a fixed order. A
    handout gives two files: the student's questions and, apart, the teacher's key."""
    out: list[tuple[str, Callable[[], list[Figure]]]] = []
    for sheet in SHEETS:
        if sheet not in sheets:
            continue
        if sheet == "rule_card":
            out.append(("rule_card", lambda: [rule_card_figure()]))
        elif sheet == "game_sheet":
            out.append(("game_sheet", lambda: [game_sheet_figure()]))
        elif sheet in HANDOUTS:
            handout = partial(load_handout, sheet, lang, lessons)
            out.append((sheet, lambda h=handout: handout_figures(h())))  # type: ignore[misc]
            out.append((f"{sheet}_answers", lambda h=handout: key_figures(h())))  # type: ignore[misc]
        else:
            make = puzzles_figure if sheet == "puzzles" else answers_figure
            for level in LEVELS:
                out.append((f"{sheet}_level{level}", lambda m=make, k=level: [m(k)]))  # type: ignore[misc]
    return out


def write_worksheets(
    out: str | Path,
    languages: Sequence[str] = ("en",),
    dpi: int = 150,
    sheets: Sequence[str] = SHEETS,
    formats: Sequence[str] = ("pdf", "png"),
    lessons: str | Path | None = None,
) -> list[Path]:
    """Write ``sheets`` as PDF and PNG into the folder ``out`` for each language.

    Returns the paths written. ``dpi`` (the PNGs' resolution) must be a whole number
    from 50 to 600; the current language is restored afterwards. The handouts are read
    from ``lessons`` (the checkout's ``lessons/`` folder); a handout of several pages is
    one PDF and one PNG per page (``quiz_page2.da.png``).
    """
    lessons = LESSONS if lessons is None else Path(lessons)
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not DPI_MIN <= dpi <= DPI_MAX:
        raise ValueError(f"dpi must be a whole number from {DPI_MIN} to {DPI_MAX}, not {dpi!r}")
    unknown = [s for s in sheets if s not in SHEETS]
    if unknown:
        raise ValueError(f"unknown sheet {unknown[0]!r}: choose from {', '.join(SHEETS)}")
    for lang in languages:
        catalog(lang)  # an unknown language is refused before anything is written
    missing = missing_handouts(sheets, languages, lessons)
    if missing:
        raise FileNotFoundError(errno.ENOENT, "a handout's Markdown is missing", str(missing[0]))
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    before = get_language()
    written = []
    try:
        for lang in languages:
            set_language(lang)
            for name, make in _figures(sheets, lang, lessons):
                written += _save_pages(make(), folder, name, lang, dpi, formats)
    finally:
        set_language(before)
    return written


def missing_handouts(
    sheets: Sequence[str], languages: Sequence[str], lessons: Path | None = None
) -> list[Path]:
    """The Markdown files the handouts among ``sheets`` need and ``lessons`` lacks."""
    lessons = LESSONS if lessons is None else lessons
    wanted = [
        (lessons if lang == "en" else lessons / lang) / f"{name}.md"
        for lang in languages
        for name in HANDOUTS
        if name in sheets
    ]
    return [path for path in wanted if not path.is_file()]


def _save_pages(
    pages: list[Figure], folder: Path, name: str, lang: str, dpi: int, formats: Sequence[str]
) -> list[Path]:
    """Save ``pages`` as one PDF and a PNG per page; return the paths."""
    from matplotlib.backends.backend_pdf import PdfPages

    written = []
    for ext in formats:
        if ext == "pdf" and len(pages) == 1:
            path = folder / f"{name}.{lang}.pdf"
            pages[0].savefig(path, dpi=dpi, metadata=_metadata(ext, name))
            written.append(path)
        elif ext == "pdf":
            path = folder / f"{name}.{lang}.pdf"
            with PdfPages(path, metadata=_metadata(ext, name)) as pdf:
                for fig in pages:
                    pdf.savefig(fig, dpi=dpi)
            written.append(path)
        else:
            written += [
                _page_png(fig, folder, name, k, len(pages), lang, dpi)
                for k, fig in enumerate(pages, 1)
            ]
    return written


def _page_png(fig: Figure, folder: Path, name: str, k: int, n: int, lang: str, dpi: int) -> Path:
    stem = name if n == 1 else f"{name}_page{k}"
    path = folder / f"{stem}.{lang}.png"
    _save_png(fig, path, dpi)
    return path


def _save_png(fig: Figure, path: Path, dpi: int) -> None:
    """Save a page as a small grey PNG: the sheets are black and white, so 16 greys keep
    every edge smooth at a third of the size of a colour image."""
    from io import BytesIO

    from PIL import Image, PngImagePlugin

    buffer = BytesIO()
    fig.savefig(buffer, format="png", dpi=dpi)
    buffer.seek(0)
    with Image.open(buffer) as image:
        grey = image.convert("L").quantize(16)
    info = PngImagePlugin.PngInfo()
    info.add_text("Software", "qttt_edu.worksheets")
    grey.save(path, optimize=True, dpi=(dpi, dpi), pnginfo=info)


def _metadata(ext: str, name: str) -> dict[str, str | None]:
    if ext == "pdf":
        # No creation date: the same sheets give the same bytes, so committed copies diff cleanly.
        return {"Title": f"qttt-edu {name}", "Creator": "qttt_edu.worksheets", "CreationDate": None}
    return {"Software": "qttt_edu.worksheets"}


# --- the command line -----------------------------------------------------------

# Letters an ASCII-only terminal cannot show, spelled the way their languages do.
_ASCII = str.maketrans(
    {"æ": "ae", "Æ": "Ae", "ø": "oe", "Ø": "Oe", "å": "aa", "Å": "Aa", "→": "->", "·": "-",
     "–": "-", "—": "-", "…": "...", "’": "'", "“": '"', "”": '"', "×": "x", "½": "1/2"}
)  # fmt: skip


def _for_terminal(text: str, stream: object) -> str:
    """``text`` as ``stream`` can print it: unchanged, or spelled out in plain letters."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        plain = unicodedata.normalize("NFKD", text.translate(_ASCII))
        plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
        return plain.encode(encoding, "replace").decode(encoding)


def _say(text: str, stream: IO[str] | io.TextIOBase | None, end: str = "\n") -> None:
    """Print ``text`` to ``stream`` in letters it can show. A stream that cannot take it (a
    closed pipe, a full disk) is silenced: the sheets are the result, the list is extra."""
    if stream is None:
        return
    try:
        stream.write(_for_terminal(text, stream) + end)
        stream.flush()
    except OSError:
        silence(stream)


def _quoted(value: str, limit: int = 60) -> str:
    """``value`` quoted for a message, its middle cut so it has at most ``limit`` characters
    (a path keeps its start and its file name)."""
    if len(value) > limit:
        half = (limit - 3) // 2
        value = value[:half] + "..." + value[-half:]
    return repr(value)


def _dpi(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not DPI_MIN <= value <= DPI_MAX:
        raise argparse.ArgumentTypeError(
            t("ws_cli_bad_dpi", value=_quoted(text), low=DPI_MIN, high=DPI_MAX)
        )
    return value


def _out(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError(t("ws_cli_empty_out"))
    if "\x00" in text:  # no file system allows it; only a call from Python can pass one
        raise argparse.ArgumentTypeError(t("ws_cli_bad_name", path=_quoted(text)))
    return text


def _parser(prog: str) -> Parser:
    parser = Parser(prog=prog, description=t("ws_cli_description"))
    folder = t("ws_cli_out_metavar")
    parser.add_argument("--out", required=True, type=_out, metavar=folder, help=t("ws_cli_out"))
    parser.add_argument(
        "--lang", action="append", choices=[*sorted(LANGUAGES), "all"], help=t("ws_cli_lang")
    )
    parser.add_argument(
        "--sheet", action="append", choices=SHEETS, help=t("ws_cli_sheet", sheets=", ".join(SHEETS))
    )
    parser.add_argument("--dpi", type=_dpi, default=150, metavar="DPI", help=t("ws_cli_dpi"))
    return parser


def main(argv: list[str] | None = None, prog: str = "python -m qttt_edu.worksheets") -> int:
    """Command line entry point: ``python -m qttt_edu.worksheets --out DIR [--lang xx]``
    (also ``qttt-edu worksheets``, named ``prog``).

    Every user error (a file or an impossible folder as ``--out``, an empty ``--out``,
    a resolution outside 50-600 dpi) is a short message and exit status 2, never a
    traceback; output works on ASCII-only terminals and into a pipe that closes early.
    Help and messages are in the first ``--lang`` given, else the environment's language.
    """
    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in):
        return _run(_parser(prog).parse_args(args_in))


def _run(args: argparse.Namespace) -> int:
    langs = args.lang or ["en"]
    if "all" in langs:
        langs = list(LANGUAGES)
    if args.lang and len(set(langs)) == 1:
        set_language(langs[0])  # messages in the sheets' language, if one was asked for
    folder = Path(args.out)
    try:
        if folder.exists() and not folder.is_dir():
            _say(t("ws_cli_not_folder", path=_quoted(args.out)), sys.stderr)
            return 2
        sheets = args.sheet or SHEETS
        if not args.sheet and missing_handouts(sheets, langs):
            # An installed copy without the lessons folder still makes every other sheet.
            sheets = [s for s in SHEETS if s not in HANDOUTS]
        missing = missing_handouts(sheets, langs)
        if missing:
            _say(t("ws_cli_no_handout", path=_quoted(str(missing[0]))), sys.stderr)
            return 2
        paths = write_worksheets(folder, langs, dpi=args.dpi, sheets=sheets)
    except OSError as err:
        reason = err.strerror or type(err).__name__
        _say(t("ws_cli_cannot_write", path=_quoted(args.out), reason=reason), sys.stderr)
        return 2
    # If the reader went away (``| head``), the sheets are still written: no error.
    _say("\n".join(map(str, paths)), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
