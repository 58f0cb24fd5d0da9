"""A whole class opens the link at once: the real ``qttt-edu classroom`` command.

``--students N`` Chromium browser contexts (30 by default) open the students' address
within ``--spread`` seconds (20), as a class does when the teacher shows the QR code.
Each page counts as playable once the app's status line says "X, move 1: choose two
squares" (the kernel answered and the widget is drawn). Then every page is reloaded
(again spread over the same time) and waits until it is playable again. Printed:

* how many pages became playable, and the median and slowest time to playable, and
  what each page downloaded until then (as sent: compressed where the server did);
* the same after the reloads, and the kernels the students' server holds afterwards
  (a reload must end the page's old kernel: as many kernels as pages);
* the resident memory (RSS, and PSS where Linux gives it) of the students' server and
  its kernels, in total and per student;
* the CPU seconds the server and kernels used, per student, and the browsers' by kind of
  Chromium process (on this machine the 30 renderers, running Voilà's page scripts, take
  most of the CPU: about 5 s a page against 1.5 s of server and kernel);
* the load average before and after (the machine may be shared: figures are noisy).

Targets (kernel mode, 2-core machine): all 30 playable, the 30th within 60 s, no kernel
left behind by a reload, at most 2.5 GB for the server and kernels. Every simulated
student comes from 127.0.0.1, so the command runs with ``--kernels-per-address 0``.

``--site [FOLDER]`` times the site mode instead: ``qttt-edu classroom --site`` over the
built site in FOLDER (``benchmarks/out/site`` by default; built there from this checkout
when missing, downloads cached in ``QTTT_SITE_CACHE`` or ``.site-cache/``), served over
the loopback. The students open the command's link (``qttt-join.html``, which moves on to
the light app, ``light/``: the game app runs in the command's process, one per page, and
the page draws it); a page is playable at the same status line as above. The light app
needs none of the built site's files, so any folder the command accepts will do for it
(``index.html`` and ``voici/render/``). Printed: the pages playable, median and
slowest; the download per student (the bytes each context received: HTTP compressed as
the server sent it, WebSocket messages as they arrived); the CPU seconds of the command
and of the browsers; the memory of the teacher's machine, the command's one process
(rooms service, web server and the light apps): RSS, PSS and peak RSS. Targets
(issues 22 and 23): all 30 playable, median at most 10 s, the 30th within 25 s, at most
300 MB. The command's first start compresses the site (kept in
``benchmarks/out/classroom-site-cache`` for later runs).

    python benchmarks/bench_classroom.py                 # 30 students within 20 s
    python benchmarks/bench_classroom.py --students 10 --spread 10
    python benchmarks/bench_classroom.py --site --students 30   # the site mode
    python benchmarks/bench_classroom.py --compare-pool  # voila app.ipynb: pool or none

``--compare-pool`` instead times ``voila notebooks/app.ipynb`` with a pool of preheated
kernels against none: the first page after the server starts, then four later pages,
and each kernel's memory (the choice written into voila.json and the classroom command).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import psutil

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "browser"))

from browser_harness import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

READY = re.compile(r"^X, move 1: choose two squares")
TOKEN = "BENCH23456"
PLAYABLE_TIMEOUT = 240.0  # seconds a page may take (--timeout)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load {one:.1f} / {five:.1f} / {fifteen:.1f}"


def wait_for_http(url: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(url, timeout=10).close()
            return
        except urllib.error.HTTPError:
            return  # it answers
        except (urllib.error.URLError, OSError):
            time.sleep(0.3)
    raise SystemExit(f"no answer from {url}")


def students_server(command: psutil.Process) -> psutil.Process:
    for child in command.children():
        if "students" in " ".join(child.cmdline()):
            return child
    raise SystemExit("the classroom command started no students' server")


def kernels(server: psutil.Process) -> list[psutil.Process]:
    return [p for p in server.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]


def memory(server: psutil.Process) -> tuple[float, float, int]:
    """RSS and PSS of the server and its kernels (MB), and the number of kernels."""
    rss = pss = 0.0
    found = kernels(server)
    for process in [server, *found]:
        try:
            info = process.memory_full_info()
        except psutil.Error:
            continue
        rss += info.rss / 2**20
        pss += getattr(info, "pss", info.rss) / 2**20
    return rss, pss, len(found)


def stop(process: subprocess.Popen[Any]) -> None:
    """End the classroom command as Ctrl-C would (SIGTERM), killing it after 60 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(60)
    except subprocess.TimeoutExpired:
        process.kill()


