"""Read what students write: numbers, squares, players, yes/no, scores, records.

The exercise checkers (:mod:`qttt_edu.checks`) never judge a raw answer: they
first *read* it with one of the functions here, which turn whatever a student
typed into one plain value, or refuse with :class:`Unreadable`, saying which
form was expected. Nothing here calls ``eval``; arithmetic goes through a tiny
parser that knows ``+ - * / : ^ ** ! % ( ) √`` and nothing else.

Numbers come in many forms, in all five languages of the kit:

>>> number("2/3"), number("0,5"), number("75 %"), number("3 out of 4")
(Fraction(2, 3), Fraction(1, 2), Fraction(3, 4), Fraction(3, 4))
>>> number("three quarters"), number("tre fjerdedele"), number("due terzi")
(Fraction(3, 4), Fraction(3, 4), Fraction(2, 3))
>>> number("9*8/2"), number("3**2"), number("2^3"), number("9!²") == 362880**2
(Fraction(36, 1), Fraction(9, 1), Fraction(8, 1), True)

Even chances, number words made of parts (:mod:`qttt_edu.numerals`), each language's
way of writing numbers, and "x" as times:

>>> number("50:50"), number("fifty-fifty"), number("3:4"), number("seksogtredive", "da")
(Fraction(1, 2), Fraction(1, 2), Fraction(3, 4), Fraction(36, 1))
>>> number("1.296", "da"), number("2 kolmesta", "fi"), number("2 x 2"), number("C(9,2)")
(Fraction(1296, 1), Fraction(2, 3), Fraction(4, 1), Fraction(36, 1))

What a student adds around an answer is set aside, and a negated item is never read
as its positive:

>>> squares("1, 2 and 3 (6 is the stem)"), player("X because O closed the cycle")
((1, 2, 3), 'X')
>>> player("not X")
Traceback (most recent call last):
    ...
qttt_edu.answers.Unreadable: player (negated)

A sentence is fine when it holds one number; an equation is read by its value:

>>> number("there are 36 pairs"), number("9 × 8 / 2 = 36"), number("131,7 milliarder")
(Fraction(36, 1), Fraction(36, 1), Fraction(131700000000, 1))
>>> number("2 or 3")
Traceback (most recent call last):
    ...
qttt_edu.answers.Unreadable: number (several)

Scores are read by their labels, in any order, never by position when labels
are given:

>>> labelled("O: 0.5, X: 1") == {"X": 1, "O": Fraction(1, 2)}
True
>>> labelled("X gets 1 and O gets a half") == {"X": 1, "O": Fraction(1, 2)}
True
>>> labelled("1 for X, ½ for O") == {"X": 1, "O": Fraction(1, 2)}
True

Players, yes/no and letters, in a word or a sentence:

>>> player("x"), player("I think X wins"), player("uafgjort"), player("patta")
('X', 'X', None, None)
>>> yes_no("Yes, it does"), yes_no("nope"), yes_no("kyllä"), yes_no("Nej."), yes_no("sì!")
(True, False, True, False, True)
>>> sorted(letters("I think A and D")), sorted(letters("ad"))
(['A', 'D'], ['A', 'D'])

Squares and moves, with any separators:

>>> squares("3, 5 and 7"), squares("the diagonal 3-5-7"), squares([1, "5"])
((3, 5, 7), (3, 5, 7), (1, 5))
>>> record_text("1-5, 1-5; c1"), record_text(["1–5", (1, 5), "C1"])
('1-5 1-5 c1', '1-5 1-5 c1')

Every answer gets a verdict quickly: lengths, digits, exponents, nesting and the
items read from an iterable are bounded, so ``"1e10000000"``,
``itertools.count()`` or a list that contains itself are refused at once.

>>> number("1e10000000")
Traceback (most recent call last):
    ...
qttt_edu.answers.Unreadable: number (too_large)
"""

from __future__ import annotations

import decimal
import itertools
import math
import operator
import re
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from . import numerals

__all__ = [
    "MAX_DEPTH",
    "MAX_ITEMS",
    "MAX_TEXT",
    "Unreadable",
    "asserts",
    "is_negated",
    "labelled",
    "letters",
    "mark",
    "marks",
    "number",
    "numbers",
    "pairs",
    "placement_pairs",
    "player",
    "probability",
    "record_text",
    "record_tokens",
    "snap",
    "squares",
    "whole",
    "without_asides",
    "without_negated",
    "yes_no",
]

MAX_TEXT = 1_000
"""Characters of an answer read at most (answers are short; a longer one is refused)."""
MAX_ITEMS = 200
"""Items taken from a list, set, dict or iterator at most."""
MAX_DEPTH = 6
"""Levels of nesting followed at most (lists of lists of ...)."""
_MAX_BITS = 400  # numbers above about 10**120 are not the answer to anything here
_MAX_DIGITS = 130  # digits in one literal
_MAX_EXPONENT = 120  # in 1e120
_MAX_NESTING = 40  # brackets in an arithmetic expression
_MAX_TOKENS = 300  # numbers, operators and brackets in one answer


class Unreadable(ValueError):
    """The answer could not be read as ``kind``; ``note`` names why (a message key).

    ``kind`` and ``note`` are short names (``"number"``, ``"too_large"``) that
    :mod:`qttt_edu.checks` turns into a sentence in the student's language;
    ``fields`` fill that sentence.
    """

    def __init__(self, kind: str, note: str = "", **fields: Any) -> None:
        super().__init__(f"{kind} ({note})" if note else kind)
        self.kind = kind
        self.note = note
        self.fields = fields


# --- words of the five languages ----------------------------------------------

_UNITS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen twenty",
    "da": "nul en to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten "
    "seksten sytten atten nitten tyve",
    "nb": "null en to tre fire fem seks sju åtte ni ti elleve tolv tretten fjorten femten "
    "seksten sytten atten nitten tjue",
    "fi": "nolla yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän kymmenen "
    "yksitoista kaksitoista kolmetoista neljätoista viisitoista kuusitoista seitsemäntoista "
    "kahdeksantoista yhdeksäntoista kaksikymmentä",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
    "quattordici quindici sedici diciassette diciotto diciannove venti",
}
_EXTRA_WORDS = {
    "en": {"a hundred": 100, "hundred": 100, "thirty": 30, "forty": 40, "fifty": 50},
    "da": {"et": 1, "én": 1, "ét": 1, "hundrede": 100, "tredive": 30, "fyrre": 40},
    "nb": {"ett": 1, "én": 1, "hundre": 100, "tretti": 30, "førti": 40, "syv": 7},
    # Finnish numbers are inflected: "yhden pisteen" is "one point" (genitive)
    "fi": {"sata": 100, "kolmekymmentä": 30, "neljäkymmentä": 40, "yhden": 1}
    | {"kahden": 2, "kolmen": 3, "neljän": 4, "viiden": 5, "kuuden": 6},
    "it": {"un": 1, "una": 1, "cento": 100, "trenta": 30, "quaranta": 40},
}
# Words that are also common small words of another language ("to" in English,
# "en" in Italian): they count as numbers only in their own language, or alone.
_WEAK = {"to", "en", "et", "ett", "un", "una", "sei", "ti"}

_FRACTION_WORDS = {
    # denominator: words for "a 1/d part" in the five languages (singular and plural)
    2: "half halves halv halvt halve halvdel halvdelen halvdele halvparten puoli puolet "
    "puolikas puolikasta puolikkaan puolen mezzo mezza mezzi metà",
    3: "third thirds tredjedel tredjedele tredjedeler tredjedelen kolmasosa kolmasosaa "
    "kolmannes kolmannesta terzo terzi",
    4: "quarter quarters fourth fourths fjerdedel fjerdedele fjerdedeler fjerdedelen "
    "kvart neljäsosa neljäsosaa neljännes neljännestä quarto quarti",
    5: "fifth fifths femtedel femtedele femtedeler viidesosa viidesosaa quinto quinti",
    6: "sixth sixths sjettedel sjettedele sjettedeler kuudesosa kuudesosaa sesto sesti",
    8: "eighth eighths ottendedel ottendedele åttendedel åttendedeler kahdeksasosa "
    "kahdeksasosaa ottavo ottavi",
}
_SCALES = {
    10**3: "thousand|tusind|tusen|tuhatta|tuhat|mila|mille",
    10**6: "millions|million|millioner|millionen|miljoonaa|miljoona|milioni|milione",
    10**9: "billions|billion|milliarder|milliard|miljardia|miljardi|miliardi|miliardo",
}
_OUT_OF = r"out\s+of|of|in|ud\s+af|ude\s+af|af|ut\s+av|av|su|di|fra|på"
_PERCENT_WORDS = r"per\s*cent|percent|procent|prosent|prosenttia|prosentti|per\s+cento|pct"
_ARTICLES = r"a|an|one|en|et|ett|ei|én|ét|un|una|uno|yksi"

