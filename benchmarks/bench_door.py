"""One laptop against the classroom server's door: does a classmate still get in?

Starts the real ``qttt-edu classroom --light`` on the loopback, then plays the attacker
from ``127.0.0.2`` (another device, as the server sees it): ``--sockets`` connections,
each sending half a request's headers and then nothing. Meanwhile a classmate on
``127.0.0.3`` loads the students' page ``--loads`` times. Prints:

* how many of the attacker's connections the server kept open (the rest it turned
  away with a 503 at once), and how many were still open after the header deadline;
* the classmate's page load, median and slowest, during the attack;
* the server's CPU during the attack (a server that spins on a full file table burns
  a whole core here).

Usage::

    python benchmarks/bench_door.py                   # 3 runs, 2,000 sockets
    python benchmarks/bench_door.py --sockets 5000 --runs 1
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(work: Path) -> tuple[subprocess.Popen[bytes], int]:
    port, teacher = free_port(), free_port()
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--light", "--lang", "en"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--teacher-port", str(teacher)]
    command += ["--file", str(work / "g.sqlite3")]
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "QTTT_LANG": "en"}
    log = work / "classroom.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    started = time.monotonic()
    while "Ctrl-C" not in log.read_text():
        if process.poll() is not None or time.monotonic() - started > 120:
            process.kill()
            raise SystemExit(log.read_text())
        time.sleep(0.2)
    return process, port


def page_load(port: int) -> float:
    """Seconds for the classmate to fetch the students' page whole (or inf on failure)."""
    began = time.perf_counter()
    try:
        with socket.create_connection(("127.0.0.1", port), 10, ("127.0.0.3", 0)) as sock:
            sock.sendall(b"GET /light/ HTTP/1.1\r\nHost: class\r\nConnection: close\r\n\r\n")
            data = b""
            while chunk := sock.recv(65536):
                data += chunk
    except OSError:
        return float("inf")
    return time.perf_counter() - began if data.startswith(b"HTTP/1.1 200") else float("inf")


def still_open(sockets: list[socket.socket]) -> int:
    """How many of ``sockets`` the server has not closed (no end of file, no reset)."""
    count = 0
    for sock in sockets:
        sock.setblocking(False)
        try:
            if sock.recv(4096):
                continue  # an answer (the 503): turned away
        except BlockingIOError:
            count += 1  # nothing to read: still held open
        except OSError:
            pass
    return count


def one_run(sockets_wanted: int, loads: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        process, port = start(Path(tmp))
        server = psutil.Process(process.pid)
        try:
            page_load(port)  # warm
            cpu_before = sum(server.cpu_times()[:2])
            began = time.monotonic()
            hoard = []
            for _ in range(sockets_wanted):
                try:
                    sock = socket.create_connection(("127.0.0.1", port), 5, ("127.0.0.2", 0))
                    sock.sendall(b"GET /light/ HTTP/1.1\r\nHost: class\r\n")
                    hoard.append(sock)
                except OSError:
                    break
            times = []
            for _ in range(loads):
                times.append(page_load(port))
                time.sleep(0.2)
            spent = time.monotonic() - began
            cpu = (sum(server.cpu_times()[:2]) - cpu_before) / spent
            held = still_open(hoard)
            time.sleep(32)  # past the header deadline
            after = still_open(hoard)
            for sock in hoard:
                sock.close()
            return {
                "opened": len(hoard),
                "held": held,
                "after_deadline": after,
                "median": statistics.median(times),
                "slowest": max(times),
                "cpu": cpu,
            }
        finally:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=2000)
    parser.add_argument("--loads", type=int, default=10)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    results = []
    for n in range(args.runs):
        r = one_run(args.sockets, args.loads)
        results.append(r)
        print(
            f"run {n + 1}: attacker opened {r['opened']:.0f}, server held {r['held']:.0f}, "
            f"{r['after_deadline']:.0f} still open after 32 s; classmate's page "
            f"median {r['median'] * 1000:.0f} ms, slowest {r['slowest'] * 1000:.0f} ms; "
            f"server CPU {r['cpu'] * 100:.0f} % of a core (load {os.getloadavg()[0]:.1f})",
            flush=True,
        )
    med = {k: statistics.median(r[k] for r in results) for k in results[0]}
    print(
        f"MEDIAN of {args.runs}: server held {med['held']:.0f} of {med['opened']:.0f}, "
        f"{med['after_deadline']:.0f} after the deadline; classmate's page median "
        f"{med['median'] * 1000:.0f} ms, slowest {med['slowest'] * 1000:.0f} ms; "
        f"server CPU {med['cpu'] * 100:.0f} % of a core"
    )


if __name__ == "__main__":
    main()
