"""The rooms service under load: one service process, many simulated clients.

    python benchmarks/bench_service.py                # 500 games (1,000 clients), both stores
    python benchmarks/bench_service.py --games 100 --runs 3 --backend sqlite
    python benchmarks/bench_service.py --idle 500               # CPU of idle connected clients
    python benchmarks/bench_service.py --replicas 2 --games 100  # two replicas, one PostgreSQL
    python benchmarks/bench_service.py --games 20 --profile /tmp/svc  # cProfile of the service

The service runs in a process of its own (``start_service``), as in a classroom. The
clients run in ``--procs`` other processes, each an asyncio loop holding, per client,
one change socket (hello with its seat, as the app's kernel does) and keep-alive HTTP
connections. Both clients of a game live in one process, so one clock times both ends.
A client waits for a notice, reads the room, and when it is its turn thinks
``--think-min``..``--think-max`` seconds and plays a random legal action
(``expected_ply`` and a fresh ``action_id``), as the app does. Reads and actions go on
the change socket as requests, as the app's client sends them while its socket is up
(``--transport http``: as ``GET`` and ``POST`` on keep-alive connections instead).

Printed per run and as the median of ``--runs`` runs:

* act: an action, request to answer, p50 / p99;
* update: from that action being sent to the other client's read showing the new
  ply (notice + read), p50 / p99;
* actions per second; the service process's CPU seconds per second, and per action,
  and the seconds per second its threads were ready to run but waited for a CPU
  (the clients share the machine with the service: on 2 cores the clients' processes
  take CPU the service would otherwise have, so the CPU per action is the figure that
  says what one core can carry);
* the PostgreSQL server's CPU per action, and how busy the machine's cores were (all
  processes, other sessions' too);
* accuracy, read from the database afterwards: every acknowledged action is at its ply
  exactly once, nothing else is stored, every record replays with the rules core.

``--replicas 2`` starts two service processes on one PostgreSQL; each game's X speaks
to the first and its O to the second (HTTP and socket), so every update is a
cross-replica one: the action's ``NOTIFY`` wakes the other replica, which reads the
table and wakes the opponent. The service CPU is the replicas' sum.

``--profile PREFIX`` profiles every thread of the service with cProfile (thread CPU
time) into ``PREFIX-THREAD.prof``; profiling roughly doubles the service's CPU.

``--idle N`` connects N clients that hold seats and do nothing, and prints what they
cost the service in CPU per client per second (pings and the presence marks).

The machine may be shared: the load average is printed with every figure.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing as mp
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from qttt_edu.core import Action, Game  # noqa: E402

KEY = "bench-class-key-" + "k" * 10
TEACHER = "bench-teacher-" + "t" * 12


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def waited_seconds(pid: int) -> float:
    """Seconds the threads of process ``pid`` have spent ready to run but waiting for a
    CPU (Linux schedstat): on a shared machine, the time the scheduler kept it off."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue  # a thread that ended meanwhile
    return total / 1e9


def machine_busy() -> tuple[float, float]:
    """The machine's busy and total CPU seconds since boot, all cores (``/proc/stat``)."""
    ticks = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = ticks[3] + ticks[4]  # idle and waiting for the disk
    hz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks[:8]) - idle) / hz, sum(ticks[:8]) / hz


def postgres_seconds() -> float:
    """CPU seconds of the PostgreSQL server's processes, ended connections included (the
    postmaster's reaped children); 0 when none runs."""
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if (proc / "comm").read_text().strip() != "postgres":
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # ended meanwhile
        # utime, stime, and the reaped children's cutime, cstime (only the postmaster's
        # children are postgres processes)
        total += sum(int(v) for v in fields[11:15])
    return total / os.sysconf("SC_CLK_TCK")


