"""Number words of the kit's five languages, made by each language's own rules.

A student writes 36 as "thirty-six", "seksogtredive", "trettiseks" or "seksogtretti",
"kolmekymmentäkuusi" or "trentasei", and 1296 as "tusind to hundrede seksoghalvfems"
or "milleduecentonovantasei". Rather than list such words, this module builds every
number word from 0 to 999 of each language from its parts (units, tens, hundreds and
the way a language joins them), and reads thousands as ``[count] thousand [rest]``:

>>> value("thirtysix"), value("seksogtredive"), value("trettiseks"), value("seksogtretti")
(36, 36, 36, 36)
>>> value("kolmekymmentäkuusi"), value("trentasei"), value("trentotto"), value("ventuno")
(36, 36, 38, 21)
>>> value("tusindtohundredeseksoghalvfems"), value("milleduecentonovantasei")
(1296, 1296)
>>> value("onethousandtwohundredandninetysix"), value("twelvehundredninetysix")
(1296, 1296)
>>> value("threeandfive") is None, value("treogfem") is None, value("fiftyfifty") is None
(True, True, True)

``value`` takes a word run with its spaces and hyphens removed (``"tretti-seks"`` is
``"trettiseks"``), so a run of words is a number only when the words join the way the
language joins a number: "tre og fem" (three and five) is two numbers, "seks og
tredive" is one. The tables are built on first use (a few milliseconds) and kept.
"""

from __future__ import annotations

import functools
import re

__all__ = ["ELATIVES", "TENS", "UNITS", "is_part", "value"]

UNITS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen "
    "fourteen fifteen sixteen seventeen eighteen nineteen",
    "da": "nul en to tre fire fem seks syv otte ni ti elleve tolv tretten fjorten femten "
    "seksten sytten atten nitten",
    "nb": "null en to tre fire fem seks sju åtte ni ti elleve tolv tretten fjorten femten "
    "seksten sytten atten nitten",
    "fi": "nolla yksi kaksi kolme neljä viisi kuusi seitsemän kahdeksan yhdeksän kymmenen "
    "yksitoista kaksitoista kolmetoista neljätoista viisitoista kuusitoista "
    "seitsemäntoista kahdeksantoista yhdeksäntoista",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
    "quattordici quindici sedici diciassette diciotto diciannove",
}
"""The words for 0-19, in order, per language."""

TENS = {
    "en": "twenty thirty forty fifty sixty seventy eighty ninety",
    "da": "tyve tredive fyrre halvtreds tres halvfjerds firs halvfems",
    "nb": "tjue tretti førti femti seksti sytti åtti nitti",
    "fi": " ".join(f"{u}kymmentä" for u in UNITS["fi"].split()[2:10]),
    "it": "venti trenta quaranta cinquanta sessanta settanta ottanta novanta",
}
"""The words for 20, 30, ... 90, per language."""

ELATIVES = {
    "yhdestä": 1, "kahdesta": 2, "kolmesta": 3, "neljästä": 4, "viidestä": 5,
    "kuudesta": 6, "seitsemästä": 7, "kahdeksasta": 8, "yhdeksästä": 9, "kymmenestä": 10,
}  # fmt: skip
"""Finnish "out of n" is the number in the elative case: "2 kolmesta" is 2 out of 3."""

# Other spellings a student uses: Norwegian "syv" beside "sju", "ett" beside "en".
_ALSO = {"nb": {"syv": 7, "ett": 1, "tyve": 20, "tredve": 30, "førr": 40}, "da": {"et": 1}}
# How a language says "one hundred", "two hundred", "one thousand", "two thousand"
# (the multiplier is a word of 1-9; an empty prefix is the bare word).
_HUNDRED = {
    "en": ("hundred", ["", "one", "a"], "hundred", "and"),
    "da": ("hundrede", ["", "et", "en"], "hundrede", "og"),
    "nb": ("hundre", ["", "ett", "en"], "hundre", "og"),
    "fi": ("sata", [""], "sataa", ""),
    "it": ("cento", [""], "cento", ""),
}
_THOUSAND = {
    "en": ("thousand", ["", "one", "a"], "thousand", "and"),
    "da": ("tusind", ["", "et", "en"], "tusind", "og"),
    "nb": ("tusen", ["", "ett", "en"], "tusen", "og"),
    "fi": ("tuhat", [""], "tuhatta", ""),
    "it": ("mille", [""], "mila", "e"),
}


