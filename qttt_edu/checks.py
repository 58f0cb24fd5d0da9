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

The checkers accept every correct answer in any reasonable form: numbers as
``2/3``, ``0.67``, ``"67 %"`` or a :class:`fractions.Fraction`; squares as
``[1, 5]``, ``(5, 1)``, ``"1 and 5"`` or ``"1-5"``; players as ``"X"``/``"x"``;
positions as records or :class:`~qttt_edu.core.Game` objects. Open questions
("write a record whose last move closes a 3-cycle") are judged by the rules
engine, so every record that does the job is accepted.

The checkers work out the answers from the rules core alone (the ensemble is
counted here by brute force), so they are an independent check on what the
notebooks show with ``qttt_edu.quantum`` and ``qttt_edu.graph``.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .core import Action, Game, IllegalMoveError, InvalidRecordError, Position, mark_name
from .i18n import t

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

_WORDS = {
    w: i
    for i, w in enumerate(
        [
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
            "thirteen",
            "fourteen",
            "fifteen",
            "sixteen",
            "seventeen",
            "eighteen",
            "nineteen",
            "twenty",
        ]
    )
}
_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def _number(answer: Any) -> Fraction:
    """Read a number: int, float, Fraction, numpy scalar, "2/3", "0.67", "67 %", "four"."""
    if isinstance(answer, bool) or answer is None or answer is Ellipsis:
        raise _Unreadable(t("checks_kind_number"))
    if isinstance(answer, (int, Fraction)):
        return Fraction(answer)
    if isinstance(answer, str):
        # "1,296" groups thousands; "0,67" is a decimal comma (Danish, Italian...)
        text = re.sub(r",(?=\d{3}(?!\d))", "", answer.strip().lower().replace("_", ""))
        text = text.replace(",", ".")
        if text in _WORDS:
            return Fraction(_WORDS[text])
        percent = text.endswith("%")
        text = text.rstrip("% ").strip()
        try:
            root = re.fullmatch(r"(?:√|sqrt)\s*\(?\s*([0-9./]+)\s*\)?", text)
            if root:
                return Fraction(float(_number(root.group(1))) ** 0.5)
            if "/" in text:
                top, bottom = text.split("/", 1)
                value = Fraction(_number(top.strip())) / _number(bottom.strip())
            else:
                value = Fraction(text)
        except (ValueError, ZeroDivisionError, _Unreadable):
            raise _Unreadable(t("checks_kind_number")) from None
        return value / 100 if percent else value
    try:
        number = float(answer)  # numpy scalars, Decimal and friends
    except (TypeError, ValueError):
        raise _Unreadable(t("checks_kind_number")) from None
    if number != number or number in (float("inf"), float("-inf")):
        raise _Unreadable(t("checks_kind_number"))
    return Fraction(number)


def _probability(answer: Any, target: Fraction, tolerance: float = 0.01) -> bool:
    """True if ``answer`` is ``target`` as a probability, a fraction or a percentage."""
    value = _number(answer)
    # a bare 67 can only mean 67 %: a probability is at most 1
    if 1 < value <= 100:
        value /= 100
    return abs(float(value - target)) <= tolerance


def _whole(answer: Any) -> int:
    value = _number(answer)
    if value.denominator != 1:
        raise _Unreadable(t("checks_kind_whole"))
    return int(value)


def _squares(answer: Any) -> tuple[int, ...]:
    """Read one or more squares: 5, "c5", [1, 5], "1 and 5", "1-5", Action.pair(1, 5)."""
    if isinstance(answer, Action):
        return answer.squares
    if isinstance(answer, bool) or answer is None or answer is Ellipsis:
        raise _Unreadable(t("checks_kind_squares"))
    if isinstance(answer, int):
        values: list[int] = [answer]
    elif isinstance(answer, str):
        values = []
        for run in re.findall(r"\d+", answer):
            # "357" lists three squares; "10" is one number off the board
            digits = run if len(run) > 1 and "0" not in run else [run]
            values.extend(int(d) for d in digits)
    elif isinstance(answer, Iterable) and not isinstance(answer, Mapping):
        values = []
        for item in answer:
            values.extend(_squares(item))
    else:
        try:
            values = [_whole(answer)]
        except _Unreadable:
            raise _Unreadable(t("checks_kind_squares")) from None
    if not values:
        raise _Unreadable(t("checks_kind_squares"))
    for v in values:
        if not 1 <= v <= 9:
            raise _Unreadable(t("checks_kind_squares"), t("checks_note_square_range", square=v))
    return tuple(values)


def _square_set(answer: Any) -> frozenset[int]:
    return frozenset(_squares(answer))


