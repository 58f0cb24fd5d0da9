"""Memory of ``qttt-edu classroom --site`` with a class connected: the teacher's whole machine.

Starts the real command over a built site (``python -m qttt_edu.site build DIR`` first;
``--site DIR``), then 30 simulated students (``--students``):

1. each downloads the site as a browser would on a first visit (every file of
   ``voici/``, ``static/`` and the front door, asking for brotli or gzip), all 30 at once;
2. the students pair up in rooms through the service (create, join), each opens its
   change socket and holds its seat (30 live push connections), and every room plays a
   few actions, each waking the other screen;
3. with every socket still open, the command's memory is read from ``/proc``: resident
   memory now (RSS) and its peak (VmHWM), of the process and any children (there are
   none: no kernel per student).

Each run starts a fresh server on a fresh games file; the compressed copies are made
once before the runs (their cache is kept), and the first start's peak, while it makes
them, is printed on its own. Prints medians of ``--runs`` runs with the load average.

    python benchmarks/bench_classroom_site.py --site /tmp/qttt-site
"""

from __future__ import annotations

import argparse
import asyncio
import concurrent.futures
import http.client
import json
import os
import re
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import tornado.websocket


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def tree_memory(pid: int) -> tuple[int, int, int]:
    """(RSS, peak RSS, number of processes) of ``pid`` and its descendants, in bytes."""
    rss = peak = count = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
        except OSError:
            continue
        count += 1
        rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) * 1024  # type: ignore[union-attr]
        peak += int(re.search(r"VmHWM:\s+(\d+)", status).group(1)) * 1024  # type: ignore[union-attr]
        children = Path(f"/proc/{current}/task/{current}/children")
        if children.exists():
            pending += [int(c) for c in children.read_text().split()]
    return rss, peak, count


class Classroom:
    def __init__(self, site: Path, work: Path, cache: Path) -> None:
        self.port = free_port()
        self.log = work / "classroom.log"
        env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONUNBUFFERED": "1"}
        command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
        command += ["--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--file", str(work / "games.sqlite3")]
        with self.log.open("wb") as out:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 900
        while "Ctrl-C" not in self.log.read_text():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(self.log.read_text())
            time.sleep(0.2)
        found = re.search(r"#class=([\w-]+)", self.log.read_text())
        assert found is not None
        self.key = found.group(1)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(30)


def site_files(site: Path) -> list[str]:
    files = ["/", "/index.html"]
    for path in sorted(site.rglob("*")):
        rel = path.relative_to(site).as_posix()
        if path.is_file() and rel.split("/")[0] in ("voici", "static"):
            files.append("/" + rel)
    return files


