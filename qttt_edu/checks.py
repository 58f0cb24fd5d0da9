"""Exercise checkers for the lesson notebooks.

Every exercise in ``notebooks/`` has an id such as ``"01-2"`` (notebook 01,
exercise 2). A student writes an answer in whatever form comes naturally and
asks for a verdict:

>>> from qttt_edu import checks
>>> checks.check("01-1", 4)
✓ 01-1: right. Two independent moves with two choices each: 2 × 2 = 4 classical boards.
>>> checks.check("01-1", "four")
✓ 01-1: right. Two independent moves with two choices each: 2 × 2 = 4 classical boards.
>>> checks.check("01-1", 2)  # doctest: +ELLIPSIS
✗ 01-1: not yet. Hint: ...

A verdict is a :class:`Result`: it displays as one line that starts with ✓ or
✗ (so the meaning never rests on colour) and is truthy only when right.
``checks.hint(id)`` prints a hint and ``checks.solution(id)`` the worked
solution, which stays hidden until asked for.

The checkers accept every correct answer in any reasonable form, read by
:mod:`qttt_edu.answers` (the reader :func:`qttt_edu.predict.reveal` uses too): numbers
as ``2/3``, ``0.67``, ``"0,67"``, ``"67 %"``, ``"3 out of 4"``, ``"2 kolmesta"``,
``"3:4"``, ``"50:50"``, ``"two thirds"``, ``"seksogtredive"`` (number words in all five
languages), ``"1.296"`` in Danish, a small sum such as ``"9*8/2"`` or ``"2 x 2"`` or a
:class:`fractions.Fraction`; a reason in brackets or after "because" is set aside, and
a negated answer ("not X", "not entangled") is never read as its positive;
scores by their labels (``"O: 1/2, X: 1"``); squares as ``[1, 5]``, ``(5, 1)``,
``"1 and 5"`` or ``"1-5"``; players as ``"X"``, ``"x wins"`` or a draw word
(``"draw"``, ``"uafgjort"``, ``"tasapeli"``, ``"uavgjort"``, ``"patta"``); yes and
no in a sentence and in five languages; positions as records with any separator
or :class:`~qttt_edu.core.Game` objects, which are judged by the record they
replay. Open questions ("write a record whose last move closes a 3-cycle") are
judged by the rules engine, so every record that does the job is accepted.

>>> checks.check("04-2", "O gets a half, X gets 1")
✓ 04-2: right. X 1 point, O 1/2 point: both got a line in one collapse, and X's came first.
>>> checks.check("02-4", "Nej, den er ikke separabel.")  # doctest: +ELLIPSIS
✓ 02-4: right. Not separable. ...

Every answer gets a verdict quickly, however long, large, nested or odd: the
readers bound what they read, and nothing a student hands over escapes as a
traceback.

The checkers work out the answers from the rules core alone (the ensemble is
counted here by brute force), so they are an independent check on what the
notebooks show with ``qttt_edu.quantum`` and ``qttt_edu.graph``.
"""

from __future__ import annotations

import itertools
import random
import re
import reprlib
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

from . import answers
from .core import Action, Game, GameError, IllegalMoveError, Position
from .i18n import get_language, t

__all__ = ["Result", "check", "exercises", "hint", "solution"]


@dataclass(frozen=True)
class Result:
    """The verdict on one answer: ``ok`` and the line shown to the student."""

    exercise: str
    ok: bool
    message: str

    def __bool__(self) -> bool:
        return self.ok

    def __repr__(self) -> str:
        return self.message

    __str__ = __repr__


class _Unreadable(ValueError):
    """The answer could not be read as the kind of value the exercise asks for."""

    def __init__(self, expected: str, note: str = ""):
        super().__init__(expected)
        self.expected = expected
        self.note = note


# A judge returns None when the answer is right, else the hint to show.
Judge = Callable[[Any], "str | None"]


@dataclass(frozen=True)
class _Exercise:
    id: str
    judge: Judge


# --- reading answers in many forms ------------------------------------------
# The reading itself lives in qttt_edu.answers (bounded, no eval, five languages);
# these helpers call it and put its refusals into the student's language.

