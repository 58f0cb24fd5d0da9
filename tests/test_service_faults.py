"""The reliability review's scenarios (R1-R14) re-run against the rooms service.

Everything is real: tornado servers on free ports, SQLite files, the session's
PostgreSQL cluster, a service in a subprocess whose file-size limit stands in for a
full disk, a client process frozen with SIGSTOP for a closed laptop lid. Each test
plays the attacker or the fault and then reads the database to see what happened.
"""

from __future__ import annotations

import json
import os
import random
import resource
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.core import Action, Game
from qttt_edu.i18n import t, t_in
from qttt_edu.rooms import SharedGame, StoreUnavailableError
from qttt_edu.rooms.backends import sqlite_path
from qttt_edu.rooms.remote import ServiceClient
from qttt_edu.rooms.service import Limits, start_service
from tests import pg, rooms_support
from tests.rooms_support import (
    CLASS_KEY,
    TEACHER,
    cluster_or_skip,
    http,
    http_from,
    open_room_as,
    raw_sql,
)

store_url = rooms_support.store_url
service = rooms_support.service


def start(url: str, **options: Any) -> Any:
    return start_service(url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER, **options)


def seat_of(service: Any, code: str, seat: str) -> dict[str, Any]:
    status, body = http(service.url, "GET", f"api/v1/rooms/{code}", teacher=TEACHER)
    assert status == 200
    seats: dict[str, Any] = body["room"]["seats"][seat]
    return seats


# -- R5: presence is a live connection from the page, not a running kernel ------------------


def test_presence_follows_the_socket_and_the_page(service: Any) -> None:
    a, b = (
        ServiceClient(service.url, class_key=CLASS_KEY),
        ServiceClient(service.url, class_key=CLASS_KEY),
    )
    try:
        x = SharedGame.create(a, nickname="Ada")
        o = SharedGame.join(b, x.code, nickname="Bo")
        assert pg.wait_until(lambda: seat_of(service, x.code, "O")["present"], 10, 0.25)
        # the page stops saying "alive": the kernel says so, and X's screen hears it
        b.set_here(o.code, False)
        assert pg.wait_until(lambda: not seat_of(service, x.code, "O")["present"], 10, 0.25)
        assert x.wait_until(lambda s: not s.seats["O"].present(s.read_at), 10)
        b.set_here(o.code, True)
        assert x.wait_until(lambda s: s.seats["O"].present(s.read_at), 10)
        b.close()  # the tab is closed: away at once
        assert x.wait_until(lambda s: not s.seats["O"].present(s.read_at), 10)
        x.close()
    finally:
        a.close()
        b.close()


FROZEN_CLIENT = """
import sys, time
from qttt_edu.rooms import SharedGame
from qttt_edu.rooms.remote import ServiceClient
client = ServiceClient(sys.argv[1], class_key=sys.argv[2])
game = SharedGame.resume(client, sys.argv[3], sys.argv[4])
client.connected.wait(10)
print("held", flush=True)
time.sleep(600)
"""


