"""The light app of ``qttt-edu classroom --site`` (``qttt_edu.classroom.light``), over a real
server and real WebSockets.

The real ``start_site`` serves a small site folder (the light app needs none of the
built site's files) with its rooms service; each test speaks to ``/light/socket`` as
the page's script does: it reads the widgets' state from the server's messages and
sends what a student's clicks and typing send.
"""

from __future__ import annotations

import asyncio
import http.client
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import tornado.httpclient
import tornado.netutil
import tornado.websocket

from qttt_edu.classroom.site_server import start_site
from qttt_edu.rooms.service import RunningService

KEY, SECRET = "light-class-key-0123456789", "light-teacher-secret-0123"
PER_ADDRESS = 3


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[RunningService, int]]:
    root = tmp_path_factory.mktemp("light")
    site = root / "site"
    (site / "voici" / "render").mkdir(parents=True)
    (site / "index.html").write_text("<!DOCTYPE html><title>site</title>")
    sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
    running = start_site(
        site,
        f"sqlite:///{root / 'games.sqlite3'}",
        class_name="7B",
        class_key=KEY,
        teacher_secret=SECRET,
        sockets=sockets,
        cache=root / "cache",
        pages_per_address=PER_ADDRESS,
    )
    yield running, int(sockets[0].getsockname()[1])
    running.stop()


class Page:
    """One light page as its script sees it: the widgets' states, by id."""

    def __init__(self, sock: Any) -> None:
        self.sock = sock
        self.models: dict[str, dict[str, Any]] = {}
        self.custom: list[tuple[str, Any]] = []
        self.root: str | None = None
        self.said: list[dict[str, Any]] = []

    @classmethod
    async def open(cls, port: int, lang: str = "") -> Page:
        query = f"?lang={lang}" if lang else ""
        sock = await tornado.websocket.websocket_connect(
            f"ws://127.0.0.1:{port}/light/socket{query}"
        )
        page = cls(sock)
        await page.until(lambda: page.root is not None or page.said)
        return page

    def take(self, batch: list[dict[str, Any]]) -> None:
        for message in batch:
            kind = message["type"]
            if kind == "open":
                self.models[message["id"]] = dict(message["state"])
            elif kind == "update":
                self.models.setdefault(message["id"], {}).update(message["state"])
            elif kind == "custom":
                self.custom.append((message["id"], message["content"]))
            elif kind == "close":
                self.models.pop(message["id"], None)
            elif kind == "root":
                self.root = message["id"]
            else:
                self.said.append(message)

    async def until(self, ready: Any, seconds: float = 20.0) -> None:
        deadline = time.monotonic() + seconds
        while not ready():
            left = deadline - time.monotonic()
            assert left > 0, "the page did not get there in time"
            text = await asyncio.wait_for(self.sock.read_message(), left)
            if text is None:
                self.said.append({"type": "closed", "code": self.sock.close_code})
                return
            self.take(json.loads(text))

    def find(self, cls: str) -> str:
        """The id of the widget with CSS class ``cls``."""
        ids = [i for i, s in self.models.items() if cls in (s.get("_dom_classes") or [])]
        assert len(ids) == 1, f"{len(ids)} widgets of class {cls}"
        return ids[0]

    def board(self) -> dict[str, Any]:
        ids = [i for i, s in self.models.items() if "view" in s and "readonly" in s]
        return self.models[ids[0]]["view"]  # type: ignore[no-any-return]

    def board_id(self) -> str:
        return next(i for i, s in self.models.items() if "view" in s and "readonly" in s)

    async def send(self, wid: str, data: dict[str, Any]) -> None:
        await self.sock.write_message(json.dumps({"id": wid, "data": data}))

    async def click_square(self, square: int) -> None:
        content = {"type": "square", "square": square, "ping": 1}
        await self.send(self.board_id(), {"method": "custom", "content": content})

    async def click(self, cls: str) -> None:
        await self.send(self.find(cls), {"method": "custom", "content": {"event": "click"}})

    def prompt(self) -> str:
        return str(self.board()["status"]["prompt"])


