"""The static site's game page starts without the wheels in ``APP_SKIPS`` (networkx).

Pyodide loads a package only when the page's start-up list names it or a cell's own
``import`` line does; a module that the game imports indirectly would fail in the
browser with ``ModuleNotFoundError``. So everything the app can reach, the computer
players and the panels included, must load without them. (The browser tests in
``tests/browser/test_browser_site.py`` play whole games there too; this check is quick.)
"""

from __future__ import annotations

import subprocess
import sys

from qttt_edu.site.build import APP_SKIPS

APP_MODULES = (
    "qttt_edu.widgets",
    "qttt_edu.widgets.app",
    "qttt_edu.widgets.board",
    "qttt_edu.widgets.controls",
    "qttt_edu.widgets.turns",
    "qttt_edu.widgets.shared",
    "qttt_edu.widgets.text",
    "qttt_edu.view",
    "qttt_edu.players",
    "qttt_edu.solver",
    "qttt_edu.quantum",
    "qttt_edu.entanglement",
    "qttt_edu.notation",
)


def _loaded_after(modules: tuple[str, ...]) -> set[str]:
    code = (
        "import importlib, sys\n"
        f"for name in {list(modules)!r}:\n"
        "    importlib.import_module(name)\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    return set(done.stdout.split())


def test_the_game_app_loads_none_of_the_skipped_wheels() -> None:
    loaded = _loaded_after(APP_MODULES)
    assert "qttt_edu" in loaded and "ipywidgets" in loaded
    assert not loaded & set(APP_SKIPS), f"the app imports {sorted(loaded & set(APP_SKIPS))}"


def test_the_check_sees_a_skipped_wheel_when_one_is_imported() -> None:
    assert "networkx" in _loaded_after(("qttt_edu.graph",))
