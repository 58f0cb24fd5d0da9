"""An exact solver: who wins quantum tic-tac-toe from a position, and how.

Three questions are answered exactly, under any of three scorings:

``Solver(scoring).value(position)``
    who wins under perfect play: the value alone;
``solve(position)``
    the value, a best action and a principal variation (a line of best play
    to the end of the game);
``analyse(position)``
    the value of every legal action, for hints and lessons.

The perfect player's choice among the best actions is here too
(:func:`best_actions`, :func:`sample_best_actions`), next to the search it asks.

Values are always given from X's point of view. The scorings:

``"seed"`` (the kit's rule)
    a game has one result; when one collapse gives both players a line, the
    earlier line (lower highest move number) wins. Values: +1 X wins, 0 draw,
    -1 O wins.
``"complete"``
    as ``"seed"``, but a collapse that gives both players a line is a draw.
``"goff"``
    Goff's published points (1 for a line; 1 and 1/2 when both get lines in
    one collapse), reported as X's points minus O's: 1, 1/2, 0, -1/2 or -1.

>>> from qttt_edu import Game
>>> sol = solve(Game.from_record("1-2 4-5 2-3 5-6 1-3"))   # O to choose for X5
>>> sol.value, str(sol.best_action)     # X5 closed a cycle of X marks: X wins either way
(1, 'c1')
>>> analyse(Game.from_record("1-2 4-5 2-3 5-6 1-3"))
{Action.collapse(1): 1, Action.collapse(3): 1}

What it finds for the empty board (``benchmarks/bench_solver.py`` reproduces it):
under ``"seed"`` X wins, and only by opening on two opposite corners (``1-9``
or ``3-7``); every other first move leads to a draw. Under ``"complete"``
every first move draws: X's win depends on being first when both players
complete a line in one collapse. Under ``"goff"`` X can be sure of 1 point to
O's 1/2 (value +1/2), again only with ``1-9`` or ``3-7``.

Design
------
*Search.* A negamax-style proof search on the side to act. Rather than carry
an (alpha, beta) window it asks yes/no questions, "can X force a value of at
least t?", and finds the exact value with two or three such questions (the
values are a handful of integers, so this is MTD-style search with null
windows). A yes/no search cuts off as soon as one good move is found for the
side that wants the answer and is as strong as alpha-beta with a null window.

*Transposition table.* Every position reached without a pending collapse is
stored under a canonical key with two bounds (lowest and highest value proven
so far), so a position reached by different move orders, or at a different
threshold, is searched once. Positions with a pending collapse are not stored:
they have only two children and are seldom reached twice. When the table
holds ``max_entries`` positions it is emptied and refilled (answers stay exact).

*Symmetry.* The board has 8 symmetries (4 rotations, 4 reflections). The key of
a position is the smallest of the 8 keys of its images, so the two positions
after ``1-2`` and ``2-3`` share one entry. Each of the 8 keys is kept up to
date incrementally as a sum of per-move terms, so a child's key costs 8
additions rather than a pass over the board.

*Compact keys: what the future depends on.* Under ``"seed"`` and ``"goff"``
move numbers matter beyond whose mark it is: when one collapse gives both
players a line, the line whose highest move number is lower wins (or scores
1 rather than 1/2). So the key records, for every move made so far, where its
mark is: one square (classical) or two squares (spooky), 6 bits per move
(9 squares + 36 pairs), at most 54 bits in all. The player to act and whether
a move closed a cycle follow from it. Under ``"complete"`` a simultaneous
line is a draw whatever the numbers, and the collapse outcomes of a cycle are
the same whichever of its marks is newest, so only the owner counts: 2 bits per
square for the classical marks and 2 bits per pair of squares for the spooky
marks (a forest has no two marks on the same pair). This coarser key merges
positions that differ only in the order the moves were made.

*Move ordering.* Moves that close a cycle are tried first: their two collapse
outcomes are often decided at once (a line, or the board full), which proves or
refutes the move without a deeper search. The two outcomes of a collapse are
computed from "rootings" of the spooky tree (the whole tree falls away from
the square the newest mark lands in), computed once per square, shared by
every cycle-closing move of that tree and remembered for the next position
that holds the same tree. Then a history table per move number
puts first the pairs that refuted other positions at the same move number.

The correctness of all this is checked in ``tests/test_solver.py`` against a
plain minimax over :class:`~qttt_edu.core.Position` with no pruning, no table and
no symmetry.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from operator import add

from .bits import BIT, FULL, LINES, LINES_IN, PAIR_INDEX, PAIRS, PAIRS_IN, SQUARES_OF
from .core import Action, Game, Position, as_position, quote
from .i18n import t as _t

__all__ = [
    "SCORINGS",
    "Solution",
    "Solver",
    "analyse",
    "best_actions",
    "book_key",
    "check_scoring",
    "inverse_symmetry",
    "map_action",
    "sample_best_actions",
    "shared_solver",
    "solve",
    "symmetries",
]

#: The scorings the solver understands.
SCORINGS: tuple[str, ...] = ("seed", "complete", "goff")

Value = int | float

# The board's bit tables (bits.py) are the ones the rules use: one home for both.


def _make_symmetries() -> tuple[tuple[int, ...], ...]:
    maps = (
        lambda r, c: (r, c),
        lambda r, c: (c, 2 - r),
        lambda r, c: (2 - r, 2 - c),
        lambda r, c: (2 - c, r),
        lambda r, c: (r, 2 - c),
        lambda r, c: (2 - r, c),
        lambda r, c: (c, r),
        lambda r, c: (2 - c, 2 - r),
    )
    out = []
    f: Callable[[int, int], tuple[int, int]]
    for f in maps:
        perm = [0] * 10
        for s in range(1, 10):
            r, c = f(*divmod(s - 1, 3))
            perm[s] = 3 * r + c + 1
        out.append(tuple(perm))
    return tuple(out)


_SYMS = _make_symmetries()
_INVERSE = tuple(
    next(h for h, q in enumerate(_SYMS) if all(q[p[s]] == s for s in range(10))) for p in _SYMS
)


def inverse_symmetry(g: int) -> int:
    """The number of the symmetry that undoes symmetry ``g`` of :func:`symmetries`.

    >>> a = Action.pair(1, 2)
    >>> all(map_action(map_action(a, g), inverse_symmetry(g)) == a for g in range(8))
    True
    """
    return _INVERSE[g]


def symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the board as square maps: ``sym[s]`` is where square s goes.

    Index 0 is unused (0). The first is the identity.

    >>> [sym[1] for sym in symmetries()]
    [1, 3, 9, 7, 3, 7, 1, 9]
    """
    return _SYMS