def serve(url: str, conn: Any, profile: str = "") -> None:
    """The service process: start, tell the parent its address, run until told to stop.

    ``profile``: a file prefix; every thread of the service is profiled with cProfile and
    written to ``PREFIX-THREADNAME.prof`` when the service stops.
    """
    from qttt_edu.rooms.service import Limits, settle_collector, start_service

    profiles: dict[str, Any] = {}
    if profile:
        import cProfile
        import threading

        def begin(*_args: Any) -> None:
            # CPU time of the thread, not the wall clock: on a shared machine a
            # descheduled thread would otherwise charge its wait to whatever it was doing
            prof = profiles[threading.current_thread().name] = cProfile.Profile(time.thread_time)
            prof.enable()

        threading.setprofile(begin)

    limits = Limits(
        client_rate=1e6,
        client_burst=1e6,
        address_rate=1e6,
        address_burst=1e6,
        rooms_per_class=100_000,
        rooms_per_client=100_000,
    )
    from qttt_edu.rooms import service as module

    inside: list[float] = []  # request arrival to answer written, in the service itself

    def timed(handler: Any) -> None:
        if handler.request.method == "POST" and handler.request.path.endswith("/actions"):
            inside.append(handler.request.request_time())

    def timed_socket(op: str, status: int, seconds: float) -> None:
        if op == "act":
            inside.append(seconds)

    module._quiet_log = timed  # the service's own access logs: the bench's timer
    module._socket_log = timed_socket
    running = start_service(url, classes={"B": KEY}, teacher_secret=TEACHER, limits=limits)
    settle_collector()  # as the service's command, the classroom and the hub service do
    conn.send(running.url)
    conn.recv()
    for prof in profiles.values():
        prof.disable()
    running.stop()
    for name, prof in profiles.items():
        prof.dump_stats(f"{profile}-{name}.prof")
    conn.send([percentile(inside, 50) * 1000, percentile(inside, 99) * 1000])


