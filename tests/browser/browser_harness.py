"""Real-browser harness: local Jupyter servers, an offline Chromium, and a scripted game.

Used by the browser tests (``tests/browser/``) and by ``benchmarks/bench_browser.py``.

The servers run over a temporary copy of ``notebooks/`` laid out as in the
repository (``<tmp>/notebooks/...``), so the URLs are the ones a Binder link
opens (``lab/tree/notebooks/00_start_here.ipynb``,
``voila/render/notebooks/app.ipynb``) and nothing a server or kernel writes
(checkpoints, workspaces, settings, IPython history) ever lands in the repository.
"""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from tests.ports import free_port

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
ARTIFACTS = REPO / "test-artifacts"
START_HERE = "notebooks/00_start_here.ipynb"
APP = "notebooks/app.ipynb"

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    # Chromium's headless mode still builds each window's address-bar pop-ups
    # (chrome://omnibox-popup pages, in a renderer of their own) although no
    # headless window has an address bar. That cost about 0.8 s of CPU a browser
    # context: 23 of the 30 CPU-seconds that 30 empty contexts took on the 2-core
    # machine, which a class benchmark then counted against the server.
    # Chromium keeps only the last --disable-features it is given, and Playwright
    # passes its own list first, so that list is repeated here (Playwright 1.65).
    "--disable-features="
    + ",".join(
        [
            "WebUIOmniboxPopup",
            "WebUIOmniboxAimPopup",
            "WebUIOmniboxFullPopup",
            "PreloadTopChromeWebUI",
            # Playwright's own:
            "AvoidUnnecessaryBeforeUnloadCheckSync",
            "DestroyProfileOnBrowserClose",
            "HttpsUpgrades",
            "HttpsFirstBalancedModeAutoEnable",
            "LensOverlay",
            "MediaRouter",
            "PaintHolding",
            "ThirdPartyStoragePartitioning",
            "AvoidCorsURLLoaderRestartOnRedirect",
            "OptimizationHints",
            "NetworkTimeServiceQuerying",
            "AimEnabled",
            "PreconnectToSearch",
        ]
    ),
]
# A classroom projector: the size the app has to look right at.
PROJECTOR = {"width": 1280, "height": 800}
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1"})
PROBE_HOST = "offline-probe.example"

SERVER_TIMEOUT = 90.0  # seconds; a cold JupyterLab on a busy 2-core machine
APP_TIMEOUT = 120_000  # ms until the app appears after Run All / page load
STEP_TIMEOUT = 15_000  # ms for one click to reach the kernel and come back


class ServerError(RuntimeError):
    """A server did not start (the message carries its log)."""


