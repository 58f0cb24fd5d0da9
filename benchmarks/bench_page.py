"""What one student's page costs the student's browser: the app of ``qttt-edu classroom``.

Issue 23's load test showed the page, not the kernel, decides how fast thirty pages come
up: the kernels took 1.2 s of CPU a student, Chromium 7.4 s a page. This script opens the
students' address of the real classroom command (kernel mode, Voilà) in Chromium, one page
at a time on an otherwise idle browser, and prints the medians of:

* **to playable**: seconds from opening the address until the status line says
  "X, move 1: choose two squares" (the kernel answered and the widget is drawn);
* **CPU**: seconds of CPU every Chromium process used from opening to playable, plus
  ``--settle`` seconds after it (what the app page costs once it is up);
* **script, task, layout, style**: the page's own main-thread times (CDP
  ``Performance.getMetrics``: ScriptDuration, TaskDuration, LayoutDuration,
  RecalcStyleDuration);
* **requests and bytes**: the requests the page made and the bytes that crossed the
  network for them (CDP ``Network.loadingFinished``: headers and body as sent, so a
  compressed response counts compressed; a file from the browser's cache counts 0).

Each sample is taken **cold** (a new browser context: empty cache, as a student's first
visit) and **warm** (a second page in the same context: the cache filled by the first).
Then the **loading page** alone, the kit's ``qttt`` template as a student sees it while the
kernel starts (during a class's first minute: up to a minute or more), is left open for
``--idle`` seconds and its CPU per second is printed: thirty pages wait at once.

    python benchmarks/bench_page.py                 # 5 cold and 5 warm samples
    python benchmarks/bench_page.py --samples 3 --top 15   # and the 15 largest downloads

To compare with another checkout, run its code and its template::

    PYTHONPATH=$OTHER python benchmarks/bench_page.py \\
        --template $OTHER/share/jupyter/voila/templates/qttt

The load average is printed with every figure: other work on the machine shows in them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "browser"))

from bench_classroom import READY, ROOT, TOKEN, browser_cpu_seconds, load, stop, wait_for_http
from browser_harness import CHROMIUM, CHROMIUM_ARGS, free_port

TIMEOUT = 120.0  # seconds a page may take to become playable
METRICS = ("ScriptDuration", "TaskDuration", "LayoutDuration", "RecalcStyleDuration")


@dataclass
class Sample:
    """One page load: the figures the script prints medians of."""

    playable: float
    cpu: float
    metrics: dict[str, float]
    requests: int
    sent: int
    files: list[tuple[int, str]] = field(default_factory=list)


async def wait_playable(page: Any, started: float) -> float:
    """Seconds from ``started`` until the app's status line says the game can start."""
    await page.wait_for_function(
        "(pattern) => { const s = document.querySelector('.qttt-app .qttt-status');"
        " return !!s && new RegExp(pattern).test(s.textContent.trim()); }",
        arg=READY.pattern,
        polling=100,
        timeout=TIMEOUT * 1000,
    )
    return time.perf_counter() - started


class Network:
    """The requests of one page and the bytes each took on the wire (CDP events)."""

    def __init__(self, cdp: Any) -> None:
        self.urls: dict[str, str] = {}
        self.sent: dict[str, int] = {}
        cdp.on("Network.requestWillBeSent", self._request)
        cdp.on("Network.loadingFinished", self._finished)

    def _request(self, event: dict[str, Any]) -> None:
        self.urls[event["requestId"]] = event["request"]["url"]

    def _finished(self, event: dict[str, Any]) -> None:
        self.sent[event["requestId"]] = int(event.get("encodedDataLength", 0))

    def files(self) -> list[tuple[int, str]]:
        return sorted(
            ((self.sent.get(key, 0), url.split("?")[0]) for key, url in self.urls.items()),
            reverse=True,
        )


async def one_page(context: Any, url: str, settle: float) -> Sample:
    page = await context.new_page()
    cdp = await context.new_cdp_session(page)
    await cdp.send("Performance.enable")
    await cdp.send("Network.enable")
    network = Network(cdp)
    cpu0 = browser_cpu_seconds()
    started = time.perf_counter()
    await page.goto(url, wait_until="commit", timeout=TIMEOUT * 1000)
    playable = await wait_playable(page, started)
    await asyncio.sleep(settle)
    cpu = browser_cpu_seconds() - cpu0
    values = {m["name"]: m["value"] for m in (await cdp.send("Performance.getMetrics"))["metrics"]}
    await cdp.detach()
    files = network.files()
    await page.close()
    return Sample(
        playable=playable,
        cpu=cpu,
        metrics={name: values.get(name, 0.0) for name in METRICS},
        requests=len(files),
        sent=sum(size for size, _ in files),
        files=files,
    )


