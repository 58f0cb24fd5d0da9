"""A class playing on the light app: the teacher's computer runs every student's game.

``qttt-edu classroom --light`` runs the game app of every open page in its own process
(``qttt_edu/classroom/light.py``), so every click of every student is the teacher's
computer's work: the rules, the view model with its realities, the widgets' messages.
This starts the real command and ``--students`` simulated pages (30 by default), each
a WebSocket speaking exactly what the light page sends. Each page plays its own game
against a classmate on the same screen (the app's default): random legal play, as
clicks on the board (a pair is two clicks, a collapse a choice), thinking ``--think``
seconds (0.3 to 0.9) between clicks, for ``--seconds`` seconds (60), a new game after
each end.

Printed, for the clicks that changed the board: the time from the click to the page's
new board (median, p90, p99, worst), the clicks a second the class made, the CPU
seconds of the command per click and in all, its resident memory at the end, and the
load average. There is no target in the issues for this; it says what a class at work
costs a laptop that also serves it.

    python benchmarks/bench_light.py                       # 30 pages, 60 s
    python benchmarks/bench_light.py --students 60 --seconds 30
    python benchmarks/bench_light.py --opponent perfect --think 2 5
    python benchmarks/bench_light.py --weak-laptop 0.5     # one page on half a core

``--opponent NAME`` has every page play X against that computer opponent instead, as
a class in a lesson on strategy does: every computer's move is then also the teacher's
computer's work, and the time from a student's move to the computer's answer on the
board is printed too (it includes the app's pause, ``COMPUTER_DELAY``).

``--weak-laptop CORES`` times a student's side instead: one page in Chromium, all of it
capped at CORES cores by a CPU cgroup (root; ``bench_site.py``'s cap), opened ``--runs``
times: seconds until it can be played, and each click of a few moves until the board
shows it.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import psutil
import tornado.websocket

from qttt_edu.core import Action, Game
from qttt_edu.widgets.app import COMPUTER_DELAY
from qttt_edu.widgets.controls import OPPONENTS


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start(work: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--light", "--lang", "en"]
    command += ["--host", "127.0.0.1", "--port", str(port), "--kernels-per-address", "0"]
    command += ["--file", str(work / "games.sqlite3")]
    log = work / "classroom.log"
    with log.open("wb") as out:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
    deadline = time.monotonic() + 60
    while "Ctrl-C" not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(log.read_text())
        time.sleep(0.2)
    return process, port


class Student:
    """One light page: the board's state as the server sends it, and its clicks."""

    def __init__(self, sock: Any, rng: random.Random) -> None:
        self.sock, self.rng = sock, rng
        self.models: dict[str, dict[str, Any]] = {}
        self.board: str | None = None
        self.changed = asyncio.Event()
        self.seen: list[float] = []  # click to new board (s)
        self.answers: list[float] = []  # against the computer: its move to its answer (s)

    async def read(self) -> None:
        while True:
            text = await self.sock.read_message()
            if text is None:
                return
            for message in json.loads(text):
                if message["type"] == "open":
                    self.models[message["id"]] = dict(message["state"])
                    state = message["state"]
                    if "view" in state and "readonly" in state:
                        self.board = message["id"]
                elif message["type"] == "update" and message["id"] in self.models:
                    self.models[message["id"]].update(message["state"])
                    if message["id"] == self.board and "view" in message["state"]:
                        self.changed.set()

    def view(self) -> dict[str, Any]:
        assert self.board is not None
        return self.models[self.board]["view"]  # type: ignore[no-any-return]

    async def send(self, wid: str, content: dict[str, Any]) -> None:
        await self.sock.write_message(
            json.dumps({"id": wid, "data": {"method": "custom", "content": content}})
        )

    async def choose_opponent(self, name: str) -> None:
        """Pick ``name`` in the opponent menu, as the page does (its ``index``)."""
        menu = next(
            i for i, m in self.models.items() if "qttt-opponent" in (m.get("_dom_classes") or [])
        )
        index = [str(label).lower() for label in self.models[menu]["_options_labels"]]
        wanted = next(i for i, label in enumerate(index) if label.endswith(name))
        self.changed.clear()
        await self.sock.write_message(
            json.dumps({"id": menu, "data": {"method": "update", "state": {"index": wanted}}})
        )
        await asyncio.wait_for(self.changed.wait(), 30)

    async def click(self, content: dict[str, Any], ply: int) -> None:
        """Send one click; time it until the board shows a new ply (or any new view), and,
        against the computer, from there until its answer is on the board."""
        assert self.board is not None
        self.changed.clear()
        started = time.perf_counter()
        await self.send(self.board, {**content, "ping": 1})
        while True:
            await asyncio.wait_for(self.changed.wait(), 30)
            self.changed.clear()
            view = self.view()
            if view["ply"] != ply or (content["type"] == "square" and view["phase"] == "second"):
                break
        self.seen.append(time.perf_counter() - started)
        if view["phase"] != "thinking":
            return
        asked = time.perf_counter()
        while self.view()["phase"] == "thinking":
            await asyncio.wait_for(self.changed.wait(), 60)
            self.changed.clear()
        self.answers.append(time.perf_counter() - asked)

    async def play(self, until: float, think: tuple[float, float]) -> int:
        games = 0
        while time.monotonic() < until:
            view = self.view()
            game = Game.from_record(view["record"])
            if game.is_over:
                new_game = next(
                    i for i, m in self.models.items() if "qttt-new" in (m.get("_dom_classes") or [])
                )
                await self.send(new_game, {"event": "click"})
                await asyncio.wait_for(self.changed.wait(), 30)
                games += 1
                continue
            action: Action = self.rng.choice(game.legal_actions())
            ply = view["ply"]
            await asyncio.sleep(self.rng.uniform(*think))
            if action.kind == "collapse":
                await self.click({"type": "choose", "square": action.squares[0]}, ply)
            elif action.kind == "classical":
                await self.click({"type": "square", "square": action.squares[0]}, ply)
            else:
                first, second = action.squares
                await self.click({"type": "square", "square": first}, ply)
                await asyncio.sleep(self.rng.uniform(*think))
                await self.click({"type": "square", "square": second}, ply)
        return games


