"""Shared games when things break: a locked or unreachable database, a kernel killed
mid-action, a PostgreSQL server restarted mid-game.

What a user must see in each case: a clear status while the store retries, no crash,
no lost action and no action written twice, and play going on once the store is back.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from qttt_edu import Game
from qttt_edu.players import RandomPlayer
from qttt_edu.rooms import RoomStore, SchemaError, SharedGame, StoreUnavailableError
from qttt_edu.rooms.backends import sqlite_path
from tests import rooms_support

store_url = rooms_support.store_url  # fixtures: each test runs on SQLite and on PostgreSQL
make_store = rooms_support.make_store
ROOT = Path(__file__).resolve().parents[1]


def play_out(games: list[SharedGame], seed: int, timeout: float = 30.0) -> None:
    """Both seats play random legal actions until the game ends, each from its own screen."""
    players = {g.seat: (g, RandomPlayer(seed=seed + i)) for i, g in enumerate(games)}
    deadline = time.monotonic() + timeout
    while not games[0].state.finished and time.monotonic() < deadline:
        to_act = games[0].state.to_act
        screen, player = players[to_act]
        if not screen.wait_until(lambda s: s.version >= games[0].version, timeout=5):
            continue
        screen.act(player.choose(screen.game.position))
        games[0].wait_for_ply(screen.game.ply, timeout=5)
    assert games[0].state.finished, games[0].state.record


# -- SQLite locked -------------------------------------------------------------------------


def hold_lock(path: str, seconds: float, started: threading.Event) -> None:
    conn = sqlite3.connect(path, isolation_level=None, timeout=0)
    conn.execute("BEGIN EXCLUSIVE")
    started.set()
    time.sleep(seconds)
    conn.execute("ROLLBACK")
    conn.close()


def test_a_locked_sqlite_file_is_retried_with_a_status_and_the_action_lands_once(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    statuses: list[str | None] = []
    store = RoomStore(url, retry_for=10, on_status=statuses.append)
    game = SharedGame.create(store, watch=False)
    started = threading.Event()
    locker = threading.Thread(target=hold_lock, args=(sqlite_path(url), 1.5, started))
    locker.start()
    started.wait(5)
    t0 = time.monotonic()
    game.act("1-2")
    locker.join()
    assert time.monotonic() - t0 >= 1.0  # it waited for the lock instead of failing
    assert any(s and "not answering" in s for s in statuses), statuses
    assert statuses[-1] is None  # the status clears once the store answers
    assert store.room(game.code).record == "1-2"
    store.close()


def test_a_lock_held_too_long_gives_a_clear_error_and_the_action_is_kept_then_sent_once(
    tmp_path: Path,
) -> None:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    store = RoomStore(url, retry_for=0.5)
    game = SharedGame.create(store, watch=False)
    started = threading.Event()
    locker = threading.Thread(target=hold_lock, args=(sqlite_path(url), 3.0, started))
    locker.start()
    started.wait(5)
    # The player is told the action is kept (not asked to try again): it is sent by itself.
    with pytest.raises(StoreUnavailableError) as caught:
        game.act("1-2")
    assert str(caught.value) == (
        "the game server did not answer for 0.5 s: your move is kept and will be sent as "
        "soon as it answers"
    )
    # the file and SQLite's words are for the teacher, kept in the error, not shown
    assert caught.value.details["where"].endswith("rooms.sqlite3")
    assert "locked" in caught.value.details["reason"]
    assert game.pending == "1-2"
    assert game.retry_pending() is False  # still locked: still pending, no crash
    locker.join()
    assert game.retry_pending() is True
    assert game.pending is None
    assert game.game.record() == "1-2"
    assert game.retry_pending() is True  # nothing more to send: never written twice
    assert store.room(game.code).record == "1-2" and store.room(game.code).version == 1
    store.close()


def test_a_missing_folder_or_an_unknown_address_is_named(tmp_path: Path) -> None:
    with pytest.raises(SchemaError, match="does not exist: create it or set QTTT_ROOMS_URL"):
        RoomStore(f"sqlite:///{tmp_path / 'nowhere' / 'rooms.sqlite3'}")
    with pytest.raises(SchemaError, match="is not a game store address"):
        RoomStore("mysql://user:secret@host/db")
    with pytest.raises(SchemaError) as err:
        RoomStore("redis://user:secret@host/db")
    assert "secret" not in str(err.value)


# -- a kernel killed mid-action --------------------------------------------------------------

KILLED_KERNEL = """
import sys, time
from qttt_edu.rooms import RoomStore
url, hook, code, credential, action = sys.argv[1:]
store = RoomStore(url)
def hang():
    print("READY", flush=True)
    time.sleep(120)
def announce():
    print("READY", flush=True)
    time.sleep(1.0)  # the test takes the write lock meanwhile
if hook == "before_write":
    store._hooks[hook] = hang
elif hook == "announce":
    store._hooks["before_write"] = announce
