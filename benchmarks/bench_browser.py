"""Click-to-board latency of the app in a real browser (Voilà and JupyterLab).

For every click of the scripted game in ``tests/browser/browser_harness.py`` (a
whole game: pairs, two collapses, a refused click, the win), the page itself
measures with ``performance.now()`` the time from the click to the moment the
status line has changed and, for clicks that place or settle marks, the squares
show the new marks, plus one animation frame (so the update has been laid out
for painting). Each click starts from an idle app (the previous click's side
panels drawn). Each run plays one whole game; the script prints the median of
each run and the median over runs. Voilà runs also time a cold start: page
load to a playable app (a new kernel each time, as for each student on Binder).

Run from the repository root (needs /usr/bin/chromium)::

    python benchmarks/bench_browser.py            # 5 runs in Voilà and in JupyterLab
    python benchmarks/bench_browser.py --runs 3 --only voila
    python benchmarks/bench_browser.py --back-to-back   # fast clicking, no pause

Targets: median click-to-board at most 50 ms in Voilà and 80 ms in JupyterLab, the graph
redrawn within 50 ms, a preheated Voilà app playable within 3 s of opening the page.
Also printed: the resident memory of the Voilà server's kernels once the runs are done.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

# The harness lives with the browser tests.
from browser_harness import (
    APP,
    APP_TIMEOUT,
    GAME,
    START_HERE,
    OfflineGuard,
    browser_skip_reason,
    copy_notebooks,
    lab_server,
    launch_chromium,
    new_page,
    open_in_lab,
    run_all_cells,
    running,
    settle,
    voila_server,
    wait_for_status,
    wait_until_idle,
)

# Click `target` inside the app root and resolve with the milliseconds until the
# status line (and, if asked, the board text) differs from before, plus one frame.
_TIMED_CLICK = """
(root, [target, boardChanges]) => new Promise((resolve) => {
    // textContent, re-queried each time: no layout needed, and a re-rendered node is seen.
    const status = () => root.querySelector('.qttt-status').textContent;
    const board = () => Array.from({length: 9}, (_, i) =>
        root.querySelector('.qttt-square-' + (i + 1)).textContent).join('|');
    const graph = () => root.querySelector('.qttt-graph').innerHTML;
    const status0 = status(), board0 = board(), graph0 = graph();
    let done = false, graphMs = null;
    const finish = (value) => {
        if (!done) { done = true; observer.disconnect(); resolve([value, graphMs]); }
    };
    const check = () => {
        if (graphMs === null && graph() !== graph0) graphMs = performance.now() - t0;
        if (status() !== status0 && (!boardChanges || board() !== board0)) {
            observer.disconnect();
            requestAnimationFrame(() => finish(performance.now() - t0));
        }
    };
    const observer = new MutationObserver(check);
    observer.observe(root, {subtree: true, childList: true, characterData: true, attributes: true});
    // On a timeout, say what the page showed before and after.
    setTimeout(() => finish({before: [status0, board0], after: [status(), board()]}), 15000);
    const t0 = performance.now();
    root.querySelector('.' + target).click();
})
"""


#: every click's time until the graph's SVG changed (clicks that place or settle marks)
GRAPH_TIMES: list[float] = []


def play_timed(app: Any, back_to_back: bool = False) -> list[float]:
    """Play the scripted game once; return each click's latency in ms."""
    wait_for_status(app, r"^X, move 1: choose two squares")
    times = []
    for step in GAME:
        ms, graph_ms = app.evaluate(_TIMED_CLICK, [step.target, step.board_changes])
        if graph_ms is not None and step.board_changes:
            GRAPH_TIMES.append(graph_ms)
        if not isinstance(ms, (int, float)):
            raise RuntimeError(f"no update within 15 s after clicking {step.target}: {ms!r}")
        # Not timed: the page must say what the tests expect, or the figures mean nothing;
        # then let the side panels finish, so each click starts from an idle app.
        wait_for_status(app, step.status)
        if not back_to_back:
            settle(app, quiet_ms=300)
        times.append(ms)
    return times