def browser_skip_reason() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can.

    Only a missing Chromium is a reason, and only on a developer machine:
    with ``QTTT_REQUIRE_BROWSER`` set (CI sets it) a missing browser is an
    error the tests must report, not skip.
    """
    if Path(CHROMIUM).exists():
        return None
    if os.environ.get("QTTT_REQUIRE_BROWSER"):
        raise RuntimeError(
            f"QTTT_REQUIRE_BROWSER is set but {CHROMIUM} is missing: "
            "install Debian's chromium (apt-get install chromium)"
        )
    return (
        f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium) "
        "to run the browser tests; set QTTT_REQUIRE_BROWSER=1 to make its absence an error"
    )


def copy_notebooks(dest: Path, source: Path = NOTEBOOKS) -> Path:
    """Copy ``source`` to ``dest/notebooks`` (without checkpoints) and return ``dest``.

    The repository's Voilà configuration (``voila.json``: the kit's template, no kernel
    pool, 120 s for the app's output, culling of idle kernels) and the kit's template
    (its loading page) go along, so the servers run as they do for everyone who serves
    the app from the repository.
    """
    shutil.copytree(
        source,
        dest / "notebooks",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
    )
    if (REPO / "voila.json").is_file():
        shutil.copy(REPO / "voila.json", dest / "voila.json")
    template = Path("share") / "jupyter" / "voila" / "templates" / "qttt"
    if (REPO / template).is_dir():
        shutil.copytree(REPO / template, dest / template)
    return dest


def server_env(work: Path, root: Path | None = None) -> dict[str, str]:
    """Environment for a server and its kernels, isolated in ``work``.

    Runtime, config and IPython directories go to ``work`` so a developer's
    own Jupyter settings neither leak in nor get written to. ``MPLBACKEND`` is
    dropped: the test suite sets it to Agg, but a kernel behind a browser
    should draw the way it does for a student.
    """
    env = dict(os.environ)
    env.pop("MPLBACKEND", None)
    for var, sub in (
        ("JUPYTER_RUNTIME_DIR", "runtime"),
        ("JUPYTER_CONFIG_DIR", "config"),
        ("IPYTHONDIR", "ipython"),
    ):
        path = work / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    env["PYTHONUNBUFFERED"] = "1"
    # The kit's Voila template is installed by pip into share/jupyter; an editable
    # install does not copy it, so the copy made by copy_notebooks goes on
    # Jupyter's data path.
    share = (root if root is not None else work) / "share" / "jupyter"
    paths = [str(share), *[p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]]
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    return env


@dataclass
class Server:
    """A Jupyter-family server started as a child process and polled until it answers."""

    name: str
    argv: list[str]
    base_url: str
    ready_path: str
    cwd: Path
    env: dict[str, str]
    log_path: Path
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    def launch(self) -> Server:
        """Start the process (returns at once; see ``wait_ready``)."""
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.argv,
                cwd=self.cwd,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, so stop() reaches its kernels
            )
        return self

    def wait_ready(self, timeout: float = SERVER_TIMEOUT) -> Server:
        """Poll until the server answers; on failure stop it and raise with its log."""
        assert self.process is not None, "launch() first"
        url = self.base_url + self.ready_path
        deadline = time.monotonic() + timeout
        last_error = "no answer yet"
        while time.monotonic() < deadline:
            code = self.process.poll()
            if code is not None:
                raise ServerError(
                    f"{self.name} exited with code {code} before answering at {url}.\n"
                    f"Command: {' '.join(self.argv)}\nServer log:\n{self.log_text()}"
                )
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        return self
                    last_error = f"HTTP {response.status}"
            except (urllib.error.URLError, OSError) as exc:
                last_error = str(exc)
            time.sleep(0.25)
        self.stop()
        raise ServerError(
            f"{self.name} did not answer at {url} within {timeout:.0f} s ({last_error}).\n"
            f"Command: {' '.join(self.argv)}\nServer log:\n{self.log_text()}"
        )

    def start(self, timeout: float = SERVER_TIMEOUT) -> Server:
        """Launch and wait until the server answers."""
        return self.launch().wait_ready(timeout)

    def stop(self) -> None:
        """Stop the server and everything it started (kernels), politely first."""
        if self.process is None or self.process.poll() is not None:
            return
        pgid = self.process.pid  # the server leads its own session (start_new_session)
        try:
            os.killpg(pgid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(pgid, signal.SIGKILL)
            self.process.wait(timeout=5)
        except ProcessLookupError:
            pass

    def log_text(self, tail: int = 6000) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return text[-tail:]

    def url(self, path: str) -> str:
        return self.base_url + path


def _root_flag() -> list[str]:
    """Containers (CI, Binder-like images) often run as root; Jupyter refuses that unasked."""
    return ["--allow-root"] if hasattr(os, "geteuid") and os.geteuid() == 0 else []


def lab_server(
    root: Path, work: Path, *, prefix: str = "/", token: str = "", cwd: Path | None = None
) -> Server:
    """A JupyterLab server over ``root`` on a free port, without token or password
    unless ``token`` is given; ``prefix`` is its base URL (``/some/prefix/``), ``cwd``
    the folder it is started from (default ``root``). Notebook 7 lives on it too
    (``prefix + "notebooks/PATH"``)."""
    port = free_port()
    # A settings folder of its own, empty as a newcomer's: the defaults are the kit's
    # (share/jupyter/lab/settings/overrides.d), not the machine user's.
    settings = work / "lab-settings"
    argv = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={root}",
        f"--IdentityProvider.token={token}",
        "--PasswordIdentityProvider.hashed_password=",
        f"--ServerApp.base_url={prefix}",
        f"--LabApp.user_settings_dir={settings}",
        f"--LabApp.workspaces_dir={work / 'lab-workspaces'}",
        *_root_flag(),
    ]
    return Server(
        name="JupyterLab",
        argv=argv,
        base_url=f"http://127.0.0.1:{port}{prefix}",
        ready_path="api",
        cwd=cwd or root,
        env=server_env(work, root),
        log_path=work / "jupyterlab.log",
    )


def voila_server(
    root: Path, work: Path, *, app: Path | None = None, cwd: Path | None = None
) -> Server:
    """A Voilà server over ``root`` (tree mode, so apps live at ``voila/render/...``).

    With ``app``, Voilà serves that one notebook at ``/`` and gets no option but its
    address, as ``voila path/to/app.ipynb`` typed in ``cwd`` would.
    """
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "voila",
        str(app or root),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--Voila.port={port}",
        "--Voila.port_retries=0",
        "--Voila.token=",
    ]
    if app is None:
        # the kit's template (installed by pip; here from the copy on JUPYTER_PATH):
        # Voila's lab page with a friendly loading message in the page's language
        argv.append("--VoilaConfiguration.template=qttt")
    return Server(
        name="Voila",
        argv=argv,
        base_url=f"http://127.0.0.1:{port}/",
        # the tree listing, or a static file: answers without starting a kernel
        ready_path="" if app is None else "voila/static/favicon.ico",
        cwd=cwd or root,
        env=server_env(work, root),
        log_path=work / "voila.log",
    )


CLASS_GAMES = "QTTT_ROOMS_URL"


def classroom_server(tmp_path: Path, token: str) -> Server:
    """A ``qttt-edu classroom`` server for class 7B, its games in a fresh SQLite file.

    The games file's URL is ``server.env[CLASS_GAMES]`` (a test may act on it with a
    ``RoomStore`` of its own). Binder's variables are dropped: a classroom server
    never runs behind Binder, whatever machine runs the tests.
    """
    from qttt_edu.classroom.cli import build_command, template_source, write_notebooks

    served = tmp_path / "served"
    served.mkdir()
    write_notebooks(served, "7B")
    port = free_port()
    env = server_env(tmp_path / "work")
    template = template_source()  # the kit's qttt template, where Voila looks (JUPYTER_PATH)
    assert template is not None
    shutil.copytree(
        template, tmp_path / "work" / "share" / "jupyter" / "voila" / "templates" / "qttt"
    )
    env[CLASS_GAMES] = f"sqlite:///{tmp_path / 'games.sqlite3'}"
    for name in ("BINDER_REQUEST", "BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_SERVICE_HOST"):
        env.pop(name, None)
    return Server(
        name="classroom",
        argv=build_command(served, "127.0.0.1", port, token, 600),
        base_url=f"http://127.0.0.1:{port}/",
        ready_path=f"?token={token}",
        cwd=served,
        env=env,
        log_path=tmp_path / "classroom.log",
    )


@contextmanager
def running(server: Server) -> Iterator[Server]:
    """Start ``server`` and stop it on the way out, whatever happens."""
    server.start()
    try:
        yield server
    finally:
        server.stop()


def launch_chromium(playwright: Any) -> Any:
    """Debian's headless Chromium, with everything that phones home switched off."""
    return _launch(playwright.chromium)


