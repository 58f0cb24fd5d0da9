"""Build the translated student notebooks, notebooks/i18n/NN_<name>.<lang>.ipynb.

Each English notebook is built from tools/notebooks/nbNN_<name>.py; its translation
into a language lives in lessons/i18n/<name>_<lang>.py (for instance
``start_here_da.py`` for notebook 00, ``superposition_fi.py`` for notebook 01).
Each translation keeps its cells one for one: every Markdown cell is replaced by its
translation (looked up by a fingerprint of the English text, so a changed English
cell stops the build and is named instead of silently mistranslated), code cells stay
the same apart from comments and printed labels (each replacement, a text or a regular
expression, must still match the English code, or the build stops and names it), and
the first code cell switches the kit's language with ``set_language("<lang>")``. The
notebooks are then run, trimmed and published exactly like the English ones (a
reference copy with every output under tests/notebooks_ref/i18n/ for nbval, a student
copy without the answers).

Usage::

    python tools/i18n/build_translations.py                 # every translation there is
    python tools/i18n/build_translations.py da fi           # only these languages
    python tools/i18n/build_translations.py -n 00 -n 03 da  # only these notebooks
    python tools/i18n/build_translations.py --check         # English cells without a translation
    python tools/i18n/build_translations.py -n app          # only the app notebooks

The app notebook (notebooks/app.ipynb, source tools/notebooks/app_notebook.py) is
translated the same way by ``lessons/i18n/app_<lang>.py``, which also gives the page's
``TITLE`` (the browser tab's); it is written, not run (its only output is the live game).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib
import re
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent.parent
TABLES = ROOT / "lessons" / "i18n"  # the translations: data, not scripts
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tools" / "notebooks"))
sys.path.insert(0, str(TABLES))

from build_notebooks import METADATA, execute, set_ids  # noqa: E402
from common import fold, gate_reveals  # noqa: E402

OUT = ROOT / "notebooks" / "i18n"


def fingerprint(text: str) -> str:
    """A short, stable name for an English cell (whitespace does not count)."""
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:10]


APP = "app"  # the app notebook: a page with the game, built but not executed


def sources() -> dict[str, str]:
    """Notebook number -> the English source module's name, e.g. "01" -> "nb01_superposition",
    and "app" -> "app_notebook"."""
    found = {p.stem[2:4]: p.stem for p in sorted((ROOT / "tools" / "notebooks").glob("nb*_*.py"))}
    return {**found, APP: "app_notebook"}


def stem(number: str) -> str:
    """The notebook's file name without language and suffix: "01_superposition", "app"."""
    return APP if number == APP else sources()[number][2:]


def short(number: str) -> str:
    """The name the translation tables use: "superposition" for 01, "app" for the app."""
    return APP if number == APP else sources()[number][5:]


def table_name(number: str, lang: str) -> str:
    """The translation module of notebook ``number`` in ``lang``: ``<name>_<lang>``."""
    return f"{short(number)}_{lang}"


def translations() -> list[tuple[str, str]]:
    """Every (notebook number, language) that has a translation module."""
    found = []
    for number in sources():
        for path in sorted(TABLES.glob(f"{short(number)}_*.py")):
            lang = path.stem.removeprefix(f"{short(number)}_")
            if len(lang) == 2:
                found.append((number, lang))
    return found


def english_cells(number: str) -> list:
    """The English cells as the English notebook is built (reveal cells gated)."""
    return gate_reveals(importlib.import_module(sources()[number]).CELLS)


def missing(number: str, lang: str) -> list[tuple[str, str]]:
    table = importlib.import_module(table_name(number, lang))
    return [
        (fingerprint(c.source), c.source)
        for c in english_cells(number)
        if c.cell_type == "markdown" and fingerprint(c.source) not in table.MARKDOWN
    ]


