"""Reads and actions on the change socket: the same keys, checks and answers as HTTP.

The app's client sends its two requests of play (read the room, act) on the socket it
holds anyway, which costs the service a third of an HTTP request. These tests play
the people the roles keep apart over raw sockets, as an attacker would, and read the
database afterwards; then they check that the app's client uses the socket while it
is up and HTTP when it is not.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
from tornado.httpclient import HTTPRequest
from tornado.websocket import websocket_connect

from qttt_edu.i18n import t_in
from qttt_edu.rooms import SharedGame
from qttt_edu.rooms.remote import ServiceClient
from qttt_edu.rooms.service import Limits, start_service
from tests import rooms_support
from tests.rooms_support import (
    CLASS_KEY,
    OTHER_CLASS_KEY,
    TEACHER,
    http,
    open_room_as,
    raw_sql,
)

store_url = rooms_support.store_url  # each test runs on SQLite and on PostgreSQL
service = rooms_support.service


class Sock:
    """A raw change socket: say hello, send requests, collect replies and notices."""

    def __init__(self, url: str, lang: str = "en") -> None:
        self.url = "ws" + url[4:] + "api/v1/socket"
        self.lang = lang
        self.ws: Any = None
        self.notices: list[dict[str, Any]] = []
        self.next_id = 0

    async def open(self, **hello: Any) -> dict[str, Any]:
        request = HTTPRequest(self.url, headers={"Accept-Language": self.lang})
        self.ws = await websocket_connect(request)
        await self.ws.write_message(json.dumps({"type": "hello", **hello}))
        return await self.read()

    async def read(self) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.read_message(), 10)
        if text is None:
            return {"type": "closed", "code": self.ws.close_code}
        data: dict[str, Any] = json.loads(text)
        return data

    async def ask(self, op: str, **fields: Any) -> tuple[int, Any]:
        """One request; the reply's status and body (notices meanwhile are kept)."""
        self.next_id += 1
        await self.ws.write_message(
            json.dumps({"type": "request", "id": self.next_id, "op": op, **fields})
        )
        while True:
            data = await self.read()
            if data["type"] == "reply" and data["id"] == self.next_id:
                return data["status"], data["body"]
            if data["type"] == "closed":
                return 0, data
            self.notices.append(data)


