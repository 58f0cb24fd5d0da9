"""Build the lesson notebooks from their sources in tools/notebooks/, then run them.

Usage::

    python tools/build_notebooks.py            # build and execute every notebook
    python tools/build_notebooks.py 04 02      # only these
    python tools/build_notebooks.py --no-run   # write the cells, keep them unexecuted
    python tools/build_notebooks.py app        # only the app notebook (never executed)

Execution uses ``jupyter nbconvert --execute --inplace`` so execution counts are
in order. Afterwards outputs are trimmed so the repository stays small and the
notebooks render well: widget state is dropped, widget outputs and exercise cells (still holding
``...``) are cleared, and large PNGs are removed (they come back when run).

Each notebook is then published twice (:func:`publish`):

* the **reference copy**, ``tests/notebooks_ref/<name>.ipynb``, keeps every output; nbval
  runs it in the test suite and compares the cells marked ``# NBVAL_CHECK_OUTPUT``;
* the **student copy**, ``notebooks/<name>.ipynb``, is the same notebook without the
  outputs of the cells that answer a prediction or an exercise (tagged ``reveal``), so
  no answer shows before the student has written a guess. tests/test_notebooks.py proves
  the two copies differ in nothing else.

Cell ids are a hash of each cell (:func:`set_ids`), and the run's timestamps and the
kernel's version are dropped, so rebuilding an unchanged source changes nothing but
outputs that really changed. ``notebooks/app.ipynb`` is built from
``tools/notebooks/app_notebook.py`` too, but not run (its only output is the live game).

Validate with ``python -m pytest tests/notebooks_ref tests/test_notebooks.py
tests/test_build_sync.py`` (the last checks that the committed notebooks are what the
sources build).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import importlib
import os
import subprocess
import sys
import time
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
SOURCES = Path(__file__).resolve().parent / "notebooks"
OUT = ROOT / "notebooks"
REFERENCE = ROOT / "tests" / "notebooks_ref"
HIDDEN = "reveal"  # the tag of cells whose output the student copy leaves out
MAX_PNG = 100_000  # base64 characters: keep small figures, drop big ones

sys.path.insert(0, str(SOURCES))

from common import (  # noqa: E402
    asks,
    fold,
    gate_reveals,
    with_reference_guesses,
    without_reference_guesses,
)

METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def set_ids(cells: list[nbformat.NotebookNode], keys: list[str] | None = None) -> None:
    """Give ``cells`` ids that are the same on every build: a hash of each cell's kind and
    ``keys[i]`` (default: its source), so a rebuild changes no id and an edit changes only
    the id of the cell edited. A translation passes the English sources as ``keys``: a cell
    has one id in every language. Repeated cells get ``-2``, ``-3``... (ids are unique)."""
    seen: dict[str, int] = {}
    for i, cell in enumerate(cells):
        key = cell.source if keys is None else keys[i]
        base = hashlib.sha1(f"{cell.cell_type}\n{key}".encode()).hexdigest()[:12]
        seen[base] = seen.get(base, 0) + 1
        cell.id = base if seen[base] == 1 else f"{base}-{seen[base]}"


def notebook(number: str) -> tuple[str, nbformat.NotebookNode]:
    """The file name and unexecuted cells of notebook ``number`` (e.g. "04"), as built."""
    module = importlib.import_module(next(p.stem for p in SOURCES.glob(f"nb{number[:2]}_*.py")))
    nb = nbformat.v4.new_notebook()
    nb.cells = gate_reveals(copy.deepcopy(module.CELLS))  # no result before a guess
    set_ids(nb.cells)  # from the source as written, as a translation's ids are
    for cell in nb.cells:
        fold(cell)  # an explanation stays folded until the student opens it
    nb.metadata = copy.deepcopy(METADATA)
    return f"{module.NAME}.ipynb", nb


def app_notebook() -> tuple[str, nbformat.NotebookNode]:
    """The file name and cells of the app notebook (tools/notebooks/app_notebook.py): built
    but never executed, since its only output is the live game."""
    module = importlib.import_module("app_notebook")
    nb = nbformat.v4.new_notebook()
    nb.cells = copy.deepcopy(module.CELLS)  # ids fixed in the source: pages link to them
    nb.metadata = {
        **copy.deepcopy(METADATA),
        "title": module.TITLE,
        "voila": copy.deepcopy(module.VOILA),
    }
    return f"{module.NAME}.ipynb", nb


def numbers() -> list[str]:
    """The numbers of every notebook source, in order: "00", "01", ..."""
    return sorted({p.stem[2:4] for p in SOURCES.glob("nb*_*.py")})


def build(number: str, out: Path = OUT) -> Path:
    name, nb = notebook(number)
    path = out / name
    nbformat.write(nb, path)
    return path


def run(path: Path) -> float:
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)  # let the kernel use the inline backend
    start = time.perf_counter()
    subprocess.run(
        [
            sys.executable,
            "-m",
            "jupyter",
            "nbconvert",
            "--to",
            "notebook",
            "--execute",
            "--inplace",
            "--ExecutePreprocessor.timeout=120",
            str(path),
        ],
        check=True,
        env=env,
        cwd=OUT,
    )
    return time.perf_counter() - start


def trim(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nb.metadata.pop("widgets", None)
    # the kernel's version and lexer, which differ from machine to machine
    nb.metadata["language_info"] = copy.deepcopy(METADATA["language_info"])
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        cell.metadata.pop("execution", None)  # the run's timestamps: noise in every diff
        if {"exercise", "prediction"} & set(cell.metadata.get("tags", [])):
            cell.outputs = []  # the student's answer or guess goes here
            cell.execution_count = None
            continue
        checked = "NBVAL_CHECK_OUTPUT" in cell.source
        kept = []
        for out in cell.outputs:
            if checked and set(out.get("data", {})) - {"text/plain"}:
                # nbval compares every stored format except PNG/JPEG: an SVG or HTML
                # drawing in a checked cell would fail whenever the drawing changes
                raise SystemExit(
                    f"{path.name}: a checked cell shows more than text:\n{cell.source}"
                )
            data = out.get("data", {})
            if data.pop("application/vnd.jupyter.widget-view+json", None) is not None:
                continue  # a widget's text fallback is a long repr: store nothing
            if len(data.get("image/png", "")) > MAX_PNG:
                data.pop("image/png")
            if out.get("output_type") in ("display_data", "execute_result") and not data:
                continue
            if (
                out.get("output_type") == "stream"
                and kept
                and kept[-1].get("output_type") == "stream"
                and kept[-1].get("name") == out.get("name")
            ):
                kept[-1]["text"] += out["text"]  # one block per stream, however it was flushed
                continue
            kept.append(out)
        cell.outputs = kept
    nbformat.write(nb, path)


def reference_path(student: Path) -> Path:
    """Where the reference copy of the student notebook ``student`` lives."""
    return REFERENCE / student.resolve().relative_to(OUT)


def student_copy(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The reference notebook ``nb`` without the outputs of its ``reveal`` cells, and with
    ``...`` again where the reference wrote its guesses and answers."""
    out = copy.deepcopy(nb)
    for cell in out.cells:
        if cell.cell_type != "code":
            continue
        tags = cell.metadata.get("tags", [])
        if HIDDEN in tags:
            cell.outputs = []
            cell.execution_count = None
        if asks(cell):
            cell.source = without_reference_guesses(cell.source)
    return out


