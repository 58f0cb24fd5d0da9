"""One view model of a position: plain data every view draws from.

:func:`view_model` turns a :class:`~qttt_edu.core.Game` (or a bare
:class:`~qttt_edu.core.Position`) and the little state a screen adds (the first
square of a pair still waiting for its partner, a refusal to show, whether a
computer is thinking) into a dict of lists, strings, numbers, booleans and
``None``: JSON as it stands, computed once in Python. The app's page draws it
(``qttt_edu/widgets/board.js``); the SVG board (:mod:`qttt_edu.svg`), the
matplotlib board (:mod:`qttt_edu.drawing`) and the printed sheets
(:mod:`qttt_edu.worksheets`) draw its board part, :func:`board_view`, so what
is on the cycle, a stem, placed by the last action and where each mark sits is
decided here once. Nothing here decides a rule: every fact comes from
``qttt_edu.core`` and ``qttt_edu.entanglement``. Like them, this module needs
only the standard library.

Marks are written ``"X3"`` in the data; a view writes them its own way (the page
as X with a subscript 3, everywhere).

>>> import json
>>> from qttt_edu import Game
>>> vm = view_model(Game.from_record("1-2 2-3 3-6 1-3"))
>>> vm["phase"], vm["pending"]["mark"], vm["pending"]["cycle"], vm["pending"]["stems"]
('collapse', 'O4', [1, 2, 3], ['X3'])
>>> [(m["mark"], m["slot"], m["partner"]) for m in vm["squares"][0]["spooky"]]
[('X1', 1, 2), ('O4', 4, 3)]
>>> vm["pending"]["choices"], [step["mark"] for step in vm["pending"]["buttons"][0]["cascade"]]
([1, 3], ['O4', 'X1', 'O2', 'X3'])
>>> json.loads(json.dumps(vm)) == vm
True
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from .core import Action, Game, Outcome, Position, as_position, mark_name, player_of
from .entanglement import CascadeStep, CycleInfo, cascade, pending_cycle
from .i18n import get_language, t
from .notation import turn_prompt

__all__ = [
    "MARK_CELL",
    "board_geometry",
    "board_view",
    "graph_view",
    "mark_spot",
    "outcome_text",
    "position_prompt",
    "square_name",
    "square_xy",
    "view_model",
]

#: format of the dict; bump it when a key changes meaning
VERSION = 2

# The graph's geometry, in board units: square s sits at column (s-1) % 3, row (s-1) // 3.
NODE_RADIUS = 0.2
_PARALLEL_GAP = 0.2  # apex distance between neighbouring parallel arcs
_PASS_BEND = 0.24  # the least bend of an edge that would run straight through a third node
_LABEL_GAP = 0.26  # labels closer than this are moved along their arcs


def square_xy(square: int) -> tuple[int, int]:
    """The column and row (0-2) of a square 1-9, as on the board.

    >>> square_xy(1), square_xy(6), square_xy(8)
    ((0, 0), (2, 1), (1, 2))
    """
    return (square - 1) % 3, (square - 1) // 3


#: The side of a spooky mark's cell inside its square, in square units (a square is 1 x 1).
MARK_CELL = 0.26
_MARK_TOP = 0.205  # the mini-grid starts below the square's number in its corner


def mark_spot(slot: int) -> tuple[float, float]:
    """The centre of spooky mark slot 1-9 inside its square, in square units (0-1, y down).

    Mark n sits in slot n, the keypad spot of its move number (X1 top left, X9
    bottom right), in a 3 x 3 mini-grid of cells :data:`MARK_CELL` wide that
    leaves the square's top-left corner for its number. Every screen board (the
    SVG and the matplotlib one) puts marks here, so they sit alike.

    >>> mark_spot(1), mark_spot(5)
    ((0.24, 0.335), (0.5, 0.595))
    """
    col, row = square_xy(slot)
    x = (1 - 3 * MARK_CELL) / 2 + MARK_CELL * (col + 0.5)
    y = _MARK_TOP + MARK_CELL * (row + 0.5)
    return round(x, 4), round(y, 4)


# --- the board -------------------------------------------------------------------


def _mark(move: int) -> dict[str, Any]:
    return {"mark": mark_name(move), "player": player_of(move), "move": move}


def _spooky_view(
    pos: Position, square: int, cycle_marks: set[str], stems: set[str], placed: int | None
) -> list[dict[str, Any]]:
    """The spooky marks of ``square`` in move order; mark n sits in slot n of a 3x3 mini-grid.

    ``cycle_marks`` and ``stems`` name the marks on the pending cycle and its stems;
    ``placed`` is the move number of the pair the last action placed, if it did.
    """
    out = []
    for move, a, b in pos.spooky:
        if square not in (a, b):
            continue
        name = mark_name(move)
        x, y = mark_spot(move)
        out.append(
            {
                **_mark(move),
                "slot": move,
                "at": [x, y],
                "partner": b if square == a else a,
                "cycle": name in cycle_marks,
                "stem": name in stems,
                "newest": move == pos.spooky[-1][0],
                "last": move == placed,
            }
        )
    return out


def square_name(pos: Position, square: int) -> str:
    """The square's accessible name: the square and its marks in words.

    >>> from qttt_edu import Game
    >>> square_name(Game.from_record("1-2 2-3").position, 2)
    'Square 2: spooky X1, O2'
    """
    move = pos.classical_moves[square]
    if move:
        return t("view_square_classical", square=square, mark=mark_name(move))
    marks = pos.spooky_in(square)
    if marks:
        return t("view_square_spooky", square=square, marks=", ".join(marks))
    return t("view_square_empty", square=square)


def _full_label(pos: Position, square: int, selected: bool, last: bool, pending: str | None) -> str:
    """The accessible name, with what the square is for now: chosen, last move, a choice.

    ``pending`` is the mark that may land in this square, if it is one of the choices.
    """
    name = square_name(pos, square)
    if selected:
        name = t("view_square_selected", name=name)
    if last:
        name = t("view_square_last", name=name)
    if pending is not None:
        name = t("view_square_choosable", name=name, mark=pending)
    return name


class _LastFacts:
    """What the last action did to the board, as the board views mark it."""

    __slots__ = ("filled", "placed", "squares")

    def __init__(self, squares: set[int], placed: int | None, filled: set[int]) -> None:
        self.squares = squares  # the squares of the action's token (a pair: both)
        self.placed = placed  # the move number of the pair it placed, if it placed one
        self.filled = filled  # the squares it made classical (a collapse: the whole group)


_NO_LAST = _LastFacts(set(), None, set())


def _last_facts(game: Game | Position) -> _LastFacts:
    if not isinstance(game, Game) or not game.history:
        return _NO_LAST
    action = game.history[-1]
    pos = game.position
    if action.kind == "pair":
        return _LastFacts(set(action.squares), pos.next_move - 1, set())
    before = game.position_at(-2)
    filled = {s for s in range(1, 10) if pos.classical_moves[s] != before.classical_moves[s]}
    return _LastFacts(set(action.squares), None, filled)


def _squares_view(
    pos: Position,
    selected: int | None,
    last: _LastFacts,
    info: CycleInfo | None,
    lines: dict[int, str],
) -> list[dict[str, Any]]:
    cycle = set(info.squares) if info else set()
    choices = set(info.choices) if info else set()
    component = set(info.component) if info else set()
    cycle_marks = set(info.marks) if info else set()
    stems = set(info.stems) if info else set()
    out = []
    for s in range(1, 10):
        col, row = square_xy(s)
        move = pos.classical_moves[s]
        out.append(
            {
                "square": s,
                "col": col,
                "row": row,
                "label": _full_label(
                    pos,
                    s,
                    s == selected,
                    s in last.squares,
                    info.mark if info and s in choices else None,
                ),
                "classical": _mark(move) if move else None,
                "spooky": [] if move else _spooky_view(pos, s, cycle_marks, stems, last.placed),
                "selected": s == selected,
                "last": s in last.squares,
                "filled": s in last.filled,
                "cycle": s in cycle,
                "stem": s in component and s not in cycle,
                "choosable": s in choices,
                "line": lines.get(s),
            }
        )
    return out


def board_view(game: Game | Position, *, selected: int | None = None) -> list[dict[str, Any]]:
    """The nine squares as every board draws them: the ``squares`` of :func:`view_model`.

    The facts a board shows are decided here once, for the app, the SVG board
    (:mod:`qttt_edu.svg`), the matplotlib board (:mod:`qttt_edu.drawing`) and the
    printed sheets (:mod:`qttt_edu.worksheets`). Each square (``square``, ``col``,
    ``row``) has:

    * ``classical``: its classical mark (``mark``, ``player``, ``move``) or None;
    * ``spooky``: its spooky marks in move order, each with ``slot`` (mark n sits
      in slot n), ``at`` (:func:`mark_spot`), ``partner`` (its other square),
      ``cycle`` / ``stem`` (on the pending cycle / a stem of it), ``newest`` and
      ``last`` (placed by the last action);
    * ``cycle``, ``stem``, ``choosable``: on the pending cycle, in its component
      off the cycle, one of the two choices of the pending collapse;
    * ``last``: a square of the last action's token (a pair's two squares, the
      chosen square of a collapse); ``filled``: made classical by the last action
      (every square a collapse filled, or the ninth move's square);
    * ``selected``, ``line`` (``"winner"``/``"later"`` on a completed line) and
      ``label``, the accessible name.

    The last action is known only for a ``Game``; a ``Position`` has none.

    >>> from qttt_edu import Game
    >>> squares = board_view(Game.from_record("1-2 2-3 3-6 1-3"))
    >>> [(m["mark"], m["cycle"], m["stem"], m["last"]) for m in squares[2]["spooky"]]
    [('O2', True, False, False), ('X3', False, True, False), ('O4', True, False, True)]
    >>> [sq["square"] for sq in board_view(Game.from_record("1-2 1-2 c1")) if sq["filled"]]
    [1, 2]
    """
    pos = as_position(game)
    return _squares_view(
        pos,
        selected,
        _last_facts(game),
        pending_cycle(pos),
        _line_of_square(_outcome_lines(pos)),
    )


# --- the pending collapse --------------------------------------------------------


def _step_view(step: CascadeStep) -> dict[str, Any]:
    return {
        "mark": step.mark,
        "player": step.mark[0],
        "square": step.square,
        "left": step.left,
        "forced_by": step.forced_by,
        "on_cycle": step.on_cycle,
        "reason": step.reason,
    }


def _pending_view(pos: Position, info: CycleInfo | None) -> dict[str, Any] | None:
    """The pending collapse: ``mark``, ``player``, ``chooser``; ``choices``, the two squares
    the mark may land in (the core's ``PendingCollapse.choices``); ``cycle``, the cycle's
    squares in order (``CycleInfo.squares``), ``cycle_marks``, ``stems``, ``component``; and
    ``buttons``, one per choice with its text, tooltip and cascade. ``None`` if none is pending.
    """
    if info is None:
        return None
    buttons = []
    for square in info.choices:
        steps = [_step_view(step) for step in cascade(pos, square)]
        result = ", ".join(f"{step['mark']} → {step['square']}" for step in steps)
        buttons.append(
            {
                "square": square,
                "text": t("view_choose_button", mark=info.mark, square=square),
                "tooltip": t("view_choose_tooltip", mark=info.mark, square=square, marks=result),
                "cascade": steps,
            }
        )
    return {
        "mark": info.mark,
        "player": info.mark[0],
        "chooser": info.chooser,
        "choices": list(info.choices),
        "cycle": list(info.squares),
        "cycle_marks": list(info.marks),
        "stems": list(info.stems),
        "component": sorted(info.component),
        "buttons": buttons,
    }


# --- the last action, the outcome -------------------------------------------------


def _last_action_view(before: Position, action: Action) -> dict[str, Any]:
    """What the last action did; for a collapse, its cascade step by step."""
    move = before.spooky[-1][0] if action.kind == "collapse" else before.next_move
    out: dict[str, Any] = {
        "kind": action.kind,
        "token": str(action),
        "squares": list(action.squares),
        **_mark(move),
        "cascade": [],
    }
    if action.kind == "collapse":
        out["cascade"] = [_step_view(step) for step in cascade(before, action.squares[0])]
        # the board just before, so a view can replay the collapse mark by mark
        out["before"] = _squares_view(before, None, _NO_LAST, pending_cycle(before), {})
    return out


def _outcome_lines(pos: Position) -> list[dict[str, Any]]:
    """The completed lines, the winning one marked (empty while the game goes on)."""
    outcome = pos.outcome
    if outcome is None:
        return []
    return [
        {
            "player": ln.player,
            "squares": list(ln.squares),
            "highest": mark_name(ln.highest),
            "winner": ln.player == outcome.winner and ln == outcome.lines[0],
        }
        for ln in outcome.lines
    ]


def _outcome_view(pos: Position) -> dict[str, Any] | None:
    outcome = pos.outcome
    if outcome is None:
        return None
    lines = _outcome_lines(pos)
    banner = (
        t("view_banner_win", winner=outcome.winner) if outcome.winner else t("view_banner_draw")
    )
    return {
        "winner": outcome.winner,
        "lines": lines,
        "scores": dict(outcome.scores),
        "text": outcome_text(outcome),
        "banner": banner,
    }


def _line_of_square(lines: list[dict[str, Any]]) -> dict[int, str]:
    """Square -> ``"winner"`` or ``"later"`` for the squares of completed lines."""
    out: dict[int, str] = {}
    for line in reversed(lines):
        for s in line["squares"]:
            out[s] = "winner" if line["winner"] else out.get(s, "later")
    return out


# --- the entanglement graph -------------------------------------------------------


def _passes_through(a: int, b: int) -> bool:
    """True when the straight segment from square a to square b crosses a third square."""
    (ax, ay), (bx, by) = square_xy(a), square_xy(b)
    return (ax + bx) % 2 == 0 and (ay + by) % 2 == 0 and abs(ax - bx) + abs(ay - by) > 1


def _bends(a: int, b: int, count: int) -> list[float]:
    """Apex offsets of ``count`` parallel arcs between a and b, well apart and off any node."""
    if _passes_through(a, b):
        return [
            (_PASS_BEND + _PARALLEL_GAP * (i // 2)) * (1 if i % 2 == 0 else -1)
            for i in range(count)
        ]
    return [_PARALLEL_GAP * (i - (count - 1) / 2) for i in range(count)]


def _curve(a: int, b: int, bend: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """The control point of a quadratic arc from a to b whose apex is ``bend`` off the chord.

    The normal points to the left of a -> b (a < b), so the sign of a bend means
    the same side for every edge of a pair.
    """
    (ax, ay), (bx, by) = square_xy(a), square_xy(b)
    length = math.hypot(bx - ax, by - ay)
    nx, ny = (ay - by) / length, (bx - ax) / length
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return (mx + 2 * bend * nx, my + 2 * bend * ny), (mx + bend * nx, my + bend * ny)


def _on_curve(a: int, b: int, control: tuple[float, float], u: float) -> tuple[float, float]:
    (ax, ay), (bx, by) = square_xy(a), square_xy(b)
    cx, cy = control
    v = 1 - u
    return (v * v * ax + 2 * u * v * cx + u * u * bx, v * v * ay + 2 * u * v * cy + u * u * by)


def _label_candidates(a: int, b: int, control: tuple[float, float]) -> list[tuple[float, float]]:
    """Points for an arc's label: along the arc from its middle out, then beside its middle."""
    points = [_on_curve(a, b, control, u) for u in (0.5, 0.4, 0.6, 0.33, 0.67)]
    (ax, ay), (bx, by) = square_xy(a), square_xy(b)
    length = math.hypot(bx - ax, by - ay)
    nx, ny = (ay - by) / length, (bx - ax) / length
    mx, my = _on_curve(a, b, control, 0.5)
    for side in (0.17, -0.17, 0.3, -0.3):
        points.append((mx + side * nx, my + side * ny))
    return points


def _place_label(
    a: int, b: int, control: tuple[float, float], taken: list[tuple[float, float]]
) -> tuple[float, float]:
    """The first candidate point clear of other labels and nodes, else the clearest one."""
    nodes = [square_xy(s) for s in range(1, 10)]
    best, best_room = None, -1.0
    for x, y in _label_candidates(a, b, control):
        node_room = min(math.hypot(x - px, y - py) for px, py in nodes) - NODE_RADIUS
        label_room = min((math.hypot(x - px, y - py) for px, py in taken), default=9.0)
        if node_room >= 0.08 and label_room >= _LABEL_GAP:
            return x, y
        room = min(label_room, node_room + 0.1)
        if room > best_room:
            best, best_room = (x, y), room
    assert best is not None
    return best


def _round(point: tuple[float, float]) -> list[float]:
    return [round(point[0], 4), round(point[1], 4)]


def _edges_view(pos: Position, info: CycleInfo | None) -> list[dict[str, Any]]:
    cycle_marks = set(info.marks) if info else set()
    stems = set(info.stems) if info else set()
    newest = pos.spooky[-1][0] if pos.spooky else 0
    pairs: dict[tuple[int, int], list[int]] = {}
    for move, a, b in pos.spooky:
        pairs.setdefault((a, b), []).append(move)
    edges: list[dict[str, Any]] = []
    taken: list[tuple[float, float]] = []
    for move, a, b in pos.spooky:
        siblings = pairs[(a, b)]
        bend = _bends(a, b, len(siblings))[siblings.index(move)]
        control, apex = _curve(a, b, bend)
        label = _place_label(a, b, control, taken)
        taken.append(label)
        name = mark_name(move)
        edges.append(
            {
                **_mark(move),
                "a": a,
                "b": b,
                "bend": round(bend, 4),
                "control": _round(control),
                "apex": _round(apex),
                "label_at": _round(label),
                "cycle": name in cycle_marks,
                "stem": name in stems,
                "newest": move == newest,
            }
        )
    return edges


def graph_view(game: Game | Position) -> dict[str, Any]:
    """The entanglement graph laid out on the board: nodes at the squares, arcs for marks.

    Coordinates are in board units (a square's column and row, 0-2); a view scales
    them. Each edge is a quadratic arc from ``a`` to ``b`` through ``control``;
    parallel edges (marks on the same two squares) get bends of opposite signs and
    a gap of 0.2 between apexes, and an edge whose chord would cross a third node
    bends around it. ``label_at`` keeps labels apart.

    >>> from qttt_edu import Game
    >>> g = graph_view(Game.from_record("1-2 1-2"))
    >>> [(e["mark"], e["bend"]) for e in g["edges"]]
    [('X1', -0.1), ('O2', 0.1)]
    >>> [e["cycle"] for e in g["edges"]], g["nodes"][0]["x"], g["nodes"][8]["y"]
    ([True, True], 0, 2)
    """
    pos = as_position(game)
    return _graph_view(pos, pending_cycle(pos))


def _graph_view(pos: Position, info: CycleInfo | None) -> dict[str, Any]:
    cycle = set(info.squares) if info else set()
    nodes = []
    for s in range(1, 10):
        x, y = square_xy(s)
        move = pos.classical_moves[s]
        nodes.append(
            {
                "square": s,
                "x": x,
                "y": y,
                "classical": _mark(move) if move else None,
                "spooky": bool(pos.spooky_in(s)) and not move,
                "cycle": s in cycle,
            }
        )
    return {"nodes": nodes, "edges": _edges_view(pos, info), "radius": NODE_RADIUS}


def board_geometry() -> dict[str, Any]:
    """Where the nine squares and a mark's nine slots sit, in board units (for static views)."""
    return {
        "squares": {s: list(square_xy(s)) for s in range(1, 10)},
        "slots": {n: list(square_xy(n)) for n in range(1, 10)},
    }


# --- realities ---------------------------------------------------------------------


def _realities_view(pos: Position) -> dict[str, Any]:
    from .quantum import count_realities, square_odds

    odds = square_odds(pos)
    squares = []
    for s in range(1, 10):
        entry = dict(odds[s])
        empty = float(entry.pop("", 0))
        marks = [
            {"mark": m, "player": m[0], "p": round(float(p), 4)}
            for m, p in sorted(entry.items(), key=lambda mp: (-mp[1], int(mp[0][1:])))
            if p > 0
        ]
        squares.append({"square": s, "marks": marks, "empty": round(empty, 4)})
    decided = pos.outcome is not None
    count = count_realities(pos)
    return {
        "count": count,
        "decided": decided,
        "headline": t("view_realities_decided")
        if decided
        else t("view_realities_count", count=count),
        "squares": squares,
    }


# --- status, turn, texts ------------------------------------------------------------


def _phase(pos: Position, selected: int | None, thinking: bool, waiting: bool) -> str:
    if pos.outcome is not None:
        return "over"
    if thinking:
        return "thinking"
    if waiting:
        return "waiting"
    if pos.pending:
        return "collapse"
    if pos.next_move == 9 and len(pos.free_squares) == 1:
        return "ninth"
    return "second" if selected is not None else "move"


def position_prompt(pos: Position, selected: int | None = None) -> str:
    """Who acts and what to do, in one line (``selected``: a first square waiting for its partner).

    >>> from qttt_edu import Game
    >>> position_prompt(Game.from_record("1-2 1-2").position)
    'X: O2 closed a cycle. Choose where O2 lands: square 1 or square 2'
    """
    if pos.outcome is not None:
        return outcome_text(pos.outcome)
    if _phase(pos, selected, thinking=False, waiting=False) == "second":
        return t("view_status_second", player=pos.to_act, move=pos.next_move, square=selected)
    return turn_prompt(pos)


def outcome_text(outcome: Outcome) -> str:
    """The result in one line: ``"X wins: line 3-5-7 (completed by X9)"`` or the draw."""
    if outcome.winner is None:
        return t("status_draw")
    first = outcome.lines[0]
    text = t(
        "view_status_win",
        winner=outcome.winner,
        line=_join(first.squares),
        mark=mark_name(first.highest),
    )
    later = [ln for ln in outcome.lines if ln.player != outcome.winner]
    if later:
        ln = later[0]
        text += t(
            "view_status_win_later",
            player=ln.player,
            line=_join(ln.squares),
            mark=mark_name(ln.highest),
        )
    return text


def _join(squares: Any) -> str:
    return "-".join(str(s) for s in squares)


def _texts() -> dict[str, str]:
    """Labels that depend only on the language."""
    keys = [
        "widget_title",
        "widget_turn_computer",
        "view_graph_title",
        "view_graph_alt",
        "view_graph_cycle",
        "view_graph_stem",
        "view_graph_mark",
        "view_realities_title",
        "view_realities_note",
        "view_realities_settled",
        "view_realities_empty",
        "view_explain_title",
        "view_board_label",
        "view_choices_label",
        "view_turn_label",
    ]
    return {key.removeprefix("widget_").removeprefix("view_"): t(key) for key in keys}


def _history_view(game: Game | Position) -> dict[str, Any]:
    """What only a Game knows: its record, timeline, last action and the explanation."""
    if not isinstance(game, Game):
        return {
            "record": "",
            "ply": 0,
            "length": 0,
            "can_undo": False,
            "can_redo": False,
            "last_action": None,
            "explain": [],
        }
    history = game.history
    last = _last_action_view(game.position_at(-2), history[-1]) if history else None
    return {
        "record": game.record(),
        "ply": game.ply,
        "length": len(game.timeline),
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "last_action": last,
        "explain": explain_text(game),
    }


def view_model(
    game: Game | Position,
    *,
    selected: int | None = None,
    message: tuple[str, str] | None = None,
    prompt: str | None = None,
    thinking: bool = False,
    waiting: bool = False,
    computer: str | None = None,
    realities: bool = True,
) -> dict[str, Any]:
    """Everything a view of ``game`` shows, as plain JSON-ready data.

    Parameters
    ----------
    game : Game or Position
        What to show. A ``Game`` also gives the last action (and its cascade),
        undo/redo, the timeline and the explanation; a bare ``Position`` has no
        history, so those are empty.
    selected : int, optional
        The first square of a pair still waiting for its partner.
    message : (kind, text), optional
        A refusal, error or note to show above the prompt (``kind`` is
        ``"refusal"``, ``"error"`` or ``"note"``).
    prompt : str, optional
        The prompt to show instead of the position's own (the app's computer turns).
    thinking, waiting : bool
        The computer is choosing its action / is to act but paused (timeline).
    computer : {"X", "O"}, optional
        The side a computer plays (None: two people).
    realities : bool
        Include the realities panel (counts and odds; costs most for long games).

    Keys: ``version``, ``lang``, ``record``, ``ply``, ``length``, ``can_undo``,
    ``can_redo``, ``to_act``, ``phase``, ``computer``, ``status`` (``message``,
    ``prompt``, ``player``, ``offer``), ``squares`` (nine dicts), ``pending``, ``last_action``,
    ``outcome``, ``graph``, ``explain``, ``realities``, ``texts``.
    """
    pos = as_position(game)
    history = _history_view(game)
    info = pending_cycle(pos)
    last = history.pop("last_action")
    lines = _line_of_square(_outcome_lines(pos))
    return {
        "version": VERSION,
        "lang": get_language(),
        **history,
        "to_act": pos.to_act,
        "phase": _phase(pos, selected, thinking, waiting),
        "computer": computer,
        "status": _status_view(pos, selected, message, prompt),
        "squares": _squares_view(pos, selected, _last_facts(game), info, lines),
        "pending": _pending_view(pos, info),
        "last_action": last,
        "outcome": _outcome_view(pos),
        "graph": _graph_view(pos, info),
        "metaphor": t("view_explain_metaphor"),
        "realities": _realities_view(pos) if realities else None,
        "texts": _texts(),
    }


def _status_view(
    pos: Position, selected: int | None, message: tuple[str, str] | None, prompt: str | None
) -> dict[str, Any]:
    """The status line: a refusal, error or note (if any) above the prompt, and below it
    an offer (a shared game's app fills it in when the opponent is gone)."""
    return {
        "message": None if message is None else {"kind": message[0], "text": message[1]},
        "prompt": position_prompt(pos, selected) if prompt is None else prompt,
        "player": pos.to_act,
        "offer": None,
    }


# --- the explanation box: one or two sentences on the latest event --------------


def _dash_squares(squares: Iterable[int]) -> str:
    return "-".join(str(s) for s in squares)


def explain_text(game: Game) -> list[str]:
    """One or two plain sentences naming the quantum idea behind the latest event.

    The event is the last action of ``game`` (so stepping through the timeline
    explains each step); the empty game gets an invitation.

    >>> from qttt_edu import Game
    >>> explain_text(Game.from_record("1-2"))[0]  # doctest: +ELLIPSIS
    'Superposition: X1 is in squares 1 and 2 at once...'
    """
    history = game.history
    if not history:
        return [t("view_explain_start")]
    before, after = game.position_at(-2), game.position
    action = history[-1]
    sentences = _explain_action(game, before, after, action)
    if after.outcome is not None:
        sentences.append(_explain_end(after.outcome))
    return sentences


def _explain_action(game: Game, before: Position, after: Position, action: Action) -> list[str]:
    move = before.next_move
    mark = mark_name(move)
    if action.kind == "classical":
        return [t("view_explain_ninth", square=action.squares[0], mark=mark)]
    if action.kind == "collapse":
        return [_explain_collapse(before, action.squares[0])]
    a, b = action.squares
    if after.pending:
        cycle = _cycle_text(game)
        chooser, mover = player_of(move + 1), player_of(move)
        return [
            t("view_explain_cycle", mark=mark, cycle=cycle),
            t("view_explain_chooser", chooser=chooser, mover=mover, mark=mark),
        ]
    sentences = [t("view_explain_superposition", mark=mark, a=a, b=b)]
    shared = [
        t("view_explain_shared_part", square=s, marks=list(before.spooky_in(s)))
        for s in (a, b)
        if before.spooky_in(s)
    ]
    if shared:
        sentences.append(t("view_explain_entanglement", mark=mark, shared=shared))
    return sentences


def pending_cycle_squares(game: Game) -> list[int]:
    """The squares around the pending cycle in order (empty when no collapse is pending).

    >>> from qttt_edu import Game
    >>> pending_cycle_squares(Game.from_record("1-2 2-3 3-6 1-3"))
    [1, 2, 3]
    """
    cycle = pending_cycle(game)
    return [] if cycle is None else list(cycle.squares)


def _cycle_text(game: Game) -> str:
    """The squares around the cycle the newest mark closed, e.g. ``"1-2-3-1"``."""
    squares = pending_cycle_squares(game)
    return _dash_squares([*squares, squares[0]])


def _explain_collapse(before: Position, square: int) -> str:
    move = before.spooky[-1][0]
    # In the order the marks are forced, so the chain reaction reads from the choice outwards.
    chain = ", ".join(f"{step.mark} → {step.square}" for step in cascade(before, square))
    return t(
        "view_explain_collapse",
        chooser=player_of(move + 1),
        mark=mark_name(move),
        square=square,
        marks=chain,
    )


def _explain_end(outcome: Outcome) -> str:
    if outcome.winner is None:
        return t("view_explain_end_draw")
    if outcome.simultaneous:
        return t("view_explain_end_both", winner=outcome.winner)
    return t("view_explain_end_win", winner=outcome.winner)
