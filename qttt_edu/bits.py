"""The board as bit masks: the lookup tables the rules (core.py) and the solver share.

A set of squares is an int whose bit ``s`` is set for square ``s`` (1-9; bit 0 is
unused), so ``BIT[5] | BIT[9]`` is the set {5, 9}. Each table is indexed by such a
mask (0 to 1023) and answers in one lookup what a loop over the squares would.
Standard library only, like core.py, and nothing here knows the rules: these are
facts about a 3 x 3 board.

>>> mask = BIT[1] | BIT[5] | BIT[9]
>>> SQUARES_OF[mask], [LINES[i] for i in LINES_IN[mask]]
((1, 5, 9), [(1, 5, 9)])
>>> PAIR_CODES_IN[BIT[2] | BIT[4] | BIT[7]]
(24, 27, 47)
"""

from __future__ import annotations

__all__ = [
    "BIT",
    "FULL",
    "LINES",
    "LINES_IN",
    "LINE_MASKS",
    "PAIRS",
    "PAIRS_IN",
    "PAIR_A",
    "PAIR_B",
    "PAIR_CODES_IN",
    "PAIR_INDEX",
    "SQUARES",
    "SQUARES_OF",
]

#: The squares, 1-9 in reading order.
SQUARES: tuple[int, ...] = tuple(range(1, 10))
#: ``BIT[s]``: the mask of square ``s`` alone.
BIT: tuple[int, ...] = tuple(1 << s for s in range(10))
#: The mask of all nine squares.
FULL: int = sum(BIT[1:])

#: The eight lines: rows, columns, diagonals (squares 1-9 in reading order).
LINES: tuple[tuple[int, int, int], ...] = (
    (1, 2, 3),
    (4, 5, 6),
    (7, 8, 9),
    (1, 4, 7),
    (2, 5, 8),
    (3, 6, 9),
    (1, 5, 9),
    (3, 5, 7),
)
#: ``LINE_MASKS[i]``: the mask of ``LINES[i]``.
LINE_MASKS: tuple[int, ...] = tuple(BIT[a] | BIT[b] | BIT[c] for a, b, c in LINES)

#: ``SQUARES_OF[mask]``: the squares in a mask, in increasing order.
SQUARES_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(s for s in SQUARES if m >> s & 1) for m in range(1 << 10)
)
#: ``LINES_IN[mask]``: the indexes into LINES of the lines wholly inside a mask
#: (the empty tuple, which is false, when there is none).
LINES_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, lm in enumerate(LINE_MASKS) if m & lm == lm) for m in range(1 << 10)
)

#: The 36 pairs of two squares ``(a, b)`` with ``a < b``, in increasing order.
PAIRS: tuple[tuple[int, int], ...] = tuple((a, b) for a in SQUARES for b in SQUARES if a < b)
#: ``PAIR_INDEX[(a, b)]``: the place of a pair in PAIRS (0-35).
PAIR_INDEX: dict[tuple[int, int], int] = {p: i for i, p in enumerate(PAIRS)}
#: ``PAIRS_IN[mask]``: every pair inside a mask as ``(a, b, 10 * a + b)``.
PAIRS_IN: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
    tuple((a, b, 10 * a + b) for i, a in enumerate(sq) for b in sq[i + 1 :]) for sq in SQUARES_OF
)
#: ``PAIR_CODES_IN[mask]``: the action code ``10 * a + b`` of every pair inside a mask.
PAIR_CODES_IN: tuple[tuple[int, ...], ...] = tuple(
    tuple(code for _, _, code in pairs) for pairs in PAIRS_IN
)
#: ``PAIR_A[code]``, ``PAIR_B[code]``: the two squares of a pair code (0-99).
PAIR_A: tuple[int, ...] = tuple(c // 10 for c in range(100))
PAIR_B: tuple[int, ...] = tuple(c % 10 for c in range(100))