def _one_square(answer: Any) -> int:
    squares = set(_squares(answer))
    if len(squares) != 1:
        raise _Unreadable(t("checks_kind_one_square"))
    return squares.pop()


def _player(answer: Any) -> str | None:
    """Read "X", "o", "0", "draw", None (for nobody/draw)."""
    if answer is None:
        return None
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in ("x", "player x", "x wins"):
            return "X"
        if text in ("o", "0", "player o", "o wins"):
            return "O"
        if text in ("draw", "none", "nobody", "neither", "tie"):
            return None
    raise _Unreadable(t("checks_kind_player"))


def _yes_no(answer: Any) -> bool:
    if isinstance(answer, bool):
        return answer
    if isinstance(answer, str):
        text = answer.strip().lower()
        if text in ("yes", "y", "true", "t"):
            return True
        if text in ("no", "n", "false", "f"):
            return False
    raise _Unreadable(t("checks_kind_yes_no"))


def _mark(answer: Any) -> str:
    """Read a mark name: "X3", "x 3", "X₃", ("X", 3)."""
    if isinstance(answer, tuple) and len(answer) == 2:
        answer = f"{answer[0]}{answer[1]}"
    if isinstance(answer, str):
        text = answer.translate(_SUBSCRIPTS).strip().upper().replace(" ", "").replace("_", "")
        match = re.fullmatch(r"([XO0])([1-9])", text)
        if match:
            player = "O" if match.group(1) == "0" else match.group(1)
            name = mark_name(int(match.group(2)))
            if name[0] != player:
                raise _Unreadable(t("checks_kind_mark"), t("checks_note_mark_parity", mark=text))
            return name
    raise _Unreadable(t("checks_kind_mark"))


def _actions(answer: Any) -> list[Action]:
    """Read actions: "2-8 3-8", ["2-8", (3, 8)], 28, Action, "c4", "4"."""
    if isinstance(answer, Action):
        return [answer]
    if isinstance(answer, bool) or answer is None or answer is Ellipsis:
        raise _Unreadable(t("checks_kind_actions"))
    if isinstance(answer, int):
        try:
            return [Action(answer)]
        except ValueError:
            raise _Unreadable(t("checks_kind_actions")) from None
    if isinstance(answer, str):
        tokens = re.findall(r"[cC]\s*[1-9]|[1-9]\s*-\s*[1-9]|[1-9]+", answer)
        if not tokens:
            raise _Unreadable(t("checks_kind_actions"))
        out = []
        for tok in tokens:
            tok = tok.replace(" ", "")
            if len(tok) == 2 and tok.isdigit():
                tok = f"{tok[0]}-{tok[1]}"
            try:
                out.append(Action.parse(tok))
            except (InvalidRecordError, IllegalMoveError) as err:
                raise _Unreadable(t("checks_kind_actions"), str(err)) from None
        return out
    if isinstance(answer, tuple) and len(answer) == 2 and all(isinstance(x, int) for x in answer):
        try:
            return [Action.pair(*answer)]
        except IllegalMoveError as err:
            raise _Unreadable(t("checks_kind_actions"), str(err)) from None
    if isinstance(answer, Iterable) and not isinstance(answer, Mapping):
        out = []
        for item in answer:
            out.extend(_actions(item))
        return out
    raise _Unreadable(t("checks_kind_actions"))


def _game(answer: Any) -> Game:
    """Read a position: a Game, a record string or a list of record tokens / pairs."""
    if isinstance(answer, Game):
        return answer.copy()
    if isinstance(answer, Position):
        raise _Unreadable(t("checks_kind_record"), t("checks_note_position"))
    if isinstance(answer, str):
        text = answer
    elif isinstance(answer, Iterable) and not isinstance(answer, Mapping):
        text = " ".join(str(a) for a in _actions(answer))
    else:
        raise _Unreadable(t("checks_kind_record"))
    try:
        return Game.from_record(text)
    except InvalidRecordError as err:
        raise _Unreadable(t("checks_kind_record"), str(err)) from None


def _placement(answer: Any) -> dict[int, str]:
    """Read square -> mark, given either way round ({1: "X1"} or {"X1": 1})."""
    if not isinstance(answer, Mapping):
        raise _Unreadable(t("checks_kind_placement"))
    out: dict[int, str] = {}
    for key, value in answer.items():
        try:
            square, mark = _one_square(key), _mark(value)
        except _Unreadable as err:
            try:
                square, mark = _one_square(value), _mark(key)
            except _Unreadable:
                raise err from None
        out[square] = mark
    return out


def _letters(answer: Any) -> frozenset[str]:
    if isinstance(answer, str):
        return frozenset(c for c in answer.upper() if c.isalpha())
    if isinstance(answer, Iterable):
        return frozenset(itertools.chain.from_iterable(_letters(str(a)) for a in answer))
    raise _Unreadable(t("checks_kind_letters"))


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