async def run(port: int, args: argparse.Namespace, command: psutil.Process) -> None:
    rng = random.Random(args.seed)
    students: list[Student] = []
    readers = []
    for _ in range(args.students):
        sock = await tornado.websocket.websocket_connect(f"ws://127.0.0.1:{port}/light/socket")
        student = Student(sock, random.Random(rng.random()))
        readers.append(asyncio.ensure_future(student.read()))
        students.append(student)
    while any(s.board is None for s in students):
        await asyncio.sleep(0.05)
    if args.opponent:
        await asyncio.gather(*(s.choose_opponent(args.opponent) for s in students))
    cpu0 = sum(command.cpu_times()[:2])
    started = time.monotonic()
    think = (args.think[0], args.think[1])
    games = await asyncio.gather(*(s.play(started + args.seconds, think) for s in students))
    wall = time.monotonic() - started
    cpu = sum(command.cpu_times()[:2]) - cpu0
    seen = [t for s in students for t in s.seen]
    answers = [t for s in students for t in s.answers]
    seen.sort()
    ms = [1000 * s for s in seen]
    p = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    print(
        f"{args.students} pages, {wall:.0f} s: {len(ms)} clicks ({len(ms) / wall:.1f} a second), "
        f"{sum(games)} games finished"
    )
    print(
        f"click to new board: median {statistics.median(ms):.1f} ms, p90 {p(0.9):.1f} ms, "
        f"p99 {p(0.99):.1f} ms, worst {ms[-1]:.1f} ms"
    )
    if answers:
        waits = sorted(answers)
        print(
            f"the computer's answer ({args.opponent}), from the student's move to its own on "
            f"the board, its pause of {COMPUTER_DELAY} s included: median "
            f"{statistics.median(waits):.2f} s, p90 {waits[int(0.9 * len(waits))]:.2f} s, "
            f"worst {waits[-1]:.2f} s ({len(waits)} answers)"
        )
    rss = command.memory_info().rss / 2**20
    print(
        f"the command: {cpu:.1f} CPU s in all, {1000 * cpu / max(1, len(ms)):.1f} ms a click; "
        f"RSS {rss:.0f} MB (load {' / '.join(f'{x:.1f}' for x in os.getloadavg())})"
    )
    for student in students:
        student.sock.close()
    for reader in readers:
        reader.cancel()


PLAYABLE = (
    "() => { const s = document.querySelector('.qttt-app .qttt-status');"
    " return !!s && /choose two squares/.test(s.textContent); }"
)


# A click timed in the page: from the click until the status line shows its answer (the
# server's new board, drawn), without Playwright's own round trips.
CLICK = """async (square) => {
  const status = () => document.querySelector('.qttt-app .qttt-status').innerText;
  const before = status();
  const started = performance.now();
  document.querySelectorAll('button.qttt-square')[square - 1].click();
  await new Promise((done) => {
    const seen = new MutationObserver(() => {
      if (status() !== before) { seen.disconnect(); done(); }
    });
    seen.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return performance.now() - started;
}"""


def weak_laptop(port: int, cores: float, runs: int) -> None:
    """One student's page in Chromium capped at ``cores`` cores (a cgroup, as
    bench_site.py's --cpu-quota): seconds to playable, then a game's clicks, each timed
    until the board shows it."""
    from bench_site import CpuCap
    from playwright.sync_api import sync_playwright

    cap = CpuCap(cores)
    starts, clicks = [], []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium")
            cap.take()
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1366, "height": 768})
                page = context.new_page()
                cap.take()  # the new renderer too
                started = time.perf_counter()
                page.goto(f"http://127.0.0.1:{port}/light/")
                page.wait_for_function(PLAYABLE, timeout=120_000)
                starts.append(time.perf_counter() - started)
                for first, second in ((1, 5), (2, 6), (3, 7), (4, 8)):
                    for square in (first, second):
                        clicks.append(page.evaluate(CLICK, square) / 1000)
                context.close()
            browser.close()
    finally:
        cap.close()
    print(
        f"one page in Chromium capped at {cores:g} core(s), {runs} runs: playable after "
        f"{statistics.median(starts):.2f} s (median; {min(starts):.2f} to {max(starts):.2f}), "
        f"click to new board median {1000 * statistics.median(clicks):.0f} ms "
        f"(worst {1000 * max(clicks):.0f} ms, {len(clicks)} clicks, timed in the page)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, nargs=2, default=(0.3, 0.9))
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--opponent",
        choices=sorted(OPPONENTS),
        default=None,
        help="each page plays X against this computer opponent (O) instead of a classmate",
    )
    parser.add_argument(
        "--weak-laptop",
        type=float,
        default=None,
        metavar="CORES",
        help="instead, time one page in Chromium capped at CORES cores (needs root)",
    )
    parser.add_argument("--runs", type=int, default=5, help="pages opened with --weak-laptop")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="bench-light-"))
    process, port = start(work)
    print(f"qttt-edu classroom --light on port {port} (load {os.getloadavg()[0]:.1f})", flush=True)
    try:
        if args.weak_laptop is not None:
            weak_laptop(port, args.weak_laptop, args.runs)
        else:
            asyncio.run(run(port, args, psutil.Process(process.pid)))
    finally:
        process.terminate()
        process.wait(30)


if __name__ == "__main__":
    main()