def median_line(name: str, samples: list[Sample]) -> str:
    def med(values: list[float]) -> float:
        return statistics.median(values)

    ms = {key: med([s.metrics[key] for s in samples]) * 1000 for key in METRICS}
    return (
        f"{name} (n={len(samples)}): playable {med([s.playable for s in samples]):.2f} s; "
        f"Chromium CPU {med([s.cpu for s in samples]):.2f} s; "
        f"script {ms['ScriptDuration']:.0f} ms, "
        f"task {ms['TaskDuration']:.0f} ms, layout {ms['LayoutDuration']:.0f} ms, "
        f"style {ms['RecalcStyleDuration']:.0f} ms; {med([s.requests for s in samples]):.0f} "
        f"requests, {med([s.sent for s in samples]) / 1e6:.2f} MB ({load()})"
    )


async def page_runs(url: str, samples: int, settle: float, top: int) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        cold: list[Sample] = []
        warm: list[Sample] = []
        for _ in range(samples):
            context = await browser.new_context(viewport={"width": 1366, "height": 768})
            cold.append(await one_page(context, url, settle))
            warm.append(await one_page(context, url, settle))
            await context.close()
            await asyncio.sleep(2)  # the closed pages' kernels are ended
        print(median_line("cold", cold), flush=True)
        print(median_line("warm", warm), flush=True)
        for label, sample in (("cold", cold[-1]), ("warm", warm[-1])):
            for size, name in sample.files[:top]:
                print(f"  {label} {size:>9} B  {name}")
        await browser.close()


TEMPLATE = ROOT / "share" / "jupyter" / "voila" / "templates" / "qttt"


def loading_html(folder: Path = TEMPLATE) -> str:
    """The kit's loading page as Voilà puts it into the app's page (its macros)."""
    import jinja2

    spinner = jinja2.Environment(loader=jinja2.FileSystemLoader(folder))
    macros: Any = spinner.get_template("spinner.macro.html.j2").module
    return f"<!DOCTYPE html><html><head>{macros.css()}</head><body>{macros.html()}</body></html>"


async def loading_run(seconds: float, pages: int, folder: Path = TEMPLATE) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        for motion in ("no-preference", "reduce"):
            contexts = []
            for _ in range(pages):
                context = await browser.new_context(
                    viewport={"width": 1366, "height": 768}, reduced_motion=motion
                )
                await (await context.new_page()).set_content(loading_html(folder))
                contexts.append(context)
            await asyncio.sleep(1)
            cpu0 = browser_cpu_seconds()
            await asyncio.sleep(seconds)
            share = (browser_cpu_seconds() - cpu0) / seconds / pages
            print(
                f"loading page, {pages} open, motion {motion}: {share * 100:.1f} % of a core "
                f"per waiting page ({load()})",
                flush=True,
            )
            for context in contexts:
                await context.close()
        await browser.close()


def classroom(work: Path) -> tuple[subprocess.Popen[bytes], int]:
    port, teacher = free_port(), free_port()
    env = {**os.environ, "TMPDIR": str(work), "QTTT_LANG": "en"}
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--file", str(work / "g.sqlite3")]
    command += ["--port", str(port), "--teacher-port", str(teacher), "--host", "127.0.0.1"]
    command += ["--token", TOKEN, "--kernels-per-address", "0"]  # every page is 127.0.0.1
    log = (work / "classroom.log").open("w")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    return process, port


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--samples", type=int, default=5, help="cold and warm page loads")
    parser.add_argument("--settle", type=float, default=3.0, help="seconds counted after")
    parser.add_argument("--idle", type=float, default=15.0, help="seconds on the loading page")
    parser.add_argument("--loading-pages", type=int, default=3)
    parser.add_argument("--top", type=int, default=0, help="list the N largest downloads")
    parser.add_argument(
        "--template", type=Path, default=TEMPLATE, help="the qttt template (to compare one)"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-page-") as folder:
        process, port = classroom(Path(folder))
        try:
            try:
                wait_for_http(f"http://127.0.0.1:{port}/login", 300)  # a busy machine
            except SystemExit:
                print((Path(folder) / "classroom.log").read_text()[-3000:], file=sys.stderr)
                raise
            url = f"http://127.0.0.1:{port}/voila/render/app.ipynb?token={TOKEN}"
            print(f"one page at a time, {url.split('?')[0]} ({load()})", flush=True)
            asyncio.run(page_runs(url, args.samples, args.settle, args.top))
        finally:
            stop(process)
    if args.idle > 0:
        asyncio.run(loading_run(args.idle, args.loading_pages, args.template))


if __name__ == "__main__":
    main()