_YES = {
    "yes", "yeah", "yep", "yup", "yea", "sure", "true", "correct", "indeed", "certainly",
    "ja", "jep", "jepp", "jaa", "jamen", "sandt", "sant", "korrekt", "rigtigt", "riktig",
    "kyllä", "kylla", "joo", "juu", "totta", "tosi", "oikein",
    "sì", "si", "certo", "esatto", "vero", "certamente", "giusto",
}  # fmt: skip
_NO = {
    "no", "nope", "nah", "not", "false", "never", "isn't", "isnt", "doesn't", "doesnt",
    "nej", "nix", "ikke", "falsk", "forkert", "usant", "nei", "feil", "aldrig", "aldri",
    "ei", "eikä", "epätosi", "väärin", "non", "falso", "mai", "sbagliato",
}  # fmt: skip
_BARE_YES = {"yes", "ja", "kyllä", "sì", "si", "true", "y", "yeah", "yep", "joo", "juu"}
_BARE_NO = {"no", "nej", "nei", "ei", "false", "n", "nope"}
_WEAK_YES = {"y", "t", "on", "jo", "okay", "ok"}  # only as the whole answer
_WEAK_NO = {"n", "f"}

_DRAW = {
    "draw", "tie", "tied", "nobody", "neither", "none", "noone", "stalemate",
    "uafgjort", "remis", "ingen", "uavgjort", "tasapeli", "tasan", "kukaan",
    "patta", "pareggio", "pari", "nessuno",
}  # fmt: skip
_WORDS_MAX = 8  # words in a sentence that names a player
_NEITHER = r"neither|hverken|verken|kumpikaan|né"
_DRAW_PHRASES = (
    r"no\s*one|no\s+winner|nobody\s+wins|ei\s+kukaan|ei\s+kumpikaan|ingen\s+vinder|"
    r"ingen\s+vinner|nessun\s+vincitore"
)
# the players' names in words: "kryds" and "bolle" are X and O in Danish
_X_WORDS = ("cross", "crosses", "kryds", "krydset", "kryss", "krysset", "risti", "croce")
_O_WORDS = ("nought", "noughts", "circle", "bolle", "bollen", "ring", "ringen", "cerchio")
_PLAYER_WORDS = {**dict.fromkeys(_X_WORDS, "X"), **dict.fromkeys(_O_WORDS, "O")}

_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
_CHARS = str.maketrans(
    {
        "–": "-", "—": "-", "−": "-", "‐": "-", "‑": "-", "‒": "-",
        "×": "*", "·": "*", "⋅": "*", "∙": "*", "÷": "/", "⁄": "/", "∕": "/",
        "\u00a0": " ", "\u202f": " ", "\u2009": " ", "\t": " ",
        "’": "'", "‘": "'", "´": "'", "＝": "=",
    }
)  # fmt: skip
_VULGAR = {"½": "(1/2)", "⅓": "(1/3)", "⅔": "(2/3)", "¼": "(1/4)", "¾": "(3/4)", "⅛": "(1/8)"}


def _own_words(lang: str) -> dict[str, int]:
    """Number words of one language (no English mixed in)."""
    out = {w: i for i, w in enumerate(_UNITS.get(lang, "").split())}
    out.update(_EXTRA_WORDS.get(lang, {}))
    return out


_OWN = {code: _own_words(code) for code in _UNITS}
_ALL_WORDS: dict[str, int] = {}
for _code in _UNITS:  # English first: it wins where two languages share a word
    for _w, _v in _OWN[_code].items():
        _ALL_WORDS.setdefault(_w, _v)


def _word_value(word: str, lang: str, alone: bool) -> int | None:
    """The number a word stands for; a weak word only alone or in its own language."""
    own = _OWN.get(lang, {})
    if word in _WEAK and not alone and word not in own:
        return None
    return own.get(word, _ALL_WORDS.get(word))


# --- turning any answer into bounded text or bounded items ---------------------


class _Budget:
    """Items visited in one reading, nested lists included (a list may hold itself)."""

    def __init__(self, kind: str) -> None:
        self.left = MAX_ITEMS
        self.kind = kind

    def spend(self, count: int) -> None:
        self.left -= count
        if self.left < 0:
            raise Unreadable(self.kind, "too_many", limit=MAX_ITEMS)


def _text(answer: Any, kind: str) -> str | None:
    """``answer`` as cleaned-up text if it is text (str or bytes), else None."""
    if isinstance(answer, (bytes, bytearray, memoryview)):
        data = bytes(answer[: MAX_TEXT * 4 + 1])
        if len(data) > MAX_TEXT * 4:
            raise Unreadable(kind, "too_long", limit=MAX_TEXT)
        answer = data.decode("utf-8", errors="replace")
    if not isinstance(answer, str):
        return None
    raw: str = str.__str__(answer)  # a str subclass's own methods are never called
    if len(raw) > MAX_TEXT:
        raise Unreadable(kind, "too_long", limit=MAX_TEXT)
    text = raw.translate(_CHARS)
    for char, value in _VULGAR.items():
        text = text.replace(char, f" {value} ")
    return text.strip()


def _items(answer: Any, kind: str, budget: _Budget | None = None) -> list[Any] | None:
    """The first items of a list-like answer (never more than MAX_ITEMS), else None."""
    if isinstance(answer, (str, bytes, bytearray, memoryview, Mapping)) or not isinstance(
        answer, Iterable
    ):
        return None
    if _is_numpy_scalar(answer):
        return None
    try:
        items = list(itertools.islice(iter(answer), MAX_ITEMS + 1))
    except Exception:  # a hostile __iter__: the answer cannot be read as a list
        raise Unreadable(kind, "broken") from None
    if len(items) > MAX_ITEMS:
        raise Unreadable(kind, "too_many", limit=MAX_ITEMS)
    if budget is not None:
        budget.spend(len(items))
    return items


def _is_numpy_scalar(value: Any) -> bool:
    kind = type(value)
    return kind.__module__ == "numpy" and getattr(value, "ndim", None) == 0


def _is_bool(value: Any) -> bool:
    """Python's or numpy's True or False (``np.bool_`` is no subclass of ``bool``)."""
    kind = type(value)
    return isinstance(value, bool) or (
        kind.__module__ == "numpy" and kind.__name__.startswith("bool")
    )


def _depth_guard(depth: int, kind: str) -> None:
    if depth > MAX_DEPTH:
        raise Unreadable(kind, "too_deep", limit=MAX_DEPTH)


# --- what a student writes around an answer: asides, reasons, negated items -------------

# "not", "isn't", "ikke", "ei", "non", ... : a word that says the next thing does not hold
_NEGATION = (
    r"not|isn't|isnt|aren't|doesn't|doesnt|don't|dont|didn't|can't|cannot|never|"
    r"ikke|ikkje|aldrig|aldri|ei|eikä|non|mai"
)
# words that leave items out: "A and D, not B", "1, 2 and 3 but not 6", "kaikki paitsi 7"
_LEAVING_OUT = (
    rf"(?:but\s+|men\s+|mutta\s+|ma\s+)?(?:{_NEGATION}|except|excluding|undtagen|"
    r"unntatt|paitsi|tranne|eccetto|tuttavia\s+non)"
)
# "because", "fordi", "koska", "perché": what follows is the reason, not the answer
_REASON = (
    r"because|since|given\s+that|fordi|eftersom|siden|ettersom|koska|sillä|"
    r"perché|perche|poiché|poiche|siccome|dato\s+che|visto\s+che"
)
_ASIDE = re.compile(r"\s*[(\[][^()\[\]]*[^\W\d_]{2,}[^()\[\]]*[)\]]")


def without_asides(text: str) -> str:
    """``text`` without a reason in brackets or after "because" (if an answer is left).

    A bracket counts as an aside when it holds a word: "(2 × 2)" is arithmetic.

    >>> without_asides("1, 2 and 3 (6 is the stem)"), without_asides("X because O closed it")
    ('1, 2 and 3', 'X')
    >>> without_asides("4 (2 times 2)"), without_asides("(two thirds)")
    ('4', '(two thirds)')
    """
    kept = _ASIDE.sub("", text)
    kept = re.split(rf"(?i)[,;:]?\s*\b(?:{_REASON})\b", kept, maxsplit=1)[0]
    kept = kept.strip(" ,;:")
    return kept if re.search(r"\w", kept) else text


def without_negated(text: str) -> tuple[str, bool]:
    """``text`` without the items it says do not hold, and whether it left any out.

    >>> without_negated("A and D, not B"), without_negated("square 4, ikke 7")
    (('A and D', True), ('square 4', True))
    >>> without_negated("not X")
    ('', True)
    """
    kept, count = re.subn(rf"(?i)[,;]?\s*\b{_LEAVING_OUT}\b[^,;.!?]*", "", text)
    return kept.strip(" ,;:"), count > 0


