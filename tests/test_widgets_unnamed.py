"""A player without a nickname, as every screen words them, in all five languages.

A nickname is optional. Where a seat's nickname would stand in a sentence ("Bo joined:
X to move", "Bo (O) chooses", "Bo (O) is away", a card read aloud), a seat without one
is "your opponent" or the seat's mark, never the players' line's placeholder
"(no nickname)": that placeholder is a value beside a seat ("O: (no nickname)"), not a
word. Three apps stand for the creator, the joiner and a spectator on one SQLite store,
as kernels on a classroom server do; the texts are what their pages show.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.classroom.dashboard import card_html, card_name, large_caption_html, large_view
from qttt_edu.i18n import LANGUAGES, set_language, t, t_in
from qttt_edu.rooms import RoomStore
from qttt_edu.widgets import GameApp
from tests.page import choose, click
from tests.test_widgets_shared import apps
from tests.test_widgets_shared import wait_until as until

#: the placeholders that may stand only as a seat's value, never inside a sentence
PLACEHOLDERS = ("widget_shared_no_name", "widget_shared_no_name_away", "dash_no_name", "dash_free")


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def handle_data(self, data: str) -> None:
        if data.strip():
            self.parts.append(data.strip())


def html_texts(markup: str) -> list[str]:
    """The texts a person reads in ``markup`` (one per text node), and its aria-labels."""
    parser = _Text()
    parser.feed(markup)
    labels = re.findall(r'aria-label="([^"]*)"', markup)
    return parser.parts + [html.unescape(label) for label in labels]


def placeholder_in_sentence(texts: list[str], lang: str) -> list[str]:
    """The texts that show a placeholder inside a sentence.

    A placeholder may be a whole text, or a seat's value in a players' line
    ("X: (no nickname) · O: Bo"), and nothing else.
    """
    marks = {t_in(lang, key) for key in PLACEHOLDERS}
    bad = []
    for text in texts:
        for segment in (s.strip() for s in re.split(r"·|\n", text)):
            allowed = {*marks, *(f"{seat}: {mark}" for seat in "XO" for mark in marks)}
            if segment not in allowed and any(mark in segment for mark in marks):
                bad.append(text)
                break
    return bad


def app_texts(app: GameApp) -> list[str]:
    """Everything the app's page says about the game and its players, as text."""
    view = app.view_model()
    status = view["status"]
    texts = [status["prompt"]]
    if status["message"]:
        texts.append(status["message"]["text"])
    if status.get("offer"):
        texts += [status["offer"]["note"], status["offer"]["button"]]
    if view.get("pending") and view["pending"].get("locked"):
        texts.append(view["pending"]["locked"])
    texts += html_texts(app.shared_panel.info.value)
    texts += html_texts(app.controls.title.value)
    return [text for text in texts if text]


def room_texts(store: RoomStore, code: str) -> list[str]:
    """What the teacher's dashboard says about the room: its card, read aloud too, and
    its caption when shown large."""
    room = store.room(code)
    texts = [card_name(room), *html_texts(card_html(room)), *html_texts(large_caption_html(room))]
    pending = large_view(room, {}).get("pending")
    return texts + ([pending["locked"]] if pending else [])


@pytest.fixture
def clock() -> list[float]:
    return [1_000_000.0]


@pytest.fixture
def store(tmp_path: Path, clock: list[float]) -> Iterator[RoomStore]:
    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    rooms = RoomStore(url, retry_for=5.0, clock=lambda: clock[0])
    yield rooms
    rooms.close()


@pytest.fixture
def make_app(store: RoomStore) -> Iterator[Callable[[], GameApp]]:
    with apps(rooms=store) as make:
        yield make


def open_room(creator: GameApp, joiner: GameApp, creator_name: str, joiner_name: str) -> str:
    creator.shared_panel.nickname.value = creator_name
    creator.shared_panel.new_button.click()
    assert creator.shared is not None
    code = str(creator.shared.label)
    joiner.shared_panel.nickname.value = joiner_name
    joiner.shared_panel.code_input.value = code
    joiner.shared_panel.join_button.click()
    assert joiner.shared is not None and joiner.shared.seat == "O"
    return code


# what a native writer puts on the creator's status line when the opponent joins
JOINED_UNNAMED = {
    "en": "Your opponent joined: X to move",
    "da": "Din modspiller er med: det er X's tur",
    "fi": "Vastustajasi liittyi peliin: X on vuorossa",
    "nb": "Motspilleren din er med: X har turen",
    "it": "L'avversario è in partita: tocca alla X",
}
JOINED_BO = {
    "en": "Bo joined: X to move",
    "da": "Bo er med: det er X's tur",
    "fi": "Bo liittyi peliin: X on vuorossa",
    "nb": "Bo er med: X har turen",
    "it": "Bo è in partita: tocca alla X",
}


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
@pytest.mark.parametrize("nickname", ["Bo", ""])
def test_the_creators_status_line_greets_a_named_and_an_unnamed_joiner(
    make_app: Callable[[], GameApp], lang: str, nickname: str
) -> None:
    set_language(lang)
    ada, bo = make_app(), make_app()
    open_room(ada, bo, "Ada", nickname)
    expected = (JOINED_BO if nickname else JOINED_UNNAMED)[lang]
    until(lambda: ada.message == expected)
    assert t("widget_shared_no_name") not in ada.message


