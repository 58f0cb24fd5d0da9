"""The static site (``python -m qttt_edu.site build``) in a real browser: start-up, clicks, size.

Builds the site from this checkout into ``benchmarks/out/site`` (downloads cached in
``.site-cache/``), serves it with ``python -m http.server`` and, for each run, opens
the app in a fresh, offline Chromium context (cold browser cache):

* **first load**: navigation start to the board on screen and playable (the loading
  screen's ``interactiveMs``: Pyodide started, every wheel loaded, the app drawn);
* **warm reload**: the same page reloaded in the same context (the browser cache warm),
  once the site's loader has stored its start-up snapshot in the browser (a background
  worker makes it a few seconds after a first visit); and **warm reload, no snapshot**:
  reloaded again after the snapshot was deleted, with only the browser's HTTP cache;
* **click to updated board**: every click of the scripted game of
  ``tests/browser/browser_harness.py``, measured in the page as ``bench_browser.py`` does;
* **size**: the site on disk (and its compressed copies apart), and the bytes the first
  load fetched;
* **memory**: once the first game is played, the proportional set size (PSS, from
  ``/proc``) of the renderer process that holds the page (the page, the kernel's worker
  and Pyodide all live in it) and of the whole browser, beside the page's JavaScript heap
  (which leaves the kernel's worker out);
* **computer's reply**: against each of the kit's computer players, the time from X's
  move to the board with O's answer, less the app's deliberate pause
  (``COMPUTER_DELAY``, 0.6 s): the players' own thinking under Pyodide, the perfect
  one's book and search included (X plays the first legal action each time, up to four
  moves a game);
* **phases**: how long each step of the loading screen took (page to kernel worker, Pyodide
  and kernel start, notebook run to board), to show where the start-up time goes.

The start-up snapshot is made once the page has been idle for ``IDLE`` seconds (the
site's default is 30; the benchmark uses 5 so that a run does not wait): the first game's
clicks are measured without it, as a student meets them.

Every figure depends on the machine: the script prints the conditions (cores, load
average before and after, the CPU cap) with the figures. ``--cpu-quota 0.5`` runs all of
Chromium (browser, renderers, workers) in a CPU cgroup capped at half a core, which
stands for an old school laptop better than Chromium's own ``setCPUThrottlingRate`` (it
slows the page's thread only, not the kernel's worker where Python runs). It needs root
and a writable cgroup ``cpu`` controller (v1 or v2).

Run from the repository root (needs /usr/bin/chromium, npm and the ``site`` extra)::

    python benchmarks/bench_site.py             # 5 runs
    python benchmarks/bench_site.py --runs 3 --no-build
    python benchmarks/bench_site.py --runs 3 --no-build --cpu-quota 0.5
    python benchmarks/bench_site.py --no-build --lesson   # what the lesson fetches

``--lesson`` opens the start-here lesson in JupyterLite instead, runs all its cells,
opens every menu, restarts the kernel and saves, and reports how much of each part of
the site that session fetched (and writes the URLs to ``benchmarks/out/lesson-requests.txt``):
the share of JupyterLite's ``build/`` folder a student's session really uses.

Targets: first load at most 10 s, warm reload at most 3 s, site at most 40 MB, median
click to updated board at most 50 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_browser import play_timed  # noqa: E402
from browser_harness import (  # noqa: E402
    OfflineGuard,
    Server,
    browser_skip_reason,
    forget_snapshot,
    launch_chromium,
    new_page,
    restart_kernel,
    run_all_cells,
    running,
    static_server,
    wait_for_snapshot,
    wait_for_status,
)

from qttt_edu.core import Game  # noqa: E402
from qttt_edu.i18n import t_in  # noqa: E402
from qttt_edu.widgets.app import COMPUTER_DELAY  # noqa: E402

OUT = ROOT / "benchmarks" / "out" / "site"
IDLE = 5  # seconds without input before the page lets the snapshot be made
APP_PAGE = f"voici/render/app.html?lang=en&idle={IDLE}"
OPPONENTS = ("random", "heuristic", "perfect")
TIMEOUT = 180_000


PHASES = (
    ("page", "python", "page to kernel worker"),
    ("python", "game", "Pyodide, wheels and kernel start"),
    ("game", "done", "notebook run to board"),
)


def wait_interactive(page: Any, phases: dict[str, list[float]] | None = None) -> float:
    """Seconds from navigation start until the loading screen saw the board on screen.

    ``phases`` collects the seconds each step of the loading screen took (its marks).
    """
    page.wait_for_function(
        "() => window.qtttSite && (window.qtttSite.done || window.qtttSite.failed)",
        timeout=TIMEOUT,
        polling=50,
    )
    state = page.evaluate(
        "() => ({ms: qtttSite.interactiveMs, failed: qtttSite.failed, marks: qtttSite.marks})"
    )
    if state["failed"]:
        raise RuntimeError(page.locator("#qttt-error-details").text_content())
    if phases is not None:
        marks = {**state["marks"], "done": state["ms"]}
        for start, end, label in PHASES:
            if start in marks and end in marks:
                phases.setdefault(label, []).append((marks[end] - marks[start]) / 1000)
    return float(state["ms"]) / 1000


PAUSE = COMPUTER_DELAY  # s: the app's pause before the computer answers


def computer_replies(app: Any, opponent: str, games: int = 2, moves: int = 4) -> list[float]:
    """Seconds from X's move to O's answer on the board, less the app's pause."""
    app.locator(".qttt-opponent select").select_option(
        label=t_in("en", f"widget_opponent_{opponent}")
    )
    times = []
    for _ in range(games):
        app.locator(".qttt-new").click()
        wait_for_status(app, r"^X, move 1: choose two squares$")
        for _ in range(moves):
            game = x_to_act(app)
            if game.is_over:
                break
            action = str(game.legal_actions()[0])
            if action.startswith("c"):  # X chooses where O's mark lands, then moves
                app.locator(f".qttt-choose-{action[1:]}").click()
                x_to_act(app, after=game.ply)
                continue
            squares = action.split("-")
            for square in squares[:-1]:
                app.locator(f".qttt-square-{square}").click()
            started = time.perf_counter()
            app.locator(f".qttt-square-{squares[-1]}").click()
            if not x_to_act(app, after=game.ply + 1).is_over:
                times.append(time.perf_counter() - started - PAUSE)
    return times