def run(scenario: Any) -> Any:
    return asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_page_gets_the_whole_app_and_plays(server: tuple[RunningService, int]) -> None:
    _, port = server

    async def scenario() -> None:
        page = await Page.open(port)
        assert page.root is not None
        assert "qttt-app" in page.models[page.root]["_dom_classes"]
        assert page.prompt() == "X, move 1: choose two squares"
        await page.click_square(1)
        await page.click_square(5)
        await page.until(lambda: page.board()["ply"] == 1)
        assert page.prompt() == "O, move 2: choose two squares"
        # the app's own buttons work through their click messages: Undo takes it back
        await page.click("qttt-undo")
        await page.until(lambda: page.board()["ply"] == 0)
        page.sock.close()

    run(scenario)


def test_each_page_speaks_its_own_language(server: tuple[RunningService, int]) -> None:
    """Two pages at once, Finnish and English: one student's language is no one else's,
    and a change in one page's menu changes that page only."""
    _, port = server

    async def scenario() -> None:
        fi = await Page.open(port, "fi")
        en = await Page.open(port)
        assert fi.prompt().startswith("X, siirto 1")
        assert en.prompt() == "X, move 1: choose two squares"
        menu = fi.find("qttt-language")
        labels = fi.models[menu]["_options_labels"]
        italian = next(i for i, label in enumerate(labels) if "Italiano" in label)
        await fi.send(menu, {"method": "update", "state": {"index": italian}})
        await fi.until(lambda: fi.board()["lang"] == "it")
        await en.click_square(2)
        await en.click_square(3)
        await en.until(lambda: en.board()["ply"] == 1)
        assert en.prompt() == "O, move 2: choose two squares"
        assert fi.board()["lang"] == "it"
        fi.sock.close()
        en.sock.close()

    run(scenario)


def test_a_page_may_change_values_only(server: tuple[RunningService, int]) -> None:
    """A page that sets anything but a value (the board's ``readonly``, a button's words or
    ``disabled``) changes nothing: its board still plays, its Undo still waits."""
    _, port = server

    async def scenario() -> None:
        page = await Page.open(port)
        board, undo = page.board_id(), page.find("qttt-undo")
        forged = {"readonly": True, "lost": {"message": "pwned"}}
        await page.send(board, {"method": "update", "state": forged})
        await page.send(undo, {"method": "update", "state": {"tooltip": "pwned"}})
        # a click on a disabled button is no click (Redo, with nothing to redo, would say so)
        await page.click("qttt-redo")
        redo = page.find("qttt-redo")
        page.models[redo]["description"] = None  # until the server says it again:
        await page.send(redo, {"method": "request_state"})  # answered after the click
        await page.until(lambda: page.models[redo]["description"] is not None)
        assert page.board()["status"]["message"] is None, page.board()["status"]
        await page.click_square(4)
        await page.until(lambda: "square 4 chosen" in page.prompt())
        assert page.models[board]["readonly"] is False
        assert page.models[board]["lost"]["message"] != "pwned"
        assert page.models[undo]["tooltip"] != "pwned"
        page.sock.close()

    run(scenario)


