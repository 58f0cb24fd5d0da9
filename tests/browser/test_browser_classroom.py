"""The teacher's dashboard in a real browser, served the way ``qttt-edu classroom`` serves it.

Two students' kernels are stood in for by this test process acting on the class's
games file; the dashboard page (Voilà, class token, headless Chromium, offline) must
show every game and follow each action live, without a reload; a click, Enter or
Space on a game's card shows that game large.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from qttt_edu.rooms import RoomStore

from .browser_harness import (
    APP_TIMEOUT,
    CLASS_GAMES,
    STEP_TIMEOUT,
    check_board,
    classroom_server,
    plain,
    running,
    screenshot,
)

pytestmark = pytest.mark.browser

WON = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
TOKEN = "CLASS23456"
PROJECTOR_HD = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}


@pytest.fixture
def classroom(tmp_path: Path) -> Any:
    server = classroom_server(tmp_path, TOKEN)
    store = RoomStore(server.env[CLASS_GAMES])
    try:
        with running(server):
            yield server, store
    finally:
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
    card = page.locator(f'button.qttt-card[data-room="{x.label}"]')
    card.wait_for(timeout=APP_TIMEOUT)
    assert page.locator("button.qttt-card").count() == 2
    text = card.inner_text()
    assert "Ada" in text and "<i>Bo</i>" in text and "X to play" in text  # escaped, not italic
    assert (
        page.locator(f'button.qttt-card[data-room="{other.label}"]')
        .inner_text()
        .count("(free seat)")
    )

    for token in tokens[4:]:  # the students play on; the page follows without a reload
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    page.wait_for_function(
        "label => [...document.querySelectorAll('button.qttt-card')]"
        ".some(f => f.dataset.room === label && f.innerText.includes('X won'))",
        arg=x.label,
        timeout=15_000,
    )
    stats = page.locator("table.qttt-stats").inner_text()
    assert "games finished" in stats and "Random play" in stats
    shot = screenshot(page, "classroom-dashboard")
    assert shot.exists()


def _shows_large(page: Any, label: str, record: str) -> None:
    """The large view shows game ``label``: its caption, and its board square by square."""
    page.locator(f'.qttt-large[data-room="{label}"]').wait_for(timeout=STEP_TIMEOUT)
    check_board(page.locator(".qttt-stage"), record, timeout=STEP_TIMEOUT / 1000)
    card = page.locator(f'button.qttt-card[data-room="{label}"]')
    assert card.get_attribute("aria-pressed") == "true"
    assert "shown large" in plain(card.inner_text())
    assert page.locator('button.qttt-card[aria-pressed="true"]').count() == 1


def test_a_card_clicked_or_pressed_shows_its_game_large(classroom: Any, offline_page: Any) -> None:
    server, store = classroom
    games = []
    for x_name, o_name, record in (
        ("Ada", "Ben", "3-9 2-4 4-9"),
        ("Cy", "Di", "5-7"),
        ("Eve", "Fay", "1-9 2-8"),
    ):
        x = store.create_room(nickname=x_name, class_name="7B")
        o = store.join(x.code, nickname=o_name)
        seats = {"X": x, "O": o}
        for token in record.split():
            store.act(x.code, seats[store.room(x.code).to_act].credential, token)
        games.append((x.label, record, seats))
    (ada, ada_record, _), (cy, cy_record, cy_seats), (eve, eve_record, _) = games

    page = offline_page(viewport=PROJECTOR_HD)
    page.goto(server.url(f"voila/render/dashboard.ipynb?token={TOKEN}"))
    page.locator("button.qttt-card").nth(2).wait_for(timeout=APP_TIMEOUT)
    _shows_large(page, eve, eve_record)  # the game with the latest action, to begin with
    # Each card is a button whose name says whose game it is and whose turn.
    named = page.get_by_role("button", name=f"Show game {cy} large: Cy (X) vs Di (O), O to play")
    assert named.count() == 1

    named.click()  # a mouse click
    _shows_large(page, cy, cy_record)
    assert "Cy" in page.locator(".qttt-large").inner_text()
    screenshot(page, "classroom-dashboard-clicked-1920")

    # The keyboard: Enter on a focused card, then Shift+Tab to the card before and Space.
    page.locator(f'button.qttt-card[data-room="{eve}"]').focus()
    page.keyboard.press("Enter")
    _shows_large(page, eve, eve_record)
    page.keyboard.press("Shift+Tab")
    focused = page.evaluate(
        "() => { const e = document.activeElement; const s = getComputedStyle(e);"
        " return [e.dataset.room, s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert focused == [cy, "solid", 4.0]  # the focus ring shows where the keyboard is
    page.keyboard.press("Space")
    _shows_large(page, cy, cy_record)
    page.locator(f'button.qttt-card[data-room="{cy}"]').scroll_into_view_if_needed()
    screenshot(page, "classroom-dashboard-keyboard-1920")

    # The large game follows its game live; the focus stays on its card through redraws.
    cy_code = cy.replace("-", "")
    store.act(cy_code, cy_seats[store.room(cy_code).to_act].credential, "5-8")
    _shows_large(page, cy, cy_record + " 5-8")
    assert page.evaluate("() => document.activeElement.dataset.room") == cy

    page.set_viewport_size(LAPTOP)
    page.locator(f'button.qttt-card[data-room="{ada}"]').click()
    _shows_large(page, ada, ada_record)
    page.wait_for_timeout(800)  # the smooth scroll to the large game
    screenshot(page, "classroom-dashboard-clicked-laptop")
    page.locator("h2").first.scroll_into_view_if_needed()
    screenshot(page, "classroom-dashboard-cards-laptop")