def new_room(url: str) -> tuple[str, str, str]:
    _, made = http(url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code = made["room"]["code"]
    _, joined = http(url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
    return code, made["credential"], joined["credential"]


def act(code: str, cred: str | None, action: str, ply: int, action_id: str) -> dict[str, Any]:
    fields = {"code": code, "action": action, "expected_ply": ply, "action_id": action_id}
    return {**fields, "credential": cred} if cred is not None else fields


def test_a_page_that_moves_on_to_its_next_game_lets_the_old_seat_go(store_url: str) -> None:
    """A page plays game after game on one socket. A room it stops watching no longer
    shows its seat: the seat is away for the opponent at once, is no longer marked
    present every round, and does not count against the socket's limit of rooms (with a
    limit of 3, the page plays its 6th game)."""
    running = start_service(
        store_url,
        classes={"7B": CLASS_KEY},
        teacher_secret=TEACHER,
        limits=Limits(watch_per_socket=3),
    )

    async def play() -> None:
        page = Sock(running.url)
        assert (await page.open(**{"class": CLASS_KEY}))["type"] == "ready"
        old = None
        for n in range(6):  # each game opened by another classmate (3 rooms per client)
            _, made = open_room_as(running.url, f"mate{n:02d}" + "m" * 12)
            code, x_cred = made["room"]["code"], made["credential"]
            await page.ws.write_message(
                json.dumps({"type": "seat", "code": code, "credential": x_cred})
            )
            if old is not None:
                await page.ws.write_message(json.dumps({"type": "unwatch", "code": old}))
            status, body = await page.ask("room", code=code, credential=x_cred)
            assert status == 200 and body["you"] == "X", body
            assert body["room"]["seats"]["X"]["present"]
            if old is not None:
                _, seen = http(running.url, "GET", f"api/v1/rooms/{old}", teacher=TEACHER)
                assert seen["room"]["seats"]["X"]["present"] is False  # left with the page
            old = code
        assert len(running.service.sockets) == 1
        (sock,) = running.service.sockets
        assert list(sock.seats) == [old]  # only the game on the page is marked present

    try:
        asyncio.run(play())
    finally:
        running.stop()


def test_a_socket_reads_and_acts_as_http_does(service: Any) -> None:
    code, x_cred, o_cred = new_room(service.url)

    async def play() -> None:
        x, o = Sock(service.url), Sock(service.url)
        assert (await x.open(**{"class": CLASS_KEY}))["type"] == "ready"
        await o.open(**{"class": CLASS_KEY}, seats=[{"code": code, "credential": o_cred}])
        status, body = await x.ask("room", code=code, credential=x_cred)
        assert status == 200 and body["you"] == "X"
        _, by_http = http(service.url, "GET", f"api/v1/rooms/{code}", seat=x_cred)
        assert {**body["room"], "now": 0} == {**by_http["room"], "now": 0}
        status, body = await x.ask("act", **act(code, x_cred, "1-5", 0, "first-action"))
        assert status == 200 and body["room"]["record"] == "1-5" and body["room"]["to_act"] == "O"
        # O's socket hears of it, and O reads the room on its socket
        version = body["room"]["version"]
        while not any(n.get("version") == version for n in o.notices):
            o.notices.append(await o.read())
        status, body = await o.ask("room", code=code, credential=o_cred)
        assert status == 200 and body["you"] == "O" and body["room"]["ply"] == 1
        # a spectator of the class reads without a seat: "you" is null
        status, body = await x.ask("room", code=code)
        assert status == 200 and body["you"] is None and body["room"]["record"] == "1-5"

    asyncio.run(play())
    assert raw_sql(service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,)) == [
        ("1-5",)
    ]


def test_socket_requests_keep_every_role_apart(service: Any) -> None:
    """R1/R2 over the socket: each refusal is a reply in words, and nothing is written."""
    code, x_cred, o_cred = new_room(service.url)
    other, other_x, _ = new_room(service.url)
    _, theirs = http(service.url, "POST", "api/v1/rooms", {}, class_key=OTHER_CLASS_KEY)

    async def attack() -> None:
        sock = Sock(service.url)
        await sock.open(**{"class": CLASS_KEY})
        refusals = [
            (act(code, o_cred, "1-5", 0, "o-plays-x"), 409, "not_your_turn"),
            (act(code, other_x, "1-5", 0, "other-room"), 403, "credential"),
            (act(code, None, "1-5", 0, "no-seat"), 403, "spectator"),
            (act(code, x_cred, "1-5", 7, "stale"), 409, "conflict"),
            (act(code, x_cred, "1-1", 0, "illegal"), 422, "illegal"),
            ({**act(code, x_cred, "1-5", 0, "long"), "action": "1-5" * 10}, 413, "too_large"),
            ({**act(code, x_cred, "1-5", 0, "id"), "action_id": "no spaces"}, 400, "bad_request"),
            ({**act(code, x_cred, "1-5", 0, "cred"), "credential": 7}, 400, "bad_request"),
            (act("not a code!", x_cred, "1-5", 0, "bad-code"), 400, "bad_code"),
        ]
        for fields, status, kind in refusals:
            got, body = await sock.ask("act", **fields)
            assert (got, body["error"]["kind"]) == (status, kind), fields
            assert body["error"]["message"]
        # another class's room is unknown to this class's socket, with or without a seat
        got, body = await sock.ask("room", code=theirs["room"]["code"])
        assert (got, body["error"]["kind"]) == (404, "unknown_room")
        got, body = await sock.ask("room", code=theirs["room"]["code"], credential=x_cred)
        assert (got, body["error"]["kind"]) == (403, "credential")
        # a socket that holds only a seat reads its own room, and no other without a seat
        seat_only = Sock(service.url)
        await seat_only.open(seats=[{"code": code, "credential": x_cred}])
        got, body = await seat_only.ask("room", code=other)
        assert (got, body["error"]["kind"]) == (403, "forbidden")
        got, body = await seat_only.ask("room", code=code, credential=x_cred)
        assert got == 200 and body["you"] == "X"
        # the socket stayed open through every refusal; a malformed request closes it
        await sock.ws.write_message(json.dumps({"type": "request", "id": "one", "op": "room"}))
        while (data := await sock.read())["type"] != "closed":
            assert data["type"] == "error"
        assert data["code"] == 4000

    asyncio.run(attack())
    assert raw_sql(
        service.store_url, "SELECT code, record, version FROM qttt_rooms ORDER BY code", ()
    ) == sorted(
        [(code, "", 1), (other, "", 1), (theirs["room"]["code"], "", 0)],
    )


def test_a_resent_action_on_the_socket_is_written_once_and_answered(service: Any) -> None:
    code, x_cred, _ = new_room(service.url)

    async def resend() -> None:
        sock = Sock(service.url, lang="da")
        await sock.open(**{"class": CLASS_KEY})
        first = await sock.ask("act", **act(code, x_cred, "1-5", 0, "same-id"))
        again = await sock.ask("act", **act(code, x_cred, "1-5", 0, "same-id"))
        assert first[0] == again[0] == 200
        assert first[1]["room"]["version"] == again[1]["room"]["version"] == 2
        status, body = await sock.ask("act", **act(code, x_cred, "2-6", 1, "x-again"))
        assert status == 409 and "tur" in body["error"]["message"]  # in Danish: O's turn

    asyncio.run(resend())
    assert raw_sql(service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,)) == [
        ("1-5",)
    ]


