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
qttt_edu.core.IllegalMoveError: token 3 'c5': O2 can land only in square 1 or square 2, ...
>>> Game.from_record("1-2 1-2 5-")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
qttt_edu.core.InvalidRecordError: token 3 '5-': ...
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .core import (
    Action,
    IllegalMoveError,
    InvalidRecordError,
    Position,
    cut,
    mark_name,
    player_of,
    quote,
)
from .i18n import t

if TYPE_CHECKING:
    from .core import Game

__all__ = ["game_from_dict", "game_to_dict", "parse_record", "render_text", "turn_prompt"]


#: The longest record read, in characters. A finished game has at most 14 actions of
#: at most 3 characters; the rest is room for spacing, line breaks and comments
#: pasted by hand. Longer text is refused before it is read.
MAX_RECORD_LENGTH = 10_000

_TOKENS = re.compile(r"\S+")


def parse_record(text: str) -> list[Action]:
    """Check a whole record against the rules and return its actions.

    The first bad token is refused naming its place (``index``, 1-based), the
    token and the reason: with :class:`InvalidRecordError` if it cannot be read as
    an action, with :class:`IllegalMoveError` if it reads but breaks a rule there
    (then the message also names the position it was played in, as a record).
    Tokens are read one at a time and the text may be at most
    :data:`MAX_RECORD_LENGTH` characters, so a huge text is refused at once,
    without copying it.
    """
    if not isinstance(text, str):
        raise InvalidRecordError(t("record_not_text", kind=cut(type(text).__name__)))
    if len(text) > MAX_RECORD_LENGTH:
        raise InvalidRecordError(t("record_too_long", length=len(text), limit=MAX_RECORD_LENGTH))
    pos = Position()
    actions: list[Action] = []
    tokens = _TOKENS.finditer(text)
    upcoming = next(tokens, None)
    index = 0
    while upcoming is not None:
        token = upcoming.group()
        upcoming = next(tokens, None)
        index += 1
        try:
            spaced = _spaced_pair(token, None if upcoming is None else upcoming.group(), tokens)
            if spaced is not None:
                raise InvalidRecordError(spaced)
            action = Action.parse(token)
            pos = pos.play(action)
        except InvalidRecordError as err:
            raise InvalidRecordError(
                t("record_bad_token", index=index, token=cut(token), reason=err),
                position=index,
                token=cut(token),
            ) from None
        except IllegalMoveError as err:  # "4-4", or an action the rules refuse there
            raise _illegal_token(err.reason, index, token, actions) from None
        actions.append(action)
    return actions


def _illegal_token(reason: str, index: int, token: str, before: list[Action]) -> IllegalMoveError:
    """The rule break of record token ``index``, naming the position it was played in."""
    return IllegalMoveError(
        t("record_bad_token", index=index, token=cut(token), reason=reason),
        action=cut(token),
        record=" ".join(map(str, before)),
        index=index,
        token=cut(token),
    )


def _spaced_pair(token: str, following: str | None, rest: Iterator[re.Match[str]]) -> str | None:
    """The message when ``token`` and the tokens after it are a pair written with spaces.

    ``"1 - 2"``, ``"1 -2"`` and ``"1- 2"`` would otherwise read as a ninth move in
    square 1 followed by junk, and the message would talk about the ninth move.
    ``rest`` may be read from: a message means the record is refused anyway.
    """
    if following is None:
        return None
    digit = len(token) == 1 and token in "123456789"
    if digit and following == "-":
        after = next(rest, None)
        second = "" if after is None else after.group()
        if len(second) == 1 and second in "123456789":
            return t("record_spaced_pair", written=f"{token} - {second}", pair=f"{token}-{second}")
    elif (
        digit and len(following) == 2 and following[0] == "-" and following[1] in "123456789"
    ) or (
        len(token) == 2
        and token[1] == "-"
        and token[0] in "123456789"
        and len(following) == 1
        and following in "123456789"
    ):
        pair = f"{token}{following}"
        return t("record_spaced_pair", written=f"{token} {following}", pair=pair)
    return None