_KINDS = {
    "number": "checks_kind_number",
    "whole": "checks_kind_whole",
    "squares": "checks_kind_squares",
    "one_square": "checks_kind_one_square",
    "player": "checks_kind_player",
    "yes_no": "checks_kind_yes_no",
    "mark": "checks_kind_mark",
    "actions": "checks_kind_actions",
    "record": "checks_kind_record",
    "placement": "checks_kind_placement",
    "letters": "checks_kind_letters",
    "scores": "checks_kind_scores",
}
_NOTES = {
    "square_range": "checks_note_square_range",
    "mark_parity": "checks_note_mark_parity",
    "too_long": "checks_note_too_long",
    "too_many": "checks_note_too_many",
    "too_deep": "checks_note_too_deep",
    "too_large": "checks_note_too_large",
    "several": "checks_note_several",
    "labels": "checks_note_labels",
    "count": "checks_note_count",
    "both_players": "checks_note_both_players",
    "yes_and_no": "checks_note_yes_and_no",
    "zero_division": "checks_note_zero_division",
    "broken": "checks_note_broken",
    "action_code": "checks_note_action_code",
    "negated": "checks_note_negated",
    "tuple": "checks_note_tuple",
    "probability": "checks_note_probability",
}


def _translated(err: answers.Unreadable) -> _Unreadable:
    """A refusal of the reader, in the student's language."""
    expected = t(_KINDS.get(err.kind, "checks_kind_number"))
    note = t(_NOTES[err.note], **err.fields) if err.note in _NOTES else ""
    return _Unreadable(expected, note)


_T = TypeVar("_T")


def _lang() -> str:
    return get_language()


def _read(reader: Callable[..., _T], answer: Any, *args: Any, **kwargs: Any) -> _T:
    """``reader(answer, ...)`` of :mod:`qttt_edu.answers`; a refusal in the student's language."""
    try:
        return reader(answer, *args, **kwargs)
    except answers.Unreadable as err:
        raise _translated(err) from None


def _number(answer: Any) -> Fraction:
    """Read a number: int, float, Fraction, numpy scalar, "2/3", "0,67", "67 %", "four", "3:4"."""
    return _read(answers.number, answer, _lang())


def _probability(answer: Any, target: Fraction, tolerance: float = 0.01) -> bool:
    """True if ``answer`` is ``target`` as a probability, a fraction or a percentage."""
    value = _read(answers.probability, answer, _lang())
    return abs(float(value - target)) <= tolerance


def _whole(answer: Any) -> int:
    return _read(answers.whole, answer, _lang())


def _action_squares(value: Any) -> tuple[int, ...] | None:
    return value.squares if isinstance(value, Action) else None


def _squares(answer: Any) -> tuple[int, ...]:
    """Read one or more squares: 5, "c5", [1, 5], "1 and 5", "1-5", Action.pair(1, 5)."""
    return _read(answers.squares, answer, _lang(), known=_action_squares)


def _square_set(answer: Any) -> frozenset[int]:
    return frozenset(_squares(answer))


def _one_square(answer: Any) -> int:
    squares = set(_squares(answer))
    if len(squares) != 1:
        raise _Unreadable(t("checks_kind_one_square"))
    return squares.pop()


def _player(answer: Any) -> str | None:
    """Read "X", "o", "0", "X wins", "draw" or a draw word of any language, None (a draw)."""
    return _read(answers.player, answer, _lang())


def _yes_no(answer: Any) -> bool:
    return _read(answers.yes_no, answer, _lang())


def _mark(answer: Any) -> str:
    """Read a mark name: "X3", "x 3", "X₃", ("X", 3)."""
    return _read(answers.mark, answer)


def _action_token(value: Any) -> str | None:
    return str(value) if isinstance(value, Action) else None


def _actions(answer: Any) -> list[Action]:
    """Read actions: "2-8 3-8", "2-8, 3-8", ["2-8", (3, 8)], 28, Action, "c4", "4"."""
    tokens = _read(answers.record_tokens, answer, _action_token)
    out = []
    for tok in tokens:
        try:
            out.append(Action.parse(tok))
        except GameError as err:
            raise _Unreadable(t("checks_kind_actions"), _clip(str(err))) from None
    return out


_MAX_GAME_ACTIONS = 64  # a whole game has at most 9 moves and 8 collapses


