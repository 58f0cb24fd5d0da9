"""Game records, JSON and the plain-text board.

A record is the list of actions in order, separated by white space:

* ``a-b``  a pair of spooky marks in squares a and b;
* ``cS``   the chooser puts the newest mark in square S;
* ``S``    X's classical ninth move in square S (only when one square is free).

>>> from qttt_edu import Game
>>> g = Game.from_record("1-2  2-3 3-6\\n1-3 c1")
>>> g.record()
'1-2 2-3 3-6 1-3 c1'
>>> Game.from_record("1-2 1-2 c5")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
qttt_edu.core.InvalidRecordError: token 3 'c5': O2 can land only in square 1 or square 2, ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core import Action, IllegalMoveError, InvalidRecordError, Position, mark_name
from .i18n import t

if TYPE_CHECKING:
    from .core import Game

__all__ = ["game_from_dict", "game_to_dict", "parse_record", "render_text"]


def parse_record(text: str) -> list[Action]:
    """Check a whole record against the rules and return its actions.

    Raises :class:`InvalidRecordError` naming the first bad token's position (1-based),
    the token and the reason, whether the token is malformed or illegal there.
    """
    if not isinstance(text, str):
        raise InvalidRecordError(t("record_not_text", kind=type(text).__name__))
    pos = Position()
    actions = []
    for i, token in enumerate(text.split(), 1):
        try:
            action = Action.parse(token)
            pos = pos.play(action)
        except (InvalidRecordError, IllegalMoveError) as err:
            raise InvalidRecordError(
                t("record_bad_token", index=i, token=token, reason=err), position=i, token=token
            ) from None
        actions.append(action)
    return actions


def game_to_dict(game: Game) -> dict[str, Any]:
    pos = game.position
    pending = game.awaiting_collapse
    outcome = pos.outcome
    return {
        "record": game.record(),
        "classical": {str(s): m for s, m in pos.classical.items()},
        "spooky": [{"mark": m, "squares": list(sq)} for m, sq in pos.spooky_marks],
        "to_act": pos.to_act,
        "awaiting_collapse": (
            None if pending is None else {"mark": pending.mark, "squares": list(pending.squares)}
        ),
        "result": None if outcome is None else outcome.result,
        "scores": {"X": 0.0, "O": 0.0} if outcome is None else outcome.scores,
        "legal": [str(a) for a in game.legal_moves()],
        "lines": (
            []
            if outcome is None
            else [
                {"player": ln.player, "squares": list(ln.squares), "highest": ln.highest}
                for ln in outcome.lines
            ]
        ),
    }


def game_from_dict(data: Any) -> Game:
    """Rebuild a game from :func:`game_to_dict` data.

    The record is the source of truth; every other key that is present must agree
    with it, so a hand-edited or corrupted file is refused instead of half-read.
    """
    from .core import Game

    if not isinstance(data, dict):
        raise InvalidRecordError(t("dict_not_object", kind=type(data).__name__))
    if "record" not in data:
        raise InvalidRecordError(t("dict_no_record"))
    game = Game.from_record(data["record"])
    expected = game_to_dict(game)
    for key, value in data.items():
        # the record itself may be written loosely (spacing, pair order): it is the source
        if key != "record" and key in expected and value != expected[key]:
            raise InvalidRecordError(
                t("dict_disagrees", key=key, value=_short(value), expected=_short(expected[key]))
            )
    return game


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def render_text(game: Game) -> str:
    """The position as plain text: a board of marks, whose turn, what is legal, the result."""
    pos = game.position
    width = 13
    rows = []
    border = "+" + "+".join(["-" * width] * 3) + "+"
    for r in range(3):
        rows.append(border)
        cells = [_cell_lines(pos, 3 * r + c + 1, width) for c in range(3)]
        for k in range(3):
            rows.append("|" + "|".join(cell[k] for cell in cells) + "|")
    rows.append(border)
    rows.append(_status(game))
    legal = [str(a) for a in game.legal_moves()]
    if legal:
        rows.append(t("show_legal", count=len(legal), actions=" ".join(legal)))
    return "\n".join(rows)


def _cell_lines(pos: Position, square: int, width: int) -> list[str]:
    head = f" {square}".ljust(width)
    mark = pos.classical_moves[square]
    if mark:
        body = [f"[ {mark_name(mark)} ]".center(width), "".center(width)]
    else:
        # at most eight spooky marks share a square; four names fit on a line
        names = pos.spooky_in(square)
        first = " ".join(names[:4])
        second = " ".join(names[4:8])
        body = [f" {first}".ljust(width), f" {second}".ljust(width)]
    return [head, *body]


def _status(game: Game) -> str:
    pos = game.position
    outcome = pos.outcome
    if outcome is not None:
        if outcome.winner is None:
            return t("status_draw")
        lines = "; ".join(
            t(
                "show_line",
                player=ln.player,
                line="-".join(map(str, ln.squares)),
                mark=mark_name(ln.highest),
            )
            for ln in outcome.lines
        )
        scores = outcome.scores
        return t(
            "show_result",
            winner=outcome.winner,
            lines=lines,
            x=_points(scores["X"]),
            o=_points(scores["O"]),
        )
    pending = game.awaiting_collapse
    if pending is not None:
        a, b = pending.squares
        return t("status_collapse", chooser=pending.chooser, mark=pending.mark, a=a, b=b)
    free = pos.free_squares
    if len(free) == 1:
        return t("status_ninth", player=pos.to_act, square=free[0])
    return t("status_move", player=pos.to_act, move=pos.next_move)


def _line(squares: tuple[int, ...]) -> str:
    return "-".join(map(str, squares))


def _points(x: float) -> str:
    return {0.0: "0", 0.5: "1/2", 1.0: "1"}[x]