def counted(client: ServiceClient) -> list[tuple[str, str]]:
    """The HTTP requests ``client`` makes from now on: (method, path)."""
    calls: list[tuple[str, str]] = []
    send = client.transport

    def transport(method: str, url: str, *rest: Any) -> tuple[int, bytes]:
        calls.append((method, url[len(client.url) :]))
        return send(method, url, *rest)

    client.transport = transport
    return calls


def test_the_app_plays_on_its_socket_and_on_http_when_it_is_down(service: Any) -> None:
    a, b = (
        ServiceClient(service.url, class_key=CLASS_KEY),
        ServiceClient(service.url, class_key=CLASS_KEY),
    )
    try:
        ada = SharedGame.create(a, nickname="Ada")
        bo = SharedGame.join(b, ada.code, nickname="Bo")
        assert a.connected.wait(10) and b.connected.wait(10)
        calls_a, calls_b = counted(a), counted(b)
        ada.act("1-5")
        assert bo.wait_for_ply(1)
        bo.act("2-6")
        assert ada.wait_for_ply(2) and ada.state.record == "1-5 2-6"
        assert calls_a == calls_b == []  # reads and actions went on the sockets
        # the socket drops: the next action goes by HTTP and is written once
        loop, ws = a._loop, a._ws
        assert loop is not None and ws is not None
        a.connected.clear()
        loop.call_soon_threadsafe(ws.close)
        ada.act("3-7")
        assert ("POST", f"api/v1/rooms/{ada.code}/actions") in calls_a
        assert bo.wait_for_ply(3) and bo.state.record == "1-5 2-6 3-7"
        ada.close()
        bo.close()
    finally:
        a.close()
        b.close()
    rows = raw_sql(service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (ada.code,))
    assert rows == [("1-5 2-6 3-7",)]


