"""The rules of quantum tic-tac-toe: an immutable position and a friendly game.

This module is the exact implementation of ``shared/RULES.md`` and imports only
the standard library. Everything else in the kit (graphs, drawings, widgets,
players) is a view of, or a player on, what is defined here.

Two layers:

``Position``
    An immutable, hashable snapshot. ``legal_actions()`` returns small integer
    action codes and ``child(code)`` applies one without checks; that pair is
    the fast path random playouts and the solver use. ``play(code)`` is the
    checked version. Use a position as a dictionary key.

``Game``
    The mutable object a notebook uses: history, undo/redo, squares 1-9,
    friendly errors, records and JSON.

Threads: a ``Position`` (like an ``Action``) can never change, so any number of
threads may read and play from one. A ``Game`` is not meant to be shared: give each
thread its own (``game.copy()`` is cheap). Its changes take a lock, so a shared game's
history stays consistent, but two threads playing on one game still race for whose
move lands first.

Errors, as python-chess has them: input that cannot be read as an action or a
record raises :class:`InvalidRecordError`; an action that breaks a rule raises
:class:`IllegalMoveError`, whose message names the action and the position (the
game's record). Neither is ever re-raised as the other. Both are
:class:`GameError`, a ``ValueError``. After either, the game is exactly as before.

Words: an *action* is anything a player does on their turn (a pair of spooky
marks, a collapse choice or X's classical ninth move); a *move* puts marks on
the board and has a number (1-9). ``Game.legal_actions()`` lists actions.

Action codes (squares are 1-9 in reading order, everywhere):

* a pair of spooky marks in squares ``a < b`` is ``10 * a + b`` (``19`` is 1-9);
* the chooser's collapse of the newest mark into square ``s`` is ``100 + s``;
* X's classical ninth move into square ``s`` is ``s`` itself.

>>> g = Game()
>>> g.play(1, 9)      # X1: spooky marks in squares 1 and 9
>>> g.play(1, 9)      # O2 on the same two squares closes a 2-cycle
>>> g.to_act, g.awaiting_collapse.mark
('X', 'O2')
>>> g.collapse(9)     # X puts O2 in square 9, so X1 is forced into square 1
>>> g.classical
{1: 'X1', 9: 'O2'}
>>> g.record()
'1-9 1-9 c9'
"""

from __future__ import annotations

import itertools
import operator
import reprlib
import threading
import warnings
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple, SupportsIndex

from .bits import BIT, FULL, LINES, LINES_IN, PAIR_A, PAIR_B, PAIR_CODES_IN, SQUARES, SQUARES_OF
from .i18n import t

__all__ = [
    "LINES",
    "Action",
    "Game",
    "GameError",
    "IllegalMoveError",
    "InvalidRecordError",
    "Line",
    "Outcome",
    "PendingCollapse",
    "Position",
    "as_action",
    "as_position",
    "mark_name",
    "other_player",
    "player_of",
]


class GameError(ValueError):
    """Base of every refusal of the rules and the records: the game is unchanged.

    Catch it to handle both kinds at once; catch a subclass to tell them apart,
    as python-chess does: :class:`InvalidRecordError` for input that cannot be
    read as an action or a record, :class:`IllegalMoveError` for an action that
    can be read but breaks a rule.
    """


class IllegalMoveError(GameError):
    """An action the rules do not allow in this position (the game is unchanged).

    As python-chess quotes the position with the move, the message names both:
    the refused action and, when refused by a :class:`Game`, the position as its
    record (``... (in the position "1-2 2-3")``).

    ``reason`` is the sentence without the position (for a view that shows the
    board anyway); ``action`` the refused action's record token (``None`` when the
    refusal is not about one action, such as undo with nothing to undo);
    ``record`` the record of the game it was refused in (``None`` when refused by
    a bare :class:`Position`, which does not know how it was reached: then
    ``board`` holds that position and a note under the message shows it).
    ``index`` and ``token`` name the token when a record was being read
    (``index`` 1-based), as in :class:`InvalidRecordError`.

    >>> try:
    ...     Game.from_record("1-2 1-2").play(3, 4)
    ... except IllegalMoveError as err:
    ...     print(err.action, "|", err.record)
    ...     print(err)  # doctest: +ELLIPSIS
    3-4 | 1-2 1-2
    3-4 must wait: O2 closed a cycle, ... (in the position "1-2 1-2")
    """

    def __init__(
        self,
        message: str,
        action: str | None = None,
        record: str | None = None,
        board: Position | None = None,
        index: int | None = None,
        token: str | None = None,
    ):
        if record is None:
            full = message
        elif record:
            full = t("in_position", reason=message, record=record)
        else:
            full = t("in_start_position", reason=message)
        super().__init__(full)
        self.reason = message
        self.action = action
        self.record = record
        self.board = board
        self.index = index
        self.token = token
        if record is None and board is not None:
            _add_note(self, t("note_position", where=repr(board)))


