"""Templates cannot break the grammar: every template of every language, rendered with every
value it can take (each player, each mark, each square, one and several), is checked
against a table of the forms each language allows after and around those words.

The tables are written here, apart from ``i18n.FORMS`` (which makes the forms), so a wrong
entry there is caught too. ``test_a_planted_bad_form_is_caught`` proves the check has teeth.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from typing import Any

import pytest

from qttt_edu import i18n

PLAYERS = {"player", "chooser", "seat", "winner", "loser", "to_act", "mover", "opponent"}
PLAYERS |= {"closer", "side"}
MARKS = {"mark", "by"}
SQUARES = {"square", "a", "b", "left", "other"}
LISTS = {
    "squares": ([6], [6, 7], [3, 6, 9]),
    "taken": ([5], [1, 5], [1, 5, 9]),
    "marks": (["X1"], ["X1", "O2"], ["O2", "X3"]),
}
ALL_MARKS = ["X1", "O2", "X3", "O4", "X5", "O6", "X7", "O8", "X9"]
COUNTS = (1, 2, 3, 8, 21, 1296)
NUMBERS = {"count", "n", "k", "nodes", "games", "total", "x", "o", "points"}

# --- the table of forms: what each language allows ------------------------------------

# Finnish: the ending after a mark follows the word said last (äksä, oo, yksi … yhdeksän).
_FI_SAID = ["X", "O", *"123456789"]
_FI_ENDINGS = {
    # nominative-less cases: genitive, essive, adessive, elative, inessive, partitive,
    # allative, illative; one column per word of _FI_SAID
    "n": "n n n n n n n n n n n",
    "ess": "nä na nä na na nä nä na nä na nä",
    "ade": "llä lla llä lla lla llä llä lla llä lla llä",
    "ela": "stä sta stä sta sta stä stä sta stä sta stä",
    "ine": "ssä ssa ssä ssa ssa ssä ssä ssa ssä ssa ssä",
    "part": "ää ta tä ta a ää ttä tta ää aa ää",
    "all": "lle lle lle lle lle lle lle lle lle lle lle",
    "ill": "ään hon een een een ään een een ään aan ään",
}
FI_ALLOWED = {
    word: {row.split()[i] for row in _FI_ENDINGS.values()} for i, word in enumerate(_FI_SAID)
}
_FI_ONE = "ruutua|merkkiä|siirtoa|todellisuutta|peliä|paria|pistettä|asemaa|toimintoa"
_FI_MANY = "ruutu|merkki|siirto|todellisuus|peli|pari|piste|asema|toiminto"
_IT_FEM = "casella|caselle|mossa|mosse|linea|linee|partita|partite|realtà|coppia|stanza"
_IT_MASC = "segno|segni|anello|anelli|collasso|tabellone|giocatore|punto|punti"
_MANY = r"\b(?:[02-9]|\d{2,}|\d+[.,\s]\d+)"

BAD: dict[str, list[tuple[str, str]]] = {
    "en": [
        (
            r"\b1 (?:squares|marks|games|positions|moves|actions|realities|points|pairs)\b",
            "plural after 1",
        ),
        (
            _MANY + r" (?:square|mark|game|position|action|reality|pair)\b",
            "singular after a number",
        ),
    ],
    "da": [
        (r"\b1 (?:felter|mærker|partier|positioner|virkeligheder|handlinger)\b", "plural after 1"),
        (
            _MANY + r" (?:felt|mærke|parti|position|virkelighed|handling)\b",
            "singular after a number",
        ),
        (r"\b[XO][1-9]?s\b", "a Danish genitive of a mark is X's"),
    ],
    "nb": [
        (r"\b1 (?:ruter|merker|partier|posisjoner|virkeligheter|handlinger)\b", "plural after 1"),
        (
            _MANY + r" (?:rute|merke|parti|posisjon|virkelighet|handling)\b",
            "singular after a number",
        ),
        (r"\b[XO][1-9]? sin\b", "the sin-genitive is ruled out (terms.json)"),
    ],
    "fi": [
        (r"\b1 (?:" + _FI_ONE + r")\b", "partitive after 1"),
        (_MANY + r" (?:" + _FI_MANY + r")\b", "nominative after a number above 1"),
        (r"\bruutuja \d+(?![\d,]| ja)", "ruutuja before one square"),
        (r"\bruutuun \d+(?:, \d+| ja \d+)", "ruutuun before several squares"),
        (r"\b\d+:(?:stä|sta|n|ssä|ssa)\b", "a case ending after a count: rephrase"),
        (r"\b[XO][1-9]? (?:kanssa|vuoro)\b", "genitive before kanssa/vuoro: X1:n kanssa"),
    ],
    "it": [
        (
            r"\b(?:il|lo|un|del|al|dal|nel|sul|dello|allo)\s+(?:" + _IT_FEM + r")\b",
            "article gender",
        ),
        (r"\b(?:la|una|della|alla|dalla|nella|sulla)\s+(?:" + _IT_MASC + r")\b", "article gender"),
        (r"\ble caselle \d+(?![\d,]| e )", "le caselle before one square"),
        (r"\bla casella \d+(?:, \d+| e \d+)", "la casella before several squares"),
        (r"\b1 (?:caselle|mosse|segni|partite|coppie|punti|posizioni)\b", "plural after 1"),
        (
            _MANY + r" (?:casella|mossa|segno|partita|coppia|punto|posizione)\b",
            "singular after a number",
        ),
        (
            r"\b(?:giochi|gioca|giocare|tocca a|turno di|giocare con|giochi con) [XO]\b",
            "la X, la O",
        ),
        (r"\b(?:di|a|da) (?:la|il) [XO]\b", "della X, alla X, dalla X"),
    ],
}


def bad_forms(lang: str, text: str) -> list[str]:
    """Every place ``text`` breaks the table of forms of ``lang``."""
    found = []
    if lang == "fi":
        for m in re.finditer(r"\b([XO][1-9]?):([a-zäö]+)", text):
            said = m.group(1)[-1]
            if m.group(2) not in FI_ALLOWED[said]:
                found.append(f"{m.group(0)!r}: not a Finnish form of {m.group(1)}")
    for pattern, why in BAD.get(lang, []):
        for m in re.finditer(pattern, text, flags=re.IGNORECASE if lang != "da" else 0):
            found.append(f"{m.group(0)!r}: {why}")
    return found


# --- rendering every template with every value ----------------------------------------


def _fields(template: str) -> dict[str, str]:
    """Each field of ``template`` and its format spec."""
    out: dict[str, str] = {}
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is not None:
            out[name] = spec or out.get(name, "")
    return out


def _values(name: str, spec: str) -> list[Any]:
    if name in LISTS:
        return list(LISTS[name])
    if name in PLAYERS:
        return ["X", "O"]
    if name in MARKS:
        return ALL_MARKS
    if spec.startswith("plural:") or name in NUMBERS:
        return list(COUNTS)
    if name in SQUARES:
        return list(range(1, 10))
    return [f"«{name}»"]


def _default(name: str, spec: str) -> Any:
    return _values(name, spec)[0] if name in PLAYERS | MARKS | set(LISTS) or spec else 5


def renderings(lang: str, messages: dict[str, str]) -> Iterator[tuple[str, str]]:
    """(key, text) for every template filled with every value of each field in turn."""
    for key, template in sorted(messages.items()):
        fields = _fields(template)
        base = {n: _default(n, s) for n, s in fields.items()}
        if not fields:
            yield key, template
        for name, spec in fields.items():
            for value in _values(name, spec):
                filled = {**base, name: value}
                yield key, i18n.format_message(lang, template, **filled)


@pytest.mark.parametrize("lang", sorted(i18n.LANGUAGES))
def test_every_template_renders_in_the_forms_of_its_language(lang):
    problems = sorted(
        {
            f"{key}: {p} in {text!r}"
            for key, text in renderings(lang, i18n.catalog(lang))
            for p in bad_forms(lang, text)
        }
    )
    assert not problems, "\n".join(problems)


PLANTED = [
    ("fi", "Pelaat {seat}:nä", "O:nä"),  # the old template: O is "oo", so O:na
    ("fi", "katso uudelleen ruutuja {squares}", "ruutuja 6"),
    ("fi", "X3 jakaa ruudun 1 ({marks} kanssa)", "O2 kanssa"),
    ("fi", "niin käy {k} todellisuudessa {n}:stä", ":stä"),
    ("it", "Tu giochi {seat}", "giochi O"),
    ("it", "guarda di nuovo le caselle {squares}", "le caselle 6"),
    ("it", "il casella {square}", "il casella"),
    ("da", "{player}s tur", "Xs"),
    ("nb", "{player} sin tur", "X sin"),
    ("en", "{count} squares", "1 squares"),
]


@pytest.mark.parametrize(("lang", "template", "expected"), PLANTED)
def test_a_planted_bad_form_is_caught(lang, template, expected):
    problems = [
        p for _, text in renderings(lang, {"planted": template}) for p in bad_forms(lang, text)
    ]
    assert any(expected in p for p in problems), problems


def test_the_forms_the_kit_makes_are_in_the_table():
    for case in i18n.FORMS["fi"]:
        for word in ["X", "O", *ALL_MARKS]:
            assert not bad_forms("fi", i18n.inflect(word, case, lang="fi")), (case, word)


def test_every_inflected_field_has_its_forms():
    # the formatter prints a word without a form as it is; here every real value must have one
    for lang in i18n.LANGUAGES:
        for key, template in i18n.catalog(lang).items():
            for name, spec in _fields(template).items():
                if re.fullmatch(r"[a-z]+", spec or "-"):
                    for word in _values(name, spec):
                        for item in word if isinstance(word, list) else [word]:
                            i18n.inflect(str(item), spec, lang=lang)  # raises if missing
                            assert name in PLAYERS | MARKS | set(LISTS), (lang, key, name)