def is_negated(text: str) -> bool:
    """Whether ``text`` says something does not hold ("X doesn't win", "X ei voita").

    >>> is_negated("X doesn't win"), is_negated("X vinder"), is_negated("non vince X")
    (True, False, True)
    """
    return re.search(rf"(?i)(?:\b(?:{_NEGATION})\b|n't\b)", text) is not None


def _kept_items(text: str, kind: str) -> str:
    """The items of a list answer without reasons and without those it says do not hold.

    >>> _kept_items("1, 2 and 3 (6 is the stem)", "squares"), _kept_items("A, D, not B", "letters")
    ('1, 2 and 3', 'A, D')
    """
    kept, left_out = without_negated(without_asides(text))
    if left_out and not kept:
        raise Unreadable(kind, "negated")
    return kept


def _decimal_tuple(answer: Any) -> Fraction | None:
    """``0,67`` typed without quotes is Python's tuple ``(0, 67)``: read it as 0.67.

    Only a tuple of two whole numbers whose first is 0 is clearly a decimal comma
    (Python refuses ``0,05`` outright, so the digits are the decimals as typed).
    """
    if not (isinstance(answer, tuple) and len(answer) == 2):
        return None
    whole_part, decimals = answer
    if any(isinstance(v, bool) or not isinstance(v, int) for v in answer):
        return None
    if whole_part == 0 and 0 <= decimals < 10**_MAX_DIGITS:
        return Fraction(f"0.{decimals}")
    return None


def _tuple_note(answer: Any) -> Unreadable:
    """The refusal of a tuple that may be a number typed with a decimal comma."""
    first, second = answer
    return Unreadable("number", "tuple", typed=f"{first},{second}", dot=f"{first}.{second}")


# --- numbers -----------------------------------------------------------------------


def _bounded(value: Fraction, kind: str = "number") -> Fraction:
    if value.numerator.bit_length() > _MAX_BITS or value.denominator.bit_length() > _MAX_BITS:
        raise Unreadable(kind, "too_large")
    return value


def _from_object(answer: Any, kind: str) -> Fraction:
    """A number from a Python object that is not text: int, Fraction, float, Decimal, numpy."""
    if isinstance(answer, bool) or answer is None or answer is Ellipsis:
        raise Unreadable(kind)
    if isinstance(answer, int):
        if answer.bit_length() > _MAX_BITS:
            raise Unreadable(kind, "too_large")
        return Fraction(int(answer))
    if isinstance(answer, Fraction):
        return _bounded(Fraction(answer.numerator, answer.denominator), kind)
    if isinstance(answer, decimal.Decimal):
        if not answer.is_finite() or abs(answer.adjusted()) > _MAX_EXPONENT:
            raise Unreadable(kind, "too_large" if answer.is_finite() else "")
        return _bounded(Fraction(answer), kind)
    numpy_like = type(answer).__module__ == "numpy" and hasattr(answer, "dtype")
    if numpy_like and (getattr(answer, "ndim", 1) != 0 or answer.dtype.kind not in "iuf"):
        raise Unreadable(kind)
    if isinstance(answer, complex) or type(answer).__name__.startswith("complex"):
        raise Unreadable(kind)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            index = operator.index(answer)  # numpy integers
    except Exception:
        index = None
    if isinstance(index, int) and not isinstance(index, bool):
        return _from_object(index, kind)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            value = float(answer)  # numpy floats and friends
    except Exception:  # float() may raise anything on a hostile object
        raise Unreadable(kind) from None
    if not isinstance(value, float):  # pragma: no cover - float() always returns a float
        raise Unreadable(kind)
    if math.isinf(value) or math.isnan(value):
        raise Unreadable(kind, "too_large" if math.isinf(value) else "")
    return _bounded(Fraction(value), kind)


_TOKEN = re.compile(
    r"""
    (?P<num>\d+(?:\.\d*)?(?:e[-+]?\d+)?|\.\d+(?:e[-+]?\d+)?)
  | (?P<func>(?:math\.)?(?:sqrt|factorial|comb|fact)\b)
  | (?P<op>\*\*|[-+*/:^!%()√,])
  | (?P<space>\s+)
  | (?P<other>.)
    """,
    re.VERBOSE | re.DOTALL,
)


class _Parser:
    """A recursive-descent reader for one arithmetic expression, with hard bounds."""

    def __init__(self, tokens: list[tuple[str, str]], kind: str) -> None:
        self.tokens = tokens
        self.i = 0
        self.kind = kind
        self.depth = 0

    def peek(self) -> str:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else ""

    def take(self) -> tuple[str, str]:
        token = self.tokens[self.i]
        self.i += 1
        return token

    def fail(self, note: str = "") -> Unreadable:
        return Unreadable(self.kind, note)

    def parse(self) -> Fraction:
        value = self.sum()
        if self.i != len(self.tokens):
            raise self.fail()
        return value

    def nest(self) -> None:
        self.depth += 1
        if self.depth > _MAX_NESTING:
            raise self.fail("too_deep")

    def sum(self) -> Fraction:
        value = self.product()
        while self.peek() in ("+", "-"):
            op = self.take()[1]
            right = self.product()
            value = _bounded(value + right if op == "+" else value - right, self.kind)
        return value

    def product(self) -> Fraction:
        value = self.unary()
        while self.peek() in ("*", "/", ":"):
            op = self.take()[1]
            right = self.unary()
            if op == "*":
                value = _bounded(value * right, self.kind)
            elif right == 0:
                raise self.fail("zero_division")
            else:
                value = _bounded(value / right, self.kind)
        return value

    def unary(self) -> Fraction:
        if self.peek() in ("-", "+"):
            self.nest()
            sign = -1 if self.take()[1] == "-" else 1
            value = sign * self.unary()
            self.depth -= 1
            return value
        return self.power()

    def power(self) -> Fraction:
        base = self.postfix()
        if self.peek() in ("^", "**"):
            self.take()
            self.nest()
            exponent = self.unary()
            self.depth -= 1
            return _power(base, exponent, self.kind)
        return base

    def postfix(self) -> Fraction:
        value = self.atom()
        while self.peek() in ("!", "%"):
            if self.take()[1] == "%":
                value = value / 100
            else:
                if value.denominator != 1 or not 0 <= value <= 100:
                    raise self.fail("too_large" if value > 100 else "")
                value = Fraction(math.factorial(int(value)))
        return value

    def atom(self) -> Fraction:
        if self.i >= len(self.tokens):
            raise self.fail()
        kind, text = self.take()
        if kind == "num":
            return _literal(text, self.kind)
        if text == "(":
            self.nest()
            value = self.sum()
            if self.peek() != ")":
                raise self.fail()
            self.take()
            self.depth -= 1
            return value
        if text == "√":
            self.nest()
            value = _root(self.postfix(), self.kind)
            self.depth -= 1
            return value
        if kind == "func":
            name = text.removeprefix("math.")
            if self.peek() != "(":
                raise self.fail()
            self.take()
            self.nest()
            args = [self.sum()]
            while self.peek() == ",":
                self.take()
                args.append(self.sum())
            if self.peek() != ")":
                raise self.fail()
            self.take()
            self.depth -= 1
            return _function(name, args, self.kind)
        raise self.fail()


def _literal(text: str, kind: str) -> Fraction:
    mantissa, _, exponent = text.partition("e")
    if len(mantissa) > _MAX_DIGITS or len(exponent) > 6:
        raise Unreadable(kind, "too_large")
    if exponent and abs(int(exponent)) > _MAX_EXPONENT:
        raise Unreadable(kind, "too_large")
    return _bounded(Fraction(text if not text.startswith(".") else "0" + text), kind)


def _power(base: Fraction, exponent: Fraction, kind: str) -> Fraction:
    if exponent.denominator == 1:
        n = int(exponent)
        size = max(base.numerator.bit_length(), base.denominator.bit_length())
        if abs(n) > 4 * _MAX_BITS or size * abs(n) > 2 * _MAX_BITS:
            raise Unreadable(kind, "too_large")
        if base == 0 and n < 0:
            raise Unreadable(kind, "zero_division")
        return _bounded(base**n, kind)
    if exponent == Fraction(1, 2):
        return _root(base, kind)
    if base < 0 or abs(exponent) > 100 or base > 10**40:
        raise Unreadable(kind, "too_large" if base >= 0 else "")
    return _bounded(Fraction(float(base) ** float(exponent)), kind)


def _root(value: Fraction, kind: str) -> Fraction:
    if value < 0:
        raise Unreadable(kind)
    top, bottom = math.isqrt(value.numerator), math.isqrt(value.denominator)
    if top * top == value.numerator and bottom * bottom == value.denominator:
        return Fraction(top, bottom)
    return _bounded(Fraction(math.sqrt(value)), kind)


