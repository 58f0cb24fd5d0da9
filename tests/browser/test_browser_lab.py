"""The start-here notebook in JupyterLab and Notebook 7, in a real, offline browser: run it,
play a game (at a laptop size too), with the choice buttons in view at each cycle."""

from __future__ import annotations

import json
import os
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.i18n import t

from .browser_harness import (
    APP_TIMEOUT,
    PROJECTOR,
    START_HERE,
    Server,
    check_final,
    free_port,
    open_in_lab,
    play_game,
    run_all_cells,
    running,
    screenshot,
    server_env,
    shown_errors,
    wait_for_kernel,
    wait_until_idle,
)

pytestmark = pytest.mark.browser


LAPTOP = {"width": 1366, "height": 768}


def play_with_the_choice_in_view(page: Any, app: Any, size: dict[str, int]) -> None:
    """Play the scripted game; at each closed cycle the choice buttons are on screen."""
    seen: list[tuple[str, float, float]] = []

    def at_cycle(step: Any) -> None:
        if "closed a cycle" in step.status:
            page.wait_for_timeout(900)  # the smooth scroll
            box = app.locator(".qttt-choices").bounding_box()
            seen.append((step.status, box["y"], box["y"] + box["height"]))

    # At a watching player's pace: JupyterLab hands widget messages to kernel subshell
    # threads, and a click arriving while the previous one is still being drawn is
    # refused by the app until its handlers are serialised with a lock (reported).
    play_game(app, at_cycle, pace=True)
    assert seen, "the game closes a cycle"
    for status, top, bottom in seen:
        assert top >= 0 and bottom <= size["height"], f"choices out of view at {status}"


@pytest.mark.parametrize("size", [PROJECTOR, LAPTOP], ids=["1280x800", "1366x768"])
def test_start_here_runs_in_jupyterlab_and_a_whole_game_plays_by_clicking(
    lab: Any, offline_page: Any, size: dict[str, int]
) -> None:
    page = offline_page(viewport=size)
    open_in_lab(page, lab, START_HERE)
    run_all_cells(page)
    # The app that `app = play()` displays, in the output of that very cell.
    cell = page.locator(".jp-CodeCell", has_text="app = play()")
    app = cell.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    wait_until_idle(page)
    # Run All stopped at the first prediction, with one plain line and no traceback: the
    # cell that shows the result waits for a guess
    assert shown_errors(page) == [t("predict_wait")]
    waiting = page.locator(".jp-CodeCell", has_text="reveal.after(guess)")
    assert waiting.locator(".jp-OutputArea-output").count() == 1  # nothing it would print
    app.scroll_into_view_if_needed()
    play_with_the_choice_in_view(page, app, size)
    screenshot(page, f"lab-start-here-{size['width']}-x-wins", app)
    check_final(app)
    # JupyterLab asked no question over the lesson (its news and updates are off)
    assert page.locator(".jp-toast-message, .Toastify__toast").count() == 0


def test_the_kits_jupyterlab_defaults_turn_off_news_and_update_checks(lab: Any) -> None:
    """Installed with the kit (overrides.d): no toast asks about Jupyter news over the
    lesson at the first start, and JupyterLab calls no server outside for it."""
    url = lab.url("lab/api/settings/@jupyterlab/apputils-extension:notification")
    with urllib.request.urlopen(url, timeout=30) as answer:
        plugin = json.load(answer)
    assert plugin["settings"] == {}  # the user chose nothing: the defaults decide
    defaults = {name: spec.get("default") for name, spec in plugin["schema"]["properties"].items()}
    assert defaults["fetchNews"] == "false" and defaults["checkForUpdates"] is False


@pytest.fixture(scope="module")
def notebook7(notebook_root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A Notebook 7 server (the `notebook` package of the `lab` extra) over the notebooks."""
    pytest.importorskip("notebook", reason="Notebook 7 is in the lab extra: pip install -e .[lab]")
    work = tmp_path_factory.mktemp("notebook7")
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "notebook",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={notebook_root}",
        "--IdentityProvider.token=",
        "--PasswordIdentityProvider.hashed_password=",
        *(["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []),
    ]
    server = Server(
        name="Notebook 7",
        argv=argv,
        base_url=f"http://127.0.0.1:{port}/",
        ready_path="api",
        cwd=notebook_root,
        env=server_env(work, notebook_root),
        log_path=work / "notebook7.log",
    )
    with running(server):
        yield server


def test_notebook7_at_a_laptop_size_plays_a_game_with_the_choice_in_view(
    notebook7: Server, offline_page: Any
) -> None:
    page = offline_page(viewport=LAPTOP)
    page.goto(notebook7.url(f"notebooks/{START_HERE}"))
    page.locator(".jp-NotebookPanel").first.wait_for(timeout=APP_TIMEOUT)
    page.wait_for_function(
        "() => !!document.querySelector('.jp-Notebook .jp-Cell')", timeout=APP_TIMEOUT
    )
    wait_for_kernel(page)  # the kernel starts with the page
    run_all_cells(page)
    cell = page.locator(".jp-CodeCell", has_text="app = play()")
    app = cell.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    app.scroll_into_view_if_needed()
    play_with_the_choice_in_view(page, app, LAPTOP)
    screenshot(page, "notebook7-1366-x-wins", app)
    check_final(app)