def launch_beside(browser: Any) -> Any:
    """A second Chromium like ``browser``, in a process of its own (a test may kill it)."""
    return _launch(browser.browser_type)


def _launch(browser_type: Any) -> Any:
    return browser_type.launch(
        executable_path=_chromium_at_our_nice(), headless=True, args=list(CHROMIUM_ARGS)
    )


@functools.cache
def _chromium_at_our_nice() -> str:
    """``CHROMIUM``, or as root a wrapper that starts it without ``CAP_SYS_NICE``.

    Run as root, Chromium raises its own priority: its pages to nice 0, its display and
    input threads to -8, whatever nice the test run was started with. Under
    ``nice -n 19`` the browser then took the CPU from the work the run was meant to
    yield to. Without the capability its attempts fail quietly and it keeps our nice.
    """
    setpriv = shutil.which("setpriv")
    if os.geteuid() != 0 or setpriv is None:
        return CHROMIUM
    wrapper = Path(tempfile.mkdtemp(prefix="qttt-chromium-")) / "chromium"
    wrapper.write_text(
        f'#!/bin/sh\nexec {setpriv} --bounding-set=-sys_nice --inh-caps=-sys_nice {CHROMIUM} "$@"\n'
    )
    wrapper.chmod(0o755)
    return str(wrapper)