def _function(name: str, args: list[Fraction], kind: str) -> Fraction:
    if name == "sqrt" and len(args) == 1:
        return _root(args[0], kind)
    whole_args = [int(a) for a in args if a.denominator == 1 and 0 <= a <= 1000]
    if len(whole_args) != len(args):
        raise Unreadable(kind, "too_large" if any(a > 1000 for a in args) else "")
    if name in ("factorial", "fact") and len(args) == 1 and whole_args[0] <= 100:
        return Fraction(math.factorial(whole_args[0]))
    if name == "comb" and len(args) == 2:
        return _bounded(Fraction(math.comb(*whole_args)), kind)
    raise Unreadable(kind)


def _fraction_group(names: str) -> str:
    return "|".join(sorted(names.split(), key=len, reverse=True))


_FRACTION_GROUPS = {d: _fraction_group(names) for d, names in _FRACTION_WORDS.items()}


def _part_of(denominator: int) -> Callable[[re.Match[str]], str]:
    def part(match: re.Match[str]) -> str:
        count = _ALL_WORDS.get(match.group(1))
        return match.group(0) if count is None else f" ({count}/{denominator}) "

    return part


# --- phrases that stand for a number or an operator ------------------------------------

# "fifty-fifty", "evens", "halvt om halvt", "metà e metà": an even chance, 1/2
_EVEN_WORDS = (
    r"fifty[\s-]*fifty|evens|even\s+(?:odds|chances?)|an\s+even\s+chance|"
    r"halvt(?:reds)?[\s-]*(?:om|og)?[\s-]*halvt(?:reds)?|femti[\s-]*femti|"
    r"lige\s+(?:stor\s+)?chancer?|like\s+(?:stor\s+)?sjanse|"
    r"viisikymmentä[\s-]*viisikymmentä|puoliksi|"
    r"cinquanta\s+e\s+cinquanta|metà\s+e\s+metà|pari\s+probabilità"
)
# "50:50", "50/50", "50-50", "50 e 50", "50 % / 50 %", and odds with equal parts ("1:1")
_EVEN_NUMBERS = re.compile(
    r"(?<![\d.,/:(*^+-])(?:50\s*%?\s*(?:[:/-]|\s(?:e|og|ja|and|to|til|a)\s|\s)\s*50\s*%?"
    r"|(\d{1,3})\s*:\s*\1)(?![\d:/)*^+-]|[.,]\d)"
)
_TIMES_WORDS = r"times|gange|ganger|kertaa|kerta|volte|per|multiplied\s+by|moltiplicato\s+per"
_POWER_WORDS = (
    r"to\s+the\s+power\s+of|to\s+the\s+power|raised\s+to|i\s+potens|opløftet\s+i|"
    r"opphøyd\s+i|potenssiin|elevato\s+alla|alla"
)


def _phrases(text: str) -> str:
    """Words that stand for 1/2 or for "out of": even chances and Finnish elatives.

    >>> _phrases("fifty-fifty"), _phrases("2 kolmesta")
    (' (1/2) ', '2 of 3')
    """
    text = re.sub(rf"\b(?:{_EVEN_WORDS})\b", " (1/2) ", text)
    text = re.sub(r"\s+to\s+the\s+power(?:\s+of)?\s+", " ^ ", text)  # before "to" is 2
    elatives = "|".join(numerals.ELATIVES)
    text = re.sub(rf"\b({elatives})\b", lambda m: f"of {numerals.ELATIVES[m.group(1)]}", text)
    return re.sub(r"\b(\d+):(?:sta|stä)\b", r"of \1", text)  # "2 3:sta"


def _operators(text: str) -> str:
    """Arithmetic written in words or letters: "2 x 2", "2 gange 2", "2 to the power of 4".

    >>> _operators("2 x 2"), _operators("2 to the power of 4"), _operators("c(9, 2)")
    ('2*2', '2^4', ' 36 ')
    """
    value_end, value_start = r"(?<=[\d)!])", r"(?=[ \t]*[\d(√])"
    text = re.sub(rf"{value_end}[ \t]*[x×]{value_start}[ \t]*", "*", text)
    text = re.sub(rf"{value_end}\s+(?:{_TIMES_WORDS}){value_start}\s*", "*", text)
    text = re.sub(rf"{value_end}\s+(?:{_POWER_WORDS}){value_start}\s*", "^", text)
    text = re.sub(r"\b(\d{1,4})\s+(?:choose|over)\s+(\d{1,4})\b", _choose, text)
    return re.sub(
        r"(?<![\w.])(?:math\.)?(?:comb|c|binom|binomial)\s*\(\s*(\d{1,4})\s*[,;]\s*(\d{1,4})\s*\)",
        _choose,
        text,
    )


def _choose(match: re.Match[str]) -> str:
    """C(n, k) as its value ("9 choose 2" is 36); n and k are at most four digits."""
    n, k = int(match.group(1)), int(match.group(2))
    return f" {math.comb(n, k)} " if n <= 1000 else match.group(0)


def _even_chances(text: str) -> str:
    """ "50:50", "50/50", "50-50", "50 e 50" and "1:1" are an even chance; "3:4" is 3/4.

    >>> _even_chances("50/50"), _even_chances("1:1"), _even_chances("3:4")
    (' (1/2) ', ' (1/2) ', '3:4')
    """
    return _EVEN_NUMBERS.sub(" (1/2) ", text)


_WORD_RUN = re.compile(r"[^\W\d_]+(?:[\s-]+[^\W\d_]+)*")
_RUN_WORDS = 8  # words joined into one number at most ("tusind to hundrede og seks")


def _compounds(text: str, lang: str) -> str:
    """Number words made of parts, as digits: "thirty-six", "seksogtredive", "tretti seks".

    A single plain unit word ("to", "sei") is left to :func:`_word_value`, which knows
    when it is a number; words join only the way the language joins a number.

    >>> _compounds("seksogtredive par", "da"), _compounds("tre og fem", "da")
    (' 36  par', 'tre og fem')
    """

    def run(match: re.Match[str]) -> str:
        words = re.split(r"[\s-]+", match.group(0))
        out: list[str] = []
        i = 0
        while i < len(words):
            # a number's words are all number words or joiners: try no longer window
            end = i
            while end < min(len(words), i + _RUN_WORDS) and numerals.is_part(words[end]):
                end += 1
            for j in range(end, i, -1):
                found = numerals.value("".join(words[i:j]), None)
                if found is not None and (j - i > 1 or words[i] not in _ALL_WORDS):
                    out.append(f" {found} ")
                    i = j
                    break
            else:
                out.append(words[i])
                i += 1
        return " ".join(out)

    return _WORD_RUN.sub(run, text)


def _words_to_math(text: str, lang: str) -> str:
    """Replace number words, fraction words, "3 out of 4" and "per cent" by arithmetic.

    >>> _words_to_math("thirty-six", "en"), _words_to_math("to tredjedele", "en")
    (' 36 ', ' (2/3) ')
    """
    text = text.lower()
    alone = re.fullmatch(r"[^\W\d_]+", text) is not None
    text = re.sub(rf"\b(?:{_PERCENT_WORDS})\b", " %", text)  # before "cento" is 100
    text = _phrases(text)
    text = _compounds(text, lang)
    for denominator, group in _FRACTION_GROUPS.items():
        # "two thirds", "to tredjedele": a number word right before a fraction word
        text = re.sub(rf"\b([^\W\d_]+)\s+(?:{group})\b", _part_of(denominator), text)

    def unit(match: re.Match[str]) -> str:
        value = _word_value(match.group(0), lang, alone)
        return match.group(0) if value is None else f" {value} "

    text = re.sub(r"[^\W\d_]+", unit, text)
    for denominator, group in _FRACTION_GROUPS.items():
        text = re.sub(rf"(?<![\w/.])(\d+)\s+(?:{group})\b", rf" (\1/{denominator}) ", text)
        text = re.sub(rf"\b(?:{_ARTICLES})\s+(?:{group})\b", f" (1/{denominator}) ", text)
        text = re.sub(rf"\b(?:{group})\b", f" (1/{denominator}) ", text)
    number_re = r"\d+(?:[.,]\d+)?"
    for scale, names in _SCALES.items():  # "131 billion", "131,7 milliarder"
        text = re.sub(rf"({number_re})\s*(?:{names})\b", rf" (\1*{scale}) ", text)
    text = re.sub(
        rf"(?<![\w./])({number_re})\s+(?:{_OUT_OF})\s+(?:the\s+)?({number_re})(?![\w/]|\.\d)",
        r" (\1/\2) ",
        text,
    )
    return re.sub(rf"(\d|\))\s*(?:{_PERCENT_WORDS})\b", r"\1 %", text)


_DOT_GROUPS = {"da", "nb", "it"}  # languages that group thousands with a dot


