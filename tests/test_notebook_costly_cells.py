"""The translations' costly notebook cells, each match computed once (see tests/notebook_cells.py).

For every translated reference notebook with a costly cell, this test proves that the cell is
English's code with other words (strings and comments are all that differ), then runs the
translated notebook's code cells up to that cell in one namespace, in its language, and
compares what the costly cell prints and shows with the output stored in the notebook. The
expensive calls (``play_match``) are real; their results are shared between the four
languages, which run the same calls with the same arguments.
"""

from __future__ import annotations

import ast
import contextlib
import io
from pathlib import Path
from typing import Any

import nbformat
import pytest

from qttt_edu import players
from tests.notebook_cells import (
    COSTLY,
    ROOT,
    TRANSLATED_REFERENCE,
    code_shape,
    english_stem,
    is_costly_translated_cell,
)

CASES = sorted(p for p in TRANSLATED_REFERENCE.glob("*.ipynb") if english_stem(p) in COSTLY)
_RESULTS: dict[tuple[Any, ...], Any] = {}


def _shared_play_match(calls: list[int]) -> Any:
    """``play_match`` that computes each call of the cell once for all the languages.

    A call is known by its place in the cell and its arguments besides the players; the
    players' code is the same in every translation (``code_shape`` proves it), only their
    display names differ, and no result the cell prints depends on a name.
    """

    def play_match(player_x: Any, player_o: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(len(calls))
        key = (calls[-1], type(player_x).__name__, type(player_o).__name__, args, *kwargs.items())
        if key not in _RESULTS:
            _RESULTS[key] = players.play_match(player_x, player_o, *args, **kwargs)
        return _RESULTS[key]

    return play_match


def _run_cell(source: str, namespace: dict[str, Any]) -> tuple[str, str | None]:
    """Run a code cell as a notebook does: its printed text and its last expression's repr."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    out = io.StringIO()
    shown = None
    with contextlib.redirect_stdout(out):
        exec(compile(tree, "<cell>", "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), "<cell>", "eval"), namespace)
            shown = None if value is None else repr(value)
    return out.getvalue(), shown


def _stored(cell: Any) -> tuple[str, str | None]:
    printed = "".join(o.text for o in cell.outputs if o.output_type == "stream")
    results = [o.data["text/plain"] for o in cell.outputs if o.output_type == "execute_result"]
    return printed, (results[0] if results else None)


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.name)
def test_translated_costly_cell_prints_what_the_notebook_stores(path: Path) -> None:
    english = nbformat.read(ROOT / "tests" / "notebooks_ref" / f"{english_stem(path)}.ipynb", 4)
    translated = nbformat.read(path, 4)
    costly = [
        i
        for i, cell in enumerate(translated.cells)
        if cell.cell_type == "code" and is_costly_translated_cell(path, cell.source)
    ]
    assert costly, f"{path.name}: no cell contains {COSTLY[english_stem(path)]!r}"
    namespace: dict[str, Any] = {"__name__": "__main__"}
    calls: list[int] = []
    for index, cell in enumerate(translated.cells[: costly[-1] + 1]):
        if cell.cell_type != "code":
            continue
        if "play_match" in namespace:
            namespace["play_match"] = _shared_play_match(calls)
        printed, shown = _run_cell(cell.source, namespace)
        if index in costly:
            assert code_shape(cell.source) == code_shape(english.cells[index].source), (
                f"{path.name} cell {index}: the code differs from English beyond its words"
            )
            assert (printed, shown) == _stored(cell), f"{path.name} cell {index}"
    assert calls, "the costly cell called no play_match: the marker in COSTLY is stale"


def test_only_the_translations_leave_costly_cells_to_this_test() -> None:
    english = ROOT / "tests" / "notebooks_ref" / "07_metaphor_and_physics.ipynb"
    assert not is_costly_translated_cell(english, "play_match(a, b)")
    assert is_costly_translated_cell(CASES[0], "x = play_match(a, b)")
    assert not is_costly_translated_cell(CASES[0], "print('cheap')")
    assert len(CASES) == 4


def test_the_shape_check_catches_a_changed_computation() -> None:
    """A translation that changed the games or the seed is not the same computation."""
    cell = nbformat.read(CASES[0], 4).cells
    source = next(c.source for c in cell if is_costly_translated_cell(CASES[0], c.source))
    assert code_shape(source) != code_shape(source.replace("seed=11", "seed=12"))
    assert code_shape(source) != code_shape(source.replace("GAMES = 500", "GAMES = 50"))