def _map_pair(g: int, a: int, b: int) -> tuple[int, int]:
    p = _SYMS[g]
    x, y = p[a], p[b]
    return (x, y) if x < y else (y, x)


def map_action(action: Action, g: int) -> Action:
    """The action ``action`` seen through symmetry number ``g`` (0-7) of :func:`symmetries`."""
    p = _SYMS[g]
    if action.kind == "pair":
        return Action.pair(*_map_pair(g, *action.squares))
    if action.kind == "collapse":
        return Action.collapse(p[action.squares[0]])
    return Action.classical(p[action.squares[0]])


# --- incremental keys ---------------------------------------------------------
#
# A key is a sum of one term per move made, so it changes by adding terms.
# _ADD_PAIR[m][code]: the 8 terms (one per symmetry) of move m as a spooky pair;
# _ADD_SINGLE[m][s]: of move m as a classical mark in square s;
# _TO_SINGLE[m][code][s]: the change when move m's pair collapses into s.


def _key_tables(
    owners_only: bool,
) -> tuple[
    list[list[tuple[int, ...]]], list[list[tuple[int, ...]]], list[dict[int, tuple[int, ...]]]
]:
    def term(g: int, m: int, squares: tuple[int, ...]) -> int:
        if owners_only:
            own = 1 if m & 1 else 2
            if len(squares) == 1:
                return own << 2 * (_SYMS[g][squares[0]] - 1)
            return own << 18 + 2 * PAIR_INDEX[_map_pair(g, *squares)]
        if len(squares) == 1:
            code = _SYMS[g][squares[0]]
        else:
            code = 10 + PAIR_INDEX[_map_pair(g, *squares)]
        return code << 6 * (m - 1)

    add_pair: list[list[tuple[int, ...]]] = [[] for _ in range(10)]
    add_single: list[list[tuple[int, ...]]] = [[] for _ in range(10)]
    to_single: list[dict[int, tuple[int, ...]]] = [{} for _ in range(10)]
    for m in range(1, 10):
        add_pair[m] = [(0,) * 8] * 90
        for a, b in PAIRS:
            add_pair[m][10 * a + b] = tuple(term(g, m, (a, b)) for g in range(8))
        add_single[m] = [(0,) * 8] + [
            tuple(term(g, m, (s,)) for g in range(8)) for s in range(1, 10)
        ]
        for a, b in PAIRS:
            for s in (a, b):
                to_single[m][100 * (10 * a + b) + s] = tuple(
                    term(g, m, (s,)) - term(g, m, (a, b)) for g in range(8)
                )
    return add_pair, add_single, to_single