def _prepare(text: str, lang: str, *, one: bool = False) -> str:
    """Text with words made arithmetic and digit groups joined: ready to tokenise.

    ``one``: the text holds one number, so an "x" between two numbers is "times" (in a
    list of scores, "O 0 x 1" names player X).
    """
    text = _even_chances(_words_to_math(text, lang))
    text = _operators(text) if one else text
    text = text.translate(_SUBSCRIPTS)
    # 3² and 9!² are powers
    text = re.sub(r"([⁰¹²³⁴⁵⁶⁷⁸⁹]+)", lambda m: "^" + m.group(1).translate(_SUPERSCRIPTS), text)
    # "1,296" and "131 681 894 400" group thousands; "0,67" is a decimal comma
    text = re.sub(
        r"(?<![\d.,])[1-9]\d{0,2}(?:([, ])\d{3})(?:\1\d{3})*(?![\d]|[.,]\d)",
        lambda m: m.group(0).replace(",", "").replace(" ", ""),
        text,
    )
    # "131.681.894.400": dots group thousands when there are two groups or more
    text = re.sub(
        r"(?<![\d.,])[1-9]\d{0,2}(?:\.\d{3}){2,}(?![\d]|[.,]\d)",
        lambda m: m.group(0).replace(".", ""),
        text,
    )
    if lang in _DOT_GROUPS:  # "1.296" in Danish, Norwegian and Italian is 1296
        text = re.sub(r"(?<![\d.,])([1-9]\d{0,2})\.(\d{3})(?![\d]|[.,]\d)", r"\1\2", text)
    text = re.sub(r"(?<![\d.,])(\d+),(\d+)(?![\d]|[.,]\d)", r"\1.\2", text)
    text = re.sub(r"(\d|\))\s*√", r"\1*√", text)  # 2√2
    return text.replace("sqrt", " sqrt").replace("√", " √ ")


def _runs(text: str, kind: str) -> list[tuple[int, list[tuple[str, str]]]]:
    """Split prepared text into runs of arithmetic tokens: (position, tokens) each."""
    runs: list[tuple[int, list[tuple[str, str]]]] = []
    current: list[tuple[str, str]] = []
    start = 0

    def close() -> None:
        nonlocal current
        while current and current[-1][1] in "+-*/:^,(√" and current[-1][0] != "num":
            current.pop()
        while current and current[0][1] in "*/:^,)!%" and current[0][0] != "num":
            current.pop(0)
        opened = sum(1 for k, v in current if v == "(")
        closed = sum(1 for k, v in current if v == ")")
        while current and current[0][1] == "(" and opened > closed:
            current.pop(0)
            opened -= 1
        while current and current[-1][1] == ")" and closed > opened:
            current.pop()
            closed -= 1
        if any(k == "num" for k, _ in current):
            runs.append((start, current))
        current = []

    count = 0
    for match in _TOKEN.finditer(text):
        count += 1
        if count > _MAX_TOKENS:  # a sum a student types has a few dozen tokens
            raise Unreadable(kind, "too_long", limit=_MAX_TOKENS)
        group = match.lastgroup or "other"
        value = match.group(0)
        if group == "space":
            continue
        if group == "other" or (group == "op" and value == ","):
            close()
            continue
        ends_value = bool(current) and (current[-1][0] == "num" or current[-1][1] in ")!%")
        starts_value = group in ("num", "func") or value in ("(", "√")
        if ends_value and starts_value:
            close()  # "3 5 7" or "1 1/2": two values side by side
        if not current:
            start = match.start()
        current.append((group, value))
    close()
    return runs


def numbers(answer: Any, lang: str = "en", *, kind: str = "number") -> list[Fraction]:
    """Every number in ``answer``, in order.

    >>> numbers("X 1, O 0,5")
    [Fraction(1, 1), Fraction(1, 2)]
    >>> numbers([1, "1/2"])
    [Fraction(1, 1), Fraction(1, 2)]
    """
    return _numbers_of(answer, lang, kind, 0, _Budget(kind))


def _numbers_of(answer: Any, lang: str, kind: str, depth: int, budget: _Budget) -> list[Fraction]:
    _depth_guard(depth, kind)
    text = _text(answer, kind)
    if text is None:
        items = _items(answer, kind, budget)
        if items is None:
            return [_from_object(answer, kind)]
        out = []
        for item in items:
            out.extend(_numbers_of(item, lang, kind, depth + 1, budget))
        return out
    return [value for _, value in _values_in(_prepare(text, lang), kind)]


def _values_in(prepared: str, kind: str) -> list[tuple[int, Fraction]]:
    """The values of prepared text with where each starts."""
    return [(start, _Parser(tokens, kind).parse()) for start, tokens in _runs(prepared, kind)]


def number(answer: Any, lang: str = "en", *, kind: str = "number") -> Fraction:
    """Exactly one number, read from any form (see the module docstring).

    Several numbers are refused (they are not one answer) unless they are sides
    of an equation that agree, such as ``"9 * 8 / 2 = 36"``, or the same value
    twice, as in ``"4 (2 × 2)"``. A reason in brackets or after "because" is set
    aside, and so is an item the answer says does not hold ("36, not 72"); an
    answer that only says what does not hold ("not 4") names no number.

    >>> number("4 (2 times 2)"), number("36, not 72"), number((0, 67))
    (Fraction(4, 1), Fraction(36, 1), Fraction(67, 100))
    >>> number("not 4")
    Traceback (most recent call last):
        ...
    qttt_edu.answers.Unreadable: number (negated)
    """
    text = _text(answer, kind)
    if text is None:
        return _number_object(answer, kind)
    kept, left_out = without_negated(without_asides(text))
    if not kept:
        raise Unreadable(kind, "negated" if left_out else "")
    found = [value for _, value in _values_in(_prepare(kept, lang, one=True), kind)]
    if not found:
        raise Unreadable(kind)
    if all(value == found[0] for value in found):
        return found[0]
    if "=" in kept or "≈" in kept:
        # "9 * 8 / 2 = 36" and "1/3 ≈ 0.333" are one value written twice; the first
        # side is the answer, and the sides must agree (to 0.5 % when rounded with ≈)
        sides = [numbers(side, lang, kind=kind) for side in re.split("[=≈]", kept)]
        values = [side[0] for side in sides if len(side) == 1]
        near = _close if "≈" not in kept else _near
        if len(values) == len(sides) and all(near(v, values[0]) for v in values):
            return values[0]
    raise Unreadable(kind, "several")


def _number_object(answer: Any, kind: str) -> Fraction:
    """One number from a Python object; a tuple such as ``(0, 67)`` is ``0,67`` unquoted."""
    if _items(answer, kind) is None:
        return _from_object(answer, kind)
    decimal_comma = _decimal_tuple(answer)
    if decimal_comma is not None:
        return decimal_comma
    if (
        isinstance(answer, tuple)
        and len(answer) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 10**12 for v in answer)
    ):
        raise _tuple_note(answer)
    raise Unreadable(kind)


_CERTAIN = (
    r"certain|certainly|sure|for\s+sure|always|definitely|sikkert|sikker|helt\s+sikkert|"
    r"altid|alltid|varmasti|varma|aina|certo|sicuro|sempre|certamente"
)
_IMPOSSIBLE = r"impossible|never|umuligt|umulig|aldrig|aldri|mahdoton|ei\s+koskaan|impossibile|mai"


def probability(answer: Any, lang: str = "en") -> Fraction:
    """A probability from 0 to 1, in any form a number takes, or in words.

    A bare number above 1 and up to 100 can only be a percentage; "certain" is 1,
    "impossible" 0; a value outside 0..1 is refused.

    >>> probability("67"), probability("50:50"), probability("certain"), probability("aldrig")
    (Fraction(67, 100), Fraction(1, 2), Fraction(1, 1), Fraction(0, 1))
    """
    text = _text(answer, "number")
    if text is not None and not re.search(r"\d", text):
        low = text.lower()
        certain = re.search(rf"\b(?:{_CERTAIN})\b", low) and not is_negated(low)
        impossible = re.search(rf"\b(?:{_IMPOSSIBLE})\b", low)
        if certain and not impossible:
            return Fraction(1)
        if impossible and not certain:
            return Fraction(0)
    value = number(answer, lang)
    if value > 100 and text is not None and re.fullmatch(r"\s*\d+,\d+\s*", text):
        value = number(text.replace(",", "."), lang)  # "1,000" here is 1.000, not a thousand
    # a bare 67 can only mean 67 %: a probability is at most 1 (1.0000000000000002 is
    # floating-point noise on 1, not a percentage)
    if 1 + Fraction(1, 10**6) < value <= 100:
        value /= 100
    if not 0 <= value <= 1 + Fraction(1, 10**6):
        raise Unreadable("number", "probability")
    return value


def _near(a: Fraction, b: Fraction) -> bool:
    return abs(a - b) <= abs(b) / 200


def _close(a: Fraction, b: Fraction) -> bool:
    scale = abs(b) if abs(b) > 1 else Fraction(1)
    return abs(a - b) <= scale / 10**9