@dataclass
class OfflineGuard:
    """Abort every request that leaves localhost, and remember what was tried."""

    blocked: list[str] = field(default_factory=list)
    probed: bool = False

    def install(self, context: Any) -> OfflineGuard:
        context.route("**/*", self._handle)
        return self

    def _handle(self, route: Any) -> None:
        url = route.request.url
        parsed = urlparse(url)
        if parsed.scheme in ("http", "https", "ws", "wss") and parsed.hostname not in LOCAL_HOSTS:
            if parsed.hostname != PROBE_HOST:  # the tests' own check of the guard
                self.blocked.append(url)
            self.probed = self.probed or parsed.hostname == PROBE_HOST
            route.abort()
        else:
            route.continue_()


def new_page(browser: Any, guard: OfflineGuard, viewport: dict[str, int] = PROJECTOR) -> Any:
    """A fresh page in its own offline context, with a projector-sized viewport."""
    context = browser.new_context(viewport=viewport)
    guard.install(context)
    context.set_default_timeout(STEP_TIMEOUT)
    return context.new_page()


# --- driving a notebook in JupyterLab ---------------------------------------


def _expect() -> Any:
    from playwright.sync_api import expect

    return expect


def open_in_lab(page: Any, lab: Server, path: str, workspace: str | None = None) -> Any:
    """Open ``path`` in JupyterLab and return the notebook panel once it is shown.

    With ``workspace``, in that workspace, emptied first (``?reset``): no tab of an
    earlier test is restored beside it.
    """
    # A server's first page is slow to make (it gathers its extensions and settings):
    # JupyterLab's page gets the app's time, not one step's.
    if workspace is None:
        page.goto(lab.url(f"lab/tree/{path}"), timeout=APP_TIMEOUT)
    else:
        page.goto(lab.url(f"lab/workspaces/{workspace}/tree/{path}?reset"), timeout=APP_TIMEOUT)
    panel = page.locator(".jp-NotebookPanel:visible")
    panel.wait_for(timeout=APP_TIMEOUT)
    # The status bar says "<kernel> | Idle" only once the kernel has started and
    # answered (the toolbar indicator is already "idle" before there is a kernel;
    # running cells then would ask which kernel to start).
    kernel_status = page.locator(".jp-StatusBar-TextItem[title^='Change kernel']")
    _expect()(kernel_status).to_have_text(re.compile(r"\| Idle$"), timeout=APP_TIMEOUT)
    return panel


_KERNEL_READY = """() => {
    const lab = document.querySelector(".jp-StatusBar-TextItem[title^='Change kernel']");
    if (lab) return /\\| Idle$/.test(lab.textContent.trim());
    const indicator = document.querySelector(".jp-Notebook-ExecutionIndicator");
    const name = document.querySelector(".jp-KernelName");
    const note = document.querySelector(".jp-NotebookKernelStatus");
    return !!indicator && indicator.getAttribute("data-status") === "idle"
        && !!name && !["", "No Kernel"].includes(name.textContent.trim())
        && !!note && note.textContent.trim() === "";
}"""


def wait_for_kernel(page: Any, timeout: float = APP_TIMEOUT) -> None:
    """Wait until the open notebook's kernel has started and answered.

    JupyterLab's status bar says "<kernel> | Idle". Notebook 7 has no such item: its
    toolbar names the kernel, its notice ("Kernel Initializing", "Kernel Connecting") is
    gone and the indicator is idle (alone, the indicator is "idle" before there is a
    kernel, while the name still says "No Kernel").
    """
    page.wait_for_function(_KERNEL_READY, timeout=timeout, polling=100)


