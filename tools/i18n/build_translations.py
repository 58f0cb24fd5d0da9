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

OUT = ROOT / "notebooks" / "i18n"


def fingerprint(text: str) -> str:
    """A short, stable name for an English cell (whitespace does not count)."""
    return hashlib.sha1(" ".join(text.split()).encode()).hexdigest()[:10]


def sources() -> dict[str, str]:
    """Notebook number -> the English source module's name, e.g. "01" -> "nb01_superposition"."""
    return {p.stem[2:4]: p.stem for p in sorted((ROOT / "tools" / "notebooks").glob("nb*_*.py"))}


def table_name(number: str, lang: str) -> str:
    """The translation module of notebook ``number`` in ``lang``: ``<name>_<lang>``."""
    return f"{sources()[number][5:]}_{lang}"


def translations() -> list[tuple[str, str]]:
    """Every (notebook number, language) that has a translation module."""
    found = []
    for number, module in sources().items():
        for path in sorted(TABLES.glob(f"{module[5:]}_*.py")):
            lang = path.stem.removeprefix(f"{module[5:]}_")
            if len(lang) == 2:
                found.append((number, lang))
    return found


def english_cells(number: str) -> list:
    return importlib.import_module(sources()[number]).CELLS


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
    for cell in english_cells(number):
        cell = copy.deepcopy(cell)
        if cell.cell_type == "markdown":
            cell.source = table.MARKDOWN[fingerprint(cell.source)].strip("\n")
        else:
            for english, translated in table.CODE:
                if isinstance(english, re.Pattern):  # a line whose code may vary
                    if english.search(cell.source):
                        used.add(english.pattern)
                        cell.source = english.sub(translated, cell.source)
                elif english in cell.source:
                    used.add(english)
                    cell.source = cell.source.replace(english, translated)
            if first_code:
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
    nb.cells = cells
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return nb


def _switch_language(source: str, lang: str) -> str:
    """Import and call set_language in the first code cell, before anything is shown."""
    lines = source.split("\n")
    imports = [ln for ln in lines if re.match(r"(from|import) ", ln)]
    rest = [ln for ln in lines if ln not in imports]
    while rest and not rest[0].strip():
        rest.pop(0)
    head = ["from qttt_edu import set_language", *imports, "", f'set_language("{lang}")']
    return "\n".join([*head, *rest])


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
    from build_notebooks import execute

    OUT.mkdir(parents=True, exist_ok=True)
    for number, lang in todo:
        path = OUT / f"{sources()[number][2:]}.{lang}.ipynb"
        nbformat.write(translate(number, lang), path)
        seconds = execute(path)
        print(f"built {path.relative_to(ROOT)} in {seconds:.1f} s")


if __name__ == "__main__":
    main()
