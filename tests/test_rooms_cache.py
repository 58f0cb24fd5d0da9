"""The decoded-room cache never shows an old state nor lets a stale action through.

The store keeps the rooms it decoded lately, keyed by the whole stored row, so that a
room read again costs a comparison and a new action replays only itself. Replica A's
cache cannot hear replica B's writes when B is another process, so these tests write
from a real second process (a store, or a whole rooms service) and then ask replica A,
whose cache still holds the older row. Both databases; the service test needs
PostgreSQL, where replicas are supported.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.rooms import ConflictError, CorruptRoomError, RoomStore
from qttt_edu.rooms import store as store_module
from qttt_edu.rooms.service import _TEXTS as room_text_cache
from qttt_edu.rooms.service import room_json, room_text, start_service
from tests import rooms_support
from tests.pg import wait_until
from tests.ports import free_port
from tests.rooms_support import CLASS_KEY, TEACHER, cluster_or_skip, http, raw_sql

store_url = rooms_support.store_url
make_store = rooms_support.make_store
service = rooms_support.service  # a real rooms service on the test's database
ROOT = Path(__file__).resolve().parents[1]
FULL_GAME = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"  # X wins after a collapse


def act_elsewhere(url: str, code: str, credential: str, token: str, ply: int) -> None:
    """Play ``token`` from another process: replica B, whose writes A's cache never sees."""
    script = (
        "import sys\n"
        "from qttt_edu.rooms import RoomStore\n"
        "store = RoomStore(sys.argv[1])\n"
        "store.act(sys.argv[2], sys.argv[3], sys.argv[4], expected_ply=int(sys.argv[5]))\n"
        "store.close()\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    subprocess.run(
        [sys.executable, "-c", script, url, code, credential, token, str(ply)],
        check=True,
        env=env,
        timeout=60,
    )


def shows(store: RoomStore, code: str, record: str, version: int) -> bool:
    """Does ``store`` read the room as it is in the database?"""
    state = store.room(code)
    return (state.record, state.version, state.ply) == (record, version, len(record.split()))


def test_a_stale_cache_reads_the_other_replicas_action_and_refuses_a_stale_action(
    make_store: Any, store_url: str
) -> None:
    a = make_store()
    x = a.create_room(nickname="Ada")
    o = a.join(x.code, nickname="Bo")
    a.act(x.code, x.credential, "1-5", expected_ply=0)
    before = a.room(x.code)  # replica A has decoded the room at ply 1
    assert shows(a, x.code, "1-5", before.version)
    act_elsewhere(store_url, x.code, o.credential, "2-6", 1)
    assert shows(a, x.code, "1-5 2-6", before.version + 1)
    with pytest.raises(ConflictError):  # X's board on replica A still shows ply 1
        a.act(x.code, x.credential, "3-7", expected_ply=1)
    assert shows(a, x.code, "1-5 2-6", before.version + 1)
    assert a.act(x.code, x.credential, "3-7", expected_ply=2).record == "1-5 2-6 3-7"
    assert raw_sql(store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (x.code,)) == [
        ("1-5 2-6 3-7",)
    ]


def test_the_cache_is_keyed_by_the_whole_row_not_the_version(
    make_store: Any, store_url: str
) -> None:
    a = make_store()
    x = a.create_room()
    a.join(x.code)
    state = a.act(x.code, x.credential, "1-5")
    # another program rewrites the record and keeps the version: the row differs, so
    # the room is decoded again (a cache keyed by the version would show "1-5")
    raw_sql(store_url, "UPDATE qttt_rooms SET record = ? WHERE code = ?", ("2-6", x.code))
    assert shows(a, x.code, "2-6", state.version)
    # a presence mark changes no version either, and is read as it is
    raw_sql(store_url, "UPDATE qttt_rooms SET o_seen = ? WHERE code = ?", (123.0, x.code))
    assert a.room(x.code).seats["O"].last_seen == 123.0


def test_the_one_action_replayed_on_a_cached_game_is_checked_by_the_rules(
    make_store: Any, store_url: str
) -> None:
    a = make_store()
    x = a.create_room()
    a.join(x.code)
    a.act(x.code, x.credential, "1-5")
    # the record grows by one action that breaks a rule (no cycle to collapse): the
    # same refusal, naming the token and its place, as a full replay gives
    raw_sql(
        store_url,
        "UPDATE qttt_rooms SET record = ?, version = version + 1 WHERE code = ?",
        ("1-5 c5", x.code),
    )
    with pytest.raises(CorruptRoomError) as cached:
        a.room(x.code)
    store_module._DECODED.clear()
    with pytest.raises(CorruptRoomError) as fresh:
        a.room(x.code)
    assert str(cached.value) == str(fresh.value)
    assert "c5" in str(fresh.value)