def unnamed_game_texts(
    make_app: Callable[[], GameApp], store: RoomStore, clock: list[float]
) -> dict[str, list[str]]:
    """Play a shared game between two players without nicknames, with a spectator, up
    to a collapse and an opponent who went away; every text each screen showed."""
    x, o, watcher = make_app(), make_app(), make_app()
    code = open_room(x, o, "", "")
    seen: dict[str, list[str]] = {"x": [], "o": [], "watcher": [], "dashboard": []}
    until(lambda: x.message != t("widget_shared_created", code=code))  # O has come
    watcher.shared_panel.code_input.value = code
    watcher.shared_panel.watch_button.click()
    seen["x"] += app_texts(x)  # "Your opponent joined: X to move"
    click(x, 1, 2)
    until(lambda: o.board.view["record"] == "1-2")
    seen["x"] += app_texts(x)  # "O to act: waiting for your opponent"
    click(o, 1, 2)  # O2 on the same squares: a cycle, and X chooses
    until(lambda: x.board.view.get("pending") is not None)
    until(lambda: watcher.board.view.get("pending") is not None)
    seen["o"] += app_texts(o)  # the locked choice: "X chooses"
    seen["watcher"] += app_texts(watcher)
    seen["dashboard"] += room_texts(store, code)
    choose(x, 1)
    until(lambda: o.board.view["record"].endswith("1"))
    assert o.shared is not None and x.shared is not None
    o.shared.close()  # O's page is gone (its kernel beats no more)
    clock[0] += 600
    x.shared.client.refresh()
    seen["x"] += app_texts(x)  # "Your opponent (O) is away", the offer, the players' line
    seen["dashboard"] += room_texts(store, code)
    return seen


@pytest.mark.parametrize("lang", sorted(LANGUAGES))
def test_no_screen_puts_the_no_nickname_placeholder_inside_a_sentence(
    make_app: Callable[[], GameApp], store: RoomStore, clock: list[float], lang: str
) -> None:
    set_language(lang)
    seen = unnamed_game_texts(make_app, store, clock)
    for screen, texts in seen.items():
        assert texts, screen
        assert placeholder_in_sentence(texts, lang) == [], screen
    # and the screens did say the things the check looked at
    assert JOINED_UNNAMED[lang] in seen["x"]
    assert t("widget_shared_wait_anon", player="O") in seen["x"]
    assert t("widget_choice_locked_anon", player="X") in seen["o"]
    assert t("widget_choice_locked_anon", player="X") in seen["watcher"]
    assert t("widget_shared_away_status_anon", player="O") in seen["x"]
    # the projector's large game: the choice is shown locked, with who makes it
    assert t("widget_choice_locked_anon", player="X") in seen["dashboard"]
    card = seen["dashboard"][0]
    assert t("dash_card_no_name", seat="X") in card and t("dash_card_no_name", seat="O") in card


def test_the_placeholder_check_catches_a_greeting_that_names_the_placeholder(
    make_app: Callable[[], GameApp],
    store: RoomStore,
    clock: list[float],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The check proves itself: with the old greeting and the old card planted back, it
    finds both, and nothing else."""

    def old_greeting(nickname: str, to_act: str | None) -> str:
        name = nickname or t("widget_shared_no_name")
        return t("widget_shared_opponent_joined", name=name, player=to_act or "")

    def old_player(room: Any, seat: str) -> str:
        info = room.seats[seat]
        return f"{info.nickname or t('dash_no_name')} ({seat})"

    monkeypatch.setattr("qttt_edu.widgets.app.joined_note", old_greeting)
    monkeypatch.setattr("qttt_edu.classroom.dashboard._player", old_player)
    seen = unnamed_game_texts(make_app, store, clock)
    assert placeholder_in_sentence(seen["x"], "en") == ["(no nickname) joined: X to move"]
    found = placeholder_in_sentence(seen["dashboard"], "en")
    assert found and all(
        text.startswith("Show game ") and "(no nickname) (X) vs (no nickname) (O)" in text
        for text in found
    )
    assert placeholder_in_sentence(seen["o"] + seen["watcher"], "en") == []


def test_the_projected_large_game_shows_who_chooses_on_locked_buttons(
    make_app: Callable[[], GameApp], store: RoomStore
) -> None:
    """The dashboard's large game only watches: at a collapse its choice buttons are
    locked and say who chooses, by nickname when there is one."""
    ada, bo = make_app(), make_app()
    code = open_room(ada, bo, "Ada", "")
    until(lambda: ada.message != t("widget_shared_created", code=code))
    click(ada, 1, 2)
    until(lambda: bo.board.view["record"] == "1-2")
    assert large_view(store.room(code), {}).get("pending") is None  # no choice yet
    click(bo, 1, 2)
    until(lambda: store.room(code).game.awaiting_collapse is not None)
    pending = large_view(store.room(code), {})["pending"]
    assert pending["locked"] == "Ada (X) chooses"
    assert len(pending["choices"]) == 2