def _game(answer: Any) -> Game:
    """Rebuild a position from its record: text, a list of tokens or pairs, or a Game.

    The checkers judge the game they rebuild, never the object they were given:
    a Game's record is read with the Game class's own method (not an override),
    and replayed by the rules engine.
    """
    if isinstance(answer, Game):
        try:
            history = vars(answer).get("_actions")
            if isinstance(history, list) and len(history) > _MAX_GAME_ACTIONS:
                raise _Unreadable(t("checks_kind_record"))
            text = Game.record(answer)
        except _Unreadable:
            raise
        except Exception:
            raise _Unreadable(t("checks_kind_record")) from None
        if not isinstance(text, str):
            raise _Unreadable(t("checks_kind_record"))
        answer = text
    if isinstance(answer, Position):
        raise _Unreadable(t("checks_kind_record"), t("checks_note_position"))
    if isinstance(answer, str) and not isinstance(answer, (bytes, bytearray)):
        raw = str.__str__(answer)
        if len(raw) > answers.MAX_TEXT:
            raise _translated(answers.Unreadable("record", "too_long"))
        try:
            return Game.from_record(raw)
        except GameError as err:
            first = err
        # other separators, dashes or words around the actions: read the actions out
        try:
            tokens = answers.record_tokens(raw)
            return Game.from_record(" ".join(tokens))
        except (answers.Unreadable, GameError):
            raise _Unreadable(t("checks_kind_record"), _clip(str(first))) from None
    try:
        tokens = [str(a) for a in _actions(answer)]
    except _Unreadable as err:
        raise _Unreadable(t("checks_kind_record"), err.note) from None
    try:
        return Game.from_record(" ".join(tokens))
    except GameError as err:
        raise _Unreadable(t("checks_kind_record"), _clip(str(err))) from None


def _clip(note: str) -> str:
    """An engine message with any long quoted input cut short (messages never grow with it)."""
    note = re.sub(r"'([^']{40})[^']+'", r"'\1…'", note)
    return note if len(note) <= 400 else note[:399] + "…"


def _placement(answer: Any) -> dict[int, str]:
    """Read square -> mark, given either way round ({1: "X1"}, {"X1": 1}, "X1 in 1, O2 in 2")."""
    if isinstance(answer, Mapping):
        try:
            entries = list(itertools.islice(answer.items(), answers.MAX_ITEMS + 1))
        except Exception:
            raise _Unreadable(t("checks_kind_placement")) from None
    else:
        try:
            entries = answers.placement_pairs(answer)
        except answers.Unreadable as err:
            if err.note:
                raise _translated(err) from None
            raise _Unreadable(t("checks_kind_placement")) from None
    if len(entries) > answers.MAX_ITEMS:
        raise _Unreadable(t("checks_kind_placement"), t("checks_note_too_many"))
    out: dict[int, str] = {}
    for key, value in entries:
        try:
            square, mark = _one_square(key), _mark(value)
        except _Unreadable as err:
            try:
                square, mark = _one_square(value), _mark(key)
            except _Unreadable:
                raise err from None
        out[square] = mark
    return out


def _letters(answer: Any, options: str) -> frozenset[str]:
    """Read option letters: "A, D", "ad", ["d", "a"], "I think A and D"."""
    return _read(answers.letters, answer, options)


def _scores(answer: Any) -> dict[str, Fraction]:
    """Read scores by their labels: {"X": 1, "O": 0.5}, "O: 1/2, X: 1", (1, 0.5) X first."""
    scores = _read(answers.labelled, answer, ("X", "O"), _lang())
    return {who: answers.snap(value) for who, value in scores.items()}


# --- facts about positions, from the rules core alone ------------------------


def _realities(pos: Position) -> list[dict[int, int]]:
    """Every classical board consistent with the spooky marks (square -> move number)."""
    occupied = {s for s in range(1, 10) if pos.classical_moves[s]}
    boards: list[dict[int, int]] = []

    def place(i: int, used: set[int], board: dict[int, int]) -> None:
        if i == len(pos.spooky):
            boards.append(dict(board))
            return
        move, a, b = pos.spooky[i]
        for s in (a, b):
            if s not in used:
                board[s] = move
                used.add(s)
                place(i + 1, used, board)
                used.discard(s)
                del board[s]

    place(0, set(occupied), {})
    return boards


