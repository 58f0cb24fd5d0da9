"""The committed notebooks are what the build produces from their sources.

Every notebook is built: the English ones from ``tools/notebooks/nbNN_*.py`` by
``tools/build_notebooks.py``, the translations from ``lessons/i18n/<name>_<lang>.py`` by
``tools/i18n/build_translations.py``. A source edited without a rebuild would leave
students reading the old text, so this test builds every notebook's cells into memory
(in a second or two) and compares them with the committed copies: the student copy in
``notebooks/`` and the reference copy in ``tests/notebooks_ref/``.

What is compared: every cell's id, kind, source and metadata, and the notebook's
metadata and format version. Not compared: outputs. The build stores the outputs of a
run (figures, timings, random games), and running all 40 notebooks takes minutes;
nbval runs the reference copies in this suite and compares the outputs of the cells
marked ``# NBVAL_CHECK_OUTPUT`` instead, and ``tests/test_notebooks.py`` proves each
student copy is its reference copy without the answers.
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REFERENCE = ROOT / "tests" / "notebooks_ref"
sys.path.insert(0, str(ROOT / "tools" / "i18n"))
sys.path.insert(0, str(ROOT / "tools"))
import build_notebooks  # noqa: E402
import build_translations  # noqa: E402

# Notebooks in notebooks/ that no source builds: none may exist unlisted.
HAND_WRITTEN: set[str] = set()


def built() -> dict[str, nbformat.NotebookNode | str]:
    """Every notebook the build writes, unexecuted, by its path under notebooks/; for a
    translation the build refuses (an English cell changed), the builder's message."""
    out: dict[str, nbformat.NotebookNode | str] = {}
    for number in build_notebooks.numbers():
        name, nb = build_notebooks.notebook(number)
        out[name] = nb
    name, nb = build_notebooks.app_notebook()
    out[name] = nb
    for number, lang in build_translations.translations():
        name = f"i18n/{build_translations.stem(number)}.{lang}.ipynb"
        try:
            out[name] = build_translations.translate(number, lang)
        except SystemExit as refused:  # the builder names the English cell to translate
            out[name] = str(refused)
    return out


def differences(name: str, fresh: nbformat.NotebookNode, path: Path) -> list[str]:
    """How the committed notebook at ``path`` differs from the build's ``fresh`` cells,
    one line per difference, naming the notebook and the cell."""
    if not path.exists():
        return [f"{path.relative_to(ROOT)} is missing: run the build"]
    committed = nbformat.read(path, as_version=4)
    where = str(path.relative_to(ROOT))
    found = []
    for key in ("nbformat", "nbformat_minor", "metadata"):
        if committed[key] != fresh[key]:
            found.append(f"{where}: notebook {key} {committed[key]!r}, build {fresh[key]!r}")
    if len(committed.cells) != len(fresh.cells):
        found.append(f"{where}: {len(committed.cells)} cells, the build makes {len(fresh.cells)}")
    for i, (old, new) in enumerate(zip(committed.cells, fresh.cells, strict=False), 1):
        for key in ("id", "cell_type", "source", "metadata"):
            if old.get(key) == new.get(key):
                continue
            shown = new.get(key)
            if key == "source":  # the first line that differs
                lines = zip(old.source.splitlines(), new.source.splitlines(), strict=False)
                shown = next((b for a, b in lines if a != b), new.source.splitlines()[-1:])
            found.append(f"{where} cell {i}: {key} differs from the build's ({shown!r})")
    return found


BUILT = built()
NOTEBOOK = {name: nb for name, nb in BUILT.items() if not isinstance(nb, str)}
# The app notebooks are pages, never run: they have no reference copy.
CASES = [
    (name, copy_)
    for name in sorted(BUILT)
    for copy_ in ("student", "reference")
    if copy_ == "student" or not name.removeprefix("i18n/").startswith("app.")
]


@pytest.mark.parametrize(("name", "copy_"), CASES, ids=[f"{n}-{c}" for n, c in CASES])
def test_committed_notebook_is_what_the_build_makes(name, copy_):
    folder = NOTEBOOKS if copy_ == "student" else REFERENCE
    fresh = BUILT[name]
    assert not isinstance(fresh, str), f"the build refuses {name}:\n{fresh}"
    if copy_ == "reference":  # run with "?" written where the student writes a guess
        fresh = copy.deepcopy(fresh)
        build_notebooks.write_reference_guesses(fresh.cells)
    found = differences(name, fresh, folder / name)
    assert not found, (
        "the notebook is not what its source builds (edit the source, then run "
        "python tools/build_notebooks.py NN or python tools/i18n/build_translations.py "
        "-n NN LANG):\n" + "\n".join(found[:20])
    )


def test_every_committed_notebook_has_a_source():
    committed = {
        str(p.relative_to(NOTEBOOKS))
        for p in [*NOTEBOOKS.glob("*.ipynb"), *NOTEBOOKS.glob("i18n/*.ipynb")]
    }
    orphans = committed - set(BUILT) - HAND_WRITTEN
    assert not orphans, f"notebooks no source builds (add a source or delete them): {orphans}"


def test_the_comparison_notices_a_source_edited_without_a_rebuild():
    # A source changed, the notebook not rebuilt: the comparison must name the cell.
    name = "02_entanglement.ipynb"
    edited = copy.deepcopy(NOTEBOOK[name])
    edited.cells[3].source += "\nA sentence added to the source."
    found = differences(name, edited, NOTEBOOKS / name)
    assert any(f"{name} cell 4: source differs" in line for line in found), found
    edited = copy.deepcopy(NOTEBOOK[name])
    edited.cells.append(nbformat.v4.new_markdown_cell("A new cell."))
    assert any(
        "cells, the build makes" in line for line in differences(name, edited, NOTEBOOKS / name)
    )


def test_cell_ids_are_valid_and_unique():
    # Ids come from a hash of each cell, not a random number, so a rebuild changes no id;
    # the comparison above, whose build ran in this process, shows they match the committed.
    for name, nb in NOTEBOOK.items():
        ids = [c.id for c in nb.cells]
        assert len(set(ids)) == len(ids), f"{name}: repeated cell ids"
        nbformat.validate(nb)  # ids of 1-64 characters of [a-zA-Z0-9-_]


def test_a_translation_has_the_ids_of_its_english_cells():
    english = [c.id for c in NOTEBOOK["03_measurement_and_collapse.ipynb"].cells]
    for lang in ("da", "fi", "nb", "it"):
        translated = NOTEBOOK.get(f"i18n/03_measurement_and_collapse.{lang}.ipynb")
        if translated is not None:
            assert [c.id for c in translated.cells] == english, lang
