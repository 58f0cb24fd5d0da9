"""The static site's own app plays shared games by link, served by ``classroom --site``.

The session's built site (``built_site``: the Voici app, Python in the browser) is
served by the real command, ``qttt-edu classroom --site``, beside its rooms service.
Two separate browser contexts (two students' laptops) play: Ada opens the class link,
which lands on the light app, follows its link to the site's own app and starts a
shared game there; Bo opens the invitation link (the one her QR code holds) in a
browser that has never seen the class, lands on the light app as the link leads, and
takes the other seat: the two apps play one game through the service. They play to the
end, a collapse included, and Ada reloads her site app midway and keeps her seat. No
key stays in an address bar. The same site
served by a plain web server, with no rooms service beside it, says that shared games
need a server.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from qttt_edu.i18n import t_in

from .browser_harness import (
    FINAL_RECORD,
    click_token,
    free_port,
    static_server,
    wait_for_log,
    wait_for_status,
)
from .site_pages import SITE_TIMEOUT

pytestmark = [pytest.mark.browser, pytest.mark.slow]

START_SECONDS = 300  # a first start compresses the whole site (here made once: site_sidecars)


class SiteClassroom:
    """``qttt-edu classroom --site`` over the built site, on a free port."""

    def __init__(self, work: Path, site: Path, sidecars: Path) -> None:
        self.port = free_port()
        shutil.copytree(sidecars, work / "cache")
        env = {**os.environ, "XDG_CACHE_HOME": str(work / "cache"), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--file", str(work / "games.sqlite3"), "--lang", "en"]
        self.log = work / "classroom.log"
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + START_SECONDS
        while "Ctrl-C" not in self.log.read_text():
            alive = self.process.poll() is None
            assert alive and time.monotonic() < deadline, self.log.read_text()
            time.sleep(0.3)
        link = re.search(r"http://127\.0\.0\.1:\d+/qttt-join\.html\S*#class=[\w-]+", self.text())
        assert link, self.text()
        self.link = link.group(0)

    def text(self) -> str:
        return self.log.read_text()

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(20)


@pytest.fixture(scope="module")
def classroom(
    built_site: Path, site_sidecars: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SiteClassroom]:
    work = tmp_path_factory.mktemp("site-classroom")
    running = SiteClassroom(work, built_site, site_sidecars)
    try:
        yield running
    finally:
        running.stop()


def site_app(page: Any, url: str, *, from_light: bool = False) -> Any:
    """Open ``url`` and wait until the app asks for move 1; ``from_light``: ``url`` opens
    the light app, whose link under the game leads to the site's own app (in this tab,
    with the class key the join page left in it)."""
    page.goto(url, timeout=SITE_TIMEOUT)
    if from_light:
        page.locator(".qttt-light-foot a").click()
        page.wait_for_url(re.compile(r".*/voici/render/app\.html.*"), timeout=SITE_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=SITE_TIMEOUT)
    wait_for_status(app, r"X, move 1|You joined|Back in room", timeout=SITE_TIMEOUT)
    return app


def no_key_in(url: str, *keys: str) -> None:
    parts = urlsplit(url)
    for key in keys:
        assert key not in parse_qs(parts.query) and key not in parse_qs(parts.fragment), url


def test_the_sites_app_plays_a_shared_game_by_link(
    classroom: SiteClassroom, offline_page: Any
) -> None:
    ada_page = offline_page()
    ada = site_app(ada_page, classroom.link, from_light=True)
    # the join page took the class key out of the address bar before the app started
    no_key_in(ada_page.url, "class", "seat")
    assert "/voici/render/app.html" in ada_page.url
    ada.locator(".qttt-shared-new").wait_for(timeout=30_000)
    assert ada.locator(".qttt-shared-note").inner_text().strip() == ""
    ada.locator(".qttt-nickname input").fill("Ada")
    ada.locator(".qttt-shared-new").click()
    code_box = ada.locator(".qttt-room-code")
    code_box.wait_for(timeout=30_000)
    code = code_box.inner_text().strip()
    wait_for_status(ada, rf"{code}")
    invite = ada.locator("a.qttt-invite-link").get_attribute("href")
    assert invite is not None and assert_invite(invite, classroom, code)
    # served at 127.0.0.1 here: the panel says the link opens only on this computer,
    # and shows no QR code for a phone to scan in vain (the unit tests show the QR code
    # of a network address)
    assert ada.locator(".qttt-room-local").is_visible()
    assert ada.locator(".qttt-room-qr svg").count() == 0
    # Ada's seat is in her tab, her address bar holds the room only (R9)
    key = "qttt-seat:" + code.replace("-", "")
    ada_page.wait_for_function(f"() => sessionStorage.getItem({key!r})")
    assert f"room={code}" in ada_page.url
    no_key_in(ada_page.url, "class", "seat")

    bo_page = offline_page()  # another browser: it has never seen the class link
    bo = site_app(bo_page, invite)  # the light app, where the join page leads
    assert "/light/" in bo_page.url
    wait_for_status(bo, rf"You joined room {code} and play O", timeout=SITE_TIMEOUT)
    no_key_in(bo_page.url, "class", "seat")
    wait_for_status(ada, r"X, move 1: choose two squares", timeout=30_000)

    tokens = FINAL_RECORD.split()
    seats = {"X": ada, "O": bo}
    movers = ["X", "O", "X", "X", "O", "X", "O"]  # c1 is X's choice, c5 is O's
    for i, (token, side) in enumerate(zip(tokens, movers, strict=True), 1):
        if i == 4:  # Ada reloads her site app in the middle of the game: the same seat
            ada_page.reload(timeout=SITE_TIMEOUT)
            ada = ada_page.locator(".qttt-app")
            ada.wait_for(timeout=SITE_TIMEOUT)
            wait_for_status(ada, rf"Back in room {code}: you play X", timeout=SITE_TIMEOUT)
            seats["X"] = ada
        record = " ".join(tokens[:i])
        click_token(seats[side], token)
        for screen in (ada, bo):
            wait_for_log(screen, lambda log, r=record: log.endswith(r), repr(record), 30_000)
    for screen in (ada, bo):
        wait_for_status(screen, r"X wins: line 2-5-8", timeout=30_000)


def assert_invite(invite: str, classroom: SiteClassroom, code: str) -> bool:
    """The invitation: the site's join page, the room, and the class key in the fragment
    (never sent to a server); no seat credential in it."""
    parts = urlsplit(invite)
    class_key = parse_qs(urlsplit(classroom.link).fragment)["class"][0]
    assert parts.path.endswith("/qttt-join.html"), invite
    assert parse_qs(parts.query).get("room") == [code], invite
    assert parse_qs(parts.fragment) == {"class": [class_key]}, invite
    return True


def test_the_site_without_a_service_says_shared_games_need_a_server(
    built_site: Path, offline_page: Any, tmp_path: Path
) -> None:
    server = static_server(built_site, tmp_path / "http.log")
    server.start()
    try:
        page = offline_page()
        app = site_app(page, server.url("voici/render/app.html"))
        note = app.locator(".qttt-shared-note")
        expected = t_in("en", "widget_shared_site")
        page.wait_for_function(
            "([el, text]) => el.textContent.includes(text)",
            arg=[note.element_handle(), expected[:40]],
            timeout=30_000,
        )
        assert not app.locator(".qttt-shared-new").is_visible()
    finally:
        server.stop()