class InvalidRecordError(GameError):
    """Text (or a value) that cannot be read as an action, a record or a saved game.

    ``index`` (1-based; also called ``position``, its older name) and ``token``
    name the offending token when there is one. A record token that reads well
    but breaks a rule there is not this error: that is an :class:`IllegalMoveError`
    (with the same ``index`` and ``token``), never re-raised as this one.
    """

    def __init__(self, message: str, position: int | None = None, token: str | None = None):
        super().__init__(message)
        self.index = position
        self.position = position
        self.token = token


def _add_note(err: BaseException, note: str) -> None:
    """Attach ``note`` to ``err`` (shown under the message in tracebacks, Python 3.11+)."""
    add = getattr(err, "add_note", None)
    if add is not None:
        add(note)


#: Quoted input is cut to this many characters in messages, so that a message
#: never grows with the input (a megabyte token makes a short message).
QUOTE_LIMIT = 40


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for a message, cut to ``limit`` characters ("..." marks a cut).

    Never raises: a value whose ``repr`` fails is named by its type.

    >>> quote("1-2"), quote("x" * 100)
    ("'1-2'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...")
    """
    try:
        if isinstance(value, str):
            text = repr(value[: limit + 2])
        elif isinstance(value, (int, float, bool, type(None))):
            text = repr(value)
        else:  # containers shown in part: a ten-million-item list makes a short repr quickly
            text = _SHORT_REPR.repr(value)
    except Exception:  # a hostile __repr__ must not turn a refusal into a crash
        text = f"<{cut(type(value).__name__, limit - 2)}>"
    return cut(text, limit)


class _ShortRepr(reprlib.Repr):
    """reprlib's bounded repr, with dicts in their own order (reprlib sorts their keys)."""

    def repr_dict(self, x: dict[Any, Any], level: int) -> str:
        if not x:
            return "{}"
        if level <= 0:
            return "{...}"
        pieces = [
            f"{self.repr1(k, level - 1)}: {self.repr1(v, level - 1)}"
            for k, v in itertools.islice(x.items(), self.maxdict)
        ]
        if len(x) > self.maxdict:
            pieces.append("...")
        return "{" + ", ".join(pieces) + "}"


_SHORT_REPR = _ShortRepr()
_SHORT_REPR.maxlevel = 3
_SHORT_REPR.maxother = _SHORT_REPR.maxstring = _SHORT_REPR.maxlong = QUOTE_LIMIT


