"""Fixtures for the end-to-end tests in a real browser.

* ``chromium``: Debian's headless Chromium driven by Playwright (sync API). Absent
  Chromium skips the tests with the reason, unless ``QTTT_REQUIRE_BROWSER`` is set
  (CI), in which case it is an error.
* ``notebook_root``: a temporary copy of ``notebooks/`` (servers never write into
  the repository).
* ``lab`` / ``voila``: a JupyterLab and a Voilà server on free localhost ports,
  without token, each started once per worker when a test first needs it and stopped at
  the end.
* ``offline_page``: a fresh projector-sized page whose every request off localhost
  is aborted; a page that made one fails its test (a class may have no internet, or a
  network that drops such requests without a word, and a school may not want its students'
  browsers to call other servers); a failing test leaves its screenshot in
  ``test-artifacts/``.
* ``built_site``: the static site, built once per run from this checkout (downloads
  cached in ``.site-cache/``), or a copy of ``QTTT_TEST_SITE=<folder>``, a site already
  built from this checkout (the build takes a minute on a busy machine). Under xdist the
  first worker that needs it builds it and the others share it, so the site's tests can
  be spread over the workers. Tests copy it or serve it as it is; none writes into it.
* ``site`` / ``site_server``: a worker's copy of ``built_site`` under a sub-path, as a
  school would put it, and a plain static file server over it (the site's two test files).
* ``site_sidecars``: the compressed copies ``qttt-edu classroom --site`` makes of
  ``built_site`` on its first start, made once per run the same way.
"""

from __future__ import annotations

import fcntl
import importlib.util
import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

import pytest

from .browser_harness import (
    ARTIFACTS,
    REPO,
    OfflineGuard,
    Server,
    browser_skip_reason,
    copy_notebooks,
    lab_server,
    launch_chromium,
    new_page,
    running,
    static_server,
    voila_server,
)
from .site_pages import SUB_PATH


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    outcome = yield
    report = outcome.get_result()
    if report.when == "call":
        item.stash[_CALL_FAILED] = report.failed


_CALL_FAILED = pytest.StashKey[bool]()


@pytest.fixture(scope="package")
def chromium() -> Iterator[Any]:
    reason = browser_skip_reason()
    if reason is not None:
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


@pytest.fixture(scope="package")
def notebook_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_notebooks(tmp_path_factory.mktemp("served"))


@pytest.fixture(scope="package")
def lab(
    chromium: Any, notebook_root: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """JupyterLab over ``notebook_root``, started by the first test of a worker that needs
    it, and only then (a worker whose files use Voilà alone starts no JupyterLab).

    Package scope, like the browser: Playwright's sync API keeps an event loop
    running in the main thread until it stops, which later asyncio tests would trip on.
    """
    with running(lab_server(notebook_root, tmp_path_factory.mktemp("jupyter-lab"))) as server:
        yield server


@pytest.fixture(scope="package")
def voila(
    chromium: Any, notebook_root: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    """Voilà over ``notebook_root``, started when a test of the worker first needs it."""
    with running(voila_server(notebook_root, tmp_path_factory.mktemp("jupyter-voila"))) as server:
        yield server


@pytest.fixture
def offline_page(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """Make offline pages; their blocked requests are reported, failures photographed."""
    made: list[tuple[Any, OfflineGuard]] = []

    def make(**kwargs: Any) -> Any:
        guard = OfflineGuard()
        page = new_page(chromium, guard, **kwargs)
        page.offline_guard = guard  # tests may check what it refused
        made.append((page, guard))
        return page

    yield make
    failed = request.node.stash.get(_CALL_FAILED, False)
    outside = sorted({url for _page, guard in made for url in guard.blocked})
    for number, (page, _guard) in enumerate(made):
        if failed and not page.is_closed():  # a test may have closed its page itself
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"FAILED-{request.node.name}-{number}.png"))
        page.context.close()
    if outside:
        pytest.fail("the page asked servers outside this machine:\n  " + "\n  ".join(outside))


def shared_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A temporary folder every xdist worker of this run sees (each worker's own temporary
    folders sit side by side in it); without xdist, the run's own temporary folder."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def made_once(folder: Path, make: Callable[[Path], None]) -> Iterator[Path]:
    """``folder``, made by ``make`` by the first worker that asks, while the others wait
    for it (a file lock); the other workers use what it made. A failed ``make`` leaves
    nothing behind, so the next worker that asks tries again and sees the error too."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    done = folder.with_name(folder.name + ".done")
    with open(folder.with_name(folder.name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            if not done.exists():
                shutil.rmtree(folder, ignore_errors=True)
                make(folder)
                done.touch()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    yield folder


@pytest.fixture(scope="package")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site, built once per run from this checkout (the command a school runs), for
    every xdist worker: the first that needs it builds it, the others wait and share it."""
    from qttt_edu.site import build_site

    if importlib.util.find_spec("voici_core") is None:
        reason = "the static site's build tools are not installed: pip install -e '.[site]'"
        if os.environ.get("QTTT_REQUIRE_BROWSER"):
            pytest.fail(reason)
        pytest.skip(reason)

    def make(out: Path) -> None:
        built = os.environ.get("QTTT_TEST_SITE")
        if built:
            shutil.copytree(built, out)
        else:
            build_site(out, cache=REPO / ".site-cache", lang="en", log=lambda line: None)

    with made_once(shared_folder(tmp_path_factory) / "built" / "site", make) as out:
        yield out


@pytest.fixture(scope="package")
def site_sidecars(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An ``XDG_CACHE_HOME`` that already holds ``qttt-edu classroom --site``'s compressed
    copies of ``built_site``, made once per run for every worker. A server started with a
    copy of it (``shutil.copytree``: each server writes its own manifest) finds them up to
    date, as after a restart, instead of compressing the whole site again."""
    from qttt_edu.classroom.site_server import cache_folder, precompress

    def make(home: Path) -> None:
        with mock.patch.dict(os.environ, {"XDG_CACHE_HOME": str(home)}):
            precompress(built_site, cache_folder(built_site))

    with made_once(shared_folder(tmp_path_factory) / "built" / "xdg-cache", make) as home:
        return home


@pytest.fixture(scope="package")
def site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The session's site (``built_site``), copied to where a school would put it."""
    out = tmp_path_factory.mktemp("web") / SUB_PATH
    shutil.copytree(built_site, out)
    return out


@pytest.fixture(scope="package")
def site_server(site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A plain static file server over the folder that holds the site."""
    web_root = site.parents[len(Path(SUB_PATH).parts) - 1]
    work = tmp_path_factory.mktemp("http")
    server = static_server(web_root, work / "http.log", ready_path=SUB_PATH + "index.html")
    server.start()
    yield server
    server.stop()
