"""The entanglement logic, standard library only: cycles, stems, cascades, components.

Squares are the nodes and every spooky mark is an edge between its two squares
(RULES.md, "The entanglement graph"). Before every move the marks form a forest;
a move whose two squares are already connected closes a cycle, and the whole
connected component collapses.

This module names the parts a student should see: the *cycle* (its squares and
marks in order around it), the *stems* (marks hanging off the cycle, which have
only one possible collapse), the *separate entanglements* the collapse leaves
alone, and the *cascade*: the collapse step by step, each mark forced out of a
square by the mark that landed there. It needs nothing beyond the standard
library, so the dependency-free views (:mod:`qttt_edu.svg`, :mod:`qttt_edu.view`)
can use it; :mod:`qttt_edu.graph` puts the same facts into a networkx
``MultiGraph`` and re-exports every name defined here.

Two words that are easy to mix up: the *choices* of a pending collapse are the
two squares of the newest mark (where it may land; ``CycleInfo.choices``), the
*squares* of a cycle are every square around it (``CycleInfo.squares``).

Every function accepts a :class:`~qttt_edu.core.Game` or a
:class:`~qttt_edu.core.Position` and never changes it.

>>> from qttt_edu import Game
>>> g = Game.from_record("1-2 2-3 3-6 1-3")
>>> info = pending_cycle(g)
>>> info.choices, info.squares, info.marks, info.stems
((1, 3), (1, 2, 3), ('X1', 'O2', 'O4'), ('X3',))
>>> for step in cascade(g, 1):
...     print(step.reason)
O4 lands in square 1 by X's decision
X1 must leave square 1 because O4 landed there, so X1 lands in square 2
O2 must leave square 2 because X1 landed there, so O2 lands in square 3
X3 must leave square 3 because O2 landed there, so X3 lands in square 6
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from .core import Game, IllegalMoveError, Position, as_position, mark_name, player_of
from .i18n import t

__all__ = [
    "CascadeStep",
    "CycleInfo",
    "cascade",
    "collapse_outcomes",
    "components",
    "pending_cycle",
]


def _adjacency(
    spooky: tuple[tuple[int, int, int], ...],
) -> dict[int, list[tuple[int, int]]]:
    """Square -> [(move, other square)] in move order."""
    adj: dict[int, list[tuple[int, int]]] = {}
    for move, a, b in spooky:
        adj.setdefault(a, []).append((move, b))
        adj.setdefault(b, []).append((move, a))
    return adj


def _component_sets(spooky: tuple[tuple[int, int, int], ...]) -> list[set[int]]:
    adj = _adjacency(spooky)
    seen: set[int] = set()
    out = []
    for start in sorted(adj):
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        while stack:
            s = stack.pop()
            for _, other in adj[s]:
                if other not in comp:
                    comp.add(other)
                    stack.append(other)
        seen |= comp
        out.append(comp)
    return out


def components(game: Game | Position) -> list[set[int]]:
    """The separate entanglements: the squares of each connected group of spooky marks.

    Only squares that hold spooky marks appear (a free square with no mark is
    not an entanglement). The list is ordered by each component's lowest square.
    Goff: separate entanglements collapse separately, and at most four fit on the board.

    >>> from qttt_edu import Game
    >>> [sorted(c) for c in components(Game.from_record("1-2 4-5 5-9"))]
    [[1, 2], [4, 5, 9]]
    """
    return _component_sets(as_position(game).spooky)


@dataclass(frozen=True)
class CycleInfo:
    """The cycle a pending collapse will settle, and what hangs off it.

    Attributes
    ----------
    mark : str
        The newest mark, the one that closed the cycle (``"X3"``).
    chooser : str
        The player who chooses where ``mark`` lands.
    choices : tuple of int
        The two squares of ``mark``: where the chooser may put it (``c<square>``).
    squares : tuple of int
        Every square of the cycle, in order around it, starting with the lower square
        of ``mark`` (so ``choices`` are ``squares[0]`` and ``squares[-1]``). Not the
        choices: a cycle of three marks has three squares, a collapse always two choices.
    marks : tuple of str
        The cycle's marks in the same order: ``marks[i]`` joins ``squares[i]`` and
        ``squares[i + 1]``, and the last one, ``mark``, joins the last square back to the first.
    stems : tuple of str
        Marks of the same component that are not on the cycle, in move order. Each
        has one possible collapse: it lands on the side away from the cycle.
    component : frozenset of int
        Every square the collapse will fill.
    others : list of set of int
        The separate entanglements the collapse does not touch (see :func:`components`).
    """

    mark: str
    chooser: str
    choices: tuple[int, int]
    squares: tuple[int, ...]
    marks: tuple[str, ...]
    stems: tuple[str, ...]
    component: frozenset[int]
    others: list[set[int]] = field(default_factory=list)


def pending_cycle(game: Game | Position) -> CycleInfo | None:
    """The cycle, its stems and the untouched entanglements, or ``None`` if no collapse is pending.

    >>> from qttt_edu import Game
    >>> info = pending_cycle(Game.from_record("1-2 2-5 1-5"))   # Goff, Fig. 4
    >>> info.mark, info.chooser, info.squares, info.marks
    ('X3', 'O', (1, 2, 5), ('X1', 'O2', 'X3'))
    """
    pos = as_position(game)
    if not pos.pending:
        return None
    newest, a, b = pos.spooky[-1]
    older = pos.spooky[:-1]
    adj = _adjacency(older)
    # The older marks form a forest, so the path from a to b in it is unique:
    # walk it by breadth-first search, remembering how each square was reached.
    came_from: dict[int, tuple[int, int]] = {}
    queue = deque([a])
    seen = {a}
    while queue:
        s = queue.popleft()
        for move, other in adj.get(s, ()):
            if other not in seen:
                seen.add(other)
                came_from[other] = (s, move)
                queue.append(other)
    path_squares = [b]
    path_moves: list[int] = []
    while path_squares[-1] != a:
        prev, move = came_from[path_squares[-1]]
        path_moves.append(move)
        path_squares.append(prev)
    path_squares.reverse()
    path_moves.reverse()
    cycle_moves = {*path_moves, newest}
    comps = _component_sets(pos.spooky)
    component = next(c for c in comps if a in c)
    stems = tuple(mark_name(m) for m, p, _ in older if p in component and m not in cycle_moves)
    return CycleInfo(
        mark=mark_name(newest),
        chooser=player_of(newest + 1),
        choices=(a, b),
        squares=tuple(path_squares),
        marks=tuple(mark_name(m) for m in [*path_moves, newest]),
        stems=stems,
        component=frozenset(component),
        others=[c for c in comps if a not in c],
    )


@dataclass(frozen=True)
class CascadeStep:
    """One step of a collapse: ``mark`` becomes classical in ``square``.

    Attributes
    ----------
    mark : str
        The mark that lands (``"O2"``).
    square : int
        Where it lands.
    reason : str
        Why, as a sentence for a person (in the current language).
    left : int or None
        The other square of ``mark``, which it leaves (``None`` for the first step,
        where the chooser decides).
    forced_by : str or None
        The mark that landed in ``left`` and pushed ``mark`` out (``None`` for the first step).
    on_cycle : bool
        True for marks on the cycle, False for stems.
    placed_so_far : dict
        Square -> mark for every mark this collapse has placed up to and including
        this step (classical marks from earlier collapses are not repeated here).
    """

    mark: str
    square: int
    reason: str
    left: int | None
    forced_by: str | None
    on_cycle: bool
    placed_so_far: dict[int, str]


def cascade(game: Game | Position, square: int) -> list[CascadeStep]:
    """The pending collapse step by step, if the chooser puts the newest mark in ``square``.

    The first step is the chooser's decision. Then, breadth first, every spooky
    mark sharing a square with a mark that has just landed must leave it for its
    other square. Steps from the same square come in move order. The game is
    not changed.

    Raises
    ------
    IllegalMoveError
        When no collapse is pending, or ``square`` is not one of the newest mark's squares.

    >>> from qttt_edu import Game
    >>> [(s.mark, s.square) for s in cascade(Game.from_record("1-2 2-3 3-6 1-3"), 3)]
    [('O4', 3), ('O2', 2), ('X3', 6), ('X1', 1)]
    """
    info = pending_cycle(game)
    pos = as_position(game)
    if info is None:
        raise IllegalMoveError(t("cascade_no_pending", square=square))
    newest, a, b = pos.spooky[-1]
    if square not in (a, b) or isinstance(square, bool):
        raise IllegalMoveError(
            t("cascade_wrong_square", mark=info.mark, square=repr(square), a=a, b=b)
        )
    cycle_marks = set(info.marks)
    placed = {square: info.mark}
    steps = [
        CascadeStep(
            mark=info.mark,
            square=square,
            reason=t("cascade_first", mark=info.mark, square=square, chooser=info.chooser),
            left=None,
            forced_by=None,
            on_cycle=True,
            placed_so_far=dict(placed),
        )
    ]
    return steps + _forced_steps(_adjacency(pos.spooky[:-1]), square, newest, placed, cycle_marks)


def _forced_steps(
    adj: dict[int, list[tuple[int, int]]],
    square: int,
    newest: int,
    placed: dict[int, str],
    cycle_marks: set[str],
) -> list[CascadeStep]:
    """Breadth first from ``square``: each mark sharing a square with one that just landed."""
    steps = []
    queue = deque([square])
    landed = {newest}
    while queue:
        s = queue.popleft()
        for move, other in adj.get(s, ()):
            if move in landed:
                continue
            landed.add(move)
            name = mark_name(move)
            placed[other] = name
            steps.append(
                CascadeStep(
                    mark=name,
                    square=other,
                    reason=t("cascade_forced", mark=name, left=s, by=placed[s], square=other),
                    left=s,
                    forced_by=placed[s],
                    on_cycle=name in cycle_marks,
                    placed_so_far=dict(placed),
                )
            )
            queue.append(other)
    return steps


def collapse_outcomes(game: Game | Position) -> dict[int, dict[int, str]]:
    """Both possible outcomes of the pending collapse, without changing the game.

    For each of the newest mark's two squares: square -> classical mark for every
    square of the collapsing component (the same shape as
    ``Position.collapse_outcomes``). Empty when no collapse is pending.

    >>> from qttt_edu import Game
    >>> collapse_outcomes(Game.from_record("1-2 1-2"))
    {1: {1: 'O2', 2: 'X1'}, 2: {1: 'X1', 2: 'O2'}}
    """
    return as_position(game).collapse_outcomes()
