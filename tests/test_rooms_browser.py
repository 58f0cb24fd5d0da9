"""The rooms client's browser transport (``qttt_edu.rooms.browser``), its pure parts.

In the static site the kernel is Pyodide in a web worker: requests go by synchronous
XMLHttpRequest and the change socket is the browser's ``WebSocket``. Those two need a
browser (``tests/browser/test_browser_site_shared.py`` plays a whole game through
them); what is decided in Python is tested here, with the browser's functions handed
in as plain Python objects that record what they are asked: what the socket says and
when, how it reconnects, what a notice wakes, and how an answer becomes a refusal. The
site's Python has no sqlite3: the client must import without it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

from qttt_edu.i18n import t
from qttt_edu.rooms import ConflictError, StoreUnavailableError, UnknownRoomError
from qttt_edu.rooms.browser import BACKOFF_FIRST, BACKOFF_MAX, BrowserSocket, JsFunctions
from qttt_edu.rooms.remote import ServiceClient

KEY = "class-key-0123456789"
SEAT = "seat-credential-0123456789ab"


class FakeWebSocket:
    """A browser WebSocket as the socket sees it: listeners, ``send``, ``close``."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.readyState = 0  # CONNECTING
        self.sent: list[dict[str, Any]] = []
        self.listeners: dict[str, Any] = {}
        self.closed_with: int | None = None

    def addEventListener(self, kind: str, listener: Any) -> None:
        self.listeners[kind] = listener

    def send(self, text: str) -> None:
        assert self.readyState == 1, "sent on a socket that is not open"
        self.sent.append(json.loads(text))

    def close(self, code: int = 1000) -> None:
        self.closed_with = code

    # what the browser does
    def opens(self) -> None:
        self.readyState = 1
        self.listeners["open"]()

    def receives(self, message: dict[str, Any]) -> None:
        self.listeners["message"](type("Event", (), {"data": json.dumps(message)})())

    def drops(self) -> None:
        self.readyState = 3
        self.listeners["close"]()


class FakeBrowser:
    """The worker's timers and sockets, run by hand."""

    def __init__(self) -> None:
        self.sockets: list[FakeWebSocket] = []
        self.timers: dict[int, tuple[Callable[[], None], float, bool]] = {}
        self.cancelled: list[int] = []
        self._next = 0

    def functions(self) -> JsFunctions:
        return JsFunctions(self.open_socket, self.later, self.every, self.cancel, lambda f: f)

    def open_socket(self, url: str) -> FakeWebSocket:
        self.sockets.append(FakeWebSocket(url))
        return self.sockets[-1]

    def _timer(self, callback: Callable[[], None], seconds: float, repeat: bool) -> int:
        self._next += 1
        self.timers[self._next] = (callback, seconds, repeat)
        return self._next

    def later(self, callback: Callable[[], None], seconds: float) -> int:
        return self._timer(callback, seconds, False)

    def every(self, callback: Callable[[], None], seconds: float) -> int:
        return self._timer(callback, seconds, True)

    def cancel(self, handle: int) -> None:
        self.cancelled.append(handle)
        self.timers.pop(handle, None)

    def one_shots(self) -> list[float]:
        return [seconds for _cb, seconds, repeat in self.timers.values() if not repeat]

    def fire_one_shots(self) -> None:
        for handle, (callback, _seconds, repeat) in list(self.timers.items()):
            if not repeat:
                del self.timers[handle]
                callback()


class Answers:
    """A transport that answers from a script and records each request."""

    def __init__(self, *answers: tuple[int, Any] | BaseException) -> None:
        self.answers = list(answers)
        self.asked: list[tuple[str, str, dict[str, str], Any]] = []

    def __call__(
        self, method: str, url: str, headers: dict[str, str], data: bytes | None, timeout: float
    ) -> tuple[int, bytes]:
        self.asked.append((method, url, headers, None if data is None else json.loads(data)))
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        status, body = answer
        return status, body if isinstance(body, bytes) else json.dumps(body).encode()