def snap(value: Fraction) -> Fraction:
    """``value`` without floating-point noise: the simple fraction within 1e-9 of it, if any.

    >>> snap(Fraction(0.1 + 0.2)), snap(Fraction(1.0000000000000002)), snap(Fraction(2, 3))
    (Fraction(3, 10), Fraction(1, 1), Fraction(2, 3))
    """
    simple = value.limit_denominator(1000)
    return simple if _close(value, simple) else value


def whole(answer: Any, lang: str = "en") -> int:
    """A whole number; floating-point noise either side (``35.99999999999999``) is forgiven.

    >>> whole("36"), whole(35.99999999999999), whole(36.00000000000001), whole("2**4")
    (36, 36, 36, 16)
    """
    value = number(answer, lang)
    nearest = round(value)
    if value.denominator == 1 or _close(value, Fraction(nearest)):
        return int(nearest)
    raise Unreadable("whole")


# --- squares, marks, moves ------------------------------------------------------------


def squares(
    answer: Any, lang: str = "en", known: Callable[[Any], tuple[int, ...] | None] | None = None
) -> tuple[int, ...]:
    """One or more squares 1-9: ``5``, ``"c5"``, ``[1, 5]``, ``"1 and 5"``, ``"357"``.

    Marks such as ``X1`` in a sentence are not squares: ``"X1 goes to 5"`` names square 5.

    >>> squares("X1 goes to five"), squares("tre, fem og syv")
    ((5,), (3, 5, 7))
    """
    values = _squares_of(answer, lang, 0, _Budget("squares"), known)
    if not values:
        raise Unreadable("squares")
    for v in values:
        if not 1 <= v <= 9:
            raise Unreadable("squares", "square_range", square=v)
    return tuple(values)


def _squares_of(
    answer: Any,
    lang: str,
    depth: int,
    budget: _Budget,
    known: Callable[[Any], tuple[int, ...] | None] | None,
) -> list[int]:
    _depth_guard(depth, "squares")
    found = known(answer) if known is not None else None
    if found is not None:
        return list(found)
    text = _text(answer, "squares")
    values: list[int] = []
    if text is not None:
        text = _kept_items(text, "squares")
        text = re.sub(r"(?i)(?<![\w])[xo]\s?_?\d(?!\d)", " ", text.translate(_SUBSCRIPTS))
        alone = re.fullmatch(r"[^\W\d_]+", text.strip()) is not None
        text = re.sub(r"[^\W\d_]+", lambda m: _square_word(m.group(0), lang, alone), text.lower())
        for run in re.findall(r"\d+", text):
            if len(run) > 3:
                raise Unreadable("squares", "square_range", square=run[:12])
            # "357" lists three squares; "10" is one number off the board
            digits = list(run) if len(run) > 1 and "0" not in run else [run]
            values.extend(int(d) for d in digits)
        return values
    items = _items(answer, "squares", budget)
    if items is not None:
        for item in items:
            values.extend(_squares_of(item, lang, depth + 1, budget, known))
        return values
    value = _from_object(answer, "squares")
    if value.denominator != 1:
        raise Unreadable("squares")
    if abs(value) > 10**6:
        raise Unreadable("squares", "square_range", square=str(value)[:12])
    return [int(value)]


def _square_word(word: str, lang: str, alone: bool) -> str:
    value = _word_value(word, lang, alone)
    return f" {value} " if value is not None else " "


def mark(answer: Any) -> str:
    """A mark name: ``"X3"``, ``"x 3"``, ``"X₃"``, ``("X", 3)``; O's moves are even.

    >>> mark("o 4"), mark(("X", 3))
    ('O4', 'X3')
    """
    if isinstance(answer, tuple) and len(answer) == 2:
        answer = f"{_plain(answer[0])}{_plain(answer[1])}"
    text = _text(answer, "mark")
    if text is not None:
        text = text.translate(_SUBSCRIPTS).upper().replace(" ", "").replace("_", "")
        match = re.fullmatch(r"([XO0])([1-9])", text)
        if match:
            who = "O" if match.group(1) == "0" else match.group(1)
            move = int(match.group(2))
            name = f"{'X' if move % 2 else 'O'}{move}"
            if name[0] != who:
                raise Unreadable("mark", "mark_parity", mark=text)
            return name
    raise Unreadable("mark")


_MARK_IN_TEXT = re.compile(r"(?i)(?<![\w])([xo0])\s?_?([1-9])(?![\d\w])")
_NOTHING = re.compile(
    r"(?i)\s*(?:none|nothing|no\s+marks?|ingen|intet|ingenting|ei\s+mitään|ei\s+yhtään|"
    r"ei\s+yksikään|nessuno|niente|nulla)\s*[.!]?\s*"
)


def marks(answer: Any) -> frozenset[str]:
    """The mark names an answer lists: ``"only X3"``, ``"kun X3"``, ``["x3", "O4"]``.

    Words around the marks ("only", "vain", "solo") are not marks; a negated mark is
    left out ("X3, not O4"), and "none" ("ingen", "nessuno") is no mark at all.

    >>> sorted(marks("only X3")), sorted(marks("solo X3 e O4")), sorted(marks("ingen"))
    (['X3'], ['O4', 'X3'], [])
    """
    budget = _Budget("mark")
    return frozenset(_marks_of(answer, 0, budget))


def _marks_of(answer: Any, depth: int, budget: _Budget) -> set[str]:
    _depth_guard(depth, "mark")
    text = _text(answer, "mark")
    if text is None:
        items = _items(answer, "mark", budget)
        if items is None:
            raise Unreadable("mark")
        out: set[str] = set()
        for item in items:
            out |= _marks_of(item, depth + 1, budget)
        return out
    if _NOTHING.fullmatch(text):
        return set()
    kept = _kept_items(text.translate(_SUBSCRIPTS), "mark")
    found = {mark(m.group(1) + m.group(2)) for m in _MARK_IN_TEXT.finditer(kept)}
    if not found:
        raise Unreadable("mark")
    return found


def _plain(value: Any) -> str:
    if isinstance(value, (str, int)) and not isinstance(value, bool):
        return str(value)[:4]
    return "?"


_MOVE = re.compile(
    r"(?<![^\W\d_])c\s*[1-9]|\(\s*[1-9]\s*[,;]\s*[1-9]\s*\)|\[\s*[1-9]\s*[,;]\s*[1-9]\s*\]|"
    r"[1-9]\s*-\s*[1-9]|[1-9]+",
    re.IGNORECASE,
)


def record_tokens(answer: Any, token_of: Callable[[Any], str | None] | None = None) -> list[str]:
    """Record tokens from text or a list, with commas, semicolons, dashes, brackets.

    ``token_of`` turns objects such as :class:`~qttt_edu.core.Action` into their token.
    Two lone squares where a list holds nothing else are one pair.

    >>> record_tokens("1 - 5; 1–5, C1"), record_tokens([2, 8]), record_tokens("squares 2 and 4")
    (['1-5', '1-5', 'c1'], ['2-8'], ['2-4'])
    """
    tokens = _tokens_of(answer, token_of, 0, _Budget("actions"))
    if not tokens:
        raise Unreadable("actions")
    return tokens


def _tokens_of(
    answer: Any, token_of: Callable[[Any], str | None] | None, depth: int, budget: _Budget
) -> list[str]:
    _depth_guard(depth, "actions")
    text = _text(answer, "actions")
    if text is not None:
        tokens = []
        for found in _MOVE.findall(text):
            tok = re.sub(r"[\s()\[\]]", "", found).lower().replace(",", "-").replace(";", "-")
            if len(tok) == 2 and tok.isdigit():
                tok = f"{tok[0]}-{tok[1]}"
            tokens.append(tok)
        if len(tokens) == 2 and all(len(t) == 1 for t in tokens) and tokens[0] != tokens[1]:
            tokens = ["-".join(sorted(tokens))]
        return tokens
    known = token_of(answer) if token_of is not None else None
    if known is not None:
        return [known]
    items = _items(answer, "actions", budget)
    if items is None:
        if _is_bool(answer):  # True is not action 1 (older numpy reads np.True_ as 1)
            raise Unreadable("actions")
        try:
            value = operator.index(answer)
        except Exception:
            raise Unreadable("actions") from None
        return [_code_token(value)]
    if len(items) == 2 and all(_is_square(i) for i in items):
        a, b = sorted(
            int(str(i).strip()) if isinstance(i, str) else operator.index(i) for i in items
        )
        if a != b:
            return [f"{a}-{b}"]
    out: list[str] = []
    for item in items:
        out.extend(_tokens_of(item, token_of, depth + 1, budget))
    return out


def _is_square(item: Any) -> bool:
    if isinstance(item, bool):
        return False
    if isinstance(item, str):
        return len(item.strip()) == 1 and item.strip() in "123456789"
    try:
        return 1 <= operator.index(item) <= 9
    except Exception:
        return False


