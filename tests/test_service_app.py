"""The app (``play()``) playing shared games through a real rooms service.

Two apps stand for two students' kernels; they know the service's address and the
class key from the environment, as the classroom command or a hub sets it, and never
a database address.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.i18n import t
from qttt_edu.rooms.remote import ServiceClient
from qttt_edu.rooms.service import start_service
from qttt_edu.widgets import GameApp
from qttt_edu.widgets.shared import open_store
from tests.rooms_support import CLASS_KEY, TEACHER, raw_sql
from tests.test_widgets_shared import PAGE, act, apps, join, new_shared, shows, wait_until


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    url = f"sqlite:///{tmp_path / 'class.sqlite3'}"
    running = start_service(url, classes={"7B": CLASS_KEY}, teacher_secret=TEACHER)
    running.store_url = url  # type: ignore[attr-defined]
    monkeypatch.delenv("QTTT_ROOMS_URL", raising=False)
    monkeypatch.setenv("QTTT_ROOMS_SERVICE", running.url)
    monkeypatch.setenv("QTTT_ROOMS_CLASS_KEY", CLASS_KEY)
    yield running
    running.stop()


@pytest.fixture
def make_app(served: Any) -> Iterator[Callable[[], GameApp]]:
    with apps() as make:  # the store comes from the environment
        yield make


def test_two_apps_play_through_the_service_never_the_database(
    make_app: Callable[[], GameApp], served: Any
) -> None:
    ada, bo = make_app(), make_app()
    code = new_shared(ada, "Ada")
    join(bo, code)
    assert isinstance(ada.shared_panel.store(), ServiceClient)  # no database in the kernel
    act(ada, "1-2")
    wait_until(lambda: shows(bo, "1-2"))
    act(bo, "1-2")
    wait_until(lambda: shows(ada, "1-2 1-2"))
    act(ada, "c1")
    wait_until(lambda: shows(bo, "1-2 1-2 c1"))
    rows = raw_sql(served.store_url, "SELECT record FROM qttt_rooms")
    assert rows == [("1-2 1-2 c1",)]


def test_the_service_away_is_store_trouble_not_a_rule_break(
    make_app: Callable[[], GameApp], served: Any
) -> None:
    ada = make_app()
    new_shared(ada, "Ada")
    served.stop()
    act(ada, "1-2")
    assert ada.message is not None
    assert ada.message.startswith(t("widget_store_trouble", reason="").strip())
    assert not ada.message.startswith(t("widget_refusal", reason="").strip())
    assert ada.shared is not None and ada.shared.client.pending is not None  # kept


def test_a_room_refusal_is_the_rooms_own_words(make_app: Callable[[], GameApp]) -> None:
    bo = make_app()
    bo.shared_panel.code_input.value = "K7M-Q2P"
    bo.shared_panel.join_button.click()
    assert bo.message == t("widget_refusal", reason=t("rooms_unknown", code="K7M-Q2P"))


def test_a_page_that_stops_saying_alive_makes_the_seat_away(
    make_app: Callable[[], GameApp],
) -> None:
    """R5 in the app: the page's "alive" messages, not the kernel, keep the seat present."""
    ada, bo = make_app(), make_app()
    code = new_shared(ada, "Ada")
    join(bo, code)
    seat_o = bo.shared
    assert seat_o is not None and ada.shared is not None
    page = bo.shared_panel.page
    page._page_message(page, {"type": "alive"}, [])
    seat_o._check_presence()
    wait_until(lambda: ada.shared is not None and not ada.shared.opponent_gone())
    page.last_alive = time.monotonic() - 60  # the tab closed a minute ago
    seat_o._check_presence()
    wait_until(lambda: ada.shared is not None and ada.shared.opponent_gone())
    page._page_message(page, {"type": "alive"}, [])
    seat_o._check_presence()
    wait_until(lambda: ada.shared is not None and not ada.shared.opponent_gone())


def test_a_fresh_machine_makes_its_own_store_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Code review finding 4: "New shared game" on a machine with no data folder yet."""
    for name in ("QTTT_ROOMS_URL", "QTTT_ROOMS_SERVICE", "QTTT_ROOMS_CLASS_KEY"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "fresh" / "share"))
    app = GameApp(computer_delay=0)
    app.shared_panel.page.href = PAGE
    try:
        new_shared(app, "Ada")
        assert (tmp_path / "fresh" / "share" / "qttt-edu" / "rooms.sqlite3").exists()
    finally:
        if app.shared is not None:
            app.shared.close()
        store = open_store(app.shared_panel.store())
        store.close()