def browser_cpu_by_kind() -> dict[str, float]:
    """CPU seconds of the Chromium processes this script started, by kind of process:
    ``renderer`` (the pages' scripts, style and layout), ``browser`` (the main process,
    which also answers Playwright), ``gpu-process`` (drawing) and the utilities."""
    kinds: dict[str, float] = {}
    for process in psutil.Process().children(recursive=True):
        try:
            if "chrom" not in process.name():
                continue
            argv = process.cmdline()
            times = process.cpu_times()
        except psutil.Error:
            continue
        kind = next((a[7:] for a in argv if a.startswith("--type=")), "browser")
        if kind == "utility":
            sub = next((a for a in argv if a.startswith("--utility-sub-type=")), "")
            kind = sub.rpartition(".")[2] or kind
        kinds[kind] = kinds.get(kind, 0.0) + times.user + times.system
    return kinds


def browser_cpu_seconds() -> float:
    """CPU of the Chromium processes this script started (the 30 browsers share the cores)."""
    return sum(browser_cpu_by_kind().values())


def _by_kind() -> str:
    kinds = sorted(browser_cpu_by_kind().items(), key=lambda kv: -kv[1])
    return ", ".join(f"{kind} {seconds:.0f} s" for kind, seconds in kinds if seconds >= 0.5)


def cpu_seconds(server: psutil.Process) -> float:
    total = 0.0
    for process in [server, *server.children(recursive=True)]:
        try:
            times = process.cpu_times()
        except psutil.Error:
            continue
        total += times.user + times.system
    return total


async def until_playable(page: Any, started: float) -> float | None:
    """Seconds from ``started`` until the page's status line invites X's first move, or
    ``None``. The page watches itself (a check every 250 ms inside it): asking it from
    here 4 times a second costs 30 pages' worth of round trips through the browser, CPU
    the pages themselves need."""
    remaining = started + PLAYABLE_TIMEOUT - time.perf_counter()
    try:
        await page.wait_for_function(
            """(source) => {
                const ready = new RegExp(source);
                const line = document.querySelector(".qttt-app .qttt-status");
                return line !== null && ready.test(line.innerText.trim());
            }""",
            arg=READY.pattern,
            polling=250,
            timeout=max(1.0, remaining) * 1000,
        )
    except Exception:  # the time limit, or the page itself is gone
        return None
    return time.perf_counter() - started


async def _count(request: Any, sizes: list[int]) -> None:
    try:
        found = await request.sizes()
    except Exception:  # the page went away before the answer was counted
        return
    sizes.append(found["responseBodySize"] + found["responseHeadersSize"])


async def open_one(browser: Any, url: str, delay: float, out: list[Any]) -> None:
    """Open ``url`` in a fresh context after ``delay``; append (page, seconds to playable
    or None, bytes the context downloaded until then, as sent: compressed where it was)."""
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1366, "height": 768})
    sizes: list[int] = []
    counting: list[Any] = []
    context.on(
        "requestfinished", lambda r: counting.append(asyncio.ensure_future(_count(r, sizes)))
    )
    page = await context.new_page()

    def frames(ws: Any) -> None:  # the light app's widgets arrive on a WebSocket
        ws.on("framereceived", lambda payload: sizes.append(len(payload)))

    page.on("websocket", frames)
    started = time.perf_counter()
    try:
        await page.goto(url, timeout=PLAYABLE_TIMEOUT * 1000, wait_until="commit")
    except Exception:
        out.append((page, None, 0))
        return
    playable = await until_playable(page, started)
    if playable is None:
        print(f"  a page never played; it shows: {await what_shows(page)}", flush=True)
    await asyncio.gather(*counting)
    out.append((page, playable, sum(sizes)))


async def reload_one(page: Any, delay: float) -> float | None:
    await asyncio.sleep(delay)
    started = time.perf_counter()
    try:
        await page.reload(timeout=PLAYABLE_TIMEOUT * 1000, wait_until="commit")
    except Exception as err:
        print(f"  a reload failed: {type(err).__name__}: {str(err)[:160]}", flush=True)
        return None
    playable = await until_playable(page, started)
    if playable is None:
        print(f"  a reloaded page never played; it shows: {await what_shows(page)}", flush=True)
    return playable