def test_a_flood_of_socket_requests_is_refused_then_cut_off_in_words(store_url: str) -> None:
    """R6/R7 on the socket: past its burst, each request is refused with a reply, as
    HTTP answers 429, in the student's language; a socket that keeps on asking is then
    closed, and what it asked beyond its burst is not done. (A burst of 10 that refills
    once a minute, so a slow store cannot let more through while the flood is read.)"""
    limits = Limits(socket_rate=1 / 60, socket_burst=10)
    running = start_service(
        store_url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER, limits=limits
    )
    try:
        code, x_cred, _ = new_room(running.url)

        async def flood() -> tuple[int, list[dict[str, Any]]]:
            sock = Sock(running.url, lang="fi")
            await sock.open(**{"class": CLASS_KEY})
            for i in range(200):  # two hundred actions sent at once, each with its own id
                message = {"type": "request", "id": i, "op": "act"}
                message.update(act(code, x_cred, "1-5", 0, f"flood-{i}"))
                await sock.ws.write_message(json.dumps(message))
            seen: list[dict[str, Any]] = []
            while (data := await sock.read())["type"] != "closed":
                seen.append(data)
            return data["code"], seen

        close_code, seen = asyncio.run(flood())
    finally:
        running.stop()
    assert close_code == 4029
    replies = [m for m in seen if m["type"] == "reply"]
    assert [r["status"] for r in replies] == [200] * 9 + [429] * 10  # the hello took one
    error = replies[-1]["body"]["error"]
    assert error["kind"] == "rate_limited" and error["retry_after"] > 0
    assert error["message"] == t_in("fi", "service_rate_socket")
    assert seen[-1]["type"] == "error"  # then the socket is closed in words
    # one action was written, however many times it was asked for
    assert raw_sql(store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,)) == [("1-5",)]


def test_a_burst_of_reads_is_answered_or_refused_and_the_socket_stays(store_url: str) -> None:
    """A client that reads every room it watches at once (after a reconnection) gets
    429 replies for what exceeds the burst, waits, and reads again on the same socket.
    (The usual burst of 40, refilled at 2 a second rather than 20: the service reads one
    message after the other, so at 20 a second a store slower than 14 ms a read, as a
    busy machine's PostgreSQL is, refilled the bucket faster than the burst emptied it.)"""
    running = start_service(
        store_url,
        classes={"7B": CLASS_KEY},
        teacher_secret=TEACHER,
        limits=Limits(socket_rate=2, socket_burst=40),
    )
    try:
        code, x_cred, _ = new_room(running.url)
        statuses, later = asyncio.run(_burst_of_reads(running.url, code, x_cred))
    finally:
        running.stop()
    assert statuses.count(200) >= 39 and statuses.count(429) >= 1  # the hello took one
    assert later == 200


async def _burst_of_reads(url: str, code: str, x_cred: str) -> tuple[list[int], int]:
    """50 reads of one room sent at once, then one more half a second later."""
    sock = Sock(url)
    await sock.open(**{"class": CLASS_KEY})
    for i in range(50):
        message = {"type": "request", "id": i, "op": "room", "code": code}
        await sock.ws.write_message(json.dumps({**message, "credential": x_cred}))
    statuses = []
    while len(statuses) < 50:
        data = await sock.read()
        assert data["type"] == "reply", data
        statuses.append(data["status"])
    await asyncio.sleep(0.5)  # a token back, at 2 a second
    sock.next_id = 100
    status, _ = await sock.ask("room", code=code, credential=x_cred)
    return statuses, status


def test_a_pages_client_says_a_lost_connection_in_the_pages_language() -> None:
    """The classroom's light app runs every page's client in one process: the thread
    that keeps a Finnish page's connection says its trouble in Finnish, also after the
    page switched to Italian, while the process speaks English."""
    import threading
    import time

    from qttt_edu.i18n import get_language, set_language, use_thread_language

    said: list[str | None] = []

    def page() -> None:
        use_thread_language("fi")
        client = ServiceClient("http://127.0.0.1:1/", class_key=CLASS_KEY, on_status=said.append)
        client.watch("ABC-DEF", lambda code, state: None)
        deadline = time.monotonic() + 10
        while not said and time.monotonic() < deadline:
            time.sleep(0.05)
        set_language("it")  # the page's menu
        while len(said) < 2 and time.monotonic() < deadline:
            time.sleep(0.05)
        client.close()

    worker = threading.Thread(target=page)
    worker.start()
    worker.join(20)
    assert get_language() == "en"
    assert said[0] and said[0].startswith("yhteys, joka tuo vastustajan siirrot, katkesi")
    reason = said[0].split("(", 1)[1].split(")", 1)[0]
    assert said[1] == t_in("it", "rooms_watch_lost", reason=reason)


