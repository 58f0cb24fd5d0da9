"""No page of the static site imports what the browser does not get (``BROWSER_LACKS``).

The site ships no networkx (and Pyodide has no matplotlib or numpy without a CDN), and
its kernel loads no package on ``import``: a module that the game or the lesson reaches,
even indirectly, would fail in the browser with ``ModuleNotFoundError``. So everything
the app can reach (the computer players and the panels included) must load without
them, and the start-here lesson, as the site ships it in each language, must run top to
bottom without them. (``tests/browser/test_browser_site.py`` plays and runs both in
the browser too; these checks are quick.)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.site.pages import lesson_notebooks
from qttt_edu.site.wheels import BROWSER_LACKS, SERVER_MODULES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools" / "notebooks"))
from common import asks, with_reference_guesses  # the build's own helpers

APP_MODULES = (
    "qttt_edu.widgets",
    "qttt_edu.widgets.app",
    "qttt_edu.widgets.board",
    "qttt_edu.widgets.controls",
    "qttt_edu.widgets.turns",
    "qttt_edu.widgets.shared",
    "qttt_edu.view",
    "qttt_edu.players",
    "qttt_edu.solver",
    "qttt_edu.quantum",
    "qttt_edu.entanglement",
    "qttt_edu.notation",
)

# Runs each cell's source (argv[1]: a JSON list) with BROWSER_LACKS made unimportable,
# as the browser has them, and prints the first failure (or "ok").
_RUNNER = """
import json, sys
for name in json.loads(sys.argv[2]):
    sys.modules[name] = None  # then importing it raises ModuleNotFoundError, as in the browser
namespace = {}
for number, source in enumerate(json.loads(sys.argv[1]), 1):
    try:
        exec(compile(source, f"cell {number}", "exec"), namespace)
    except Exception as err:
        print(f"cell {number}: {type(err).__name__}: {err}")
        break
else:
    print("ok")
"""


def _run_without_lacking(cells: list[str]) -> str:
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _RUNNER,
            json.dumps(cells),
            json.dumps([*BROWSER_LACKS, *SERVER_MODULES]),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
        env={"MPLBACKEND": "Agg", "PATH": "/usr/bin:/bin"},
    )
    return (done.stdout.strip().splitlines() or [done.stderr.strip()])[-1]


def _code_cells(notebook: dict[str, Any], guessed: bool = True) -> list[str]:
    """The code a student runs, in order; ``guessed``: with something written at every
    prediction and exercise (each cell that shows a result waits for it)."""
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if guessed and asks(cell):
            source = with_reference_guesses(source)
        cells.append(source)
    return cells


def test_the_game_app_imports_nothing_the_browser_lacks() -> None:
    imports = [f"import {name}" for name in APP_MODULES]
    assert _run_without_lacking(imports) == "ok"


@pytest.mark.parametrize("name", sorted(lesson_notebooks()))
def test_the_lesson_runs_without_what_the_browser_lacks(name: str) -> None:
    cells = _code_cells(lesson_notebooks()[name])
    assert len(cells) > 5
    assert _run_without_lacking(cells) == "ok", name
    # with nothing written, the first cell that would show a result stops the run
    stopped = _run_without_lacking(_code_cells(lesson_notebooks()[name], guessed=False))
    assert "NoGuessYet" in stopped, stopped


def test_the_check_sees_an_import_of_what_the_browser_lacks() -> None:
    # Not vacuous: the kit's graph module is the networkx view, and a cell that reaches
    # it fails here as it would in the browser.
    failure = _run_without_lacking(["x = 1", "from qttt_edu import graph"])
    assert failure.startswith("cell 2: ModuleNotFoundError") and "networkx" in failure, failure


def test_the_check_sees_an_import_of_what_the_site_leaves_out() -> None:
    # The command line and the rooms service are not in the site's wheel: a page that
    # reached them would fail in the browser, and fails here.
    failure = _run_without_lacking(["from qttt_edu.cli import main"])
    assert failure.startswith("cell 1: ImportError") or "ModuleNotFoundError" in failure, failure