_TABLES = {False: _key_tables(False), True: _key_tables(True)}
_ZERO8 = (0,) * 8

# An internal state: (cm, xm, om, edges, comp, n, keys)
#   cm     tuple of 10 classical move numbers by square (0: none)
#   xm, om bit masks of X's and O's classical squares
#   edges  spooky marks (move, a, b) in move order
#   comp   comp[s]: bit mask of the spooky tree holding free square s
#   n      the next move number; keys the 8 symmetric keys
_State = tuple[
    tuple[int, ...],
    int,
    int,
    tuple[tuple[int, int, int], ...],
    tuple[int, ...],
    int,
    tuple[int, ...],
]
# A rooting: (X squares, O squares, [(square, move)], key change) of a collapsed tree
_Rooting = tuple[int, int, list[tuple[int, int]], tuple[int, ...]]


def check_scoring(scoring: str) -> None:
    """Refuse (ValueError) a scoring that is not one of :data:`SCORINGS`."""
    if scoring not in SCORINGS:
        raise ValueError(
            _t("players_bad_scoring", scoring=quote(scoring), allowed=", ".join(SCORINGS))
        )


@dataclass(frozen=True)
class Solution:
    """The exact result of :func:`solve`.

    ``value`` is from X's point of view (see the module docstring); ``best_action``
    is a best action for the side to act (``None`` when the game is over);
    ``principal_variation`` a line of best play to the end; ``nodes`` the number
    of positions the search visited.
    """

    value: Value
    best_action: Action | None
    principal_variation: list[Action] = field(default_factory=list)
    nodes: int = 0
    scoring: str = "seed"

    def __str__(self) -> str:
        line = " ".join(map(str, self.principal_variation)) or "-"
        return _t(
            "players_solution",
            value=_value_text(self.value, self.scoring),
            scoring=self.scoring,
            line=line,
            nodes=self.nodes,
        )


def _value_text(value: Value, scoring: str) -> str:
    if value > 0:
        key = "players_value_x_wins"
    elif value < 0:
        key = "players_value_o_wins"
    else:
        key = "players_value_draw"
    return _t(key, value=_format_value(value))


def _format_value(value: Value) -> str:
    if isinstance(value, float) and not value.is_integer():
        return f"{'-' if value < 0 else '+'}{abs(value).as_integer_ratio()[0]}/2"
    return f"{int(value):+d}" if value else "0"


