"""The Voilà app in a real, offline browser: only the game, sized for a projector, playable."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .browser_harness import (
    APP,
    APP_TIMEOUT,
    GAME,
    PROJECTOR,
    check_board,
    check_final,
    check_undo_and_new_game,
    open_app,
    play_game,
    running,
    screenshot,
    status_text,
    voila_server,
    wait_for_status,
)

pytestmark = pytest.mark.browser

CODE_SELECTORS = ".jp-InputArea, .jp-InputPrompt, .jp-CodeMirrorEditor, .cm-editor, .CodeMirror"


def code_lines(notebook: Path) -> list[str]:
    """Every non-blank source line of the notebook's code cells."""
    cells = json.loads(notebook.read_text())["cells"]
    lines = []
    for cell in cells:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            lines += [line.strip() for line in source.splitlines() if line.strip()]
    return lines


def assert_no_code_visible(page: Any, notebook: Path) -> None:
    visible = page.locator(CODE_SELECTORS).evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => e.className)"
    )
    assert visible == [], f"code input elements are visible: {visible}"
    text = page.inner_text("body")
    shown = [line for line in code_lines(notebook) if line in text]
    assert shown == [], f"the page shows the notebook's code: {shown}"


def test_voila_app_plays_a_whole_game_offline_and_shows_no_code(
    voila: Any, offline_page: Any, notebook_root: Path
) -> None:
    page = offline_page()
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    assert page.title() == "Quantum tic-tac-toe"
    assert app.count() == 1, "the app notebook should show exactly one game"
    assert_no_code_visible(page, notebook_root / APP)

    # On a projector the whole board and the entanglement graph beside it are
    # in view at once, without scrolling.
    corners = [app.locator(f".qttt-square-{s}").bounding_box() for s in (1, 9)]
    graph = app.locator(".qttt-graph").bounding_box()
    board_right = corners[1]["x"] + corners[1]["width"]
    board_bottom = corners[1]["y"] + corners[1]["height"]
    assert graph["x"] >= board_right, f"the graph {graph} is not beside the board {corners}"
    assert graph["x"] + graph["width"] <= PROJECTOR["width"], f"the graph {graph} is cut off"
    assert board_bottom <= PROJECTOR["height"], f"the board ends below the screen: {corners}"
    screenshot(page, "voila-app-start", app)

    play_game(app)
    screenshot(page, "voila-app-x-wins", app)
    page.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(page, "voila-app-x-wins-1920x1080", app)
    page.set_viewport_size(PROJECTOR)
    check_final(app)


def test_voila_undo_and_new_game_redraw_every_square(voila: Any, offline_page: Any) -> None:
    page = offline_page()
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    play_game(app)
    check_undo_and_new_game(app)


def test_voila_a_square_clicked_during_a_collapse_chooses(voila: Any, offline_page: Any) -> None:
    # The page sends a square clicked while a collapse is pending as a choice ("choose"):
    # one the collapse does not offer gets the rules' reason, an offered one collapses.
    page = offline_page()
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    for step in GAME[:4]:  # X1 and O2 on squares 1 and 2: O2 closed a cycle
        app.locator(f".{step.target}").click()
        wait_for_status(app, step.status)
    app.locator(".qttt-square-5").click()
    wait_for_status(app, r"^⚠ Not allowed: O2 can land only in square 1 or square 2, not square 5")
    check_board(app, "1-2 1-2")
    app.locator(".qttt-square-2").click()
    wait_for_status(app, r"^X, move 3: choose two squares")
    check_board(app, "1-2 1-2 c2")


def test_binder_voila_link_opens_the_app_through_jupyter_server(
    lab: Any, offline_page: Any, notebook_root: Path
) -> None:
    """The README badge's ``urlpath=voila/render/notebooks/app.ipynb``, on the Lab server."""
    page = offline_page()
    app = open_app(page, lab.url(f"voila/render/{APP}"))
    # The page is really offline: a request off localhost is refused by the test's guard.
    probe = "https://offline-probe.example/check"
    result = page.evaluate(f"fetch('{probe}').then(() => 'fetched', () => 'refused')")
    assert result == "refused" and page.offline_guard.probed
    assert_no_code_visible(page, notebook_root / APP)
    app.locator(".qttt-square-5").click()
    wait_for_status(app, r"^X, move 1: square 5 chosen")
    assert "square 5 chosen" in status_text(app)


def test_voila_started_from_any_folder_serves_the_kits_page_and_plays(
    offline_page: Any, notebook_root: Path, tmp_path: Path
) -> None:
    """``voila .../notebooks/app.ipynb`` from a folder with no ``voila.json`` and no option:
    the notebook's own metadata picks the kit's page (the qttt template, as pip installs
    it), and Voila's defaults are what the kit's settings choose for one page (no kernel
    pool, no culling of an open page)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    server = voila_server(notebook_root, tmp_path / "work", app=notebook_root / APP, cwd=elsewhere)
    assert (
        not list(elsewhere.iterdir()) and not (notebook_root / "notebooks" / "voila.json").exists()
    )
    with running(server):
        page = offline_page()
        response = page.goto(server.url(""), timeout=APP_TIMEOUT)
        assert response is not None and 'id="qttt-loading-title"' in response.text()
        app = page.locator(".qttt-app")
        app.wait_for(timeout=APP_TIMEOUT)
        wait_for_status(app, r"^X, move 1: choose two squares$")
        assert page.title() == "Quantum tic-tac-toe"
        assert_no_code_visible(page, notebook_root / APP)
        play_game(app)
        check_final(app)
    log = server.log_text(tail=20000)
    assert "preheat" not in log.lower() and "culling" not in log.lower(), log