class Http:
    """A minimal keep-alive HTTP/1.1 client on asyncio streams (JSON in, JSON out)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: Any = None
        self.writer: Any = None
        self.lock = asyncio.Lock()

    async def call(
        self, method: str, path: str, body: Any = None, **headers: str
    ) -> tuple[int, Any]:
        async with self.lock:
            for attempt in range(3):
                try:
                    if self.writer is None:
                        self.reader, self.writer = await asyncio.open_connection(
                            self.host, self.port
                        )
                    data = b"" if body is None else json.dumps(body).encode()
                    lines = [
                        f"{method} {path} HTTP/1.1",
                        f"Host: {self.host}",
                        f"Content-Length: {len(data)}",
                        "Content-Type: application/json",
                    ]
                    lines += [f"{k}: {v}" for k, v in headers.items()]
                    self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
                    status_line = await self.reader.readline()
                    if not status_line:
                        raise ConnectionError("closed")
                    status = int(status_line.split()[1])
                    length = 0
                    while True:
                        line = await self.reader.readline()
                        if line in (b"\r\n", b""):
                            break
                        name, _, value = line.decode().partition(":")
                        if name.lower() == "content-length":
                            length = int(value)
                    raw = await self.reader.readexactly(length) if length else b""
                    return status, json.loads(raw) if raw else None
                except (ConnectionError, asyncio.IncompleteReadError, OSError):
                    self.writer = None
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")


class Client:
    """One seat: its socket, its HTTP connection, its acknowledged actions."""

    def __init__(
        self, run: Any, code: str, seat: str, credential: str, where: tuple[str, int]
    ) -> None:
        self.run, self.code, self.seat, self.credential = run, code, seat, credential
        self.host, self.port = where  # this seat's replica
        self.http = Http(self.host, self.port)
        self.id = uuid.uuid4().hex  # X-Qttt-Client, as the app's client sends
        self.version = -1
        self.wake = asyncio.Event()
        self.ws: Any = None
        self.done = False
        self.pair: Any = None
        self.socket_requests = run.transport == "socket"
        self.pending: dict[int, asyncio.Future[tuple[int, Any]]] = {}
        self.next_id = 0

    async def call(
        self, op: str, seat: tuple[str, str], method: str, path: str, body: Any = None
    ) -> tuple[int, Any]:
        """A read (``op`` "room") or an action ("act"), as the app's client sends it: on
        the change socket (``--transport socket``, the default) or by HTTP."""
        if not self.socket_requests:
            keys = {"X-Qttt-Seat": seat[1], "X-Qttt-Client": self.id}
            return await self.http.call(method, path, body, **keys)
        self.next_id += 1
        rid = self.next_id
        future = self.pending[rid] = asyncio.get_running_loop().create_future()
        message = {"type": "request", "id": rid, "op": op, "code": seat[0]}
        message.update(body or {}, credential=seat[1])
        await self.ws.write_message(json.dumps(message))
        try:
            return await future
        finally:
            self.pending.pop(rid, None)

    async def connect(self) -> None:
        from tornado.websocket import websocket_connect

        self.ws = await websocket_connect(
            f"ws://{self.host}:{self.port}/api/v1/socket", ping_interval=None
        )
        await self.ws.write_message(
            json.dumps(
                {
                    "type": "hello",
                    "class": KEY,
                    "watch": [self.code],
                    "seats": [{"code": self.code, "credential": self.credential}],
                }
            )
        )

    async def rematch(self, finished: str) -> None:
        """The game is over: the pair starts a new one (X opens it, O joins), so the load
        stays steady for the whole run."""
        pair = self.pair
        async with pair.lock:
            if pair.x.done or pair.o.done or time.monotonic() > self.run.deadline:
                return
            if pair.code == finished:  # the first of the two to notice opens the next game
                self.run.finished += 1
                keys = {"X-Qttt-Class": KEY, "X-Qttt-Client": pair.x.id}
                _, made = await pair.x.http.call("POST", "/api/v1/rooms", {}, **keys)
                code = made["room"]["code"]
                _, joined = await pair.o.http.call("POST", f"/api/v1/rooms/{code}/join", {}, **keys)
                pair.code = code
                for client, cred in ((pair.x, made["credential"]), (pair.o, joined["credential"])):
                    old = client.code
                    client.code, client.credential, client.version = code, cred, -1
                    try:
                        await client.ws.write_message(json.dumps({"type": "unwatch", "code": old}))
                        await client.ws.write_message(
                            json.dumps({"type": "seat", "code": code, "credential": cred})
                        )
                    except Exception:  # closed meanwhile: listen() says hello with the new seat
                        pass
                    client.wake.set()

    async def listen(self) -> None:
        while not self.done:
            text = await self.ws.read_message()
            if text is None:  # closed by the service: count it, say hello again
                if self.done:
                    return
                self.run.errors.append(f"socket closed {self.ws.close_code} {self.ws.close_reason}")
                for future in self.pending.values():  # asked on the closed socket: resent below
                    if not future.done():
                        future.set_result((599, {"error": {"kind": "socket closed"}}))
                await self.connect()
                self.wake.set()
                continue
            data = json.loads(text)
            if data.get("type") == "reply":
                future = self.pending.get(data["id"])
                room = data["body"].get("room")
                if room is not None and room["code"] == self.code:
                    # the app's client: the notice of a version it was answered needs no read
                    self.version = max(self.version, room["version"])
                if future is not None and not future.done():
                    future.set_result((data["status"], data["body"]))
            elif (
                data.get("type") == "changed"
                and data.get("code") == self.code
                and data.get("version") != self.version
            ):
                self.wake.set()

    async def read(self, seat: tuple[str, str]) -> dict[str, Any] | None:
        """Wait for a notice, then read the room (as the app does on a notice)."""
        run = self.run
        await asyncio.wait_for(self.wake.wait(), timeout=max(0.1, run.deadline - time.monotonic()))
        self.wake.clear()
        code = seat[0]
        status, body = await self.call("room", seat, "GET", f"/api/v1/rooms/{code}")
        run.reads += 1
        if status != 200:
            run.errors.append(f"GET {status}")
            return None
        room: dict[str, Any] = body["room"]
        self.version = room["version"]
        sent = run.sent.get((code, room["ply"]))
        if sent is not None and (code, room["ply"]) not in run.seen:
            run.seen.add((code, room["ply"]))
            run.update.append(time.monotonic() - sent)
        return room

    async def act(self, seat: tuple[str, str], room: dict[str, Any]) -> dict[str, Any] | None:
        """Think, play a random legal action; the answer's room when it holds this seat's
        next turn too (a collapse chosen, then a move), as the app's board shows it."""
        run = self.run
        await asyncio.sleep(random.uniform(run.think_min, run.think_max))
        game = Game.from_record(room["record"])
        action = str(Action(random.choice(game.position.legal_actions())))
        payload = {"action": action, "expected_ply": room["ply"], "action_id": uuid.uuid4().hex}
        code = seat[0]
        run.sent[(code, room["ply"] + 1)] = began = time.monotonic()
        path = f"/api/v1/rooms/{code}/actions"
        status, body = await self.call("act", seat, "POST", path, payload)
        run.act.append(time.monotonic() - began)
        if status != 200:
            run.errors.append(f"POST {status} {body['error']['kind']}")
            self.wake.set()
            return None
        run.acked.append((code, room["ply"], action))
        answer: dict[str, Any] = body["room"]
        self.version = answer["version"]
        # the next read is for the opponent's action, which its notice announces
        return answer if answer["finished"] or answer["to_act"] == self.seat else None

    async def play(self) -> None:
        run = self.run
        listener = asyncio.ensure_future(self.listen())
        room: dict[str, Any] | None = None  # the room in hand: an action's answer
        try:
            while time.monotonic() < run.deadline:
                # this game's seat, even if the partner starts the next game meanwhile
                seat = (self.code, self.credential)
                code = seat[0]
                if room is None:
                    room = await self.read(seat)
                    if room is None:
                        continue
                if room["finished"]:
                    room = None
                    await self.rematch(code)
                    continue
                if room["to_act"] != self.seat:
                    room = None
                    continue
                room = await self.act(seat, room)
        except asyncio.TimeoutError:
            return
        finally:
            self.done = True
            listener.cancel()