def x_to_act(app: Any, after: int | None = None) -> Any:
    """The game in the app's log (once it has more than ``after`` actions and X is to act,
    or the game is over)."""
    log = app.locator(".qttt-log")
    deadline = time.monotonic() + TIMEOUT / 1000  # a busy machine is slow, not wrong
    while time.monotonic() < deadline:
        game = Game.from_record(log.inner_text().strip())
        if after is None or (game.ply > after and (game.is_over or game.to_act == "X")):
            return game
        app.page.wait_for_timeout(10)
    raise RuntimeError(f"O did not answer: the log stayed at {log.inner_text()!r}")


def fmt(values: list[float], unit: str = "s") -> str:
    return (
        f"median {statistics.median(values):.2f} {unit} ({', '.join(f'{v:.2f}' for v in values)})"
    )


LESSON_PAGE = "notebooks/index.html?path=00_start_here.ipynb"
LESSON_MENUS = ("File", "Edit", "View", "Run", "Kernel", "Settings", "Help")


def lesson_session(page: Any, url: str) -> None:
    """What a student does in the lesson: run it all, look through the menus, restart, save."""
    page.goto(url, timeout=TIMEOUT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for(timeout=TIMEOUT)
    run_all_cells(page)
    page.locator(".qttt-app").wait_for(timeout=TIMEOUT)
    page.locator(".jp-Notebook-ExecutionIndicator[data-status='busy']").wait_for(
        state="detached", timeout=TIMEOUT
    )
    for menu in LESSON_MENUS:
        page.get_by_role("menuitem", name=menu, exact=True).click()
        page.wait_for_timeout(300)
        page.keyboard.press("Escape")
    restart_kernel(page, TIMEOUT)
    page.locator(".jp-Notebook").click()
    page.keyboard.press("Control+s")
    page.wait_for_timeout(2000)


def lesson_requests(server: Server) -> int:
    """Open the lesson as a student would and report what it fetched from each folder."""
    from playwright.sync_api import sync_playwright

    base = server.url("")
    seen: dict[str, int] = {}
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        guard = OfflineGuard()
        page = new_page(browser, guard)

        def count(request: Any) -> None:
            with contextlib.suppress(Exception):
                path = request.url.split("?")[0].removeprefix(base)
                seen[path] = request.sizes()["responseBodySize"]

        page.context.on("requestfinished", count)
        lesson_session(page, server.url(LESSON_PAGE))
        browser.close()
    if guard.blocked:
        raise RuntimeError(f"requests off the machine: {guard.blocked}")
    (OUT.parent / "lesson-requests.txt").write_text("\n".join(sorted(seen)) + "\n", "utf-8")
    print(f"lesson session: {len(seen)} files, {sum(seen.values()) / 1e6:.1f} MB fetched")
    for folder in ("build", "extensions", "static/pyodide", "voici"):
        on_disk = [p for p in (OUT / folder).rglob("*") if p.is_file()]
        used = [p for p in on_disk if p.relative_to(OUT).as_posix() in seen]
        print(
            f"  {folder}/: {len(used)} of {len(on_disk)} files fetched, "
            f"{sum(p.stat().st_size for p in used) / 1e6:.1f} of "
            f"{sum(p.stat().st_size for p in on_disk) / 1e6:.1f} MB"
        )
    return 0


# --- process memory and a CPU cap for all of Chromium ----------------------------------


def _children(pid: int) -> list[int]:
    try:
        tasks = Path(f"/proc/{pid}/task").iterdir()
        found = []
        for task in tasks:
            text = (task / "children").read_text()
            found += [int(child) for child in text.split()]
        return found
    except OSError:
        return []


def chromium_processes() -> list[int]:
    """Every Chromium process this benchmark started (descendants of this process)."""
    found, todo = [], [os.getpid()]
    while todo:
        pid = todo.pop()
        for child in _children(pid):
            todo.append(child)
            with contextlib.suppress(OSError):
                if "chromium" in Path(f"/proc/{child}/cmdline").read_bytes().decode(
                    errors="replace"
                ):
                    found.append(child)
    return found


def pss_mb(pid: int) -> float:
    """A process's proportional set size in MB (``/proc/<pid>/smaps_rollup``)."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def memory_now(page: Any) -> dict[str, float]:
    """PSS of the renderer processes (the largest holds the page) and of all of Chromium,
    and the page's JavaScript heap."""
    pids = chromium_processes()
    renderers = [p for p in pids if b"--type=renderer" in Path(f"/proc/{p}/cmdline").read_bytes()]
    heap = page.evaluate("() => performance.memory ? performance.memory.usedJSHeapSize : 0")
    return {
        "renderer": max((pss_mb(p) for p in renderers), default=0.0),
        "browser": sum(pss_mb(p) for p in pids),
        "heap": heap / 1e6,
    }


class CpuCap:
    """A CPU cgroup capped at ``cores`` cores, into which Chromium's processes are moved
    (renderers forked later follow their parent)."""

    def __init__(self, cores: float) -> None:
        self.cores = cores
        v1 = Path("/sys/fs/cgroup/cpu")
        v2 = Path("/sys/fs/cgroup")
        name = f"qttt-bench-site-{os.getpid()}"
        if (v1 / "cpu.cfs_quota_us").exists():
            self.path = v1 / name
            self.path.mkdir()
            (self.path / "cpu.cfs_period_us").write_text("100000")
            (self.path / "cpu.cfs_quota_us").write_text(str(int(cores * 100000)))
        elif (v2 / "cgroup.controllers").exists():
            self.path = v2 / name
            self.path.mkdir()
            (self.path / "cpu.max").write_text(f"{int(cores * 100000)} 100000")
        else:
            raise RuntimeError("no writable cgroup cpu controller: run without --cpu-quota")

    def take(self) -> int:
        """Move every Chromium process started so far into the cap; how many."""
        moved = 0
        for pid in chromium_processes():
            with contextlib.suppress(OSError):
                (self.path / "cgroup.procs").write_text(str(pid))
                moved += 1
        return moved

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.path.rmdir()


def conditions(cap: float | None) -> str:
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    capped = f"all of Chromium capped at {cap:g} core(s) (cgroup)" if cap else "no CPU cap"
    return f"{os.cpu_count()} cores, load average {load}, {capped}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--no-build", action="store_true", help="reuse benchmarks/out/site")
    parser.add_argument(
        "--lesson", action="store_true", help="record what a lesson session fetches instead"
    )
    parser.add_argument(
        "--cpu-quota",
        type=float,
        default=None,
        metavar="CORES",
        help="cap all of Chromium at this many cores (a cgroup; needs root), e.g. 0.5",
    )
    args = parser.parse_args()
    reason = browser_skip_reason()
    if reason:
        print(reason)
        return 1
    if not args.no_build or not OUT.exists():
        from qttt_edu.site import build_site

        t0 = time.perf_counter()
        build_site(OUT, cache=ROOT / ".site-cache", log=lambda line: None)
        print(f"build: {time.perf_counter() - t0:.1f} s (downloads cached)")
    from qttt_edu.site.build import site_size

    size, copies = site_size(OUT)
    print(f"site size: {size / 1e6:.1f} MB, and {copies / 1e6:.1f} MB of compressed copies")
    print(f"conditions at start: {conditions(args.cpu_quota)}")

    from playwright.sync_api import sync_playwright

    server = static_server(OUT, OUT.parent / "site-http.log")
    if args.lesson:
        with running(server):
            return lesson_requests(server)
    first, warm, plain, clicks, fetched, stored = [], [], [], [], [], []
    memory: dict[str, list[float]] = {}
    first_phases: dict[str, list[float]] = {}
    warm_phases: dict[str, list[float]] = {}
    plain_phases: dict[str, list[float]] = {}
    replies: dict[str, list[float]] = {}
    cap = CpuCap(args.cpu_quota) if args.cpu_quota else None
    with running(server), sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        if cap is not None:
            print(f"moved {cap.take()} Chromium processes under the cap")
        for run in range(args.runs):
            guard = OfflineGuard()
            page = new_page(browser, guard)
            sizes: list[int] = []

            def count(request: Any, sizes: list[int] = sizes) -> None:
                # A request may finish after its page closed: the load is over anyway.
                with contextlib.suppress(Exception):
                    sizes.append(request.sizes()["responseBodySize"])

            page.context.on("requestfinished", count)
            page.goto(server.url(APP_PAGE), timeout=TIMEOUT)
            first.append(wait_interactive(page, first_phases))
            fetched.append(sum(sizes) / 1e6)
            app = page.locator(".qttt-app")
            clicks.append(play_timed(app))
            for name, value in memory_now(page).items():
                memory.setdefault(name, []).append(value)
            stored.append(wait_for_snapshot(page)["snapshot"]["size"] / 1e6)
            page.reload(timeout=TIMEOUT)
            warm.append(wait_interactive(page, warm_phases))
            forget_snapshot(page)
            page.reload(timeout=TIMEOUT)
            plain.append(wait_interactive(page, plain_phases))
            app = page.locator(".qttt-app")
            for opponent in OPPONENTS:
                replies.setdefault(opponent, []).extend(computer_replies(app, opponent))
            if guard.blocked:
                raise RuntimeError(f"requests off the machine: {guard.blocked}")
            page.context.close()
            print(
                f"run {run + 1}: first load {first[-1]:.2f} s, warm reload {warm[-1]:.2f} s "
                f"(no snapshot {plain[-1]:.2f} s), click median "
                f"{statistics.median(clicks[-1]):.1f} ms"
            )
        browser.close()
    if cap is not None:
        cap.close()
    print(f"conditions at end: {conditions(args.cpu_quota)}")
    print(f"first load to interactive board: {fmt(first)}")
    print(f"warm reload to interactive board: {fmt(warm)}")
    print(f"warm reload, no snapshot: {fmt(plain)}")
    for name, phases in (
        ("first load", first_phases),
        ("warm reload", warm_phases),
        ("warm reload, no snapshot", plain_phases),
    ):
        for label, values in phases.items():
            print(f"  {name}, {label}: {fmt(values)}")
    run_medians = [statistics.median(r) for r in clicks]
    every = sorted(t for r in clicks for t in r)
    print(
        f"click to updated board: median {statistics.median(run_medians):.1f} ms over "
        f"{len(clicks)} runs (p90 {every[int(0.9 * (len(every) - 1))]:.1f} ms, "
        f"max {every[-1]:.1f} ms)"
    )
    print(f"fetched on first load: {fmt(fetched, 'MB')}; site on disk {size / 1e6:.1f} MB")
    print(f"start-up snapshot kept in the browser: {fmt(stored, 'MB')}")
    print(
        f"memory after the first game (PSS): the page's renderer process "
        f"{fmt(memory['renderer'], 'MB')}; all of Chromium {fmt(memory['browser'], 'MB')}; "
        f"the page's JS heap alone {fmt(memory['heap'], 'MB')}"
    )
    for opponent, values in replies.items():
        print(
            f"computer's reply ({opponent}, less the {PAUSE:g} s pause): median "
            f"{statistics.median(values) * 1000:.0f} ms, max {max(values) * 1000:.0f} ms "
            f"over {len(values)} replies"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