def _odds(pos: Position, move: int, square: int) -> Fraction:
    boards = _realities(pos)
    return Fraction(sum(1 for b in boards if b.get(square) == move), len(boards))


def _cycle_length(pos: Position) -> int:
    """Length of the cycle the newest (pending) mark closed: the tree path plus one."""
    _, a, b = pos.spooky[-1]
    neighbours: dict[int, list[int]] = {}
    for _, p, q in pos.spooky[:-1]:
        neighbours.setdefault(p, []).append(q)
        neighbours.setdefault(q, []).append(p)
    depth = {a: 0}
    frontier = [a]
    while frontier:
        nxt = []
        for s in frontier:
            for r in neighbours.get(s, ()):
                if r not in depth:
                    depth[r] = depth[s] + 1
                    nxt.append(r)
        frontier = nxt
    return depth[b] + 1


def _immediate_losses(pos: Position, mover: str) -> frozenset[Action]:
    """The mover's pairs that close a cycle whose collapse the opponent can choose to win."""
    losing = set()
    for code in pos.legal_actions():
        after = pos.child(code)
        if after.pending and any(
            (o := after.child(c).outcome) is not None and o.winner not in (None, mover)
            for c in after.legal_actions()
        ):
            losing.add(Action(code))
    return frozenset(losing)


def _sample_positions(count: int, seed: int) -> list[tuple[Position, str]]:
    """Positions from seeded random games with their records (collapses and ninth moves too)."""
    rng = random.Random(seed)
    out: list[tuple[Position, str]] = []
    while len(out) < count:
        pos, tokens = Position(), list[str]()
        while pos.outcome is None and len(out) < count:
            out.append((pos, " ".join(tokens)))
            code = rng.choice(pos.legal_actions())
            tokens.append(str(Action(code)))
            pos = pos.child(code)
    return out


# --- the exercises -----------------------------------------------------------


def _equals(expected: Any, read: Callable[[Any], Any], hint_key: str) -> Judge:
    def judge(answer: Any) -> str | None:
        return None if read(answer) == expected else t(hint_key)

    return judge


def _prob(target: Fraction, hint_key: str) -> Judge:
    def judge(answer: Any) -> str | None:
        return None if _probability(answer, target) else t(hint_key)

    return judge


def _ex00_3(answer: Any) -> str | None:
    game = _game(answer)
    if game.classical.get(5) == "X1":
        return None
    if not game.classical:
        return t("checks_00_3_no_collapse")
    return t("checks_00_3_elsewhere", marks=_describe(game.classical))


def _ex01_3(answer: Any) -> str | None:
    game = _game(answer)
    moves = len(game.position.spooky) + len(game.classical)
    count = len(_realities(game.position))
    if moves == 3 and count == 8 and not game.classical:
        return None
    if moves != 3:
        return t("checks_01_3_moves", moves=moves)
    return t("checks_01_3_count", count=count)


_BASE_02_3 = "1-3 1-2"


def _ex02_3(answer: Any) -> str | None:
    acts = _actions(answer)
    base = Game.from_record(_BASE_02_3)
    if [a.code for a in acts[:2]] == [a.code for a in base.history] and len(acts) == 3:
        acts = acts[2:]  # the whole record was given
    if len(acts) != 1 or acts[0].kind != "pair":
        return t("checks_02_3_one_pair")
    try:
        base.apply(acts[0])
    except IllegalMoveError as err:
        return str(err)
    if base.awaiting_collapse is not None:
        return t("checks_02_3_cycle", move=str(acts[0]))
    odds = _odds(base.position, 1, 3)
    if odds == Fraction(3, 4):
        return None
    return t("checks_02_3_odds", move=str(acts[0]), odds=f"{odds.numerator}/{odds.denominator}")


# Words for the property 02-4 asks about (separable) and for its opposite, in the five
# languages; a negation before one turns it round ("not entangled" says separable).
_SEPARABLE = (
    *("separable", "product", "a product", "separabel", "separabelt", "produkt"),
    *("separoituva", "separoituvissa", "tulo", "tulona", "separabile", "prodotto"),
)
_ENTANGLED = (
    *("entangled", "inseparable", "non-separable", "sammenfiltret", "sammenfiltrede"),
    *("uadskillelig", "lomittunut", "lomittuneet", "lomittuneita", "in entanglement"),
    *("intrecciato", "intrecciati", "entanglement"),
)