def room(code: str = "K7MQ2P", record: str = "", version: int = 0) -> dict[str, Any]:
    seat = {"kind": "player", "nickname": None, "present": True}
    return {
        "code": code,
        "label": "K7M-Q2P",
        "record": record,
        "version": version,
        "seats": {"X": seat, "O": {**seat, "kind": "empty"}},
        "created_at": 1.0,
        "updated_at": 1.0,
        "expires_at": None,
        "finished_at": None,
        "class": "7b",
        "now": 2.0,
        "ply": len(record.split()),
    }


def browser_client(*answers: tuple[int, Any] | BaseException) -> tuple[ServiceClient, FakeBrowser]:
    client = ServiceClient("http://school.example:8866/rooms", class_key=KEY)
    client.transport = Answers(*answers)
    browser = FakeBrowser()
    client.in_browser = True
    client._browser = BrowserSocket(client, browser.functions())
    client._browser.start()
    return client, browser


def test_the_socket_greets_with_the_class_key_the_rooms_and_the_seats_it_holds() -> None:
    client, browser = browser_client((200, {"room": room(), "you": "X"}))
    client.resume("K7M-Q2P", SEAT)
    client.set_here("K7M-Q2P", False)  # the page stopped saying "alive" before the hello
    client.watch("K7M-Q2P", lambda code, state: None)
    ws = browser.sockets[0]
    assert ws.url == "ws://school.example:8866/rooms/api/v1/socket"
    assert ws.sent == []  # nothing before the socket is open
    ws.opens()
    hello, away = ws.sent
    assert hello["type"] == "hello" and hello["class"] == KEY
    assert hello["seats"] == [{"code": "K7MQ2P", "credential": SEAT}]
    assert hello["client"] == client.client_id
    assert away == {"type": "here", "code": "K7MQ2P", "here": False}
    # once greeted, a change of presence is said at once
    client.set_here("K7M-Q2P", True)
    assert ws.sent[-1] == {"type": "here", "code": "K7MQ2P", "here": True}
    # the request that resumed the seat carried it in a header, never in the address
    method, url, headers, _body = client.transport.asked[0]  # type: ignore[attr-defined]
    assert (method, headers["X-Qttt-Seat"], headers["X-Qttt-Class"]) == ("GET", SEAT, KEY)
    assert SEAT not in url and KEY not in url


def test_a_notice_only_wakes_the_watcher_which_reads_the_room() -> None:
    client, browser = browser_client()
    woken: list[tuple[str, Any]] = []
    client.watch("K7M-Q2P", lambda code, state: woken.append((code, state)), version=3)
    ws = browser.sockets[0]
    ws.opens()
    ws.receives({"type": "ready", "protocol": 1})
    assert woken == [("K7MQ2P", None)] and client.connected.is_set()  # caught up after connecting
    ws.receives({"type": "changed", "code": "K7MQ2P", "version": 4})
    ws.receives({"type": "changed", "code": "K7MQ2P", "version": 4})  # the same: no read
    ws.receives({"type": "changed", "code": "OTHER1", "version": 9})  # not watched
    ws.receives({"type": "changed", "code": "K7MQ2P", "version": 5, "record": "forged"})
    # woken with no state: what is shown is read from the service, never from a notice
    assert woken == [("K7MQ2P", None)] * 3


def test_a_lost_socket_reconnects_with_backoff_and_greets_again() -> None:
    client, browser = browser_client()
    client.watch("K7M-Q2P", lambda code, state: None)
    delays = []
    for _ in range(6):
        browser.sockets[-1].drops()
        assert not client.connected.is_set()
        delays.extend(browser.one_shots())
        browser.fire_one_shots()
    assert delays == [BACKOFF_FIRST * 2**i for i in range(5)] + [BACKOFF_MAX]
    ws = browser.sockets[-1]
    ws.opens()
    assert ws.sent[0]["type"] == "hello" and ws.sent[0]["watch"] == ["K7MQ2P"]
    ws.receives({"type": "ready"})
    ws.drops()
    assert browser.one_shots() == [BACKOFF_FIRST]  # a good connection starts over
    # events of a socket that is gone change nothing
    old = browser.sockets[-2]
    old.listeners["message"](type("Event", (), {"data": json.dumps({"type": "ready"})})())
    assert not client.connected.is_set()


