"""No English sentence is left in a translated notebook's text.

``tools/i18n/english_left.py`` reads the Markdown of every translated notebook and of
``notebooks/i18n/README.<lang>.md`` sentence by sentence, leaving out what may stay
English (code, names in backticks, link targets, formulas, the citation of Goff's
paper), and flags a sentence made of common English words. The teacher material under
``lessons/<lang>/`` gets the same check in ``tests/test_translated_lessons.py``.
"""

from __future__ import annotations

import doctest
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "i18n"))
import english_left  # noqa: E402

TEXTS = [
    (lang, path)
    for lang in english_left.LANGS
    for path in english_left.files(lang)
    if path.is_relative_to(ROOT / "notebooks")
]


@pytest.mark.parametrize(
    ("lang", "path"), TEXTS, ids=[str(p.relative_to(ROOT / "notebooks")) for _, p in TEXTS]
)
def test_no_english_sentence_is_left(lang, path):
    found = english_left.scan(lang, path)
    assert not found, "translate these sentences in the source (lessons/i18n/):\n" + "\n".join(
        map(str, found)
    )


@pytest.mark.parametrize("lang", english_left.LANGS)
def test_every_language_has_its_notebooks_and_readme_scanned(lang):
    # A glob that matched nothing would make the test above pass by checking nothing.
    names = {p.name for lang_, p in TEXTS if lang_ == lang}
    assert f"README.{lang}.md" in names
    assert f"00_start_here.{lang}.ipynb" in names
    assert f"07_metaphor_and_physics.{lang}.ipynb" in names


def test_a_planted_english_sentence_is_found(tmp_path):
    # The Danish notebook with one English sentence slipped into a Markdown cell: the
    # check names the notebook, the cell and the sentence.
    source = ROOT / "notebooks" / "i18n" / "03_measurement_and_collapse.da.ipynb"
    notebook = json.loads(source.read_text("utf-8"))
    cells = [i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "markdown"]
    at = cells[2]
    planted = "When a cycle closes, the other player decides which of the two squares it takes."
    notebook["cells"][at]["source"] = "".join(notebook["cells"][at]["source"]) + "\n\n" + planted
    path = tmp_path / source.name
    path.write_text(json.dumps(notebook), "utf-8")
    found = english_left.scan("da", path)
    assert [(f.where.endswith(f"cell {at + 1}"), f.text) for f in found] == [(True, planted)]


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("da", "The game is over as soon as one of the players has a line."),
        ("nb", "- Each square can hold more than one mark."),
        ("fi", "| Run the next cell, then compare |"),
        ("it", "**Before you start:** you should know how to play."),
    ],
)
def test_english_is_found_in_every_language_and_layout(lang, text):
    assert english_left.english_sentences(lang, text)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        # code, names, link targets and the citation may stay English
        ("da", "Kør `game.play(1, 2)` og se [ordlisten](../../lessons/glossary.md#the-game)."),
        (
            "fi",
            "A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum "
            "mechanics”, *Am. J. Phys.* **74**, 962–973 (2006)",
        ),
        ("nb", "```python\nfor move in game.moves():\n    print(move)\n```\nHer er to trekk."),
        ("it", "Il giocatore sceglie una casella; non è un caso, come si vede."),
        ("da", "Jeg er her i dag, og det er to for én under spillet."),
    ],
)
def test_what_may_stay_english_is_not_flagged(lang, text):
    assert english_left.english_sentences(lang, text) == []


def test_the_examples_in_the_checks_docstrings_hold():
    assert doctest.testmod(english_left).failed == 0