def _ex02_4(answer: Any) -> str | None:
    if isinstance(answer, str) and answer.strip().lower() in ("entangled", "not separable"):
        return None
    if isinstance(answer, str) and answer.strip().lower() == "separable":
        return t("checks_02_4_hint")
    return None if _yes_no(answer) is False else t("checks_02_4_hint")


_OUTCOME_03_3 = {1: "X1", 2: "O2", 3: "O4", 6: "X3"}


def _ex03_3(answer: Any) -> str | None:
    given = _placement(answer)
    if given == _OUTCOME_03_3:
        return None
    missing = sorted(set(_OUTCOME_03_3) - set(given))
    if missing:
        return t("checks_03_3_missing", squares=", ".join(map(str, missing)))
    wrong = sorted(s for s in given if given[s] != _OUTCOME_03_3.get(s))
    return t("checks_03_3_wrong", squares=", ".join(map(str, wrong)))


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
    if isinstance(answer, Mapping):
        scores = {str(_player(k)): _number(v) for k, v in answer.items()}
    else:
        values = (
            re.findall(r"\d+\s*/\s*\d+|\d*\.\d+|\d+", answer) if isinstance(answer, str) else answer
        )
        if not isinstance(values, Iterable):
            raise _Unreadable(t("checks_kind_scores"))
        numbers = [_number(v) for v in values]
        if len(numbers) != 2:
            raise _Unreadable(t("checks_kind_scores"))
        scores = {"X": numbers[0], "O": numbers[1]}
    if scores == {"X": 1, "O": Fraction(1, 2)}:
        return None
    if scores == {"X": 1, "O": 0}:
        return t("checks_04_2_half")
    return t("checks_04_2_hint")


# The finished games notebook 04 shows: exercise 04-4 asks for a game the student played.
_SHOWN_04 = (
    "1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c9",
    "1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c8",
    "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5",
    "1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2",
    "1-5 2-3 5-9 2-3 c3 4-7 4-7 c4 8-9 1-8 c1",
    "7-9 4-8 1-4 6-9 1-9 2-8 2-3 6-8 c8 5",
    "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3",
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
    if given - losing:
        return t("checks_05_2_safe", moves=" ".join(sorted(map(str, given - losing))))
    return t("checks_05_2_more", found=len(given), total=len(losing))


def _ex05_3(answer: Any) -> str | None:
    choose = getattr(answer, "choose", answer)
    if not callable(choose):
        raise _Unreadable(t("checks_kind_player_function"))
    for pos, record in _sample_positions(300, seed=5):
        legal = [str(Action(c)) for c in pos.legal_actions()]
        record = record or t("checks_empty_board")
        try:
            choice = choose(pos)
        except Exception as err:  # the student's code: report any failure plainly
            return t("checks_05_3_raised", error=f"{type(err).__name__}: {err}", record=record)
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
                "checks_05_3_illegal",
                choice=repr(choice),
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
    given = _letters(answer)
    right = frozenset("AD")
    if given == right:
        return None
    if given - right:
        return t("checks_07_4_extra", letters=", ".join(sorted(given - right)))
    return t("checks_07_4_missing")


def _describe(placement: Mapping[int, str]) -> str:
    return ", ".join(f"{m} in {s}" for s, m in sorted(placement.items()))


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
        _Exercise("03-2", _equals(frozenset({1, 2, 3}), _square_set, "checks_03_2_hint")),
        _Exercise("03-3", _ex03_3),
        _Exercise("03-4", _ex03_4),
        _Exercise("04-1", _equals("X", _player, "checks_04_1_hint")),
        _Exercise("04-2", _ex04_2),
        _Exercise("04-3", _equals(3, _one_square, "checks_04_3_hint")),
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
    if exercise not in _EXERCISES:
        raise KeyError(t("checks_unknown", exercise=exercise, known=", ".join(_EXERCISES)))
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
    except _Unreadable as err:
        note = f" {err.note}" if err.note else ""
        message = t(
            "checks_unreadable",
            exercise=exercise,
            answer=_short(answer),
            expected=err.expected,
            note=note,
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


def hint(exercise: str) -> None:
    """Print a hint for ``exercise`` without giving the answer away."""
    _find(exercise)
    print(t("checks_hint_line", exercise=exercise, hint=t(_key(exercise) + "_hint")))


def solution(exercise: str) -> None:
    """Print the worked solution of ``exercise`` (try it yourself first)."""
    _find(exercise)
    print(t("checks_solution_line", exercise=exercise, solution=t(_key(exercise) + "_solution")))


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