store.act(code, credential, action)
print("NOT KILLED", flush=True)
"""


@pytest.mark.parametrize("moment", ["between read and write", "inside the write"])
def test_a_kernel_killed_mid_action_leaves_the_game_intact_and_playable(
    make_store: Any, store_url: str, moment: str
) -> None:
    store = make_store()
    alice = SharedGame.create(store)
    bob = SharedGame.join(make_store(), alice.code)
    alice.act("1-2")
    assert bob.wait_for_ply(1)
    bob.act("2-3")
    assert alice.wait_for_ply(2)
    before = store.room(alice.code)
    postgres = store_url.startswith("postgresql")
    # Both stores write an action with one statement. "Inside the write": another
    # session holds the room (PostgreSQL: its row; SQLite: the write lock), so the
    # kernel dies while its statement waits for it.
    hook = "before_write" if moment == "between read and write" else "announce"
    blocker: Any = None
    if hook == "announce" and postgres:
        import psycopg

        hook = "none"
        blocker = psycopg.connect(store_url)
        blocker.execute("SELECT 1 FROM qttt_rooms WHERE code = %s FOR UPDATE", (alice.code,))
    kernel = subprocess.Popen(
        [sys.executable, "-c", KILLED_KERNEL, store_url, hook, alice.code, alice.credential, "3-4"],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert kernel.stdout is not None
        if hook != "none":
            assert kernel.stdout.readline().strip() == "READY"
        if hook == "announce":  # SQLite: the write lock is taken before the kernel writes
            blocker = sqlite3.connect(sqlite_path(store_url), isolation_level=None)
            blocker.execute("BEGIN IMMEDIATE")
            time.sleep(1.5)  # its statement now waits for the lock
        elif hook == "none":
            assert pg_wait_until_blocked(store_url), "the kernel's write never reached the server"
        os.kill(kernel.pid, signal.SIGKILL)
        kernel.wait(10)
    finally:
        if kernel.poll() is None:
            kernel.kill()
        if blocker is not None:
            blocker.rollback() if postgres else blocker.execute("ROLLBACK")
            blocker.close()
    after = store.room(alice.code)
    if blocker is None:
        assert (after.version, after.record) == (before.version, before.record)
    else:
        # The statement was sent whole before the kernel died: it lands whole, once, or not.
        time.sleep(0.5)
        after = store.room(alice.code)
        assert after.record in (before.record, before.record + " 3-4"), after.record
    # The seat comes back in a new kernel and plays on: no lock was left behind.
    t0 = time.monotonic()
    again = SharedGame.resume(make_store(retry_for=10), alice.code, alice.credential)
    if again.game.ply == 2:
        again.act("3-4")
    assert time.monotonic() - t0 < 5
    assert bob.wait_for_ply(3)
    assert bob.state.record == "1-2 2-3 3-4"
    assert bob.state.version == before.version + 1


def pg_wait_until_blocked(url: str, timeout: float = 10.0) -> bool:
    """Wait until a kernel's statement waits for a row lock inside the server."""
    import psycopg

    deadline = time.monotonic() + timeout
    with psycopg.connect(url, autocommit=True) as conn:
        while time.monotonic() < deadline:
            rows = conn.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE application_name = 'qttt-edu' AND wait_event_type = 'Lock'"
            ).fetchone()
            if rows and rows[0] > 0:
                return True
            time.sleep(0.02)
    return False


# -- PostgreSQL down and restarted ------------------------------------------------------------


@pytest.fixture
def pg_url() -> str:
    return rooms_support.cluster_or_skip().new_database()


def test_postgres_unreachable_gives_a_clear_status_keeps_the_action_and_recovers(
    pg_url: str,
) -> None:
    cluster = rooms_support.cluster_or_skip()
    statuses: list[str | None] = []
    alice = SharedGame.create(RoomStore(pg_url, retry_for=1.0, on_status=statuses.append))
    bob = SharedGame.join(RoomStore(pg_url, retry_for=1.0), alice.code)
    cluster.stop_server()
    try:
        with pytest.raises(StoreUnavailableError, match=r"did not answer for 1 s") as caught:
            alice.act("1-9")
        assert "127.0.0.1" in caught.value.details["where"]
        assert "127.0.0.1" not in str(caught.value)
        assert alice.pending == "1-9"
        assert any(s and "not answering" in s for s in statuses)
    finally:
        cluster.start_server()
    # Back up: the kept action is sent by the client's next beat or change; here, at once.
    assert alice.retry_pending() is True
    assert bob.wait_for_ply(1, timeout=10), "the other screen did not recover"
    bob.act("1-9")
    assert alice.wait_for_ply(2, timeout=10)
    assert alice.state.record == "1-9 1-9"
    for screen in (alice, bob):
        screen.close()
        screen.store.close()


def test_postgres_restarted_mid_game_both_screens_recover_and_finish(pg_url: str) -> None:
    cluster = rooms_support.cluster_or_skip()
    alice = SharedGame.create(RoomStore(pg_url, retry_for=15))
    bob = SharedGame.join(RoomStore(pg_url, retry_for=15), alice.code)
    watcher = SharedGame.spectate(RoomStore(pg_url, retry_for=15), alice.code)
    alice.act("1-2")
    bob.act("1-2") if bob.wait_for_ply(1) else pytest.fail("O never saw X's move")
    cluster.restart()
    alice.act("c1") if alice.wait_for_ply(2) else pytest.fail("X never saw O's move")
    assert watcher.wait_for_ply(3, timeout=10), "the spectator did not recover"
    play_out([alice, bob], seed=5)
    assert watcher.wait_until(lambda s: s.finished, timeout=10)
    assert Game.from_record(watcher.state.record).is_over
    assert watcher.state.record == alice.state.record == bob.state.record
    for screen in (alice, bob, watcher):
        screen.close()
        screen.store.close()
