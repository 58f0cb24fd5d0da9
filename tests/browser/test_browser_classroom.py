"""The teacher's dashboard in a real browser, served the way ``qttt-edu classroom`` serves it.

Two students' kernels are stood in for by this test process acting on the class's
games file; the dashboard page (Voilà, class token, headless Chromium, offline) must
show every game and follow each action live, without a reload; a click, Enter or
Space on a game's card shows that game large.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import re
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import psutil
import pytest

from qttt_edu.rooms import RoomStore

from .browser_harness import (
    APP_TIMEOUT,
    CLASS_GAMES,
    STEP_TIMEOUT,
    check_board,
    classroom_server,
    free_port,
    launch_beside,
    plain,
    running,
    screenshot,
    server_env,
    settle,
    wait_for_status,
)

pytestmark = pytest.mark.browser

WON = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
TOKEN = "CLASS23456"
PROJECTOR_HD = {"width": 1920, "height": 1080}
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


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
    page.goto(server.url(f"voila/render/dashboard.ipynb?token={TOKEN}"), timeout=APP_TIMEOUT)
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
    page.goto(server.url(f"voila/render/dashboard.ipynb?token={TOKEN}"), timeout=APP_TIMEOUT)
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


# --- the real command: two servers, the class password, the teacher's own key ---------


@dataclass
class Command:
    process: subprocess.Popen[bytes]
    students: str  # the students' server, http://127.0.0.1:PORT
    teacher_url: str  # the dashboard's address, with the teacher's key
    store: RoomStore
    log_path: Path

    def log(self) -> str:
        """What the command printed so far."""
        return self.log_path.read_text()

    def students_server(self) -> psutil.Process:
        return next(
            child
            for child in psutil.Process(self.process.pid).children()
            if "students" in " ".join(child.cmdline())
        )

    def kernels(self) -> int:
        return sum(
            1
            for p in self.students_server().children(recursive=True)
            if "ipykernel" in " ".join(p.cmdline())
        )


def _wait_for(url: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=10).close()
            return
        except urllib.error.HTTPError:
            return
        except (urllib.error.URLError, OSError):
            time.sleep(0.3)
    raise AssertionError(f"no answer from {url}")


@contextmanager
def classroom_command(
    tmp_path: Path, *extra: str, settings: dict[str, Any] | None = None
) -> Iterator[Command]:
    """The real ``qttt-edu classroom`` for class 7B on the loopback, with ``extra`` options;
    ``settings`` go to its servers as a Jupyter configuration file (``voila.json``) would."""
    port, teacher_port = free_port(), free_port()
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    env = server_env(tmp_path / "work")
    env.update(TMPDIR=str(scratch), QTTT_LANG="en")
    if settings:
        config = tmp_path / "jupyter-config"
        config.mkdir()
        (config / "voila.json").write_text(json.dumps(settings))
        env["JUPYTER_CONFIG_PATH"] = str(config)
    for name in ("BINDER_REQUEST", "BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_SERVICE_HOST"):
        env.pop(name, None)
    games = tmp_path / "games.sqlite3"
    argv = [sys.executable, "-m", "qttt_edu", "classroom", "--file", str(games), "--class", "7B"]
    argv += ["--port", str(port), "--teacher-port", str(teacher_port), "--host", "127.0.0.1"]
    argv += ["--token", TOKEN, *extra]
    log_path = tmp_path / "classroom.log"
    with log_path.open("w") as log:
        process = subprocess.Popen(argv, env=env, stdout=log, stderr=subprocess.STDOUT)
    store = RoomStore(f"sqlite:///{games}")
    try:
        try:
            _wait_for(f"http://127.0.0.1:{port}/login")
            _wait_for(f"http://127.0.0.1:{teacher_port}/login")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; the command printed:\n{log_path.read_text()}") from None
        key = re.search(r"dashboard\.ipynb\?token=(\w+)", log_path.read_text())
        assert key is not None and key[1] != TOKEN
        yield Command(
            process,
            f"http://127.0.0.1:{port}",
            f"http://127.0.0.1:{teacher_port}/voila/render/dashboard.ipynb?token={key[1]}",
            store,
            log_path,
        )
    finally:
        store.close()
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
    assert list(scratch.glob("qttt-classroom-*")) == []  # the command's folder is gone


@pytest.fixture
def command(tmp_path: Path) -> Iterator[Command]:
    with classroom_command(tmp_path) as started:
        yield started


def _play(store: RoomStore, x_name: str, o_name: str, record: str) -> str:
    x = store.create_room(nickname=x_name, class_name="7B")
    o = store.join(x.code, nickname=o_name)
    seats = {"X": x, "O": o}
    for token in record.split():
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    return x.label


def _no_scroll(page: Any) -> tuple[int, int]:
    return page.evaluate("() => [document.scrollingElement.scrollHeight, window.innerHeight]")


def test_the_projected_dashboard_fits_and_the_statistics_have_a_view_of_their_own(
    command: Command, offline_page: Any
) -> None:
    labels = [
        _play(command.store, f"S{n}", f"T{n}", record)
        for n, record in enumerate(["3-9 2-4 4-9", "5-7", "1-9 2-8", WON] * 4 + ["1-2"])
    ]
    page = offline_page(viewport=PROJECTOR_HD)
    page.goto(command.teacher_url, timeout=APP_TIMEOUT)
    page.locator("button.qttt-card").nth(16).wait_for(timeout=APP_TIMEOUT)
    page.locator(".qttt-usage").wait_for(timeout=STEP_TIMEOUT)
    # the students' server's kernels and memory, in the header
    assert re.search(r"\d+ kernels?, \d+\.\d GB", page.locator(".qttt-usage").inner_text())
    page.wait_for_timeout(1500)
    screenshot(page, "classroom-dashboard-17-games-1920")
    height, viewport = _no_scroll(page)
    assert height <= viewport, f"the projector must not scroll: {height} > {viewport}"
    large = page.locator(".qttt-stage").bounding_box()
    strip = page.locator(".qttt-cards-grid").bounding_box()
    assert large and strip and large["y"] < strip["y"]  # the large game on top
    assert strip["y"] + strip["height"] <= viewport  # the cards in view, in one strip
    size = "e => parseFloat(getComputedStyle(e).fontSize)"
    assert page.locator(".qttt-large").evaluate(size) >= 20
    # the cards' names and states, read from the back row
    assert page.locator(".qttt-card-caption").first.evaluate(size) >= 18
    assert page.locator(".qttt-card-action").first.evaluate(size) >= 18

    page.get_by_role("radio", name="Statistics").or_(
        page.get_by_role("button", name="Statistics")
    ).first.click()
    table = page.locator("table.qttt-stats")
    table.wait_for(timeout=STEP_TIMEOUT)
    assert table.evaluate("e => parseFloat(getComputedStyle(e).fontSize)") >= 20
    assert not page.locator(".qttt-stage").is_visible()
    clear = page.locator(".qttt-dash-clear")
    assert clear.bounding_box()["height"] >= 44
    screenshot(page, "classroom-dashboard-statistics-1920")
    height, viewport = _no_scroll(page)
    assert height <= viewport

    for size, name in ((LAPTOP, "1366"), (PHONE, "390")):
        page.set_viewport_size(size)
        page.wait_for_timeout(500)
        screenshot(page, f"classroom-dashboard-statistics-{name}")
    page.get_by_role("radio", name="Games").or_(
        page.get_by_role("button", name="Games")
    ).first.click()
    for size, name in ((LAPTOP, "1366"), (PHONE, "390")):
        page.set_viewport_size(size)
        page.wait_for_timeout(800)
        screenshot(page, f"classroom-dashboard-games-{name}")

    # the class link for the projector: the students' address the command printed
    page.set_viewport_size(PROJECTOR_HD)
    page.get_by_role("radio", name="Class link").or_(
        page.get_by_role("button", name="Class link")
    ).first.click()
    shown = page.locator(".qttt-dash-join-link code")
    shown.wait_for(timeout=STEP_TIMEOUT)
    printed = f"{command.students}/voila/render/app.ipynb?token={TOKEN}"
    assert printed in command.log() and shown.inner_text() == printed
    assert page.locator(".qttt-dash-join-qr svg").bounding_box()["width"] >= 600
    screenshot(page, "classroom-dashboard-class-link-1920")

    # one room alone, large: the address a second screen opens
    alone = offline_page(viewport=PROJECTOR_HD)
    alone.goto(f"{command.teacher_url}&room={labels[3]}", timeout=APP_TIMEOUT)
    alone.locator(f'.qttt-large[data-room="{labels[3]}"]').wait_for(timeout=APP_TIMEOUT)
    assert alone.locator("button.qttt-card").count() == 0
    check_board(alone.locator(".qttt-stage"), WON, timeout=STEP_TIMEOUT / 1000)
    screenshot(alone, "classroom-dashboard-one-room-1920")


def test_strangers_meet_the_class_login_and_a_reload_leaves_no_kernel_behind(
    command: Command, offline_page: Any
) -> None:
    app_path = "/voila/render/app.ipynb"
    # a student who typed the address without the password: the kit's page
    phone = offline_page(viewport=PHONE)
    phone.goto(command.students + app_path, timeout=APP_TIMEOUT)
    phone.get_by_label("Class password").wait_for(timeout=APP_TIMEOUT)
    assert phone.get_by_text("Setup a Password").count() == 0
    screenshot(phone, "classroom-login-390")
    phone.get_by_label("Class password").fill("WRONG23456")
    phone.get_by_role("button", name="Open the game").click()
    phone.get_by_role("alert").wait_for(timeout=STEP_TIMEOUT)
    assert "not the class password" in phone.get_by_role("alert").inner_text()
    phone.get_by_label("Class password").fill(TOKEN)
    phone.get_by_role("button", name="Open the game").click()
    app = phone.locator(".qttt-app")
    wait_for_status(app, r"^X, move 1: choose two squares", timeout=APP_TIMEOUT)
    # the student's token never opens the dashboard, on either server
    assert phone.request.get(command.students + "/voila/render/dashboard.ipynb").status == 404

    page = offline_page(viewport=LAPTOP)
    page.goto(f"{command.students}{app_path}?token={TOKEN}", timeout=APP_TIMEOUT)
    wait_for_status(page.locator(".qttt-app"), r"^X, move 1", timeout=APP_TIMEOUT)
    assert command.kernels() == 2
    for _ in range(2):
        page.reload(timeout=APP_TIMEOUT)
        wait_for_status(page.locator(".qttt-app"), r"^X, move 1", timeout=APP_TIMEOUT)
    # a password login (cookie and _xsrf, no token in the address)
    phone.reload(timeout=APP_TIMEOUT)
    wait_for_status(app, r"^X, move 1", timeout=APP_TIMEOUT)
    deadline = time.monotonic() + 20
    while command.kernels() > 2 and time.monotonic() < deadline:
        time.sleep(0.5)
    assert command.kernels() == 2, "a reload left its old kernel behind"


def test_the_teacher_meets_the_dashboards_own_login_and_the_class_password_fails(
    command: Command, offline_page: Any
) -> None:
    dashboard, key = command.teacher_url.split("?token=")
    # the teacher opened the dashboard's address without its password: the teacher's page
    page = offline_page(viewport=LAPTOP)
    page.goto(dashboard, timeout=APP_TIMEOUT)
    field = page.get_by_label("Teacher's password")
    field.wait_for(timeout=APP_TIMEOUT)
    said = " ".join(page.locator("main").inner_text().split())
    assert "the class password does not open it" in said
    assert "on the line under the dashboard's address" in said
    assert page.get_by_label("Class password").count() == 0 and "Your teacher" not in said
    screenshot(page, "classroom-teacher-login-1366")
    field.fill(TOKEN)  # the class password does not open the dashboard
    page.get_by_role("button", name="Open the dashboard").click()
    page.get_by_role("alert").wait_for(timeout=STEP_TIMEOUT)
    assert "not the teacher's password" in page.get_by_role("alert").inner_text()
    page.get_by_label("Teacher's password").fill(key)  # the password the command printed
    page.get_by_role("button", name="Open the dashboard").click()
    page.locator(".qttt-usage").wait_for(timeout=APP_TIMEOUT)


def test_a_page_whose_kernel_is_gone_says_so_within_three_seconds_of_a_click(
    command: Command, offline_page: Any
) -> None:
    # One page and one dead kernel; the notice is then looked at at each size (the
    # timing does not depend on the size, its layout does).
    page = offline_page(viewport=PROJECTOR_HD)
    page.goto(f"{command.students}/voila/render/app.ipynb?token={TOKEN}", timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    wait_for_status(app, r"^X, move 1: choose two squares", timeout=APP_TIMEOUT)
    page.locator(".qttt-square-1").click()  # a live kernel answers: no notice
    wait_for_status(app, r"square 1 chosen", timeout=STEP_TIMEOUT)
    page.wait_for_timeout(3500)
    assert page.locator(".qttt-lost").count() == 0
    for kernel in command.students_server().children(recursive=True):
        kernel.kill()  # the kernel dies (a crash; a laptop that slept looks the same)
    page.wait_for_timeout(500)
    clicked = time.monotonic()
    page.locator(".qttt-square-5").click()
    notice = page.get_by_role("alert").filter(has_text="lost its connection")
    notice.wait_for(timeout=6000)
    assert time.monotonic() - clicked < 3 + 1.5  # 3 s, and the test's own round trips
    reload = page.get_by_role("button", name="Reload the page")
    for size, name in ((PROJECTOR_HD, "1920"), (LAPTOP, "1366"), (PHONE, "390")):
        page.set_viewport_size(size)
        reload.scroll_into_view_if_needed()
        box = reload.bounding_box()
        assert box is not None and box["height"] >= 44, f"at {name}: reload button {box}"
        assert notice.is_visible(), f"at {name}: the notice is not shown"
        screenshot(page, f"classroom-kernel-lost-{name}")
    reload.click()  # a new page, a new kernel: playable again
    wait_for_status(page.locator(".qttt-app"), r"^X, move 1", timeout=APP_TIMEOUT)
    page.context.close()


def test_the_projected_dashboard_says_so_when_its_kernel_is_gone_without_a_click(
    command: Command, offline_page: Any
) -> None:
    # The projector's board is read-only: nobody clicks it, so it asks its kernel itself.
    _play(command.store, "Ada", "Bo", "1-2")
    page = offline_page(viewport=PROJECTOR_HD)
    page.goto(command.teacher_url, timeout=APP_TIMEOUT)
    page.locator(".qttt-stage .qttt-board").wait_for(timeout=APP_TIMEOUT)
    page.wait_for_timeout(6000)  # a live kernel answers every question: no notice
    assert page.locator(".qttt-lost").count() == 0
    teacher = next(
        child
        for child in psutil.Process(command.process.pid).children()
        if "students" not in " ".join(child.cmdline())
    )
    for kernel in teacher.children(recursive=True):
        kernel.kill()
    killed = time.monotonic()
    notice = page.get_by_role("alert").filter(has_text="lost its connection")
    notice.wait_for(timeout=12000)
    assert time.monotonic() - killed < 5 + 3 + 2  # the next question, its 3 s, round trips
    screenshot(page, "classroom-dashboard-kernel-lost-1920")
    page.context.close()


def test_a_spectator_sees_who_chooses_on_disabled_choice_buttons(
    command: Command, offline_page: Any
) -> None:
    store = command.store
    x = store.create_room(nickname="Ada", class_name="7B")
    o = store.join(x.code, nickname="Bo")
    store.act(x.code, x.credential, "1-2")
    store.act(x.code, o.credential, "1-2")  # O2 closes a cycle: Ada (X) chooses
    # One spectator's page, looked at at three sizes (the page reflows; nothing reloads)
    page = offline_page(viewport=PROJECTOR_HD)
    page.goto(
        f"{command.students}/voila/render/app.ipynb?token={TOKEN}&room={x.label}",
        timeout=APP_TIMEOUT,
    )
    buttons = page.locator(".qttt-app button.qttt-choose")
    buttons.first.wait_for(timeout=APP_TIMEOUT)
    for size, name in ((PROJECTOR_HD, "1920"), (LAPTOP, "1366"), (PHONE, "390")):
        page.set_viewport_size(size)
        settle(page.locator(".qttt-app"), quiet_ms=300)
        assert buttons.count() == 2
        for i in range(2):
            button = buttons.nth(i)
            # Ada plays from no page here, so the service rightly counts her away
            assert button.is_disabled()
            assert re.search(r"Ada (\(away\) )?\(X\) chooses", button.inner_text())
            box = button.bounding_box()
            assert box and box["y"] + box["height"] <= size["height"], f"out of view at {name}"
        screenshot(page, f"classroom-spectator-locked-choice-{name}")
    page.context.close()


# --- the limit on live kernels per address ----------------------------------------------

PLAYABLE = r"^X, \w+ 1:"  # "X, move 1: ..." in any of the five languages


def _gone_down_to(command: Command, kernels: int, seconds: float = 20) -> int:
    deadline = time.monotonic() + seconds
    while command.kernels() > kernels and time.monotonic() < deadline:
        time.sleep(0.5)
    return command.kernels()


def _open_from(source: str, url: str) -> tuple[int, str]:
    """Open ``url`` from the local address ``source`` (a second device on the loopback)."""
    parts = urllib.parse.urlsplit(url)
    assert parts.hostname and parts.port
    connection = http.client.HTTPConnection(
        parts.hostname, parts.port, timeout=APP_TIMEOUT / 1000, source_address=(source, 0)
    )
    try:
        connection.request("GET", f"{parts.path}?{parts.query}")
        response = connection.getresponse()
        return response.status, response.read().decode("utf-8")
    finally:
        connection.close()


def test_one_address_is_refused_past_its_kernels_and_a_reload_at_the_limit_still_opens(
    tmp_path: Path, offline_page: Any
) -> None:
    app_path = f"/voila/render/app.ipynb?token={TOKEN}"
    with classroom_command(tmp_path, "--kernels-per-address", "2", "--lang", "nb") as command:
        pages = []
        for _ in range(2):
            page = offline_page(viewport=LAPTOP)
            page.goto(command.students + app_path, timeout=APP_TIMEOUT)
            wait_for_status(page.locator(".qttt-app"), PLAYABLE, timeout=APP_TIMEOUT)
            pages.append(page)
        assert command.kernels() == 2

        # one page more from this address: refused, in the class's language (Norwegian)
        third = offline_page(viewport=PHONE)
        response = third.goto(command.students + app_path, timeout=APP_TIMEOUT)
        assert response is not None and response.status == 429
        alert = third.get_by_role("alert").inner_text()
        assert "For mange spillsider" in alert and "allerede 2 spillsider åpne" in alert
        again = third.get_by_role("button", name="Prøv igjen")
        assert again.bounding_box()["height"] >= 44
        screenshot(third, "classroom-limit-nb-390")
        assert command.kernels() == 2  # the refused page started none and ended none

        # a reload at the limit is no page more: it opens, and its old kernel goes
        for _ in range(2):
            pages[1].reload(timeout=APP_TIMEOUT)
            wait_for_status(pages[1].locator(".qttt-app"), PLAYABLE, timeout=APP_TIMEOUT)
        assert _gone_down_to(command, 2) == 2
        pages[0].locator(".qttt-square-1").click()  # the first page plays on: never ended
        wait_for_status(pages[0].locator(".qttt-app"), r"^X, \w+ 1: \w+ 1 ", timeout=STEP_TIMEOUT)

        # a second device, at another address, is not held by the first one's count
        status, body = _open_from("127.0.0.2", command.students + app_path)
        assert status == 200 and '"kernelId"' in body
        assert command.kernels() == 3

        # the student closes a tab and tries again: the game opens
        pages[0].close(run_before_unload=True)
        again.click()
        wait_for_status(third.locator(".qttt-app"), PLAYABLE, timeout=APP_TIMEOUT)
        assert _gone_down_to(command, 3) == 3
        for page in (*pages, third):  # closed before the server stops (it stops sooner)
            page.context.close()


def test_a_browser_closed_whole_does_not_lock_its_device_out(
    tmp_path: Path, chromium: Any, offline_page: Any
) -> None:
    """A browser killed, crashed or closed whole says nothing to the server: its pages'
    kernels live on. At the address's limit a new page ends those whose page is gone, and
    never the kernel of a page still open."""
    app_path = f"/voila/render/app.ipynb?token={TOKEN}"
    settings = {"ClassKernelManager": {"abandoned_after": 3}}  # 30 s in a classroom
    with classroom_command(tmp_path, "--kernels-per-address", "2", settings=settings) as command:
        for _ in range(2):  # a browser opens the game, then dies without a word
            _killed_after_playing(chromium, command.students + app_path)
        assert command.kernels() == 2, "no kernel should end on its own this soon"

        # the student opens the game again, twice: each page ends one gone page's kernel
        pages = []
        for _ in range(2):
            page = offline_page(viewport=LAPTOP)
            page.goto(command.students + app_path, timeout=APP_TIMEOUT)
            _plays(page)
            pages.append(page)
        assert _gone_down_to(command, 2) == 2

        # both kernels belong to open pages now: the next page is refused, none is ended
        status, body = _open_from("127.0.0.1", command.students + app_path)
        assert status == 429 and "Too many game pages" in body
        for page in pages:
            page.locator(".qttt-square-1").click()  # both still play
            wait_for_status(page.locator(".qttt-app"), r"^X, \w+ 1: \w+ 1 ", timeout=STEP_TIMEOUT)
            page.context.close()


def _killed_after_playing(chromium: Any, url: str) -> None:
    """Open ``url`` in a browser of its own, wait until it plays, then kill that browser."""
    mine = psutil.Process()
    before = {process.pid for process in mine.children(recursive=True)}
    browser = launch_beside(chromium)
    spawned = [p for p in mine.children(recursive=True) if p.pid not in before]
    page = browser.new_page(viewport=LAPTOP)
    page.goto(url, timeout=APP_TIMEOUT)
    _plays(page)
    for process in spawned:
        with contextlib.suppress(psutil.NoSuchProcess):
            process.kill()
    psutil.wait_procs(spawned, timeout=10)


RELOADED = 4  # pages reloaded together (the benchmark does thirty: bench_classroom.py)


def test_pages_reloaded_together_all_play_again_and_leave_no_kernel(
    tmp_path: Path, offline_page: Any
) -> None:
    """A class presses F5 together: every page comes back playable, none is left on the
    loading page (its app's output given up on while the server was busy)."""
    app_path = f"/voila/render/app.ipynb?token={TOKEN}"
    with classroom_command(tmp_path, "--kernels-per-address", "0") as command:
        pages = [offline_page(viewport=LAPTOP) for _ in range(RELOADED)]
        for page in pages:
            page.goto(command.students + app_path, timeout=APP_TIMEOUT, wait_until="commit")
        for page in pages:
            _plays(page)
        for page in pages:  # one after the other, without waiting for any to play
            page.reload(timeout=APP_TIMEOUT, wait_until="commit")
        for page in pages:
            _plays(page)
        assert _gone_down_to(command, RELOADED) == RELOADED, "a reload left a kernel behind"
        for page in pages:  # closed before the server stops (it stops sooner)
            page.context.close()


def _plays(page: Any) -> None:
    status = page.locator(".qttt-app .qttt-status")
    try:
        status.wait_for(timeout=APP_TIMEOUT)
    except Exception as err:
        shows = " ".join(page.locator("body").inner_text().split())[:200]
        raise AssertionError(f"the page never played; it shows: {shows}") from err
    wait_for_status(page.locator(".qttt-app"), PLAYABLE, timeout=APP_TIMEOUT)
