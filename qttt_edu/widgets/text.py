"""Every sentence the app shows, built from a game (pure functions, no widgets).

Keeping the words apart from the widgets lets the tests read them without a
browser, and lets a language switch re-render everything by calling these again.

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

from collections.abc import Iterable, Sequence

from ..core import Action, Game, Outcome, Position, mark_name, player_of
from ..entanglement import cascade, pending_cycle
from ..i18n import t
from ..view import outcome_text, position_prompt
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


def _squares(squares: Iterable[int]) -> str:
    return "-".join(str(s) for s in squares)


def _names(marks: Sequence[str]) -> str:
    return ", ".join(marks)


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
        return [t("explain_start")]
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
        return [t("explain_ninth", square=action.squares[0], mark=mark)]
    if action.kind == "collapse":
        return [_explain_collapse(before, action.squares[0])]
    a, b = action.squares
    if after.pending:
        cycle = _cycle_text(game)
        chooser, mover = player_of(move + 1), player_of(move)
        return [
            t("explain_cycle", mark=mark, cycle=cycle),
            t("explain_chooser", chooser=chooser, mover=mover, mark=mark),
        ]
    sentences = [t("explain_superposition", mark=mark, a=a, b=b)]
    shared = [
        t("explain_shared_part", square=s, marks=_names(before.spooky_in(s)))
        for s in (a, b)
        if before.spooky_in(s)
    ]
    if shared:
        sentences.append(t("explain_entanglement", mark=mark, shared="; ".join(shared)))
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
    return _squares([*squares, squares[0]])


def _explain_collapse(before: Position, square: int) -> str:
    move = before.spooky[-1][0]
    # In the order the marks are forced, so the chain reaction reads from the choice outwards.
    chain = ", ".join(f"{step.mark} → {step.square}" for step in cascade(before, square))
    return t(
        "explain_collapse",
        chooser=player_of(move + 1),
        mark=mark_name(move),
        square=square,
        marks=chain,
    )


def _explain_end(outcome: Outcome) -> str:
    if outcome.winner is None:
        return t("explain_end_draw")
    if outcome.simultaneous:
        return t("explain_end_both", winner=outcome.winner)
    return t("explain_end_win", winner=outcome.winner)
