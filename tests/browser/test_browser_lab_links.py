"""The shared game's link from JupyterLab and Notebook 7 opens on another device.

The servers here are set up as a school's or a student's may be, not as the repository
is: a base URL (``/some/prefix/``), a root folder that is not the repository, started
from yet another folder, and the lesson notebook in a sub-folder beside the kit's
``app.ipynb``. The link the app shows must be built from that base URL and that path,
and a second browser context (no cookie, as a phone has none) must open the game from
it. Where the server wants a token the other device cannot have, the app says so in
its language and gives the room code instead of a link.
"""

from __future__ import annotations

import contextlib
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.i18n import t, t_in

from .browser_harness import (
    APP,
    APP_TIMEOUT,
    REPO,
    Server,
    lab_server,
    run_all_cells,
    screenshot,
    server_env,
    settle,
    wait_for_kernel,
    wait_for_status,
    wait_until_idle,
)
from .test_browser_lab_shared import write_notebook

pytestmark = pytest.mark.browser

PREFIX = "/some/prefix/"
FOLDER = "course/unit 3"  # a sub-folder, with a space the link must carry
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}


def _course(tmp: Path, language: str = "en") -> Path:
    """A server root with the lesson notebooks in ``FOLDER``, beside the kit's app."""
    root = tmp / "root"
    folder = root / FOLDER
    folder.mkdir(parents=True)
    shutil.copy(REPO / APP, folder / "app.ipynb")
    source = (
        "from qttt_edu.widgets import play\n\n"
        f"app = play(computer_delay=0, language={language!r})\n"
    )
    for name in ("lesson_lab.ipynb", "lesson_nb7.ipynb"):
        write_notebook(folder / name, source)
    return root


def _server(tmp: Path, prefix: str, token: str = "", language: str = "en") -> Server:
    root = _course(tmp, language)
    elsewhere = tmp / "started-here"
    elsewhere.mkdir()
    server = lab_server(root, tmp / "work", prefix=prefix, token=token, cwd=elsewhere)
    server.env = server_env(tmp / "work", REPO)  # the kit's Voila template on the path
    server.env["QTTT_ROOMS_URL"] = f"sqlite:///{tmp / 'games.sqlite3'}"
    for var in ("QTTT_ROOMS_SERVICE", "BINDER_SERVICE_HOST", "BINDER_REQUEST"):
        server.env.pop(var, None)
    return server


