"""Predict, then reveal: a student's guess, written down, compared with the result.

The notebooks ask for a prediction *before* they compute anything. The student types
the guess into a cell (``guess = 4``, ``guess = "yes"``, ``guess = "2/3"``), and the cell
that computes the result ends with :func:`reveal`, which prints the guess next to the
truth and says whether they agree:

>>> from qttt_edu.predict import reveal
>>> reveal(4, 4)
✓ Your guess: 4. The result: 4. You predicted it.
>>> reveal("two thirds", 2 / 3)
✓ Your guess: two thirds. The result: 0.667. You predicted it.
>>> reveal("maybe", 2 / 3)  # doctest: +ELLIPSIS
? Your guess: 'maybe' (could not read it as a number). The result: 0.667. ...
>>> reveal("67 %", 2 / 3)
✓ Your guess: 67 %. The result: 0.667. You predicted it.
>>> reveal("nej", False)
✓ Your guess: nej. The result: no. You predicted it.
>>> reveal([7, 5, 3], {3, 5, 7})
✓ Your guess: [7, 5, 3]. The result: 3, 5, 7. You predicted it.
>>> reveal(..., 4)  # doctest: +ELLIPSIS
… No guess yet, so no result: write your guess in the cell above, run it, then run ...

A cell that shows a result opens with ``reveal.after(guess)``: while the guess is still
``...`` the cell stops there, before it prints anything, and *Run All* stops with it.

A guess is read by :mod:`qttt_edu.answers`, the reader the exercise checkers use: numbers
as ``2/3``, ``0.67``, ``"67 %"``, ``"0,67"``, ``"50:50"`` or ``"two thirds"``, yes and no,
players and number words in the kit's five languages, collections in any order, never
with ``eval``. A sentence the reader cannot read is shown as written for the student to
compare. Only the standard library is used, so the module loads fast in every notebook.
"""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from . import answers
from .i18n import get_language, number, t

__all__ = ["NoGuessYet", "Reveal", "RevealFunction", "reveal"]

# A small true value is judged relatively: a guess of 2 % for 0.31 % was not a prediction.
_RELATIVE = 0.5


@dataclass(frozen=True)
class Reveal:
    """A guess set beside the result: ``agrees`` is None when no guess was written.

    ``message`` is the verdict line; ``explanation`` (Markdown, may be empty) is the text
    that explains the result, shown after the verdict and only then. As plain text the
    two are one string, the line first; a notebook renders the explanation as Markdown.
    """

    agrees: bool | None
    message: str
    explanation: str = ""

    def __bool__(self) -> bool:
        return bool(self.agrees)

    def __repr__(self) -> str:
        return f"{self.message}\n\n{self.explanation}" if self.explanation else self.message

    __str__ = __repr__

    def _repr_markdown_(self) -> str | None:
        """The verdict line (as text, never as markup) and the explanation under it."""
        if not self.explanation:
            return None  # Jupyter falls back to the plain text
        return f"{_escape_markdown(self.message)}\n\n{self.explanation}"


def _escape_markdown(text: str) -> str:
    r"""Text shown as written in Markdown: ``2*2`` stays ``2*2``, ``<b>`` stays ``<b>``.

    >>> _escape_markdown("2*2 <b> [x]")
    '2\\*2 &lt;b&gt; \\[x\\]'
    """
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_{}\[\]()#+\-.!|~])", r"\\\1", text)


def _read_number(guess: Any, truth: float, percent: bool) -> Fraction:
    """The guess as a number of the kind ``truth`` is (a probability, a percentage, any)."""
    lang = get_language()
    if percent:  # the prompt asks for a percentage: a bare number is one
        text = guess if isinstance(guess, str) else None
        value = answers.number(guess, lang)
        return value if text is not None and "%" in text else value / 100
    if 0 <= truth <= 1:
        return answers.probability(guess, lang)
    return answers.number(guess, lang)


# a text that is nothing but a number: "0.67", "2/3", "67 %", "0,5"
_NUMBER_ONLY = re.compile(r"^\s*[-+]?\d+(?:[.,]\d+)?\s*(?:/\s*\d+|%)?\s*$")


