"""Message catalogs: every sentence the kit prints to a person.

The catalogs live in ``qttt_edu/locales/<lang>/*.json``: one file per module
that makes the sentences (``core.json`` for the rules and the ``show`` command,
``view.json`` for the view model's prompt, labels and explanations, ``widget.json``
for the app's controls, and so on), each a flat object from a message key to a
template with ``str.format`` placeholders. Keys are unique across a language's files,
and a sentence has one template, in the file of the module that makes it. English is the
reference and the fallback: a key missing from another language is printed
in English rather than not at all.

>>> from qttt_edu.i18n import t, set_language, get_language
>>> t("square_off_board", square=10)
'square 10 is off the board: squares are numbered 1-9'
>>> get_language()
'en'

A count gets the right plural form with a ``plural`` format spec: the forms are
named by their CLDR plural category (``one``, ``other``; a language with more
categories, such as Polish, names ``few`` and ``many`` too), separated by ``|``,
and ``#`` stands for the number. The placeholder's name is still just ``count``.

>>> template = "Loaded: {count:plural:one=# action|other=# actions}."
>>> format_message("en", template, count=1), format_message("en", template, count=3)
('Loaded: 1 action.', 'Loaded: 3 actions.')
>>> format_message("fi", "{n:plural:one=# todellisuus|other=# todellisuutta}", n=2)
'2 todellisuutta'

Numbers are written the way each language writes them (decimal comma, thousands
separator, the space before %), by the CLDR data of Babel: :func:`number` and
:func:`percent`, in the current language unless ``lang`` says otherwise.

>>> number(2.8284, 2, lang="da"), number(2.8284, 2, lang="en")
('2,83', '2.83')
>>> percent(0.578, lang="fi"), percent(0.578, lang="it"), percent(0.0019, 2, lang="nb")
('58\xa0%', '58%', '0,19\xa0%')
>>> number(131681894400, lang="nb"), number(131681894400, lang="it")
('131\xa0681\xa0894\xa0400', '131.681.894.400')
"""

from __future__ import annotations

import json
import re
import string
import threading
from collections.abc import Callable
from importlib import resources
from typing import Any

LANGUAGES: dict[str, str] = {
    "en": "English",
    "da": "Dansk",
    "fi": "Suomi",
    "nb": "Norsk bokmål",
    "it": "Italiano",
}


# Other names of a language, as locales and users write them: Norwegian ("no") and
# Nynorsk ("nn") readers get Bokmål, the kit's Norwegian (as the site's loader does).
LANGUAGE_ALIASES: dict[str, str] = {"no": "nb", "nn": "nb"}


def language_code(text: str) -> str | None:
    """The kit's language for a code or locale name (``nn_NO.UTF-8`` -> ``nb``), else None.

    >>> [language_code(x) for x in ("nn_NO.UTF-8", "no", "it_IT", "sv_SE", "C.UTF-8")]
    ['nb', 'nb', 'it', None, None]
    """
    code = text[:2].lower()
    code = LANGUAGE_ALIASES.get(code, code)
    return code if code in LANGUAGES and (len(text) == 2 or not text[2:3].isalpha()) else None


def _one_if_integer_one(n: float) -> str:
    # CLDR "one: i = 1 and v = 0" (English, Finnish, Italian) and "one: n = 1" (Bokmål)
    # agree for every count the kit prints: 1 is "one", everything else "other".
    return "one" if n == 1 and float(n).is_integer() else "other"


def _danish(n: float) -> str:
    # CLDR "one: n = 1 or t != 0 and i = 0,1": 1, and also 0.5 or 1.5, are "one".
    whole = float(n).is_integer()
    return "one" if n == 1 or (not whole and int(abs(n)) in (0, 1)) else "other"


# The plural category of a number in each language (CLDR plural rules). A new
# language adds its rule here; its catalogs may then name these categories.
PLURAL_RULES: dict[str, Callable[[float], str]] = {
    "en": _one_if_integer_one,
    "da": _danish,
    "fi": _one_if_integer_one,
    "nb": _one_if_integer_one,
    "it": _one_if_integer_one,
}
PLURAL_CATEGORIES = ("zero", "one", "two", "few", "many", "other")

_catalogs: dict[str, dict[str, str]] = {}
_current = "en"
# A thread that serves one page of its own (the classroom's light app runs each page's
# app on a thread in one process) speaks that page's language: set_language() there
# changes the thread's language, not the process's (use_thread_language()). The
# language is held in a box (_Own) that the threads the page's thread starts share
# (carry_language()), so they switch with it.
_thread = threading.local()


class _Own:
    """A page's own language, shared by the threads that work for the page."""

    __slots__ = ("lang",)

    def __init__(self, lang: str) -> None:
        self.lang = lang