def _ex02_4(answer: Any) -> str | None:
    separable = _read(answers.asserts, answer, _SEPARABLE, _ENTANGLED, _lang())
    return t("checks_02_4_hint") if separable else None


# Exercise 03-3: in "2-5 5-8 8-9 2-8" X puts O4 in square 8. A fresh game: the rules text's
# worked example 2 has the same shape on other squares, so it does not print this answer.
_OUTCOME_03_3 = {2: "X1", 5: "O2", 8: "O4", 9: "X3"}


def _ex03_3(answer: Any) -> str | None:
    given = _placement(answer)
    if given == _OUTCOME_03_3:
        return None
    missing = sorted(set(_OUTCOME_03_3) - set(given))
    if missing:
        return t("checks_03_3_missing", squares=missing)
    wrong = sorted(s for s in given if given[s] != _OUTCOME_03_3.get(s))
    return t("checks_03_3_wrong", squares=wrong[:1])  # one at a time: never the answer


def _ex03_4(answer: Any) -> str | None:
    game = _game(answer)
    pending = game.awaiting_collapse
    if pending is None:
        return t("checks_03_4_not_pending")
    length = _cycle_length(game.position)
    if pending.chooser != "O":
        return t("checks_03_4_chooser", chooser=pending.chooser, mark=pending.mark)
    if length != 4:
        return t("checks_03_4_length", length=length)
    return None


def _ex04_2(answer: Any) -> str | None:
    scores = _scores(answer)  # read by the labels, never by position when labels are given
    if scores == {"X": 1, "O": Fraction(1, 2)}:
        return None
    if scores == {"X": 1, "O": 0}:
        return t("checks_04_2_half")
    return t("checks_04_2_hint")


# The finished games notebook 04 shows, and the rules text's worked examples 3 and 5 that it
# used to show: exercise 04-4 asks for a game the student played.
_SHOWN_04 = (
    "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5",
    "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3",
    "1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c9",
    "1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c8",
    "1-2 6-9 4-5 8-9 7-9 2-7 4-6 5-8 c5",
    "1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2",
    "1-5 2-3 5-9 2-3 c3 4-7 4-7 c4 8-9 1-8 c1",
    "7-9 4-8 1-4 6-9 1-9 2-8 2-3 6-8 c8 5",
    "1-2 2-6 1-8 3-4 5-9 3-5 4-6 1-8 c8 7",
)


def _ex04_4(answer: Any) -> str | None:
    game = _game(answer)
    outcome = game.outcome
    if outcome is None:
        return t("checks_04_4_unfinished", to_act=game.to_act)
    if game.record() in _SHOWN_04:
        return t("checks_04_4_shown")
    return None


_RECORD_05_2 = "4-6 3-8 5-7 1-7 1-5 c5 2-8"


def _ex05_2(answer: Any) -> str | None:
    given = frozenset(_actions(answer))
    losing = _immediate_losses(Game.from_record(_RECORD_05_2).position, "X")
    if given == losing:
        return None
    if given - losing:  # name one safe move only: a list would hand out the answer
        return t("checks_05_2_safe", moves=min(map(str, given - losing)))
    return t("checks_05_2_more", found=len(given), total=len(losing))


_PLAYER_SECONDS = 5  # for 300 positions: a class tournament needs players that answer fast