def report(name: str, runs: list[list[float]], extra: str = "") -> float:
    medians = [statistics.median(r) for r in runs]
    every = sorted(t for r in runs for t in r)
    p90 = every[int(0.9 * (len(every) - 1))]
    print(
        f"{name}: click-to-board median {statistics.median(medians):.1f} ms over {len(runs)} runs "
        f"of {len(runs[0])} clicks (run medians {', '.join(f'{m:.1f}' for m in medians)}; "
        f"all clicks p90 {p90:.1f} ms, max {every[-1]:.1f} ms){extra}"
    )
    return statistics.median(medians)


def kernel_memory_mb(server: Any) -> list[float]:
    """Resident memory of each kernel the server started (its child processes), in MB."""
    out = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmdline = (proc / "cmdline").read_bytes().replace(b"\0", b" ")
            status = (proc / "status").read_text()
            parent = int(next(ln for ln in status.splitlines() if ln.startswith("PPid")).split()[1])
        except (OSError, ValueError, StopIteration):
            continue
        if b"ipykernel" in cmdline and parent == server.process.pid:
            rss = next(line for line in status.splitlines() if line.startswith("VmRSS"))
            out.append(int(rss.split()[1]) / 1024)
    return out


def graph_report(name: str) -> None:
    if GRAPH_TIMES:
        ms = sorted(GRAPH_TIMES)
        print(
            f"{name}: click to redrawn graph median {statistics.median(ms):.1f} ms "
            f"(p90 {ms[int(0.9 * (len(ms) - 1))]:.1f}, n={len(ms)})"
        )
    GRAPH_TIMES.clear()


def bench_voila(browser: Any, server: Any, runs: int, back_to_back: bool) -> None:
    clicks, starts = [], []
    # voila.json preheats a pool of app kernels: give the pool time to fill, as a
    # server that has been up for a while has, and again after each page takes one.
    time.sleep(12)
    for _ in range(runs):
        time.sleep(10)
        page = new_page(browser, OfflineGuard())
        t0 = time.perf_counter()
        page.goto(server.url(f"voila/render/{APP}"), timeout=APP_TIMEOUT)
        app = page.locator(".qttt-app")
        wait_for_status(app, r"^X, move 1: choose two squares", timeout=APP_TIMEOUT)
        starts.append(time.perf_counter() - t0)
        clicks.append(play_timed(app, back_to_back))
        page.context.close()
    start = f"; page load to playable app median {statistics.median(starts):.2f} s " + (
        f"({', '.join(f'{s:.2f}' for s in starts)})"
    )
    report("Voila", clicks, start)
    graph_report("Voila")
    memory = kernel_memory_mb(server)
    if memory:
        print(
            f"Voila: {len(memory)} kernels (pool and pages), resident memory median "
            f"{statistics.median(memory):.0f} MB ({', '.join(f'{m:.0f}' for m in memory)})"
        )


def bench_lab(browser: Any, server: Any, runs: int, back_to_back: bool) -> None:
    page = new_page(browser, OfflineGuard())
    clicks = []
    for _ in range(runs):
        # Each run reopens the notebook and runs it again: a fresh app, as a student gets.
        open_in_lab(page, server, START_HERE)
        run_all_cells(page)
        app = page.locator(".jp-CodeCell", has_text="app = play()").locator(".qttt-app")
        app.wait_for(timeout=APP_TIMEOUT)
        wait_until_idle(page)
        app.scroll_into_view_if_needed()
        clicks.append(play_timed(app, back_to_back))
    page.context.close()
    report("JupyterLab", clicks)
    graph_report("JupyterLab")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="games per front end (default 5)")
    parser.add_argument("--only", choices=["voila", "lab"], help="benchmark one front end")
    parser.add_argument(
        "--back-to-back",
        action="store_true",
        help="click again as soon as the status line answers, while the side panels may "
        "still be drawing (latency then includes waiting for the previous click)",
    )
    args = parser.parse_args()
    reason = browser_skip_reason()
    if reason:
        print(reason)
        return 1
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        root = copy_notebooks(Path(tmp) / "served")
        work = Path(tmp) / "jupyter"
        work.mkdir()
        with sync_playwright() as playwright:
            browser = launch_chromium(playwright)
            if args.only in (None, "voila"):
                with running(voila_server(root, work)) as server:
                    bench_voila(browser, server, args.runs, args.back_to_back)
            if args.only in (None, "lab"):
                with running(lab_server(root, work)) as server:
                    bench_lab(browser, server, args.runs, args.back_to_back)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