async def what_shows(page: Any) -> str:
    """The first words a page that never became playable shows (its status or body)."""
    for selector in (".qttt-app .qttt-status", "body"):
        try:
            text = await page.locator(selector).first.inner_text(timeout=2000)
        except Exception:
            continue
        if text.strip():
            return " ".join(text.split())[:200]
    return "(nothing)"


def summary(name: str, times: list[float | None], total: int) -> str:
    done = sorted(t for t in times if t is not None)
    if not done:
        return f"{name}: 0 of {total} playable"
    return (
        f"{name}: {len(done)} of {total} playable; median {statistics.median(done):.1f} s, "
        f"slowest {done[-1]:.1f} s"
    )


def _downloads(opened: list[Any]) -> str:
    sizes = sorted(size / 1e3 for _, seconds, size in opened if seconds is not None)
    if not sizes:
        return "no page became playable"
    return (
        f"download per student: median {statistics.median(sizes):,.0f} kB "
        f"(from {sizes[0]:,.0f} to {sizes[-1]:,.0f} kB): HTTP as sent over the network "
        "(compressed where it was), WebSocket messages as they arrived (before the "
        "deflate of their frames is taken off, so at most that)"
    )


async def open_class(browser: Any, url: str, students: int, spread: float) -> list[Any]:
    """Open ``students`` pages of ``url`` spread evenly over ``spread`` seconds, each in a
    browser context of its own, as a class does at the bell; print when each became
    playable and what they downloaded. Returns ``(page, seconds or None, sizes)`` each."""
    print(f"opening {students} pages within {spread:.0f} s ({load()})", flush=True)
    opened: list[Any] = []
    step = spread / max(1, students - 1)
    await asyncio.gather(*(open_one(browser, url, i * step, opened) for i in range(students)))
    print(summary("first open", [t for _, t, _ in opened], students), flush=True)
    print(f"  {_downloads(opened)}", flush=True)
    return opened


async def class_run(url: str, server: psutil.Process, students: int, spread: float) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        cpu0 = cpu_seconds(server)
        started = time.perf_counter()
        opened = await open_class(browser, url, students, spread)
        step = spread / max(1, students - 1)
        print(
            f"  {time.perf_counter() - started:.0f} s of wall time; CPU: server and kernels "
            f"{cpu_seconds(server) - cpu0:.0f} s, "
            f"the {students} browsers {browser_cpu_seconds():.0f} s ({_by_kind()})",
            flush=True,
        )
        await asyncio.sleep(5)
        rss, pss, count = memory(server)
        print(
            f"after opening: {count} kernels; server + kernels RSS {rss:.0f} MB, "
            f"PSS {pss:.0f} MB ({rss / max(1, students):.0f} / {pss / max(1, students):.0f}"
            f" MB per student); CPU {cpu_seconds(server) - cpu0:.0f} s "
            f"({(cpu_seconds(server) - cpu0) / max(1, students):.1f} s per student) ({load()})",
            flush=True,
        )
        pages = [page for page, _, _ in opened]
        again = await asyncio.gather(*(reload_one(page, i * step) for i, page in enumerate(pages)))
        print(summary("after a reload of each", list(again), students), flush=True)
        await asyncio.sleep(10)  # the old kernels' shutdowns have been handled
        rss, pss, count = memory(server)
        print(
            f"after the reloads: {count} kernels for {students} open pages "
            f"({count - students} left behind); server + kernels RSS {rss:.0f} MB, "
            f"PSS {pss:.0f} MB ({load()})",
            flush=True,
        )
        await browser.close()


def bench_class(args: argparse.Namespace) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-classroom-"))
    port, teacher = free_port(), free_port()
    env = {**os.environ, "TMPDIR": str(work), "QTTT_LANG": "en"}
    for name in ("BINDER_REQUEST", "BINDER_LAUNCH_HOST", "BINDER_REPO_URL", "BINDER_SERVICE_HOST"):
        env.pop(name, None)
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--file", str(work / "g.sqlite3")]
    command += ["--port", str(port), "--teacher-port", str(teacher), "--host", "127.0.0.1"]
    # every simulated student comes from 127.0.0.1: the limit of kernels per address off
    command += ["--token", TOKEN, "--kernels-per-address", "0"]
    log = (work / "classroom.log").open("w")
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        wait_for_http(f"http://127.0.0.1:{port}/login")
        server = students_server(psutil.Process(process.pid))
        url = f"http://127.0.0.1:{port}/voila/render/app.ipynb?token={TOKEN}"
        print(f"command: {' '.join(command[1:])}")
        asyncio.run(class_run(url, server, args.students, args.spread))
    finally:
        stop(process)
        log.close()
        shutil.rmtree(work, ignore_errors=True)