def _ex05_3(answer: Any) -> str | None:
    # a player object's choose, or the function itself (numpy's values have a choose of
    # their own, which is not a player)
    numpy = type(answer).__module__.split(".")[0] == "numpy"
    choose = answer if numpy else getattr(answer, "choose", answer)
    if numpy or not callable(choose):
        raise _Unreadable(t("checks_kind_player_function"))
    deadline = time.monotonic() + _PLAYER_SECONDS
    for pos, record in _sample_positions(300, seed=5):
        if time.monotonic() > deadline:
            return t("checks_05_3_slow", seconds=_PLAYER_SECONDS)
        legal = [str(Action(c)) for c in pos.legal_actions()]
        try:
            choice = choose(pos)
        except Exception as err:  # the student's code: report any failure plainly
            error = _short_text(f"{type(err).__name__}: {_safe_str(err)}")
            # the empty board has sentences of its own, never "after (the empty board)"
            raised = "checks_05_3_raised" if record else "checks_05_3_raised_start"
            return t(raised, error=error, record=record)
        try:
            token = str(choice) if isinstance(choice, Action) else None
            if token is None and isinstance(choice, int) and not isinstance(choice, bool):
                token = str(Action(choice))
            if token is None and isinstance(choice, str):
                token = str(Action.parse(choice))
        except ValueError:
            token = None
        if token not in legal:
            return t(
                "checks_05_3_illegal" if record else "checks_05_3_illegal_start",
                choice=_short(choice),
                record=record,
                legal=" ".join(legal),
            )
        me = pos.to_act
        if pos.pending or me is None:
            continue
        if Action.parse(token) in _immediate_losses(pos, me) and any(
            not _opponent_can_win(pos.child(code), me) for code in pos.legal_actions()
        ):
            return t("checks_05_3_hands_over", choice=token, record=record)
    return None


def _opponent_can_win(after: Position, me: str) -> bool:
    """Whether ``me``'s opponent, to act in ``after``, can win with its next action: by
    choosing a winning collapse, by its ninth move, or by closing a cycle both of whose
    collapses give it the game. A player that could have avoided all of these must not
    hand over a winning collapse (exercise 05-3); when every move loses, any move will do."""
    for code in after.legal_actions():
        nxt = after.child(code)
        if nxt.outcome is not None:
            if nxt.outcome.winner not in (None, me):
                return True
            continue
        if nxt.pending and nxt.to_act == me:
            ends = [nxt.child(c).outcome for c in nxt.legal_actions()]
            if all(o is not None and o.winner not in (None, me) for o in ends):
                return True
    return False


def _ex06_4(answer: Any) -> str | None:
    value = _number(answer)
    target = 362880**2
    return None if abs(float(value) - target) <= 0.01 * target else t("checks_06_4_hint")


def _ex07_4(answer: Any) -> str | None:
    given = _letters(answer, "ABCD")  # 07-4's statements: an "E" is the Italian "and"
    right = frozenset("AD")
    if given == right:
        return None
    if given - right:  # name one wrong letter only: a list would hand out the answer
        return t("checks_07_4_extra", letters=min(given - right))
    return t("checks_07_4_missing")


def _describe(placement: Mapping[int, str]) -> str:
    """Classical marks for a hint, in the student's language: "X1 in square 1, O2 in square 5"."""
    return ", ".join(
        t("checks_mark_in_square", mark=m, square=s) for s, m in sorted(placement.items())
    )


_EXERCISES: dict[str, _Exercise] = {
    e.id: e
    for e in (
        _Exercise("00-1", _equals(frozenset({3, 5, 7}), _square_set, "checks_00_1_hint")),
        _Exercise("00-2", _equals("X", _player, "checks_00_2_hint")),
        _Exercise("00-3", _ex00_3),
        _Exercise("01-1", _equals(4, _whole, "checks_01_1_hint")),
        _Exercise("01-2", _equals(16, _whole, "checks_01_2_hint")),
        _Exercise("01-3", _ex01_3),
        _Exercise("02-1", _equals(3, _whole, "checks_02_1_hint")),
        _Exercise("02-2", _prob(Fraction(2, 3), "checks_02_2_hint")),
        _Exercise("02-3", _ex02_3),
        _Exercise("02-4", _ex02_4),
        _Exercise("03-1", _equals("X", _player, "checks_03_1_hint")),
        _Exercise("03-2", _equals(frozenset({2, 5, 8}), _square_set, "checks_03_2_hint")),
        _Exercise("03-3", _ex03_3),
        _Exercise("03-4", _ex03_4),
        _Exercise("04-1", _equals("X", _player, "checks_04_1_hint")),
        _Exercise("04-2", _ex04_2),
        _Exercise("04-3", _equals(7, _one_square, "checks_04_3_hint")),
        _Exercise("04-4", _ex04_4),
        _Exercise("05-1", _equals(4, _one_square, "checks_05_1_hint")),
        _Exercise("05-2", _ex05_2),
        _Exercise("05-3", _ex05_3),
        _Exercise("06-1", _equals(36, _whole, "checks_06_1_hint")),
        _Exercise("06-2", _equals(1296, _whole, "checks_06_2_hint")),
        _Exercise("06-3", _equals(8, _whole, "checks_06_3_hint")),
        _Exercise("06-4", _ex06_4),
        _Exercise("07-1", _prob(Fraction(1, 2), "checks_07_1_hint")),
        _Exercise("07-2", _prob(Fraction(1, 3), "checks_07_2_hint")),
        _Exercise("07-3", _prob(Fraction(1), "checks_07_3_hint")),
        _Exercise("07-4", _ex07_4),
    )
}


