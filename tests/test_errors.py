"""Bad input: every kind issue 2 lists is refused with a clear message, and nothing moves.

For each kind the message must name the square or token at fault and the rule,
and the game must be exactly as before: record, ``to_dict()``, position, history,
timeline, undo and redo stacks. Most games here carry a redo stack, so a refused
action that quietly cleared it would be caught.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

from qttt_edu import Action, Game, IllegalMoveError, InvalidRecordError, Position
from qttt_edu.core import GameError

FINISHED_WIN = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
FINISHED_DRAW = "2-3 8-9 1-8 3-9 1-4 5-6 1-6 4-8 c4 7"
NINTH = "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1"  # only square 3 is free, X to move


def game_with_redo(record: str) -> Game:
    """The game of ``record``, with a legal action played and taken back (if there is one)."""
    g = Game.from_record(record)
    if g.legal_actions():
        g.apply(g.legal_actions()[-1])
        g.undo()
        assert g.can_redo
    return g


def snapshot(g: Game) -> tuple[Any, ...]:
    return (
        g.record(),
        g.to_dict(),
        g.position,
        g.history,
        g.timeline,
        g.ply,
        g.can_undo,
        g.can_redo,
        g.to_act,
        g.move_number,
        g.awaiting_collapse,
        g.outcome,
        list(g),
    )


def refuse(
    record: str,
    call: Callable[[Game], object],
    *fragments: str,
    error: type[GameError] = IllegalMoveError,
    names_record: bool = True,
) -> str:
    """Run ``call`` on the game of ``record``; it must raise and change nothing.

    ``error`` is the kind expected: :class:`IllegalMoveError` for a rule break,
    :class:`InvalidRecordError` for input that cannot be read as an action (the
    two stay distinct: one is never raised as the other). A rule break names the
    game's record. Returns the message after checking that it contains every
    regex in ``fragments``.
    """
    g = game_with_redo(record)
    before = snapshot(g)
    with pytest.raises(GameError) as err:
        call(g)
    assert type(err.value) is error
    assert isinstance(err.value, ValueError)
    message = str(err.value)
    if error is IllegalMoveError and names_record:
        # as python-chess does, the message quotes the position with the action
        assert err.value.record == g.record()
        where = f'(in the position "{record}")' if record else "(in the starting position"
        assert where in message, message
        assert message.startswith(err.value.reason)
    if error is InvalidRecordError:
        assert "in the position" not in message
    for fragment in fragments:
        assert re.search(fragment, message), (fragment, message)
    assert snapshot(g) == before
    # ... and the game still plays on from there exactly as before
    timeline, ply = before[4], before[5]
    if g.can_redo:
        assert g.redo() == timeline[ply]
    return message


# --- one section per kind of bad input ------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.play(4, 4),
        lambda g: g.apply("4-4"),
    ],
)
def test_same_square_twice(call: Callable[[Game], object]) -> None:
    refuse("1-2", call, r"square 4", r"two different squares")


def test_same_square_twice_as_an_action_value() -> None:
    # refused while the Action is made, before any game is involved: no record to name
    refuse("1-2", lambda g: g.apply(Action.pair(4, 4)), r"square 4", names_record=False)


@pytest.mark.parametrize(
    ("call", "square"),
    [
        (lambda g: g.play(0, 5), "0"),
        (lambda g: g.play(5, 10), "10"),
        (lambda g: g.play(-3, 2), "-3"),
        (lambda g: g.play(10), "10"),
        (lambda g: g.collapse(0), "0"),
        (lambda g: g.collapse(11), "11"),
    ],
)
def test_square_out_of_range(call: Callable[[Game], object], square: str) -> None:
    refuse("1-2", call, rf"square {square}\b", r"off the board", r"1-9")


@pytest.mark.parametrize("token", ["0-5", "5-0", "c0", "0", "10-2", "1-10"])
def test_square_out_of_range_as_text(token: str) -> None:
    refuse("1-2", lambda g: g.apply(token), f"'{token}'", r"1-9", error=InvalidRecordError)


@pytest.mark.parametrize(
    ("call", "shown"),
    [
        (lambda g: g.play("3", 4), "'3'"),
        (lambda g: g.play(3, 4.0), "4.0"),
        (lambda g: g.play(True, 4), "True"),
        (lambda g: g.play(None), "None"),
        (lambda g: g.play([3]), r"\[3\]"),
        (lambda g: g.collapse("1"), "'1'"),
    ],
)
def test_square_not_a_whole_number(call: Callable[[Game], object], shown: str) -> None:
    refuse("1-2", call, shown, r"not a square", r"whole numbers 1-9")


@pytest.mark.parametrize(
    ("action", "shown"), [(None, "None"), (3.0, "3.0"), ((1, 2), r"\(1, 2\)"), (55, "55")]
)
def test_action_of_the_wrong_kind(action: object, shown: str) -> None:
    def call(g: Game) -> None:
        g.apply(action)  # type: ignore[arg-type]

    refuse("1-2", call, shown, r"not an action", r"'1-5'", r"'c3'", error=InvalidRecordError)


@pytest.mark.parametrize(
    ("call", "square", "mark"),
    [
        (lambda g: g.play(1, 5), 1, "O2"),
        (lambda g: g.play(5, 2), 2, "X1"),
        (lambda g: g.apply("2-9"), 2, "X1"),
        (lambda g: g.apply(12), 1, "O2"),
    ],
)
def test_classical_square(call: Callable[[Game], object], square: int, mark: str) -> None:
    refuse("1-2 1-2 c1", call, rf"square {square}", rf"classical mark {mark}", r"free: 3, 4")


@pytest.mark.parametrize(
    "call", [lambda g: g.play(3, 4), lambda g: g.apply("5-6"), lambda g: g.play(7)]
)
def test_pair_while_a_collapse_is_pending(call: Callable[[Game], object]) -> None:
    refuse(
        "1-2 2-3 1-3",
        call,
        r"X3 closed a cycle",
        r"O must first choose",
        r"square 1 or square 3",
        r"c1 or c3",
    )


@pytest.mark.parametrize(
    ("record", "square"), [("", 5), ("1-2", 1), ("1-2 1-2 c1", 1), ("1-2 1-2 c1 3-4", 3)]
)
def test_collapse_when_none_is_pending(record: str, square: int) -> None:
    refuse(record, lambda g: g.collapse(square), rf"c{square}", r"no collapse is pending")


@pytest.mark.parametrize("square", [2, 4, 9])
def test_collapse_to_a_square_that_is_not_one_of_the_two(square: int) -> None:
    """Square 2 is on the cycle 1-2-3, but only the newest mark's squares 1 and 3 count."""
    refuse(
        "1-2 2-3 1-3",
        lambda g: g.collapse(square),
        r"X3 can land only in square 1 or square 3",
        rf"not square {square}",
    )