class Pair:
    """The two seats of one game, which start the next game together."""

    def __init__(self, x: Client, o: Client, code: str) -> None:
        self.x, self.o, self.code = x, o, code
        self.lock = asyncio.Lock()


class Run:
    def __init__(self, args: Any) -> None:
        self.think_min, self.think_max = args.think_min, args.think_max
        self.transport = args.transport
        self.deadline = time.monotonic() + args.seconds
        self.act: list[float] = []
        self.update: list[float] = []
        self.acked: list[tuple[str, int, str]] = []
        self.errors: list[str] = []
        self.sent: dict[tuple[str, int], float] = {}
        self.seen: set[tuple[str, int]] = set()
        self.finished = 0
        self.reads = 0


def host_port(url: str) -> tuple[str, int]:
    host, port = url.split("//", 1)[1].strip("/").rsplit(":", 1)
    return host, int(port)


def clients_process(
    urls: list[str], games: int, seed: int, args: Any, barrier: Any, out: Any
) -> None:
    """``games`` pairs of clients; X speaks to the first replica, O to the last (with two
    replicas, every update an opponent sees crossed from one replica to the other)."""
    random.seed(seed)
    x_at, o_at = host_port(urls[0]), host_port(urls[-1])

    async def main() -> None:
        run = Run(args)
        x_opener, o_opener = Http(*x_at), Http(*o_at)
        clients: list[Client] = []
        for _ in range(games):
            keys = {"X-Qttt-Class": KEY, "X-Qttt-Client": uuid.uuid4().hex}
            _, made = await x_opener.call("POST", "/api/v1/rooms", {}, **keys)
            code = made["room"]["code"]
            _, joined = await o_opener.call("POST", f"/api/v1/rooms/{code}/join", {}, **keys)
            x = Client(run, code, "X", made["credential"], x_at)
            x.id = keys["X-Qttt-Client"]
            o = Client(run, code, "O", joined["credential"], o_at)
            pair = Pair(x, o, code)
            x.pair = o.pair = pair
            clients += [x, o]
        for c in clients:
            await c.connect()
        await asyncio.get_running_loop().run_in_executor(None, barrier.wait)
        run.deadline = time.monotonic() + args.seconds
        for c in clients:
            c.wake.set()
        await asyncio.gather(*(c.play() for c in clients))
        # every client of every process has stopped starting actions at the deadline and
        # has its answers: only now do the sockets close (a thousand sockets closing at
        # once is the end of the run, not a lesson: no action is timed across it)
        await asyncio.sleep(1.0)
        for c in clients:
            c.ws.close()
        out.put(
            {
                "act": run.act,
                "update": run.update,
                "acked": run.acked,
                "errors": run.errors,
                "finished": run.finished,
                "reads": run.reads,
            }
        )

    asyncio.run(main())


