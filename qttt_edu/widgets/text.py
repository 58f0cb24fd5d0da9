"""The app's words for a game, as pure functions (no widgets).

The sentences about a position (the prompt, the outcome, the explanation of the
latest event, a square's accessible name) are made once, in :mod:`qttt_edu.view`, and
re-exported here; this module adds what only the buttons show (subscripted marks).
Keeping the words apart from the widgets lets the tests read them without a browser,
and lets a language switch re-render everything by calling these again.

>>> from qttt_edu import Game
>>> g = Game.from_record("1-2 2-3")
>>> status_text(g)
'X, move 3: choose two squares'
>>> status_text(g, selected=5)
'X, move 3: square 5 chosen; choose a second square (click 5 again to cancel)'
>>> square_label(g.position, 2), square_tooltip(g.position, 2)
('X₁ O₂', 'Square 2: spooky X1, O2')
"""

from __future__ import annotations

from ..core import Game, Position, mark_name
from ..view import explain_text, outcome_text, pending_cycle_squares, position_prompt
from ..view import square_name as square_tooltip  # the accessible name, made in one place

__all__ = [
    "explain_text",
    "outcome_text",
    "pending_cycle_squares",
    "square_label",
    "square_tooltip",
    "status_text",
    "subscript",
]

_SUBSCRIPTS = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def subscript(mark: str) -> str:
    """A mark with its move number as Unicode subscript digits: ``"X3"`` -> ``"X₃"``."""
    return mark[0] + mark[1:].translate(_SUBSCRIPTS)


def square_label(position: Position, square: int) -> str:
    """What the button of ``square`` shows: its classical mark, or its spooky marks."""
    move = position.classical_moves[square]
    if move:
        return subscript(mark_name(move))
    return " ".join(subscript(m) for m in position.spooky_in(square))


def status_text(game: Game, selected: int | None = None) -> str:
    """Who acts and what to do, in one line.

    ``selected`` is the square of a first click still waiting for its partner.
    """
    return position_prompt(game.position, selected)