@pytest.mark.parametrize("record", [FINISHED_WIN, FINISHED_DRAW, NINTH + " 3"])
@pytest.mark.parametrize(
    "call",
    [
        lambda g: g.play(1, 2),
        lambda g: g.play(5),
        lambda g: g.collapse(5),
        lambda g: g.apply("c1"),
        lambda g: g.apply(Action.pair(8, 9)),
    ],
)
def test_any_move_after_the_game_ended(record: str, call: Callable[[Game], object]) -> None:
    message = refuse(record, call, r"game is over", r"no more actions")
    outcome = Game.from_record(record).outcome
    assert outcome is not None
    if outcome.winner is None:
        assert "draw" in message
    else:
        first = outcome.lines[0]
        assert f"{outcome.winner} won" in message
        assert "-".join(map(str, first.squares)) in message


@pytest.mark.parametrize(
    "call", [lambda g: g.play(3, 4), lambda g: g.play(1, 3), lambda g: g.apply("3-8")]
)
def test_pair_when_one_square_is_left(call: Callable[[Game], object]) -> None:
    """A pair needs two free squares; at move 9 only square 3 is free.

    Either refusal names square 3 and the rule: today the pair is refused for its
    classical square ("... (free: 3)"); the dedicated ninth-move message ("only square 3
    is free: X's ninth move is a single classical mark there") would do as well.
    """
    refuse(NINTH, call, r"classical", r"free: 3\)|only square 3 is free")