# --- the site mode: qttt-edu classroom --site, each browser runs the game itself ------

SITE = ROOT / "benchmarks" / "out" / "site"
#: the compressed copies the command makes on its first start, kept between runs
SITE_COPIES = ROOT / "benchmarks" / "out" / "classroom-site-cache"
SITE_LINK = re.compile(r"http://127\.0\.0\.1:\d+/qttt-join\.html\S*")


def built_site(folder: Path) -> Path:
    """``folder`` if it holds a built site, else the site built there from this checkout."""
    if (folder / "index.html").is_file():
        return folder
    from qttt_edu.site import build_site

    cache = Path(os.environ.get("QTTT_SITE_CACHE") or ROOT / ".site-cache")
    started = time.perf_counter()
    print(f"building the site into {folder} (downloads cached in {cache})", flush=True)
    build_site(folder, cache=cache, log=lambda line: None)
    print(f"build: {time.perf_counter() - started:.0f} s", flush=True)
    return folder


def start_site_command(site: Path, work: Path) -> tuple[subprocess.Popen[bytes], str]:
    """The real ``qttt-edu classroom --site`` on the loopback, and the students' link."""
    port = free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(SITE_COPIES), "QTTT_LANG": "en"}
    env["PYTHONUNBUFFERED"] = "1"
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
    command += ["--lang", "en", "--host", "127.0.0.1", "--port", str(port)]
    # every simulated student comes from 127.0.0.1: no limit of pages per address
    command += ["--kernels-per-address", "0"]
    command += ["--file", str(work / "g.sqlite3")]
    log_path = work / "classroom.log"
    with log_path.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    started = time.monotonic()
    while "Ctrl-C" not in log_path.read_text():  # its last line once it serves
        if process.poll() is not None or time.monotonic() - started > 900:
            process.kill()
            raise SystemExit(log_path.read_text())
        time.sleep(0.3)
    link = SITE_LINK.search(log_path.read_text())
    assert link is not None, log_path.read_text()
    print(f"command: {' '.join(command[1:])} (serving after {time.monotonic() - started:.0f} s)")
    return process, link.group(0)


def site_memory(command: psutil.Process) -> tuple[float, float, float]:
    """RSS, PSS and peak RSS (MB) of the command and its children: the rooms service and
    the web server are one process, with no kernel."""
    rss = pss = peak = 0.0
    for process in [command, *command.children(recursive=True)]:
        try:
            info = process.memory_full_info()
            status = Path(f"/proc/{process.pid}/status").read_text()
        except (psutil.Error, OSError):
            continue
        rss += info.rss / 2**20
        pss += getattr(info, "pss", info.rss) / 2**20
        high = re.search(r"VmHWM:\s+(\d+)", status)
        peak += int(high[1]) / 1024 if high else 0.0
    return rss, pss, peak


async def _site_state(page: Any) -> str:
    """What a page that never became playable shows: the site loader's error, or not."""
    try:
        return str(
            await page.evaluate(
                "() => !window.qtttSite ? 'no site loader on ' + location.pathname"
                " : qtttSite.failed ? 'the error screen: ' +"
                " (document.getElementById('qttt-error-details') || {}).textContent"
                " : 'still loading'"
            )
        )
    except Exception as err:  # the page itself is gone
        return f"no answer ({type(err).__name__})"


async def site_run(url: str, command: psutil.Process, students: int, spread: float) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        cpu0 = cpu_seconds(command)
        started = time.perf_counter()
        opened = await open_class(browser, url, students, spread)
        for page, _, _ in (entry for entry in opened if entry[1] is None):
            print(f"  not playable: {await _site_state(page)}", flush=True)
        browsers = browser_cpu_seconds()
        print(
            f"  {time.perf_counter() - started:.0f} s of wall time; CPU: the command (service "
            f"and web server) {cpu_seconds(command) - cpu0:.1f} s, the {students} browsers "
            f"{browsers:.0f} s ({browsers / max(1, students):.1f} s per student)",
            flush=True,
        )
        cores = os.cpu_count() or 1
        print(
            f"  on the loopback the {students} browsers share this machine's {cores} cores: "
            f"they alone kept them busy for {browsers / cores:.0f} s (on a class's own "
            "devices each browser has its own)",
            flush=True,
        )
        await asyncio.sleep(5)  # every page connected, its push connection open
        rss, pss, peak = site_memory(command)
        print(
            f"teacher's machine with {students} pages open: service + web server RSS "
            f"{rss:.0f} MB, PSS {pss:.0f} MB, peak RSS {peak:.0f} MB ({load()})",
            flush=True,
        )
        await browser.close()


