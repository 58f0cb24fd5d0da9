"""A shared game in real browsers, served the way ``qttt-edu classroom`` serves it.

Three browser contexts (three students' laptops) open the Voilà app of one
classroom server whose kernels share a SQLite games file: Ada opens a new shared
game, Bo opens her link and takes the other seat, Cy opens the same link and
watches. They play to the end, a collapse included; Bo reloads his page midway
and keeps his seat; the teacher's dashboard shows the game.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_harness import (
    APP_TIMEOUT,
    ARTIFACTS,
    FINAL_RECORD,
    Server,
    classroom_server,
    click_token,
    plain,
    running,
    screenshot,
    wait_for_log,
    wait_for_status,
)

pytestmark = pytest.mark.browser

TOKEN = "CLASS23456"
PHONE = {"width": 390, "height": 844}
PROJECTOR_HD = {"width": 1920, "height": 1080}


@pytest.fixture
def classroom(tmp_path: Path) -> Iterator[Server]:
    with running(classroom_server(tmp_path, TOKEN)) as server:
        yield server


def open_app(page: Any, url: str) -> Any:
    page.goto(url, timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    app.locator(".qttt-status").wait_for(timeout=APP_TIMEOUT)
    return app


def panel_picture(app: Any, name: str) -> None:
    """A picture of the app's shared-game panel (to look at; the test checks text)."""
    ARTIFACTS.mkdir(exist_ok=True)
    panel = app.locator(".qttt-shared")
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def test_two_browsers_play_a_shared_game_a_third_watches_and_a_reload_keeps_the_seat(
    classroom: Server, offline_page: Any
) -> None:
    app_url = classroom.url(f"voila/render/app.ipynb?token={TOKEN}")
    ada_page = offline_page()
    ada = open_app(ada_page, app_url)
    panel_picture(ada, "shared-app-panel-open-laptop")
    ada.locator(".qttt-nickname input").fill("Ada")
    ada.locator(".qttt-shared-new").click()
    code_box = ada.locator(".qttt-room-code")
    code_box.wait_for()
    code = code_box.inner_text().strip()
    invite = ada.locator("a.qttt-invite-link").get_attribute("href")
    assert invite is not None and f"room={code}" in invite and f"token={TOKEN}" in invite
    # served at 127.0.0.1 here: the panel says the link opens only on this computer,
    # and shows no QR code for a phone to scan in vain (the unit tests show the QR code
    # of a network address)
    assert ada.locator(".qttt-room-local").is_visible()
    assert ada.locator(".qttt-room-qr svg").count() == 0
    # Ada's tab keeps her seat (a reload brings it back), her address bar only the room:
    # copying the address to invite someone hands over no seat (R9).
    key = "qttt-seat:" + code.replace("-", "")
    ada_page.wait_for_function(f"() => sessionStorage.getItem({key!r})")
    assert f"room={code}" in ada_page.url and "seat=" not in ada_page.url
    assert f"Room {code}" in ada.locator(".qttt-room-strip").inner_text()  # above the board
    # on a 1920x1080 projector the strip is read from the back row like the rest (18 px)
    laptop = ada_page.viewport_size
    ada_page.set_viewport_size(PROJECTOR_HD)
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    assert ada.locator(".qttt-room-strip").evaluate(size) >= 18
    ada_page.set_viewport_size(laptop)
    screenshot(ada_page, "shared-app-new-game", ada)
    panel_picture(ada, "shared-app-panel-laptop")

    bo_page = offline_page()
    bo = open_app(bo_page, invite)
    wait_for_status(bo, rf"You joined room {code} and play O", timeout=APP_TIMEOUT)
    cy_page = offline_page(viewport=PHONE)
    cy = open_app(cy_page, invite)
    wait_for_status(cy, rf"Both seats of room {code} are taken: you are watching", APP_TIMEOUT)
    wait_for_status(ada, r"X, move 1: choose two squares")

    tokens = FINAL_RECORD.split()
    seats = {"X": ada, "O": bo}
    movers = ["X", "O", "X", "X", "O", "X", "O"]  # c1 is X's choice, c5 is O's
    for i, (token, side) in enumerate(zip(tokens, movers, strict=True), 1):
        if i == 4:  # Bo's page is reloaded in the middle of the game: same seat
            bo_page.reload(timeout=APP_TIMEOUT)
            bo = bo_page.locator(".qttt-app")
            bo.wait_for(timeout=APP_TIMEOUT)
            wait_for_status(bo, rf"Back in room {code}: you play O", timeout=APP_TIMEOUT)
            seats["O"] = bo
        record = " ".join(tokens[:i])
        click_token(seats[side], token)
        for screen in (ada, bo, cy):
            wait_for_log(screen, lambda log, r=record: log.endswith(r), repr(record))
        if token == "5-8" and i == 6:  # X5 closed a cycle: O chooses, on Bo's screen only
            assert bo.locator(".qttt-choose:visible").count() == 2

    for screen in (ada, bo, cy):
        wait_for_status(screen, r"X wins: line 2-5-8")
    screenshot(bo_page, "shared-app-x-wins-seat-o", bo)
    screenshot(cy_page, "shared-app-spectator-phone", cy)
    panel_picture(cy, "shared-app-panel-spectator-phone")
    ada_page.set_viewport_size(PHONE)
    panel_picture(ada, "shared-app-panel-phone")

    # The spectator cannot act: a refusal, and nothing changes.
    cy.locator(".qttt-square-9").click()
    wait_for_status(cy, r"spectators watch but cannot play")
    assert plain(cy.locator(".qttt-log").inner_text()).endswith(FINAL_RECORD)

    # The teacher's dashboard shows the game, finished.
    dash_page = offline_page()
    dash_page.goto(
        classroom.url(f"voila/render/dashboard.ipynb?token={TOKEN}"), timeout=APP_TIMEOUT
    )
    card = dash_page.locator(f'button.qttt-card[data-room="{code}"]')
    card.wait_for(timeout=APP_TIMEOUT)
    assert "Ada" in card.inner_text() and "X won" in card.inner_text()
    # Shown large: the app's board, read-only, with its graph and realities.
    large = dash_page.locator(f'.qttt-large[data-room="{code}"]')
    large.wait_for(timeout=APP_TIMEOUT)
    stage = dash_page.locator(".qttt-stage")
    wait_for_status(stage, r"X wins: line 2-5-8")
    assert stage.locator(".qttt-graph svg").count() == 1
    assert "decided" in stage.locator(".qttt-realities").inner_text()
    stage.locator(".qttt-square-9").click()  # read-only: nothing happens
    dash_page.wait_for_timeout(300)
    wait_for_status(stage, r"^X wins: line 2-5-8")
    large.scroll_into_view_if_needed()
    dash_page.screenshot(path=str(ARTIFACTS / "shared-dashboard-large.png"))