def test_a_refusal_before_the_hello_is_taken_is_said_and_close_ends_it() -> None:
    statuses: list[str | None] = []
    client, browser = browser_client()
    client.on_status = statuses.append
    client.watch("K7M-Q2P", lambda code, state: None)
    ws = browser.sockets[0]
    ws.opens()
    ws.receives({"type": "error", "error": {"message": "this class code is not right"}})
    assert statuses[-1] == "this class code is not right"
    beats = [h for h, (_cb, seconds, repeat) in browser.timers.items() if repeat]
    client.close()
    assert ws.closed_with == 1000 and beats[0] in browser.cancelled
    ws.drops()
    assert browser.one_shots() == []  # closed for good: no reconnection


def test_the_heartbeat_runs_every_beat_and_one_beats_fault_stops_no_other() -> None:
    client, browser = browser_client()
    ran: list[str] = []

    def broken() -> None:
        ran.append("broken")
        raise RuntimeError("a screen's fault")

    client.add_heartbeat(broken)
    client.add_heartbeat(lambda: ran.append("fine"))
    ((callback, seconds),) = [(cb, s) for cb, s, repeat in browser.timers.values() if repeat]
    assert seconds == 15.0
    callback()
    assert ran == ["broken", "fine"]


def test_answers_become_the_stores_refusals_and_no_answer_says_unreachable() -> None:
    refusal = {
        "error": {
            "kind": "unknown_room",
            "key": "rooms_unknown",
            "fields": {"code": "K7M-Q2P"},
            "message": "no such room",
        }
    }
    conflict = {"error": {"kind": "conflict", "message": "someone was faster", "room": room()}}
    network_error = "NetworkError: Failed to execute 'send' on 'XMLHttpRequest'"
    client, _browser = browser_client(
        (404, refusal),
        (409, conflict),
        OSError(network_error),
        (200, b"<html>not the service</html>"),
    )
    with pytest.raises(UnknownRoomError):
        client.room("K7M-Q2P")
    with pytest.raises(ConflictError) as conflicted:
        client.act("K7M-Q2P", SEAT, "1-2", expected_ply=0)
    assert conflicted.value.state is not None and conflicted.value.state.code == "K7MQ2P"
    for reason in (network_error, "Expecting value"):
        with pytest.raises(StoreUnavailableError) as away:
            client.room("K7M-Q2P")
        # the student reads plain words; the address and the browser's error are kept
        # in the error for the teacher or a developer, not shown
        assert str(away.value) == t("service_unreachable")
        assert "school.example" not in str(away.value) and "Error" not in str(away.value)
        assert away.value.details["where"] == "http://school.example:8866/rooms/"
        assert away.value.details["reason"].startswith(reason)
    assert client.status is not None


def test_the_app_and_client_import_with_what_the_sites_python_has() -> None:
    """The site's Python lacks sqlite3, and its wheel of the kit leaves out what only a
    server runs (``SERVER_ONLY``): the app and the rooms client load without them, and
    the check itself does fail on an import of one of them."""
    from qttt_edu.site.wheels import SERVER_ONLY

    lacking = ["sqlite3"] + [f"qttt_edu.{m[:-3].replace('/', '.')}" for m in SERVER_ONLY]
    block = f"import sys; sys.modules.update(dict.fromkeys({lacking!r})); "
    modules = ("qttt_edu.rooms", "qttt_edu.rooms.remote", "qttt_edu.rooms.browser")
    imports = "; ".join(f"import {m}" for m in (*modules, "qttt_edu.widgets.app"))
    done = subprocess.run([sys.executable, "-c", block + imports], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for planted in lacking:
        failed = subprocess.run(
            [sys.executable, "-c", f"{block}import {planted}"], capture_output=True, text=True
        )
        assert failed.returncode != 0 and planted in failed.stderr
