"""The ensemble of realities: what the spooky marks say about the board.

Goff reads a position of quantum tic-tac-toe as an *ensemble*: every classical
board consistent with it. In each of these *realities* every spooky mark sits in
exactly one of its two squares, no square holds two marks, and the classical
marks stay where they are. This module lists the realities, counts them, gives
the odds of each mark in each square and writes the state as a ket.

Where the metaphor holds and where it breaks
--------------------------------------------
* Each move is like a particle whose position is one of two squares; a spooky
  pair is a superposition, and the ket below is a normalised sum of position
  states, one term per reality.
* Marks that share squares exclude each other (two marks cannot end in one
  square), so their joint state does not factorise: that is the entanglement.
  Marks in separate components are independent and the ket is a product.
* Goff gives every reality the same weight. Real amplitudes have magnitudes and
  phases, which would bring interference; here there are neither. All odds in
  this module are counts of equally likely realities, nothing more.
* A collapse in the game is a player's choice, not chance. The ensemble tells
  which realities survive each choice (:func:`collapse_subsets`), not which
  choice nature would make.

Every function accepts a :class:`~qttt_edu.core.Game` or a
:class:`~qttt_edu.core.Position` and never changes it. Each connected component
of spooky marks is a tree (or, while a collapse is pending, a tree plus the one
edge that closed the cycle), so it has at most ten realities: enumerating them
component by component is instant.

>>> from qttt_edu import Game
>>> chain = Game.from_record("4-7 7-8")     # two moves sharing square 7, like Goff's Fig. 3
>>> count_realities(chain)
3
>>> print(ket(chain))
1/√3 (|4⟩₁|7⟩₂ + |4⟩₁|8⟩₂ + |7⟩₁|8⟩₂)
>>> square_odds(chain, exact=True)[7]
{'X1': Fraction(1, 3), 'O2': Fraction(1, 3), '': Fraction(1, 3)}

(The examples here use positions of their own: the notebooks' exercises ask about Goff's
figures, and ``help()`` should not answer them.)
"""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import prod

from .core import Game, Position, as_position, mark_name
from .entanglement import components

__all__ = [
    "EMPTY",
    "collapse_subsets",
    "count_realities",
    "ket",
    "mark_odds",
    "realities",
    "square_odds",
]

#: The key :func:`square_odds` uses for "no mark in this square".
EMPTY = ""

Edge = tuple[int, int, int]


def _spooky_components(pos: Position) -> list[list[Edge]]:
    """The spooky marks grouped by component, components ordered by their oldest mark."""
    groups: list[list[Edge]] = []
    for comp in components(pos):
        groups.append([e for e in pos.spooky if e[1] in comp])
    groups.sort(key=lambda edges: edges[0][0])
    return groups


def _component_realities(edges: list[Edge]) -> list[tuple[int, ...]]:
    """Every way to put each mark of a component in one of its squares, no square twice.

    Returned as tuples of squares in the order of ``edges`` (move order), sorted.
    """
    out: list[tuple[int, ...]] = []
    chosen: list[int] = []
    used: set[int] = set()

    def place(i: int) -> None:
        if i == len(edges):
            out.append(tuple(chosen))
            return
        _, a, b = edges[i]
        for s in (a, b):
            if s not in used:
                used.add(s)
                chosen.append(s)
                place(i + 1)
                chosen.pop()
                used.discard(s)

    place(0)
    out.sort()
    return out


def realities(game: Game | Position) -> list[dict[int, str]]:
    """Every classical board consistent with the position: Goff's ensemble.

    Each reality maps square -> mark name and includes the classical marks. A
    square that no mark reaches in a reality is simply absent from it.

    While a collapse is pending, the newest mark (the one that closed the cycle)
    counts like any other spooky mark. A cycle with k squares carries k marks,
    so each of its squares holds exactly one mark and the cycle can only run one
    way round or the other: the component has exactly two realities, one for
    each choice the chooser can make (see :func:`collapse_subsets`).

    >>> from qttt_edu import Game
    >>> realities(Game.from_record("1-2"))
    [{1: 'X1'}, {2: 'X1'}]
    >>> realities(Game.from_record("1-2 1-2"))
    [{1: 'X1', 2: 'O2'}, {1: 'O2', 2: 'X1'}]
    """
    pos = as_position(game)
    fixed = pos.classical
    per_component = []
    for edges in _spooky_components(pos):
        names = [mark_name(m) for m, _, _ in edges]
        per_component.append(
            [dict(zip(squares, names, strict=True)) for squares in _component_realities(edges)]
        )
    out = []
    for combo in product(*per_component):
        board = dict(fixed)
        for part in combo:
            board.update(part)
        out.append(dict(sorted(board.items())))
    return out


def _component_count(edges: list[Edge]) -> int:
    squares = {s for _, a, b in edges for s in (a, b)}
    if len(edges) == len(squares) - 1:
        # A tree: pick the one square left empty; every mark then points away from it.
        return len(squares)
    if len(edges) == len(squares):
        # One cycle: it runs one way round or the other; stems are forced.
        return 2
    return len(_component_realities(edges))


