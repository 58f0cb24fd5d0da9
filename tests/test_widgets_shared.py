"""Shared games in the app, driven headless through the messages its page sends.

Two (or three) apps stand for two students' screens: each has its own kernel-side
client, and all reach one SQLite game store, as kernels on one classroom server
do. Clicks are the page's messages (``click(app, n)``, ``choose(app, n)`` from
``tests/page.py``), buttons are
clicked as the browser clicks them.
"""

from __future__ import annotations

import asyncio
import html
import re
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from qttt_edu import Action
from qttt_edu.i18n import LANGUAGES, t, t_in
from qttt_edu.rooms import RoomStore
from qttt_edu.rooms.remote import ServiceClient
from qttt_edu.widgets import GameApp, play
from tests.page import choose, click, offer_shown, offer_text, offer_tooltip, take_offer

PAGE = "http://192.0.2.2:8866/voila/render/app.ipynb?token=CLASS23456"  # a classroom address


@pytest.fixture
def rooms_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"


@pytest.fixture
def rooms(rooms_url: str) -> Iterator[RoomStore]:
    store = RoomStore(rooms_url, retry_for=5.0)
    yield store
    store.close()


@contextmanager
def apps(**defaults: Any) -> Iterator[Callable[..., GameApp]]:
    """``make(**options)``: a new app on a classroom page (one student's screen), with
    ``defaults`` (``rooms=``, or none: the store comes from the environment); every
    shared game they open is closed afterwards, and every service client they made."""
    made: list[GameApp] = []

    def make(**options: Any) -> GameApp:
        app = GameApp(computer_delay=0, **defaults, **options)
        app.shared_panel.page.href = PAGE  # what the page tells the kernel
        made.append(app)
        return app

    try:
        yield make
    finally:
        for app in made:
            if app.shared is not None:
                app.shared.close()
            store = app.shared_panel._store
            if isinstance(store, ServiceClient) and store is not defaults.get("rooms"):
                store.close()


@pytest.fixture
def make_app(rooms: RoomStore) -> Iterator[Callable[..., GameApp]]:
    with apps(rooms=rooms) as make:
        yield make


def wait_until(test: Callable[[], bool], timeout: float = 10.0) -> float:
    """Seconds until ``test()`` held; fails after ``timeout`` (a hang guard, not a speed test)."""
    start = time.monotonic()
    while not test():
        assert time.monotonic() - start < timeout, "the other screen never showed the change"
        time.sleep(0.005)
    return time.monotonic() - start


def shows(app: GameApp, record: str) -> bool:
    """Does the app's page show ``record`` (the view is sent after the game is updated)?"""
    return bool(app.board.view.get("record") == record)


def status(app: GameApp) -> str:
    st = app.board.view["status"]
    parts = [st["message"]["text"]] if st["message"] else []
    return " ".join([*parts, st["prompt"]])


def act(app: GameApp, token: str) -> None:
    """Play a record token by clicking, as a student does."""
    action = Action.parse(token)
    if action.kind == "collapse":
        choose(app, action.squares[0])
    else:
        for square in action.squares:
            click(app, square)


def new_shared(app: GameApp, nickname: str = "") -> str:
    app.shared_panel.nickname.value = nickname
    app.shared_panel.new_button.click()
    assert app.shared is not None, app.message
    return app.shared.label


def join(app: GameApp, code: str) -> None:
    app.shared_panel.code_input.value = code
    app.shared_panel.join_button.click()