def _own() -> _Own | None:
    return getattr(_thread, "own", None)


def catalog(lang: str) -> dict[str, str]:
    """Return the message catalog of ``lang`` (loaded once, then cached)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(sorted(LANGUAGES))}")
    if lang not in _catalogs:
        merged: dict[str, str] = {}
        folder = resources.files("qttt_edu").joinpath("locales").joinpath(lang)
        for part in sorted(folder.iterdir(), key=lambda p: p.name):
            if part.name.endswith(".json"):
                merged.update(json.loads(part.read_text("utf-8")))
        _catalogs[lang] = merged
    return _catalogs[lang]


def set_language(lang: str) -> None:
    """Switch every message of the kit to ``lang``: one of the keys of ``LANGUAGES``.

    On a thread given a language of its own (:func:`use_thread_language`), only that
    thread's messages switch.
    """
    global _current
    catalog(lang)
    own = _own()
    if own is not None:
        own.lang = lang
    else:
        _current = lang


def use_thread_language(lang: str) -> None:
    """Give the calling thread a language of its own, apart from the process's.

    >>> import threading
    >>> said = []
    >>> def page():
    ...     use_thread_language("fi")
    ...     said.append(get_language())
    >>> worker = threading.Thread(target=page)
    >>> worker.start(); worker.join()
    >>> said, get_language()
    (['fi'], 'en')
    """
    catalog(lang)
    _thread.own = _Own(lang)


def carry_language(work: Callable[..., Any]) -> Callable[..., Any]:
    """``work`` as it runs on another thread (a worker, a socket's thread) for the calling
    thread: in this thread's own language, also after a later :func:`set_language` here.
    A thread with no language of its own gives ``work`` back as it is.

    >>> import threading
    >>> said = []
    >>> def page():
    ...     use_thread_language("it")
    ...     helper = threading.Thread(target=carry_language(lambda: said.append(t("predict_yes"))))
    ...     set_language("da")  # the page's menu, before its helper speaks
    ...     helper.start(); helper.join()
    >>> worker = threading.Thread(target=page)
    >>> worker.start(); worker.join()
    >>> said, get_language()
    (['ja'], 'en')
    """
    own = _own()
    if own is None:
        return work

    def in_language(*args: Any, **kwargs: Any) -> Any:
        before = _own()
        _thread.own = own
        try:
            return work(*args, **kwargs)
        finally:
            _thread.own = before

    return in_language


def get_language() -> str:
    """The language messages are printed in now (this thread's own, if it has one)."""
    own = _own()
    return _current if own is None else own.lang


def t(key: str, /, **fields: Any) -> str:
    """The message ``key`` in the current language, filled with ``fields``."""
    return t_in(get_language(), key, **fields)


def t_in(lang: str, key: str, /, **fields: Any) -> str:
    """The message ``key`` in ``lang``, filled with ``fields`` (English if ``lang`` lacks it)."""
    template = catalog(lang).get(key)
    if template is None:
        template = catalog("en")[key]
    return format_message(lang, template, **fields)


def plural_forms(spec: str) -> dict[str, str]:
    """The forms of a ``plural:`` format spec, by category: ``{"one": ..., "other": ...}``.

    >>> plural_forms("plural:one=# pair|other=# pairs")
    {'one': '# pair', 'other': '# pairs'}
    """
    if not spec.startswith("plural:"):
        raise ValueError(f"not a plural spec: {spec!r}")
    forms: dict[str, str] = {}
    for part in spec[len("plural:") :].split("|"):
        category, sep, text = part.partition("=")
        if not sep or category not in PLURAL_CATEGORIES or category in forms:
            raise ValueError(
                f"bad plural form {part!r} in {spec!r}: write category=text, with each of "
                f"{', '.join(PLURAL_CATEGORIES)} at most once, separated by |"
            )
        forms[category] = text
    if "other" not in forms:
        raise ValueError(f"plural spec {spec!r} needs an 'other=' form")
    return forms


class _MessageFormatter(string.Formatter):
    """``str.format`` plus the ``plural:`` spec, the forms of inserted words (``{seat:ess}``)
    and lists joined with "and", with the rules and forms of one language."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.rule = PLURAL_RULES.get(lang, _one_if_integer_one)

    def format_field(self, value: Any, format_spec: str) -> str:
        items = _as_list(value)
        if format_spec.startswith("plural:"):
            count = len(items) if items is not None else _number(value)
            forms = plural_forms(format_spec)
            text = forms.get(self.rule(count), forms["other"])
            shown = join_list(items, lang=self.lang) if items is not None else None
            return text.replace("#", shown if shown is not None else _count_text(value, self.lang))
        if _CASE.fullmatch(format_spec):
            words = [self.form(str(v), format_spec) for v in (items or [value])]
            return join_list(words, lang=self.lang)
        if items is not None and not format_spec:
            return join_list(items, lang=self.lang)
        return str(super().format_field(value, format_spec))

    def form(self, word: str, case: str) -> str:
        # A word the table lacks (not a player or a mark) is printed as it is: a message
        # always prints; tests/test_forms.py checks that every real value has its forms.
        try:
            return inflect(word, case, lang=self.lang)
        except ValueError:
            return word


_CASE = re.compile(r"[a-z]+")
_SPEC = re.compile(r"(?<!\{)\{\w+:")


def _as_list(value: Any) -> list[Any] | None:
    return list(value) if isinstance(value, (list, tuple)) else None


def _number(value: Any) -> float:
    if isinstance(value, bool):
        raise ValueError(f"a plural form needs a count, not {value!r}")
    if isinstance(value, (int, float)):
        return value
    try:
        return float(str(value))
    except ValueError:
        raise ValueError(f"a plural form needs a count, not {value!r}") from None


def format_message(lang: str, template: str, /, **fields: Any) -> str:
    """Fill ``template`` like ``str.format``, choosing plural forms by ``lang``'s rules.

    A list or tuple value is written as the language lists things (``X1, O2 and X3``); a
    ``plural:`` spec on a list counts its items, and ``#`` is the list. A spec that is a
    case name (``{seat:ess}``, ``{player:gen}``, ``{marks:gen}``) puts each word in the
    form :data:`FORMS` gives it in ``lang``.

    >>> [format_message("fi", "Pelaat {seat:ess}", seat=seat) for seat in "XO"]
    ['Pelaat X:nä', 'Pelaat O:na']
    >>> format_message("fi", "jakaa ruudun 1 {marks:gen} kanssa", marks=["X1", "O2"])
    'jakaa ruudun 1 X1:n ja O2:n kanssa'
    >>> format_message("it", "Giochi {seat:con}", seat="O")
    'Giochi con la O'
    >>> format_message("it", "{squares:plural:one=la casella #|other=le caselle #}", squares=[6])
    'la casella 6'
    >>> format_message("en", "{squares:plural:one=square #|other=squares #}", squares=[6, 7, 9])
    'squares 6, 7 and 9'
    """
    plain = not _SPEC.search(template) and not any(
        isinstance(v, (list, tuple)) for v in fields.values()
    )
    if plain:  # the common case, at str.format's speed
        return template.format(**fields)
    return _MessageFormatter(lang).format(template, **fields)


# The CLDR locale whose number formats each language uses (the country decides
# nothing the kit prints, but Babel's data is per locale).
NUMBER_LOCALES: dict[str, str] = {
    "en": "en",
    "da": "da_DK",
    "fi": "fi_FI",
    "nb": "nb_NO",
    "it": "it_IT",
}


def _count_text(value: Any, lang: str) -> str:
    # A whole number below 1000 is written alike in every language: no need to load
    # Babel for it (the app in the browser prints only such counts).
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 1000:
        return str(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return number(value, lang=lang)
    return str(value)


def _locale(lang: str | None) -> str:
    code = get_language() if lang is None else lang
    if code not in NUMBER_LOCALES:
        raise ValueError(f"unknown language {code!r}: choose one of {', '.join(sorted(LANGUAGES))}")
    return NUMBER_LOCALES[code]


def number(
    value: float,
    places: int | None = None,
    *,
    significant: int | None = None,
    sign: bool = False,
    lang: str | None = None,
) -> str:
    """``value`` as ``lang`` (default: the current language) writes a number.

    ``places`` fixes the digits after the decimal mark (None: as many as needed, at most
    three); ``significant`` rounds to that many significant digits instead (as ``:.2g``
    does, but never in exponent notation); ``sign`` writes + before a positive number.
    Thousands are grouped: ``1,296`` in English, ``1.296`` in Danish, ``1 296`` in Finnish.

    >>> number(0.5, lang="it"), number(53.0, 1, lang="nb"), number(1296, lang="da")
    ('0,5', '53,0', '1.296')
    >>> number(123456789, significant=2, lang="en"), number(-1, sign=True, lang="fi")
    ('120,000,000', '-1')
    >>> number(0.5, sign=True, lang="da")
    '+0,5'
    """
    from decimal import Decimal

    from babel.numbers import format_decimal

    amount = Decimal(repr(float(value))) if isinstance(value, float) else Decimal(value)
    if significant is not None:
        amount = Decimal(f"{float(value):.{significant}g}")
        exponent = amount.as_tuple().exponent
        places = max(0, -exponent) if isinstance(exponent, int) else 0
    fraction = "0" * places if places is not None else "###"
    pattern = "#,##0" + (f".{fraction}" if fraction else "")
    if sign:
        pattern = f"+{pattern};-{pattern}"
    return str(format_decimal(amount, format=pattern, locale=_locale(lang)))


def percent(share: float, places: int = 0, *, lang: str | None = None) -> str:
    """The share ``share`` (0.578) as a percentage the way ``lang`` writes it.

    >>> percent(0.578, lang="en"), percent(0.578, lang="da"), percent(0.495, 1, lang="it")
    ('58%', '58\xa0%', '49,5%')
    """
    from babel import Locale
    from babel.numbers import format_percent

    locale = _locale(lang)
    pattern = Locale.parse(locale).percent_formats[None].pattern
    if places:
        pattern = re.sub(r"0(?=[^0#]*$)", "0." + "0" * places, pattern, count=1)
    return str(format_percent(share, format=pattern, locale=locale))


# The forms of the words the kit puts into sentences: the players X and O and the
# numbered marks X1 … O9. ``FORMS[lang][case][word]`` is a pattern in which ``~`` is the
# word. A numbered mark not listed takes the form of its last digit, because an ending
# follows the word said last: Finnish X3:n kanssa (kolmen), X3:na (kolmena), X1:nä (yhtenä).
# A template asks for a form by the case's name, ``{seat:ess}``; a language adds the
# cases its templates need (tests/test_forms.py renders every template with every value).
def _finnish(endings: str) -> dict[str, str]:
    # "X O 1 2 3 4 5 6 7 8 9": the ending after the colon for each word said last
    words = ["X", "O", *"123456789"]
    return {w: f"~:{e}" for w, e in zip(words, endings.split(), strict=True)}


FORMS: dict[str, dict[str, dict[str, str]]] = {
    "en": {},
    "da": {"gen": {w: "~'s" for w in ["X", "O", *"123456789"]}},
    "nb": {},
    "fi": {
        # äksä, oo; yksi, kaksi, kolme, neljä, viisi, kuusi, seitsemän, kahdeksan, yhdeksän
        "gen": _finnish("n n n n n n n n n n n"),  # X:n, O:n, X1:n (yhden)
        "ess": _finnish("nä na nä na na nä nä na nä na nä"),  # X:nä, O:na, X3:na (kolmena)
        "ade": _finnish("llä lla llä lla lla llä llä lla llä lla llä"),  # O:lla, X1:llä
        "ela": _finnish("stä sta stä sta sta stä stä sta stä sta stä"),  # O4:stä (neljästä)
        "ine": _finnish("ssä ssa ssä ssa ssa ssä ssä ssa ssä ssa ssä"),
        "part": _finnish("ää ta tä ta a ää ttä tta ää aa ää"),  # X:ää, O:ta, X3:a (kolmea)
        "all": _finnish("lle lle lle lle lle lle lle lle lle lle lle"),
        "ill": _finnish("ään hon een een een ään een een ään aan ään"),  # O:hon, X1:een
    },
    "it": {
        # the letters are feminine (la X, la O), as the game's Italian rule page writes them
        "art": {"X": "la ~", "O": "la ~"},
        "di": {"X": "della ~", "O": "della ~"},
        "a": {"X": "alla ~", "O": "alla ~"},
        "con": {"X": "con la ~", "O": "con la ~"},
        "da": {"X": "dalla ~", "O": "dalla ~"},
    },
}

# The word before the last item of a list: "X1, O2 and X3".
LIST_AND: dict[str, str] = {"en": "and", "da": "og", "fi": "ja", "nb": "og", "it": "e"}


def inflect(word: str, case: str, *, lang: str | None = None) -> str:
    """``word`` (X, O or a numbered mark) in the form ``case`` of ``lang``.

    >>> inflect("O", "ess", lang="fi"), inflect("X3", "gen", lang="fi")
    ('O:na', 'X3:n')
    >>> inflect("X", "a", lang="it")
    'alla X'
    """
    code = get_language() if lang is None else lang
    table = FORMS.get(code, {}).get(case)
    if table is None:
        raise ValueError(
            f"{code} has no form {case!r}: its forms are {sorted(FORMS.get(code, {}))}"
        )
    pattern = table.get(word) or table.get(word[-1:])
    if pattern is None:
        raise ValueError(f"no {case!r} form of {word!r} in {code}")
    return pattern.replace("~", word)


def join_list(items: list[Any], *, lang: str | None = None) -> str:
    """The items as ``lang`` lists them: ``X1, O2 and X3``, ``X1, O2 ja X3``.

    >>> join_list([6], lang="it"), join_list(["X1", "O2"], lang="nb")
    ('6', 'X1 og O2')
    """
    code = get_language() if lang is None else lang
    words = [str(item) for item in items]
    if len(words) < 2:
        return "".join(words)
    return f"{', '.join(words[:-1])} {LIST_AND.get(code, LIST_AND['en'])} {words[-1]}"
