"""The teacher's dashboard with a class's games: what it costs while nothing moves.

    python benchmarks/bench_dashboard.py                     # 30 rooms, 30 s idle, 3 runs
    python benchmarks/bench_dashboard.py --rooms 5 --seconds 5 --runs 1   # a quick check
    python benchmarks/bench_dashboard.py --moving 2          # one game gets a move every 2 s

As in a classroom: the rooms service runs in a process of its own on a SQLite file,
the dashboard here reaches it with the teacher's secret (``ServiceClient``), polling
as the page does. ``--rooms`` games are started (a third finished, the others under
way), the dashboard is built, then for ``--seconds`` nothing moves (or, with
``--moving S``, one unfinished game gets a move every S seconds). Printed per run and
as the median of ``--runs`` runs:

* dashboard CPU: this process's CPU seconds per second (the dashboard's thread and
  its requests; the widgets have no front end here, so sending their state costs
  only the serialising);
* service CPU: the service process's CPU seconds per second (it answers the polls);
* polls: how many times the dashboard read the class's rooms;
* sets: how many widget values the dashboard set (cards, statistics, downloads,
  the large game), and the kilobytes of HTML they carried.

Quote the load average printed at the end with any figure: the machine may be shared.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CLASS = "7B"
CLASS_KEY = "k" * 22
TEACHER = "t" * 24
WON = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"


def _serve(url: str, port_file: str) -> None:
    from qttt_edu.rooms.service import start_service

    running = start_service(url, classes={CLASS: CLASS_KEY}, teacher_secret=TEACHER)
    Path(port_file).write_text(running.url, "utf-8")
    while True:
        time.sleep(3600)


def _fill(url: str, rooms: int) -> list[tuple[str, dict[str, str]]]:
    """``rooms`` games of the class: every third finished, the others a few moves in.
    Returns the unfinished ones' codes and seat credentials."""
    from qttt_edu.rooms import RoomStore

    store = RoomStore(url)
    going = []
    for index in range(rooms):
        x = store.create_room(nickname=f"X{index}", class_name=CLASS)
        seats = {"X": x.credential, "O": store.join(x.code, nickname=f"O{index}").credential}
        actions = WON.split() if index % 3 == 0 else WON.split()[: 1 + index % 4]
        for action in actions:
            store.act(x.code, seats[store.room(x.code).to_act or "X"], action)
        if index % 3:
            going.append((x.code, seats))
    store.close()
    return going


class _Counting:
    """Counts the values the dashboard sets on its widgets (and their size)."""

    def __init__(self) -> None:
        self.sets = 0
        self.chars = 0

    def watch(self, widget: Any, name: str) -> None:
        widget.observe(self._seen, names=name)

    def _seen(self, change: dict[str, Any]) -> None:
        self.sets += 1
        self.chars += len(str(change["new"]))


def one_run(args: argparse.Namespace, folder: Path, run: int) -> dict[str, float]:
    import psutil

    from qttt_edu.classroom.dashboard import Dashboard
    from qttt_edu.rooms import RoomStore
    from qttt_edu.rooms.remote import ServiceClient

    url = f"sqlite:///{folder / f'run{run}.sqlite3'}"
    going = _fill(url, args.rooms)
    port_file = folder / f"run{run}.url"
    server = multiprocessing.get_context("spawn").Process(
        target=_serve, args=(url, str(port_file)), daemon=True
    )
    server.start()
    while not port_file.exists():
        time.sleep(0.05)
    time.sleep(0.2)
    service = psutil.Process(server.pid)
    client = ServiceClient(port_file.read_text("utf-8"), teacher_secret=TEACHER)
    polls = [0]
    list_rooms = client.list_rooms

    def counted(class_name: str | None = None) -> Any:
        polls[0] += 1
        return list_rooms(class_name)

    client.list_rooms = counted  # type: ignore[method-assign]
    board = Dashboard(client, class_name=CLASS, refresh=1.0, baseline_games=200)
    counting = _Counting()
    for widget in (board.cards, board.stats, board.downloads, board.large):
        counting.watch(widget, "value")
    counting.watch(board.large_board, "view")
    time.sleep(2.0)  # past the first reads
    polls[0], counting.sets, counting.chars = 0, 0, 0
    player = RoomStore(url)
    rng = random.Random(run)
    cpu0, svc0, wall0 = time.process_time(), sum(service.cpu_times()[:2]), time.monotonic()
    next_move = wall0 + (args.moving or 1e9)
    while time.monotonic() - wall0 < args.seconds:
        time.sleep(0.05)
        if time.monotonic() >= next_move and going:
            code, seats = rng.choice(going)
            room = player.room(code)
            if room.finished or room.to_act is None:
                going.remove((code, seats))
                continue
            action = rng.choice([str(a) for a in room.game.legal_actions()])
            player.act(code, seats[room.to_act], action)
            next_move += args.moving
    wall = time.monotonic() - wall0
    cpu, svc = time.process_time() - cpu0, sum(service.cpu_times()[:2]) - svc0
    board.close()
    player.close()
    server.terminate()
    server.join(5)
    return {
        "dashboard CPU s/s": cpu / wall,
        "service CPU s/s": svc / wall,
        "polls": polls[0],
        "sets": counting.sets,
        "kB set": counting.chars / 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rooms", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--moving", type=float, default=0.0, help="a move every S seconds")
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="qttt-bench-dash-") as tmp:
        for run in range(args.runs):
            row = one_run(args, Path(tmp), run)
            rows.append(row)
            print(f"run {run + 1}: " + ", ".join(f"{k} {v:.4g}" for k, v in row.items()))
    medians = {k: statistics.median(r[k] for r in rows) for k in rows[0]}
    what = f"moving every {args.moving:g} s" if args.moving else "idle"
    print(f"median of {args.runs} ({args.rooms} rooms, {args.seconds:g} s {what}): ")
    print("  " + ", ".join(f"{k} {v:.4g}" for k, v in medians.items()))
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
