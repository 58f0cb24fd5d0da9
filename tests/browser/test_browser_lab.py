"""The start-here notebook in JupyterLab, in a real, offline browser: run it, play a game."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_harness import (
    APP_TIMEOUT,
    START_HERE,
    check_final,
    open_in_lab,
    play_game,
    run_all_cells,
    screenshot,
    wait_until_idle,
)

pytestmark = pytest.mark.browser


def test_start_here_runs_in_jupyterlab_and_a_whole_game_plays_by_clicking(
    lab: Any, offline_page: Any
) -> None:
    page = offline_page()
    open_in_lab(page, lab, START_HERE)
    run_all_cells(page)
    # The app that `app = play()` displays, in the output of that very cell.
    cell = page.locator(".jp-CodeCell", has_text="app = play()")
    app = cell.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    wait_until_idle(page)
    tracebacks = page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']")
    assert tracebacks.count() == 0, f"a cell failed: {tracebacks.first.inner_text()}"
    app.scroll_into_view_if_needed()
    # At a watching player's pace: JupyterLab hands widget messages to kernel subshell
    # threads, and a click arriving while the previous one is still being drawn is
    # refused by the app until its handlers are serialised with a lock (reported).
    play_game(app, pace=True)
    screenshot(page, "lab-start-here-x-wins", app)
    check_final(app)