def download(port: int, files: list[str]) -> int:
    """One student's first visit: every file, kept-alive, compressed where offered."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    received = 0
    for path in files:
        connection.request("GET", path, headers={"Accept-Encoding": "br, gzip"})
        answer = connection.getresponse()
        received += len(answer.read())
    connection.close()
    return received


def call(port: int, method: str, path: str, body: Any, **headers: str) -> Any:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    named = {name.replace("_", "-"): value for name, value in headers.items()}
    connection.request(method, "/rooms/api/v1/" + path, body=json.dumps(body), headers=named)
    answer = json.loads(connection.getresponse().read())
    connection.close()
    return answer


async def connect_class(port: int, key: str, students: int) -> tuple[list[Any], float]:
    """Pairs in rooms, every seat's socket open; a few actions per room. Returns the
    open sockets and the median time from an action to the other seat's notice (ms)."""
    loop = asyncio.get_running_loop()
    seats: list[tuple[str, str]] = []
    ids: list[str] = []  # each student's browser has its own client id
    for _ in range(students // 2):
        first, second = secrets.token_urlsafe(16), secrets.token_urlsafe(16)
        made = await loop.run_in_executor(
            None, lambda c=first: call(port, "POST", "rooms", {}, X_Qttt_Class=key, X_Qttt_Client=c)
        )
        code = made["room"]["code"]
        joined = await loop.run_in_executor(
            None,
            lambda r=code, c=second: call(
                port, "POST", f"rooms/{r}/join", {}, X_Qttt_Class=key, X_Qttt_Client=c
            ),
        )
        seats += [(code, made["credential"]), (code, joined["credential"])]
        ids += [first, second]
    sockets = []
    for code, credential in seats:
        ws = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/rooms/api/v1/socket")
        hello = {"type": "hello", "class": key, "seats": [{"code": code, "credential": credential}]}
        await ws.write_message(json.dumps(hello))
        ready = json.loads(await ws.read_message() or "null")
        assert ready["type"] == "ready", ready
        sockets.append(ws)
    seen: list[dict[str, int]] = [{} for _ in sockets]
    woken = asyncio.Event()

    async def reader(index: int, ws: Any) -> None:  # every notice, as a page would hear it
        while True:
            text = await ws.read_message()
            if text is None:
                return
            note = json.loads(text)
            if note.get("type") == "changed":
                seen[index][note["code"]] = max(seen[index].get(note["code"], -1), note["version"])
                woken.set()

    readers = [asyncio.ensure_future(reader(i, ws)) for i, ws in enumerate(sockets)]
    waits = []
    for ply, action in enumerate(("1-5", "2-6", "3-7", "4-8")):
        for room in range(0, len(seats), 2):
            code, credential = seats[room + ply % 2]
            client = ids[room + ply % 2]
            other = room + 1 - ply % 2
            body = {"action": action, "expected_ply": ply, "action_id": secrets.token_hex(8)}
            started = time.perf_counter()
            answer = await loop.run_in_executor(
                None,
                lambda c=code, b=body, s=credential, i=client: call(
                    port, "POST", f"rooms/{c}/actions", b, X_Qttt_Seat=s, X_Qttt_Client=i
                ),
            )
            if "room" not in answer:
                raise RuntimeError(f"the service refused a move: {answer}")
            version = answer["room"]["version"]
            deadline = time.perf_counter() + 30
            while seen[other].get(code, -1) < version:
                woken.clear()
                await asyncio.wait_for(woken.wait(), max(0.01, deadline - time.perf_counter()))
            waits.append((time.perf_counter() - started) * 1000)
    for task in readers:
        task.cancel()
    return sockets, statistics.median(waits)


def one_run(site: Path, cache: Path, students: int, files: list[str]) -> dict[str, float]:
    with tempfile.TemporaryDirectory(prefix="qttt-bench-") as tmp:
        classroom = Classroom(site, Path(tmp), cache)
        try:
            started = time.perf_counter()
            with concurrent.futures.ThreadPoolExecutor(students) as pool:
                sizes = list(pool.map(lambda _: download(classroom.port, files), range(students)))
            download_s = time.perf_counter() - started

            async def connected() -> dict[str, float]:
                sockets, notice_ms = await connect_class(classroom.port, classroom.key, students)
                await asyncio.sleep(1.0)
                rss, peak, processes = tree_memory(classroom.process.pid)
                for ws in sockets:
                    ws.close()
                return {
                    "rss_mb": rss / 1e6,
                    "peak_mb": peak / 1e6,
                    "processes": processes,
                    "sockets": len(sockets),
                    "notice_ms": notice_ms,
                }

            result = asyncio.run(connected())
            result["download_s"] = download_s
            result["mb_sent_each"] = statistics.median(sizes) / 1e6
            return result
        finally:
            classroom.stop()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--site", required=True, help="a built site (python -m qttt_edu.site build)"
    )
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    site = Path(args.site).resolve()
    files = site_files(site)
    with tempfile.TemporaryDirectory(prefix="qttt-bench-cache-") as cache_dir:
        cache = Path(cache_dir)
        with tempfile.TemporaryDirectory(prefix="qttt-bench-") as tmp:  # the first start
            started = time.perf_counter()
            first = Classroom(site, Path(tmp), cache)
            first_start = time.perf_counter() - started
            _rss, first_peak, _n = tree_memory(first.process.pid)
            first.stop()
        runs = [one_run(site, cache, args.students, files) for _ in range(args.runs)]
    print(f"site: {site} ({len(files)} files)   load average: {os.getloadavg()}")
    print(
        f"first start (making the compressed copies): {first_start:.1f} s, "
        f"peak {first_peak / 1e6:.0f} MB"
    )
    print(f"{args.students} students, {args.runs} runs; medians:")
    for name in (
        "rss_mb",
        "peak_mb",
        "processes",
        "sockets",
        "download_s",
        "mb_sent_each",
        "notice_ms",
    ):
        values = [r[name] for r in runs]
        each = ", ".join(f"{v:.1f}" for v in values)
        print(f"  {name:14s} {statistics.median(values):9.1f}   (runs: {each})")
    worst = max(r["peak_mb"] for r in runs)
    print(f"teacher's machine, all of it (one process, no kernels): at most {worst:.0f} MB peak")
    return 0


if __name__ == "__main__":
    sys.exit(main())
