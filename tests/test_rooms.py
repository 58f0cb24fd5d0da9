"""Shared games: the rooms store and the SharedGame client, on SQLite and on PostgreSQL.

Every test runs against both databases: a SQLite file and a real PostgreSQL server
(a throwaway cluster from ``tests/pg.py``). Each refusal is checked for what a
person sees (the message names what was wrong) and for what must not happen (the
room is exactly as before).
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest

from qttt_edu import Game, GameError, IllegalMoveError, InvalidRecordError
from qttt_edu.players import RandomPlayer, play_game
from qttt_edu.rooms import (
    AWAY_AFTER,
    BadCodeError,
    ConflictError,
    CorruptRoomError,
    CredentialError,
    NotYourTurnError,
    RoomError,
    RoomExpiredError,
    RoomFullError,
    RoomStore,
    SchemaError,
    SharedGame,
    SpectatorError,
    UnknownRoomError,
    codes,
    normalize_code,
)
from qttt_edu.rooms.backends import MIGRATIONS, SCHEMA_VERSION, RoomRow, backend_for, notice
from qttt_edu.rooms.codes import CODE_ALPHABET, new_credential
from tests import rooms_support
from tests.rooms_support import raw_sql

store_url = rooms_support.store_url  # fixtures: each test runs on SQLite and on PostgreSQL
make_store = rooms_support.make_store

# A game with a collapse that X wins: "1-2 2-3 3-6 1-3" closes a cycle on move 4.
FULL_GAME = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"


def unchanged(store: RoomStore, before: Any) -> None:
    after = store.room(before.code)
    assert (after.version, after.record, after.seats) == (
        before.version,
        before.record,
        before.seats,
    )


# -- rooms, seats and spectators ---------------------------------------------------------


def test_two_players_and_a_spectator_play_a_game_to_the_end(make_store: Any) -> None:
    alice = SharedGame.create(make_store(), nickname="Alice")
    bob = SharedGame.join(make_store(), alice.label.lower(), nickname="Bob")
    watcher = SharedGame.spectate(make_store(), alice.code)
    assert (alice.seat, bob.seat, watcher.seat) == ("X", "O", None)
    players = {"X": alice, "O": bob}
    for ply, token in enumerate(FULL_GAME.split(), start=1):
        mover = players[alice.state.to_act]
        mover.act(token)
        for screen in (alice, bob, watcher):
            assert screen.wait_for_ply(ply, timeout=5), f"ply {ply} did not reach {screen}"
    for screen in (alice, bob, watcher):
        assert screen.state.record == FULL_GAME
        assert screen.state.result == "X" and screen.state.finished
    seats = watcher.state.seats
    assert (seats["X"].nickname, seats["O"].nickname) == ("Alice", "Bob")


def test_spectators_cannot_act(make_store: Any) -> None:
    store = make_store()
    ticket = store.create_room()
    before = store.room(ticket.code)
    with pytest.raises(SpectatorError, match="spectators watch but cannot play"):
        store.act(ticket.code, None, "1-2")
    watcher = SharedGame.spectate(store, ticket.code, watch=False)
    with pytest.raises(SpectatorError):
        watcher.act("1-2")
    unchanged(store, before)


def test_unknown_and_malformed_room_codes_are_refused_clearly(make_store: Any) -> None:
    store = make_store()
    store.create_room()
    unused = "".join(CODE_ALPHABET[i] for i in (0, 1, 2, 3, 4, 5))
    with pytest.raises(UnknownRoomError, match=r"there is no room 234-567"):
        store.join(unused)
    for bad in ("K7M-Q2", "K0M-Q2P", "OIL-123", "", 123456):
        with pytest.raises(BadCodeError, match=r"not a room code|a room code is text"):
            store.room(bad)
    assert normalize_code(" k7m q2p ") == "K7MQ2P"


def test_a_full_room_refuses_a_third_player_who_can_still_watch(make_store: Any) -> None:
    store = make_store()
    ticket = store.create_room(nickname="A")
    store.join(ticket.code, nickname="B")
    before = store.room(ticket.code)
    with pytest.raises(RoomFullError, match="already has two players") as err:
        store.join(ticket.code, nickname="C")
    assert err.value.state is not None and err.value.state.version == before.version
    unchanged(store, before)
    assert SharedGame.spectate(store, ticket.code, watch=False).state.record == ""


def test_an_expired_room_refuses_joins_and_actions_and_is_purged(make_store: Any) -> None:
    now = [1_000_000.0]
    store = make_store(clock=lambda: now[0], ttl=600)
    open_room = store.create_room()
    before = store.room(open_room.code)
    now[0] += 601
    with pytest.raises(RoomExpiredError, match="has expired"):
        store.join(open_room.code)
    with pytest.raises(RoomExpiredError):
        store.act(open_room.code, open_room.credential, "1-2")
    unchanged(store, before)
    assert store.room(open_room.code).expired
    assert store.purge_expired() == 1
    with pytest.raises(UnknownRoomError):
        store.room(open_room.code)


def test_finished_games_do_not_expire_and_stay_until_the_teacher_clears_them(
    make_store: Any,
) -> None:
    now = [1_000_000.0]
    store = make_store(clock=lambda: now[0], ttl=600)
    x = store.create_room()
    o = store.join(x.code)
    seats = {"X": x, "O": o}
    for token in FULL_GAME.split():
        mover = seats[store.room(x.code).to_act]
        store.act(x.code, mover.credential, token)
    unfinished = store.create_room()
    now[0] += 10 * 24 * 3600
    assert store.purge_expired() == 1
    state = store.room(x.code)
    assert state.record == FULL_GAME and state.result == "X" and not state.expired
    assert [r.code for r in store.list_rooms().rooms] == [x.code]
    assert store.clear_finished() == 1
    with pytest.raises(UnknownRoomError):
        store.room(x.code)
    with pytest.raises(UnknownRoomError):
        store.room(unfinished.code)


# -- credentials ------------------------------------------------------------------------


def test_forged_missing_and_foreign_credentials_are_refused(make_store: Any) -> None:
    store = make_store()
    mine = store.create_room()
    theirs = store.create_room()
    before = store.room(mine.code)
    for forged in (new_credential(), theirs.credential):
        with pytest.raises(CredentialError, match="does not belong to room"):
            store.act(mine.code, forged, "1-2")
        with pytest.raises(CredentialError):
            SharedGame.resume(store, mine.code, forged, watch=False)
    for malformed in ("short", "x" * 200, "bad credential with spaces!", 12345):
        with pytest.raises(CredentialError, match="credential is damaged"):
            store.act(mine.code, malformed, "1-2")
    with pytest.raises(SpectatorError):
        store.act(mine.code, None, "1-2")
    unchanged(store, before)


def test_credentials_are_unguessable_and_only_their_digest_is_stored(
    make_store: Any, store_url: str
) -> None:
    store = make_store()
    tickets = [store.create_room() for _ in range(50)]
    creds = [t.credential for t in tickets] + [new_credential() for _ in range(2000)]
    assert len(set(creds)) == len(creds)
    assert all(len(c) == 24 for c in creds)  # 18 random bytes = 144 bits
    rows = raw_sql(store_url, "SELECT * FROM qttt_rooms")
    dump = repr(rows)
    assert not any(t.credential in dump for t in tickets)
    assert "credential" not in repr(tickets[0])


def test_nicknames_are_stored_as_text_and_never_run_as_sql(make_store: Any, store_url: str) -> None:
    store = make_store()
    name = "Bob'); DROP TABLE x;--"
    ticket = store.create_room(nickname=name)
    assert store.room(ticket.code).seats["X"].nickname == name
    assert raw_sql(store_url, "SELECT count(*) FROM qttt_rooms") == [(1,)]
    for bad in ("x" * 25, "tab\there\x00", "bell\x07", 42):
        with pytest.raises(RoomError, match="a nickname is text of at most 24"):
            store.create_room(nickname=bad)
    assert store.create_room(nickname="   ").seat == "X"


# -- actions ---------------------------------------------------------------------------


def test_an_action_for_the_wrong_side_is_refused(make_store: Any) -> None:
    store = make_store()
    x = store.create_room()
    o = store.join(x.code)
    before = store.room(x.code)
    with pytest.raises(NotYourTurnError, match="you play O, and it is X's turn"):
        store.act(x.code, o.credential, "1-2")
    unchanged(store, before)
    for cred, token in ((x.credential, "1-2"), (o.credential, "2-3"), (x.credential, "3-6")):
        store.act(x.code, cred, token)
    store.act(x.code, o.credential, "1-3")  # closes a cycle: X chooses
    before = store.room(x.code)
    with pytest.raises(NotYourTurnError, match="it is X's turn"):
        store.act(x.code, o.credential, "c1")
    with pytest.raises(NotYourTurnError, match="no computer plays O"):
        store.act(x.code, x.credential, "c1", for_computer=True)
    unchanged(store, before)


def test_an_illegal_action_gets_the_rules_message_and_changes_nothing(make_store: Any) -> None:
    store = make_store()
    x = store.create_room()
    before = store.room(x.code)
    with pytest.raises(IllegalMoveError, match="two different squares"):
        store.act(x.code, x.credential, "5-5")
    with pytest.raises(GameError, match=r"off the board|not an action"):
        store.act(x.code, x.credential, 99)
    unchanged(store, before)


def test_bad_text_and_a_rule_break_reach_the_player_each_as_itself(make_store: Any) -> None:
    store = make_store()
    x = store.create_room()
    o = store.join(x.code)
    store.act(x.code, x.credential, "1-2")
    store.act(x.code, o.credential, "1-2")  # a cycle: X chooses where O2 lands
    before = store.room(x.code)
    with pytest.raises(GameError) as junk:
        store.act(x.code, x.credential, "c 1")
    assert type(junk.value) is InvalidRecordError
    with pytest.raises(GameError) as rule:
        store.act(x.code, x.credential, "c5")
    assert type(rule.value) is IllegalMoveError
    assert rule.value.record == "1-2 1-2" and str(rule.value).endswith('position "1-2 1-2")')
    unchanged(store, before)


@pytest.mark.parametrize("kernels", ["one store", "two stores"])
def test_two_actions_racing_for_the_same_ply_exactly_one_wins(
    make_store: Any, kernels: str
) -> None:
    first = make_store()
    second = first if kernels == "one store" else make_store()
    x = first.create_room()
    for attempt in range(10):
        tabs = [SharedGame.resume(s, x.code, x.credential, watch=False) for s in (first, second)]
        for tab in tabs:
            tab.refresh()
        ply = tabs[0].game.ply
        barrier = threading.Barrier(2)
        outcomes: list[Any] = [None, None]
        legal = tabs[0].game.legal_actions()
        if len(legal) < 2:
            break  # X's ninth move has one legal action: both tabs would play the same

        def play(
            i: int, tab: SharedGame, token: Any, barrier: Any = barrier, outcomes: Any = outcomes
        ) -> None:
            barrier.wait()
            try:
                tab.act(token)
                outcomes[i] = "won"
            except Exception as err:
                outcomes[i] = err

        tokens = [legal[0], legal[-1]]
        threads = [
            threading.Thread(target=play, args=(i, tab, tokens[i])) for i, tab in enumerate(tabs)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(10)
        assert sorted(map(str, outcomes)).count("won") == 1, outcomes
        loser = next(o for o in outcomes if isinstance(o, ConflictError))
        assert "changed before your action arrived" in str(loser)
        state = first.room(x.code)
        assert state.game.ply == ply + 1
        assert loser.state is not None and loser.state.record == state.record
        # Let O answer so that X may race again on the next ply.
        if attempt == 0:
            o = first.join(x.code)
        while not state.finished and state.to_act == "O":
            state = first.act(x.code, o.credential, state.game.legal_actions()[0])
        if state.finished:
            break


def test_a_retried_request_is_written_once(make_store: Any) -> None:
    store = make_store()
    x = store.create_room()
    store.act(x.code, x.credential, "1-2", action_id="abc")
    state = store.act(x.code, x.credential, "1-2", action_id="abc")
    assert state.record == "1-2" and state.version == 1
    # The answer to X's request was lost, O played, and X's client sends it again.
    o = store.join(x.code)
    store.act(x.code, o.credential, "2-3", expected_ply=1)
    again = store.act(x.code, x.credential, "1-2", expected_ply=0, action_id="retry")
    assert again.record == "1-2 2-3"
    with pytest.raises(ConflictError):  # a different action for that ply is a real conflict
        store.act(x.code, x.credential, "4-5", expected_ply=0)
    assert store.room(x.code).record == "1-2 2-3"


def test_a_reload_or_a_new_kernel_comes_back_to_the_same_seat(make_store: Any) -> None:
    alice = SharedGame.create(make_store(), nickname="Alice")
    bob = SharedGame.join(make_store(), alice.code)
    alice.act("1-2")
    assert bob.wait_for_ply(1)
    link = bob.seat_link("http://127.0.0.1:8866/voila/render/app.ipynb")
    assert f"room={bob.label}" in link and link.endswith(f"#seat={bob.credential}")  # R9
    assert alice.invite_link("http://h/app?x=1") == f"http://h/app?x=1&room={alice.label}"
    bob.close()
    bob.store.close()
    again = SharedGame.resume(make_store(), bob.label, bob.credential)  # a restarted kernel
    assert again.seat == "O" and again.state.record == "1-2"
    again.act("2-3")
    assert alice.wait_for_ply(2)


def test_the_screens_hear_about_an_action_within_half_a_second(make_store: Any) -> None:
    alice = SharedGame.create(make_store())
    bob = SharedGame.join(make_store(), alice.code)
    seen: list[float] = []
    bob.on_change(lambda state: seen.append(time.monotonic()) if state.game.ply else None)
    lags = []
    for token_x, token_o in (("1-2", "2-3"), ("4-5", "5-6"), ("7-8", "8-9")):
        start = time.monotonic()
        alice.act(token_x)
        assert bob.wait_for_ply(alice.game.ply, timeout=2)
        lags.append(time.monotonic() - start)
        bob.act(token_o)
        assert alice.wait_for_ply(bob.game.ply, timeout=2)
    assert max(lags) < 0.5, lags
    assert len(seen) >= 3


def test_a_computer_takes_the_seat_of_a_player_who_left_when_the_other_agrees(
    make_store: Any,
) -> None:
    alice = SharedGame.create(make_store())
    bob = SharedGame.join(make_store(), alice.code)
    old_credential = bob.credential
    with pytest.raises(RoomError, match="O is still playing"):
        alice.hand_to_computer(RandomPlayer(seed=1))
    bob.leave()
    assert alice.wait_until(lambda s: s.seats["O"].kind == "left")
    alice.hand_to_computer(RandomPlayer(seed=1))
    me = RandomPlayer(seed=2)
    deadline = time.monotonic() + 30
    while not alice.state.finished and time.monotonic() < deadline:
        if alice.my_turn:
            alice.act(me.choose(alice.game.position))
        else:
            alice.wait_for_change(timeout=2)
    assert alice.state.finished, alice.state.record
    assert Game.from_record(alice.state.record).is_over
    assert alice.state.seats["O"].kind == "computer"
    with pytest.raises(CredentialError):
        alice.store.act(alice.code, old_credential, "1-2")


def test_an_away_player_can_be_replaced_but_not_a_present_one(make_store: Any) -> None:
    now = [5_000_000.0]
    store = make_store(clock=lambda: now[0])
    x = store.create_room()
    store.join(x.code)
    with pytest.raises(RoomError, match="still playing"):
        store.hand_to_computer(x.code, x.credential, "Random")
    now[0] += AWAY_AFTER + 1
    state = store.hand_to_computer(x.code, x.credential, "Random")
    assert state.seats["O"].kind == "computer" and state.seats["O"].nickname == "Random"


def test_a_room_nobody_joined_stops_counting_once_its_opener_has_gone(make_store: Any) -> None:
    """One student's pile of rooms nobody joined must not lock the class out (the red
    team filled the class's 300 in a third of a second): once the opener has gone, such a
    room no longer counts against the class, and the teacher's broom clears it. A room
    whose opener still waits, one with an opponent and one with a move all stay."""
    now = [5_000_000.0]
    store = make_store(clock=lambda: now[0])
    pile = [store.create_room(class_name="7B") for _ in range(3)]
    waiting = store.create_room(class_name="7B")
    joined = store.create_room(class_name="7B")
    store.join(joined.code)
    versus = store.create_room(class_name="7B")
    store.hand_to_computer(versus.code, versus.credential, "Random")
    assert store.open_rooms("7B") == 6
    now[0] += AWAY_AFTER + 1
    store.touch_many([(waiting.code, "X")])  # the waiting opener's page is still there
    state = store.room(pile[0].code)
    assert state.deserted and not store.room(waiting.code).deserted
    assert not store.room(joined.code).deserted and not store.room(versus.code).deserted
    assert store.open_rooms("7B") == 3
    assert store.clear_abandoned("7B") == 3
    left = {room.code for room in store.list_rooms("7B").rooms}
    assert left == {waiting.code, joined.code, versus.code}


def test_a_seat_names_itself_once_and_only_itself(make_store: Any) -> None:
    store = make_store()
    x = store.create_room(nickname="Ada")
    o = store.join(x.code)  # by a link: no nickname
    version = store.room(x.code).version
    state = store.rename(x.code, o.credential, " Bea ")
    assert state.seats["O"].nickname == "Bea" and state.version == version + 1
    assert store.rename(x.code, o.credential, "Bea").version == version + 1  # nothing new
    for bad in ("B" * 25, "Be\x00a", 3):
        with pytest.raises(RoomError, match="nickname"):
            store.rename(x.code, o.credential, bad)  # type: ignore[arg-type]
    with pytest.raises(CredentialError):
        store.rename(x.code, "not-a-seat-credential-at-all", "Bob")
    state = store.room(x.code)
    assert (state.seats["X"].nickname, state.seats["O"].nickname) == ("Ada", "Bea")
    assert store.rename(x.code, o.credential, "").seats["O"].nickname is None  # none again


# -- what the database holds -----------------------------------------------------------


@pytest.mark.parametrize(
    ("column", "value", "problem"),
    [
        ("record", "1-2 zz", "token 2 'zz'"),
        ("record", "1-2 1-2 1-3", "must first choose where it lands"),
        ("version", -3, "'version' is not valid"),
        ("x_kind", "wizard", "'x_kind' is not valid"),
        ("result", "O", "does not match its record"),
        ("x_name", "bad\x00name", "'x_name' is not valid"),
    ],
)
def test_a_malformed_record_in_the_database_is_reported_not_crashed_on(
    make_store: Any, store_url: str, column: str, value: Any, problem: str
) -> None:
    store = make_store()
    good = store.create_room()
    bad = store.create_room()
    if column == "x_name" and store_url.startswith("postgresql"):
        value = "x" * 30  # PostgreSQL text cannot hold NUL; an over-long name is just as bad
    raw_sql(store_url, f"UPDATE qttt_rooms SET {column} = ? WHERE code = ?", (value, bad.code))
    with pytest.raises(CorruptRoomError, match=f"room {bad.label} cannot be read") as err:
        store.room(bad.code)
    if column != "x_name" or not store_url.startswith("postgresql"):
        assert problem in str(err.value)
    with pytest.raises(CorruptRoomError):
        store.act(bad.code, bad.credential, "1-2")
    listing = store.list_rooms()
    assert [r.code for r in listing.rooms] == [good.code]
    assert [bad.label in str(p) for p in listing.problems] == [True]
    store.act(good.code, good.credential, "1-2")  # the rest of the class plays on
    assert store.delete_room(bad.code) == 1
    assert store.list_rooms().problems == []


def test_the_schema_is_versioned_and_an_old_store_is_migrated(store_url: str) -> None:
    backend = backend_for(store_url)
    conn = backend.connect()
    try:
        with backend.transaction(conn):
            backend.execute(conn, "CREATE TABLE qttt_schema (version INTEGER NOT NULL)")
            backend.execute(conn, "INSERT INTO qttt_schema (version) VALUES (1)")
            for statement in MIGRATIONS[0][1]:
                backend.execute(conn, statement)
            backend.execute(
                conn,
                "INSERT INTO qttt_rooms (code, record, version, x_kind, x_hash, created_at, "
                "updated_at) VALUES ('K7MQ2P', '1-2', 1, 'human', 'ab', 1.0, 1.0)",
            )
    finally:
        backend.close(conn)
    store = RoomStore(store_url)
    try:
        assert store.schema_found == 1
        assert raw_sql(store_url, "SELECT version FROM qttt_schema") == [(SCHEMA_VERSION,)]
        state = store.room("K7M-Q2P")
        assert state.record == "1-2" and state.class_name == ""
        assert [r.code for r in store.list_rooms(class_name="").rooms] == ["K7MQ2P"]
    finally:
        store.close()
    again = RoomStore(store_url)  # opening an up-to-date store changes nothing
    assert again.schema_found == SCHEMA_VERSION
    again.close()
    raw_sql(store_url, "UPDATE qttt_schema SET version = ?", (SCHEMA_VERSION + 1,))
    with pytest.raises(SchemaError, match="made by a newer qttt-edu"):
        RoomStore(store_url)


def test_the_row_the_store_reads_names_every_column_of_the_migrated_table(
    make_store: Any, store_url: str
) -> None:
    # RoomRow is the one list of columns: a migration that forgets it fails here.
    store = make_store()
    ticket = store.create_room(nickname="Ada", class_name="7b")
    if store_url.startswith("postgresql"):
        found = raw_sql(
            store_url,
            "SELECT column_name FROM information_schema.columns "
            "WHERE table_name = 'qttt_rooms' AND table_schema = current_schema() "
            "ORDER BY ordinal_position",
        )
    else:
        found = [(r[1],) for r in raw_sql(store_url, "PRAGMA table_info(qttt_rooms)")]
    assert [name for (name,) in found] == list(RoomRow._fields)
    (row,) = raw_sql(store_url, "SELECT * FROM qttt_rooms")
    stored = RoomRow._make(row)
    state = store.room(ticket.code)
    assert (stored.x_name, stored.o_kind, stored.class_name) == ("Ada", "empty", "7b")
    assert (state.seats["X"].nickname, state.class_name) == ("Ada", "7b")


def test_a_change_notice_carries_the_room_but_never_a_credential_digest(make_store: Any) -> None:
    from qttt_edu.rooms.store import decode_notice

    store = make_store()
    ticket = store.create_room(nickname="Ada")
    other = store.join(ticket.code, nickname="Bo")
    row = RoomRow._make(raw_sql(store.backend.url, "SELECT * FROM qttt_rooms")[0])
    assert isinstance(row.x_hash, str) and isinstance(row.o_hash, str)
    payload = notice(ticket.code, row.version, row)
    assert row.x_hash not in payload and row.o_hash not in payload
    state = decode_notice(json.loads(payload)["row"], 0.0)
    assert state is not None and state.seats["O"].nickname == "Bo" and state.version == 1
    assert other.seat == "O"


def test_classes_are_listed_apart(make_store: Any) -> None:
    store = make_store()
    a = store.create_room(class_name="7B")
    store.create_room(class_name="8A")
    assert [r.code for r in store.list_rooms(class_name="7B").rooms] == [a.code]
    assert len(store.list_rooms().rooms) == 2
    data = store.room(a.code).to_dict()
    assert data["class"] == "7B" and data["seats"]["X"]["kind"] == "human"
    assert "hash" not in repr(data)


def test_a_whole_random_game_replays_legally(make_store: Any) -> None:
    reference = play_game(RandomPlayer(seed=11), RandomPlayer(seed=12))
    store = make_store()
    x = store.create_room()
    o = store.join(x.code)
    seats = {"X": x, "O": o}
    for action in reference.history:
        store.act(x.code, seats[store.room(x.code).to_act].credential, action)
    state = store.room(x.code)
    assert state.record == reference.record()
    assert state.result == reference.outcome.result


def test_a_change_notice_that_is_not_a_room_is_ignored() -> None:
    from qttt_edu.rooms.store import decode_notice

    assert decode_notice("1-2", 0.0) is None
    assert decode_notice([1, 2, 3], 0.0) is None
    row = ["K7MQ2P", "1-2 zz", 1, "empty", None, None, None, "empty", None, None, None]
    assert decode_notice([*row, 1.0, 1.0, None, None, None, None, "", None], 0.0) is None
    tail = [1.0, 1.0, None, None, None, "id", "", None]  # times, result, action id, class, next
    good = decode_notice(["K7MQ2P", "1-2", 1, *row[3:], *tail], 0.0)
    assert good is not None and good.record == "1-2"
    # a "next game" pointer on a game not over is no room either
    assert decode_notice(["K7MQ2P", "1-2", 1, *row[3:], *tail[:-1], "K7MQ2Q"], 0.0) is None


def test_the_rooms_package_stands_on_the_core_alone() -> None:
    # DESIGN.md: rooms can be tested, loaded and benchmarked without widgets or a
    # browser; psycopg is loaded only for a PostgreSQL store.
    import json
    import subprocess
    import sys

    probe = (
        "import json, sys; before = set(sys.modules); import qttt_edu.rooms; "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=60, check=True
    )
    roots = {name.split(".")[0] for name in json.loads(result.stdout)}
    views = {"networkx", "matplotlib", "ipywidgets", "IPython", "numpy", "psycopg"}
    assert roots & views == set(), roots & views
    kit = {n for n in json.loads(result.stdout) if n.startswith("qttt_edu.")}
    assert kit <= {"qttt_edu.bits", "qttt_edu.core", "qttt_edu.i18n", "qttt_edu.notation"} | {
        n for n in kit if n.startswith("qttt_edu.rooms")
    }, kit


def test_play_again_swaps_the_sides_and_both_players_find_one_new_room(make_store: Any) -> None:
    store = make_store()
    x = store.create_room(nickname="Ada", class_name="7B")
    o = store.join(x.code, nickname="Bo")
    with pytest.raises(RoomError, match="not over yet"):
        store.rematch(x.code, x.credential)  # a game still being played
    seats = {"X": x, "O": o}
    for token in ["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]:
        store.act(x.code, seats[store.room(x.code).to_act].credential, token)
    assert store.room(x.code).finished
    rooms_before = len(store.list_rooms().rooms)
    bo_again = store.rematch(x.code, o.credential)  # Bo asks first: Bo now moves first
    old = store.room(x.code)
    assert bo_again.seat == "X" and old.next_code == bo_again.code != x.code
    assert old.to_dict()["next"] == codes.format_code(bo_again.code)
    ada_again = store.rematch(x.code, x.credential)  # Ada's screen finds Bo's room
    assert (ada_again.code, ada_again.seat) == (bo_again.code, "O")
    again = store.room(bo_again.code)
    assert (again.seats["X"].nickname, again.seats["O"].nickname) == ("Bo", "Ada")
    assert again.class_name == "7B" and again.record == "" and again.next_code is None
    assert len(store.list_rooms().rooms) == rooms_before + 1  # one new room, not two
    with pytest.raises(RoomFullError):
        store.rematch(x.code, x.credential)  # asked twice: no third seat
    with pytest.raises(CredentialError):
        store.rematch(x.code, "not-a-seat-credential-at-all")


def test_two_players_asking_to_play_again_at_once_make_one_room(make_store: Any) -> None:
    """Both press Play again in the same moment: one of them opens the room, the other
    takes its free seat, and the room the other opened first is not left behind."""
    from concurrent.futures import ThreadPoolExecutor

    store = make_store()
    for _ in range(5):
        x = store.create_room(nickname="Ada")
        o = store.join(x.code, nickname="Bo")
        seats = {"X": x, "O": o}
        for token in ["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]:
            store.act(x.code, seats[store.room(x.code).to_act].credential, token)
        before = {room.code for room in store.list_rooms().rooms}
        with ThreadPoolExecutor(2) as pool:
            tickets = list(pool.map(lambda t, c=x.code: store.rematch(c, t.credential), (x, o)))
        assert tickets[0].code == tickets[1].code == store.room(x.code).next_code
        assert {t.seat for t in tickets} == {"X", "O"}
        assert {room.code for room in store.list_rooms().rooms} - before == {tickets[0].code}
