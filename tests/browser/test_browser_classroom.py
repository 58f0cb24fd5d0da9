"""The teacher's dashboard in a real browser, served the way ``qttt-edu classroom`` serves it.

Two students' kernels are stood in for by this test process acting on the class's
games file; the dashboard page (Voilà, class token, headless Chromium, offline) must
show every game and follow each action live, without a reload.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from qttt_edu.classroom.cli import build_command, write_notebooks
from qttt_edu.rooms import RoomStore

from .browser_harness import APP_TIMEOUT, Server, free_port, screenshot, server_env

pytestmark = pytest.mark.browser

WON = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
TOKEN = "CLASS23456"


@pytest.fixture
def classroom(tmp_path: Path) -> Any:
    served = tmp_path / "served"
    served.mkdir()
    write_notebooks(served, "7B")
    games = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    port = free_port()
    env = server_env(tmp_path / "work")
    env["QTTT_ROOMS_URL"] = games
    server = Server(
        name="classroom",
        argv=build_command(served, "127.0.0.1", port, TOKEN, 600),
        base_url=f"http://127.0.0.1:{port}/",
        ready_path=f"?token={TOKEN}",
        cwd=served,
        env=env,
        log_path=tmp_path / "classroom.log",
    )
    store = RoomStore(games)
    server.start()
    try:
        yield server, store
    finally:
        server.stop()
        store.close()


def test_the_dashboard_shows_the_class_games_live(classroom: Any, offline_page: Any) -> None:
    server, store = classroom
    x = store.create_room(nickname="Ada", class_name="7B")
    o = store.join(x.code, nickname="<i>Bo</i>")
    other = store.create_room(nickname="Cy", class_name="7B")
    seats = {"X": x, "O": o}
    tokens = WON.split()
    for token in tokens[:4]:
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)

    page = offline_page()
    page.goto(server.url(f"voila/render/dashboard.ipynb?token={TOKEN}"))
    card = page.locator(f'figure.qttt-card[data-room="{x.label}"]')
    card.wait_for(timeout=APP_TIMEOUT)
    assert page.locator("figure.qttt-card").count() == 2
    text = card.inner_text()
    assert "Ada" in text and "<i>Bo</i>" in text and "X to play" in text  # escaped, not italic
    assert (
        page.locator(f'figure.qttt-card[data-room="{other.label}"]')
        .inner_text()
        .count("(free seat)")
    )

    for token in tokens[4:]:  # the students play on; the page follows without a reload
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    page.wait_for_function(
        "label => [...document.querySelectorAll('figure.qttt-card')]"
        ".some(f => f.dataset.room === label && f.innerText.includes('X won'))",
        arg=x.label,
        timeout=15_000,
    )
    stats = page.locator("table.qttt-stats").inner_text()
    assert "games finished" in stats and "Random play" in stats
    shot = screenshot(page, "classroom-dashboard")
    assert shot.exists()