@pytest.mark.parametrize(
    ("record", "square", "mover"),
    [
        ("", 5, "X"),
        ("1-2", 5, "O"),
        ("1-2 1-2 c1", 7, "X"),
        ("1-5 2-5 3-5 4-5 5-6 5-7 5-8", 9, "O"),
    ],
)
def test_single_square_when_more_than_one_is_free(record: str, square: int, mover: str) -> None:
    refuse(
        record,
        lambda g: g.play(square),
        rf"single square \({square}\)",
        r"ninth move",
        r"one free square",
        rf"{mover} must place a pair",
    )


def test_single_square_at_move_nine_with_two_free_is_refused() -> None:
    """At move 9 with several squares free, X still places a pair (which closes a cycle)."""
    refuse("1-5 2-5 3-5 4-5 5-6 5-7 5-8 5-9", lambda g: g.play(1), r"single square \(1\)")


def test_single_square_at_move_nine_must_be_the_free_one() -> None:
    refuse(NINTH, lambda g: g.play(4), r"square 4", r"classical mark X1", r"free: 3\)")


@pytest.mark.parametrize(
    "token", ["x", "1-", "-", "1-2-3", "c", "c10", "cc1", "11", "1—2", "１-２"]
)
def test_junk_text_as_an_action(token: str) -> None:
    refuse(
        "1-2",
        lambda g: g.apply(token),
        f"'{token}'",
        r"not an action",
        r"'a-b'",
        error=InvalidRecordError,
    )


# --- records --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("record", "index", "token", "rule"),
    [
        ("1-2 x", 2, "x", "not an action"),
        ("hello", 1, "hello", "not an action"),
        ("1-2, 2-3", 1, "1-2,", "not an action"),
        ("1-2 0-5", 2, "0-5", "not an action"),
        ("1 - 2", 1, "1", "written with spaces"),
    ],
)
def test_unreadable_record_names_token_and_why(
    record: str, index: int, token: str, rule: str
) -> None:
    """Text that cannot be read as actions: InvalidRecordError, never a rule break."""
    with pytest.raises(GameError) as err:
        Game.from_record(record)
    assert type(err.value) is InvalidRecordError
    assert (err.value.index, err.value.position, err.value.token) == (index, index, token)
    message = str(err.value)
    assert message.startswith(f"token {index} '{token}'")
    assert rule in message
    assert err.value.__cause__ is None and "in the position" not in message


@pytest.mark.parametrize(
    ("record", "index", "token", "rule", "before"),
    [
        ("1-2 1-2 c5", 3, "c5", "can land only in square 1 or square 2", "1-2 1-2"),
        ("1-2 1-2 3-4", 3, "3-4", "must first choose", "1-2 1-2"),
        ("c1", 1, "c1", "no collapse is pending", ""),
        ("1-2 5-5", 2, "5-5", "two different squares", "1-2"),
        ("5", 1, "5", "ninth move", ""),
        ("1-2 1-2 c1 1-4", 4, "1-4", "classical mark O2", "1-2 1-2 c1"),
        ("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5 1-2", 12, "1-2", "game is over", None),
        ("4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3-4", 12, "3-4", "classical", None),
        ("1-2\n\n1-2  C9", 3, "C9", "can land only in square 1 or square 2", "1-2 1-2"),
    ],
)
def test_illegal_record_token_is_a_rule_break_naming_the_position(
    record: str, index: int, token: str, rule: str, before: str | None
) -> None:
    """A token that reads but breaks a rule: IllegalMoveError, with token and position."""
    with pytest.raises(GameError) as err:
        Game.from_record(record)
    assert type(err.value) is IllegalMoveError
    assert (err.value.index, err.value.token, err.value.action) == (index, token, token)
    if before is None:  # the record up to the refused token, as the game records it
        before = " ".join(record.split()[: index - 1])
    assert err.value.record == before
    message = str(err.value)
    assert message.startswith(f"token {index} '{token}'")
    assert rule in message
    where = f'(in the position "{before}")' if before else "(in the starting position"
    assert where in message
    assert err.value.__cause__ is None  # not re-raised from another kind