def class_rooms(port: int) -> list[dict[str, Any]]:
    """The class's games as the teacher's key lists them on this classroom's service."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/rooms/api/v1/class/rooms", headers={"X-Qttt-Teacher": SECRET})
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer["rooms"]  # type: ignore[no-any-return]


def page_link(page: Page) -> str:
    return next(i for i, s in page.models.items() if "service" in s and "arrived" in s)


async def tell_class_key(page: Page, url: str = "http://127.0.0.1:1/rooms/") -> None:
    """What page_link.js says once it found the service: its address and the class key."""
    state = {"service": {"url": url, "class_key": KEY}}
    await page.send(page_link(page), {"method": "update", "state": state})


def room_code(page: Page) -> str:
    info = page.models[page.find("qttt-shared-info")]["value"]
    match = re.search(r"qttt-room-code[^>]*>([0-9A-Z-]+)<", info)
    return match.group(1) if match else ""


def test_shared_games_go_to_the_classrooms_own_service(server: tuple[RunningService, int]) -> None:
    """A page tells its class key, never an address: a page that names another host (here
    a closed port) still makes its game on this classroom's service, and a second page
    joins it by code and sees the first one's move."""
    _, port = server
    before = {room["code"] for room in class_rooms(port)}

    async def scenario() -> str:
        ada = await Page.open(port)
        await tell_class_key(ada)
        await ada.click("qttt-shared-new")
        await ada.until(lambda: bool(room_code(ada)))
        code = room_code(ada)
        bo = await Page.open(port)
        await tell_class_key(bo)
        typed = bo.find("qttt-room-input")
        await bo.send(typed, {"method": "update", "state": {"value": code}})
        await bo.click("qttt-shared-join")
        await bo.until(lambda: "You play O" in bo.models[bo.find("qttt-shared-info")]["value"])
        await ada.click_square(1)
        await ada.click_square(9)
        await bo.until(lambda: bo.board()["ply"] == 1)
        assert bo.board()["squares"][0]["spooky"], "Bo sees Ada's mark in square 1"
        ada.sock.close()
        bo.sock.close()
        return code

    code = run(scenario)
    made = {room["code"] for room in class_rooms(port)} - before
    assert made == {code.replace("-", "")}


def test_a_device_opens_only_so_many_pages(server: tuple[RunningService, int]) -> None:
    """The next page over the limit is told why, in its language, and nothing is made;
    once a page closes, a new one opens."""
    _, port = server

    async def scenario() -> None:
        pages = [await Page.open(port) for _ in range(PER_ADDRESS)]
        extra = await Page.open(port, "da")
        await extra.until(lambda: any(m["type"] == "closed" for m in extra.said))
        assert extra.root is None
        refusal = next(m for m in extra.said if m["type"] == "refused")
        assert str(PER_ADDRESS) in refusal["text"] and "enhed" in refusal["text"]
        # the teacher's pages have a count of their own: the dashboard still opens
        from qttt_edu.classroom.teacher_page import cookie_value

        teacher = await open_dashboard(port, cookie_value(SECRET))
        assert teacher.root is not None
        teacher.sock.close()
        pages[0].sock.close()
        await asyncio.sleep(0.5)  # the server hears the close
        again = await Page.open(port)
        assert again.root is not None
        for page in [*pages[1:], again]:
            page.sock.close()

    run(scenario)


def test_a_closed_page_leaves_nothing_behind(server: tuple[RunningService, int]) -> None:
    """A page's widgets and thread end with its socket: reloads cannot pile up apps."""
    from ipywidgets.widgets.widget import _instances

    _, port = server

    def page_threads() -> int:
        return sum(t.name == "qttt-light-page" for t in threading.enumerate())

    async def scenario() -> None:
        deadline = time.monotonic() + 10
        while page_threads():  # the pages of the tests before have ended
            assert time.monotonic() < deadline, "an earlier page's app outlived its socket"
            await asyncio.sleep(0.05)
        widgets, threads = len(_instances), 0
        for at_once in (False, False, True):
            if at_once:  # a page gone before its app was made (a quick reload)
                sock = await tornado.websocket.websocket_connect(
                    f"ws://127.0.0.1:{port}/light/socket"
                )
                sock.close()
            else:
                page = await Page.open(port)
                assert len(_instances) > widgets and page_threads() == threads + 1
                page.sock.close()
            deadline = time.monotonic() + 10
            while (len(_instances), page_threads()) != (widgets, threads):
                assert time.monotonic() < deadline, "the page's app outlived its socket"
                await asyncio.sleep(0.05)

    run(scenario)