def reference_guesses(path: Path) -> None:
    """Write the reference's guess (``"?"``) into every prediction and exercise of the
    notebook at ``path``, so that its run gets past each ``reveal.after`` and shows every
    result for nbval; :func:`student_copy` puts ``...`` back."""
    nb = nbformat.read(path, as_version=4)
    write_reference_guesses(nb.cells)
    nbformat.write(nb, path)


def write_reference_guesses(cells: list[nbformat.NotebookNode]) -> None:
    """The reference's guess in every prediction and exercise of ``cells`` (in place)."""
    for cell in cells:
        if asks(cell):
            cell.source = with_reference_guesses(cell.source)


def publish(path: Path) -> Path:
    """Move the executed, trimmed notebook at ``path`` to its reference copy; write the
    student copy (reveal outputs left out) at ``path``. Returns the reference path."""
    nb = nbformat.read(path, as_version=4)
    ref = reference_path(path)
    ref.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, ref)
    nbformat.write(student_copy(nb), path)
    return ref


def execute(path: Path) -> float:
    """Run, trim and publish the notebook at ``path`` (reference and student copies);
    returns the seconds the run took."""
    reference_guesses(path)
    seconds = run(path)
    trim(path)
    publish(path)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="notebook numbers, e.g. 04 02, or app")
    parser.add_argument("--no-run", action="store_true")
    args = parser.parse_args()
    if not args.only or "app" in args.only:
        name, nb = app_notebook()
        nbformat.write(nb, OUT / name)
        print(f"wrote notebooks/{name}")
    for number in [n for n in args.only if n != "app"] if args.only else numbers():
        path = build(number)
        if args.no_run:
            print(f"wrote {path.relative_to(ROOT)}")
            continue
        seconds = execute(path)
        print(f"built {path.relative_to(ROOT)} in {seconds:.1f} s")


if __name__ == "__main__":
    main()
