"""The light app of ``qttt-edu classroom --light`` and ``--site`` in Chromium, from the real
command.

Two students on two devices (a laptop and a touch phone, each its own browser context)
open the class link and land on the light app: the game app runs in the command's
process and the page draws it. They play a shared game by the app's own link, a
reload keeps the phone's seat, the board is played by keyboard, and the pages are
photographed at projector, laptop and phone sizes (``test-artifacts/light-*.png``).
When the command stops, the page says so at once, without a click. The light page's
link to the site's own app takes the class key along in the tab.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from qttt_edu.core import Action, Game

from .browser_harness import ARTIFACTS
from .test_browser_classroom_site import Classroom, make_site, serving

pytestmark = [pytest.mark.browser]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """``qttt-edu classroom --light``: no site folder at all."""
    work = tmp_path_factory.mktemp("classroom-light")
    with serving(work, None) as running:
        yield running


@pytest.fixture(scope="module")
def with_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    """``qttt-edu classroom --site FOLDER``: the light app and the site's own app."""
    work = tmp_path_factory.mktemp("classroom-light-site")
    with serving(work, make_site(work)) as running:
        yield running


def prompt(page: Any) -> str:
    return str(page.locator(".qttt-app .qttt-status").first.inner_text())


def playable(page: Any) -> None:
    page.wait_for_function(
        "() => { const s = document.querySelector('.qttt-app .qttt-status');"
        " return !!s && /choose two squares/.test(s.textContent); }",
        timeout=20_000,
    )


def square(page: Any, number: int) -> Any:
    return page.locator("button.qttt-square").nth(number - 1)


def shows(page: Any, record: str) -> None:
    """Wait until the page's record (under the board's controls) is ``record``."""
    page.wait_for_function(
        "(r) => { const c = document.querySelector('.qttt-log code');"
        " return !!c && c.textContent.trim() === r; }",
        arg=record,
        timeout=10_000,
    )


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"light-{name}.png"), full_page=True)


def test_two_devices_play_a_shared_game_on_the_light_app(chromium: Any, classroom) -> None:
    laptop = chromium.new_context(viewport={"width": 1366, "height": 768})
    phone = chromium.new_context(**PHONE)
    errors: list[str] = []  # the pages' console: no script error, no missing file
    try:
        ada = laptop.new_page()
        ada.on("console", lambda m: m.type == "error" and errors.append(f"laptop: {m.text}"))
        ada.goto(classroom.link)
        playable(ada)
        # the join page replaced itself with the light app; the class key left the address
        # (the page keeps its language in its address: a reload keeps it)
        assert ada.url == classroom.base + "light/?lang=en"
        assert prompt(ada).startswith("X, move 1: choose two squares")
        ada.get_by_role("button", name="New shared game").click()
        invite = ada.locator(".qttt-room-links a").first
        invite.wait_for()
        link = invite.get_attribute("href")
        assert link and link.startswith(classroom.base + "qttt-join.html?") and "room=" in link
        assert "seat=" not in link  # the opponent's link holds no seat

        bea = phone.new_page()
        bea.on("console", lambda m: m.type == "error" and errors.append(f"phone: {m.text}"))
        bea.goto(link)
        bea.get_by_text("You play O", exact=True).wait_for(timeout=20_000)
        assert "class=" not in bea.url and "room=" in bea.url
        # Bea came in by the link with no nickname: she names her seat, and Ada sees it
        bea.get_by_placeholder("Your nickname").fill("Bea")
        bea.get_by_role("button", name="Use this nickname").tap()
        ada.locator(".qttt-room-who", has_text="O: Bea").wait_for(timeout=10_000)
        assert not bea.get_by_placeholder("Your nickname").is_visible()
        # Ada plays by keyboard: square 1 takes the focus, Enter marks it
        square(ada, 1).focus()
        ada.keyboard.press("Enter")
        square(ada, 5).click()
        bea.wait_for_function(
            "() => /X1/.test(document.querySelectorAll('button.qttt-square')[0].textContent)",
            timeout=10_000,
        )
        # the phone's buttons are targets a finger can hit
        box = square(bea, 5).bounding_box()
        assert box and box["width"] >= 44 and box["height"] >= 44
        # a reload keeps the seat: the tab keeps it, not the address
        bea.reload()
        bea.get_by_text("You play O", exact=True).wait_for(timeout=20_000)
        square(bea, 2).tap()
        square(bea, 6).tap()
        ada.wait_for_function(
            "() => /O2/.test(document.querySelectorAll('button.qttt-square')[1].textContent)",
            timeout=10_000,
        )
        shot(ada, "laptop")
        shot(bea, "phone")
        ada.set_viewport_size({"width": 1920, "height": 1080})
        shot(ada, "projector")
        # nothing scrolls sideways on the phone
        assert bea.evaluate("document.documentElement.scrollWidth <= innerWidth")
        assert errors == []
    finally:
        laptop.close()
        phone.close()


def test_the_light_page_leads_to_the_sites_own_app_with_the_class_key(
    chromium: Any, classroom, with_site
) -> None:
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(with_site.link)
        playable(page)
        page.locator(".qttt-light-foot a").click()
        page.wait_for_url(with_site.base + "?lang=en")  # the page's language goes along
        key = with_site.link.split("#class=")[1]
        assert page.evaluate("sessionStorage.getItem('qttt-rooms:class')") == key
        # without a site (--light) there is no such link, and the address alone opens
        # the light app
        page.goto(classroom.base)
        playable(page)
        assert page.url == classroom.base + "light/?lang=en"
        assert page.locator(".qttt-light-foot").count() == 0
    finally:
        context.close()