def count_realities(game: Game | Position) -> int:
    """How many realities the position stands for: the product over its separate entanglements.

    A tree of k spooky marks spans k + 1 squares and has k + 1 realities (choose
    the square left empty); a component with a pending cycle has 2. The number
    under the square root of :func:`ket` is this count.

    >>> from qttt_edu import Game
    >>> count_realities(Game.from_record("7-8 3-6")), count_realities(Game())
    (4, 1)
    """
    return prod(_component_count(edges) for edges in _spooky_components(as_position(game)))


def square_odds(
    game: Game | Position, *, exact: bool = False
) -> dict[int, dict[str, float | Fraction]]:
    """For every square 1-9, the probability of each mark ending there.

    Every reality counts the same (Goff's equal-weight assumption; real quantum
    amplitudes need not be equal). The result has all nine squares; each maps
    mark name -> probability, plus the key :data:`EMPTY` (``""``) for the
    probability that the square ends with no mark in it, listed only when it is
    above zero. Every spooky mark in the square is listed, even at probability 0
    (while a collapse is pending, a stem is certain to land away from the
    cycle). The values of every square sum to 1. A classical mark has
    probability 1; a free square no spooky mark touches is ``{"": 1}``.
    Marks are listed in move order. With ``exact=True`` the values are
    :class:`fractions.Fraction`.

    Because separate entanglements are independent, a square's odds depend only
    on the marks of its own component.

    >>> from qttt_edu import Game
    >>> odds = square_odds(Game.from_record("1-3 1-4"), exact=True)
    >>> odds[3]
    {'X1': Fraction(2, 3), '': Fraction(1, 3)}
    >>> odds[1]
    {'X1': Fraction(1, 3), 'O2': Fraction(1, 3), '': Fraction(1, 3)}
    """
    pos = as_position(game)
    one = Fraction(1) if exact else 1.0
    odds: dict[int, dict[str, float | Fraction]] = {}
    for s in range(1, 10):
        move = pos.classical_moves[s]
        odds[s] = {mark_name(move): one} if move else {EMPTY: one}
    for edges in _spooky_components(pos):
        found = _component_realities(edges)
        total = len(found)
        squares = sorted({s for _, a, b in edges for s in (a, b)})
        counts: dict[int, dict[str, int]] = {s: {} for s in squares}
        for move, a, b in edges:
            counts[a][mark_name(move)] = 0
            counts[b][mark_name(move)] = 0
        filled = dict.fromkeys(squares, 0)
        for placement in found:
            for (move, _, _), s in zip(edges, placement, strict=True):
                counts[s][mark_name(move)] += 1
                filled[s] += 1
        for s in squares:
            row: dict[str, float | Fraction] = {
                name: (Fraction(c, total) if exact else c / total) for name, c in counts[s].items()
            }
            empty = total - filled[s]
            if empty:
                row[EMPTY] = Fraction(empty, total) if exact else empty / total
            odds[s] = row
    return odds


def mark_odds(
    game: Game | Position, *, exact: bool = False
) -> dict[str, dict[int, float | Fraction]]:
    """For every spooky mark, the probability of landing in each of its two squares.

    Equal weights, as in :func:`square_odds`. Goff's decoherence example: as
    marks chain onto one side of X1, the odds that X1 ends on the other side
    grow as 1/2, 2/3, 3/4, ...

    >>> from qttt_edu import Game
    >>> mark_odds(Game.from_record("1-3 1-4 4-7"), exact=True)["X1"]
    {1: Fraction(1, 4), 3: Fraction(3, 4)}
    """
    pos = as_position(game)
    out: dict[str, dict[int, float | Fraction]] = {}
    for edges in _spooky_components(pos):
        found = _component_realities(edges)
        total = len(found)
        for i, (move, a, b) in enumerate(edges):
            in_a = sum(1 for placement in found if placement[i] == a)
            pa = Fraction(in_a, total) if exact else in_a / total
            out[mark_name(move)] = {a: pa, b: 1 - pa}
    return dict(sorted(out.items(), key=lambda item: int(item[0][1:])))


_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def _ket_one(square: int, move: int, style: str) -> str:
    if style == "latex":
        return rf"\lvert {square} \rangle_{{{move}}}"
    if style == "ascii":
        return f"|{square}>_{move}"
    return f"|{square}⟩{str(move).translate(_SUBSCRIPT)}"