def run_all_cells(page: Any) -> None:
    """Run every cell the way a person does: Run menu, Run All Cells."""
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def write_in_cell(page: Any, starting: str, text: str) -> None:
    """Replace the text of the code cell that shows ``starting`` with ``text``, typed as a
    person does (click into it, select all, type)."""
    cell = page.locator(".jp-CodeCell", has_text=starting).first
    cell.scroll_into_view_if_needed()
    cell.locator(".cm-content").click()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def shown_errors(page: Any) -> list[str]:
    """The text of every error a cell shows (a traceback, or a message raised in its place)
    and of anything written to stderr: JupyterLab draws both as ``stderr`` text."""
    found = page.locator(".jp-RenderedText[data-mime-type='application/vnd.jupyter.stderr']")
    return [(text or "").strip() for text in found.all_text_contents()]


def restart_kernel(page: Any, timeout: float = APP_TIMEOUT) -> None:
    """Restart the kernel the way a person does (Kernel menu, Restart Kernel, confirm)
    and wait until it is idle again."""
    page.get_by_role("menuitem", name="Kernel", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Restart Kernel")).first.click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=timeout)


#: every status the notebook's execution indicator shows, in order (a page's init script)
_RECORD_KERNEL_STATUSES = """
window.qtttKernelStatuses = [];
new MutationObserver(() => {
  const el = document.querySelector('.jp-Notebook-ExecutionIndicator');
  const status = el && el.getAttribute('data-status');
  const seen = window.qtttKernelStatuses;
  if (status && seen[seen.length - 1] !== status) seen.push(status);
}).observe(document, {subtree: true, childList: true, attributes: true,
                      attributeFilter: ['data-status']});
"""


def notebook_state(page: Any) -> str:
    """What a person would look at when a notebook seems stuck: each code cell's prompt
    ("[3]:", "[*]:" running or queued, "[ ]:" never run), the kernel's status and the
    first lines of any error output."""
    return str(
        page.evaluate(
            """() => JSON.stringify({
              prompts: [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                .map((e) => e.textContent.trim()),
              kernel: window.qtttKernelStatuses || [],
              errors: [...document.querySelectorAll('.jp-OutputArea-output')]
                .filter((e) => /stderr|error/.test(e.getAttribute('data-mime-type') || ''))
                .map((e) => e.textContent.slice(0, 300)),
            })"""
        )
    )


def record_kernel_statuses(page: Any) -> None:
    """Before ``goto``: keep every status the notebook's execution indicator shows."""
    page.add_init_script(_RECORD_KERNEL_STATUSES)


def wait_for_started_kernel(page: Any, timeout: float = APP_TIMEOUT) -> None:
    """Wait until the notebook's kernel has started and is idle (``record_kernel_statuses``
    first). The indicator reads "idle" before the notebook has a kernel at all, and a Run
    All then may run nothing: a kernel has started once it showed another status
    ("initializing", "connecting", "unknown", "busy")."""
    page.wait_for_function(
        "() => window.qtttKernelStatuses.some((s) => s !== 'idle') &&"
        " document.querySelector('.jp-Notebook-ExecutionIndicator')"
        "?.getAttribute('data-status') === 'idle'",
        timeout=timeout,
        polling=100,
    )


def wait_until_idle(page: Any, timeout: float = APP_TIMEOUT) -> None:
    """Wait until the kernel has finished what it was asked (indicator back to idle)."""
    indicator = page.locator(".jp-Notebook-ExecutionIndicator").first
    page.wait_for_function(
        "el => el.getAttribute('data-status') === 'idle'",
        arg=indicator.element_handle(),
        timeout=timeout,
        polling=100,
    )


# --- the scripted game --------------------------------------------------------

_SUBSCRIPTS = str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789")


def plain(text: str) -> str:
    """Text with subscript digits made ordinary and white space collapsed."""
    return " ".join(text.translate(_SUBSCRIPTS).split())


@dataclass(frozen=True)
class Step:
    """One click of the scripted game and what the page must show afterwards.

    ``target`` is a CSS class inside the app (``qttt-square-5``, ``qttt-choose-1``);
    ``status`` a regular expression the status line must match afterwards;
    ``record`` the game record after the click (``None``: unchanged);
    ``board_changes`` whether the squares' text changes (the benchmark waits for it).
    """

    target: str
    status: str
    record: str | None = None
    board_changes: bool = False
    refused: bool = False


# Goff's smallest collapse (two marks on the same two squares), then X builds the
# middle column while O plays elsewhere, and X5 closes a second cycle that O must
# collapse: whichever square O picks, X holds 2, 5 and 8 and wins with 2-5-8.
GAME: tuple[Step, ...] = (
    Step("qttt-square-1", r"^X, move 1: square 1 chosen"),
    Step("qttt-square-2", r"^O, move 2: choose two squares", "1-2", True),
    Step("qttt-square-1", r"^O, move 2: square 1 chosen"),
    Step("qttt-square-2", r"^X: O2 closed a cycle\. Choose where O2 lands", "1-2 1-2", True),
    Step("qttt-choose-1", r"^X, move 3: choose two squares", "1-2 1-2 c1", True),
    # Square 1 now holds O2 as a classical mark: the kit must refuse, visibly.
    Step(
        "qttt-square-1",
        # The rules core words the reason; it must name the square and the mark in it.
        r"^⚠ Not allowed:.*\b1\b.*\bO2\b.*X, move 3: choose two squares$",
        refused=True,
    ),
    Step("qttt-square-5", r"^X, move 3: square 5 chosen"),
    Step("qttt-square-8", r"^O, move 4: choose two squares", "1-2 1-2 c1 5-8", True),
    Step("qttt-square-3", r"^O, move 4: square 3 chosen"),
    Step("qttt-square-6", r"^X, move 5: choose two squares", "1-2 1-2 c1 5-8 3-6", True),
    Step("qttt-square-5", r"^X, move 5: square 5 chosen"),
    Step(
        "qttt-square-8",
        r"^O: X5 closed a cycle\. Choose where X5 lands: square 5 or square 8",
        "1-2 1-2 c1 5-8 3-6 5-8",
        True,
    ),
    Step(
        "qttt-choose-5",
        r"^X wins: line 2-5-8 \(completed by X5\)",
        "1-2 1-2 c1 5-8 3-6 5-8 c5",
        True,
    ),
)
FINAL_RECORD = "1-2 1-2 c1 5-8 3-6 5-8 c5"


def expected_squares(record: str) -> dict[int, tuple[str, list[str]]]:
    """For each square, its classical mark ("" if none) and spooky marks, from the core."""
    from qttt_edu import Game

    game = Game.from_record(record)
    out: dict[int, tuple[str, list[str]]] = {}
    for square in range(1, 10):
        spooky = [mark for mark, squares in game.spooky_marks if square in squares]
        out[square] = (game.classical.get(square, ""), spooky)
    return out


def board_state(app: Any) -> dict[int, tuple[str, str]]:
    """Each square's visible text and tooltip, as the page shows them now."""
    raw = app.evaluate(
        """root => {
            const out = {};
            for (let s = 1; s <= 9; s++) {
                const el = root.querySelector('.qttt-square-' + s);
                out[s] = el ? [el.innerText, el.getAttribute('title') || ''] : null;
            }
            return out;
        }"""
    )
    missing = [s for s, v in raw.items() if v is None]
    if missing:
        raise AssertionError(f"squares {missing} have no element with class qttt-square-N")
    return {int(s): (plain(text), plain(title)) for s, (text, title) in raw.items()}


def check_board(app: Any, record: str, timeout: float = 3.0) -> None:
    """Assert every square shows exactly the marks the rules core says it holds.

    A collapse is drawn mark by mark (about a quarter of a second a step), so the
    board is read again until it agrees or ``timeout`` seconds have passed.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            _check_board_once(app, record)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def _check_board_once(app: Any, record: str) -> None:
    assert app.locator(".qttt-animating").count() == 0, "the collapse is still being drawn"
    board = board_state(app)
    for square, (classical, spooky) in expected_squares(record).items():
        text, title = board[square]
        shown = set(re.findall(r"[XO][1-9]", text))
        expected = {classical} if classical else set(spooky)
        assert shown == expected, (
            f"after {record!r}, square {square} shows {text!r} (title {title!r}); "
            f"the rules say {'classical ' + classical if classical else 'spooky ' + str(spooky)}"
        )
        assert title.startswith(f"Square {square}"), (
            f"square {square}'s tooltip {title!r} should name it for screen readers"
        )


def status_text(app: Any) -> str:
    return plain(app.locator(".qttt-status").inner_text())


def _read_until(locator: Any, deadline: float) -> str | None:
    """The locator's text, waiting for it to be there until ``deadline`` (not one step's
    time: a page reloading on a busy machine may take longer); ``None`` if it never is."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        return plain(locator.inner_text(timeout=max(1.0, (deadline - time.monotonic()) * 1000)))
    except PlaywrightTimeout:
        return None


