"""The game terms of the seed pages, used in every translated text.

``lessons/i18n/terms.json`` is the one table of terms (shown in the glossary). Each
language has rules for the words a translation must not use instead of the seed
page's word: "cyklus" for the Danish "løkke", "sykli" for the Finnish "silmukka",
"tavoliere" for the Italian "tabellone", a neuter "et kollaps" for the Norwegian
masculine "en kollaps". The scan covers every translated text by glob, so a plan,
worksheet or notebook translated later is checked without editing this file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "i18n"))
try:
    import terms
finally:
    sys.path.pop(0)

TABLE = terms.load()
LANGS = TABLE["languages"]


@pytest.mark.parametrize("lang", LANGS)
def test_no_translated_text_uses_a_ruled_out_term(lang):
    found = terms.scan(lang)
    assert not found, f"{len(found)} ruled-out term(s) in {lang}:\n" + "\n".join(
        map(str, found[:40])
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_scan_reads_every_kind_of_translated_text(lang):
    # A glob that silently matched nothing would make the test above pass vacuously.
    scanned = {str(p.relative_to(ROOT)) for p in terms.files(lang)}
    for expected in [
        f"qttt_edu/locales/{lang}/core.json",
        f"qttt_edu/locales/{lang}/widget.json",
        f"lessons/rules/{lang}.md",
        f"lessons/i18n/start_here_{lang}.py",
        f"notebooks/i18n/00_start_here.{lang}.ipynb",
    ]:
        assert expected in scanned, f"the term scan misses {expected}"
    # the teacher material translated into lessons/<lang>/ (the guide, plans, glossary,
    # exit tickets, quiz), whichever files exist yet
    for path in (ROOT / "lessons" / lang).glob("**/*.md"):
        assert str(path.relative_to(ROOT)) in scanned, f"the term scan misses {path}"
    assert not any(f"/{other}/" in path for path in scanned for other in LANGS if other != lang)


# Sentences a careless translation might write, and what the rules must say about them:
# (language, text, ruled out?). Inflected forms, capitals and compounds included.
CASES = [
    ("da", "Cyklussen er lukket.", True),
    ("da", "to cykler", True),
    ("da", "en lukket sløjfe", True),
    ("da", "Kvante-kryds-og-bolle til undervisningen", True),
    ("da", "ingen omvendt udgave", True),
    ("da", "Tre på række vinder.", True),
    ("da", "2 × 2 = 4 klassiske bræt", True),
    ("da", "de tre lige tunge bræt", True),
    ("da", "linjen blev fuldført først", True),
    ("da", "{player}s linje", True),
    ("da", "Løkken lukkes, og løkker kollapser; hvert bræt og det tomme bræt; 4 brætter.", False),
    ("da", "Kvante-kryds og bolle, tre på stribe, X's linje blev fuldendt.", False),
    ("da", "Giv os et tip.", False),
    ("fi", "sykli", True),
    ("fi", "X sulki syklin", True),
    ("fi", "ruutu syklissä", True),
    ("fi", "Syklit romahtavat", True),
    ("fi", "Peru viimeisin teko", True),
    ("fi", "valitsee tekoaan", True),
    ("fi", "jonka täydensi X5", True),
    ("fi", "numeroitu lukujärjestyksessä", True),
    ("fi", "X sulki silmukan; silmukassa; toiminto; teoria; tekoäly; täydellinen peli", False),
    ("nb", "Kvante-bondesjakk", True),
    ("nb", "kvante-tripp-trapp-tresko", True),
    ("nb", "en løkke", True),
    ("nb", "et kollaps", True),
    ("nb", "ett mulig kollaps", True),
    ("nb", "det første kollapset", True),
    ("nb", "X sitt niende trekk", True),
    ("nb", "{player} sin linje", True),
    ("nb", "Spillet er over.", True),
    ("nb", "I settets regler", True),
    ("nb", "en kollaps, kollapsen, den første kollapsen, har kollapset, Xs trekk", False),
    ("nb", "ikke noe kollapsvalg; partiet er slutt", False),
    ("nb", "Etter kollapset gjør velgeren neste trekk.", True),
    ("nb", "Kollapset avgjør hvert merke.", True),
    ("nb", "En syklus har nettopp kollapset. Syklusen kollapset med en gang.", False),
    ("it", "il tavoliere", True),
    ("it", "Tavolieri classici", True),
    ("it", "ha chiuso un ciclo", True),
    ("it", "i cicli", True),
    ("it", "la versione inversa", True),
    ("it", "la linea del tempo", True),
    ("it", "Copia fuori", True),
    ("it", "il tabellone, l'anello, gli anelli, la cronologia, Misère", False),
    ("it", "in Python un ciclo for ripete un blocco", False),
]


@pytest.mark.parametrize(("lang", "text", "ruled_out"), CASES)
def test_rules_catch_inflected_forms_and_spare_the_right_words(lang, text, ruled_out):
    found = terms.scan_text(lang, text)
    assert bool(found) == ruled_out, found


def test_a_finding_names_the_file_the_word_and_the_word_to_use():
    (finding,) = terms.scan_text("fi", "X sulki syklin.", "rules/fi.md:3")
    assert finding.where == "rules/fi.md:3"
    assert finding.found == "syklin"
    assert finding.use == "silmukka"
    assert "syklin" in str(finding) and "silmukka" in str(finding)


def test_every_language_has_every_term_and_rules_that_compile():
    for term in TABLE["terms"]:
        for lang in ["en", *LANGS]:
            assert term.get(lang, "").strip(), f"term {term['en']!r} lacks {lang}"
    for lang in LANGS:
        avoid, _ = terms.rules(lang)
        assert avoid, f"no rules for {lang}"
        for entry in TABLE["avoid"][lang]:
            assert entry["use"] and entry["why"]
            assert sum(k in entry for k in ("prefix", "words", "pattern")) == 1, entry
        for entry in TABLE["allow"].get(lang, []):
            assert entry["why"], entry


def test_the_seed_terms_themselves_pass_the_rules():
    # The table's own words (the seed's) must never be ruled out by its rules.
    for lang in LANGS:
        words = " ; ".join(term[lang] for term in TABLE["terms"])
        assert not terms.scan_text(lang, words), terms.scan_text(lang, words)


def test_glossary_shows_the_current_table():
    assert terms.glossary_is_current(), "run: python tools/i18n/terms.py --write"
    glossary = terms.GLOSSARY.read_text("utf-8")
    for term in TABLE["terms"]:
        assert term["en"] in glossary
    for must in ["board", "løkke", "silmukka", "Kvante-tre på rad", "tabellone", "anello"]:
        assert must in glossary