def ket(
    game: Game | Position, latex: bool = False, *, ascii: bool = False, classical: bool = False
) -> str:
    r"""The position's state as an equal-weight ket, in Goff's notation.

    ``|s⟩ₙ`` says "the mark of move n is in square s". Each term is one reality
    of a component, its kets in move order; the terms of a component are added
    (a sum that does not factorise when marks share squares: entanglement), and
    separate components are multiplied (independent marks). One factor
    ``1/√N`` in front normalises the whole state; N is :func:`count_realities`,
    kept under the root (never simplified) because it counts the games.

    While a collapse is pending, the newest mark is written like the others, so
    the cycle's component is a sum of two terms, one per choice. Its stems are
    in the same square in both terms: they split off as definite factors, which
    is Goff's remark that a stem has only one possible collapse. (That is the only
    place a component factorises: in a tree of k >= 2 marks the k + 1 realities
    can never be written as a product.)

    Parameters
    ----------
    latex : bool
        Return LaTeX (for ``IPython.display.Math``) instead of plain text.
    ascii : bool
        Plain ASCII (``1/sqrt(3) (|1>_1 |2>_2 + ...)``) for terminals without Unicode.
    classical : bool
        Also write each classical mark as a definite factor ``|s⟩ₙ``. When there
        are no spooky marks the classical marks are always written; the empty
        board is ``|∅⟩``.

    >>> from qttt_edu import Game
    >>> print(ket(Game.from_record("7-8 3-6")))          # two separate moves: a product
    1/√4 (|7⟩₁ + |8⟩₁) (|3⟩₂ + |6⟩₂)
    >>> print(ket(Game.from_record("4-7 7-8"), ascii=True))
    1/sqrt(3) (|4>_1 |7>_2 + |4>_1 |8>_2 + |7>_1 |8>_2)
    >>> print(ket(Game.from_record("1-2"), latex=True))
    \frac{1}{\sqrt{2}} \left( \lvert 1 \rangle_{1} + \lvert 2 \rangle_{1} \right)
    >>> print(ket(Game.from_record("1-2 2-3 3-6 1-3")))  # pending: X3 is a stem
    1/√2 (|1⟩₁|2⟩₂|3⟩₄ + |2⟩₁|3⟩₂|1⟩₄) |6⟩₃
    >>> print(ket(Game.from_record("1-2 2-5 1-5 c1")))   # Fig. 5: one definite board
    |2⟩₁|5⟩₂|1⟩₃
    """
    pos = as_position(game)
    style = "latex" if latex else "ascii" if ascii else "unicode"
    factors, count = _spooky_factors(pos, style)
    if classical or not factors:
        definite = sorted((m, s) for s, m in enumerate(pos.classical_moves) if m)
        if definite:
            factors.append(_joiner(style).join(_ket_one(s, m, style) for m, s in definite))
    if not factors:
        return {"latex": r"\lvert \varnothing \rangle", "ascii": "|empty>"}.get(style, "|∅⟩")
    body = " ".join(factors)
    return body if count == 1 else f"{_norm(count, style)} {body}"


def _joiner(style: str) -> str:
    return "" if style == "unicode" else " "


def _norm(count: int, style: str) -> str:
    """The factor ``1/√N`` in front of the ket, written in ``style``."""
    return {
        "latex": rf"\frac{{1}}{{\sqrt{{{count}}}}}",
        "ascii": f"1/sqrt({count})",
        "unicode": f"1/√{count}",
    }[style]


def _spooky_factors(pos: Position, style: str) -> tuple[list[str], int]:
    """The ket's factors for the spooky marks, one or two per component, and N (realities)."""
    joiner = _joiner(style)
    factors = []
    count = 1
    for edges in _spooky_components(pos):
        found = _component_realities(edges)
        count *= len(found)
        # A mark in the same square in every reality (a stem of a pending cycle)
        # is not entangled with the rest: it splits off as a factor of its own.
        fixed = [i for i in range(len(edges)) if len({p[i] for p in found}) == 1]
        varying = [i for i in range(len(edges)) if i not in fixed]
        terms = [
            joiner.join(_ket_one(placement[i], edges[i][0], style) for i in varying)
            for placement in found
        ]
        if len(terms) > 1:
            sep = (r"\left( ", r" \right)") if style == "latex" else ("(", ")")
            factors.append(sep[0] + " + ".join(terms) + sep[1])
        if fixed:
            factors.append(joiner.join(_ket_one(found[0][i], edges[i][0], style) for i in fixed))
    return factors, count


def collapse_subsets(game: Game | Position) -> dict[int, list[dict[int, str]]]:
    """Which realities survive each choice of the pending collapse.

    For each of the newest mark's two squares, the realities (as from
    :func:`realities`) in which the newest mark is in that square. The two lists
    split the ensemble exactly in half, and each holds one board of the
    collapsing component times every reality of the untouched entanglements.
    Empty when no collapse is pending.

    >>> from qttt_edu import Game
    >>> subsets = collapse_subsets(Game.from_record("4-7 1-2 1-2"))  # X1 apart
    >>> subsets[1]
    [{1: 'X3', 2: 'O2', 4: 'X1'}, {1: 'X3', 2: 'O2', 7: 'X1'}]
    """
    pos = as_position(game)
    if not pos.pending:
        return {}
    newest, a, b = pos.spooky[-1]
    name = mark_name(newest)
    every = realities(pos)
    return {s: [r for r in every if r.get(s) == name] for s in (a, b)}