def test_a_closed_lid_is_away_within_the_ping_timeout(tmp_path: Path) -> None:
    """R5 as the review did it: the player's machine stops (SIGSTOP), no close, no unload."""
    running = start(f"sqlite:///{tmp_path / 'r.sqlite3'}", ping_interval=1.0, ping_timeout=1.0)
    proc = None
    try:
        _, made = http(running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
        code = made["room"]["code"]
        _, joined = http(running.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
        proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                FROZEN_CLIENT,
                running.url,
                CLASS_KEY,
                code,
                joined["credential"],
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        assert pg.wait_until(lambda: seat_of(running, code, "O")["present"], 10, 0.25)
        os.kill(proc.pid, signal.SIGSTOP)  # the lid closes
        began = time.monotonic()
        assert pg.wait_until(lambda: not seat_of(running, code, "O")["present"], 15, 0.25)
        assert time.monotonic() - began < 10
    finally:
        if proc is not None:
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait()
        running.stop()


# -- R14: heartbeats under load ---------------------------------------------------------------


def _play_fast(url: str, code: str, seats: dict[str, str], until: float, acted: list[int]) -> None:
    """One game's two seats play random legal actions over HTTP as fast as they can."""
    rng = random.Random(code)
    while time.monotonic() < until:
        status, body = http(url, "GET", f"api/v1/rooms/{code}", seat=seats["X"])
        room = body["room"]
        if room["finished"]:
            return
        game = Game.from_record(room["record"])
        action = str(Action(rng.choice(game.position.legal_actions())))
        payload = {"action": action, "expected_ply": room["ply"], "action_id": uuid.uuid4().hex}
        path = f"api/v1/rooms/{code}/actions"
        status, _ = http(url, "POST", path, payload, seat=seats[room["to_act"]])
        assert status == 200
        acted.append(1)


def test_idle_seats_stay_present_while_other_games_keep_the_store_busy(tmp_path: Path) -> None:
    """R14: heartbeats were the first write dropped under load, and idle players looked
    away. Now one writer marks every live socket's seat; with 16 games played flat out
    beside them, the idle seats' marks stay fresh the whole time."""
    db = f"sqlite:///{tmp_path / 'g.sqlite3'}"
    # a whole class's worth of requests from one address: the address limit off
    limits = Limits(address_rate=1e6, address_burst=1e6, client_rate=1e6, client_burst=1e6)
    running = start(db, touch_every=0.3, limits=limits)
    idle = [ServiceClient(running.url, class_key=CLASS_KEY) for _ in range(4)]
    try:
        quiet = [SharedGame.create(idle[i]) for i in (0, 2)]
        seated = [
            SharedGame.join(client, game.code)
            for game, client in zip(quiet, (idle[1], idle[3]), strict=True)
        ]
        busy = []
        for n in range(16):
            key = f"busy{n:02d}" + "b" * 12
            _, made = http(running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY, client=key)
            code = made["room"]["code"]
            path = f"api/v1/rooms/{code}/join"
            _, joined = http(running.url, "POST", path, {}, class_key=CLASS_KEY, client=key)
            busy.append((code, {"X": made["credential"], "O": joined["credential"]}))
        until, acted, oldest = time.monotonic() + 4.0, list[int](), 0.0
        players = [
            threading.Thread(target=_play_fast, args=(running.url, code, seats, until, acted))
            for code, seats in busy
        ]
        for player in players:
            player.start()
        marks = f"SELECT x_seen, o_seen FROM qttt_rooms WHERE code IN ({', '.join('??')})"
        while time.monotonic() < until:
            rows = raw_sql(db, marks, tuple(game.code.replace("-", "") for game in quiet))
            assert len(rows) == 2
            oldest = max(oldest, *(time.time() - seen for row in rows for seen in row))
            time.sleep(0.1)
        for player in players:
            player.join(30)
        assert len(acted) > 100  # the store was busy
        # marked every 0.3 s and never skipped: the service's window is three marks wide
        # (25 s for marks every 8 s), so a seat skipped for longer would look away
        assert oldest < 1.0
        for game in (*quiet, *seated):
            state = game.refresh()
            assert state.seats["X"].present(state.read_at) and state.seats["O"].present(
                state.read_at
            )
    finally:
        for client in idle:
            client.close()
        running.stop()


# -- R3: one clock --------------------------------------------------------------------------


def test_a_skewed_machine_clock_does_not_move_the_databases_clock(tmp_path: Path) -> None:
    """R3: two replicas on one PostgreSQL, one machine 13 hours slow; one clock decides."""
    cluster = cluster_or_skip()
    url = cluster.new_database()
    slow = start(url, local_clock=lambda: time.time() - 13 * 3600)
    fast = start(url)
    try:
        _, made = http(slow.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
        code = made["room"]["code"]
        now_slow = http(slow.url, "GET", "api/v1/info")[1]["time"]
        now_fast = http(fast.url, "GET", "api/v1/info")[1]["time"]
        assert abs(now_slow - now_fast) < 2.0  # both read the database's clock
        # the room made through the slow machine is neither expired nor purged by the other
        status, cleared = http(
            fast.url, "POST", "api/v1/class/clear", {"what": "expired"}, teacher=TEACHER
        )
        assert status == 200 and cleared["deleted"] == 0
        status, room = http(fast.url, "GET", f"api/v1/rooms/{code}", class_key=CLASS_KEY)
        assert status == 200 and not room["room"]["expired"]
        assert abs(room["room"]["created_at"] - time.time()) < 5
    finally:
        slow.stop()
        fast.stop()


def test_clients_send_no_time_and_the_service_ignores_any(service: Any) -> None:
    _, made = http(
        service.url, "POST", "api/v1/rooms", {"created_at": 0, "expires_at": 1}, class_key=CLASS_KEY
    )
    code, cred = made["room"]["code"], made["credential"]
    body = {"action": "1-5", "expected_ply": 0, "action_id": "t" * 8, "updated_at": 0}
    status, answer = http(service.url, "POST", f"api/v1/rooms/{code}/actions", body, seat=cred)
    assert status == 200 and answer["room"]["expires_at"] > time.time() + 3600


# -- R13: a forged notice shows nothing -------------------------------------------------------


def test_a_forged_notice_changes_no_screen(tmp_path: Path) -> None:
    cluster = cluster_or_skip()
    url = cluster.new_database()
    running = start(url)
    a = ServiceClient(running.url, class_key=CLASS_KEY)
    b = ServiceClient(running.url, class_key=CLASS_KEY)
    try:
        x = SharedGame.create(a)
        watcher = SharedGame.join(b, x.code)  # O's screen
        x.act("1-5")
        assert watcher.wait_for_ply(1)
        fake = json.dumps({"code": x.code, "version": 10**9, "row": [x.code, "1-2 1-2"]})
        raw_sql(url, "SELECT pg_notify(?, ?)", (f"qttt_room_{x.code.lower()}", fake))
        raw_sql(url, "SELECT pg_notify(?, ?)", ("qttt_rooms_service", x.code))
        raw_sql(url, "SELECT pg_notify(?, ?)", ("qttt_rooms_service", fake))
        time.sleep(1.0)
        assert watcher.state.record == "1-5" and watcher.version < 10**9
        watcher.act("2-6")  # real moves still go and arrive
        assert x.wait_for_ply(2) and x.state.record == "1-5 2-6"
        x.close()
        watcher.close()
    finally:
        a.close()
        b.close()
        running.stop()


# -- R6/R7/R12: limits, each refused in words --------------------------------------------------


def test_rooms_per_client_and_per_class_are_limited(tmp_path: Path) -> None:
    running = start(
        f"sqlite:///{tmp_path / 'r.sqlite3'}", limits=Limits(rooms_per_client=2, rooms_per_class=3)
    )
    try:
        me = {"class_key": CLASS_KEY, "client": "c" * 20, "lang": "da"}
        for _ in range(2):
            assert http(running.url, "POST", "api/v1/rooms", {}, **me)[0] == 201
        status, body = http(running.url, "POST", "api/v1/rooms", {}, **me)
        assert status == 429 and body["error"]["kind"] == "too_many_rooms"
        assert body["error"]["message"] == t_da("service_rooms_client", limit=2)
        other = {"class_key": CLASS_KEY, "client": "d" * 20}
        assert http(running.url, "POST", "api/v1/rooms", {}, **other)[0] == 201
        status, body = http(
            running.url, "POST", "api/v1/rooms", {}, client="e" * 20, class_key=CLASS_KEY
        )
        assert status == 429 and body["error"]["key"] == "service_rooms_class"
        assert (
            len(raw_sql(f"sqlite:///{tmp_path / 'r.sqlite3'}", "SELECT code FROM qttt_rooms")) == 3
        )
    finally:
        running.stop()


def test_one_address_cannot_fill_the_class_by_making_up_client_ids(tmp_path: Path) -> None:
    """The client id is the sender's own choice: the red team made 300 rooms in 0.3 s from
    one laptop with a new id each time, and every classmate was refused. The address's
    count stops it, in the student's language; a classmate on another address goes on;
    refused ids leave nothing in the service's memory."""
    url = f"sqlite:///{tmp_path / 'r.sqlite3'}"
    running = start(url, limits=Limits(rooms_per_client=3, rooms_per_address=4))
    try:
        made = []
        for n in range(6):
            me = {"class_key": CLASS_KEY, "client": f"forged-client-{n:04d}", "lang": "da"}
            made.append(http_from("127.0.0.2", running.url, "POST", "api/v1/rooms", {}, **me))
        assert [status for status, _body in made] == [201] * 4 + [429] * 2
        assert made[-1][1]["error"]["message"] == t_da("service_rooms_address", limit=4)
        classmate = {"class_key": CLASS_KEY, "client": "classmate-0000000"}
        assert (
            http_from("127.0.0.3", running.url, "POST", "api/v1/rooms", {}, **classmate)[0] == 201
        )
        assert len(raw_sql(url, "SELECT code FROM qttt_rooms")) == 5
        created = running.service.created
        assert "forged-client-0004" not in created and "forged-client-0005" not in created
        # leaving one of them gives the address its room back, as the refusal says
        code, credential = made[0][1]["room"]["code"], made[0][1]["credential"]
        me = {"class_key": CLASS_KEY, "client": "forged-client-0000", "X-Qttt-Seat": credential}
        assert (
            http_from("127.0.0.2", running.url, "POST", f"api/v1/rooms/{code}/leave", {}, **me)[0]
            == 200
        )
        again = {"class_key": CLASS_KEY, "client": "forged-client-0009"}
        assert http_from("127.0.0.2", running.url, "POST", "api/v1/rooms", {}, **again)[0] == 201
    finally:
        running.stop()


def test_a_room_left_no_longer_counts_against_its_creator(tmp_path: Path) -> None:
    """The refusal says "finish or leave one": leaving one must make room for another."""
    running = start(f"sqlite:///{tmp_path / 'r.sqlite3'}", limits=Limits(rooms_per_client=2))
    try:
        me = {"class_key": CLASS_KEY, "client": "c" * 20}
        made = [http(running.url, "POST", "api/v1/rooms", {}, **me) for _ in range(2)]
        assert [status for status, _body in made] == [201, 201]
        assert http(running.url, "POST", "api/v1/rooms", {}, **me)[0] == 429
        code, credential = made[0][1]["room"]["code"], made[0][1]["credential"]
        left = http(running.url, "POST", f"api/v1/rooms/{code}/leave", {}, seat=credential, **me)
        assert left[0] == 200, left
        assert http(running.url, "POST", "api/v1/rooms", {}, **me)[0] == 201
        assert http(running.url, "POST", "api/v1/rooms", {}, **me)[0] == 429  # two held again
        # a room left before anyone joined ends: leaving and starting again piles up nothing
        live = "SELECT COUNT(*) FROM qttt_rooms WHERE expires_at > ?"
        assert raw_sql(f"sqlite:///{tmp_path / 'r.sqlite3'}", live, (time.time(),)) == [(2,)]
    finally:
        running.stop()


def t_da(key: str, **fields: Any) -> str:
    from qttt_edu.i18n import t_in

    return t_in("da", key, **fields)


def test_requests_per_client_are_limited(tmp_path: Path) -> None:
    running = start(
        f"sqlite:///{tmp_path / 'r.sqlite3'}", limits=Limits(client_rate=0.2, client_burst=5.0)
    )
    try:
        statuses = [http(running.url, "GET", "api/v1/info", client="f" * 20)[0] for _ in range(8)]
        assert statuses[:5] == [200] * 5 and 429 in statuses[5:]
        status, body = http(running.url, "GET", "api/v1/info", client="f" * 20)
        assert status == 429 and body["error"]["retry_after"] > 0
        assert http(running.url, "GET", "api/v1/info", client="g" * 20)[0] == 200  # others go on
    finally:
        running.stop()


def test_every_field_has_a_size(service: Any) -> None:
    status, body = http(
        service.url, "POST", "api/v1/rooms", {"nickname": "x" * 5000}, class_key=CLASS_KEY
    )
    assert status == 413 and body["error"]["kind"] == "too_large"
    status, body = http(
        service.url, "POST", "api/v1/rooms", {"nickname": "x" * 200}, class_key=CLASS_KEY
    )
    assert status == 413 and body["error"]["fields"]["field"] == "nickname"
    status, body = http(
        service.url, "POST", "api/v1/rooms", {"nickname": "x" * 30}, class_key=CLASS_KEY
    )
    # a nickname over its 24 characters is too large, as every field is (it was a 409)
    assert status == 413 and body["error"]["key"] == "rooms_nickname_bad", body
    assert body["error"]["kind"] == "too_large" and body["error"]["fields"] == {"limit": 24}
    # spaces folded as the store folds them: 24 characters with extra spaces pass
    padded = {"nickname": "  abcdefghijk   lmnopqrstuvw   "}
    assert http(service.url, "POST", "api/v1/rooms", padded, class_key=CLASS_KEY)[0] == 201
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, cred = made["room"]["code"], made["credential"]
    for body in (
        {"action": "1-5" * 10, "expected_ply": 0, "action_id": "a" * 8},
        {"action": "1-5", "expected_ply": "0", "action_id": "a" * 8},
        {"action": "1-5", "expected_ply": 10**30, "action_id": "a" * 8},
        {"action": "1-5", "expected_ply": 0, "action_id": "a" * 100},
        {"action": "1-5", "expected_ply": 0, "action_id": "<svg>"},
        {"action": 15, "expected_ply": 0, "action_id": "a" * 8},
    ):
        status, answer = http(service.url, "POST", f"api/v1/rooms/{code}/actions", body, seat=cred)
        assert status in (400, 413), (body, answer)
    status, _ = http(service.url, "POST", "api/v1/rooms", b"{not json", class_key=CLASS_KEY)
    assert status == 400
    # nested deeper than Python's own limit: refused as bad JSON, not a 500
    status, answer = http(service.url, "POST", "api/v1/rooms", b"[" * 4000, class_key=CLASS_KEY)
    assert status == 400 and answer["error"]["key"] == "service_bad_json", answer
    assert raw_sql(service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,)) == [
        ("",)
    ]


def test_a_stale_action_of_the_other_seat_is_refused(service: Any) -> None:
    """R10: O replaying X's action at ply 0 is told it is not O's turn; nothing written."""
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, x_cred = made["room"]["code"], made["credential"]
    _, joined = http(service.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
    act = {"action": "1-5", "expected_ply": 0, "action_id": "x" * 8}
    assert http(service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=x_cred)[0] == 200
    act["action_id"] = "o" * 8
    status, body = http(
        service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=joined["credential"]
    )
    assert status == 409 and body["error"]["kind"] == "not_your_turn"


# -- R4, R8 and restarts: nothing lost, nothing doubled ------------------------------------------


SERVICE_PROCESS = """
import resource, sys
limit = int(sys.argv[2])
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, resource.RLIM_INFINITY))
from qttt_edu.rooms.service import main
sys.exit(main(["--store", sys.argv[1], "--class", "7B", "--class-key", sys.argv[3],
               "--port", sys.argv[4]]))
"""


def test_a_full_disk_is_said_in_words_and_the_action_is_kept(tmp_path: Path) -> None:
    """R4: the service's files cannot grow (RLIMIT_FSIZE, as a full disk); then they can."""
    db = tmp_path / "full.sqlite3"
    env = {**os.environ, "QTTT_ROOMS_TEACHER_SECRET": TEACHER, "QTTT_LANG": "en"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            SERVICE_PROCESS,
            f"sqlite:///{db}",
            str(64 * 1024),
            CLASS_KEY,
            str(pg.free_port()),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    client = None
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split(": ", 1)[1].strip()
        client = ServiceClient(url, class_key=CLASS_KEY)
        x = SharedGame.create(client, watch=False)
        full = None
        for n in range(200):  # other students' rooms fill the disk
            status, body = open_room_as(url, f"filler{n:04d}" + "f" * 10, nickname="N" * 24)
            if status != 201:
                full = (status, body)
                break
        assert full is not None, "the file never filled"
        status, body = full
        assert status == 503 and body["error"]["kind"] == "store_unavailable"
        # the student reads plain words; the file's path and the driver's words go to the
        # server's log for the teacher, never to a client
        said, fields = body["error"]["message"], body["error"]["fields"]
        assert "where" not in fields and "reason" not in fields
        assert "OperationalError" not in said and "full.sqlite3" not in json.dumps(body)
        with pytest.raises(StoreUnavailableError) as caught:
            x.act("1-5")
        assert x.pending is not None and str(caught.value) == t(
            "rooms_unavailable_kept", **caught.value.details
        )
        said = str(caught.value)
        assert "reason" not in caught.value.details and "full.sqlite3" not in said
        resource.prlimit(
            proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY)
        )  # space again
        assert x.retry_pending() and x.pending is None
        assert x.retry_pending()  # nothing left to send: not sent twice
    finally:
        if client is not None:
            client.close()
        proc.send_signal(signal.SIGINT)
        _, log = proc.communicate(timeout=20)
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT record, version FROM qttt_rooms WHERE code = ?", (x.code,)
        ).fetchall()
    assert rows == [("1-5", 1)]
    # the service's own log (the teacher's terminal) names the file and the reason once,
    # not a line per refused request
    down = [line for line in log.splitlines() if f"the game store {db} is not answering (" in line]
    assert len(down) == 1, log
    assert " 503" not in log, log


def test_the_service_command_says_why_it_cannot_start(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A short key, a taken port, a store it cannot open: one line in the person's
    language and status 1, never a traceback."""
    from qttt_edu.rooms.service import main

    monkeypatch.setenv("QTTT_ROOMS_TEACHER_SECRET", TEACHER)
    db = tmp_path / "games.sqlite3"
    base = ["--lang", "fi", "--class-key", CLASS_KEY, "--store", f"sqlite:///{db}"]
    taken = socket.socket()
    taken.bind(("127.0.0.1", 0))
    taken.listen()
    port = taken.getsockname()[1]
    cases = {
        "key": (["--port", "0", "--class-key", "short"], t_in("fi", "service_key_short")),
        "secret": (
            ["--port", "0", "--teacher-secret-file", str(tmp_path / "secret.txt")],
            t_in("fi", "service_secret_unreadable", file=tmp_path / "secret.txt", reason=""),
        ),
        "port": (["--port", str(port)], t_in("fi", "service_cannot_listen", where="", reason="")),
        "store": (["--port", "0", "--store", "ftp://x"], "ftp://x"),
        "folder": (["--port", "0", "--store", str(tmp_path / "no" / "g.sqlite3")], "no"),
    }
    try:
        for name, (extra, expected) in cases.items():
            assert main(base + extra) == 1, name
            out, err = capsys.readouterr()
            assert not out and "Traceback" not in err and len(err.strip().splitlines()) == 1
            words = err.strip()
            assert (
                words.startswith(t_in("fi", "service_not_started", reason=""))
                or (name == "port" and f"127.0.0.1:{port}" in words)
                or name == "secret"
            ), words
            assert all(part in words for part in expected.split(" ") if part), (name, words)
            if name in ("key", "secret"):
                assert not db.exists()  # refused before the store was opened
        # a shortened option is not taken for a longer one: --teacher-secret is no option
        # (it was read as --teacher-secret-file, and the secret as a file's name)
        assert main([*base, "--port", "0", "--teacher-secret", "s3cret-" + "v" * 12]) == 2
        assert "--teacher-secret" in capsys.readouterr().err
    finally:
        taken.close()


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("how", ["SIGINT, started with SIGINT ignored", "SIGTERM"])
def test_the_service_command_stops_cleanly_on_a_signal(tmp_path: Path, how: str) -> None:
    """Ctrl-C stops the service even when it was started with SIGINT ignored (a shell's
    background job, a test runner's worker), and so does a service manager's SIGTERM:
    cleanly, with the log folded into the games file."""
    db = tmp_path / "games.sqlite3"
    ignored, port = how.startswith("SIGINT"), str(pg.free_port())
    proc = subprocess.Popen(
        [sys.executable, "-c", SERVICE_PROCESS, f"sqlite:///{db}", str(2**40), CLASS_KEY, port],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "QTTT_ROOMS_TEACHER_SECRET": TEACHER},
        preexec_fn=_ignore_sigint if ignored else None,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split(": ", 1)[1].strip()
        client = ServiceClient(url, class_key=CLASS_KEY)
        game = SharedGame.create(client, watch=False)
        game.act("1-5")
        client.close()
        proc.send_signal(signal.SIGINT if ignored else signal.SIGTERM)
        assert proc.wait(20) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    wal = db.with_name(db.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT record FROM qttt_rooms").fetchall() == [("1-5",)]


def test_a_restarted_service_loses_and_doubles_nothing(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    first = start(db)
    port = first.port
    a = ServiceClient(first.url, class_key=CLASS_KEY)
    b = ServiceClient(first.url, class_key=CLASS_KEY)
    x = SharedGame.create(a)
    o = SharedGame.join(b, x.code)
    x.act("1-5")
    assert o.wait_for_ply(1)
    first.stop()
    with pytest.raises(StoreUnavailableError) as caught:
        o.act("2-6")  # the service is away: kept, and said so
    assert o.pending is not None
    # in plain words: no address, no socket or browser error text (those stay in details)
    seconds = caught.value.details["seconds"]
    assert str(caught.value) == (
        f"the game server did not answer for {seconds} s: your move is kept and will be "
        "sent as soon as it answers"
    )
    assert caught.value.details["where"] == first.url and first.url not in str(caught.value)
    second = start(db, port=port)  # the same address, a new process's worth of state
    try:
        assert o.wait_for_ply(2, timeout=30) and x.wait_for_ply(2, timeout=30)
        assert o.pending is None
        rows = raw_sql(db, "SELECT record, version FROM qttt_rooms WHERE code = ?", (x.code,))
        assert rows[0][0] == "1-5 2-6"  # written once (presence changes also move the version)
    finally:
        x.close()
        o.close()
        a.close()
        b.close()
        second.stop()


def test_one_copy_of_the_games_file_holds_every_game(tmp_path: Path) -> None:
    """R8: after the service stops (and every few seconds while it runs) the file alone is
    the games: its write-ahead log is folded in."""
    db = tmp_path / "7b.sqlite3"
    running = start(f"sqlite:///{db}")
    codes = []
    for n in range(3):
        _, made = open_room_as(running.url, f"client{n:02d}" + "z" * 10)
        codes.append(made["room"]["code"])
    status, exported = http(running.url, "GET", "api/v1/class/export", teacher=TEACHER)
    assert status == 200 and sorted(r["code"] for r in exported["rooms"]) == sorted(
        f"{c[:3]}-{c[3:]}" for c in codes
    )
    running.stop()
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(db, copy)
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT COUNT(*) FROM qttt_rooms").fetchone()[0] == 3


def test_a_copy_made_while_the_service_runs_holds_its_games(tmp_path: Path) -> None:
    """R8: a teacher copies the games file in the middle of a lesson; the copy alone (no
    write-ahead log beside it) holds the games, folded in every ``checkpoint_every``."""
    db = tmp_path / "7b.sqlite3"
    running = start(f"sqlite:///{db}", checkpoint_every=0.3)
    try:
        for n in range(3):
            key = f"client{n:02d}" + "z" * 10
            status, _ = http(
                running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY, client=key
            )
            assert status == 201

        def copied_rooms() -> int:
            copy = tmp_path / "copy.sqlite3"
            shutil.copy(db, copy)  # the file alone, as a teacher copies it
            try:
                with sqlite3.connect(copy) as conn:
                    return int(conn.execute("SELECT COUNT(*) FROM qttt_rooms").fetchone()[0])
            except sqlite3.Error:
                return 0  # no table yet: the log not folded in
            finally:
                copy.unlink()

        assert pg.wait_until(lambda: copied_rooms() == 3, 10, 0.2)
    finally:
        running.stop()


def test_a_games_file_deleted_while_the_service_runs_is_said(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """R8: the file is deleted mid-lesson. The games go on in the open file and would
    vanish at the end: the teacher's terminal says so, in the class's language."""
    db = tmp_path / "7b.sqlite3"
    running = start(f"sqlite:///{db}", checkpoint_every=0.2, language="da")
    try:
        status, _ = http(running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
        assert status == 201
        time.sleep(0.5)
        assert not any("slettet" in r.getMessage() for r in caplog.records)  # all is well
        db.unlink()
        said = t_in("da", "service_file_gone", file=str(db))
        assert pg.wait_until(lambda: any(r.getMessage() == said for r in caplog.records), 10)
        assert [r.getMessage() for r in caplog.records].count(said) == 1  # said once
    finally:
        running.stop()


def test_a_lost_database_reconnects_and_the_kept_action_is_sent_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    cluster = cluster_or_skip()
    url = cluster.new_database()
    running = start(url, language="nb")
    running.service.health.quiet = 1.0  # back after a second with no failure (10 s by default)
    a = ServiceClient(running.url, class_key=CLASS_KEY)
    try:
        x = SharedGame.create(a)
        cluster.stop_server()
        try:
            with pytest.raises(StoreUnavailableError):
                x.act("1-5")
            assert x.pending is not None
        finally:
            cluster.start_server()
        assert x.wait_for_ply(1, timeout=40)
        rows = raw_sql(url, "SELECT record, version FROM qttt_rooms WHERE code = ?", (x.code,))
        assert rows == [("1-5", 1)]
        x.close()
        # whoever runs the service reads, in its language, once each: the store stopped
        # answering and why, and that it answers again (however many requests failed)
        where = running.service.health.where
        assert pg.wait_until(lambda: running.service.health.since is None, 20)
        said = [r.getMessage() for r in caplog.records if r.name == "qttt_edu.rooms.service"]
        down = [m for m in said if m.startswith(f"spilldatabasen {where} svarer ikke (")]
        back = [m for m in said if m.startswith(f"spilldatabasen {where} svarer igjen")]
        assert len(down) == 1 and len(back) == 1, said
        assert said.index(down[0]) < said.index(back[0])
    finally:
        a.close()
        running.stop()


def test_a_store_that_answers_between_refusals_is_reported_down_once(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A full disk refuses writes and answers reads: the log says "down" once and "back"
    only after 10 s with no refusal, not once per read in between."""
    from qttt_edu.rooms.service import StoreHealth

    now = [100.0]
    health = StoreHealth("/srv/games.sqlite3", "en", clock=lambda: now[0])
    full = StoreUnavailableError("full", reason="database or disk is full")
    for _ in range(3):  # refused writes, each followed a second later by a read that works
        health.failed(full)
        now[0] += 1
        health.answered()
    assert health.since == 100.0
    now[0] += 10
    health.answered()
    health.answered()
    said = [r.getMessage() for r in caplog.records]
    assert said == [
        t_in(
            "en",
            "service_store_down",
            where="/srv/games.sqlite3",
            reason="database or disk is full",
        ),
        t_in("en", "service_store_back", where="/srv/games.sqlite3", seconds="13"),
    ]
    assert health.since is None


def test_a_fault_on_a_socket_is_logged_with_its_traceback(
    service: Any, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug behind a socket request: the student reads that the service failed, and the
    service's log holds the traceback for whoever fixes it (planted fault)."""
    client = ServiceClient(service.url, class_key=CLASS_KEY)
    try:
        x = SharedGame.create(client)
        assert client.connected.wait(10)  # the socket is up: the action goes on it

        async def broken(*args: Any) -> Any:
            raise ZeroDivisionError("planted")

        monkeypatch.setattr(service.service, "act_on", broken)
        with pytest.raises(Exception) as caught:
            x.act("1-5")
        assert "ZeroDivisionError" not in str(caught.value)
        faults = [r for r in caplog.records if r.levelname == "ERROR" and r.exc_info]
        assert [r.exc_info[0] for r in faults if r.exc_info] == [ZeroDivisionError]
        assert faults[0].name == "qttt_edu.rooms.service"  # from the socket, not over HTTP
        x.close()
    finally:
        client.close()


# -- a locked store never stalls the sockets ----------------------------------------------------


class RoomLock:
    """Another program holds room ``code`` locked: PostgreSQL's row lock, or SQLite's write
    lock (SQLite has no finer one)."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code
        self.conn: Any = None

    def __enter__(self) -> RoomLock:
        if self.url.startswith("postgresql"):
            import psycopg

            self.conn = psycopg.connect(self.url)  # a transaction stays open until close
            self.conn.execute("SELECT 1 FROM qttt_rooms WHERE code = %s FOR UPDATE", (self.code,))
        else:
            self.conn = sqlite3.connect(sqlite_path(self.url), isolation_level=None)
            self.conn.execute("BEGIN IMMEDIATE")
        return self

    def waiting(self) -> bool:
        """Does someone wait for the lock? (PostgreSQL can tell; SQLite cannot.)"""
        if not self.url.startswith("postgresql"):
            return True
        query = "SELECT count(*) FROM pg_locks WHERE NOT granted"
        return bool(raw_sql(self.url, query)[0][0])

    def __exit__(self, *exc: object) -> None:
        self.conn.rollback() if self.url.startswith("postgresql") else self.conn.execute("ROLLBACK")
        self.conn.close()


def test_a_locked_room_holds_its_own_action_and_nothing_else(store_url: str) -> None:
    """The service tries each store call on its own loop first. A lock another program
    holds must send the call to a worker thread, not freeze every socket until it ends."""
    running = start(store_url, retry_for=60.0)
    a, b = (ServiceClient(running.url, class_key=CLASS_KEY) for _ in range(2))
    try:
        x = SharedGame.create(a, nickname="Ada")
        SharedGame.join(b, x.code, nickname="Bo")
        y = SharedGame.create(b, nickname="Cy")
        acted: list[Any] = []
        with RoomLock(store_url, x.code) as lock:
            waiter = threading.Thread(target=lambda: acted.append(x.act("1-5")), daemon=True)
            waiter.start()
            assert pg.wait_until(lock.waiting, 10, 0.05)
            time.sleep(0.3)  # well past the loop's own wait for a lock
            # another room is read (and on PostgreSQL, played) while the action waits
            status, body = http(running.url, "GET", f"api/v1/rooms/{y.code}", teacher=TEACHER)
            assert status == 200 and body["room"]["code"] == y.code
            if store_url.startswith("postgresql"):
                status, _ = http(running.url, "GET", f"api/v1/rooms/{x.code}", teacher=TEACHER)
                assert status == 200
            assert waiter.is_alive() and not acted  # still waiting for the lock
        waiter.join(30)
        assert acted and x.state.ply == 1
        rows = raw_sql(store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (x.code,))
        assert rows == [("1-5",)]
    finally:
        a.close()
        b.close()
        running.stop()


def test_the_loops_lost_database_connection_is_made_again_off_the_loop() -> None:
    """PostgreSQL ends the service's connections (a restart, an administrator): the next
    actions are written once each, and the loop's own connection comes back."""
    cluster = cluster_or_skip()
    url = cluster.new_database()
    running = start(url)
    a, b = (ServiceClient(running.url, class_key=CLASS_KEY) for _ in range(2))
    try:
        x = SharedGame.create(a)
        o = SharedGame.join(b, x.code)
        ended = "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ?"
        assert raw_sql(url, ended, ("qttt-edu",))
        x.act("1-5")
        assert o.wait_for_ply(1, timeout=10)
        inline = running.service._inline
        assert pg.wait_until(lambda: inline.connected, 10, 0.1)
        o.act("2-6")
        assert x.wait_for_ply(2, timeout=10)
        rows = raw_sql(url, "SELECT record FROM qttt_rooms WHERE code = ?", (x.code,))
        assert rows == [("1-5 2-6",)]
    finally:
        a.close()
        b.close()
        running.stop()


# -- replicas ------------------------------------------------------------------------------------


def test_a_client_on_replica_a_sees_replica_bs_action() -> None:
    cluster = cluster_or_skip()
    url = cluster.new_database()
    one, two = start(url), start(url)
    a = ServiceClient(one.url, class_key=CLASS_KEY)
    b = ServiceClient(two.url, class_key=CLASS_KEY)
    try:
        x = SharedGame.create(a)
        o = SharedGame.join(b, x.code)
        began = time.monotonic()
        x.act("1-5")
        assert o.wait_for_ply(1, timeout=5)
        o.act("2-6")
        assert x.wait_for_ply(2, timeout=5)
        assert time.monotonic() - began < 5
        # presence crosses replicas too: O's socket is on the other one
        assert x.wait_until(lambda s: s.seats["O"].present(s.read_at), 10)
        # a room the teacher deletes on one replica wakes its watchers on the other
        woken = threading.Event()
        a.watch(x.code, lambda code, state: woken.set())
        time.sleep(0.5)  # the watch reaches replica one, and earlier notices are through
        woken.clear()
        teacher = ServiceClient(two.url, teacher_secret=TEACHER)
        try:
            assert teacher.delete_room(x.code) == 1
        finally:
            teacher.close()
        assert woken.wait(5), "replica one never passed the deletion on"
        x.close()
        o.close()
    finally:
        a.close()
        b.close()
        one.stop()
        two.stop()


# -- R11, R12: the Python client and the store's own inputs ------------------------------------


def test_two_threads_acting_on_one_client_drop_nothing(service: Any) -> None:
    """R11: both threads' acts go through one lock; the loser is told, nobody is silent."""
    import threading

    a = ServiceClient(service.url, class_key=CLASS_KEY)
    try:
        x = SharedGame.create(a, watch=False)
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def play(token: str) -> None:
            barrier.wait()
            try:
                x.act(token)
                outcomes.append("played")
            except Exception as err:
                outcomes.append(type(err).__name__)

        threads = [threading.Thread(target=play, args=(tok,)) for tok in ("1-5", "2-6")]
        for th in threads:
            th.start()
        for th in threads:
            th.join()
        record = raw_sql(
            service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (x.code,)
        )[0][0]
        assert outcomes.count("played") == len(record.split()) == 1
        assert len(outcomes) == 2 and "played" in outcomes  # the other was refused in words
    finally:
        a.close()


def test_the_stores_inputs_are_checked(tmp_path: Path) -> None:
    """R12: wrong types are refusals in words, not TypeError or OverflowError."""
    from qttt_edu.rooms import RoomError, RoomStore

    store = RoomStore(f"sqlite:///{tmp_path / 'r.sqlite3'}")
    try:
        ticket = store.create_room()
        with pytest.raises(RoomError):
            store.create_room(ttl="x")  # type: ignore[arg-type]
        with pytest.raises(RoomError):
            store.act(ticket.code, ticket.credential, "1-5", expected_ply="1")  # type: ignore[arg-type]
        with pytest.raises(RoomError):
            store.list_rooms(10**30)  # type: ignore[arg-type]
        assert store.room(ticket.code).record == ""
    finally:
        store.close()