FULL_GAME = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"  # X wins after a collapse


def test_games_cleared_in_bulk_tell_the_pages_watching_them_and_the_teachers(
    service: Any,
) -> None:
    """The teacher clears the finished games: a page still showing one hears that it is
    gone (version -1, as after a single delete), and so does the teacher's other page,
    on either store. (The pages used to hear only on PostgreSQL, from the deletes'
    notices, and not at all on SQLite.)"""
    code, x_cred, o_cred = new_room(service.url)
    creds, seat = {"X": x_cred, "O": o_cred}, "X"
    for ply, token in enumerate(FULL_GAME.split()):
        body = {"action": token, "expected_ply": ply, "action_id": f"clear-{ply}"}
        path = f"api/v1/rooms/{code}/actions"
        status, answer = http(service.url, "POST", path, body, seat=creds[seat])
        assert status == 200, answer
        seat = answer["room"]["to_act"]
    assert answer["room"]["result"]
    live, _, _ = new_room(service.url)

    async def clear() -> None:
        page, desk = Sock(service.url), Sock(service.url)
        await page.open(**{"class": CLASS_KEY}, seats=[{"code": code, "credential": o_cred}])
        await desk.open(teacher=TEACHER)
        status, body = await asyncio.to_thread(
            http, service.url, "POST", "api/v1/class/clear", {"what": "finished"}, teacher=TEACHER
        )
        assert (status, body) == (200, {"deleted": 1})
        gone = {"type": "changed", "code": code, "version": -1}
        while (notice := await page.read()) != gone:  # a read times out after 10 s
            assert notice["type"] == "changed" and notice["version"] > 0, notice
        assert (await desk.read())["type"] == "class_changed"

    asyncio.run(clear())
    left = raw_sql(service.store_url, "SELECT code FROM qttt_rooms")
    assert left == [(live,)]


@pytest.mark.slow
def test_a_page_flickering_here_and_away_costs_a_few_writes_not_one_each(
    store_url: str,
) -> None:
    """A page may send 20 socket messages a second; each "here"/"away" was a write and a
    wake-up of every screen of the room. Past a burst of 4 a seat's presence is written
    twice a second at most, and the last word still reaches the table."""
    running = start_service(store_url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER)
    code, x_cred, _o_cred = new_room(running.url)

    def version() -> int:
        _, seen = http(running.url, "GET", f"api/v1/rooms/{code}", teacher=TEACHER)
        return int(seen["room"]["version"])

    async def flicker() -> None:
        page = Sock(running.url)
        assert (await page.open(seats=[{"code": code, "credential": x_cred}]))["type"] == "ready"
        await asyncio.sleep(0.3)
        before = version()
        for n in range(30):  # 30 changes in about 1.5 s
            await page.ws.write_message(
                json.dumps({"type": "here", "code": code, "here": n % 2 == 1})
            )
            await asyncio.sleep(0.05)
        await asyncio.sleep(1.2)  # the last change waits for the allowance, then is written
        writes = version() - before
        assert 2 <= writes <= 10, writes  # was 30
        _, seen = http(running.url, "GET", f"api/v1/rooms/{code}", teacher=TEACHER)
        assert seen["room"]["seats"]["X"]["present"] is True  # the last word: here
        await page.ws.write_message(json.dumps({"type": "here", "code": code, "here": False}))
        await asyncio.sleep(1.0)
        _, seen = http(running.url, "GET", f"api/v1/rooms/{code}", teacher=TEACHER)
        assert seen["room"]["seats"]["X"]["present"] is False

    try:
        asyncio.run(flicker())
    finally:
        running.stop()