def wait_for_status(app: Any, pattern: str, timeout: float = STEP_TIMEOUT) -> None:
    """Wait until the status line matches ``pattern``; fail with what it says instead."""
    status = app.locator(".qttt-status")
    deadline = time.monotonic() + timeout / 1000
    text: str | None = ""
    while time.monotonic() < deadline:
        text = _read_until(status, deadline)
        if text is not None and re.search(pattern, text):
            return
        time.sleep(0.02)
    shown = "nothing (no status line)" if text is None else repr(text)
    raise AssertionError(f"status line says {shown}; expected it to match {pattern!r}")


def speak(app: Any, lang: str) -> None:
    """Switch ``app`` to ``lang`` with its own language menu and wait until it has redrawn
    (its explanation's last note, the metaphor, is in the new language)."""
    from qttt_edu.i18n import LANGUAGES, t_in

    app.locator(".qttt-language select").select_option(label=LANGUAGES[lang])
    expected = t_in(lang, "view_explain_metaphor")
    app.locator(".qttt-metaphor", has_text=expected).wait_for(timeout=10_000)


def open_app(page: Any, url: str) -> Any:
    """Load ``url`` (a Voila page of the app) and return the app once it asks for move 1."""
    page.goto(url, timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    wait_for_status(app, r"^X, move 1: choose two squares$")
    return app


def wait_for_log(
    app: Any, ok: Callable[[str], bool], expected: str, timeout: float = STEP_TIMEOUT
) -> None:
    """Wait until the move log satisfies ``ok`` (it is redrawn after the status line)."""
    log = app.locator(".qttt-log")
    deadline = time.monotonic() + timeout / 1000
    text: str | None = ""
    while time.monotonic() < deadline:
        text = _read_until(log, deadline)
        if text is not None and ok(text):
            return
        time.sleep(0.02)
    shown = "nothing (no move log)" if text is None else repr(text)
    raise AssertionError(f"move log shows {shown}; expected {expected}")


def play_game(
    app: Any, on_step: Callable[[Step], None] | None = None, *, pace: bool = False
) -> None:
    """Play ``GAME`` by clicking, checking the status line and the board after each click.

    With ``pace``, wait after each click until the app has stopped redrawing (the
    graph comes last), as a player who watches the board does; without it, click
    again as soon as the status line has answered.
    """
    wait_for_status(app, r"^X, move 1: choose two squares")
    check_board(app, "")
    record = ""
    for step in GAME:
        before = board_state(app)
        app.locator(f".{step.target}").click()
        wait_for_status(app, step.status)
        if step.refused:
            assert board_state(app) == before, f"a refused click on {step.target} changed the board"
        if step.record is not None:
            record = step.record
        check_board(app, record)
        chooser = app.locator(".qttt-choose:visible")
        pending = "closed a cycle" in step.status
        assert (chooser.count() > 0) == pending, (
            f"after {step.target}: {chooser.count()} collapse buttons visible, "
            f"expected {'some' if pending else 'none'}"
        )
        if on_step is not None:
            on_step(step)
        if pace:
            settle(app, quiet_ms=300)


def check_final(app: Any) -> None:
    """The outcome: X's line 2-5-8, the record in the move log, and no more moves."""
    assert re.search(r"^X wins: line 2-5-8 \(completed by X5\)$", status_text(app))
    wait_for_log(app, lambda log: FINAL_RECORD in log, f"the record {FINAL_RECORD!r}")
    before = board_state(app)
    app.locator(".qttt-square-9").click()
    wait_for_status(app, r"^⚠ Not allowed:.*the game is over.*X wins: line 2-5-8")
    assert board_state(app) == before, "a click after the end changed the board"


def check_undo_and_new_game(app: Any) -> None:
    """From the end of ``GAME``: Undo takes back the collapse, New game empties every square."""
    app.locator(".qttt-undo").click()
    wait_for_status(app, r"^O: X5 closed a cycle\. Choose where X5 lands: square 5 or square 8")
    check_board(app, "1-2 1-2 c1 5-8 3-6 5-8")
    assert app.locator(".qttt-choose:visible").count() == 2, "the collapse choice should be back"
    app.locator(".qttt-new").click()
    wait_for_status(app, r"^X, move 1: choose two squares$")
    wait_for_log(app, lambda log: "1-2" not in log, "no moves after New game")
    check_board(app, "")


def settle(app: Any, quiet_ms: int = 700, timeout: float = STEP_TIMEOUT) -> None:
    """Wait until nothing in the app has changed for ``quiet_ms`` (the side panels redraw last)."""
    app.evaluate(
        """(root, [quiet, timeout]) => new Promise((resolve, reject) => {
            let timer = setTimeout(done, quiet);
            const give_up = setTimeout(() => { observer.disconnect(); reject('never settled'); },
                                       timeout);
            const observer = new MutationObserver(() => {
                clearTimeout(timer); timer = setTimeout(done, quiet);
            });
            function done() { observer.disconnect(); clearTimeout(give_up); resolve(); }
            observer.observe(root, {subtree: true, childList: true, characterData: true,
                                    attributes: true});
        })""",
        [quiet_ms, timeout],
    )


def screenshot(page: Any, name: str, app: Any = None) -> Path:
    """Save a screenshot of the viewport to ``test-artifacts/`` and return its path.

    With ``app``, first wait for it to settle and scroll its top (title and status
    line) into view, so the picture shows what a class sees.
    """
    if app is not None:
        settle(app)
        app.evaluate("root => root.scrollIntoView({block: 'start'})")
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


# --- the static site's start-up snapshot (qttt_edu/site/templates/pyodide-loader.js) ---

_SITE_STORE = """() => new Promise((resolve) => {
  const opening = indexedDB.open("qttt-edu-site", 1);
  opening.onupgradeneeded = () => opening.result.createObjectStore("pyodide");
  opening.onerror = () => resolve(null);
  opening.onsuccess = () => {
    const db = opening.result;
    const tx = db.transaction("pyodide");
    const keys = tx.objectStore("pyodide").getAllKeys();
    const values = tx.objectStore("pyodide").getAll();
    tx.oncomplete = () => {
      const found = {};
      keys.result.forEach((name, i) => {
        const value = values.result[i];
        found[name] = value && value.bytes ? { key: value.key, size: value.bytes.size } : value;
      });
      db.close();
      resolve(found);
    };
  };
})"""


def site_store(page: Any) -> dict[str, Any]:
    """What the site's Pyodide loader keeps in this browser (``snapshot``: key and size)."""
    found = page.evaluate(_SITE_STORE)
    return dict(found or {})


def wait_for_snapshot(page: Any, timeout: float = 90.0) -> dict[str, Any]:
    """Wait until the loader's background worker has stored its start-up snapshot."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        stored = site_store(page)
        if "snapshot" in stored:
            return stored
        page.wait_for_timeout(250)
    raise AssertionError(f"no start-up snapshot after {timeout:.0f} s: {site_store(page)}")


def forget_snapshot(page: Any) -> None:
    """Delete what the loader keeps, as clearing the site's data in the browser would."""
    page.evaluate(
        """() => new Promise((resolve) => {
          const deleting = indexedDB.deleteDatabase("qttt-edu-site");
          deleting.onsuccess = deleting.onerror = deleting.onblocked = () => resolve();
        })"""
    )


def static_server(folder: Path, log_path: Path, ready_path: str = "index.html") -> Server:
    """A plain static file server (Python's ``http.server``) over ``folder``, not started:
    a web host as a school has one, with no rooms service beside it."""
    port = free_port()
    return Server(
        name="http.server",
        argv=[sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        base_url=f"http://127.0.0.1:{port}/",
        ready_path=ready_path,
        cwd=folder,
        env={"PATH": "/usr/bin:/bin"},
        log_path=log_path,
    )


def click_token(app: Any, token: str) -> None:
    """Play one record token in the app by clicking squares or a choice button."""
    if token.startswith("c"):
        app.locator(f".qttt-choose-{token[1:]}").click()
        return
    for square in token.split("-"):
        app.locator(f".qttt-square-{square}").click()