@pytest.fixture(scope="module")
def prefixed(chromium: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = _server(tmp_path_factory.mktemp("prefixed"), PREFIX)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def _open_notebook(page: Any, url: str) -> Any:
    """Open a notebook page, run all its cells the way a person does, return the app.

    A Run All given before the page has its kernel can be lost on a busy machine
    (the cell stays ``[ ]``): then it is given again, as a person would.
    """
    page.goto(url)
    page.locator(".jp-Notebook-cell").first.wait_for(timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    prompt = page.locator(".jp-InputArea-prompt").first
    deadline = time.monotonic() + APP_TIMEOUT / 1000
    with contextlib.suppress(Exception):  # JupyterLab's status bar, or Notebook 7's toolbar
        wait_for_kernel(page, timeout=APP_TIMEOUT / 2)
    while time.monotonic() < deadline:
        run_all_cells(page)
        started = time.monotonic()
        while time.monotonic() - started < 20 and app.count() == 0:
            choose = page.locator(".jp-Dialog .jp-mod-accept")  # "Select Kernel": the default
            if choose.count() and choose.first.is_visible():
                choose.first.click()
            if "*" in prompt.inner_text() or any(c.isdigit() for c in prompt.inner_text()):
                app.wait_for(timeout=APP_TIMEOUT)  # it runs: the app comes
            page.wait_for_timeout(250)
        if app.count():
            break
    app.wait_for(timeout=APP_TIMEOUT)
    return app


def _share(app: Any, nickname: str) -> tuple[str, Any]:
    app.locator(".qttt-nickname input").fill(nickname)
    app.locator(".qttt-shared-new").click()
    code = app.locator(".qttt-room-code")
    code.wait_for(timeout=APP_TIMEOUT)
    return code.inner_text().strip(), code


def _opens_on_another_device(offline_page: Any, link: str, code: str, name: str) -> Any:
    """Open ``link`` in a fresh context (no cookie) at phone size: Bo takes seat O."""
    phone = offline_page(viewport=PHONE)
    phone.goto(link, timeout=APP_TIMEOUT)
    bo = phone.locator(".qttt-app")
    bo.wait_for(timeout=APP_TIMEOUT)
    wait_for_status(bo, rf"You joined room {code} and play O", timeout=APP_TIMEOUT)
    screenshot(phone, f"{name}-phone-joined", bo)
    return bo


@pytest.mark.parametrize(
    ("front", "path"),
    [("lab", "lab/tree/{folder}/lesson_lab.ipynb"), ("nb7", "notebooks/{folder}/lesson_nb7.ipynb")],
)
def test_the_link_from_a_notebook_opens_the_game_on_another_device(
    prefixed: Server, offline_page: Any, front: str, path: str
) -> None:
    page = offline_page(viewport=LAPTOP)
    app = _open_notebook(page, prefixed.url(path.format(folder=FOLDER)))
    wait_until_idle(page)
    code, _ = _share(app, "Ada")
    link_node = app.locator("a.qttt-invite-link")
    link_node.wait_for(timeout=APP_TIMEOUT)  # the page asked its server first
    link = link_node.get_attribute("href") or ""
    # the server's real base URL and the notebook's real folder, the kit's app beside it
    expected = prefixed.url("voila/render/course/unit%203/app.ipynb") + f"?room={code}"
    assert link == expected
    bo = _opens_on_another_device(offline_page, link, code, f"{front}-link")
    # the creator's status line greets the opponent and says whose move it is
    # Bo gave no nickname: "Your opponent joined", never "(no nickname) joined"
    joined = t("widget_shared_opponent_joined_anon", player="X")
    wait_for_status(app, "^" + re.escape(joined))
    screenshot(page, f"{front}-1366-opponent-joined", app)
    app.locator(".qttt-square-1").click()
    app.locator(".qttt-square-2").click()
    wait_for_status(bo, r"^O, move 2: choose two squares")
    bo.locator(".qttt-square-1").click()  # O2 on the same two squares closes a cycle
    bo.locator(".qttt-square-2").click()
    wait_for_status(app, r"^X: O2 closed a cycle")
    page.wait_for_timeout(900)  # the smooth scroll, if one was needed
    box = app.locator(".qttt-choices").bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= LAPTOP["height"]
    # Bo's phone shows the choice, disabled, with who makes it
    locked = bo.locator(".qttt-choices button")
    locked.first.wait_for()
    assert locked.count() == 2 and all(locked.nth(i).is_disabled() for i in range(2))
    who = t("widget_choice_locked", name="Ada", player="X")
    assert bo.locator(".qttt-choose-who").first.inner_text().strip() == who
    screenshot(page, f"{front}-1366-cycle-choice", app)
    settle(bo)
    screenshot(bo.page, f"{front}-phone-waiting-at-cycle")


def test_a_loopback_server_says_its_link_opens_only_here_and_offers_the_code(
    chromium: Any, offline_page: Any, tmp_path: Path
) -> None:
    """JupyterLab listens on 127.0.0.1 unless told otherwise: its links open on this
    computer only. A Danish student reads so in the share panel, how to let the others
    in, and the room code, at laptop and phone sizes; no QR code promises the phone a
    page it cannot open."""
    server = _server(tmp_path, "/", language="da")
    server.start()
    try:
        page = offline_page(viewport=LAPTOP)
        app = _open_notebook(page, server.url(f"lab/tree/{FOLDER}/lesson_lab.ipynb"))
        wait_until_idle(page)
        code, code_node = _share(app, "Freja")
        note = app.locator(".qttt-room-local")
        note.wait_for(timeout=APP_TIMEOUT)  # the page told the kernel its address
        expected = t_in(
            "da", "widget_shared_link_local", host="127.0.0.1", command="jupyter lab --ip=0.0.0.0"
        )
        assert note.inner_text().strip() == expected
        assert "kun på denne computer" in expected and "qttt-edu classroom" in expected
        assert app.locator(".qttt-room-qr svg").count() == 0
        link = app.locator("a.qttt-invite-link").get_attribute("href") or ""
        assert link.startswith(server.url("voila/render/")) and f"room={code}" in link
        for name, size in (("laptop", LAPTOP), ("phone", PHONE)):
            page.set_viewport_size(size)
            if name == "phone" and page.locator("#jp-left-stack").is_visible():
                page.keyboard.press("Control+b")  # the file browser would take the screen
                page.locator("#jp-left-stack").wait_for(state="hidden")
            settle(app)
            code_node.scroll_into_view_if_needed()
            box, shown = note.bounding_box(), code_node.bounding_box()
            assert box is not None and shown is not None
            # the note fits the width in a readable column, and the code is in view
            assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
            assert box["width"] >= 0.6 * size["width"]
            assert shown["y"] >= 0 and shown["y"] + shown["height"] <= size["height"]
            note.scroll_into_view_if_needed()
            screenshot(page, f"lab-loopback-{name}-share-panel")
    finally:
        server.stop()


def test_a_server_that_wants_a_token_gets_the_code_and_the_reason_not_a_link(
    chromium: Any, offline_page: Any, tmp_path: Path
) -> None:
    token = "a-token-the-phone-cannot-have"
    server = _server(tmp_path, "/tokened/", token=token, language="fi")
    server.start()
    try:
        page = offline_page(viewport=LAPTOP)
        app = _open_notebook(page, server.url(f"lab/tree/{FOLDER}/lesson_lab.ipynb?token={token}"))
        wait_until_idle(page)
        code, code_node = _share(app, "Aino")
        note = app.locator(".qttt-room-nolink")
        note.wait_for(timeout=APP_TIMEOUT)
        assert note.inner_text().strip() == t_in("fi", "widget_shared_link_token")
        assert app.locator("a.qttt-invite-link").count() == 0  # no link that would not open
        assert token not in app.inner_html()  # and the token is never handed out
        assert code_node.is_visible() and len(code.replace("-", "")) == 6
        screenshot(page, "lab-token-code-instead-of-link", app)
    finally:
        server.stop()


SIZES = {
    "projector": {"width": 1920, "height": 1080},
    "laptop": LAPTOP,
    "phone": PHONE,
}


def test_voila_status_line_greets_the_opponent_and_offers_the_computer_when_they_leave(
    prefixed: Server, offline_page: Any
) -> None:
    """In Voilà, at projector, laptop and phone sizes: the creator's status line says
    who joined and whose move it is, and when the opponent leaves, why and the offer."""
    from qttt_edu.rooms import RoomStore

    page = offline_page(viewport=SIZES["projector"])
    page.goto(prefixed.url("voila/render/course/unit%203/app.ipynb"), timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    code, _ = _share(app, "Ada")
    store = RoomStore(prefixed.env["QTTT_ROOMS_URL"])
    try:
        bo = store.join(code, nickname="Bo")  # Bo, on another device
        joined = t("widget_shared_opponent_joined", name="Bo", player="X")
        wait_for_status(app, "^" + re.escape(joined), timeout=APP_TIMEOUT)
        assert app.locator(".qttt-offer").count() == 0  # Bo is here: nothing offered
        store.leave(code, bo.credential)
        why = t("widget_shared_left_status", player="O")
        offer = app.locator(".qttt-status .qttt-offer-button")
        offer.wait_for(timeout=APP_TIMEOUT)
        assert app.locator(".qttt-status .qttt-offer-note").inner_text() == why
        assert "Bo" not in app.locator(".qttt-status").inner_text()  # no stale greeting
        assert offer.inner_text() == t("widget_shared_computer_button", seat="O")
        for name, size in SIZES.items():
            page.set_viewport_size(size)
            settle(app)
            status, button = app.locator(".qttt-status").bounding_box(), offer.bounding_box()
            assert status is not None and button is not None
            # the offer is inside the status line, on screen with it, and big enough to tap
            assert status["y"] <= button["y"] and button["y"] + button["height"] <= (
                status["y"] + status["height"]
            )
            assert button["y"] + button["height"] <= size["height"] and button["height"] >= 44
            screenshot(page, f"voila-{name}-opponent-left-offer", app)
        offer.click()
        wait_for_status(app, re.escape(t("widget_shared_computer_note", seat="O")))
        assert store.room(code).seats["O"].kind == "computer"
    finally:
        store.close()