def _code_token(code: int) -> str:
    """The token of an action code (12-89 pairs, 101-109 collapses, 1-9 ninth moves)."""
    if 1 <= code <= 9:
        return str(code)
    if 101 <= code <= 109:
        return f"c{code - 100}"
    if 12 <= code <= 89 and 1 <= code // 10 < code % 10:
        return f"{code // 10}-{code % 10}"
    raise Unreadable("actions", "action_code", code=str(code) if abs(code) < 10**12 else "…")


def record_text(answer: Any, token_of: Callable[[Any], str | None] | None = None) -> str:
    """A record as text with single spaces, read from text or a list of tokens or pairs."""
    return " ".join(record_tokens(answer, token_of))


# --- players, yes/no, letters -------------------------------------------------------------

_PLAYER_TOKEN = re.compile(r"(?<![\w])([xo])(?:'s|:n|:s|s)?(?![\w])", re.IGNORECASE)


def player(answer: Any, lang: str = "en") -> str | None:
    """``"X"``, ``"O"``, or ``None`` for a draw, in a word or a sentence.

    >>> player("O wins"), player("player o"), player("0"), player("tasapeli")
    ('O', 'O', 'O', None)
    >>> player("neither X nor O"), player("né X né O"), player("X, since O2 closed the cycle")
    (None, None, 'X')
    >>> player("X chooses between squares 7 and 9")
    Traceback (most recent call last):
        ...
    qttt_edu.answers.Unreadable: player
    """
    if answer is None:
        return None
    text = _text(answer, "player")
    if text is None:
        raise Unreadable("player")
    low = text.lower().strip(" .!?\"'")
    if low == "0":
        return "O"  # a zero typed for the letter O: the kit's other readers agree
    if _says_draw(low) and not _PLAYER_TOKEN.search(text):
        return None  # "draw", "ei kukaan", "non vince nessuno"
    text = without_asides(text)
    kept, left_out = without_negated(text)
    if (left_out and not kept) or is_negated(kept) or _PLAYER_DENIED.search(text):
        raise Unreadable("player", "negated")  # "not X", "X doesn't win": no player named
    return _named_player(_player_words(kept))


# a player followed, in the same clause, by a negation: "X doesn't win", "X vinder ikke"
_PLAYER_DENIED = re.compile(
    rf"(?i)(?<![\w])[xo](?![\w])(?:\s+[^\W\d_]+){{0,2}}?\s*(?:\b(?:{_NEGATION})\b|n't\b)"
)


def _says_draw(low: str) -> bool:
    return re.search(rf"\b(?:{_DRAW_PHRASES})\b", low) is not None or any(
        w in _DRAW for w in re.findall(r"[^\W\d_]+", low)
    )


def _player_words(text: str) -> str:
    """The players' names in words ("kryds", "bolle", "croce") as the letters X and O."""
    return re.sub(
        r"(?i)\b[^\W\d_]+\b", lambda m: _PLAYER_WORDS.get(m.group(0).lower(), m.group(0)), text
    )


def _named_player(text: str) -> str | None:
    """The one player a short sentence names, None for a draw, else a refusal."""
    low = text.lower().strip(" .!?\"'")
    draws = _says_draw(low)
    found = {m.group(1).upper() for m in _PLAYER_TOKEN.finditer(text)}
    # a sentence names a player when it is short and about players only: text that also
    # names squares or moves ("X chooses between 7 and 9") or runs on is another answer
    unmarked = re.sub(r"(?i)(?<![\w])[xo]\s?\d(?!\d)", " ", text)
    if len(low.split()) > 1 and (re.search(r"\d", unmarked) or len(low.split()) > _WORDS_MAX):
        raise Unreadable("player")
    neither = re.search(rf"\b(?:{_NEITHER})\b", low) is not None
    if (draws and not found) or (neither and found == {"X", "O"}):
        return None  # "draw", "neither X nor O"
    if len(found) == 1 and not draws:
        return found.pop()
    if found or draws:
        raise Unreadable("player", "both_players")
    raise Unreadable("player")


def yes_no(answer: Any, lang: str = "en") -> bool:
    """Yes or no, as a bool, a word or a sentence, in the five languages.

    >>> yes_no(True), yes_no("yes!"), yes_no("No, it is not"), yes_no("ja"), yes_no("ei")
    (True, True, False, True, False)
    >>> yes_no("It is not separable")
    False
    """
    if _is_bool(answer):
        return bool(answer)
    text = _text(answer, "yes_no")
    if text is None:
        raise Unreadable("yes_no")
    words = re.findall(r"[^\W\d_]+(?:'t)?", text.lower())
    if words[:1] == ["si"] and not re.match(r"(?i)\s*si\s*(?:[,.!;:(]|$)", text):
        words = words[1:]  # "si può ...": the Italian pronoun, not "sì" written without accent
    if not words:
        raise Unreadable("yes_no")
    yes = _YES - {"ja"} if lang == "fi" else _YES  # "ja" is "and" in Finnish
    if len(words) == 1:
        word = words[0]
        if word in yes or word in _WEAK_YES or word == "ja":
            return True
        if word in _NO or word in _WEAK_NO:
            return False
        raise Unreadable("yes_no")
    first, rest = words[0], [w for w in words[1:] if w != "si"]  # later "si" is a pronoun
    if first in yes or first in _NO:
        # "Yes, it does", "No, it is not": the first word answers, unless the rest
        # says the opposite word on its own ("yes no")
        lead = first in yes
        if any(w in (_BARE_NO if lead else _BARE_YES) for w in rest):
            raise Unreadable("yes_no", "yes_and_no")
        return lead
    said_yes = any(w in yes for w in rest)
    said_no = any(w in _NO for w in rest)
    if said_yes and said_no:
        raise Unreadable("yes_no", "yes_and_no")
    if said_yes or said_no:
        return said_yes
    raise Unreadable("yes_no")


def asserts(
    answer: Any, positive: Iterable[str], negative: Iterable[str], lang: str = "en"
) -> bool:
    """Whether ``answer`` says a property holds, read from its words and yes or no.

    ``positive`` are words for the property ("separable"), ``negative`` words for
    its opposite ("entangled"); a negation in the same clause before a word turns
    it round ("not entangled" says separable). A leading yes or no must agree with
    the words, and the words with each other, or the answer is refused: it says both.
    Without such a word the answer is read as yes or no.

    >>> sep, ent = ["separable", "product"], ["entangled"]
    >>> asserts("It is not entangled", sep, ent), asserts("No, it is entangled", sep, ent)
    (True, False)
    >>> asserts("non si può scrivere come prodotto", ["prodotto"], [], "it")
    False
    >>> asserts("Not entangled", sep, ent)  # "not" opens as "no" does: both are said
    Traceback (most recent call last):
        ...
    qttt_edu.answers.Unreadable: yes_no (yes_and_no)
    """
    if isinstance(answer, bool) or _text(answer, "yes_no") is None:
        return yes_no(answer, lang)
    text = _text(answer, "yes_no") or ""
    said = _said(text.lower(), positive, negative)
    lead = _lead_yes_no(text, lang)
    if lead is not None:
        said.add(lead)
    if len(said) > 1:
        raise Unreadable("yes_no", "yes_and_no")
    return said.pop() if said else yes_no(answer, lang)


def _said(low: str, positive: Iterable[str], negative: Iterable[str]) -> set[bool]:
    """What each mention of the property in ``low`` says (negations within its clause)."""
    said: set[bool] = set()
    words = {w.lower(): True for w in positive} | {w.lower(): False for w in negative}
    pattern = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    if not pattern:
        return said
    for clause in re.split(r"[,;:.!?()\[\]]", low):
        for match in re.finditer(rf"\b(?:{pattern})\b", clause):
            before = clause[: match.start()].split()[-_CLAUSE_REACH:]
            denied = is_negated(" ".join(before))
            said.add(words[match.group(0)] != denied)
    return said


_CLAUSE_REACH = 6  # words before a property word that a negation may stand in


def _lead_yes_no(text: str, lang: str) -> bool | None:
    """The yes or no a sentence opens with ("No, ...", "ja (...)"), if it opens with one."""
    first = re.match(r"\s*([^\W\d_]+)", text.lower())
    if first is None:
        return None
    word = first.group(1)
    if word == "si" and not re.match(r"\s*si\s*(?:[,.!;:(]|$)", text.lower()):
        return None  # the Italian pronoun
    if word in _YES and not (word == "ja" and lang == "fi"):
        return True
    return False if word in _NO else None


def letters(answer: Any, options: str = "ABCDEFGH") -> frozenset[str]:
    """The option letters in ``answer``: ``"A, D"``, ``"ad"``, ``["d", "a"]``, a sentence.

    In a sentence only single letters count, and capitals only if there are any
    (so the article "a" in "D is a good one" is not the option A).

    >>> sorted(letters("A e D")), sorted(letters("D is a true statement")), sorted(letters("a e d"))
    (['A', 'D'], ['D'], ['A', 'D'])
    """
    return frozenset(_letters_of(answer, options.upper(), 0, _Budget("letters")))