class Solver:
    """An exact solver that keeps its transposition table between questions.

    Use one :class:`Solver` when asking many questions about related positions
    (a player does); the functions :func:`solve` and :func:`analyse` use a
    fresh one each time. ``max_entries`` bounds the table: when it is full it
    is emptied (the answers stay exact, only slower).

    >>> s = Solver("complete")
    >>> s.value(Game.from_record("1-2 4-5 2-3 5-6 1-3"))
    1
    """

    def __init__(self, scoring: str = "seed", max_entries: int = 4_000_000) -> None:
        check_scoring(scoring)
        self.scoring = scoring
        self.max_entries = max_entries
        #: canonical key -> (lowest, highest) value proven, X's view, integer scale
        self.table: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        #: the value of a win on the integer scale (2 under Goff's scoring: points doubled)
        self.win = 2 if scoring == "goff" else 1
        self._history = [0] * 1100  # 100 * move number + action code, moves 1-10
        self._rootings: dict[tuple[tuple[tuple[int, int, int], ...], int], _Rooting] = {}
        self._add_pair, self._add_single, self._to_single = _TABLES[scoring == "complete"]
        #: held for a question by whoever shares this solver between threads
        #: (:func:`shared_solver`): one search at a time in its table
        self.lock = threading.RLock()

    # --- conversions -----------------------------------------------------

    def scaled(self, v: int) -> Value:
        """A value on the integer scale as the scoring states it (Goff's points halved back)."""
        return v / 2 if self.scoring == "goff" else v

    def _state(self, pos: Position) -> tuple[_State, bool]:
        cm = tuple(pos.classical_moves)
        xm = om = 0
        keys = _ZERO8
        for s in range(1, 10):
            m = cm[s]
            if m:
                if m & 1:
                    xm |= BIT[s]
                else:
                    om |= BIT[s]
                keys = tuple(map(add, keys, self._add_single[m][s]))
        comp = [0 if cm[s] else BIT[s] for s in range(10)]
        edges = tuple((m, a, b) for m, a, b in pos.spooky)
        body = edges[:-1] if pos.pending else edges
        for m, a, b in body:
            merged = comp[a] | comp[b]
            for s in SQUARES_OF[merged]:
                comp[s] = merged
            keys = tuple(map(add, keys, self._add_pair[m][10 * a + b]))
        return (cm, xm, om, edges, tuple(comp), pos.next_move, keys), pos.pending

    def _terminal(self, cm: Iterable[int], xm: int, om: int) -> int:
        """The value (integer scale) of a finished game with these classical marks."""
        xl = LINES_IN[xm]
        ol = LINES_IN[om]
        if xl and ol:
            if self.scoring == "complete":
                return 0
            c = tuple(cm)
            hx = min(max(c[s] for s in LINES[i]) for i in xl)
            ho = min(max(c[s] for s in LINES[i]) for i in ol)
            # seed: the earlier line wins (+-1); goff: 1 - 1/2 = +-1/2, which is +-1 here
            return 1 if hx < ho else -1
        if xl:
            return self.win
        if ol:
            return -self.win
        return 0

    # --- the search ----------------------------------------------------------

    def _rooting(self, edges: tuple[tuple[int, int, int], ...], tree: int, root: int) -> _Rooting:
        """Collapse the spooky tree ``tree`` away from ``root``.

        Returns the X and O squares it fills, the (square, move) marks and the key change.
        """
        todo = tuple(e for e in edges if tree >> e[1] & 1)
        # The same tree turns up in many positions (moves elsewhere leave it
        # alone), so its rootings are remembered.
        cached = self._rootings.get((todo, root))
        if cached is not None:
            return cached
        done = BIT[root]
        xadd = oadd = 0
        marks = []
        change = _ZERO8
        to_single = self._to_single
        left = list(todo)
        while left:
            later = []
            for e in left:
                m, p, q = e
                if done >> p & 1:
                    d = q
                elif done >> q & 1:
                    d = p
                else:
                    later.append(e)
                    continue
                done |= BIT[d]
                if m & 1:
                    xadd |= BIT[d]
                else:
                    oadd |= BIT[d]
                marks.append((d, m))
                change = tuple(map(add, change, to_single[m][100 * (10 * p + q) + d]))
            left = later
        if len(self._rootings) >= 200_000:
            self._rootings.clear()
        result = self._rootings[todo, root] = (xadd, oadd, marks, change)
        return result

    def _outcome(
        self,
        state: _State,
        newest: int,
        tree: int,
        square: int,
        rooting: _Rooting,
    ) -> tuple[int, _State | None]:
        """The newest mark (move ``newest``) lands in ``square``.

        Returns ``(value, None)`` if that ends the game, else ``(0, new state)``.

        ``state`` is the position before the newest mark was made (its edges exclude it).
        """
        cm, xm, om, edges, comp, _, keys = state
        xadd, oadd, marks, change = rooting
        if newest & 1:
            xadd |= BIT[square]
        else:
            oadd |= BIT[square]
        xm2 = xm | xadd
        om2 = om | oadd
        if LINES_IN[xm2] or LINES_IN[om2] or not FULL & ~(xm2 | om2):
            if LINES_IN[xm2] and LINES_IN[om2] and self.scoring != "complete":
                c = list(cm)
                for d, m in marks:
                    c[d] = m
                c[square] = newest
                return self._terminal(c, xm2, om2), None
            return self._terminal(cm, xm2, om2), None
        c = list(cm)
        for d, m in marks:
            c[d] = m
        c[square] = newest
        edges2 = tuple(e for e in edges if not tree >> e[1] & 1)
        comp2 = tuple(0 if tree >> s & 1 else comp[s] for s in range(10))
        keys2 = tuple(map(add, map(add, keys, change), self._add_single[newest][square]))
        return 0, (tuple(c), xm2, om2, edges2, comp2, newest + 1, keys2)

    def _pending_test(self, state: _State, t: int) -> bool:
        """Can X force at least ``t`` from a state whose newest edge closed a cycle?"""
        self.nodes += 1
        cm, xm, om, edges, comp, n, keys = state
        newest, a, b = edges[-1]
        before = (cm, xm, om, edges[:-1], comp, n - 1, keys)
        x_chooses = n & 1
        tree = comp[a]
        for s in (a, b):
            v, child = self._outcome(before, newest, tree, s, self._rooting(edges[:-1], tree, s))
            ok = v >= t if child is None else self._test(child, t)
            if ok == bool(x_chooses):
                return ok
        return not x_chooses

    def _test(self, state: _State, t: int) -> bool:
        """Can X force a value of at least ``t`` (integer scale) from a settled state?"""
        self.nodes += 1
        cm, xm, om, _, _, n, keys = state
        key = min(keys)
        table = self.table
        entry = table.get(key)
        if entry is not None:
            lo, hi = entry
            if lo >= t:
                return True
            if hi < t:
                return False
        else:
            lo, hi = -2, 2
        want = bool(n & 1)  # the answer the side to act is looking for
        free = FULL & ~(xm | om)
        if free & (free - 1) == 0:
            s = SQUARES_OF[free][0]
            c = list(cm)
            c[s] = n
            result = self._terminal(c, xm | BIT[s], om) >= t
        else:
            result = self._test_pairs(state, free, t, want)
        if result:
            lo = max(lo, t)
        else:
            hi = min(hi, t - 1)
        if len(table) >= self.max_entries and key not in table:
            table.clear()
        table[key] = (lo, hi)
        return result

    def _test_pairs(self, state: _State, free: int, t: int, want: bool) -> bool:
        """_test's search over the pairs the side to act can play: ``want`` if one gets it.

        Pairs that close a cycle come first in history order (the opponent chooses the
        collapse, so such a pair achieves ``want`` only if both outcomes do); the quiet
        pairs after them.
        """
        cm, xm, om, edges, comp, n, keys = state
        history = self._history
        base = 100 * n
        moves = sorted(PAIRS_IN[free], key=lambda p: -history[base + p[2]])
        roots: dict[int, _Rooting] = {}
        quiet = []
        for a, b, code in moves:
            tree = comp[a]
            if not tree >> b & 1:
                quiet.append((a, b, code))
                continue
            ok = want
            for s in (a, b):
                r = roots.get(s)
                if r is None:
                    r = roots[s] = self._rooting(edges, tree, s)
                v, child = self._outcome(state, n, tree, s, r)
                ok = v >= t if child is None else self._test(child, t)
                if ok != want:
                    break
            if ok == want:
                history[base + code] += 1
                return want
        add_pair = self._add_pair[n]
        for a, b, code in quiet:
            merged = comp[a] | comp[b]
            c = list(comp)
            for s in SQUARES_OF[merged]:
                c[s] = merged
            child = (
                cm,
                xm,
                om,
                (*edges, (n, a, b)),
                tuple(c),
                n + 1,
                tuple(map(add, keys, add_pair[code])),
            )
            if self._test(child, t) == want:
                history[base + code] += 1
                return want
        return not want

    def _node_test(self, state: _State, pending: bool, t: int) -> bool:
        return self._pending_test(state, t) if pending else self._test(state, t)

    def _exact(self, state: _State, pending: bool) -> int:
        """The exact value (integer scale) by two or three yes/no searches."""
        lo, hi = -self.win, self.win
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._node_test(state, pending, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def _children(self, pos: Position) -> list[tuple[Action, Position]]:
        return [(Action(code), pos.child(code)) for code in pos.legal_actions()]

    def _value_of(self, pos: Position) -> int:
        if pos.outcome is not None:
            return self._terminal(pos.classical_moves, *_masks(pos))
        state, pending = self._state(pos)
        return self._exact(state, pending)

    def int_value(self, pos: Position) -> int:
        """The value on the integer scale (Goff's points doubled), X's point of view."""
        return self._value_of(pos)

    def ordered(self, pos: Position) -> list[int]:
        """The legal actions of ``pos``, those that often refuted others first."""
        base = 100 * pos.next_move
        return sorted(pos.legal_actions(), key=lambda c: -self._history[base + c % 100])

    def reaches(self, pos: Position, value: int, player: str | None) -> bool:
        """Is ``pos`` worth at least ``value`` (integer scale, X's view) to ``player``?

        One yes/no search: "at least" for X, "at most" for O.
        """
        if pos.outcome is not None:
            v = self._terminal(pos.classical_moves, *_masks(pos))
            return v >= value if player == "X" else v <= value
        state, pending = self._state(pos)
        if player == "X":
            return self._node_test(state, pending, value)
        return not self._node_test(state, pending, value + 1)

    # --- public questions --------------------------------------------------------

    def value(self, position_or_game: Position | Game) -> Value:
        """The value of the position under perfect play, from X's point of view."""
        return self.scaled(self._value_of(as_position(position_or_game)))

    def analyse(self, position_or_game: Position | Game) -> dict[Action, Value]:
        """The value (X's point of view) after each legal action, in action order."""
        pos = as_position(position_or_game)
        return {a: self.scaled(self._value_of(c)) for a, c in self._children(pos)}

    def solve(self, position_or_game: Position | Game) -> Solution:
        """The value, a best action and a principal variation."""
        pos = as_position(position_or_game)
        start = self.nodes
        v = self._value_of(pos)
        line: list[Action] = []
        while pos.outcome is None:
            x_to_act = pos.to_act == "X"
            for action, child in self._children(pos):
                if child.outcome is not None:
                    cv = self._terminal(child.classical_moves, *_masks(child))
                    good = cv == v
                else:
                    state, pending = self._state(child)
                    # the node's value is v, so a child of value v is one that does
                    # not fall short of v for the side to act
                    good = (
                        self._node_test(state, pending, v)
                        if x_to_act
                        else not self._node_test(state, pending, v + 1)
                    )
                if good:
                    line.append(action)
                    pos = child
                    break
            else:  # pragma: no cover - a value with no child achieving it is a bug
                raise AssertionError("no child keeps the proven value")
        return Solution(
            self.scaled(v), line[0] if line else None, line, self.nodes - start, self.scoring
        )


def _masks(pos: Position) -> tuple[int, int]:
    xm = om = 0
    for s in range(1, 10):
        m = pos.classical_moves[s]
        if m:
            if m & 1:
                xm |= BIT[s]
            else:
                om |= BIT[s]
    return xm, om


def book_key(position_or_game: Position | Game) -> tuple[int, int]:
    """A key shared by a position and its 7 images, and the symmetry that gives it.

    Returns ``(key, g)``: the key records where every mark made so far is (its
    square, or its two squares), move by move, for the image of the position
    under symmetry ``g`` of :func:`symmetries`, the image with the smallest such
    key. Positions with a pending collapse have keys too. The opening book uses it.

    >>> a = book_key(Game.from_record("1-2 5-9"))
    >>> b = book_key(Game.from_record("2-3 5-7"))     # its mirror image, left to right
    >>> a[0] == b[0], a[0] == book_key(Game.from_record("1-2 5-7"))[0]
    (True, False)
    """
    pos = as_position(position_or_game)
    add_pair, add_single, _ = _TABLES[False]
    keys = _ZERO8
    for s, m in enumerate(pos.classical_moves):
        if m:
            keys = tuple(map(add, keys, add_single[m][s]))
    for m, a, b in pos.spooky:
        keys = tuple(map(add, keys, add_pair[m][10 * a + b]))
    key = min(keys)
    return key, keys.index(key)


# --- the perfect player's choice ---------------------------------------------------
#
# Which of the best actions PerfectPlayer (players.py) plays: the choice lives
# here, next to the search it asks, and uses only the Solver's public questions.


def best_actions(solver: Solver, pos: Position) -> tuple[int, tuple[int, ...]]:
    """The value (integer scale, X's view) and the actions :class:`PerfectPlayer` chooses among.

    Every action of best value for the side to act. When that value is a loss for
    the side to act, only those that make the opponent's win hardest: rule 2 of
    :class:`PerfectPlayer`.
    """
    value = solver.int_value(pos)
    sign = 1 if pos.to_act == "X" else -1
    if sign * value == -solver.win:
        # the worst value there is: every action keeps it, no search needed
        candidates = pos.legal_actions()
    else:
        # a child keeps the value when it is at least as good for the side to act
        candidates = tuple(
            c for c in pos.legal_actions() if solver.reaches(pos.child(c), value, pos.to_act)
        )
    if sign * value >= 0 or len(candidates) == 1:
        return value, candidates
    fewest: tuple[bool, int] | None = None
    chosen: list[int] = []
    # Pairs that close a cycle leave the opponent only two replies (the collapse
    # choices): trying them first gives a low bound that cuts the other counts short.
    for c in sorted(candidates, key=lambda c: not pos.child(c).pending):
        score = _resistance(solver, pos.child(c), value, fewest)
        if fewest is None or score < fewest:
            fewest, chosen = score, [c]
        elif score == fewest:
            chosen.append(c)
    return value, tuple(sorted(chosen))


def _wins_at_once(solver: Solver, pos: Position, value: int, player: str) -> bool:
    """Can ``player``, acting now, end the game at once with ``value`` (their win)?

    With a collapse choice that completes the win, or with a pair that closes a
    cycle whose two collapses both do.
    """
    for code in pos.legal_actions():
        child = pos.child(code)
        if child.outcome is not None:
            if solver.reaches(child, value, player):
                return True
        elif child.pending and child.to_act != player:
            ends = [child.child(c) for c in child.legal_actions()]
            if all(e.outcome is not None and solver.reaches(e, value, player) for e in ends):
                return True
    return False


def _resistance(
    solver: Solver, pos: Position, value: int, bound: tuple[bool, int] | None
) -> tuple[bool, int]:
    """How easy my action (which led to ``pos``) makes the opponent's win: lower is harder.

    ``(wins at once, winning replies)``: whether the opponent can end the game
    at once (or it is already over), then how many of their replies keep
    ``value``, their win. Counting stops once the score passes ``bound`` (the
    best found so far), so a score above ``bound`` only says "worse than bound".
    If I act again (I chose a collapse and now move), my best next action decides.
    """
    if pos.outcome is not None:
        return (True, 0)
    opponent = "X" if value > 0 else "O"
    if pos.to_act != opponent:
        best: tuple[bool, int] | None = None
        for c in pos.legal_actions():
            child = pos.child(c)
            if solver.reaches(child, value, pos.to_act):
                limit = best if bound is None else bound if best is None else min(best, bound)
                score = _resistance(solver, child, value, limit)
                if best is None or score < best:
                    best = score
        assert best is not None
        return best
    at_once = _wins_at_once(solver, pos, value, opponent)
    if bound is not None and at_once and not bound[0]:
        return (True, 0)  # already worse than the bound, whatever the count
    cap = bound[1] if bound is not None and bound[0] == at_once else None
    count = 0
    # likely winners first, so that a count passing the cap stops early
    for c in solver.ordered(pos):
        count += solver.reaches(pos.child(c), value, opponent)
        if cap is not None and count > cap:
            break
    return (at_once, count)


def sample_best_actions(
    solver: Solver, pos: Position, rng: random.Random, limit: int
) -> tuple[int, tuple[int, ...]]:
    """Like :func:`best_actions`, but when not losing, stop after ``limit`` best actions.

    The actions are tried in a random order, so the first best action found is a
    uniform choice among all of them, found without searching the rest.
    """
    value = solver.int_value(pos)
    if (value < 0) == (pos.to_act == "X") and value != 0:
        return best_actions(solver, pos)
    order = list(pos.legal_actions())
    rng.shuffle(order)
    found: list[int] = []
    for code in order:
        if solver.reaches(pos.child(code), value, pos.to_act):
            found.append(code)
            if len(found) == limit:
                break
    return value, tuple(sorted(found))


#: the table of a solver the players of one process share (about 200 bytes a position:
#: some 200 MB when full, then it is emptied)
SHARED_ENTRIES = 1_000_000
_shared: dict[str, Solver] = {}
_shared_lock = threading.Lock()


def shared_solver(scoring: str = "seed") -> Solver:
    """The process's one solver for ``scoring``, which every :class:`~qttt_edu.players.
    PerfectPlayer` uses unless given its own: the classroom's light app runs thirty
    students' games in one process, and thirty tables of their own held a gigabyte
    after a minute, each solving again what another had solved. Ask it under its
    ``lock``.

    >>> shared_solver("goff") is shared_solver("goff") is not shared_solver("seed")
    True
    """
    check_scoring(scoring)
    with _shared_lock:
        if scoring not in _shared:
            _shared[scoring] = Solver(scoring, max_entries=SHARED_ENTRIES)
        return _shared[scoring]


def solve(position_or_game: Position | Game, scoring: str = "seed") -> Solution:
    """Solve a position exactly: value (X's point of view), best action, principal variation.

    ``scoring`` is ``"seed"``, ``"complete"`` or ``"goff"`` (see the module docstring).

    >>> sol = solve(Game.from_record("5-8 2-9 8-9 1-9 2-3 3-8"))  # X chooses for O6
    >>> sol.value, str(sol.best_action)       # c3 gives X the column 2-5-8
    (1, 'c3')
    """
    return Solver(scoring).solve(position_or_game)


def analyse(position_or_game: Position | Game, scoring: str = "seed") -> dict[Action, Value]:
    """The value, from X's point of view, of every legal action.

    Worked example 3 of the rules, one step before the end: O chooses where X9
    lands. ``c5`` gives both players a line, X's first:

    >>> game = Game.from_record("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8")
    >>> analyse(game, scoring="goff")
    {Action.collapse(5): 0.5, Action.collapse(8): 1.0}
    >>> analyse(game, scoring="complete")
    {Action.collapse(5): 0, Action.collapse(8): 1}
    """
    return Solver(scoring).analyse(position_or_game)