def translate(number: str, lang: str) -> nbformat.NotebookNode:
    name = table_name(number, lang)
    table = importlib.import_module(name)
    gaps = missing(number, lang)
    if gaps:
        raise SystemExit(
            f"{name}: {len(gaps)} English cell(s) have no translation:\n\n"
            + "\n\n".join(f"[{fp}]\n{text}" for fp, text in gaps)
        )
    cells = []
    first_code = True
    used: set[str] = set()
    originals = english_cells(number)
    for cell in originals:
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            cell.source = table.MARKDOWN[fingerprint(cell.source)].strip("\n")
            fold(cell, importlib.import_module(f"common_{lang}").WHY)
        else:
            for english, translated in table.CODE:
                if isinstance(english, re.Pattern):  # a line whose code may vary
                    if english.search(cell.source):
                        used.add(english.pattern)
                        cell.source = english.sub(translated, cell.source)
                elif english in cell.source:
                    used.add(english)
                    cell.source = cell.source.replace(english, translated)
            if first_code and number != APP:  # the app's table passes play() its language
                cell.source = _switch_language(cell.source, lang)
                first_code = False
        cells.append(cell)
    stale = [
        getattr(english, "pattern", english)
        for english, _ in table.CODE
        if getattr(english, "pattern", english) not in used
    ]
    if stale:
        # The English code changed: a printed label (or a Python True/False the
        # translation turns into words) would otherwise stay English without a word.
        raise SystemExit(
            f"{name}: {len(stale)} code translation(s) match no English code cell any more:\n"
            + "\n".join(f"  {english}" for english in stale)
        )
    nb = nbformat.v4.new_notebook()
    nb.metadata = copy.deepcopy(METADATA)
    if number == APP:
        # The page's title, which Voila puts in the browser tab. Not a heading as well:
        # the app shows the game's name above the board itself, and a second one would
        # push the board below a projector's and a phone's first screen.
        nb.metadata["title"] = table.TITLE
        nb.metadata["voila"] = copy.deepcopy(importlib.import_module("app_notebook").VOILA)
    else:
        set_ids(cells, [c.source for c in originals])  # one id per cell in every language
    nb.cells = cells
    return nb


def _switch_language(source: str, lang: str) -> str:
    """Call set_language in the first code cell, right after its imports, before anything
    is shown. ``set_language`` joins the cell's ``from qttt_edu import ...`` line, or gets
    a line of its own where isort would put it, so the cell stays lint-clean."""
    lines = source.split("\n")
    end = 0  # the end of the leading import block (blank lines between groups included)
    for i, line in enumerate(lines):
        if re.match(r"(from|import) ", line):
            end = i + 1
        elif line.strip():
            break
    imports, rest = lines[:end], lines[end:]
    for i, line in enumerate(imports):
        found = re.fullmatch(r"from qttt_edu import (.+)", line)
        if found:
            names = sorted({*found.group(1).split(", "), "set_language"}, key=_isort_key)
            imports[i] = f"from qttt_edu import {', '.join(names)}"
            break
    else:
        at = next(
            (i for i, line in enumerate(imports) if line.startswith("from qttt_edu")),
            len(imports),
        )
        imports.insert(at, "from qttt_edu import set_language")
    call = f'set_language("{lang}")'
    if not rest or rest[0].strip():
        rest.insert(0, "")
    return "\n".join([*imports, "", call, *rest]) if imports else "\n".join([call, *rest])


def _isort_key(name: str) -> tuple[int, str]:
    """isort's order of imported names: CONSTANTS, then Classes, then functions."""
    kind = 0 if name.isupper() else 1 if name[:1].isupper() else 2
    return kind, name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", help="languages, e.g. da fi (default: all)")
    parser.add_argument(
        "-n", "--notebook", action="append", default=[], help="notebook number, e.g. 03"
    )
    parser.add_argument("--check", action="store_true", help="only list untranslated cells")
    args = parser.parse_args()
    todo = [
        (number, lang)
        for number, lang in translations()
        if (not args.languages or lang in args.languages)
        and (not args.notebook or number in args.notebook)
    ]
    if args.check:
        for number, lang in todo:
            for fp, text in missing(number, lang):
                print(f"{table_name(number, lang)} [{fp}]\n{text}\n")
        return

    OUT.mkdir(parents=True, exist_ok=True)
    for number, lang in todo:
        path = OUT / f"{stem(number)}.{lang}.ipynb"
        nbformat.write(translate(number, lang), path)
        if number == APP:
            print(f"wrote {path.relative_to(ROOT)}")  # a page: nothing to run
            continue
        seconds = execute(path)
        print(f"built {path.relative_to(ROOT)} in {seconds:.1f} s")


if __name__ == "__main__":
    main()