def _letters_of(answer: Any, options: str, depth: int, budget: _Budget) -> set[str]:
    _depth_guard(depth, "letters")
    text = _text(answer, "letters")
    if text is not None:
        text = _kept_items(text, "letters")
    if text is None:
        items = _items(answer, "letters", budget)
        if items is None:
            raise Unreadable("letters")
        out: set[str] = set()
        for item in items:
            out |= _letters_of(item, options, depth + 1, budget)
        return out
    tokens = list(re.finditer(r"[^\W\d_]+", text))
    words = [m.group(0) for m in tokens]
    if words and all(set(w.upper()) <= set(options) and len(set(w)) == len(w) for w in words):
        # a list of option letters: "A D", "ad", "a, e, d"; a lowercase "e" between two
        # letters with only spaces around it is the Italian "and"
        keep = []
        for i, m in enumerate(tokens):
            if m.group(0) == "e" and 0 < i < len(tokens) - 1:
                before = text[tokens[i - 1].end() : m.start()]
                after = text[m.end() : tokens[i + 1].start()]
                if not before.strip() and not after.strip():
                    continue
            keep.append(m.group(0))
        return set("".join(keep).upper())
    singles = [w for w in words if len(w) == 1 and w.upper() in options]
    # capitals written together ("I think AD") are option letters too
    capitals = [
        w for w in words if w.isupper() and set(w) <= set(options) and len(set(w)) == len(w)
    ]
    # "i think ad": one word of option letters only, when nothing else names an option
    runs = [w for w in words if set(w.upper()) <= set(options) and len(set(w)) == len(w)]
    chosen = capitals or singles or (runs if len(runs) == 1 else [])
    if not chosen:
        raise Unreadable("letters")
    return set("".join(chosen).upper())


# --- labelled answers: scores, placements ---------------------------------------------------


def pairs(
    items: Sequence[tuple[str, Any]],
    kind: str,
) -> list[tuple[Any, Any]]:
    """Pair labels with values from a sequence of ``("label", x)``/``("value", y)`` items.

    Either every label comes right before its one value ("X 1 O 1/2") or every
    value right before its one label ("1 for X, 1/2 for O"); anything else is
    ambiguous and refused, never guessed.

    >>> pairs([("label", "X"), ("value", 1), ("label", "O"), ("value", 2)], "scores")
    [('X', 1), ('O', 2)]
    >>> pairs([("value", 1), ("label", "X"), ("value", 2), ("label", "O")], "scores")
    [('X', 1), ('O', 2)]
    """
    if not items:
        raise Unreadable(kind)
    kinds = [k for k, _ in items]
    if len(kinds) % 2 == 0:
        if all(k == ("label" if i % 2 == 0 else "value") for i, k in enumerate(kinds)):
            return [(items[i][1], items[i + 1][1]) for i in range(0, len(items), 2)]
        if all(k == ("value" if i % 2 == 0 else "label") for i, k in enumerate(kinds)):
            return [(items[i + 1][1], items[i][1]) for i in range(0, len(items), 2)]
    raise Unreadable(kind, "labels")


def labelled(
    answer: Any,
    labels: tuple[str, ...] = ("X", "O"),
    lang: str = "en",
    *,
    read: Callable[[Any], Fraction] | None = None,
) -> dict[str, Fraction]:
    """Values by their labels (players by default), in any order and notation.

    A dict, pairs such as ``[("O", 0.5), ("X", 1)]``, or text with each value
    next to its label; without labels, exactly one value per label in order
    (X first). Each label at most once.

    >>> labelled({"o": "1/2", "X": 1}) == {"X": 1, "O": Fraction(1, 2)}
    True
    >>> labelled("X=1; O=1/2") == labelled((1, 0.5)) == labelled("1, 1/2")
    True
    >>> labelled("O=1/2 X=1 O=1")
    Traceback (most recent call last):
        ...
    qttt_edu.answers.Unreadable: scores (labels)
    """
    reader = _LabelReader(labels, lang, read)
    if isinstance(answer, Mapping):
        found_pairs = reader.from_mapping(answer)
    else:
        text = _text(answer, reader.kind)
        if text is None:
            found_pairs = reader.from_items(answer)
        else:
            found_pairs = _labelled_text(without_asides(text), labels, lang, reader.kind)
    out: dict[str, Fraction] = {}
    for label, value in found_pairs:
        if label in out:
            raise Unreadable(reader.kind, "labels")
        out[label] = value
    return out


class _LabelReader:
    """Labels and values of a labelled answer given as a dict or as a list of items."""

    kind = "scores"

    def __init__(
        self, labels: tuple[str, ...], lang: str, read: Callable[[Any], Fraction] | None
    ) -> None:
        self.labels, self.lang, self.read = labels, lang, read

    def value(self, raw: Any) -> Fraction:
        return self.read(raw) if self.read is not None else number(raw, self.lang, kind=self.kind)

    def label(self, raw: Any) -> str:
        text = _text(raw, self.kind)
        if text is not None:
            found = {m.group(1).upper() for m in _PLAYER_TOKEN.finditer(text)}
            if len(found) == 1 and (label := found.pop()) in self.labels:
                return label
        raise Unreadable(self.kind, "labels")

    def from_mapping(self, answer: Mapping[Any, Any]) -> list[tuple[str, Fraction]]:
        try:
            entries = list(itertools.islice(answer.items(), MAX_ITEMS + 1))
        except Exception:
            raise Unreadable(self.kind, "broken") from None
        if len(entries) > MAX_ITEMS:
            raise Unreadable(self.kind, "too_many", limit=MAX_ITEMS)
        return [(self.label(k), self.value(v)) for k, v in entries]

    def from_items(self, answer: Any) -> list[tuple[str, Fraction]]:
        """Pairs ``[("O", 0.5), (1, "X")]`` either way round, or bare values, X first."""
        items = _items(answer, self.kind)
        if items is None:
            raise Unreadable(self.kind)
        if items and all(isinstance(i, (tuple, list)) and len(i) == 2 for i in items):
            found = []
            for first, second in items:
                try:
                    found.append((self.label(first), self.value(second)))
                except Unreadable:
                    found.append((self.label(second), self.value(first)))
            return found
        values = [self.value(i) for i in items]
        if len(values) != len(self.labels):
            raise Unreadable(self.kind, "count", count=len(self.labels))
        return list(zip(self.labels, values, strict=True))


def _labelled_text(
    text: str, labels: tuple[str, ...], lang: str, kind: str
) -> list[tuple[str, Fraction]]:
    prepared = _prepare(text, lang)
    marks: list[tuple[int, str, Any]] = [
        (m.start(), "label", m.group(1).upper())
        for m in _PLAYER_TOKEN.finditer(prepared)
        if m.group(1).upper() in labels
    ]
    values: list[tuple[int, str, Any]] = [
        (start, "value", v) for start, v in _values_in(prepared, kind)
    ]
    if not marks:
        numbers_only = [v for _, _, v in values]
        if len(numbers_only) != len(labels):
            raise Unreadable(kind, "count", count=len(labels))
        return list(zip(labels, numbers_only, strict=True))
    items: list[tuple[str, Any]] = [(k, v) for _, k, v in sorted(marks + values, key=_first)]
    return pairs(items, kind)


def _first(entry: tuple[int, str, Any]) -> int:
    return entry[0]


def placement_pairs(answer: Any) -> list[tuple[Any, Any]]:
    """(square, mark) pairs from text such as ``"1: X1, 2: O2"`` or ``"X1 in 1, O2 in 2"``.

    >>> placement_pairs("X1 in 1, O2 in 2"), placement_pairs([("O2", 2)])
    ([(1, 'X1'), (2, 'O2')], [('O2', 2)])
    """
    text = _text(answer, "placement")
    if text is None:
        items = _items(answer, "placement")
        if items and all(isinstance(i, (tuple, list)) and len(i) == 2 for i in items):
            return [(i[0], i[1]) for i in items]  # [(1, "X1"), ("O2", 2), ...]
        raise Unreadable("placement")
    text = text.translate(_SUBSCRIPTS)
    entries: list[tuple[int, str, Any]] = []
    for m in re.finditer(
        r"(?i)(?<![\w])([xo0])\s?_?([1-9])(?![\d])|(?<![\w.])([1-9])(?![\d])", text
    ):
        if m.group(3):
            entries.append((m.start(), "value", int(m.group(3))))
        else:
            entries.append((m.start(), "label", mark(m.group(1) + m.group(2))))
    found = pairs([(k, v) for _, k, v in sorted(entries, key=_first)], "placement")
    return [(square, name) for name, square in found]
