"""The static site (``python -m qttt_edu.site build``) played in a real, offline Chromium.

One site is built per test session from this checkout (downloads are cached in
``.site-cache/``), served by ``python -m http.server`` under a sub-path, as a school
would host it, and every request that leaves 127.0.0.1 is aborted and counted.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.i18n import LANGUAGES, t_in

from .browser_harness import (
    PROBE_HOST,
    REPO,
    Server,
    check_final,
    check_undo_and_new_game,
    free_port,
    play_game,
    restart_kernel,
    run_all_cells,
    site_store,
    wait_for_snapshot,
    wait_for_status,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SUB_PATH = "games/qttt/"  # a school's site rarely lives at the web root
SITE_TIMEOUT = 150_000  # ms: Pyodide's first start on a busy 2-core machine


@pytest.fixture(scope="package")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once from this checkout (the command a school runs)."""
    from qttt_edu.site import build_site

    if importlib.util.find_spec("voici_core") is None:
        reason = "the static site's build tools are not installed: pip install -e '.[site]'"
        if os.environ.get("QTTT_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)

    web_root = tmp_path_factory.mktemp("web")
    out = web_root / SUB_PATH
    build_site(out, cache=REPO / ".site-cache", log=lambda line: None)
    return out


@pytest.fixture(scope="package")
def site_server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A plain static file server over the folder that holds the site."""
    port = free_port()
    web_root = site.parents[len(Path(SUB_PATH).parts) - 1]
    work = tmp_path_factory.mktemp("http")
    server = Server(
        name="http.server",
        argv=[sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        base_url=f"http://127.0.0.1:{port}/",
        ready_path=SUB_PATH + "index.html",
        cwd=web_root,
        env={"PATH": "/usr/bin:/bin"},
        log_path=work / "http.log",
    )
    server.start()
    yield server
    server.stop()


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
    looks for the service worker the build leaves out on purpose: that one is expected.)"""
    missing: list[str] = []

    def seen(response: Any) -> None:
        if response.status >= 400 and "/service-worker.js" not in response.url:
            missing.append(f"{response.status} {response.url}")

    page.on("response", seen)
    return missing


# --- the build itself -----------------------------------------------------------


def test_site_holds_everything_it_needs(site: Path) -> None:
    # Pyodide, the game's wheel and the fonts are inside the folder ...
    pyodide = site / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    for name, entry in lock["packages"].items():
        assert (pyodide / entry["file_name"]).exists(), f"{name}: {entry['file_name']} missing"
    assert "qttt-edu" in lock["packages"] and "ipywidgets" in lock["packages"]
    assert (pyodide / "pyodide.asm.wasm").exists()
    assert list((site / "static" / "fontawesome" / "webfonts").glob("*.woff2"))
    # The start-here lesson, in five languages, for JupyterLite's notebook app.
    lessons = {p.name for p in (site / "files").glob("00_start_here*.ipynb")}
    assert lessons == {f"00_start_here{s}.ipynb" for s in ("", ".da", ".fi", ".it", ".nb")}
    # ... and no page asks a CDN for anything.
    page = (site / "voici" / "render" / "app.html").read_text("utf-8")
    assert "cdn.jsdelivr" not in page
    config = json.loads(
        re.search(r'id="jupyter-config-data" type="application/json">(.*?)</script>', page, re.S)
        .group(1)  # type: ignore[union-attr]
        .replace("<\\/", "</")
    )
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    # The kernel loads Pyodide through the site's loader, which can restore a snapshot.
    assert kernel["pyodideUrl"] == "../../static/pyodide/qttt-pyodide.js"
    loader = (pyodide / "qttt-pyodide.js").read_text("utf-8")
    assert "{{" not in loader and '"IPython"' in loader
    assert kernel["disablePyPIFallback"] is True
    # Every wheel is loaded at start-up, so the kernel installs nothing itself; the app
    # and the lesson start the same way; the site has no networkx (no page imports it).
    app_packages = set(kernel["loadPyodideOptions"]["packages"])
    assert app_packages >= {"pyodide_kernel", "ipython", "comm", "qttt-edu", "ipywidgets"}
    assert len(app_packages) == len(lock["packages"]), "a wheel in the lock is not loaded"
    assert "networkx" not in lock["packages"]
    lite = json.loads((site / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    lesson_kernel = lite["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert set(lesson_kernel["loadPyodideOptions"]["packages"]) == app_packages
    # Renderers whose code the site leaves out are disabled, so nothing asks for it.
    assert "@jupyterlab/vega5-extension" in config["disabledExtensions"]
    assert "@jupyterlab/mermaid-extension" in lite["disabledExtensions"]
    # The game's code runs hidden: Voici shows outputs only.
    assert config["include_output"] is True


def test_site_stays_within_its_size_budget(site: Path) -> None:
    # A school copies the whole folder to its server (and onto USB sticks): 39.7 MB when
    # this was written, against an aim of 40 MB (lessons/site.md says where it goes and
    # what was left out). Font Awesome's older formats are never fetched (woff2 comes
    # first in its CSS), so they are not in the folder; nor are the chunks of the
    # renderers the site disables (Mermaid, Vega), nor Voici's unused file list.
    size = sum(p.stat().st_size for p in site.rglob("*") if p.is_file())
    assert size <= 40e6, f"the site grew to {size / 1e6:.2f} MB (aim: at most 40 MB)"
    assert not (site / "voici" / "tree").exists()
    assert not list((site / "build").glob("9310.*.js")), "Mermaid's ELK layouts are back"
    fonts = {p.suffix for p in (site / "static" / "fontawesome" / "webfonts").iterdir()}
    assert fonts == {".woff2"}, fonts
    assert not list((site / "build").glob("fa-*.woff")), "Font Awesome woff fallbacks copied"


def test_rebuild_refuses_a_folder_it_did_not_make(tmp_path: Path) -> None:
    from qttt_edu.site import SiteBuildError, build_site

    precious = tmp_path / "homework"
    precious.mkdir()
    (precious / "essay.txt").write_text("mine")
    with pytest.raises(SiteBuildError, match="not a site built by this command"):
        build_site(precious, cache=REPO / ".site-cache", log=lambda line: None)
    assert (precious / "essay.txt").read_text() == "mine"


def test_build_command_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "keep.txt").write_text("x")
    done = subprocess.run(
        [sys.executable, "-m", "qttt_edu.site", "build", str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "site build failed" in done.stderr and "Traceback" not in done.stderr
    # In another language the reason is in that language too, not English inside it.
    danish = subprocess.run(
        [sys.executable, "-m", "qttt_edu.site", "build", str(tmp_path), "--lang", "da"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert danish.returncode == 1
    assert danish.stderr.strip() == t_in(
        "da", "site_cli_failed", reason=t_in("da", "site_not_ours", folder=tmp_path)
    )


# --- in the browser ---------------------------------------------------------------


def test_site_plays_a_whole_game_offline(site_server: Server, offline_page: Any) -> None:
    page = offline_page()
    missing = watch_missing(page)
    app = open_app(page, site_server, "?lang=en")
    assert page.locator(".jp-InputArea:visible").count() == 0, "the page shows code"
    play_game(app)  # includes a collapse choice and a refused click
    check_final(app)
    check_undo_and_new_game(app)
    # Records: save writes the record into the box, load reads one back.
    app.locator(".qttt-record-input input").fill("1-2 1-2")
    app.locator(".qttt-load").click()
    wait_for_status(app, r"O2 closed a cycle")
    app.locator(".qttt-new").click()
    wait_for_status(app, r"^X, move 1: choose two squares$")
    app.locator(".qttt-square-3").click()
    app.locator(".qttt-square-7").click()
    wait_for_status(app, r"^O, move 2")
    app.locator(".qttt-save").click()
    page.wait_for_function(
        "() => document.querySelector('.qttt-record-input input').value === '3-7'"
    )
    assert_offline(page)
    # Nothing the game page asks for was left out of the site (Vega's chunks are).
    assert missing == [], missing


def test_language_from_the_address_and_from_the_app(site_server: Server, offline_page: Any) -> None:
    page = offline_page()
    # The site's front door keeps ?lang= on its way to the app.
    page.goto(site_server.url(f"{SUB_PATH}?lang=da"))
    app = wait_for_app(page)
    assert page.url.endswith("voici/render/app.html?lang=da")
    danish = t_in("da", "status_move", player="X", move=1)
    wait_for_status(app, "^" + re.escape(danish))
    assert page.evaluate("document.documentElement.lang") == "da"
    # The app's own language menu switches it in place.
    app.locator(".qttt-language select").select_option(label=LANGUAGES["it"])
    italian = t_in("it", "status_move", player="X", move=1)
    wait_for_status(app, "^" + re.escape(italian))
    assert_offline(page)


def test_computer_opponents_play_in_the_browser(site_server: Server, offline_page: Any) -> None:
    # All three of the kit's players run under Pyodide; the perfect one reads its opening
    # book and searches in the browser (benchmarks/bench_site.py notes its speed).
    page = offline_page()
    app = open_app(page, site_server, "?lang=en")
    for opponent in ("random", "heuristic", "perfect"):
        app.locator(".qttt-opponent select").select_option(
            label=t_in("en", f"widget_opponent_{opponent}")
        )
        app.locator(".qttt-new").click()
        wait_for_status(app, r"^X, move 1: choose two squares$")
        app.locator(".qttt-square-1").click()
        app.locator(".qttt-square-9").click()
        # The computer (O) answers by itself; then it is X's turn again: a move, or the
        # collapse when O's answer was 1-9 too and closed a cycle (the random player may).
        wait_for_status(
            app, r"^X(, move 3: choose two squares|: O2 closed a cycle)", timeout=30_000
        )
        log = app.locator(".qttt-log").inner_text()
        assert re.search(r"^1-9 [1-9]-[1-9]$", log.strip()), f"{opponent}: log {log!r}"
    assert_offline(page)


def test_start_here_lesson_runs_in_jupyterlite(site_server: Server, offline_page: Any) -> None:
    # The start-here notebook needs no matplotlib: it runs as it is, in the browser.
    page = offline_page()
    missing = watch_missing(page)
    page.goto(site_server.url(f"{SUB_PATH}notebooks/index.html?path=00_start_here.da.ipynb"))
    page.locator(".jp-Notebook").wait_for(timeout=SITE_TIMEOUT)
    idle = ".jp-Notebook-ExecutionIndicator[data-status='idle']"
    page.locator(idle).wait_for(timeout=SITE_TIMEOUT)
    # No "Render with Voilà" button: it would open a page the site does not have.
    assert page.locator(".jp-NotebookPanel-toolbar .jp-Toolbar-item").count() > 5
    assert page.locator(".jp-NotebookPanel-toolbar .voilaRender").count() == 0
    run_all_cells(page)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=SITE_TIMEOUT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='busy']").wait_for(
        state="detached", timeout=SITE_TIMEOUT
    )
    # The app is live, in the notebook's language ...
    danish = t_in("da", "status_move", player="X", move=1)
    wait_for_status(app, "^" + re.escape(danish))
    app.locator(".qttt-square-1").click()
    app.locator(".qttt-square-2").click()
    wait_for_status(app, "^" + re.escape(t_in("da", "status_move", player="O", move=2)))
    # ... the boards the cells print are pictures, and no cell failed.
    outputs = page.locator(".jp-OutputArea-output")
    assert page.locator(".jp-OutputArea-output[data-mime-type='image/svg+xml']").count() >= 2
    errors = outputs.evaluate_all(
        "els => els.filter(e => (e.getAttribute('data-mime-type') || '').includes('stderr')"
        " || e.querySelector('.jp-RenderedText[data-mime-type*=error]'))"
        ".map(e => e.textContent)"
    )
    assert errors == [], errors
    # The markdown is drawn (Mermaid's renderer is disabled, Markdown's is not), a menu
    # opens, and nothing the lesson asked for was left out of the site.
    assert page.locator(".jp-RenderedMarkdown h1").count() >= 1
    page.get_by_role("menuitem", name="Help", exact=True).click()
    page.keyboard.press("Escape")
    assert_offline(page)
    assert missing == [], missing


RESTORED = "qttt-site: Python started from this browser's snapshot"


def console_lines(page: Any) -> list[str]:
    """Every console line of the page and its workers from now on (kept in the list)."""
    lines: list[str] = []
    page.on("console", lambda message: lines.append(message.text))
    return lines


def test_a_second_visit_starts_from_the_snapshot(site_server: Server, offline_page: Any) -> None:
    # A first visit starts Python plainly; then a background worker stores a snapshot of
    # the started interpreter, and the next visit restores it and plays as usual.
    page = offline_page()
    lines = console_lines(page)
    open_app(page, site_server, "?lang=en")
    assert RESTORED not in lines
    stored = wait_for_snapshot(page)
    assert stored["snapshot"]["size"] > 10e6, stored
    assert stored["snapshot"]["key"].startswith("pyodide 0.27.6 lock "), stored
    page.reload()
    app = wait_for_app(page)
    assert RESTORED in lines, "the second visit did not restore the snapshot"
    assert "unconfirmed" not in site_store(page), "the restored kernel was never confirmed"
    play_game(app)  # includes a collapse choice and a refused click
    check_final(app)
    assert_offline(page)


def test_a_snapshot_that_cannot_be_restored_is_dropped(
    site_server: Server, offline_page: Any
) -> None:
    page = offline_page()
    lines = console_lines(page)
    open_app(page, site_server, "?lang=en")
    key = wait_for_snapshot(page)["snapshot"]["key"]
    # The stored bytes are damaged (a full disk, a browser bug): same key, no snapshot.
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
    page.reload()
    app = wait_for_app(page)  # a plain start, and the game works
    assert RESTORED not in lines
    wait_for_status(app, r"^X, move 1: choose two squares$")
    app.locator(".qttt-square-1").click()
    app.locator(".qttt-square-2").click()
    wait_for_status(app, r"^O, move 2")
    # ... and this build makes no snapshot again in this browser.
    page.wait_for_timeout(8000)
    stored = site_store(page)
    assert stored.get("refused") == key and "snapshot" not in stored, stored


def test_a_snapshot_that_cannot_be_made_is_not_tried_on_every_visit(
    site_server: Server, offline_page: Any
) -> None:
    page = offline_page()
    open_app(page, site_server, "?lang=en")
    # The wheels vanish once the game is up: the background worker cannot make its
    # snapshot, and says so once for this build rather than trying on every visit.
    page.context.route("**/*.whl", lambda route: route.abort())
    deadline = time.monotonic() + 60
    while "refused" not in site_store(page) and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    stored = site_store(page)
    assert "snapshot" not in stored and stored.get("refused", "").startswith("pyodide "), stored


def test_a_restored_lesson_kernel_draws_fresh_random_numbers(
    site_server: Server, offline_page: Any
) -> None:
    # Every restore starts from the same memory: the loader must seed Python's random
    # generator afresh, or each kernel would replay the same "random" games.
    page = offline_page()
    lines = console_lines(page)
    page.goto(site_server.url(f"{SUB_PATH}notebooks/index.html?path=00_start_here.ipynb"))
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


def test_a_kernel_that_cannot_start_shows_a_message(site_server: Server, offline_page: Any) -> None:
    page = offline_page()
    # A file the host lost (IPython's wheel): the kernel's start-up fails inside its worker.
    page.context.route("**/ipython-*.whl", lambda route: route.abort())
    page.goto(site_server.url(f"{SUB_PATH}voici/render/app.html?lang=fi"))
    error = page.locator("#qttt-loading-error")
    error.wait_for(state="visible", timeout=60_000)
    assert error.locator("h2").inner_text() == t_in("fi", "site_failed_title")
    details = page.locator("#qttt-error-details").text_content() or ""
    assert "ipython" in details.lower(), details
    assert page.locator("#qttt-loading-steps").is_hidden(), "the progress list still spins"
    assert page.locator("#qttt-error-reload").is_visible()


def test_a_page_that_hangs_says_so_after_its_time_limit(
    site_server: Server, offline_page: Any
) -> None:
    page = offline_page()
    # The kernel's worker script never answers: nothing fails, nothing finishes.
    page.context.route("**/pyodide.asm.js", lambda route: None)
    page.goto(site_server.url(f"{SUB_PATH}voici/render/app.html?lang=en&timeout=6"))
    error = page.locator("#qttt-loading-error")
    error.wait_for(state="visible", timeout=30_000)
    assert "6 seconds" in page.locator("#qttt-error-reason").inner_text()