def cut(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, "..." marking a cut."""
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --- board geometry -------------------------------------------------------
# The bit tables live in bits.py, shared with the solver: the board as masks of
# squares (bit s for square s), and lookups indexed by a mask.


def player_of(move: int) -> str:
    """``"X"`` for odd move numbers, ``"O"`` for even ones."""
    return "X" if move & 1 else "O"


def other_player(player: str) -> str:
    """The other side: ``other_player("X") == "O"``.

    >>> other_player("O")
    'X'
    """
    if player == "X":
        return "O"
    if player == "O":
        return "X"
    raise ValueError(f"a player is 'X' or 'O', not {player!r}")


def mark_name(move: int) -> str:
    """The name of the mark made on ``move``: ``mark_name(4) == "O4"``."""
    return f"{player_of(move)}{move}"


# --- actions ----------------------------------------------------------------


class Action:
    """One action in record notation: a pair ``a-b``, a collapse ``cS`` or a ninth move ``S``.

    Actions are small immutable values; ``str(action)`` is the record token and
    ``action.code`` the integer a :class:`Position` understands.

    >>> Action.parse("3-1"), Action.parse("c4"), Action.parse("7")
    (Action.pair(1, 3), Action.collapse(4), Action.classical(7))
    >>> str(Action.pair(9, 1)), Action.pair(1, 9).code
    ('1-9', 19)
    """

    __slots__ = ("code", "kind", "squares")
    code: int
    kind: str
    squares: tuple[int, ...]

    _cache: ClassVar[dict[int, Action]] = {}

    def __new__(cls, code: int) -> Action:
        if type(code) is not int:
            # Only real integers reach the cache: True == 1 and 3.0 == 3 hash alike, and
            # once stored under those keys they would be handed to every later caller.
            code = _as_code(code)
        try:
            return cls._cache[code]
        except KeyError:
            pass
        squares: tuple[int, ...]
        if 1 <= code <= 9:
            kind, squares = "classical", (code,)
        elif 101 <= code <= 109:
            kind, squares = "collapse", (code - 100,)
        elif 12 <= code <= 89 and 1 <= code // 10 < code % 10:
            kind, squares = "pair", divmod(code, 10)
        else:
            raise InvalidRecordError(t("action_code_unknown", code=quote(code)))
        self = object.__new__(cls)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "squares", tuple(squares))
        cls._cache[code] = self
        return self

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Action is immutable")

    @classmethod
    def pair(cls, a: int, b: int) -> Action:
        """Spooky marks in squares ``a`` and ``b`` (order does not matter)."""
        a = _check_square(a)
        b = _check_square(b)
        if a == b:
            raise IllegalMoveError(t("pair_same_square", square=a))
        a, b = min(a, b), max(a, b)
        return cls(10 * a + b)

    @classmethod
    def collapse(cls, square: int) -> Action:
        """The chooser puts the newest mark in ``square``."""
        return cls(100 + _check_square(square))

    @classmethod
    def classical(cls, square: int) -> Action:
        """X's classical ninth move in ``square``."""
        return cls(_check_square(square))

    @classmethod
    def parse(cls, token: str) -> Action:
        """Read one record token.

        Raises :class:`InvalidRecordError` if it cannot be read as an action, and
        :class:`IllegalMoveError` for a pair in one square (``"4-4"``): that reads
        well but breaks the rule that a pair takes two squares.
        """
        if not isinstance(token, str):
            shown = quote(token)
            raise InvalidRecordError(t("token_not_text", token=shown), token=shown)
        tok = token.strip()
        if len(tok) == 3 and tok[1] == "-" and tok[0] in "123456789" and tok[2] in "123456789":
            if tok[0] == tok[2]:
                raise IllegalMoveError(t("pair_same_square", square=tok[0]), action=tok)
            return cls.pair(int(tok[0]), int(tok[2]))
        if len(tok) == 2 and tok[0] in "cC" and tok[1] in "123456789":
            return cls(100 + int(tok[1]))
        if len(tok) == 1 and tok in "123456789":
            return cls(int(tok))
        raise InvalidRecordError(t("token_malformed", token=cut(token)), token=cut(token))

    def __str__(self) -> str:
        if self.kind == "pair":
            return f"{self.squares[0]}-{self.squares[1]}"
        if self.kind == "collapse":
            return f"c{self.squares[0]}"
        return str(self.squares[0])

    def __repr__(self) -> str:
        args = ", ".join(map(str, self.squares))
        return f"Action.{self.kind}({args})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Action, (self.code,))


def _whole_number(value: object) -> int | None:
    """``value`` as an int if it is a whole number type (numpy integers welcome), else None.

    ``bool`` is not a number here: ``True`` is not square 1. Everywhere the kit
    takes a square, an action code or a step, it reads numbers with this.
    """
    if type(value) is int:
        return value
    # numpy 1's bool_ has an __index__ (numpy 2's has none): a truth value is no square
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return None
    try:
        if isinstance(value, SupportsIndex):  # numpy integers and the like
            return operator.index(value)
    except Exception:  # anything a hostile __index__ (or __getattr__) raises
        pass
    return None


def _as_code(value: object) -> int:
    number = _whole_number(value)
    if number is None:
        raise InvalidRecordError(t("action_code_not_number", code=quote(value)))
    return number


def _check_square(square: object) -> int:
    """``square`` as an int 1-9 (numpy integers welcome), or IllegalMoveError."""
    number = _whole_number(square)
    if number is None:
        raise IllegalMoveError(t("square_not_number", square=quote(square)))
    if not 1 <= number <= 9:
        raise IllegalMoveError(t("square_off_board", square=quote(number)))
    return number


def as_action(action: object) -> Action:
    """An action given as an :class:`Action`, a record token or an action code.

    Any other value is refused, so it takes any object (a player's answer, say).

    What cannot be read as an action raises :class:`InvalidRecordError`; it never
    becomes an :class:`IllegalMoveError`, which is kept for rule breaks.
    """
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    code = _whole_number(action)
    if code is not None:
        try:
            return Action(code)
        except InvalidRecordError:
            pass
    raise InvalidRecordError(t("action_unknown", action=quote(action)))


# --- outcomes ---------------------------------------------------------------


class Line(NamedTuple):
    """A completed line: its player, its three squares and its highest move number."""

    player: str
    squares: tuple[int, int, int]
    highest: int


class Outcome(NamedTuple):
    """How a game ended.

    ``winner`` is ``"X"``, ``"O"`` or ``None`` for a draw. ``lines`` lists every
    completed line, earliest (lowest highest move number) first. ``scores`` holds
    Goff's published points: 1 for a line; when both players got lines in one
    collapse, 1 for the earlier line and 1/2 for the later; 0 each for a draw.
    """

    winner: str | None
    lines: tuple[Line, ...]

    @property
    def result(self) -> str:
        """``"X"``, ``"O"`` or ``"draw"``."""
        return self.winner or "draw"

    @property
    def scores(self) -> dict[str, float]:
        if self.winner is None:
            return {"X": 0.0, "O": 0.0}
        loser = other_player(self.winner)
        both = any(line.player == loser for line in self.lines)
        return {self.winner: 1.0, loser: 0.5 if both else 0.0}

    @property
    def simultaneous(self) -> bool:
        """True when one collapse gave both players a line."""
        return len({line.player for line in self.lines}) == 2


def _outcome(cls: tuple[int, ...], xm: int, om: int) -> Outcome:
    lines = []
    for player, mask in (("X", xm), ("O", om)):
        for i in LINES_IN[mask]:
            sq = LINES[i]
            lines.append(Line(player, sq, max(cls[s] for s in sq)))
    lines.sort(key=lambda line: line.highest)
    return Outcome(lines[0].player if lines else None, tuple(lines))


# --- the immutable position -------------------------------------------------


class Position:
    """An immutable, hashable position of quantum tic-tac-toe.

    Public attributes (read them, never assign):

    ``classical_moves``
        a tuple of 10 move numbers; index ``s`` (1-9) holds the move number of
        the classical mark in square ``s``, or 0 (index 0 is unused).
    ``spooky``
        the spooky marks in move order, as ``(move, a, b)`` with ``a < b``.
    ``next_move``
        the number of the next move (1-9; 10 once nine moves are made).
    ``pending``
        True while the newest spooky mark (``spooky[-1]``) has closed a cycle
        and the chooser must collapse it.
    ``outcome``
        an :class:`Outcome` once the game is over, else ``None``.
    """

    __slots__ = (
        "_comp",
        "_free",
        "_legal",
        "_xo",
        "classical_moves",
        "next_move",
        "outcome",
        "pending",
        "spooky",
    )

    classical_moves: tuple[int, ...]
    spooky: tuple[tuple[int, int, int], ...]
    next_move: int
    pending: bool
    outcome: Outcome | None
    _comp: int
    _free: int
    _xo: int
    _legal: tuple[int, ...]

    def __new__(cls) -> Position:
        new: Position = _new_position(_Building)
        new.classical_moves = (0,) * 10
        new.spooky = ()
        new.next_move = 1
        new.pending = False
        new.outcome = None
        # packed bit masks of the spooky component of each free square (see _SHIFT)
        new._comp = _START_COMP
        new._free = FULL
        # X's classical squares in bits 1-9, O's in bits 11-19
        new._xo = 0
        new._legal = PAIR_CODES_IN[FULL]
        new.__class__ = cls
        return new

    # Immutability: every field is set while the object is still a _Building (the
    # same slots, ordinary assignment) and the finished object becomes a Position,
    # whose __setattr__ refuses. That costs one assignment per position, where
    # object.__setattr__ for each field would cost several times more.

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(t("position_immutable", name=cut(str(name))))

    def __delattr__(self, name: str) -> None:
        raise AttributeError(t("position_immutable", name=cut(str(name))))

    def __copy__(self) -> Position:
        return self

    def __deepcopy__(self, memo: Any) -> Position:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        fields = tuple(getattr(self, name) for name in Position.__slots__)
        return (_rebuild_position, (fields,))

    # The fast path ------------------------------------------------------

    def legal_actions(self) -> tuple[int, ...]:
        """Every legal action code, in increasing order (empty once the game is over)."""
        return self._legal

    def child(self, code: int) -> Position:
        """The position after the legal action ``code``. No checks: see :meth:`play`."""
        new: Position = _new_position(_Building)
        n = self.next_move
        if code >= 100:
            return self._collapse(new, code - 100)
        new.outcome = None
        if code >= 10:
            a = PAIR_A[code]
            b = PAIR_B[code]
            comp = self._comp
            ca = comp >> _SHIFT[a] & 1023
            new.classical_moves = self.classical_moves
            new.spooky = (*self.spooky, (n, a, b))
            new.next_move = n + 1
            new._free = self._free
            new._xo = self._xo
            if ca >> b & 1:
                new.pending = True
                new._comp = comp
                new._legal = _COLLAPSES[code]
            else:
                new.pending = False
                merged = ca | comp >> _SHIFT[b] & 1023
                new._comp = comp & _KEEP[merged] | merged * _SPREAD[merged]
                new._legal = self._legal
            new.__class__ = Position
            return new
        # the classical ninth move
        cm = list(self.classical_moves)
        cm[code] = n
        new.classical_moves = cm_t = tuple(cm)
        new.spooky = self.spooky
        new.next_move = n + 1
        new.pending = False
        new._comp = self._comp
        new._free = self._free & ~BIT[code]
        new._xo = xo = self._xo | BIT[code]
        new._legal = ()
        new.outcome = _outcome(cm_t, xo & 1023, xo >> 10)
        new.__class__ = Position
        return new

    def _collapse(self, new: Position, square: int) -> Position:
        spooky = self.spooky
        n, a, _ = spooky[-1]
        component = self._comp >> _SHIFT[a] & 1023
        cm = list(self.classical_moves)
        cm[square] = n
        todo = []
        rest = []
        for edge in spooky[:-1]:
            if component >> edge[1] & 1:
                todo.append(edge)
            else:
                rest.append(edge)
        # Without the newest mark the component is a tree. Rooted at the chosen
        # square, each mark lands in its square farther from the root: the first
        # of its two squares to be filled pushes it into the other. Trees here
        # have at most eight edges, so repeated passes beat building adjacency.
        while todo:
            waiting = []
            for edge in todo:
                m, p, q = edge
                if cm[p]:
                    cm[q] = m
                elif cm[q]:
                    cm[p] = m
                else:
                    waiting.append(edge)
            todo = waiting
        xo = self._xo
        for s in SQUARES_OF[component]:
            xo |= BIT[s] if cm[s] & 1 else BIT[s] << 10
        new.classical_moves = cm_t = tuple(cm)
        new.spooky = tuple(rest)
        new.next_move = self.next_move
        new.pending = False
        # Component fields of classical squares go stale: they are never read,
        # because merges and cycle tests only look at free squares.
        new._comp = self._comp
        new._free = free = self._free & ~component
        new._xo = xo
        xm = xo & 1023
        om = xo >> 10
        if LINES_IN[xm] or LINES_IN[om] or not free:
            new.outcome = _outcome(cm_t, xm, om)
            new._legal = ()
        else:
            new.outcome = None
            # one free square left: X's classical ninth move
            new._legal = PAIR_CODES_IN[free] if free & (free - 1) else (SQUARES_OF[free][0],)
        new.__class__ = Position
        return new

    # Checked and descriptive API ------------------------------------------

    def play(self, action: Action | str | int) -> Position:
        """The position after ``action``, or :class:`IllegalMoveError` saying why not."""
        act = as_action(action)
        if act.code in self.legal_actions():
            return self.child(act.code)
        raise IllegalMoveError(self.refusal(act), action=str(act), board=self)

    def refusal(self, action: Action | str | int) -> str:
        """Why the rules do not allow ``action`` here, in a sentence (for an illegal one).

        >>> Game.from_record("1-2 1-2").position.refusal("c3")
        'O2 can land only in square 1 or square 2, not square 3'
        """
        act = as_action(action)
        if self.outcome is not None:
            return t("game_over", action=act, result=_result_text(self.outcome))
        if self.pending:
            n, a, b = self.spooky[-1]
            if act.kind == "collapse":
                return t(
                    "collapse_wrong_square",
                    mark=mark_name(n),
                    square=act.squares[0],
                    a=a,
                    b=b,
                )
            return t(
                "collapse_pending",
                action=act,
                mark=mark_name(n),
                chooser=self.to_act,
                a=a,
                b=b,
            )
        if act.kind == "collapse":
            return t("no_collapse_pending", square=act.squares[0])
        free = self.free_squares
        if act.kind == "pair" and len(free) == 1:
            return t("ninth_move_single", square=free[0])
        for s in act.squares:
            if self.classical_moves[s]:
                return t(
                    "square_classical",
                    square=s,
                    mark=mark_name(self.classical_moves[s]),
                    free=_join(free),
                )
        return t("single_not_allowed", square=act.squares[0], mover=self.to_act)

    @property
    def to_act(self) -> str | None:
        """Who acts now: the mover, or the chooser while a collapse is pending; None when over."""
        if self.outcome is not None:
            return None
        return player_of(self.next_move)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def free_squares(self) -> tuple[int, ...]:
        """Squares without a classical mark."""
        return SQUARES_OF[self._free]

    @property
    def classical(self) -> dict[int, str]:
        """Square -> classical mark, e.g. ``{5: "X3"}``."""
        return {s: mark_name(m) for s, m in enumerate(self.classical_moves) if m}

    @property
    def spooky_marks(self) -> list[tuple[str, tuple[int, int]]]:
        """The spooky marks in move order, as ``("O4", (a, b))``."""
        return [(mark_name(n), (a, b)) for n, a, b in self.spooky]

    def spooky_in(self, square: int) -> list[str]:
        """The names of the spooky marks in ``square``, in move order."""
        return [mark_name(n) for n, a, b in self.spooky if square in (a, b)]

    def collapse_outcomes(self) -> dict[int, dict[int, str]]:
        """For each square the pending mark may land in, the classical marks that result.

        Only the squares of the collapsing component are listed. Empty when no
        collapse is pending.
        """
        if not self.pending:
            return {}
        _, a, _ = self.spooky[-1]
        component = self._comp >> _SHIFT[a] & 1023
        out = {}
        for code in self.legal_actions():
            after = self.child(code)
            out[code - 100] = {
                s: mark_name(after.classical_moves[s]) for s in SQUARES_OF[component]
            }
        return out

    def component_of(self, square: int) -> tuple[int, ...]:
        """The squares of the spooky component holding ``square`` (empty if classical)."""
        if not self._free >> square & 1:
            return ()
        return SQUARES_OF[self._comp >> _SHIFT[square] & 1023]

    def _key(self) -> tuple[Any, ...]:
        return (self.classical_moves, self.spooky, self.pending)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Position):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return (
            f"<Position next_move={self.next_move} classical={self.classical}"
            f" spooky={self.spooky_marks}>"
        )


