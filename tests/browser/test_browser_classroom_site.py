"""``qttt-edu classroom --site`` in Chromium: two browsers share a game by link.

The real command serves a site folder and the rooms service from one process. The
folder holds a small play page that uses the browser's client exactly as a site page
does (``import`` of ``qttt-rooms-client.js``, the service found through
``qttt-rooms.json``); two separate browser contexts (two students' machines) play by
link: the first opens the class link, creates a room and makes the invitation link,
the second opens that link and joins; every move is shown on the other screen from the
service's answer after a socket notice. A third context opens the page of a site served
without a service and is told so.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .browser_harness import free_port

pytestmark = [pytest.mark.browser]

PLAY_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>shared game</title></head>
<body>
<p id="status">starting</p>
<p>record: <span id="record"></span> ply: <span id="ply"></span>
   you: <span id="you"></span> X here: <span id="xhere"></span>
   O here: <span id="ohere"></span></p>
<script type="module">
  const site = new URL("./", location.href);
  let rooms;
  try {
    rooms = await import(new URL("qttt-rooms-client.js", site).href);
  } catch (e) {
    document.getElementById("status").textContent = "no service: shared games need a server";
    throw e;
  }
  const keys = rooms.takeKeys();
  const service = await rooms.findService(site);
  if (!service) {
    document.getElementById("status").textContent = "no service: shared games need a server";
  } else {
    const client = new rooms.RoomsClient(service, { classKey: keys.classKey });
    const show = ({ room, you }) => {
      document.getElementById("record").textContent = room.record;
      document.getElementById("ply").textContent = room.ply;
      document.getElementById("you").textContent = you ?? "watching";
      document.getElementById("xhere").textContent = room.seats.X.present;
      document.getElementById("ohere").textContent = room.seats.O.present;
    };
    window.qttt = { rooms, client, keys, show, site: site.href };
    if (keys.room && !keys.seat) {
      const joined = await client.join(keys.room, { nickname: "Bea" });
      keys.seat = joined.credential;
    }
    if (keys.room) client.watch(keys.room, show);
    document.getElementById("status").textContent = "ready";
  }
</script>
</body></html>
"""


def make_site(root: Path) -> Path:
    site = root / "site"
    (site / "voici" / "render").mkdir(parents=True)
    (site / "index.html").write_text(PLAY_PAGE, "utf-8")
    (site / "voici" / "render" / "app.html").write_text("<!DOCTYPE html><p>app</p>", "utf-8")
    return site


class Classroom:
    """The real command over a site folder (``None``: ``--light``, no site); ``restart()``
    stops it and starts it again on the same port and games file, as a teacher would
    mid-lesson."""

    def __init__(self, work: Path, site: Path | None) -> None:
        self.work, self.port = work, free_port()
        env = {**os.environ, "XDG_CACHE_HOME": str(work / "cache"), "PYTHONUNBUFFERED": "1"}
        self.env = env
        mode = ["--light"] if site is None else ["--site", str(site)]
        self.command = [sys.executable, "-m", "qttt_edu", "classroom", *mode]
        self.command += ["--host", "127.0.0.1", "--port", str(self.port)]
        self.command += ["--file", str(work / "g.sqlite3")]
        self.base = f"http://127.0.0.1:{self.port}/"
        self.starts = 0
        self.start()

    def start(self) -> None:
        self.starts += 1
        log = self.work / f"classroom-{self.starts}.log"
        with log.open("wb") as out:
            self.process = subprocess.Popen(
                self.command, env=self.env, stdout=out, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 60
        while "Ctrl-C" not in log.read_text():
            assert self.process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.2)
        link = re.search(r"http://127\.0\.0\.1:\d+/qttt-join\.html#class=[\w-]+", log.read_text())
        assert link, log.read_text()
        self.link = link.group(0)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(20)

    def restart(self) -> None:
        link = self.link
        self.stop()
        self.start()
        assert self.link == link, "a restart must keep the students' link"


@contextlib.contextmanager
def serving(work: Path, site: Path | None) -> Iterator[Classroom]:
    """The command running over ``site`` (``None``: ``--light``) until the block ends."""
    running = Classroom(work, site)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Classroom]:
    work = tmp_path_factory.mktemp("classroom-site")
    with serving(work, make_site(work)) as running:
        yield running


def ready(page: Any) -> Any:
    page.wait_for_function("document.getElementById('status').textContent !== 'starting'")
    return page


def shows(page: Any, record: str, timeout: float = 10_000) -> None:
    page.wait_for_function(
        f"document.getElementById('record').textContent === {json.dumps(record)}",
        timeout=timeout,
    )


