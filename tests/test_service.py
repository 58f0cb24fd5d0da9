"""The rooms service: a real tornado server on a free port, real SQLite and PostgreSQL.

Each test plays as the people the design must keep apart (two players, a spectator,
a student of another class, a student who wants the teacher's powers) and as an
attacker who writes raw requests.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from qttt_edu.core import Game
from qttt_edu.rooms import ConflictError, CredentialError, NotYourTurnError, RoomError, SharedGame
from qttt_edu.rooms.remote import ServiceClient
from tests import rooms_support
from tests.rooms_support import CLASS_KEY, OTHER_CLASS_KEY, TEACHER, http, raw_sql

store_url = rooms_support.store_url  # fixtures: each test runs on SQLite and on PostgreSQL
service = rooms_support.service


def client(running: Any, key: str | None = CLASS_KEY, **options: Any) -> ServiceClient:
    return ServiceClient(running.url, class_key=key, **options)


def test_two_clients_play_through_the_service_and_a_spectator_follows(service: Any) -> None:
    a, b, c = client(service), client(service), client(service)
    try:
        ada = SharedGame.create(a, nickname="Ada")
        bo = SharedGame.join(b, ada.code, nickname="Bo")
        watcher = SharedGame.spectate(c, ada.code)
        ada.act("1-9")
        assert bo.wait_for_ply(1) and watcher.wait_for_ply(1)
        bo.act("1-9")
        assert ada.wait_for_ply(2)
        assert ada.game.awaiting_collapse.chooser == "X"
        assert watcher.wait_for_ply(2) and watcher.state.record == "1-9 1-9"
        with pytest.raises(NotYourTurnError):
            bo.act("c1")
        with pytest.raises(RoomError):
            watcher.act("c1")
        for g in (ada, bo, watcher):
            g.close()
    finally:
        for x in (a, b, c):
            x.close()


def test_the_store_holds_what_the_service_acknowledged(service: Any) -> None:
    a = client(service)
    try:
        game = SharedGame.create(a, watch=False)
        game.act("1-5")
        rows = raw_sql(
            service.store_url, "SELECT record, version FROM qttt_rooms WHERE code = ?", (game.code,)
        )
        assert rows == [("1-5", 1)]
    finally:
        a.close()


def test_a_seat_credential_acts_for_its_own_seat_only(service: Any) -> None:
    """R1/R2 as an attacker: O's credential cannot act for X, nor in another room."""
    status, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, x_cred = made["room"]["code"], made["credential"]
    _, joined = http(service.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
    o_cred = joined["credential"]
    act = {"action": "1-5", "expected_ply": 0, "action_id": "a" * 10}
    status, body = http(service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=o_cred)
    assert status == 409 and body["error"]["kind"] == "not_your_turn"
    _, other = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    status, body = http(
        service.url, "POST", f"api/v1/rooms/{other['room']['code']}/actions", act, seat=x_cred
    )
    assert status == 403 and body["error"]["kind"] == "credential"
    # the class key is not a seat
    status, body = http(
        service.url, "POST", f"api/v1/rooms/{code}/actions", act, class_key=CLASS_KEY
    )
    assert status == 403 and body["error"]["kind"] == "spectator"
    assert raw_sql(service.store_url, "SELECT record FROM qttt_rooms WHERE code = ?", (code,)) == [
        ("",)
    ]


def test_a_made_up_credential_learns_nothing_of_the_room(service: Any) -> None:
    """A refusal for a wrong credential once carried the whole room, whatever the class,
    and a made-up credential sent with the last action's id was answered as the seat's
    own retry (200 and the room). Both now refuse with the credential error alone."""
    status, made = http(
        service.url, "POST", "api/v1/rooms", {"nickname": "Ada"}, class_key=CLASS_KEY
    )
    code, x_cred = made["room"]["code"], made["credential"]
    http(service.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=CLASS_KEY)
    act = {"action": "1-5", "expected_ply": 0, "action_id": "first-move-1"}
    assert http(service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=x_cred)[0] == 200
    made_up = "Z" * 24
    for sent in (act, {**act, "action_id": "another-id-2"}):
        status, body = http(service.url, "POST", f"api/v1/rooms/{code}/actions", sent, seat=made_up)
        assert status == 403 and body["error"]["kind"] == "credential", body
        assert "room" not in body["error"] and "Ada" not in json.dumps(body)
    status, body = http(service.url, "GET", f"api/v1/rooms/{code}", seat=made_up)
    assert status == 403 and "room" not in body["error"]
    # the seat's own retry of that action is still answered, and nothing is played twice
    status, body = http(service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=x_cred)
    assert status == 200 and body["room"]["record"] == "1-5"


def test_only_the_teacher_secret_clears_lists_and_exports(service: Any) -> None:
    """R1 as an attacker: a student's class key (or a seat) cannot clear, list or export."""
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, cred = made["room"]["code"], made["credential"]
    for headers in ({"class_key": CLASS_KEY}, {"seat": cred}, {"teacher": "x" * 27}, {}):
        assert (
            http(service.url, "POST", "api/v1/class/clear", {"what": "abandoned"}, **headers)[0]
            == 403
        )
        assert http(service.url, "GET", "api/v1/class/rooms", **headers)[0] == 403
        assert http(service.url, "GET", "api/v1/class/export", **headers)[0] == 403
        assert http(service.url, "DELETE", f"api/v1/rooms/{code}", **headers)[0] == 403
    assert len(raw_sql(service.store_url, "SELECT code FROM qttt_rooms")) == 1
    status, listing = http(service.url, "GET", "api/v1/class/rooms", teacher=TEACHER)
    assert status == 200 and [r["code"] for r in listing["rooms"]] == [code]
    status, _ = http(service.url, "DELETE", f"api/v1/rooms/{code}", teacher=TEACHER)
    assert status == 200 and raw_sql(service.store_url, "SELECT code FROM qttt_rooms") == []


def test_a_class_key_sees_its_own_class_only(service: Any) -> None:
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code = made["room"]["code"]
    status, body = http(service.url, "GET", f"api/v1/rooms/{code}", class_key=OTHER_CLASS_KEY)
    assert status == 404 and body["error"]["kind"] == "unknown_room"
    status, _ = http(
        service.url, "POST", f"api/v1/rooms/{code}/join", {}, class_key=OTHER_CLASS_KEY
    )
    assert status == 404
    status, body = http(service.url, "POST", "api/v1/rooms", {}, class_key="wrong" * 5)
    assert status == 403 and body["error"]["kind"] == "forbidden"


def test_refusals_come_in_the_students_language(service: Any) -> None:
    status, body = http(service.url, "POST", "api/v1/rooms", {}, class_key="wrong" * 5, lang="da")
    assert status == 403 and "klassekode" in body["error"]["message"]
    status, body = http(service.url, "GET", "api/v1/rooms/K7MQ2P", class_key=CLASS_KEY, lang="it")
    assert status == 404 and "stanza" in body["error"]["message"]


def test_a_conflict_carries_the_room_now_and_plays_nothing(service: Any) -> None:
    a, b = client(service), client(service)
    try:
        x = SharedGame.create(a, watch=False)
        x2 = SharedGame.resume(b, x.code, x.credential, watch=False)  # a second tab
        x.act("1-5")
        with pytest.raises(ConflictError):
            x2.act("2-6")
        assert x2.state.record == "1-5"
    finally:
        a.close()
        b.close()


def test_a_resent_action_id_is_written_once(service: Any) -> None:
    _, made = http(service.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY)
    code, cred = made["room"]["code"], made["credential"]
    act = {"action": "1-5", "expected_ply": 0, "action_id": "same-id-123"}
    for _ in range(3):
        status, body = http(service.url, "POST", f"api/v1/rooms/{code}/actions", act, seat=cred)
        assert status == 200 and body["room"]["record"] == "1-5"
    assert raw_sql(service.store_url, "SELECT version FROM qttt_rooms WHERE code = ?", (code,)) == [
        (1,)
    ]


def test_wrong_credential_is_refused_in_words(service: Any) -> None:
    a = client(service)
    try:
        game = SharedGame.create(a, watch=False)
        with pytest.raises(CredentialError):
            SharedGame.resume(a, game.code, "A" * 24, watch=False)
    finally:
        a.close()


@pytest.mark.parametrize("store_url", ["sqlite"], indirect=True)
def test_a_browser_request_with_an_origin_is_answered(store_url: str) -> None:
    """Every browser POST carries ``Origin``; tornado sets default headers before the
    handler knows its service, which once answered such requests with a 500."""
    from qttt_edu.rooms.service import start_service

    page = "http://site.example:8000"
    running = start_service(
        store_url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER, allow_origins=(page,)
    )
    try:
        status, body = http(
            running.url, "POST", "api/v1/rooms", {}, class_key=CLASS_KEY, Origin=page
        )
        assert status in (200, 201), body
        status, body = http(
            running.url, "POST", "api/v1/rooms", {}, class_key="x" * 20, Origin=page
        )
        assert status == 403 and body["error"]["message"]
        status, _ = http(running.url, "POST", "api/v1/rooms", {}, Origin="http://other.example")
        assert status in (401, 403)
    finally:
        running.stop()


def test_the_csv_export_leaves_empty_cells_empty_and_quotes_formulas() -> None:
    """The teacher's CSV opens in a spreadsheet: a nickname that starts like a formula is
    text, and an empty class or record stays empty (it came out as a lone ' before)."""
    import csv
    import io

    from qttt_edu.rooms.store import games_csv

    seat = {"kind": "human", "present": False}
    room = {
        "code": "K7M-Q2P",
        "class": "",
        "seats": {"X": {**seat, "nickname": "=1+1"}, "O": {**seat, "nickname": "Ben"}},
        "record": "",
        "plies": 0,
        "result": None,
        "created_at": 1.0,
        "finished_at": None,
    }
    row = next(csv.DictReader(io.StringIO(games_csv([room]))))
    assert (row["class"], row["record"]) == ("", "")
    assert (row["x"], row["o"]) == ("'=1+1", "Ben")


def test_an_error_page_without_the_services_words_is_still_said_in_words() -> None:
    """A proxy in front of the service answers 502 with a page of its own (no JSON): the
    student reads the status in a sentence, not a KeyError."""
    from qttt_edu.rooms.remote import ServiceClient

    client = ServiceClient("http://127.0.0.1:9/", class_key=CLASS_KEY)
    try:
        err = client._error(502, {})
        assert "502" in str(err) and "could not answer" in str(err)
    finally:
        client.close()


def test_a_seat_names_itself_only_and_every_screen_sees_it(service: Any) -> None:
    """A student who came in by a link took the seat before typing a nickname: the
    seat's own credential names it afterwards, once, for every screen. As an attacker:
    another seat's credential, the class key, a stranger's guess, a name too long or
    with control characters change nothing."""
    a, b = client(service), client(service)
    try:
        ada = SharedGame.create(a, nickname="Ada")
        bea = SharedGame.join(b, ada.code)  # by the link: no nickname yet
        bea.rename("  Bea   B ")
        assert bea.state.seats["O"].nickname == "Bea B"  # spaces as a join trims them
        deadline = time.monotonic() + 5
        while ada.state.seats["O"].nickname != "Bea B" and time.monotonic() < deadline:
            ada.wait_for_change(timeout=1)
        assert ada.state.seats["O"].nickname == "Bea B"  # pushed to the other screen
        path = f"api/v1/rooms/{ada.code}/nickname"

        def names() -> list[tuple[str, str]]:
            sql = "SELECT x_name, o_name FROM qttt_rooms WHERE code = ?"
            return list(raw_sql(service.store_url, sql, (ada.code,)))

        for who in ({"class_key": CLASS_KEY}, {"seat": "x" * 30}, {}):
            status, body = http(service.url, "POST", path, {"nickname": "Bob"}, **who)
            assert status == 403 and names() == [("Ada", "Bea B")], (who, body)
        # the other seat's credential names its own seat, never this one
        status, _ = http(service.url, "POST", path, {"nickname": "Bob"}, seat=ada.credential)
        assert status == 200 and names() == [("Bob", "Bea B")]
        for bad, status_wanted in (("B" * 300, 413), ("Bo\x07b", 409), (7, 400)):
            status, body = http(service.url, "POST", path, {"nickname": bad}, seat=bea.credential)
            assert status == status_wanted and body["error"]["message"], body
        assert ada.refresh().seats["O"].nickname == "Bea B"
        with pytest.raises(RoomError):
            SharedGame.spectate(a, ada.code).rename("Cy")
    finally:
        a.close()
        b.close()


def test_play_again_through_the_service_finds_one_room_for_both(service: Any) -> None:
    """Bo presses Play again first: Ada's screen is told of the room (the old room points
    to it), and her Play again takes its other seat; the sides are swapped. Nobody else
    can ask for the players: the class key, a spectator, a guessed credential."""
    a, b = client(service), client(service)
    try:
        ada = SharedGame.create(a, nickname="Ada")
        bo = SharedGame.join(b, ada.code, nickname="Bo")
        path = f"api/v1/rooms/{ada.code}/rematch"
        status, body = http(service.url, "POST", path, {}, seat=bo.credential)
        assert status == 409 and "not over yet" in body["error"]["message"]
        seats = {"X": ada, "O": bo}
        game = Game()
        for ply, token in enumerate(["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]):
            mover = seats[str(game.to_act)]
            assert mover.wait_for_ply(ply)  # the other's move has reached this screen
            mover.act(token)
            game.apply(token)
        assert bo.wait_for_ply(game.ply) and bo.state.finished
        for who in ({"class_key": CLASS_KEY}, {"seat": "x" * 30}, {}):
            status, body = http(service.url, "POST", path, {}, **who)
            assert status == 403, (who, body)
        assert ada.refresh().next_code is None  # nothing was opened for them
        bo_again = bo.rematch()
        assert bo_again.seat == "X" and bo_again.state.seats["X"].nickname == "Bo"
        deadline = time.monotonic() + 5
        while ada.state.next_code is None and time.monotonic() < deadline:
            ada.wait_for_change(timeout=1)
        assert ada.state.next_code == bo_again.code  # pushed to Ada's screen
        ada_again = ada.rematch()
        assert (ada_again.code, ada_again.seat) == (bo_again.code, "O")
        assert bo_again.refresh().seats["O"].nickname == "Ada"
        status, body = http(service.url, "POST", path, {}, seat=ada.credential)
        assert status == 409 and body["error"]["kind"] == "room_full"  # asked twice: no 3rd seat
        for g in (ada, bo, ada_again, bo_again):
            g.close()
    finally:
        a.close()
        b.close()
