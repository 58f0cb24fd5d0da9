"""Join by code in JupyterLab: the other player's actions arrive in a real Lab page.

JupyterLab (with ipykernel 7) hands widget messages to other threads than the one
that ran the cell; the app must still draw a change made on another screen, and the
link it offers must point to Voilà on the same server.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.rooms import RoomStore

from .browser_harness import (
    APP_TIMEOUT,
    open_in_lab,
    run_all_cells,
    screenshot,
    wait_for_log,
    wait_for_status,
    wait_until_idle,
)

pytestmark = pytest.mark.browser


def write_notebook(path: Path, source: str) -> None:
    import nbformat

    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source)]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, path)


def test_join_by_code_in_jupyterlab_and_see_the_other_players_moves(
    lab: Any, offline_page: Any, notebook_root: Path, tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'lab-games.sqlite3'}"
    write_notebook(
        notebook_root / "shared_lab.ipynb",  # beside the copy of notebooks/, not in it
        f"from qttt_edu.widgets import play\n\napp = play(rooms={url!r}, computer_delay=0)\n",
    )
    store = RoomStore(url)
    try:
        ada = store.create_room(nickname="Ada")  # Ada plays X on another screen
        page = offline_page()
        open_in_lab(page, lab, "shared_lab.ipynb", workspace="shared-games")
        run_all_cells(page)
        app = page.locator(".qttt-app")
        app.wait_for(timeout=APP_TIMEOUT)
        wait_until_idle(page)
        app.locator(".qttt-room-input input").fill(ada.label.lower())
        app.locator(".qttt-shared-join").click()
        wait_for_status(app, rf"You joined room {ada.label} and play O")
        # no app.ipynb beside this notebook: Voila renders the notebook itself, whose
        # play() opens the link's room (tests/browser/test_browser_lab_links.py: beside)
        link_node = app.locator("a.qttt-invite-link")
        link_node.wait_for()
        link = link_node.get_attribute("href") or ""
        assert link == lab.url(f"voila/render/shared_lab.ipynb?room={ada.label}"), link

        store.act(ada.code, ada.credential, "1-2")  # Ada's move, from another kernel
        wait_for_log(app, lambda log: log.endswith("1-2"), "Ada's move 1-2")
        wait_for_status(app, r"^O, move 2: choose two squares")
        app.locator(".qttt-square-3").click()
        app.locator(".qttt-square-4").click()
        deadline = time.monotonic() + 15
        while store.room(ada.code).record != "1-2 3-4" and time.monotonic() < deadline:
            time.sleep(0.05)
        assert store.room(ada.code).record == "1-2 3-4"
        # X's turn now: the board says so and its squares take no click (a click would
        # only be refused)
        wait_for_status(app, r"X to act: waiting for Ada")
        assert app.locator(".qttt-square-5").get_attribute("aria-disabled") == "true"
        app.locator(".qttt-square-5").click(force=True)
        assert app.locator(".qttt-refusal").count() == 0
        screenshot(page, "lab-shared-joined", app)
    finally:
        store.close()