def test_a_flood_of_messages_is_refused_not_served(server: tuple[RunningService, int]) -> None:
    _, port = server

    async def scenario() -> None:
        page = await Page.open(port, "it")
        board = page.board_id()
        for _ in range(200):
            await page.send(board, {"method": "custom", "content": {"type": "alive"}})
        await page.until(lambda: any(m["type"] == "refused" for m in page.said))
        refusal = next(m for m in page.said if m["type"] == "refused")
        assert "clic" in refusal["text"]
        page.sock.close()

    run(scenario)


def test_a_page_closed_before_its_thread_began_ends() -> None:
    """A socket that closes while its page's thread is still starting: the thread ends
    (it would otherwise run an app for no one, for ever)."""
    import functools

    from qttt_edu.classroom.light import LightPage, game_app

    make = functools.partial(game_app, "http://127.0.0.1:9/rooms/")
    page = LightPage(lang="en", make=make, send=lambda _: None)
    page.close()
    page.start()
    assert page.join(10), "the thread of a page closed before it began still runs"


async def open_dashboard(port: int, cookie: str | None, query: str = "") -> Page:
    """The teacher's dashboard socket, as the signed-in teacher's page opens it."""
    request = tornado.httpclient.HTTPRequest(
        f"ws://127.0.0.1:{port}/teacher/socket{query}",
        headers={"Cookie": f"qttt-teacher={cookie}"} if cookie else {},
    )
    page = Page(await tornado.websocket.websocket_connect(request))
    await page.until(lambda: page.root is not None or page.said)
    return page


def test_the_teachers_page_is_the_kernel_modes_dashboard(
    server: tuple[RunningService, int],
) -> None:
    """Signed in, the teacher's socket draws the dashboard itself (cards, the large game,
    both brooms) from this classroom's service; without the teacher's cookie, or with
    one the server did not make, it draws nothing."""
    from qttt_edu.classroom.teacher_page import cookie_value

    _, port = server

    async def scenario() -> None:
        ada = await Page.open(port)
        await tell_class_key(ada)
        await ada.click("qttt-shared-new")
        await ada.until(lambda: bool(room_code(ada)))
        code = room_code(ada)
        for cookie in (None, "0" * 64):
            stranger = await open_dashboard(port, cookie)
            await stranger.until(lambda s=stranger: any(m["type"] == "closed" for m in s.said))
            assert stranger.root is None and stranger.models == {}
            assert "teacher's password" in stranger.said[0]["text"]
        teacher = await open_dashboard(port, cookie_value(SECRET))
        assert "qttt-dashboard" in teacher.models[teacher.root]["_dom_classes"]
        # the cards (an anywidget whose value is their HTML) show Ada's game
        await teacher.until(lambda: code in json.dumps(list(teacher.models.values())))
        brooms = {m.get("description") for m in teacher.models.values()}
        assert {"Clear finished games", "Clear abandoned games"} <= brooms
        # ?room=CODE: that game alone, large, for a second screen
        alone = await open_dashboard(port, cookie_value(SECRET), f"?room={code}")
        boards = lambda: [m for m in alone.models.values() if m.get("readonly") is True]  # noqa: E731
        await alone.until(lambda: any(b.get("view", {}).get("record") == "" for b in boards()))
        for page in (ada, teacher, alone):  # (a device holds PER_ADDRESS pages)
            page.sock.close()
        await asyncio.sleep(0.5)
        # the page's query reaches the dashboard: a code that is no game is said
        wrong = await open_dashboard(port, cookie_value(SECRET), "?room=ZZZ-ZZZ")
        await wrong.until(lambda: "ZZZ-ZZZ" in json.dumps(list(wrong.models.values())))
        wrong.sock.close()

    run(scenario)