def test_two_browsers_play_a_shared_game_by_link(chromium: Any, classroom) -> None:
    base, class_link = classroom.base, classroom.link
    first_ctx, second_ctx = chromium.new_context(), chromium.new_context()
    try:
        ada = first_ctx.new_page()
        ada.goto(class_link)  # the join page opens the light app (test_browser_light.py)
        ada.locator(".qttt-light-foot a").click()  # whose link leads to the site's own
        ready(ada)
        # the class key has left the address bar and the history: it is in this tab only
        assert ada.url.split("?")[0] == base  # (with ?lang= once the light page had drawn)
        assert ada.evaluate("qttt.keys.classKey") == class_link.split("#class=")[1]
        made = ada.evaluate(
            "async () => { const m = await qttt.client.createRoom({nickname: 'Ada'});"
            " qttt.client.watch(m.room.code, qttt.show); return m; }"
        )
        code = made["room"]["code"]
        # an invitation to the site itself (the join page would open the light app)
        invite = ada.evaluate(
            f"qttt.rooms.inviteLink(qttt.site, qttt.keys.classKey, {json.dumps(code)})"
        )
        assert made["credential"] not in invite  # the invitation holds no seat

        bea = second_ctx.new_page()
        bea.goto(invite)
        ready(bea)
        assert "class=" not in bea.url and f"room={code}" in bea.url
        bea.wait_for_function("document.getElementById('you').textContent === 'O'")
        ada.wait_for_function("document.getElementById('ohere').textContent === 'true'")

        ada.evaluate(f"qttt.client.act({json.dumps(code)}, '1-5', 0)")
        shows(bea, "1-5")  # read from the service after the notice
        bea.evaluate(f"qttt.client.act({json.dumps(code)}, '2-6', 1)")
        shows(ada, "1-5 2-6")

        # a move out of turn is refused by the service, in words, and changes nothing
        refused = bea.evaluate(
            f"qttt.client.act({json.dumps(code)}, '3-7', 2)"
            ".then(() => null, e => [e.kind, e.message])"
        )
        assert refused[0] == "not_your_turn" and refused[1]
        # a reload keeps the seat (kept in the tab, not in the address)
        bea.reload()
        ready(bea)
        bea.wait_for_function("document.getElementById('you').textContent === 'O'")
        ada.evaluate(f"qttt.client.act({json.dumps(code)}, '3-7', 2)")
        shows(bea, "1-5 2-6 3-7")
        # the teacher restarts the server mid-game: the pages reconnect and read again,
        # the same keys still work, nothing is lost
        classroom.restart()
        bea.evaluate(f"qttt.client.act({json.dumps(code)}, '4-8', 3)")
        shows(ada, "1-5 2-6 3-7 4-8", timeout=30_000)
        ada.wait_for_function("document.getElementById('ohere').textContent === 'true'")
        # the opponent's browser closes: away at once
        second_ctx.close()
        ada.wait_for_function("document.getElementById('ohere').textContent === 'false'")
    finally:
        first_ctx.close()


def test_a_site_without_a_service_says_so(chromium: Any, tmp_path: Path) -> None:
    site = make_site(tmp_path)
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=site,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    context = chromium.new_context()
    try:
        page = context.new_page()
        deadline = time.monotonic() + 20
        while True:
            try:
                page.goto(f"http://127.0.0.1:{port}/#class=abc")
                break
            except Exception:
                assert time.monotonic() < deadline
                time.sleep(0.3)
        ready(page)
        assert "shared games need a server" in page.inner_text("#status")
    finally:
        context.close()
        server.terminate()
        server.wait(10)


@pytest.mark.slow
def test_the_real_site_starts_from_classroom_site_precompressed(
    chromium: Any, built_site: Path, site_sidecars: Path, tmp_path: Path
) -> None:
    """The built site (this checkout's, the session's ``built_site``), served by the
    command: Pyodide's wasm comes compressed with its own type and the app starts, with no
    request off the machine. The compressed copies are the run's (``site_sidecars``), as
    a restart finds them; ``tests/test_site_server.py`` tests how they are made."""
    from .browser_harness import OfflineGuard

    shutil.copytree(site_sidecars, tmp_path / "cache")
    port = free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(built_site)]
    command += ["--host", "127.0.0.1", "--port", str(port), "--file", str(tmp_path / "g.sqlite3")]
    log = tmp_path / "classroom.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    context = chromium.new_context()
    guard = OfflineGuard().install(context)
    try:
        deadline = time.monotonic() + 600  # a first start would make the compressed copies
        while "Ctrl-C" not in log.read_text():
            assert process.poll() is None and time.monotonic() < deadline, log.read_text()
            time.sleep(0.5)
        page = context.new_page()
        seen: list[tuple[str, str, str]] = []
        page.on(
            "response",
            lambda r: seen.append(
                (r.url, r.headers.get("content-type", ""), r.headers.get("content-encoding", ""))
            ),
        )
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_function(
            "() => window.qtttSite && (window.qtttSite.done || window.qtttSite.failed)",
            timeout=300_000,
            polling=200,
        )
        assert not page.evaluate("() => qtttSite.failed"), page.evaluate("() => qtttSite.reason")
        assert page.locator(".qttt-app").first.is_visible()
        wasm = [s for s in seen if s[0].endswith("pyodide.asm.wasm")]
        assert wasm and wasm[0][1] == "application/wasm" and wasm[0][2] in ("br", "gzip"), wasm
        assert sum(1 for s in seen if s[2] in ("br", "gzip")) > 20
        assert guard.blocked == []
    finally:
        context.close()
        process.terminate()
        process.wait(20)
