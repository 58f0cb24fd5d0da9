"""qttt-edu: Allan Goff's quantum tic-tac-toe as a Jupyter teaching kit.

>>> from qttt_edu import Game
>>> g = Game()
>>> g.play(1, 9); g.play(1, 9); g.collapse(9)
>>> g.classical
{1: 'X1', 9: 'O2'}
"""

from .core import (
    LINES,
    Action,
    Game,
    GameError,
    IllegalMoveError,
    InvalidRecordError,
    Line,
    Outcome,
    PendingCollapse,
    Position,
)
from .i18n import get_language, set_language

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
    "get_language",
    "set_language",
]

__version__ = "0.1.0"