def audit(url: str, acked: list[tuple[str, int, str]]) -> tuple[int, int, int]:
    """(lost, doubled or extra, illegal) read from the database."""
    from qttt_edu.rooms import RoomStore

    store = RoomStore(url)
    try:
        rows = store.run(
            lambda conn: store.backend.execute(
                conn, "SELECT code, record FROM qttt_rooms"
            ).fetchall()
        )
    finally:
        store.close()
    records = {code: record for code, record in rows}
    illegal = 0
    tokens: dict[str, list[str]] = {}
    for code, record in records.items():
        try:
            Game.from_record(record)
        except Exception:
            illegal += 1
        tokens[code] = record.split()
    lost = 0
    seen: set[tuple[str, int]] = set()
    for code, ply, action in acked:
        if ply >= len(tokens.get(code, [])) or tokens[code][ply] != action:
            lost += 1
        seen.add((code, ply))
    extra = sum(len(t) for t in tokens.values()) - len(seen)
    return lost, extra, illegal


def one_run(url: str, args: Any) -> dict[str, Any]:
    servers, pipes, service_urls = [], [], []
    for i in range(args.replicas):
        parent, child = mp.Pipe()
        prefix = f"{args.profile}-r{i}" if args.profile and args.replicas > 1 else args.profile
        server = mp.Process(target=serve, args=(url, child, prefix), daemon=True)
        server.start()
        servers.append(server)
        pipes.append(parent)
        service_urls.append(parent.recv())
    procs = max(1, min(args.procs, args.games))
    barrier = mp.Barrier(procs + 1)
    out: Any = mp.Queue()
    workers = [
        mp.Process(
            target=clients_process,
            args=(
                service_urls,
                args.games // procs + (i < args.games % procs),
                1000 + i,
                args,
                barrier,
                out,
            ),
            daemon=True,
        )
        for i in range(procs)
    ]
    for w in workers:
        w.start()
    barrier.wait()
    cpu0, t0 = sum(cpu_seconds(s.pid or 0) for s in servers), time.monotonic()
    wait0 = sum(waited_seconds(s.pid or 0) for s in servers)
    clients0 = sum(cpu_seconds(w.pid or 0) for w in workers)
    pg0, (busy0, all0) = postgres_seconds(), machine_busy()
    results = [out.get() for _ in workers]
    pg1, (busy1, all1) = postgres_seconds(), machine_busy()
    clients1 = sum(cpu_seconds(w.pid or 0) for w in workers)
    cpu1, t1 = sum(cpu_seconds(s.pid or 0) for s in servers), time.monotonic()
    wait1 = sum(waited_seconds(s.pid or 0) for s in servers)
    for w in workers:
        w.join()
    inside = []
    for parent in pipes:
        parent.send("stop")
        inside.append(parent.recv())
    for server in servers:
        server.join(30)
    inside_p50 = max(p50 for p50, _ in inside)  # the slower replica's
    inside_p99 = max(p99 for _, p99 in inside)
    act = [x for r in results for x in r["act"]]
    update = [x for r in results for x in r["update"]]
    acked = [tuple(x) for r in results for x in r["acked"]]
    lost, extra, illegal = audit(url, acked)
    return {
        "in_p50": inside_p50,
        "in_p99": inside_p99,
        "act_p50": percentile(act, 50) * 1000,
        "act_p99": percentile(act, 99) * 1000,
        "upd_p50": percentile(update, 50) * 1000,
        "upd_p99": percentile(update, 99) * 1000,
        "actions_s": len(acked) / (t1 - t0),
        "cpu": (cpu1 - cpu0) / (t1 - t0),
        "cpu_ms": (cpu1 - cpu0) * 1000 / max(1, len(acked)),
        "waited": (wait1 - wait0) / (t1 - t0),
        "clients_cpu": (clients1 - clients0) / (t1 - t0),
        "pg_ms": (pg1 - pg0) * 1000 / max(1, len(acked)),
        "busy": (busy1 - busy0) / max(1e-9, all1 - all0),
        "reads": sum(r["reads"] for r in results) / max(1, len(acked)),
        "finished": sum(r["finished"] for r in results),
        "errors": sum(len(r["errors"]) for r in results),
        "lost": lost,
        "extra": extra,
        "illegal": illegal,
        "actions": len(acked),
        "load": os.getloadavg()[0],
        "error_kinds": dict(Counter(e for r in results for e in r["errors"]).most_common(4)),
    }