def test_the_replica_check_catches_a_cache_that_ignores_the_new_action(
    make_store: Any, store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The check above proves itself: a planted fault (the cached game reused as it was,
    the new action dropped) is caught."""
    a = make_store()
    x = a.create_room()
    o = a.join(x.code)
    a.act(x.code, x.credential, "1-5")
    version = a.room(x.code).version
    monkeypatch.setattr(store_module, "_replay", lambda record, earlier: earlier[1])
    act_elsewhere(store_url, x.code, o.credential, "2-6", 1)
    assert not shows(a, x.code, "1-5 2-6", version + 1)


def read_until(base: str, code: str, credential: str, ply: int, seconds: float) -> Any:
    """The room as ``base`` serves it, read until it shows ``ply`` or ``seconds`` pass."""
    deadline = time.monotonic() + seconds
    while True:
        room = http(base, "GET", f"api/v1/rooms/{code}", seat=credential)[1]["room"]
        if room["ply"] == ply or time.monotonic() > deadline:
            return room
        time.sleep(0.1)  # 10 reads a second: well inside the per-client limit


def _rows_kept(running: Any, fresh: float) -> bool:
    """Keep the service's rows ``fresh`` seconds, and wait (at most 30 s) until it trusts
    them. PostgreSQL: it trusts its rows once its LISTEN connection is up and forgets every
    row when that comes up, which a loaded machine can bring after the first write."""
    running.service.rows.fresh = fresh
    return wait_until(lambda: running.service.rows.trusted, timeout=30)


def test_replica_a_serves_replica_bs_action_and_refuses_a_stale_one() -> None:
    """Two services on one PostgreSQL, replica B in a process of its own."""
    url = cluster_or_skip().new_database()
    a = start_service(url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER)
    # Only B's notice may drop A's row here, however slow the machine: a row that aged
    # out (1 s) would pass for a notice heard.
    assert _rows_kept(a, fresh=float("inf"))
    port = free_port()
    command = [sys.executable, "-m", "qttt_edu.rooms.service", "--store", url, "--class", "7B"]
    b = subprocess.Popen(
        [*command, "--class-key", CLASS_KEY, "--port", str(port)],
        env={**os.environ, "PYTHONPATH": str(ROOT), "QTTT_ROOMS_TEACHER_SECRET": TEACHER},
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert b.stdout is not None and "127.0.0.1" in b.stdout.readline()
        b_url = f"http://127.0.0.1:{port}/"
        _, made = http(a.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
        code, x_cred = made["room"]["code"], made["credential"]
        _, joined = http(b_url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
        o_cred = joined["credential"]

        def act(base: str, cred: str, token: str, ply: int) -> tuple[int, Any]:
            body = {"action": token, "expected_ply": ply, "action_id": os.urandom(8).hex()}
            return http(base, "POST", f"api/v1/rooms/{code}/actions", body, seat=cred)

        assert act(a.url, x_cred, "1-5", 0)[0] == 200
        assert http(a.url, "GET", f"api/v1/rooms/{code}", seat=x_cred)[1]["room"]["ply"] == 1
        assert act(b_url, o_cred, "2-6", 1)[0] == 200
        # A drops its own row of the room when B's notice comes: its rows never age
        # here, so a replica that kept the row fails
        room = read_until(a.url, code, x_cred, 2, seconds=10)
        assert (room["record"], room["ply"], room["to_act"]) == ("1-5 2-6", 2, "X")
        status, body = act(a.url, x_cred, "3-7", 1)
        assert (status, body["error"]["kind"]) == (409, "conflict")
        assert body["error"]["room"]["record"] == "1-5 2-6"
        assert act(a.url, x_cred, "3-7", 2)[0] == 200
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:  # B reads the table, not a cache of its own
            room = http(b_url, "GET", f"api/v1/rooms/{code}", seat=o_cred)[1]["room"]
            if room["ply"] == 3:
                break
            time.sleep(0.05)
        assert room["record"] == "1-5 2-6 3-7"
        rows = raw_sql(url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,))
        assert rows == [("1-5 2-6 3-7",)]
    finally:
        b.terminate()
        b.wait(10)
        a.stop()


def test_a_replica_keeps_the_rows_it_wrote_when_it_hears_its_own_notices() -> None:
    """Each write's notice names the replica that wrote it, so the replica knows its own
    however soon the notice comes back: its row cache keeps the row it wrote, and the
    next read costs no query. (Told by the version alone, the notice often came before
    the writing thread had noted that version, and the row was dropped and read again.)
    Another replica's notice, and a notice with no name, still drop the row."""
    import psycopg

    from qttt_edu.rooms.service import CHANNEL

    url = cluster_or_skip().new_database()
    running = start_service(url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER)
    svc = running.service
    try:
        # What is measured is the notices alone: rows never age here (a loaded machine
        # can take over a second a round).
        assert _rows_kept(running, fresh=float("inf"))
        _, made = http(running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
        code, x_cred = made["room"]["code"], made["credential"]
        _, joined = http(running.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
        creds = {"X": x_cred, "O": joined["credential"]}
        with psycopg.connect(url, autocommit=True) as ear:
            ear.execute(f"LISTEN {CHANNEL}")
            heard, dropped = [], 0
            for ply, token in enumerate(FULL_GAME.split()[:9]):
                seat = "X" if ply % 2 == 0 else "O"
                body = {"action": token, "expected_ply": ply, "action_id": os.urandom(8).hex()}
                path = f"api/v1/rooms/{code}/actions"
                assert http(running.url, "POST", path, body, seat=creds[seat])[0] == 200
                heard += [n.payload for n in ear.notifies(timeout=2, stop_after=1)]
                time.sleep(0.05)  # the service's listener has heard it too by now
                dropped += svc.rows.get(code) is None
        assert len(heard) == 9 and all(p.endswith(f":{svc.tag}") for p in heard), heard
        assert dropped == 0  # 9 writes, 9 rows kept
        version = svc.rows.get(code).version
        assert svc._hint(f"{code}:{version + 1}:{'f' * 12}") == (code, version + 1)
        assert svc._hint(f"{code}:{version + 1}") == (code, version + 1)
        assert svc._hint(f"{code}:{version + 1}:{svc.tag}") is None
    finally:
        running.stop()


def test_the_cached_room_text_says_what_room_json_says(make_store: Any) -> None:
    """Every reader of a version gets the cached text: presence, expiry and the time are
    still the reader's own, and a new version, seat or name is never served stale."""
    clock = [1000.0]
    store = make_store(clock=lambda: clock[0])
    x = store.create_room(nickname='Åse "the" \\ cat', ttl=100.0)
    seen: list[str] = []

    def same() -> bool:
        state = store.room(x.code)
        text = room_text(state)
        seen.append(text)
        return bool(json.loads(text) == room_json(state))

    assert same()
    clock[0] += 30.0  # X's mark is older than the presence window: away, same version
    assert same() and '"present":false' in seen[-1]
    clock[0] += 80.0  # past the room's lifetime: expired, same version
    assert same() and '"expired":true' in seen[-1]
    clock[0] = 1000.0
    o = store.join(x.code, nickname="Bo")
    assert same()
    tickets = {"X": x, "O": o}
    for ply, token in enumerate(FULL_GAME.split()):
        mover = tickets[str(store.room(x.code).to_act)]
        store.act(x.code, mover.credential, token, expected_ply=ply)
        assert same()
    assert json.loads(seen[-1])["finished"] is True
    store.leave(x.code, o.credential)
    store.hand_to_computer(x.code, x.credential, "Robot")
    assert same() and '"kind":"computer"' in seen[-1]
    # the check catches a planted fault: a cached text that names an old record
    key = max((k for k in room_text_cache if k[0] == x.code), key=lambda k: k[1])
    fixed, seats = room_text_cache[key]
    room_text_cache[key] = (fixed.replace(FULL_GAME, "1-2"), seats)
    assert not same()


# -- the rooms service's own rows (RowCache) ---------------------------------------------------


def test_the_row_cache_keeps_the_newest_version_for_its_freshness_only() -> None:
    from qttt_edu.rooms.backends import COLUMN_NAMES, RoomRow
    from qttt_edu.rooms.store import RowCache

    now = [100.0]
    cache = RowCache(fresh=1.0, clock=lambda: now[0])
    blank = RoomRow(*([None] * len(COLUMN_NAMES)))
    v3 = blank._replace(code="ABCDEFGH", version=3, x_kind="human", o_kind="computer")
    cache.put(v3)
    assert cache.get("ABCDEFGH") == v3
    # a read that raced a write never puts the older row back
    cache.put(v3._replace(version=2))
    assert cache.get("ABCDEFGH") == v3
    # presence marks go in without a new version; the computer's seat is never marked
    cache.seen(["ABCDEFGH"], "x_seen", 7.0, human_only=True)
    cache.seen(["ABCDEFGH"], "o_seen", 8.0, human_only=True)
    assert (cache.get("ABCDEFGH").x_seen, cache.get("ABCDEFGH").o_seen) == (7.0, None)
    # while the owner cannot hear other writers, nothing is served from the cache
    cache.trusted = False
    assert cache.get("ABCDEFGH") is None
    cache.trusted = True
    now[0] += 1.5  # older than its freshness: read from the table again
    assert cache.get("ABCDEFGH") is None
    cache.put(v3._replace(version=4))
    cache.forget("ABCDEFGH")
    assert cache.get("ABCDEFGH") is None


def _unheard_write(service: Any, fresh: float) -> tuple[dict[str, Any], tuple[int, Any], float]:
    """A program that is not the service plays O's move behind its back. Returns the room
    as the service serves it (read until it shows the move, for at most 2 s), the answer
    to X's action sent with the old board, and the seconds the move took to show."""
    _rows_kept(service, fresh)
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, x_cred = made["room"]["code"], made["credential"]
    http(service.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
    body = {"action": "1-5", "expected_ply": 0, "action_id": os.urandom(8).hex()}
    assert http(service.url, "POST", f"api/v1/rooms/{code}/actions", body, seat=x_cred)[0] == 200
    raw_sql(
        service.store_url,
        "UPDATE qttt_rooms SET record = ?, version = version + 1 WHERE code = ?",
        ("1-5 2-6", code),
    )
    began = time.monotonic()
    room = read_until(service.url, code, x_cred, 2, seconds=2.0)
    took = time.monotonic() - began
    stale = {"action": "3-7", "expected_ply": 1, "action_id": os.urandom(8).hex()}
    acted = http(service.url, "POST", f"api/v1/rooms/{code}/actions", stale, seat=x_cred)
    return room, acted, took


def test_a_writer_the_service_never_hears_of_is_seen_within_a_second(
    service: Any,
) -> None:
    """The service is meant to be its rooms' only writer; if something else writes
    anyway, an action is still decided on the table (never lost, never doubled) and
    reads show the write within the cache's freshness."""
    room, (status, body), took = _unheard_write(service, fresh=1.0)
    assert (status, body["error"]["kind"]) == (409, "conflict")
    assert body["error"]["room"]["record"] == "1-5 2-6"  # the table's room, not the cache's
    assert room["record"] == "1-5 2-6" and took < 1.5


def test_the_freshness_check_catches_a_cache_that_never_ages(service: Any) -> None:
    """The test above proves itself: rows kept for ever (a planted fault) never show
    the unheard write."""
    room, _, _ = _unheard_write(service, fresh=float("inf"))
    assert room["record"] == "1-5"


def test_a_round_of_presence_marks_never_brings_back_a_seat_marked_away(
    make_store: Any,
) -> None:
    """The service marks its sockets' seats present in rounds on a worker thread. A page
    that closes while a round runs is marked away (a new version, which every screen
    reads); the round's late write must not mark it there again without a version,
    neither in the table nor in the service's own rows. (A browser test saw the closed
    page's player stay "here" under load.)"""
    from qttt_edu.rooms.store import RowCache

    store = make_store()
    store.rows = RowCache()
    x = store.create_room(nickname="Ada")
    o = store.join(x.code, nickname="Bo")
    store.set_presence(x.code, "O", True)
    store.set_presence(x.code, "X", True)
    listed = [(x.code, "X"), (x.code, "O")]  # the round lists both seats ...
    away = store.set_presence(x.code, "O", False)  # ... then O's page closes
    store.touch_many(listed)  # ... and the round writes
    assert away is not None and away.seats["O"].last_seen is None
    again = store.room(x.code)
    assert again.version == away.version and again.seats["O"].last_seen is None
    assert again.seats["X"].last_seen is not None
    assert raw_sql(
        store.backend.url, "SELECT o_seen FROM qttt_rooms WHERE code = ?", (x.code,)
    ) == [(None,)]
    store.rows = None  # the table alone says the same
    assert store.room(x.code).seats["O"].last_seen is None
    assert o.seat == "O"