def test_new_shared_game_shows_the_code_the_link_the_qr_code_and_the_seat_link(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    app = make_app()
    code = new_shared(app, "Ada")
    shared = app.shared
    assert shared is not None and shared.seat == "X"
    assert app.message == t("widget_shared_created", code=code)
    info = app.shared_panel.info.value
    invite = f"{PAGE}&room={code}"
    assert f'class="qttt-room-code" data-room="{code}">{code}<' in info  # the code, large
    assert f'href="{invite.replace("&", "&amp;")}"' in info
    assert "<svg" in info and "widget" not in info  # the QR code, drawn inline
    # the seat travels in the fragment, and is shown only on request (R9)
    seat_link = f"{invite}#seat={shared.client.credential}".replace("&", "&amp;")
    assert seat_link in info  # the creator's own link brings the seat back
    assert info.index("<details") < info.index(seat_link)
    # The page keeps the seat in its address, so a reload comes back to it.
    assert app.shared_panel.page.params == {"room": code, "seat": shared.client.credential}
    assert rooms.room(code).seats["X"].nickname == "Ada"
    # While shared, the game belongs to both: no undo, timeline, load or new game here.
    controls = app.controls
    assert controls.undo_button.disabled and controls.new_button.disabled
    assert controls.timeline.disabled


def test_join_by_code_and_both_screens_see_each_others_actions(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada, "Ada")
    join(bo, code.lower().replace("-", ""))  # typed without care: still the room
    assert bo.shared is not None and bo.shared.seat == "O"
    assert bo.message == t("widget_shared_joined", code=code, seat="O")
    assert ada.shared is not None
    wait_until(lambda: f"O: {t('widget_shared_free_seat')}" not in ada.shared_panel.info.value)
    record = ["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]
    seats = {"X": ada, "O": bo}
    for i, token in enumerate(record, 1):
        mover = seats[ada.game.to_act]
        other = bo if mover is ada else ada
        act(mover, token)
        assert mover.message is None or "⚠" not in mover.message, mover.message
        expected = " ".join(record[:i])
        assert mover.game.record() == expected
        # How fast is measured by benchmarks/bench_shared_app.py; here only that it comes.
        wait_until(lambda o=other, e=expected: shows(o, e))  # type: ignore[misc]
        assert other.board.view["record"] == expected  # the page of the other screen too
    assert rooms.room(code).result == "X"
    assert ada.status_text.startswith("X wins") and bo.status_text.startswith("X wins")


def test_a_spectator_sees_the_game_and_cannot_act(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada, bo, cy = make_app(), make_app(), make_app()
    code = new_shared(ada)
    join(bo, code)
    act(cy, "5-6")  # Cy was playing on her own screen
    join(cy, code)  # both seats taken: Join is refused, and nothing changes
    assert cy.message == t("widget_refusal", reason=t("rooms_full", code=code))
    assert cy.shared is None and cy.game.record() == "5-6"
    cy.shared_panel.watch_button.click()  # Watch follows the game without a seat
    assert cy.shared is not None and cy.shared.seat is None
    assert cy.message == t("widget_shared_watching_chosen", code=code)
    act(ada, "1-2")
    wait_until(lambda: shows(cy, "1-2"))
    # the spectator is told who acts, never what to do ("O, move 2: choose two squares"),
    # and the board rests (it takes no move here)
    assert cy.status_text == "O to act: you are watching"
    assert cy.board.view["phase"] == "waiting"
    before = rooms.room(code)
    click(cy, 5)
    assert cy.message == t("widget_refusal", reason=t("rooms_spectator"))
    assert cy.board.view["squares"][4]["selected"] is False  # not even a first square
    assert rooms.room(code).version == before.version and cy.game.record() == "1-2"
    # Watching only: the spectator's panel offers no seat link and no computer.
    assert "qttt-seat-link" not in cy.shared_panel.info.value
    assert not offer_shown(cy) and cy.board.view["status"]["offer"] is None
    assert cy.shared_panel.leave_button.description == t("widget_shared_stop_watching")


def test_an_action_for_the_other_side_is_refused_and_changes_nothing(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada)
    join(bo, code)
    click(bo, 1)  # O before X has moved
    assert bo.message == t("widget_refusal", reason=t("rooms_not_your_turn", seat="O", to_act="X"))
    act(ada, "1-2")
    wait_until(lambda: shows(bo, "1-2"))
    version = rooms.room(code).version
    click(ada, 3)  # X again, on O's turn
    assert ada.message is not None and "it is O's turn" in ada.message
    assert rooms.room(code).version == version and ada.game.record() == "1-2"
    assert "waiting for" in ada.status_text  # X sees whom the game waits for
    act(bo, "3-4")  # O acts: X's screen shows the new position, the old refusal gone
    wait_until(lambda: shows(ada, "1-2 3-4"))
    assert ada.message is None and ada.status_text == "X, move 3: choose two squares"


def test_the_rules_refuse_before_the_store_is_asked(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada)
    join(bo, code)
    for token in ["1-2", "1-2", "c1"]:
        act(ada if ada.game.to_act == "X" else bo, token)
        wait_until(lambda: shows(ada, bo.game.record()))
    version = rooms.room(code).version
    click(ada, 1)  # square 1 holds a classical mark
    assert ada.message is not None and ada.message.startswith("⚠") and "1" in ada.message
    assert rooms.room(code).version == version


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "type the room code first"),
        ("K7M", "is not a room code"),
        ("K7M-Q2P", "there is no room K7M-Q2P"),
    ],
)
def test_a_bad_or_unknown_code_is_refused_and_nothing_changes(
    make_app: Callable[..., GameApp], rooms: RoomStore, code: str, words: str
) -> None:
    app = make_app()
    act(app, "5-6")
    join(app, code)
    assert app.message is not None and app.message.startswith("⚠") and words in app.message
    assert app.shared is None and app.game.record() == "5-6"  # the local game goes on
    assert app.shared_panel.code_input.value == code  # the typed code stays, to correct it
    assert rooms.list_rooms().rooms == []


def test_an_expired_code_is_refused(make_app: Callable[..., GameApp], tmp_path: Path) -> None:
    clock = [1000.0]
    store = RoomStore(f"sqlite:///{tmp_path / 'old.sqlite3'}", ttl=60, clock=lambda: clock[0])
    try:
        ticket = store.create_room()
        clock[0] += 3600
        app = GameApp(computer_delay=0, rooms=store)
        join(app, ticket.label)
        assert app.shared is None and app.message is not None and "has expired" in app.message
    finally:
        store.close()


