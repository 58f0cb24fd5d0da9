"""Predict, then reveal: a student's guess, written down, compared with the result.

The notebooks ask for a prediction *before* they compute anything. The student types
the guess into a cell (``guess = 4``, ``guess = "yes"``, ``guess = "2/3"``), and the cell
that computes the result ends with :func:`reveal`, which prints the guess next to the
truth and says whether they agree:

>>> from qttt_edu.predict import reveal
>>> reveal(4, 4)
✓ Your guess: 4. The result: 4. You predicted it.
>>> reveal("two thirds", 2 / 3)  # doctest: +ELLIPSIS
? Your guess: 'two thirds' (could not read it as a number). The result: 0.667. ...
>>> reveal("67 %", 2 / 3)
✓ Your guess: 67 %. The result: 0.667. You predicted it.
>>> reveal("nej", False)
✓ Your guess: nej. The result: no. You predicted it.
>>> reveal([7, 5, 3], {3, 5, 7})
✓ Your guess: [7, 5, 3]. The result: 3, 5, 7. You predicted it.
>>> reveal(..., 4)  # doctest: +ELLIPSIS
… No guess written above. The result: 4. Next time, write your guess first: ...

A guess is read leniently (numbers as ``2/3``, ``0.67``, ``"67 %"`` or ``"0,67"``; yes and
no in the kit's five languages; collections in any order), never with ``eval``. A guess
that is a sentence (``guess = "X, because O closed the cycle"``) is shown as written for
the student to compare. Only the standard library is used, so the module loads fast in
every notebook.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import answers
from .i18n import number, t

__all__ = ["Reveal", "reveal"]

# The forms a guess may take as a number (the reading itself is answers.number's): a
# sentence such as "two thirds" is shown for the student to compare, not read, and the
# one comma such a guess may hold is a decimal comma ("1,000" is 1, as in "0,333").
_NUMBER = re.compile(r"^\s*[-+]?\d+(?:[.,]\d+)?\s*(?:/\s*\d+|%)?\s*$")


@dataclass(frozen=True)
class Reveal:
    """A guess set beside the result: ``agrees`` is None when no guess was written."""

    agrees: bool | None
    message: str

    def __bool__(self) -> bool:
        return bool(self.agrees)

    def __repr__(self) -> str:
        return self.message

    __str__ = __repr__


def _as_number(value: Any) -> Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10_000)
    if isinstance(value, str) and _NUMBER.match(value):
        try:
            return answers.number(value.replace(",", "."))
        except answers.Unreadable:
            return None  # "2/0"
    return None


def _as_yes_no(value: Any) -> bool | None:
    """One word, read by answers.yes_no; a sentence is left for the student to compare."""
    if isinstance(value, str) and len(value.split()) != 1:
        return None
    try:
        return answers.yes_no(value)
    except answers.Unreadable:
        return None


def _items(value: Any) -> frozenset[str] | None:
    if isinstance(value, str):
        parts = re.split(r"[\s,;]+|\band\b|\bog\b|\bja\b|\be\b", value)
        found = frozenset(p.strip().upper() for p in parts if p and p.strip())
        return found or None
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        return frozenset(str(v).strip().upper() for v in value)
    return None


def _show_truth(truth: Any) -> str:
    if isinstance(truth, bool):
        return t("predict_yes") if truth else t("predict_no")
    if isinstance(truth, float):
        return number(truth, significant=3)  # 0,578 in Danish, 0.578 in English
    if isinstance(truth, int):
        return number(truth)  # 1.296 in Danish, 1 296 in Finnish
    if isinstance(truth, Fraction):
        return f"{truth.numerator}/{truth.denominator}" if truth.denominator != 1 else str(truth)
    if isinstance(truth, (set, frozenset)):
        return ", ".join(str(v) for v in sorted(truth, key=str))
    if isinstance(truth, (list, tuple)):
        return ", ".join(str(v) for v in truth)
    return str(truth)


def _show_guess(guess: Any) -> str:
    return guess if isinstance(guess, str) else repr(guess)


def _judge(guess: Any, truth: Any, tolerance: float) -> bool | None:
    """True or False when the guess can be read as the kind of thing ``truth`` is, else None."""
    if isinstance(truth, bool):
        answer = _as_yes_no(guess)
        return None if answer is None else answer == truth
    if isinstance(truth, (int, float, Fraction)):
        number = _as_number(guess)
        if number is None:
            return None
        if isinstance(truth, int) and not isinstance(truth, bool):
            return number == truth
        return abs(float(number) - float(truth)) <= tolerance
    if isinstance(truth, Mapping):
        return guess == truth if isinstance(guess, Mapping) else None
    if isinstance(truth, (set, frozenset, list, tuple)):
        items = _items(guess)
        return None if items is None else items == _items(truth)
    if isinstance(truth, str) and isinstance(guess, str):
        if len(guess.split()) > 2:
            return None  # a sentence: shown as written, for the student to compare
        return guess.strip().strip(".!?").strip().upper() == truth.strip().upper()
    return None


def reveal(guess: Any, truth: Any, *, tolerance: float = 0.02) -> Reveal:
    """Compare the student's ``guess`` with ``truth`` and say so in one line.

    ``truth`` decides how the guess is read: a bool as yes or no, a number as a number
    (within ``tolerance`` for a float or fraction, exactly for an int), a set, list or tuple
    as a collection in any order, a string as a word (case does not matter). ``guess`` is
    ``...`` until the student writes one.
    """
    if hasattr(truth, "item") and not isinstance(truth, (Mapping, list, tuple)):
        truth = truth.item()  # a numpy scalar: its plain Python value
    shown = _show_truth(truth)
    if guess is Ellipsis or guess is None:
        return Reveal(None, t("predict_no_guess", truth=shown))
    verdict = _judge(guess, truth, tolerance)
    if verdict is None:
        if isinstance(guess, str) and len(guess.split()) > 2:
            return Reveal(None, t("predict_compare", guess=guess, truth=shown))
        kind = _kind(truth)
        return Reveal(None, t("predict_unreadable", guess=repr(guess), kind=kind, truth=shown))
    key = "predict_right" if verdict else "predict_wrong"
    return Reveal(verdict, t(key, guess=_show_guess(guess), truth=shown))


def _kind(truth: Any) -> str:
    if isinstance(truth, bool):
        return t("predict_kind_yes_no")
    if isinstance(truth, (int, float, Fraction)):
        return t("predict_kind_number")
    if isinstance(truth, (set, frozenset, list, tuple)):
        return t("predict_kind_list")
    return t("predict_kind_word")