def idle_cost(url: str, clients: int, seconds: float) -> dict[str, float]:
    """Service CPU per idle connected client per second (measured against no clients)."""
    parent, child = mp.Pipe()
    server = mp.Process(target=serve, args=(url, child), daemon=True)
    server.start()
    service_url = parent.recv()
    pid = server.pid or 0
    c0 = cpu_seconds(pid)
    time.sleep(seconds)
    base = (cpu_seconds(pid) - c0) / seconds
    host, port = service_url.split("//", 1)[1].strip("/").rsplit(":", 1)

    async def hold() -> float:
        http = Http(host, int(port))
        socks = []
        from tornado.websocket import websocket_connect

        for i in range(clients):
            if i % 2 == 0:
                _, made = await http.call("POST", "/api/v1/rooms", {}, **{"X-Qttt-Class": KEY})
                code, cred = made["room"]["code"], made["credential"]
            else:
                _, joined = await http.call(
                    "POST", f"/api/v1/rooms/{code}/join", {}, **{"X-Qttt-Class": KEY}
                )
                cred = joined["credential"]
            ws = await websocket_connect(f"ws://{host}:{port}/api/v1/socket")
            await ws.write_message(
                json.dumps(
                    {
                        "type": "hello",
                        "class": KEY,
                        "watch": [code],
                        "seats": [{"code": code, "credential": cred}],
                    }
                )
            )
            socks.append(ws)

        async def drain(ws: Any) -> None:
            while await ws.read_message() is not None:
                pass

        tasks = [asyncio.ensure_future(drain(ws)) for ws in socks]
        await asyncio.sleep(3)
        c1 = cpu_seconds(pid)
        await asyncio.sleep(seconds)
        busy = (cpu_seconds(pid) - c1) / seconds
        for t in tasks:
            t.cancel()
        for ws in socks:
            ws.close()
        return busy

    busy = asyncio.run(hold())
    parent.send("stop")
    server.join(30)
    return {
        "base_ms_s": base * 1000,
        "busy_ms_s": busy * 1000,
        "per_client_ms_s": (busy - base) * 1000 / clients,
        "load": os.getloadavg()[0],
    }