def test_a_full_room_by_link_watches_and_a_seat_link_comes_back_to_the_seat(
    make_app: Callable[..., GameApp],
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada)
    act(ada, "1-9")
    assert ada.shared is not None
    credential = ada.shared.client.credential
    ada.shared.close()  # the laptop lid closes
    again = make_app()
    again.open_shared(code, credential)  # the reload, with ?room=...&seat=...
    assert again.shared is not None and again.shared.seat == "X"
    assert again.message == t("widget_shared_resumed", code=code, seat="X")
    assert again.game.record() == "1-9"
    join(bo, code)
    act(bo, "2-3")
    wait_until(lambda: shows(again, "1-9 2-3"))
    forged = make_app()
    forged.open_shared(code, "A" * 24)
    assert forged.shared is None and forged.message is not None and "⚠" in forged.message


def test_the_creators_status_says_who_joined_and_whose_move_it_is(
    make_app: Callable[..., GameApp],
) -> None:
    ada, bo, cy = make_app(), make_app(), make_app()
    code = new_shared(ada, "Ada")
    assert ada.message == t("widget_shared_created", code=code)
    assert offer_shown(cy) is False  # a game on one screen offers nothing
    # nobody there yet, and X is to move: no computer pressed on Ada before Bo can come
    assert not offer_shown(ada)
    bo.shared_panel.nickname.value = "Bo"
    join(bo, code)
    joined = t("widget_shared_opponent_joined", name="Bo", player="X")
    wait_until(lambda: status(ada).startswith(joined))
    assert joined == "Bo joined: X to move"
    assert not offer_shown(ada)  # Bo is here: no computer offered
    # Bo's own screen says where Bo sits; a spectator arriving greets nobody
    assert bo.message == t("widget_shared_joined", code=code, seat="O")
    cy.shared_panel.code_input.value = code
    cy.shared_panel.watch_button.click()
    assert cy.message == t("widget_shared_watching_chosen", code=code)
    act(ada, "1-2")
    wait_until(lambda: shows(bo, "1-2"))
    assert ada.message is None  # a move later the greeting has done its work


def test_the_greeting_goes_when_the_opponent_leaves_and_the_offer_says_why(
    make_app: Callable[..., GameApp],
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada, "Ada")
    bo.shared_panel.nickname.value = "Bo"
    join(bo, code)
    wait_until(lambda: ada.message == t("widget_shared_opponent_joined", name="Bo", player="X"))
    bo.shared_panel.leave_button.click()
    wait_until(lambda: offer_shown(ada))
    assert ada.message is None  # no greeting left standing for someone who has gone
    offer = ada.board.view["status"]["offer"]
    assert offer["note"] == t("widget_shared_left_status", player="O")  # X to move: say why


def test_a_player_who_leaves_can_be_replaced_by_the_computer(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada)
    join(bo, code)
    # Bo is there: no computer offered (once Ada's screen has heard that Bo joined)
    wait_until(lambda: not offer_shown(ada))
    act(ada, "1-2")
    wait_until(lambda: shows(bo, "1-2"))
    bo.shared_panel.leave_button.click()
    assert bo.shared is None and bo.message == t("widget_shared_left_note", code=code)
    # (the panel is drawn last: once it says so, the status line does too)
    wait_until(lambda: t("widget_shared_left") in ada.shared_panel.info.value)
    assert ada.status_text == t("widget_shared_wait_left", player="O")
    # the offer stands in the status line; the prompt already says why (O is to act)
    assert ada.board.view["status"]["offer"]["note"] == ""
    assert offer_text(ada) == t("widget_shared_computer_button", seat="O")
    take_offer(ada)
    assert ada.message == t("widget_shared_computer_note", seat="O")
    wait_until(lambda: ada.board.view["ply"] == 2)  # the computer replied for O
    assert rooms.room(code).seats["O"].kind == "computer"
    assert ada.game.to_act == "X" and ada.last_error is None


def test_the_other_screens_action_is_drawn_in_the_kernels_event_loop(
    rooms: RoomStore, rooms_url: str
) -> None:
    """The store's watcher thread only asks the loop: widgets change in the loop's thread."""

    async def scenario() -> tuple[set[int], int]:
        app = GameApp(computer_delay=0, rooms=rooms)
        drawn_in: set[int] = set()
        app.board.observe(lambda _change: drawn_in.add(threading.get_ident()), names="view")
        app.shared_panel.new_button.click()
        assert app.shared is not None
        other = RoomStore(rooms_url)  # another kernel
        ticket = other.join(app.shared.label)
        # X moves here, O answers from "another kernel" (a thread of this test).
        click(app, 1)
        click(app, 2)
        threading.Thread(
            target=other.act, args=(ticket.code, ticket.credential, "5-6"), daemon=True
        ).start()
        for _ in range(200):
            await asyncio.sleep(0.01)
            if app.game.record() == "1-2 5-6":
                break
        other.close()
        app.shared.close()
        return drawn_in, app.game.ply

    drawn_in, ply = asyncio.run(scenario())
    assert ply == 2
    assert drawn_in == {threading.get_ident()}


