"""The static site's start-up snapshot, in a real, offline Chromium: made in the
background once the student is idle, restored on the next visit, dropped when it cannot
be used, and kept through several tabs and reloads. The same site and server as
``test_browser_site.py`` (``site`` and ``site_server`` in ``conftest.py``).

The pages make their start-up snapshot only once the student is idle (30 s without
input): a test opens the page with ``?idle=N`` to wait N seconds instead.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .browser_harness import (
    Server,
    check_final,
    play_game,
    restart_kernel,
    site_store,
    wait_for_snapshot,
    wait_for_status,
)
from .site_pages import (
    RESTORED,
    SITE_TIMEOUT,
    SUB_PATH,
    assert_offline,
    console_lines,
    open_app,
    say_idle,
    wait_for_app,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_snapshot_waits_for_an_idle_student_and_serves_later_visits_and_tabs(
    site_server: Server, offline_page: Any
) -> None:
    """One browser's life with the snapshot, in the order a student lives it: the first
    visit, later visits, several tabs and reloads at once, and at last damaged bytes.
    The phases share the costliest step, the first visit and its snapshot (about 15 s
    of CPU), which each made for itself as separate tests."""
    # A first visit starts Python plainly. While the student plays (a click at least
    # every few seconds) no second interpreter starts; once they stop, a background
    # worker stores a snapshot of the started interpreter.
    page = offline_page()
    lines = console_lines(page)
    app = open_app(page, site_server, "?lang=en&idle=8")
    assert RESTORED not in lines
    for square in (1, 2, 3, 4, 5, 6):
        app.locator(f".qttt-square-{square}").click()
        page.wait_for_timeout(2000)
    assert "snapshot" not in site_store(page), "the snapshot was made during the game"
    assert not [line for line in lines if "snapshot stored" in line]
    stored = wait_for_snapshot(page)
    key = stored["snapshot"]["key"]
    assert stored["snapshot"]["size"] > 10e6, stored
    assert key.startswith("pyodide 0.27.6 lock "), stored

    # The next visit restores it and plays as usual.
    page.reload()
    app = wait_for_app(page)
    assert RESTORED in lines, "the second visit did not restore the snapshot"
    assert "unconfirmed" not in site_store(page), "the restored kernel was never confirmed"
    play_game(app)  # includes a collapse choice and a refused click
    check_final(app)
    assert_offline(page)

    # A restored browser session opens three tabs at once, and a student reloads one
    # twice while Python starts. All of that is ordinary use: the snapshot stays, and
    # every tab's game works.
    context = page.context
    page.close()
    tabs = [context.new_page() for _ in range(3)]
    for tab in tabs:  # at once: no tab waits for another's page to load
        tab.goto(site_server.url(f"{SUB_PATH}voici/render/app.html?lang=en"), wait_until="commit")
    # Two reloads while "Starting Python" shows. A restore can be over before the test
    # looks (a quiet machine), so a reload counts only if Python was still starting.
    during_start = 0
    for _ in range(8):
        tabs[0].wait_for_function(
            "() => window.qtttSite && (qtttSite.step === 'python' || qtttSite.done)",
            timeout=SITE_TIMEOUT,
        )
        tabs[0].wait_for_timeout(300)
        starting = tabs[0].evaluate("() => qtttSite.step === 'python' && !qtttSite.done")
        tabs[0].reload()
        during_start += starting
        if during_start == 2:
            break
    assert during_start == 2, "Python never stayed 300 ms in its start to be reloaded"
    for tab in tabs:
        app = wait_for_app(tab)
        wait_for_status(app, r"^X, move 1: choose two squares$")
    stored = site_store(tabs[0])
    assert stored.get("snapshot", {}).get("key") == key, stored
    assert "refused" not in stored, stored
    # ... and the next visit still restores it.
    lines = console_lines(tabs[1])
    tabs[1].reload()
    wait_for_app(tabs[1])
    assert RESTORED in lines
    for tab in (tabs[0], tabs[2]):
        tab.close()

    # The stored bytes are damaged (a full disk, a browser bug): same key, no snapshot.
    page = tabs[1]
    page.evaluate(
        """key => new Promise((resolve, reject) => {
          const opening = indexedDB.open("qttt-edu-site", 1);
          opening.onsuccess = () => {
            const tx = opening.result.transaction("pyodide", "readwrite");
            const bytes = new Blob([new Uint8Array(4096)]);
            tx.objectStore("pyodide").put({key, size: 4096, bytes}, "snapshot");
            tx.oncomplete = () => { opening.result.close(); resolve(); };
            tx.onerror = () => reject(tx.error);
          };
        })""",
        key,
    )
    restored = lines.count(RESTORED)
    page.reload()
    app = wait_for_app(page)  # a plain start, and the game works
    assert lines.count(RESTORED) == restored
    wait_for_status(app, r"^X, move 1: choose two squares$")
    app.locator(".qttt-square-1").click()
    app.locator(".qttt-square-2").click()
    wait_for_status(app, r"^O, move 2")
    # ... and this build makes no snapshot again in this browser.
    page.wait_for_timeout(8000)
    stored = site_store(page)
    assert stored["refused"]["key"] == key and "snapshot" not in stored, stored


def test_a_snapshot_that_cannot_be_made_is_not_tried_on_every_visit(
    site_server: Server, offline_page: Any
) -> None:
    page = offline_page()
    open_app(page, site_server, "?lang=en")
    # The wheels vanish once the game is up: the background worker cannot make its
    # snapshot, and says so once for this build rather than trying on every visit.
    page.context.route("**/*.whl", lambda route: route.abort())
    say_idle(page)
    deadline = time.monotonic() + 60
    while "refused" not in site_store(page) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    stored = site_store(page)
    assert "snapshot" not in stored and stored["refused"]["key"].startswith("pyodide "), stored


def test_a_restored_lesson_kernel_draws_fresh_random_numbers(
    site_server: Server, offline_page: Any
) -> None:
    # Every restore starts from the same memory: the loader must seed Python's random
    # generator afresh, or each kernel would replay the same "random" games.
    page = offline_page()
    lines = console_lines(page)
    page.goto(site_server.url(f"{SUB_PATH}notebooks/index.html?path=00_start_here.ipynb&idle=0"))
    idle = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.locator(idle).wait_for(timeout=SITE_TIMEOUT)
    wait_for_snapshot(page)
    first_cell = page.locator(".jp-Notebook .jp-Cell").first
    first_cell.click()
    page.keyboard.press("Escape")
    page.keyboard.press("a")  # a new code cell above the first
    page.keyboard.press("Enter")
    page.keyboard.type("import random; print('draw', random.getrandbits(64))")
    page.keyboard.press("Escape")
    draws = []
    for restart in range(2):
        restart_kernel(page, SITE_TIMEOUT)
        deadline = time.monotonic() + SITE_TIMEOUT / 1000
        while lines.count(RESTORED) <= restart and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        assert lines.count(RESTORED) == restart + 1, "the restarted kernel did not restore"
        page.locator(".jp-Notebook .jp-Cell").first.click()
        page.keyboard.press("Shift+Enter")
        output = page.locator(".jp-Notebook .jp-Cell").first.locator(".jp-OutputArea-output")
        output.filter(has_text="draw").wait_for(timeout=SITE_TIMEOUT)
        draws.append(output.inner_text().strip())
    assert draws[0] != draws[1], draws
    assert_offline(page)
