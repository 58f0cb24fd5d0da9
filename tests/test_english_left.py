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


# --- beyond the prose: printed outputs, the guides' code blocks, CLI errors, site pages ---

REFERENCE = [
    (lang, p) for lang in english_left.LANGS for p in english_left.reference_notebooks(lang)
]
GUIDES = [
    (lang, p) for lang in english_left.LANGS for p in english_left.files(lang) if p.suffix == ".md"
]


@pytest.mark.parametrize(("lang", "path"), REFERENCE, ids=[p.name for _, p in REFERENCE])
def test_no_english_is_printed_or_commented_in_a_translated_notebook(lang, path):
    found = english_left.scan_outputs(lang, path)
    assert not found, "\n".join(map(str, found))


def test_every_language_has_its_outputs_and_guides_scanned():
    for lang in english_left.LANGS:
        assert len([p for lang_, p in REFERENCE if lang_ == lang]) >= 8
        assert any(p.name == "README.md" for lang_, p in GUIDES if lang_ == lang)


def test_a_planted_english_output_line_and_comment_are_found(tmp_path):
    source = ROOT / "tests" / "notebooks_ref" / "i18n" / "05_strategy.nb.ipynb"
    notebook = json.loads(source.read_text("utf-8"))
    at = next(
        i
        for i, c in enumerate(notebook["cells"])
        if c["cell_type"] == "code" and any(o.get("output_type") == "stream" for o in c["outputs"])
    )
    stream = next(o for o in notebook["cells"][at]["outputs"] if o["output_type"] == "stream")
    printed = "the heuristic player wins most of the games it plays"
    stream["text"] = "".join(stream["text"]) + printed + "\n"
    english = ROOT / "tests" / "notebooks_ref" / "05_strategy.ipynb"
    comment = next(  # a comment of the English notebook, copied as it is
        line
        for where, line in english_left.output_lines(english)
        if where.endswith("(comment)") and len(english_left.WORD.findall(line)) >= 3
    )
    code = next(i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code")
    notebook["cells"][code]["source"] = (
        "".join(notebook["cells"][code]["source"]) + f"\n# {comment}"
    )
    path = tmp_path / source.name
    path.write_text(json.dumps(notebook), "utf-8")
    found = {f.text for f in english_left.scan_outputs("nb", path)}
    assert found == {printed, comment}


@pytest.mark.parametrize(
    ("lang", "path"), GUIDES, ids=[str(p.relative_to(ROOT)) for _, p in GUIDES]
)
def test_no_english_in_the_code_blocks_of_a_translated_guide(lang, path):
    found = english_left.scan_code_blocks(lang, path)
    assert not found, "\n".join(map(str, found))


@pytest.mark.parametrize("lang", english_left.LANGS)
@pytest.mark.parametrize(
    "planted",
    [
        "   docker push registry.example.org/x   # then tell the hub where the image is",
        "   # only the rule card",  # short: two common English words
        "   FROM <the image you built>",
    ],
)
def test_a_planted_english_line_in_a_guide_code_block_is_found(tmp_path, lang, planted):
    source = ROOT / "lessons" / lang / "README.md"
    text = source.read_text("utf-8")
    fence = text.index("   ```bash\n") + len("   ```bash\n")
    path = tmp_path / "README.md"
    path.write_text(text[:fence] + planted + "\n" + text[fence:], "utf-8")
    found = [f.text for f in english_left.scan_code_blocks(lang, path)]
    assert len(found) == 1 and found[0] in planted, found


@pytest.mark.parametrize("lang", english_left.LANGS)
def test_an_english_comment_copied_from_the_english_guide_is_found(tmp_path, lang):
    english = english_left.code_block_texts((ROOT / "lessons" / "README.md").read_text("utf-8"))
    copied = next(t for t in english if len(english_left.WORD.findall(t)) >= 2)
    text = (ROOT / "lessons" / lang / "README.md").read_text("utf-8")
    fence = text.index("   ```bash\n") + len("   ```bash\n")
    path = tmp_path / "README.md"
    path.write_text(text[:fence] + f"   ls   # {copied}\n" + text[fence:], "utf-8")
    assert [f.text for f in english_left.scan_code_blocks(lang, path)] == [copied]


@pytest.mark.parametrize("lang", english_left.LANGS)
def test_the_command_line_refuses_in_the_language(lang):
    lines = list(english_left.cli_errors(lang))
    assert len({command for command, _ in lines}) == len(english_left.CLI_MISTAKES)
    found = english_left.scan_cli(lang)
    assert not found, "\n".join(map(str, found))


def test_a_planted_english_cli_error_is_found(monkeypatch):
    # argparse's own English comes through when a message has no catalog key
    from qttt_edu import cli

    messages = {k: v for k, v in cli.ARGPARSE_ERRORS.items() if v != "cli_invalid_choice"}
    monkeypatch.setattr(cli, "ARGPARSE_ERRORS", messages)
    found = english_left.scan_cli("fi")
    assert found and all("invalid choice" in f.text for f in found), found


@pytest.mark.parametrize("lang", english_left.LANGS)
def test_english_on_a_site_page_is_found(tmp_path, lang):
    from qttt_edu.i18n import catalog

    own = catalog(lang)
    page = tmp_path / "index.html"
    page.write_text(
        f"<html><head><title>{own['widget_title']}</title></head>"
        f"<body><p>{own['view_explain_superposition'].split('{')[0]}</p></body></html>",
        "utf-8",
    )
    assert english_left.scan_site(lang, tmp_path) == []
    english = catalog("en")["widget_title"]  # the built page's English title
    page.write_text(page.read_text("utf-8").replace(own["widget_title"], english), "utf-8")
    assert [f.text for f in english_left.scan_site(lang, tmp_path)] == [english]
    (tmp_path / "lessons").mkdir()
    (tmp_path / "lessons" / "more.html").write_text(
        "<p>Loading the game, this can take a minute the first time.</p>", "utf-8"
    )
    assert len(english_left.scan_site(lang, tmp_path)) == 2
