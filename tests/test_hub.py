"""The rooms service under a real JupyterHub: hub identities are the only keys.

One JupyterHub per module (``tests/hub_support.py``): its proxy routes
``/services/qttt-rooms/`` to ``python -m qttt_edu.classroom.hub``, which the hub starts.
Every call goes through the hub's proxy with a token the hub issued, as a student's
kernel calls it; each test plays the attacker where it can.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.httpclient
import tornado.websocket

from .hub_support import SERVICE, Hub

pytestmark = pytest.mark.slow

API = f"services/{SERVICE}/api/v1/"


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hub]:
    running = Hub(tmp_path_factory.mktemp("hub"))
    running.start()
    try:
        running.wait_for_service(running.token_for("alice"))
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def tokens(hub: Hub) -> dict[str, str]:
    names = ("alice", "bob", "carl", "dora", "mallory", "ms-lund", "head")
    return {name: hub.token_for(name) for name in names}


def call(hub: Hub, method: str, path: str, token: str | None, body: Any = None, **headers: str):
    """A request to the rooms service through the proxy, with extra headers."""
    import urllib.error
    import urllib.request

    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(hub.url + API + path, data=data, method=method)
    if token is not None:
        request.add_header("Authorization", f"token {token}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    for name, value in headers.items():
        request.add_header(name.replace("_", "-"), value)
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as err:
        text = err.read()
        return err.code, json.loads(text) if text.startswith(b"{") else text


def new_game(hub: Hub, tokens: dict[str, str], creator: str = "alice") -> tuple[str, str, str]:
    """``creator`` (alice) opens a room and bob joins it: (code, creator's credential, bob's).

    Each hub user may have 3 unfinished rooms at once: tests spread the rooms they open.
    """
    status, made = call(hub, "POST", "rooms", tokens[creator], {"nickname": creator})
    assert status == 201, made
    code = made["room"]["code"]
    status, joined = call(hub, "POST", f"rooms/{code}/join", tokens["bob"], {"nickname": "Bob"})
    assert status == 200, joined
    assert (made["seat"], joined["seat"]) == ("X", "O")
    return code, made["credential"], joined["credential"]


def act(hub: Hub, token: str, code: str, credential: str | None, action: str, ply: int):
    headers = {} if credential is None else {"X_Qttt_Seat": credential}
    body = {"action": action, "expected_ply": ply, "action_id": secrets.token_hex(8)}
    return call(hub, "POST", f"rooms/{code}/actions", token, body, **headers)


def test_a_student_plays_with_their_hub_token_and_their_own_seat(hub: Hub, tokens) -> None:
    code, alice, bob = new_game(hub, tokens)
    status, answer = act(hub, tokens["alice"], code, alice, "1-5", 0)
    assert status == 200, answer
    assert answer["room"]["record"] == "1-5"
    status, answer = act(hub, tokens["bob"], code, bob, "2-6", 1)
    assert status == 200, answer
    assert answer["room"]["ply"] == 2


def test_a_hub_identity_never_acts_for_another_seat(hub: Hub, tokens) -> None:
    code, _, bob = new_game(hub, tokens)
    # bob, with his own seat, on X's turn: refused, nothing written
    status, answer = act(hub, tokens["bob"], code, bob, "1-5", 0)
    assert status == 409 and answer["error"]["kind"] == "not_your_turn"
    # mallory, a hub user of the class without a seat: a spectator
    status, answer = act(hub, tokens["mallory"], code, None, "1-5", 0)
    assert status == 403 and answer["error"]["kind"] == "spectator"
    # a made-up credential is no seat
    status, answer = act(hub, tokens["mallory"], code, "x" * 24, "1-5", 0)
    assert status == 403
    status, answer = call(hub, "GET", f"rooms/{code}", tokens["mallory"])
    assert status == 200 and answer["room"]["ply"] == 0 and answer["you"] is None


def test_no_token_a_forged_token_or_a_raw_key_gets_nothing(hub: Hub, tokens) -> None:
    body = {"nickname": "Eve"}
    for token, headers in (
        (None, {}),
        ("not-a-hub-token", {}),
        (None, {"X_Qttt_Class": "guessed-class-key-0000"}),
        (None, {"X_Qttt_Teacher": "guessed-teacher-secret"}),
    ):
        status, answer = call(hub, "POST", "rooms", token, body, **headers)
        assert status == 403, (token, headers, answer)
    status, answer = call(hub, "POST", "rooms", None, body, X_Qttt_Class="bogus")
    assert status == 403
    assert "hub" in answer["error"]["message"]


def test_a_token_without_the_service_scope_is_refused(hub: Hub) -> None:
    narrow = hub.token_for("alice", scopes=["read:users:name!user=alice"])
    status, answer = call(hub, "POST", "rooms", narrow, {"nickname": "Alice"})
    assert status == 403, answer


def test_a_student_cannot_clear_list_or_export_even_with_a_teacher_header(hub: Hub, tokens):
    for token in (tokens["alice"], tokens["mallory"]):
        for method, path, body in (
            ("POST", "class/clear", {"what": "finished"}),
            ("GET", "class/rooms", None),
            ("GET", "class/export", None),
        ):
            status, answer = call(
                hub, method, path, token, body, X_Qttt_Teacher="anything-at-all-123456"
            )
            assert status == 403, (path, answer)
            assert answer["error"]["kind"] == "forbidden"


def test_a_teacher_group_member_and_a_hub_admin_are_the_teacher(hub: Hub, tokens) -> None:
    code, _, _ = new_game(hub, tokens)
    for teacher in ("ms-lund", "head"):
        status, answer = call(hub, "GET", "class/rooms", tokens[teacher])
        assert status == 200, answer
        assert code in {room["code"] for room in answer["rooms"]}
        status, answer = call(hub, "POST", "class/clear", tokens[teacher], {"what": "finished"})
        assert status == 200 and isinstance(answer["deleted"], int)
    status, answer = call(hub, "DELETE", f"rooms/{code}", tokens["head"])
    assert status == 200 and answer["deleted"] == 1
    status, _ = call(hub, "GET", f"rooms/{code}", tokens["alice"])
    assert status == 404


def test_room_limits_count_per_hub_user_not_per_made_up_client_id(hub: Hub, tokens) -> None:
    made = 0
    refused = None
    for i in range(6):
        status, answer = call(
            hub,
            "POST",
            "rooms",
            tokens["mallory"],
            {"nickname": "M"},
            X_Qttt_Client=f"fresh-client-id-{i:04d}-{secrets.token_hex(4)}",
        )
        if status == 201:
            made += 1
        else:
            refused = answer
            break
    assert refused is not None and refused["error"]["kind"] == "too_many_rooms", refused
    assert made == 3


def test_the_change_socket_through_the_proxy_wakes_the_other_player(hub: Hub, tokens) -> None:
    code, alice, bob = new_game(hub, tokens, creator="carl")

    async def scenario() -> list[dict[str, Any]]:
        ws_url = hub.url.replace("http://", "ws://") + API + "socket"
        request = tornado.httpclient.HTTPRequest(
            ws_url, headers={"Authorization": f"token {tokens['bob']}"}
        )
        sock = await tornado.websocket.websocket_connect(request)
        hello = {"type": "hello", "seats": [{"code": code, "credential": bob}]}
        await sock.write_message(json.dumps(hello))
        seen = [json.loads(await asyncio.wait_for(sock.read_message(), 20) or "null")]
        await asyncio.get_running_loop().run_in_executor(
            None, act, hub, tokens["carl"], code, alice, "1-5", 0
        )
        while not any(m.get("type") == "changed" for m in seen):
            seen.append(json.loads(await asyncio.wait_for(sock.read_message(), 20) or "null"))
        # a hello with a student's token where the class key goes is the class role too;
        # a hello with a raw teacher secret is not the teacher
        other = await tornado.websocket.websocket_connect(ws_url)
        await other.write_message(
            json.dumps({"type": "hello", "class": tokens["mallory"], "watch": [code]})
        )
        seen.append(json.loads(await asyncio.wait_for(other.read_message(), 20) or "null"))
        forged = await tornado.websocket.websocket_connect(ws_url)
        await forged.write_message(json.dumps({"type": "hello", "teacher": "x" * 30}))
        seen.append(json.loads(await asyncio.wait_for(forged.read_message(), 20) or "null"))
        for s in (sock, other, forged):
            s.close()
        return seen

    seen = asyncio.run(scenario())
    assert seen[0]["type"] == "ready"
    changed = [m for m in seen if m.get("type") == "changed"]
    assert changed and changed[0]["code"] == code
    assert seen[-2]["type"] == "ready"
    assert seen[-1]["type"] == "error"


def test_the_service_holds_no_key_a_student_could_read(hub: Hub, tokens) -> None:
    status, info = call(hub, "GET", "info", tokens["alice"])
    assert status == 200 and info["service"] == "qttt-rooms"
    text = json.dumps(info)
    config = (Path(hub.work) / "jupyterhub_config.py").read_text()
    assert "games.sqlite3" in config and "games.sqlite3" not in text


def test_the_apps_client_plays_through_the_hub_with_the_servers_token(hub: Hub, tokens) -> None:
    """A student's kernel as configured in lessons/hub.md: the service's address and the
    server's hub token as the class key; the app's client needs nothing else."""
    import threading

    from qttt_edu.rooms.errors import CredentialError, NotYourTurnError
    from qttt_edu.rooms.remote import ServiceClient

    alice = ServiceClient(hub.service_url, class_key=tokens["dora"], timeout=20)
    bob = ServiceClient(hub.service_url, class_key=tokens["bob"], timeout=20)
    try:
        ticket = alice.create_room("Alice")
        joined = bob.join(ticket.code, "Bob")
        assert (ticket.seat, joined.seat) == ("X", "O")
        woken = threading.Event()
        bob.watch(ticket.code, lambda code, _state: woken.set())
        assert bob.connected.wait(20), "bob's socket did not get through the proxy"
        woken.clear()
        state = alice.act(ticket.code, ticket.credential, "1-5", expected_ply=0)
        assert state.record == "1-5"
        assert woken.wait(20), "bob was not woken"
        assert bob.room(ticket.code).record == "1-5"
        # bob's client, holding his own seat, cannot move for alice's
        with pytest.raises(CredentialError):
            bob.act(ticket.code, "a-guessed-credential-12345", "2-6", expected_ply=1)
        with pytest.raises(NotYourTurnError):  # his own seat, on X's turn... after O's move
            bob.act(ticket.code, joined.credential, "2-6", expected_ply=1)
            bob.act(ticket.code, joined.credential, "3-7", expected_ply=2)
        assert alice.room(ticket.code).ply == 2
    finally:
        alice.close()
        bob.close()


def test_the_teachers_dashboard_on_the_hub_works_through_the_service(hub: Hub, tokens) -> None:
    """The teacher's part on a hub, as lessons/shared_games.md gives it: a notebook's
    client with the teacher's own hub token (no store, no secret) shows the class's games
    in the dashboard, exports them and deletes one; a student's token gets none of it."""
    import urllib.request

    from qttt_edu.classroom.dashboard import Dashboard
    from qttt_edu.rooms import RoomError
    from qttt_edu.rooms.remote import ServiceClient

    code, _, _ = new_game(hub, tokens, creator="carl")
    teacher = ServiceClient(hub.service_url, class_key=tokens["ms-lund"], timeout=20)
    student = ServiceClient(hub.service_url, class_key=tokens["carl"], timeout=20)
    try:
        dashboard = Dashboard(teacher, refresh=0, baseline_games=10)
        assert code in {room.code for room in dashboard.listing.rooms}
        assert "carl" in dashboard.cards.value  # the card names who plays
        assert "qttt-games.csv" in dashboard.downloads.value, dashboard.downloads.value
        # the guide's export from a terminal: the teacher's token in Authorization
        export = urllib.request.Request(
            hub.service_url + "api/v1/class/export?format=csv",
            headers={"Authorization": f"token {tokens['ms-lund']}"},
        )
        with urllib.request.urlopen(export, timeout=30) as answer:
            text = answer.read().decode()
        assert f"{code[:3]}-{code[3:]}" in text and "carl" in text, text
        cleared = teacher.request("POST", "api/v1/class/clear", {"what": "expired"}, teacher=True)
        assert isinstance(cleared["deleted"], int)
        for refused in (student.list_rooms, student.clear_finished):
            with pytest.raises(RoomError) as err:
                refused()
            assert getattr(err.value, "kind", None) == "forbidden"
        with pytest.raises(RoomError):
            student.delete_room(code)
        assert teacher.delete_room(code) == 1
        dashboard.update()
        assert code not in {room.code for room in dashboard.listing.rooms}
    finally:
        teacher.close()
        student.close()