def _key(exercise: str) -> str:
    return "checks_" + exercise.replace("-", "_")


def _find(exercise: Any) -> _Exercise:
    if not isinstance(exercise, str) or exercise not in _EXERCISES:
        name = exercise if isinstance(exercise, str) else _short(exercise)
        raise KeyError(t("checks_unknown", exercise=name[:60], known=", ".join(_EXERCISES)))
    return _EXERCISES[exercise]


def exercises(notebook: str = "") -> list[str]:
    """The exercise ids, all or those of one notebook (``exercises("02")``)."""
    return [e for e in _EXERCISES if e.startswith(notebook)]


def check(exercise: str, answer: Any) -> Result:
    """Judge ``answer`` to ``exercise`` (an id like ``"02-3"``) and return the verdict line.

    Parameters
    ----------
    exercise
        The exercise id printed in the notebook.
    answer
        The student's answer, in any reasonable form (see the module docstring).

    Returns
    -------
    Result
        Displays as ``✓ 02-3: right. ...`` or ``✗ 02-3: not yet. Hint: ...``.
    """
    ex = _find(exercise)
    if answer is Ellipsis:
        return Result(exercise, False, t("checks_placeholder", exercise=exercise))
    try:
        problem = ex.judge(answer)
    except answers.Unreadable as err:  # a judge that calls the readers directly
        return _unreadable(exercise, answer, _translated(err))
    except _Unreadable as err:
        return _unreadable(exercise, answer, err)
    except Exception as err:  # nothing a student hands over may escape as a traceback
        message = t(
            "checks_failed",
            exercise=exercise,
            answer=_short(answer),
            error=_short_text(f"{type(err).__name__}: {_safe_str(err)}"),
        )
        return Result(exercise, False, message)
    if problem is None:
        return Result(
            exercise,
            True,
            t("checks_right", exercise=exercise, detail=t(_key(exercise) + "_right")),
        )
    problem = problem[:1].upper() + problem[1:]
    return Result(exercise, False, t("checks_wrong", exercise=exercise, hint=problem))


def _unreadable(exercise: str, answer: Any, err: _Unreadable) -> Result:
    note = f" {err.note}" if err.note else ""
    message = t(
        "checks_unreadable",
        exercise=exercise,
        answer=_short(answer),
        expected=err.expected,
        note=note,
    )
    return Result(exercise, False, message)


def hint(exercise: str) -> None:
    """Print a hint for ``exercise`` without giving the answer away."""
    _find(exercise)
    print(t("checks_hint_line", exercise=exercise, hint=t(_key(exercise) + "_hint")))


def solution(exercise: str) -> None:
    """Print the worked solution of ``exercise`` (try it yourself first)."""
    _find(exercise)
    print(t("checks_solution_line", exercise=exercise, solution=t(_key(exercise) + "_solution")))


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = 50
_REPR.maxother = 50
_REPR.maxlong = 50


def _short(value: Any) -> str:
    """A short, safe picture of any answer for a message (never raises, never huge)."""
    try:
        if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 150:
            digits = int(value.bit_length() * 0.30103) + 1
            text = f"<int, {digits} digits>"
        elif isinstance(value, str):
            text = repr(str.__str__(value)[:80])
        else:
            text = _REPR.repr(value)
    except Exception:
        text = f"<{type(value).__name__}>"
    return _short_text(text)


def _short_text(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _safe_str(value: Any) -> str:
    try:
        return str(value)[:200]
    except Exception:
        return "?"