def game_to_dict(game: Game) -> dict[str, Any]:
    """The game as JSON-safe data: its record and everything that follows from it.

    ``spooky`` lists every spooky mark in move order, including the newest one
    while it awaits its collapse (``awaiting_collapse`` names it again):

    >>> from qttt_edu import Game
    >>> data = Game.from_record("1-2 1-2").to_dict()
    >>> data["spooky"][-1], data["awaiting_collapse"]
    ({'mark': 'O2', 'squares': [1, 2]}, {'mark': 'O2', 'squares': [1, 2]})
    """
    pos = game.position
    pending = game.awaiting_collapse
    outcome = pos.outcome
    return {
        "record": game.record(),
        "classical": {str(s): m for s, m in pos.classical.items()},
        "spooky": [{"mark": m, "squares": list(sq)} for m, sq in pos.spooky_marks],
        "to_act": pos.to_act,
        "awaiting_collapse": (
            None if pending is None else {"mark": pending.mark, "squares": list(pending.choices)}
        ),
        "result": None if outcome is None else outcome.result,
        "scores": {"X": 0.0, "O": 0.0} if outcome is None else outcome.scores,
        "legal": [str(a) for a in game.legal_actions()],
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
        raise InvalidRecordError(t("dict_not_object", kind=cut(type(data).__name__)))
    # dict's own methods: a dict subclass cannot answer differently from its contents
    if not dict.__contains__(data, "record"):
        raise InvalidRecordError(t("dict_no_record"))
    game = Game.from_record(dict.__getitem__(data, "record"))
    expected = game_to_dict(game)
    for key, value in dict.items(data):
        # the record itself may be written loosely (spacing, pair order): it is the source;
        # keys the kit does not write are left alone
        if type(key) is not str or key == "record" or key not in expected:
            continue
        if not _plain_json(value):
            raise InvalidRecordError(
                t("dict_not_json", key=cut(key), kind=cut(type(value).__name__))
            )
        if value != expected[key]:
            raise InvalidRecordError(
                t(
                    "dict_disagrees",
                    key=cut(key),
                    value=_short(value),
                    expected=_short(expected[key]),
                )
            )
    return game


def _short(value: Any) -> str:
    return quote(value, 80)


_SCALARS = (str, int, float, bool, type(None))


def _plain_json(value: Any, items: int = 1000, depth: int = 8) -> bool:
    """Is ``value`` data JSON could hold (exact dict/list/str/number/bool/None types), small?

    Checked without recursion, so deep nesting, self-containing lists, numpy arrays
    and objects whose comparisons raise are refused before anything compares them.
    A saved game's values are at most three levels deep and a few dozen items.
    """
    todo = [(value, 0)]
    while todo:
        item, level = todo.pop()
        items -= 1
        if items < 0 or level > depth:
            return False
        kind = type(item)
        if kind in _SCALARS:
            continue
        if kind is list:
            todo.extend((x, level + 1) for x in item[: items + 1])
        elif kind is dict:
            for k, v in list(item.items())[: items + 1]:
                if type(k) is not str:
                    return False
                todo.append((v, level + 1))
        else:
            return False
    return True


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
    legal = [str(a) for a in game.legal_actions()]
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
    return turn_prompt(pos)


def turn_prompt(pos: Position) -> str:
    """Who acts and what to do in a game that is not over: choose where a cycle's last
    mark lands, make the ninth move, or make a move. Every view says it in these words.

    >>> from qttt_edu import Game
    >>> turn_prompt(Game.from_record("1-2 1-2").position)
    'X: O2 closed a cycle. Choose where O2 lands: square 1 or square 2'
    """
    if pos.pending:
        move, a, b = pos.spooky[-1]
        return t("status_collapse", chooser=player_of(move + 1), mark=mark_name(move), a=a, b=b)
    free = pos.free_squares
    if len(free) == 1:
        return t("status_ninth", square=free[0])
    return t("status_move", player=pos.to_act, move=pos.next_move)


def _points(x: float) -> str:
    return {0.0: "0", 0.5: "1/2", 1.0: "1"}[x]