def test_a_dashboard_opened_on_the_hub_without_arguments_uses_the_service(
    hub: Hub, tokens, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Dashboard()`` in a hub notebook: the service and the hub token from the server's
    environment, never a private empty store of its own; a student's is refused."""
    from qttt_edu.classroom.dashboard import Dashboard
    from qttt_edu.rooms.remote import ServiceClient

    code, _, _ = new_game(hub, tokens, creator="dora")
    monkeypatch.setenv("QTTT_ROOMS_SERVICE", hub.service_url)
    monkeypatch.delenv("QTTT_ROOMS_TEACHER_SECRET_FILE", raising=False)
    monkeypatch.setenv("QTTT_ROOMS_CLASS_KEY", tokens["ms-lund"])
    dashboard = Dashboard(refresh=0, baseline_games=10)
    try:
        assert isinstance(dashboard.store, ServiceClient)
        assert code in {room.code for room in dashboard.listing.rooms}
    finally:
        dashboard.store.close()
    monkeypatch.setenv("QTTT_ROOMS_CLASS_KEY", tokens["dora"])
    student = Dashboard(refresh=0, baseline_games=10)
    try:
        assert "role='status'" in student.status.value  # refused, and said so
        assert code not in student.cards.value
    finally:
        student.store.close()


def test_a_flood_of_made_up_tokens_is_slowed_down_not_passed_to_the_hub(hub: Hub, tokens):
    import concurrent.futures
    import time

    # a known student's token is answered from memory during the flood and after it
    assert call(hub, "GET", "info", tokens["alice"])[0] == 200

    def forged(i: int) -> int:
        claimed = f"10.{i % 250}.{i // 250}.7"  # a made-up address counts for nothing
        return call(
            hub, "GET", "info", f"forged-{i}-{secrets.token_hex(8)}", X_Forwarded_For=claimed
        )[0]

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(forged, range(400)))
    assert set(statuses) <= {403, 429}
    assert statuses.count(429) > 0, "no limit on asking the hub about unknown tokens"
    assert call(hub, "GET", "info", tokens["alice"])[0] == 200
    time.sleep(6)  # the address's allowance is back for the other tests


def test_a_forwarded_address_sent_straight_to_the_service_counts_for_nothing(hub: Hub) -> None:
    """On a hub whose users' servers share the machine, a student's code can reach the
    service's own port, past the proxy, and claim a new X-Forwarded-For each time. The
    service believes that header only from a proxy it was told to trust (none here), so
    the flood is slowed down all the same."""
    import concurrent.futures
    import time
    import urllib.error
    import urllib.request

    direct = f"http://127.0.0.1:{hub.service_port}/{API}info"

    def forged(i: int) -> int:
        request = urllib.request.Request(direct)
        request.add_header("Authorization", f"token forged-{i}-{secrets.token_hex(8)}")
        request.add_header("X-Forwarded-For", f"10.{i % 250}.{i // 250}.9")
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                return answer.status
        except urllib.error.HTTPError as err:
            return err.code

    with concurrent.futures.ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(forged, range(400)))
    assert set(statuses) <= {403, 429}
    assert statuses.count(429) > 0, "a made-up forwarded address got round the limit"
    time.sleep(6)  # the address's allowance is back for the other tests