def test_on_binder_the_panel_says_why_and_opens_nothing(
    monkeypatch: pytest.MonkeyPatch, make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    monkeypatch.delenv("QTTT_ROOMS_URL", raising=False)
    monkeypatch.setenv("BINDER_REQUEST", "v2/gh/example/qttt-edu/main")
    app = make_app()
    assert (
        "Binder" in app.shared_panel.note.value and "shared_games.md" in app.shared_panel.note.value
    )
    assert app.shared_panel.open_row.layout.display == "none"
    app.shared_panel.new_button.click()  # even if clicked: a clear refusal, no room
    assert app.shared is None and app.message is not None and "Binder" in app.message
    assert rooms.list_rooms().rooms == []
    act(app, "1-2")  # the game on one screen still works
    assert app.game.record() == "1-2"


def test_play_opens_the_room_of_the_page_address(
    monkeypatch: pytest.MonkeyPatch, rooms: RoomStore
) -> None:
    ticket = rooms.create_room(nickname="Ada")
    monkeypatch.setenv("QUERY_STRING", f"lang=en&room={ticket.label}")
    app = play(computer_delay=0, rooms=rooms)
    # The room waits for the page, which also says whether this tab keeps a seat there
    # (page_link.js sends what it found; nothing here, so the free seat is taken).
    assert app.shared is None
    app.shared_panel.page.arrived = {"room": ticket.label, "seat": ""}
    try:
        assert app.shared is not None and app.shared.seat == "O"
        assert app.shared_panel.page.params["room"] == ticket.label
        assert app.shared_panel.page.params["seat"] == app.shared.client.credential
    finally:
        if app.shared is not None:
            app.shared.close()
    monkeypatch.setenv("QUERY_STRING", f"room={ticket.label}")  # a third page: both taken
    third = play(computer_delay=0, rooms=rooms)
    third.shared_panel.page.arrived = {"room": ticket.label, "seat": ""}
    try:
        assert third.shared is not None and third.shared.seat is None
        assert third.message == t("widget_shared_watching", code=ticket.label)
        assert third.shared_panel.page.params == {"room": ticket.label, "seat": ""}
    finally:
        if third.shared is not None:
            third.shared.close()
    monkeypatch.setenv("QUERY_STRING", "room=NOPE")
    app = play(computer_delay=0, rooms=rooms)
    app.shared_panel.page.arrived = {"room": "NOPE", "seat": ""}
    assert app.shared is None and app.message is not None and "NOPE" in app.message


def test_a_reload_comes_back_to_the_seat_the_tab_keeps(
    monkeypatch: pytest.MonkeyPatch, rooms: RoomStore
) -> None:
    """R9: the seat is not in the address; the page hands the kept one to the new kernel."""
    ticket = rooms.create_room(nickname="Ada")
    monkeypatch.setenv("QUERY_STRING", f"room={ticket.label}")
    app = play(computer_delay=0, rooms=rooms)
    app.shared_panel.page.arrived = {"room": ticket.label, "seat": ticket.credential}
    try:
        assert app.shared is not None and app.shared.seat == "X"
        assert rooms.room(ticket.code).seats["O"].kind == "empty"  # no seat taken twice
    finally:
        if app.shared is not None:
            app.shared.close()


def test_a_cell_ending_in_play_shows_the_app_once_and_the_app_shows_again_later() -> None:
    """play() displays the app; the cell's own result must not show it a second time,
    while ``app`` on its own in a later cell shows it as usual."""
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    try:
        shell.run_cell(
            "from qttt_edu.widgets import play\n"
            "app = play(computer_delay=0)\n"
            "during = app._repr_mimebundle_()\n"
        )
        during = shell.user_ns["during"]
        assert during == {"text/plain": ""}
        shell.run_cell("after = app._repr_mimebundle_()")
        after = shell.user_ns["after"]
        model_id = shell.user_ns["app"].widget.model_id
        assert after["application/vnd.jupyter.widget-view+json"]["model_id"] == model_id
    finally:
        InteractiveShell.clear_instance()


def test_an_opponent_who_goes_silent_is_offered_to_the_computer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Presence changes without a new version: the app reads the room again now and then."""
    from qttt_edu.widgets.shared import SharedSeat

    monkeypatch.setattr(SharedSeat, "PRESENCE_CHECK", 0.05)
    clock = [1_000_000.0]
    store = RoomStore(f"sqlite:///{tmp_path / 'quiet.sqlite3'}", clock=lambda: clock[0])

    async def scenario() -> tuple[bool, bool, str]:
        app = GameApp(computer_delay=0, rooms=store)
        app.shared_panel.new_button.click()
        assert app.shared is not None
        store.join(app.shared.label, nickname="Bo")
        for _ in range(100):
            await asyncio.sleep(0.02)
            if "Bo" in app.shared_panel.info.value:
                break
        before = offer_shown(app)
        clock[0] += 120  # Bo's kernel has not been heard from for two minutes
        for _ in range(100):
            await asyncio.sleep(0.02)
            if offer_shown(app):
                break
        app.shared.close()
        return before, offer_shown(app), app.board.view["status"]["offer"]["note"]

    try:
        before, after, note = asyncio.run(scenario())
    finally:
        store.close()
    assert (before, after) == (False, True)
    # X is to move, so the prompt does not name Bo: the offer says why it is made
    assert note == t("widget_shared_away_status", name="Bo", player="O")


#: what a tester saw: the rooms service away, seen from the site's browser Python
ADDRESS_AND_ERROR = {
    "where": "http://127.0.0.1:18966/rooms/",
    "seconds": "5",
    "reason": "NetworkError: Failed to execute 'send' on 'XMLHttpRequest'",
}


def test_a_store_that_does_not_answer_is_said_in_words_and_changes_nothing(
    make_app: Callable[..., GameApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu.rooms import StoreUnavailableError

    app = make_app()
    new_shared(app)
    assert app.shared is not None
    details = ADDRESS_AND_ERROR

    def down(*_args: object, **_kwargs: object) -> None:
        raise StoreUnavailableError(t("service_unreachable"), **details)

    monkeypatch.setattr(app.shared.client.store, "act", down)
    act(app, "1-2")
    # The player is told the move is kept and sent later, not asked to make it again, in
    # plain words: the service's address and the browser's error text are not for them
    # (they stay in the error's details, for the teacher or a developer).
    shown = (
        "⚠ Game store: the game server did not answer for 5 s: your move is kept and will "
        "be sent as soon as it answers"
    )
    assert app.message == shown
    assert app.board.view["status"]["message"]["text"] == shown
    assert app.game.record() == "" and app.last_error is None
    assert str(app.shared.client.pending) == "1-2"


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize(
    "key",
    ["rooms_unavailable", "rooms_unavailable_kept", "rooms_store_broken", "service_unreachable"],
)
def test_a_store_or_server_away_is_said_without_its_address_or_error_text(
    lang: str, key: str
) -> None:
    # every caller hands these messages the details (the store's own words for them);
    # a student reads none of them, in any language
    text = t_in(lang, key, **ADDRESS_AND_ERROR)
    assert "127.0.0.1" not in text and "://" not in text, text
    assert "NetworkError" not in text and "XMLHttpRequest" not in text, text
    if key == "rooms_unavailable_kept":
        assert "5 s" in text, text  # how long it waited is said


def test_a_pasted_seat_link_brings_a_restarted_kernel_back_to_its_seat(
    make_app: Callable[..., GameApp],
) -> None:
    ada = make_app()
    code = new_shared(ada)
    act(ada, "1-2")
    assert ada.shared is not None
    link = ada.shared.client.seat_link(PAGE)
    ada.shared.close()  # the kernel restarts: the app is gone, the seat link is kept
    again = make_app()
    join(again, link)
    assert again.shared is not None and again.shared.seat == "X"
    assert again.message == t("widget_shared_resumed", code=code, seat="X")
    assert shows(again, "1-2")
    other = play(computer_delay=0, rooms=again.shared_panel.store(), room=code)
    try:  # play(room=...) in a notebook cell: the free seat
        assert other.shared is not None and other.shared.seat == "O"
    finally:
        if other.shared is not None:
            other.shared.close()


def test_the_warm_up_menu_is_off_in_a_shared_game_and_a_crafted_choice_changes_nothing(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    ada = make_app()
    code = new_shared(ada)
    act(ada, "1-2")
    version = rooms.room(code).version
    assert ada.controls.opening_select.disabled
    ada.controls.opening_select.value = "00.cycle"  # what a page that ignores `disabled` could send
    assert ada.message == t("widget_refusal", reason=t("widget_opening_shared"))
    assert ada.game.record() == "1-2" and rooms.room(code).version == version


def test_a_free_seat_is_offered_to_the_computer_once_the_game_waits_for_it(
    make_app: Callable[..., GameApp],
) -> None:
    ada = make_app()
    new_shared(ada, "Ada")
    assert not offer_shown(ada)  # X to move: Bo may still come
    act(ada, "1-2")
    # O is to act and nobody sits there: the prompt says so, the offer stands under it
    assert ada.status_text == t("widget_shared_wait_free", player="O")
    assert offer_shown(ada) and ada.board.view["status"]["offer"]["note"] == ""
    assert offer_tooltip(ada) == t("widget_shared_computer_tooltip")
    take_offer(ada)
    assert ada.message == t("widget_shared_computer_note", seat="O")
    wait_until(lambda: ada.board.view["ply"] == 2)  # the computer answered for O


def test_the_link_from_a_notebook_is_built_from_the_servers_base_and_the_notebooks_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu.widgets.shared import PageLink, page_link

    folder = tmp_path / "root" / "course" / "unit 3"
    folder.mkdir(parents=True)
    lesson = folder / "lesson.ipynb"
    lesson.write_text("{}")
    server = {
        "base": "http://10.0.0.5:8888/some/prefix/",
        "open": True,
        "voila": True,
        "front": "notebook",
        "sessions": ["other.ipynb", "course/unit 3/lesson.ipynb", "3/lesson.ipynb"],
    }
    voila = "http://10.0.0.5:8888/some/prefix/voila/render/course/unit%203/"
    # no app beside the lesson: Voila renders the lesson itself (its play() reads ?room=)
    assert page_link(server, str(lesson)) == (voila + "lesson.ipynb", "")
    (folder / "app.ipynb").write_text("{}")
    assert page_link(server, str(lesson)) == (voila + "app.ipynb", "")
    # a session of another notebook of the same name elsewhere is not this one
    assert page_link({**server, "sessions": ["unit 4/lesson.ipynb"]}, str(lesson)) == ("", "path")
    notebook = "http://10.0.0.5:8888/some/prefix/notebooks/course/unit%203/lesson.ipynb"
    assert page_link({**server, "voila": False}, str(lesson)) == (notebook, "notebook")
    assert page_link({**server, "open": False}, str(lesson)) == ("", "token")
    # the page tells its server; the kernel (which knows its session) sets the link
    monkeypatch.setenv("JPY_SESSION_NAME", str(lesson))
    page = PageLink()
    page.server = server
    assert (page.href, page.why) == (voila + "app.ipynb", "")


def test_a_panel_without_a_link_says_why_and_keeps_the_code(
    make_app: Callable[..., GameApp],
) -> None:
    ada = make_app()
    ada.shared_panel.page.href, ada.shared_panel.page.why = "", ""
    code = new_shared(ada, "Ada")
    ada.shared_panel.page.why = "token"  # the page's answer arrives after the room opened
    info = ada.shared_panel.info.value
    assert html.escape(t("widget_shared_link_token")) in info
    assert "qttt-invite-link" not in info and f'data-room="{code}"' in info


#: the word for the opponent, in each language's catalog
OPPONENT = {
    "en": ("opponent",),
    "da": ("modspiller", "modstander"),
    "fi": ("vastustaja",),
    "nb": ("motspiller", "motstander"),
    "it": ("avversari",),
}


def speaks_of_an_opponent(lang: str, info: str) -> bool:
    return any(word in html.unescape(info).lower() for word in OPPONENT[lang])


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_the_link_invites_an_opponent_only_while_the_other_seat_is_free(
    make_app: Callable[..., GameApp], lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bo joins Ada's game by her link: both seats are taken, so neither screen calls
    the link one "for your opponent" any more (it lets others watch), nor does Cy's,
    who watches; when Bo leaves, Ada's link invites an opponent again."""
    from qttt_edu.i18n import set_language

    monkeypatch.delenv("QTTT_ROOMS_SERVICE", raising=False)
    set_language(lang)
    invite = html.escape(t("widget_shared_invite"))
    to_watch = html.escape(t("widget_shared_spectate_link"))
    ada = make_app()
    code = new_shared(ada, "Ada")
    assert invite in ada.shared_panel.info.value
    assert html.escape(t("widget_shared_qr_alt")) in ada.shared_panel.info.value
    bo = make_app()
    join(bo, code)
    assert bo.shared is not None and bo.shared.seat == "O", bo.message
    info = bo.shared_panel.info.value
    assert to_watch in info and invite not in info
    assert f'aria-label="{html.escape(t("widget_shared_qr_alt_game"))}"' in info
    assert not speaks_of_an_opponent(lang, info), info
    wait_until(lambda: to_watch in ada.shared_panel.info.value)  # Ada sees Bo come
    assert not speaks_of_an_opponent(lang, ada.shared_panel.info.value)
    # Cy watches: a link to watch, and nothing about "your opponent"
    cy = make_app()
    cy.shared_panel.code_input.value = code
    cy.shared_panel.watch_button.click()
    assert cy.shared is not None and cy.shared.seat is None, cy.message
    assert to_watch in cy.shared_panel.info.value
    assert not speaks_of_an_opponent(lang, cy.shared_panel.info.value)
    # with no link that opens elsewhere, Bo is not told how "your opponent" gets in either
    panel = bo.shared_panel
    panel.page.why = "notebook"  # a server without Voilà: the notebook's own link
    assert html.escape(t("widget_shared_link_notebook_watch")) in panel.info.value
    panel.page.href, panel.page.why = "http://localhost:8888/voila/render/app.ipynb", ""
    local = html.escape(t("widget_shared_link_local_watch", host="localhost"))
    assert local in panel.info.value and to_watch in panel.info.value
    panel.page.href, panel.page.why = "", "token"
    assert "qttt-invite-link" not in panel.info.value and f'data-room="{code}"' in panel.info.value
    for page in (panel.info.value, cy.shared_panel.info.value):
        assert not speaks_of_an_opponent(lang, page), page
    # Bo leaves: his seat is free again, so Ada's link invites an opponent once more,
    # and Cy's says that whoever opens it may take the free seat
    bo.shared_panel.leave_button.click()
    assert bo.shared is None
    wait_until(lambda: invite in ada.shared_panel.info.value)
    watch_or_play = html.escape(t("widget_shared_watch_link"))
    wait_until(lambda: watch_or_play in cy.shared_panel.info.value)
    assert not speaks_of_an_opponent(lang, cy.shared_panel.info.value)


def test_the_status_line_breaks_a_word_too_long_for_its_box() -> None:
    # an address or a long compound word wraps inside the box on a 390 px phone
    # instead of running past its right edge
    import re

    css = (Path(__file__).resolve().parents[1] / "qttt_edu/widgets/board.css").read_text()
    rule = re.search(r"\n\.qttt-status \{([^}]*)\}", css)
    assert rule is not None and "overflow-wrap: anywhere" in rule.group(1)


def test_binder_is_told_by_any_of_its_variables_and_an_empty_one_is_not_binder() -> None:
    from qttt_edu.environment import BINDER_VARIABLES, on_binder

    assert not on_binder({}) and not on_binder({"BINDER_REQUEST": ""})
    assert all(on_binder({name: "x"}) for name in BINDER_VARIABLES)


@pytest.fixture
def sqlite_service(tmp_path: Path) -> Iterator[Any]:
    """A real rooms service (tornado, a free port) on a SQLite file: class 7B."""
    from qttt_edu.rooms.service import start_service
    from tests.rooms_support import CLASS_KEY, TEACHER

    running = start_service(
        f"sqlite:///{tmp_path / 'games.sqlite3'}", classes={"7B": CLASS_KEY}, teacher_secret=TEACHER
    )
    yield running
    running.stop()


def site_app() -> GameApp:
    """The app as the static site's Python starts it: no store, and the panel waiting for
    the page to say whether a rooms service is beside the site (page_link.js)."""
    app = play(computer_delay=0)
    app.shared_panel.asking_page = True
    app.shared_panel.unavailable = t("widget_shared_site")
    app.refresh()
    return app


def test_on_the_site_the_panel_waits_for_the_page_then_plays_through_its_service(
    sqlite_service: Any,
) -> None:
    from tests.rooms_support import CLASS_KEY

    join_page = f"http://127.0.0.1:1/qttt-join.html?lang=en#class={CLASS_KEY}"
    ada, bo = site_app(), site_app()
    try:
        panel = ada.shared_panel
        # until the page says, neither the buttons nor "shared games need a server"
        assert panel.open_row.layout.display == "none" and panel.note.layout.display == "none"
        panel.page.href = join_page
        panel.page.service = {"url": sqlite_service.url, "class_key": CLASS_KEY}
        assert panel.open_row.layout.display != "none" and panel.note.value == ""
        code = new_shared(ada, "Ada")
        invite = panel.info.value.split('class="qttt-invite-link" href="')[1].split('"')[0]
        assert (
            invite == f"http://127.0.0.1:1/qttt-join.html?lang=en&amp;room={code}#class={CLASS_KEY}"
        )
        # Bo's page opened that link: the room arrives before the service is known
        bo.shared_panel.page.arrived = {"room": code, "seat": ""}
        assert bo.shared is None
        bo.shared_panel.page.service = {"url": sqlite_service.url, "class_key": CLASS_KEY}
        assert bo.shared is not None and bo.shared.seat == "O", bo.message
        act(ada, "1-2")
        wait_until(lambda: shows(bo, "1-2"))
    finally:
        for app in (ada, bo):
            if app.shared is not None:
                app.shared.close()
                app.shared.client.store.close()


def test_on_a_site_with_no_service_the_panel_says_shared_games_need_a_server() -> None:
    app = site_app()
    app.shared_panel.page.arrived = {"room": "K7M-Q2P", "seat": ""}
    app.shared_panel.page.service = {"url": ""}
    panel = app.shared_panel
    assert "classroom" in panel.note.value and panel.open_row.layout.display == "none"
    assert app.shared is None
    panel.new_button.click()  # even if clicked: a clear refusal
    assert app.shared is None and app.message is not None and "classroom" in app.message
    # the site holds no guides: in every language the note names the teacher's command
    # that serves shared games, and sends nobody to a file the site does not have
    for lang in LANGUAGES:
        note = t_in(lang, "widget_shared_site")
        assert "qttt-edu classroom --site" in note and ".md" not in note, (lang, note)


def test_a_site_opened_without_the_class_link_says_how_to_get_one_before_a_click(
    sqlite_service: Any,
) -> None:
    app = site_app()
    panel = app.shared_panel
    panel.page.service = {"url": sqlite_service.url, "class_key": ""}
    said = t_in("en", "widget_shared_site_no_key")
    assert said in html.unescape(panel.note.value) and panel.note.layout.display != "none"
    assert panel.open_row.layout.display == "none"  # no button that can only fail
    panel.new_button.click()
    assert app.shared is None and app.message is not None and said in app.message
    panel.store().close()


def test_a_link_from_a_loopback_address_says_it_opens_only_here_and_offers_the_code(
    make_app: Callable[..., GameApp], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page opened at 127.0.0.1 or localhost (Jupyter's default) hands out links no
    other device can open: the panel says so, how to let others in, and gives the
    code; there is no QR code for a phone to scan in vain."""
    from qttt_edu.i18n import set_language

    monkeypatch.delenv("QTTT_ROOMS_SERVICE", raising=False)
    set_language("fi")  # a Finnish student's page
    ada = make_app()
    panel = ada.shared_panel
    panel.page.server = {"base": "http://localhost:8888/", "front": "lab"}
    panel.page.href = "http://localhost:8888/voila/render/app.ipynb"
    code = new_shared(ada, "Aino")
    info = panel.info.value
    note = t_in(
        "fi", "widget_shared_link_local", host="localhost", command="jupyter lab --ip=0.0.0.0"
    )
    assert html.escape(note) in info
    assert "vain tällä tietokoneella" in note and "--ip=0.0.0.0" in note
    assert "qttt-edu classroom" in note
    assert f'data-room="{code}">{code}<' in info  # the code, large, works anywhere
    assert "<svg" not in info  # no QR code
    assert "qttt-invite-link" in info  # the link still opens on this computer
    # Notebook 7 and Voilà are told their own way to listen everywhere
    panel.page.server = {}
    panel.page.href = "http://127.0.0.1:8866/voila/render/app.ipynb"
    assert "voila --Voila.ip=0.0.0.0" in html.unescape(panel.info.value)
    # in a class (a rooms service): open the students' address the command printed
    monkeypatch.setenv("QTTT_ROOMS_SERVICE", "http://127.0.0.1:1/")
    panel.render(ada.shared)
    assert html.escape(t("widget_shared_link_local_class", host="127.0.0.1")) in panel.info.value
    # the classroom's network address: a plain link and its QR code, no note
    panel.page.href = PAGE
    assert "<svg" in panel.info.value and "qttt-room-local" not in panel.info.value


def test_a_seat_taken_by_a_link_is_named_afterwards_and_every_screen_sees_the_name(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    """Bo opens Ada's link and plays at once, with no nickname: Bo's panel offers to name
    the seat (Ada's, named, and a spectator's do not), a blank name is refused, and
    Bo's name reaches Ada's screen and the store."""
    ada, bo, cy = make_app(), make_app(), make_app()
    code = new_shared(ada, "Ada")
    bo.open_shared(code)  # as the link does: the free seat, no nickname typed
    cy.open_shared(code)  # both seats taken: watching

    def offered(app: GameApp) -> bool:
        panel = app.shared_panel
        shown = {panel.rename_input.layout.display, panel.rename_button.layout.display}
        assert len(shown) == 1  # the field and its button come and go together
        return shown != {"none"}

    assert bo.shared is not None and bo.shared.seat == "O"
    assert offered(bo) and not offered(ada) and not offered(cy)
    assert bo.shared_panel.rename_button.description == "Use this nickname"
    bo.shared_panel.rename_button.click()  # nothing typed
    assert bo.message is not None and "Type a nickname first" in bo.message
    assert rooms.room(code).seats["O"].nickname is None
    bo.shared_panel.rename_input.value = " Bo "
    bo.shared_panel.rename_button.click()
    assert bo.message == "You now play as Bo"
    assert rooms.room(code).seats["O"].nickname == "Bo"
    assert not offered(bo) and bo.shared_panel.rename_input.value == ""
    wait_until(lambda: "O: Bo" in ada.shared_panel.info.value)
    wait_until(lambda: "O: Bo" in cy.shared_panel.info.value)


def test_after_a_shared_game_both_players_play_again_with_the_sides_swapped(
    make_app: Callable[..., GameApp], rooms: RoomStore
) -> None:
    """Play again is offered to the players of a finished game only; Bo presses it first
    and moves first now, Ada's screen says Bo wants to play again and her Play again
    takes the other seat; the spectator is told where they went and follows."""
    ada, bo, cy = make_app(), make_app(), make_app()
    code = new_shared(ada, "Ada")
    bo.shared_panel.nickname.value = "Bo"
    join(bo, code)
    cy.open_shared(code)  # both seats taken: watching

    def offered(app: GameApp) -> bool:
        return bool(app.shared_panel.again_button.layout.display != "none")

    assert not offered(ada) and not offered(bo)  # a game being played: nothing to repeat
    seats = {"X": ada, "O": bo}
    record = ["1-2", "1-2", "c1", "5-8", "3-6", "5-8", "c5"]
    for i, token in enumerate(record, 1):
        act(seats[str(ada.game.to_act)], token)
        wait_until(lambda i=i: all(shows(app, " ".join(record[:i])) for app in (ada, bo)))  # type: ignore[misc]
    # the board is drawn a moment before the shared panel (one redraw, board first): wait
    # for the panel too, or a busy machine catches the screen between the two
    wait_until(lambda: offered(ada) and offered(bo))
    assert not offered(cy)
    assert bo.shared_panel.again_button.description == "Play again"
    bo.shared_panel.again_button.click()
    assert bo.shared is not None and bo.shared.seat == "X" and bo.shared.label != code
    again = bo.shared.label
    assert bo.message == f"New game in room {again}: you play X"
    assert not offered(bo)  # a new game, not over
    wanted = f"Your opponent wants to play again, in room {again}: press Play again"

    def said(app: GameApp) -> str:  # the panel's words, as read
        return html.unescape(re.sub(r"<[^>]+>", "", app.shared_panel.info.value))

    wait_until(lambda: wanted in said(ada))
    wait_until(lambda: f"The players play again, in room {again}" in said(cy))
    assert f'<span style="white-space: nowrap">{again}</span>' in ada.shared_panel.info.value
    # the spectator follows them with one click (offered once a player has opened it)
    assert offered(cy) and cy.shared_panel.again_button.description == "Watch the next game"
    cy.shared_panel.again_button.click()
    assert cy.shared is not None and (cy.shared.label, cy.shared.seat) == (again, None)
    ada.shared_panel.again_button.click()
    assert ada.shared is not None and (ada.shared.label, ada.shared.seat) == (again, "O")
    assert rooms.room(again).seats["O"].nickname == "Ada"
    act(bo, "5-9")  # Bo moves first now
    wait_until(lambda: shows(ada, "5-9") and shows(cy, "5-9"))
