"""What the static site's browser tests share: where the site is served, how long
Pyodide may take to start, and how a test waits for the app and checks it stayed offline.
"""

from __future__ import annotations

import time
from typing import Any

import pytest

from .browser_harness import (
    PROBE_HOST,
    Server,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
SUB_PATH = "games/qttt/"  # a school's site rarely lives at the web root
SITE_TIMEOUT = 150_000  # ms: Pyodide's first start on a busy 2-core machine
RESTORED = "qttt-site: Python started from this browser's snapshot"


def open_app(page: Any, server: Server, query: str = "") -> Any:
    """Open the app page and wait until the loading screen says the game is there."""
    page.goto(server.url(f"{SUB_PATH}voici/render/app.html{query}"))
    return wait_for_app(page)


def wait_for_app(page: Any) -> Any:
    page.wait_for_function(
        "() => window.qtttSite && (window.qtttSite.done || window.qtttSite.failed)",
        timeout=SITE_TIMEOUT,
        polling=100,
    )
    state = page.evaluate("() => ({failed: qtttSite.failed, reason: qtttSite.reason || ''})")
    if state["failed"]:
        details = page.locator("#qttt-error-details").text_content()
        raise AssertionError(f"the site failed to start: {state['reason']}\n{details}")
    assert not page.locator("#qttt-loading").is_visible(), "the loading screen stays up"
    return page.locator(".qttt-app")


def assert_offline(page: Any) -> None:
    """No request left the machine, and the guard that says so does work."""
    page.evaluate(f"() => fetch('https://{PROBE_HOST}/').catch(() => null)")
    guard = page.offline_guard
    deadline = time.monotonic() + 5
    while not guard.probed and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert guard.probed, "the offline guard did not see the probe request"
    assert guard.blocked == [], f"the page asked for {len(guard.blocked)} outside URLs"


def watch_missing(page: Any) -> list[str]:
    """Every file the page asks the site for and does not get, from now on. (JupyterLite
    looks for the service worker the build leaves out on purpose, and the app for the
    rooms service's ``qttt-rooms.json``, which only ``qttt-edu classroom --site`` serves:
    those are expected.)"""
    missing: list[str] = []
    expected = ("/service-worker.js", "/qttt-rooms.json")

    def seen(response: Any) -> None:
        if response.status >= 400 and not response.url.split("?")[0].endswith(expected):
            missing.append(f"{response.status} {response.url}")

    page.on("response", seen)
    return missing


def say_idle(page: Any) -> None:
    """Say on the site's channel what its pages say after 30 s without input."""
    page.evaluate("() => new BroadcastChannel('qttt-site').postMessage({idle: true})")


def console_lines(page: Any) -> list[str]:
    """Every console line of the page and its workers from now on (kept in the list)."""
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    return lines