def test_a_stopped_server_is_said_at_once_and_a_restarted_one_comes_back(
    chromium: Any, tmp_path_factory
) -> None:
    work = tmp_path_factory.mktemp("classroom-light-stop")
    running = Classroom(work, None)
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(running.link)
        playable(page)
        running.stop()
        notice = page.locator("#qttt-light-notice")
        notice.wait_for(state="visible", timeout=3_000)
        assert "lost its connection" in notice.inner_text()
        assert page.get_by_role("button", name="Reload the page").is_visible()
        # the teacher starts it again: the page comes back by itself
        running.start()
        notice.wait_for(state="hidden", timeout=15_000)
        playable(page)
    finally:
        context.close()
        if running.process.poll() is None:
            running.stop()


def test_the_teachers_dashboard_on_a_projector(chromium: Any, classroom) -> None:
    """The teacher signs in at /teacher with the printed password and gets the kernel
    mode's dashboard, drawn by the light page: the latest game large, the cards under
    it, the statistics a click away, all on a 1920x1080 projector without scrolling."""
    import re

    log = (classroom.work / f"classroom-{classroom.starts}.log").read_text()
    secret = re.search(r"not the class password\): (\S+)", log)
    assert secret, log
    student = chromium.new_context(viewport={"width": 1366, "height": 768})
    projector = chromium.new_context(viewport={"width": 1920, "height": 1080})
    try:
        ada = student.new_page()
        ada.goto(classroom.link)
        playable(ada)
        ada.get_by_role("button", name="New shared game").click()
        ada.locator(".qttt-room-code").wait_for()
        code = ada.locator(".qttt-room-code").inner_text()
        square(ada, 3).click()
        square(ada, 7).click()

        teacher = projector.new_page()
        teacher.goto(classroom.base + "teacher")
        teacher.get_by_label("Teacher's password").fill(secret[1])
        teacher.keyboard.press("Enter")
        teacher.locator(f'.qttt-large[data-room="{code}"]').wait_for(timeout=20_000)
        teacher.locator(f'button.qttt-card[data-room="{code}"]').wait_for()
        teacher.wait_for_function(
            "() => /X1/.test(document.querySelectorAll('.qttt-dashboard button.qttt-square')[2]"
            "?.textContent || '')",
            timeout=10_000,
        )
        shot(teacher, "dashboard-projector")
        assert teacher.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
        teacher.get_by_role("button", name="Statistics").click()
        teacher.get_by_role("button", name="Clear abandoned games").wait_for()
        assert (
            teacher.get_by_role("button", name="Statistics").get_attribute("aria-pressed") == "true"
        )
        shot(teacher, "dashboard-projector-stats")
        # the class link for the projector: the printed students' link, its QR code large,
        # the whole view on the screen
        teacher.get_by_role("button", name="Class link").click()
        shown = teacher.locator(".qttt-dash-join-link code")
        shown.wait_for()
        assert shown.inner_text() == classroom.link
        qr = teacher.locator(".qttt-dash-join-qr svg").bounding_box()
        assert qr and qr["width"] >= 600 and qr["y"] + qr["height"] <= 1080
        assert teacher.evaluate("document.documentElement.scrollHeight <= innerHeight + 1")
        shot(teacher, "dashboard-projector-join")
    finally:
        student.close()
        projector.close()


def test_two_devices_finish_a_game_and_play_again_with_the_sides_swapped(
    chromium: Any, classroom
) -> None:
    laptop = chromium.new_context(viewport={"width": 1366, "height": 768})
    phone = chromium.new_context(**PHONE)
    try:
        ada = laptop.new_page()
        ada.goto(classroom.link)
        playable(ada)
        ada.get_by_role("button", name="New shared game").click()
        invite = ada.locator(".qttt-room-links a").first
        invite.wait_for()
        bea = phone.new_page()
        bea.goto(str(invite.get_attribute("href")))
        bea.get_by_text("You play O", exact=True).wait_for(timeout=20_000)
        pages = {"X": ada, "O": bea}
        game = Game()
        for token in ["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]:
            page = pages[str(game.to_act)]
            shows(page, game.record())  # the other's move has reached this screen
            action = Action.parse(token)
            for number in action.squares[:1] if action.kind == "collapse" else action.squares:
                square(page, number).click()
            game.apply(token)
        for page in (ada, bea):
            shows(page, game.record())
        ada.get_by_text("X wins", exact=False).first.wait_for(timeout=10_000)
        bea.get_by_text("X wins", exact=False).first.wait_for(timeout=10_000)
        bea.get_by_role("button", name="Play again").tap()
        bea.get_by_text("You play X", exact=True).wait_for(timeout=10_000)
        ada.get_by_text("Your opponent wants to play again", exact=False).wait_for(timeout=10_000)
        shot(ada, "play-again-laptop")
        ada.get_by_role("button", name="Play again").click()
        ada.get_by_text("You play O", exact=True).wait_for(timeout=10_000)
        square(bea, 5).tap()  # Bea moves first now
        square(bea, 9).tap()
        ada.wait_for_function(
            "() => /X1/.test(document.querySelectorAll('button.qttt-square')[4].textContent)",
            timeout=10_000,
        )
        shot(bea, "play-again-phone")
    finally:
        laptop.close()
        phone.close()