def bench_site(args: argparse.Namespace) -> None:
    site = built_site(Path(args.site).resolve())
    work = Path(tempfile.mkdtemp(prefix="bench-classroom-site-"))
    process, link = start_site_command(site, work)
    try:
        asyncio.run(site_run(link, psutil.Process(process.pid), args.students, args.spread))
    finally:
        stop(process)
        shutil.rmtree(work, ignore_errors=True)


# --- the kernel pool: voila notebooks/app.ipynb with and without preheated kernels ---


def voila_app(pool: int, work: Path) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    config = {
        "VoilaConfiguration": {"preheat_kernel": pool > 0, "template": "qttt"},
        "VoilaKernelManager": {"kernel_pools_config": {"default": {"pool_size": pool}}},
        "VoilaExecutor": {"iopub_timeout": 30},
    }
    folder = work / f"pool{pool}"
    folder.mkdir()
    (folder / "voila.json").write_text(json.dumps(config))
    app = folder / "app.ipynb"
    app.write_bytes((ROOT / "notebooks" / "app.ipynb").read_bytes())
    share = work / "share" / "jupyter" / "voila" / "templates"
    if not (share / "qttt").exists():
        shutil.copytree(ROOT / "share" / "jupyter" / "voila" / "templates" / "qttt", share / "qttt")
    env = {**os.environ, "JUPYTER_PATH": str(work / "share" / "jupyter"), "QTTT_LANG": "en"}
    argv = [sys.executable, "-m", "voila", "app.ipynb", "--no-browser", f"--port={port}"]
    argv += ["--Voila.ip=127.0.0.1", "--Voila.token=", "--Voila.port_retries=0"]
    process = subprocess.Popen(
        argv, cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    return process, f"http://127.0.0.1:{port}/"


async def pool_run(
    url: str, pages: int, server: psutil.Process, sizes: list[float]
) -> list[float | None]:
    from playwright.async_api import async_playwright

    times: list[float | None] = []
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=list(CHROMIUM_ARGS)
        )
        for _ in range(pages):
            opened: list[Any] = []
            await open_one(browser, url, 0, opened)
            times.append(opened[0][1])
            # every kernel now: the page's, and the pool's preheated ones
            sizes.extend(k.memory_info().rss / 2**20 for k in kernels(server))
            await opened[0][0].context.close()
            await asyncio.sleep(6)  # as students arrive one by one: a pool may refill
        await browser.close()
    return times


def compare_pool(args: argparse.Namespace) -> None:
    work = Path(tempfile.mkdtemp(prefix="bench-pool-"))
    for pool in args.pools:
        process, url = voila_app(pool, work)
        try:
            wait_for_http(url)
            started = load()
            sizes: list[float] = []
            times = asyncio.run(pool_run(url, 5, psutil.Process(process.pid), sizes))
            first, later = times[0], [t for t in times[1:] if t is not None]
            print(
                f"pool {pool}: first page {first and round(first, 1)} s, later pages median "
                f"{statistics.median(later):.1f} s ({', '.join(f'{t:.1f}' for t in later)}); "
                f"kernels RSS median {statistics.median(sizes) if sizes else 0:.0f} MB "
                f"(n={len(sizes)}); {started} -> {load()}",
                flush=True,
            )
        finally:
            process.terminate()
            process.wait(30)
    shutil.rmtree(work, ignore_errors=True)


def main() -> None:
    global PLAYABLE_TIMEOUT
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--spread", type=float, default=20.0)
    parser.add_argument("--timeout", type=float, default=PLAYABLE_TIMEOUT)
    parser.add_argument("--compare-pool", action="store_true")
    parser.add_argument("--pools", type=int, nargs="+", default=[0, 2])
    parser.add_argument(
        "--site",
        nargs="?",
        const=str(SITE),
        default=None,
        metavar="FOLDER",
        help="the site mode over the built site in FOLDER (built there if missing)",
    )
    args = parser.parse_args()
    PLAYABLE_TIMEOUT = args.timeout
    if args.compare_pool:
        compare_pool(args)
    elif args.site is not None:
        bench_site(args)
    else:
        bench_class(args)


if __name__ == "__main__":
    main()