@pytest.mark.parametrize("record", [None, 12, b"1-2", ["1-2"]])
def test_record_that_is_not_text(record: object) -> None:
    with pytest.raises(InvalidRecordError, match=f"record is text.*not {type(record).__name__}"):
        Game.from_record(record)  # type: ignore[arg-type]


# --- the immutable position refuses too -------------------------------------------


def test_position_play_refuses_and_stays_the_same() -> None:
    pos = Game.from_record("1-2 1-2").position
    key = (pos.classical_moves, pos.spooky, pos.pending, pos.next_move, hash(pos))
    for bad in (34, "3-4", 105, Action.classical(4)):
        with pytest.raises(IllegalMoveError) as err:
            pos.play(bad)
        assert err.value.board is pos  # a bare position names itself, not a record
    for junk in ("junk", 1000, True):
        with pytest.raises(InvalidRecordError):
            pos.play(junk)
    assert (pos.classical_moves, pos.spooky, pos.pending, pos.next_move, hash(pos)) == key
    assert pos.play("c2") == Position().child(12).child(12).child(102)


# --- undo, redo, goto ------------------------------------------------------------


def test_undo_with_nothing_to_undo() -> None:
    """A new game, with a move played and taken back so that the redo stack is not empty."""
    refuse("", lambda g: g.undo(), r"nothing to undo", r"no action has been played")


@pytest.mark.parametrize("record", ["", "1-2 1-2 c1", FINISHED_WIN])
def test_redo_with_nothing_to_redo(record: str) -> None:
    g = Game.from_record(record)
    before = snapshot(g)
    with pytest.raises(IllegalMoveError, match="nothing to redo"):
        g.redo()
    assert snapshot(g) == before


@pytest.mark.parametrize("ply", [-1, 4, 100, "2", 1.0, True, None])
def test_goto_out_of_range(ply: object) -> None:
    g = Game.from_record("1-2 1-2 c1")
    g.undo()  # the timeline has steps 0..3; we stand at 2
    before = snapshot(g)
    with pytest.raises(IllegalMoveError) as err:
        g.goto(ply)  # type: ignore[arg-type]
    assert f"step {ply!r}" in str(err.value) and "0 to 3" in str(err.value)
    assert snapshot(g) == before


def test_a_rule_break_pickles_with_its_position_and_reason() -> None:
    """A worker process hands errors back pickled: the message is not built twice."""
    import pickle

    with pytest.raises(IllegalMoveError) as err:
        Game.from_record("1-2 1-2").play(3, 4)
    again = pickle.loads(pickle.dumps(err.value))
    assert type(again) is IllegalMoveError and str(again) == str(err.value)
    assert str(again).count("in the position") == 1
    assert (again.action, again.record, again.reason) == ("3-4", "1-2 1-2", err.value.reason)


@pytest.mark.parametrize(
    ("lang", "where", "start"),
    [
        ("en", 'in the position "1-2 1-2"', "in the starting position"),
        ("da", 'i stillingen "1-2 1-2"', "i udgangsstillingen"),
        ("fi", 'asemassa "1-2 1-2"', "alkuasemassa"),
        ("nb", 'i stillingen "1-2 1-2"', "i utgangsstillingen"),
        ("it", 'nella posizione "1-2 1-2"', "nella posizione iniziale"),
    ],
)
def test_the_position_is_named_in_the_students_language(lang: str, where: str, start: str) -> None:
    from qttt_edu.i18n import get_language, set_language

    before = get_language()
    set_language(lang)
    try:
        with pytest.raises(IllegalMoveError) as err:
            Game.from_record("1-2 1-2").play(3, 4)
        with pytest.raises(IllegalMoveError) as first:
            Game().collapse(3)
    finally:
        set_language(before)
    assert str(err.value) == f"{err.value.reason} ({where})"
    assert f"({start}" in str(first.value)