class _Building(Position):
    """A :class:`Position` while its fields are set: the one class that may assign them."""

    __slots__ = ()
    # Both, or CPython cannot use its own fast attribute store: __setattr__ and
    # __delattr__ share one type slot, and one Python-level method slows both.
    __setattr__ = object.__setattr__  # type: ignore[assignment]
    __delattr__ = object.__delattr__


#: object.__new__, typed loosely: a position is built as a _Building, then becomes a Position
_new_position: Any = object.__new__


def _rebuild_position(fields: tuple[Any, ...]) -> Position:
    """Unpickle a position (the fields in the order of ``Position.__slots__``)."""
    new: Position = _new_position(_Building)
    for name, value in zip(Position.__slots__, fields, strict=True):
        setattr(new, name, value)
    new.__class__ = Position
    return new


# Components are packed into one int: ten bits per square, the field of square s
# (bits 10*s .. 10*s+9) holding the bit mask of the spooky component of s. A merge
# rewrites the fields of every square in the merged component at once, with two
# precomputed masks, instead of copying a tuple.
_SHIFT = tuple(10 * s for s in range(10))
_START_COMP = sum(BIT[s] << _SHIFT[s] for s in SQUARES)
_FIELDS = tuple(sum(1023 << _SHIFT[s] for s in SQUARES_OF[m]) for m in range(1 << 10))
_KEEP = tuple(~f for f in _FIELDS)
_COLLAPSES = tuple((100 + c // 10, 100 + c % 10) for c in range(100))
_SPREAD = tuple(sum(1 << _SHIFT[s] for s in SQUARES_OF[m]) for m in range(1 << 10))


def _join(squares: Iterable[int]) -> str:
    return ", ".join(str(s) for s in squares)


def _result_text(outcome: Outcome) -> str:
    if outcome.winner is None:
        return t("result_draw")
    first = outcome.lines[0]
    return t(
        "result_win",
        player=outcome.winner,
        line="-".join(map(str, first.squares)),
        mark=mark_name(first.highest),
    )


# --- the friendly, mutable game --------------------------------------------


#: the release that removes the deprecated names (``Game.legal_moves()``, ``Game.spooky``,
#: ``PendingCollapse.squares``, and ``qttt_edu.worksheets.solve``/``draw_board``)
REMOVED_IN = "0.2.0"


def _deprecated(old: str, new: str) -> None:
    """Warn that ``old`` (a name the notebooks once used) is now ``new``, until ``REMOVED_IN``."""
    message = t("deprecated_name", old=old, new=new, release=REMOVED_IN)
    warnings.warn(message, DeprecationWarning, stacklevel=3)


@dataclass(frozen=True)
class PendingCollapse:
    """A collapse waiting for the chooser.

    ``mark`` is the newest spooky mark (the one that closed the cycle),
    ``choices`` its two squares (the chooser's two choices: where it may land),
    ``chooser`` who decides, and ``outcomes`` maps each of the two choices to the
    classical marks the whole component would end with. (The squares of the
    *cycle* are another thing: see ``graph.pending_cycle``.)
    """

    mark: str
    choices: tuple[int, int]
    chooser: str
    outcomes: dict[int, dict[int, str]]

    @property
    def squares(self) -> tuple[int, int]:
        """Deprecated name of :attr:`choices`."""
        _deprecated("PendingCollapse.squares", "PendingCollapse.choices")
        return self.choices


class Game:
    """A game of quantum tic-tac-toe with history, undo and redo.

    Not for sharing between threads (give each thread its own copy); every change
    takes a lock, so a shared game is never corrupted, only raced for.

    >>> g = Game.from_record("1-2 2-3 3-6 1-3")
    >>> g.awaiting_collapse.choices, g.to_act
    ((1, 3), 'X')
    >>> g.collapse(1)
    >>> g.classical
    {1: 'O4', 2: 'X1', 3: 'O2', 6: 'X3'}
    >>> g.undo()
    Action.collapse(1)
    >>> g.collapse(3); g.classical
    {1: 'X1', 2: 'O2', 3: 'O4', 6: 'X3'}
    """

    def __init__(self) -> None:
        self._positions: list[Position] = [Position()]
        self._actions: list[Action] = []
        self._redo: list[Action] = []
        # Thread safety: a Game is not meant to be shared between threads; the
        # lock only keeps one from being corrupted if it is (see the class docstring).
        self._lock = threading.RLock()

    # state --------------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current immutable :class:`Position`."""
        return self._positions[-1]

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions played so far, oldest first."""
        return tuple(self._actions)

    @property
    def to_act(self) -> str | None:
        """``"X"`` or ``"O"``: the mover, or the chooser while a collapse is pending."""
        return self.position.to_act

    @property
    def move_number(self) -> int:
        """The number of the next move (the move the player to act will make)."""
        return self.position.next_move

    @property
    def outcome(self) -> Outcome | None:
        return self.position.outcome

    @property
    def is_over(self) -> bool:
        return self.position.outcome is not None

    @property
    def classical(self) -> dict[int, str]:
        return self.position.classical

    @property
    def spooky_marks(self) -> list[tuple[str, tuple[int, int]]]:
        """The spooky marks in move order, as ``("O4", (a, b))`` (as :class:`Position` has them)."""
        return self.position.spooky_marks

    @property
    def spooky(self) -> list[tuple[str, tuple[int, int]]]:
        """Deprecated: :attr:`spooky_marks`. (``Position.spooky`` has another shape.)"""
        _deprecated("Game.spooky", "Game.spooky_marks")
        return self.spooky_marks

    @property
    def awaiting_collapse(self) -> PendingCollapse | None:
        pos = self.position
        if not pos.pending:
            return None
        n, a, b = pos.spooky[-1]
        return PendingCollapse(mark_name(n), (a, b), player_of(n + 1), pos.collapse_outcomes())

    def legal_actions(self) -> list[Action]:
        """Every legal action now, in record order: pairs, collapse choices or the ninth move.

        (:meth:`Position.legal_actions` gives the same actions as integer codes.)

        >>> [str(a) for a in Game.from_record("1-2 1-2").legal_actions()]
        ['c1', 'c2']
        """
        return [Action(c) for c in self.position.legal_actions()]

    def legal_moves(self) -> list[Action]:
        """Deprecated: :meth:`legal_actions` (a collapse choice is an action, not a move)."""
        _deprecated("Game.legal_moves()", "Game.legal_actions()")
        return self.legal_actions()

    @property
    def positions(self) -> tuple[Position, ...]:
        """Every position of the game so far, the starting one first (as iterating gives).

        For one of them, :meth:`position_at` is cheaper.
        """
        return tuple(self._positions)

    def position_at(self, ply: int) -> Position:
        """The position after ``ply`` actions, in one step: ``0`` is the start, and as in a
        list ``-1`` is the current position and ``-2`` the one before the last action.

        ``IndexError`` names the positions there are.

        >>> g = Game.from_record("1-2 1-2")
        >>> g.position_at(-2) == Game.from_record("1-2").position
        True
        >>> g.position_at(0) == Position() and g.position_at(-1) is g.position
        True
        """
        positions = self._positions
        number = _whole_number(ply)
        if number is None or not -len(positions) <= number < len(positions):
            raise IndexError(
                t(
                    "position_at_out_of_range",
                    ply=quote(ply),
                    last=len(positions) - 1,
                    count=len(positions),
                )
            )
        return positions[number]

    # actions --------------------------------------------------------------

    def play(self, a: int, b: int | None = None) -> None:
        """Place a pair of spooky marks in squares ``a`` and ``b``, or X's ninth move in ``a``."""
        with self._lock:
            try:
                act = Action.classical(a) if b is None else Action.pair(a, b)
            except IllegalMoveError as err:
                raise self._refused(err) from None
            self._apply(act)

    def collapse(self, square: int) -> None:
        """As the chooser, put the newest mark in ``square`` (one of its two squares)."""
        with self._lock:
            try:
                act = Action.collapse(square)
            except IllegalMoveError as err:
                raise self._refused(err) from None
            self._apply(act)

    def apply(self, action: Action | str | int) -> None:
        """Apply an :class:`Action`, a record token such as ``"1-5"`` or an action code.

        Raises :class:`InvalidRecordError` if ``action`` cannot be read as an action,
        :class:`IllegalMoveError` if the rules do not allow it now.
        """
        with self._lock:
            try:
                act = as_action(action)
            except IllegalMoveError as err:  # "4-4": readable, but a pair takes two squares
                raise self._refused(err) from None
            self._apply(act)

    def _apply(self, act: Action) -> None:
        pos = self._positions[-1]
        if act.code not in pos.legal_actions():
            raise IllegalMoveError(pos.refusal(act), action=str(act), record=self.record())
        self._positions.append(pos.child(act.code))
        self._actions.append(act)
        if self._redo and self._redo[-1] == act:
            self._redo.pop()
        else:
            self._redo.clear()

    def _refused(self, err: IllegalMoveError) -> IllegalMoveError:
        """``err`` again, naming this game's record."""
        return IllegalMoveError(err.reason, action=err.action, record=self.record())

    def undo(self) -> Action:
        """Take back the last action and return it; redo() plays it again."""
        with self._lock:
            if not self._actions:
                raise IllegalMoveError(t("nothing_to_undo"), record=self.record())
            self._positions.pop()
            act = self._actions.pop()
            self._redo.append(act)
            return act

    def redo(self) -> Action:
        """Play again the last action taken back by undo()."""
        with self._lock:
            if not self._redo:
                raise IllegalMoveError(t("nothing_to_redo"), record=self.record())
            act = self._redo.pop()
            self._positions.append(self._positions[-1].child(act.code))
            self._actions.append(act)
            return act

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def ply(self) -> int:
        """How many actions have been played (the timeline position)."""
        return len(self._actions)

    @property
    def timeline(self) -> tuple[Action, ...]:
        """Every action of the game, including those taken back and not yet redone."""
        return tuple(self._actions) + tuple(reversed(self._redo))

    def goto(self, ply: int) -> None:
        """Step through the timeline to ``ply`` actions (0 to ``len(timeline)``)."""
        with self._lock:
            length = len(self._actions) + len(self._redo)
            step = _whole_number(ply)
            if step is None or not 0 <= step <= length:
                raise IllegalMoveError(
                    t("goto_out_of_range", ply=quote(ply), length=length), record=self.record()
                )
            while len(self._actions) > step:
                self.undo()
            while len(self._actions) < step:
                self.redo()

    def copy(self) -> Game:
        """An independent copy: moves on either game leave the other as it is."""
        with self._lock:
            new = Game()
            # positions and actions are immutable, so sharing them is safe; the lists are not
            new._positions = list(self._positions)
            new._actions = list(self._actions)
            new._redo = list(self._redo)
            return new

    __copy__ = copy

    def __deepcopy__(self, memo: Any) -> Game:
        return self.copy()

    def __getstate__(self) -> dict[str, Any]:
        with self._lock:
            return {"record": self.record(), "redo": [a.code for a in self._redo]}

    def __setstate__(self, state: dict[str, Any]) -> None:
        other = Game.from_record(state["record"])
        self._positions, self._actions = other._positions, other._actions
        self._redo = [Action(code) for code in state["redo"]]
        self._lock = threading.RLock()

    # records ----------------------------------------------------------------

    def record(self) -> str:
        """The game so far in record notation, e.g. ``"1-2 1-2 c1"``."""
        return " ".join(map(str, self._actions))

    @classmethod
    def from_record(cls, text: str) -> Game:
        """Build a game from a record; :class:`InvalidRecordError` names a bad token."""
        from .notation import parse_record

        game = cls()
        positions = game._positions
        for action in parse_record(text):
            positions.append(positions[-1].child(action.code))
            game._actions.append(action)
        return game

    def to_dict(self) -> dict[str, Any]:
        """The game as JSON-safe data (see the README for the keys)."""
        from .notation import game_to_dict

        return game_to_dict(self)

    @classmethod
    def from_dict(cls, data: Any) -> Game:
        """Rebuild a game saved with :meth:`to_dict`, checking that its parts agree."""
        from .notation import game_from_dict

        return game_from_dict(data)

    # display ------------------------------------------------------------------

    def __repr__(self) -> str:
        return f"Game.from_record({self.record()!r})"

    def __iter__(self) -> Iterator[Position]:
        return iter(self._positions)

    def _repr_svg_(self) -> str:
        from .svg import board_svg

        return str(board_svg(self))


def as_position(game_or_position: Game | Position) -> Position:
    """The position of a :class:`Game`, or a :class:`Position` itself.

    Views and analyses accept either; this is the one place that decides which.

    >>> g = Game.from_record("1-2")
    >>> as_position(g) is g.position and as_position(g.position) is g.position
    True
    """
    if isinstance(game_or_position, Game):
        return game_or_position.position
    if isinstance(game_or_position, Position):
        return game_or_position
    raise TypeError(t("not_game_or_position", kind=cut(type(game_or_position).__name__)))