def store_url(backend: str, folder: str, n: int) -> tuple[str, Any]:
    if backend == "sqlite":
        return f"sqlite:///{folder}/bench{n}.sqlite3", None
    from tests import pg

    cluster = pg.shared_cluster()
    return cluster.new_database(), cluster


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--think-min", type=float, default=0.3)
    parser.add_argument("--think-max", type=float, default=0.9)
    parser.add_argument(
        "--profile", default="", help="profile the service with cProfile into PREFIX-*.prof"
    )
    parser.add_argument(
        "--replicas",
        type=int,
        default=1,
        help="service replicas on one PostgreSQL (X's clients on the first, O's on the last)",
    )
    parser.add_argument("--idle", type=int, default=0, help="measure N idle clients instead")
    parser.add_argument(
        "--transport",
        choices=["socket", "http"],
        default="socket",
        help="reads and actions on the change socket, as the app sends them, or by HTTP",
    )
    args = parser.parse_args()
    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    if args.replicas > 1:
        backends = ["postgresql"]  # replicas share a PostgreSQL; SQLite has one service
    folder = tempfile.mkdtemp(prefix="qttt-bench-service-")
    n = 0
    update = "update" if args.replicas == 1 else f"cross-replica update ({args.replicas} replicas)"
    for backend in backends:
        if args.idle:
            n += 1
            url, _ = store_url(backend, folder, n)
            r = idle_cost(url, args.idle, args.seconds)
            print(
                f"{backend}: {args.idle} idle clients: service {r['base_ms_s']:.2f} ms/s alone, "
                f"{r['busy_ms_s']:.2f} ms/s with them: {r['per_client_ms_s']:.4f} ms CPU per "
                f"client per second (load {r['load']:.1f})"
            )
            continue
        rows = []
        for i in range(args.runs):
            n += 1
            url, cluster = store_url(backend, folder, n)
            r = one_run(url, args)
            rows.append(r)
            if cluster is not None:
                cluster.drop_database(url)  # the next run starts on a quiet server
            print(
                f"{backend} run {i + 1}: {args.games} games ({2 * args.games} clients): "
                f"act p50 {r['act_p50']:.0f} ms p99 {r['act_p99']:.0f} ms (inside the service "
                f"p50 {r['in_p50']:.1f} ms p99 {r['in_p99']:.1f} ms); {update} p50 "
                f"{r['upd_p50']:.0f} ms p99 {r['upd_p99']:.0f} ms; {r['actions_s']:.0f} actions/s; "
                f"service CPU {r['cpu']:.2f} s/s, {r['cpu_ms']:.2f} ms per action, "
                f"waiting for a CPU {r['waited']:.2f} s/s; the clients' CPU "
                f"{r['clients_cpu']:.2f} s/s; "
                + (f"the PostgreSQL server {r['pg_ms']:.2f} ms per action; " if r["pg_ms"] else "")
                + f"the machine's cores {100 * r['busy']:.0f} % busy; "
                f"{r['actions']} actions ({r['reads']:.2f} reads each), {r['finished']} games "
                f"finished; lost {r['lost']}, doubled/extra {r['extra']}, illegal {r['illegal']}; "
                f"errors {r['errors']} {r['error_kinds'] or ''} (load {r['load']:.1f})",
                flush=True,
            )
        med = {k: statistics.median(r[k] for r in rows) for k in rows[0] if k != "error_kinds"}
        print(
            f"{backend} MEDIAN of {len(rows)}: act (inside the service p50 {med['in_p50']:.1f} ms "
            f"p99 {med['in_p99']:.1f} ms) p50 {med['act_p50']:.0f} ms p99 "
            f"{med['act_p99']:.0f} ms; {update} p50 {med['upd_p50']:.0f} ms p99 "
            f"{med['upd_p99']:.0f} ms; {med['actions_s']:.0f} actions/s; service CPU "
            f"{med['cpu']:.2f} s/s, {med['cpu_ms']:.2f} ms per action, waiting for a CPU "
            f"{med['waited']:.2f} s/s; "
            + (f"PostgreSQL server {med['pg_ms']:.2f} ms per action; " if med["pg_ms"] else "")
            + f"cores {100 * med['busy']:.0f} % busy; lost "
            f"{max(r['lost'] for r in rows)}, doubled/extra "
            f"{max(r['extra'] for r in rows)}, illegal {max(r['illegal'] for r in rows)} "
            f"(load {med['load']:.1f})",
            flush=True,
        )


if __name__ == "__main__":
    main()