def _below_100(lang: str) -> dict[str, int]:
    """Every word for 0-99: units, tens and the language's way of joining them."""
    units = UNITS[lang].split()
    words = {w: i for i, w in enumerate(units)}
    words.update(_ALSO.get(lang, {}))
    ones = {w: i for w, i in words.items() if 1 <= i <= 9}
    for t, ten in enumerate(TENS[lang].split(), start=2):
        words[ten] = 10 * t
        for one, i in ones.items():
            for form in _joined(lang, ten, one):
                words[form] = 10 * t + i
    return words


def _joined(lang: str, ten: str, one: str) -> list[str]:
    """The ways ``lang`` writes ten + one as one word ("thirtysix", "seksogtredive")."""
    if lang == "da":
        return [f"{one}og{ten}"]
    if lang == "nb":  # the modern order and the older Danish-like one
        return [f"{ten}{one}", f"{one}og{ten}"]
    if lang == "it":  # "trentuno", "trentotto": the ten drops its vowel before a vowel
        forms = [f"{ten}{one}"]
        if one[0] in "aeiou":
            forms.append(f"{ten[:-1]}{one}")
        if one == "tre":
            forms.append(f"{ten}tré")
        return forms
    return [f"{ten}{one}"]


def _scaled(
    lang: str, below: dict[str, int], scale: int, names: tuple[str, list[str], str, str]
) -> dict[str, int]:
    """Words for ``count * scale + rest`` with count 1-9 (or 1-19 for English hundreds)."""
    single, prefixes, plural, joiner = names
    out: dict[str, int] = {}
    heads = {p + single: 1 for p in prefixes}
    counts = {w: i for w, i in below.items() if 2 <= i <= (19 if lang == "en" else 9)}
    heads.update({w + plural: i for w, i in counts.items()})
    if lang == "it":  # "duecento", "duemila"; "cento" and "mille" alone
        heads.update({w + ("cento" if scale == 100 else "mila"): i for w, i in counts.items()})
    for head, count in heads.items():
        out[head] = count * scale
        for rest, r in below.items():
            if 0 < r < scale:
                out[head + rest] = count * scale + r
                if joiner:
                    out[head + joiner + rest] = count * scale + r
                if lang == "it" and scale == 100 and rest[0] in "o":  # "centotto"
                    out[head[:-1] + rest] = count * scale + r
    return out


@functools.cache
def _table(lang: str) -> dict[str, int]:
    below = _below_100(lang)
    return {**below, **_scaled(lang, below, 100, _HUNDRED[lang])}


@functools.cache
def _thousand_re(lang: str) -> re.Pattern[str]:
    single, _, plural, joiner = _THOUSAND[lang]
    join = f"(?:{joiner})?" if joiner else ""
    return re.compile(rf"(?P<head>.*?)(?:{plural}|{single}){join}(?P<rest>.*)")


def _in(lang: str, word: str) -> int | None:
    """The value of ``word`` in one language, thousands included, or None."""
    table = _table(lang)
    if word in table:
        return table[word]
    match = _thousand_re(lang).fullmatch(word)
    if match is None:
        return None
    head, rest = match.group("head"), match.group("rest")
    count = 1 if head in _THOUSAND[lang][1] else table.get(head)
    tail = 0 if not rest else table.get(rest)
    if count is None or tail is None or not 1 <= count <= 9:
        return None
    return count * 1000 + tail


# words that join the parts of a number ("one hundred AND six", "seks OG tredive") or
# count a hundred or a thousand ("ET hundrede"), which are no number alone
_JOINERS = {"and", "og", "e", "a", "one", "et", "ett", "en"}


def is_part(word: str) -> bool:
    """Whether ``word`` can be part of a number word run (a number word or a joiner).

    >>> is_part("tretti"), is_part("og"), is_part("hundrede"), is_part("squares")
    (True, True, True, False)
    """
    low = word.lower()
    return low in _JOINERS or value(low) is not None


@functools.lru_cache(maxsize=4096)
def value(word: str, lang: str | None = None) -> int | None:
    """The number a word stands for (spaces and hyphens removed), in ``lang`` or any language.

    >>> value("tretti"), value("halvtreds"), value("ventotto", "it"), value("twentyone", "fi")
    (30, 50, 28, None)
    """
    word = word.lower()
    langs = [lang] if lang else list(UNITS)
    for code in langs:
        if code in UNITS and (found := _in(code, word)) is not None:
            return found
    return None