def _as_number(value: Any) -> Fraction | None:
    """``value`` if it is a number or a text that is only a number, else None.

    tests/test_notebooks.py compares shown results with it: a sentence such as "X3 lands
    in square 6" is not the number 6.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, str) and not _NUMBER_ONLY.match(value):
        return None
    try:
        return answers.number(value, get_language())
    except answers.Unreadable:
        return None


def _near(value: Fraction, truth: float, tolerance: float) -> bool:
    allowed = min(tolerance, abs(truth) * _RELATIVE)
    return abs(float(value) - truth) <= allowed + 1e-12


def _collection(guess: Any, truth: Iterable[Any]) -> bool:
    """A guess read as the kind of items ``truth`` holds: squares, marks, or words."""
    items = list(truth)
    lang = get_language()
    if all(isinstance(i, int) and not isinstance(i, bool) and 1 <= i <= 9 for i in items):
        return frozenset(answers.squares(guess, lang)) == frozenset(items)
    if all(isinstance(i, str) and re.fullmatch(r"[XO][1-9]", i) for i in items) and items:
        return answers.marks(guess) == frozenset(items)
    words = _words(guess)
    if words is None:
        raise answers.Unreadable("list")
    return words == _words(items)


def _words(value: Any) -> frozenset[str] | None:
    if isinstance(value, str):
        parts = re.split(r"[\s,;]+|\band\b|\bog\b|\bja\b|\be\b", value)
        found = frozenset(p.strip().upper() for p in parts if p and p.strip())
        return found or None
    if isinstance(value, Iterable) and not isinstance(value, Mapping):
        return frozenset(str(v).strip().upper() for v in value)
    return None


def _tuple_note(guess: Any) -> str:
    """Why ``guess = 1,5`` (a tuple, without quotes) was not read as a number."""
    if isinstance(guess, tuple) and len(guess) == 2 and all(type(v) is int for v in guess):
        first, second = guess
        return " " + t("predict_note_tuple", typed=f"{first},{second}", dot=f"{first}.{second}")
    return ""


def _show_truth(truth: Any, percent: bool = False) -> str:
    if percent and isinstance(truth, (float, Fraction)) and not isinstance(truth, bool):
        return f"{float(truth) * 100:.3g} %"
    if isinstance(truth, (set, frozenset, list, tuple)) and not truth:
        return t("predict_nothing")
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


def _judge(guess: Any, truth: Any, tolerance: float, percent: bool) -> bool | None:
    """True or False when the guess can be read as the kind of thing ``truth`` is, else None.

    The reading is :mod:`qttt_edu.answers`', the one the exercise checkers use.
    """
    try:
        return _agrees(guess, truth, tolerance, percent)
    except answers.Unreadable:
        return None


def _agrees(guess: Any, truth: Any, tolerance: float, percent: bool) -> bool | None:
    lang = get_language()
    if isinstance(truth, bool):
        return answers.yes_no(guess, lang) == truth
    if isinstance(truth, int):
        return answers.number(guess, lang) == truth
    if isinstance(truth, (float, Fraction)):
        return _near(_read_number(guess, float(truth), percent), float(truth), tolerance)
    if isinstance(truth, str) and truth.strip().upper() in ("X", "O"):
        return answers.player(guess, lang) == truth.strip().upper()
    if isinstance(truth, Mapping):
        return guess == truth if isinstance(guess, Mapping) else None
    if isinstance(truth, (set, frozenset, list, tuple)):
        return _collection(guess, truth)
    if isinstance(truth, str) and isinstance(guess, str):
        if len(guess.split()) > 2:
            return None  # a sentence: shown as written, for the student to compare
        return guess.strip().strip(".!?").strip().upper() == truth.strip().upper()
    return None


def _no_guess(guess: Any) -> bool:
    """Is the guess (or answer) still unwritten: ``...``, as the notebooks leave it?"""
    return guess is Ellipsis or guess is None


class NoGuessYet(Exception):
    """The guess (or the exercise's answer) above is still ``...``: raised by
    :meth:`RevealFunction.after` on a reveal cell's first line, so the cell stops before it
    computes anything and *Run All* stops at the first question. Jupyter shows the
    message alone (``_render_traceback_``), not a traceback."""

    def __init__(self) -> None:
        super().__init__(t("predict_wait"))

    def _render_traceback_(self) -> list[str]:
        return [str(self)]


class RevealFunction:
    """:func:`reveal` itself, with :meth:`after` for the first line of a reveal cell."""

    def __call__(
        self,
        guess: Any,
        truth: Any,
        *,
        tolerance: float = 0.02,
        percent: bool = False,
        explain: str | None = None,
    ) -> Reveal:
        """Compare the student's ``guess`` with ``truth`` and say so in one line.

        ``truth`` decides how the guess is read, by :mod:`qttt_edu.answers`, the reader the
        exercise checkers use (so a guess one accepts, the other accepts): a bool as yes or
        no, an int as a number that must be exact ("four", "2 realtà"), a float or fraction
        within ``tolerance`` (and within half of a small value: 2 % is not 0.3 %), a
        probability (a value from 0 to 1) in any form, "60" being 60 %, "X" or "O" as a
        player ("O wins"), a set, list or tuple as squares ("move 9"), marks ("only X3") or
        words, in any order. ``percent=True`` says the prompt asks for a percentage: a bare
        number is then one and the result is shown as one. ``guess`` is ``...`` until the
        student writes one, and until then neither the result nor the explanation shows.

        >>> reveal("O wins", "O")
        ✓ Your guess: O wins. The result: O. You predicted it.
        >>> reveal("kun X3", ["X3"])
        ✓ Your guess: kun X3. The result: X3. You predicted it.
        >>> reveal(0.2, 0.00187, percent=True)
        ✓ Your guess: 0.2. The result: 0.187 %. You predicted it.

        ``explain`` is the explanation of the result, in Markdown and in the notebook's
        language. It is shown under the verdict line, so a notebook keeps it out of sight
        until the student has written a guess and run the reveal (its indentation is
        removed, so a triple-quoted string can sit indented in the cell):

        >>> reveal("yes", False, explain='''
        ...     No: X3 links two squares
        ...     that were not yet connected.
        ...     ''')
        ✗ Your guess: yes. The result: no. Not what you expected? The text below explains why.
        <BLANKLINE>
        No: X3 links two squares
        that were not yet connected.

        In a notebook the line shows as text and the explanation as Markdown
        (``Reveal._repr_markdown_``); ``Reveal.explanation`` holds it alone.
        """
        if hasattr(truth, "item") and not isinstance(truth, (Mapping, list, tuple)):
            truth = truth.item()  # a numpy scalar: its plain Python value
        verdict, message = _verdict(guess, truth, tolerance, percent)
        if _no_guess(guess):
            return Reveal(verdict, message)  # no explanation before a guess either
        return Reveal(verdict, message, inspect.cleandoc(explain) if explain else "")

    @staticmethod
    def after(guess: Any) -> None:
        """The first line of a cell that shows a result: stop here (:class:`NoGuessYet`)
        while ``guess``, the prediction or the exercise's answer written above, is still
        ``...``; let the cell run once anything is written, right or wrong.

        >>> reveal.after(4)
        >>> reveal.after(...)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        qttt_edu.predict.NoGuessYet: … Nothing shown yet: first write your guess or ...
        """
        if _no_guess(guess):
            raise NoGuessYet

    def __repr__(self) -> str:
        return "<function reveal>"


reveal = RevealFunction()


def _verdict(guess: Any, truth: Any, tolerance: float, percent: bool) -> tuple[bool | None, str]:
    """Whether the guess agrees (None: no guess or not readable) and the line that says so."""
    if _no_guess(guess):
        return None, t("predict_no_guess")  # the result only after a guess: nothing to compare
    shown = _show_truth(truth, percent)
    verdict = _judge(guess, truth, tolerance, percent)
    if verdict is None:
        if isinstance(guess, str) and len(guess.split()) > 2:
            return None, t("predict_compare", guess=guess, truth=shown)
        kind = _kind(truth)
        message = t("predict_unreadable", guess=repr(guess), kind=kind, truth=shown)
        return None, message + _tuple_note(guess)
    key = "predict_right" if verdict else "predict_wrong"
    return verdict, t(key, guess=_show_guess(guess), truth=shown)


def _kind(truth: Any) -> str:
    if isinstance(truth, bool):
        return t("predict_kind_yes_no")
    if isinstance(truth, (int, float, Fraction)):
        return t("predict_kind_number")
    if isinstance(truth, (set, frozenset, list, tuple)):
        return t("predict_kind_list")
    return t("predict_kind_word")
