"""One address against the servers' door: half-sent requests, piles of sockets, no file
handles left. Every test plays the attacker over real TCP against a real tornado server,
and then checks that a classmate on another address is still served."""

from __future__ import annotations

import asyncio
import json
import os
import select
import socket
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.web
import tornado.websocket

from qttt_edu.i18n import t_in
from qttt_edu.rooms.guard import GuardedServer
from qttt_edu.rooms.service import Limits, start_service
from tests.rooms_support import CLASS_KEY, TEACHER

ROOT = Path(__file__).resolve().parents[1]


class Hello(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write("hello")

    def post(self) -> None:
        self.write(f"got {len(self.request.body)}")


class Echo(tornado.websocket.WebSocketHandler):
    def on_message(self, message: str | bytes) -> None:
        self.write_message(message)


def _serve(
    make: Callable[[tornado.web.Application], GuardedServer], host: str = "127.0.0.1"
) -> Iterator[GuardedServer]:
    """A guarded server serving ``/`` and ``/ws`` on ``host``, on a thread of its own."""
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        async def main() -> None:
            app = tornado.web.Application([(r"/", Hello), (r"/ws", Echo)])
            server = make(app)
            server.listen(0, host)
            box.update(server=server, stop=asyncio.Event(), loop=asyncio.get_running_loop())
            ready.set()
            await box["stop"].wait()
            server.stop()

        asyncio.run(main())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    assert ready.wait(10)
    yield box["server"]
    box["loop"].call_soon_threadsafe(box["stop"].set)
    thread.join(10)


def _connect(port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=5, source_address=(source, 0))
    return sock


def _get(port: int, source: str = "127.0.0.1") -> str:
    """A whole GET of ``/`` from ``source``: the answer's text (status line and body)."""
    with _connect(port, source) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        return _read_all(sock)


def _read_all(sock: socket.socket) -> str:
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, TimeoutError):
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Does the server close ``sock`` (an end of file or a reset) within ``seconds``?"""
    sock.settimeout(seconds)
    try:
        return sock.recv(1024) == b""
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


@pytest.fixture
def guarded() -> Iterator[Callable[..., int]]:
    """``guarded(**options)`` starts a GuardedServer serving ``/`` and ``/ws``."""
    stack: list[Iterator[int]] = []

    def start(**options: Any) -> int:
        it = _serve(lambda app: GuardedServer(app, **options))
        stack.append(it)
        return next(it).bound_port

    yield start
    for it in stack:
        next(it, None)


def test_half_sent_headers_are_cut_off_at_the_deadline(guarded: Callable[..., int]) -> None:
    port = guarded(idle_connection_timeout=0.5)
    slow = _connect(port)
    slow.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the blank line
    assert _closed_within(slow, 3)
    slow.close()
    assert "hello" in _get(port)


def test_a_body_that_never_finishes_is_cut_off_at_its_deadline(
    guarded: Callable[..., int],
) -> None:
    port = guarded(body_timeout=0.5)
    slow = _connect(port)
    slow.sendall(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc")
    assert _closed_within(slow, 3)
    slow.close()
    # a body that does arrive in time is served
    with _connect(port) as sock:
        sock.sendall(
            b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc"
        )
        assert "got 3" in _read_all(sock)


def test_an_idle_connection_is_not_cut_off_before_its_deadline(
    guarded: Callable[..., int],
) -> None:
    """The deadlines stop hoarders, not a page that waits a moment between requests."""
    port = guarded(idle_connection_timeout=2.0)
    with _connect(port) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert "hello" in sock.recv(4096).decode()
        assert not _closed_within(sock, 0.8)
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        assert "hello" in sock.recv(4096).decode()


def test_one_address_gets_its_share_of_connections_and_the_next_is_told_why(
    guarded: Callable[..., int],
) -> None:
    port = guarded(per_address=5, refusal="too many from here")
    hoard = [_connect(port, "127.0.0.2") for _ in range(5)]
    time.sleep(0.2)
    refused = _get(port, "127.0.0.2")
    assert refused.startswith("HTTP/1.1 503")
    assert refused.endswith("too many from here")
    # a classmate on another address is served all the same
    assert "hello" in _get(port, "127.0.0.3")
    # and the hoarder gets a connection back once one of its own closes
    hoard.pop().close()
    time.sleep(0.2)
    assert "hello" in _get(port, "127.0.0.2")
    for sock in hoard:
        sock.close()


def test_open_websockets_count_against_the_address_until_they_close(
    guarded: Callable[..., int],
) -> None:
    """Tornado hands a WebSocket's connection over and forgets it: the cap must not."""
    port = guarded(per_address=2, refusal="full")
    sockets = []
    for _ in range(2):
        sock = _connect(port, "127.0.0.2")
        sock.sendall(
            b"GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        assert sock.recv(4096).startswith(b"HTTP/1.1 101")
        sockets.append(sock)
    assert _get(port, "127.0.0.2").startswith("HTTP/1.1 503")
    sockets.pop().close()
    time.sleep(0.3)
    assert "hello" in _get(port, "127.0.0.2")
    for sock in sockets:
        sock.close()


def test_the_total_cap_holds_when_many_addresses_come(guarded: Callable[..., int]) -> None:
    port = guarded(total=4)
    held = [_connect(port, f"127.0.0.{n}") for n in range(2, 6)]
    time.sleep(0.2)
    assert _get(port, "127.0.0.9").startswith("HTTP/1.1 503")
    held.pop().close()
    time.sleep(0.2)
    assert "hello" in _get(port, "127.0.0.9")
    for sock in held:
        sock.close()


EXHAUST = textwrap.dedent(
    """
    import asyncio, json, logging, resource, socket, sys, threading, time
    import tornado.web
    from qttt_edu.rooms.guard import GuardedServer

    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    resource.setrlimit(resource.RLIMIT_NOFILE, (120, 120))

    class Hello(tornado.web.RequestHandler):
        def get(self):
            self.write("hello")

    async def main():
        app = tornado.web.Application([(r"/", Hello)])
        # no caps at all: only the file limit stops the hoarder
        server = GuardedServer(app, total=10**6)
        server.listen(0, "127.0.0.1")
        print(server.bound_port, flush=True)
        sys.stdin.readline()  # the hoard is in place
        before = time.process_time()
        await asyncio.sleep(2.0)
        spent = time.process_time() - before
        print(json.dumps({"cpu": spent, "paused": server.paused}), flush=True)
        sys.stdin.readline()  # the hoard has gone
        await asyncio.sleep(1.0)
        print("served", flush=True)
        await asyncio.sleep(5.0)

    asyncio.run(main())
    """
)


def _line(proc: subprocess.Popen[str], seconds: float = 20.0) -> str:
    """The subprocess's next line, or a failure after ``seconds`` (never a hang)."""
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    assert ready, f"no answer from the server within {seconds} s"
    return proc.stdout.readline()


@pytest.mark.slow
def test_running_out_of_file_handles_pauses_accepting_instead_of_spinning(
    tmp_path: Path,
) -> None:
    """With no file handle left, tornado's own loop retries ``accept`` at full speed and
    logs a traceback each time. The guarded server pauses, says so once, and serves
    again when handles come free."""
    script = tmp_path / "exhaust.py"
    script.write_text(EXHAUST, "utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen(
        [sys.executable, str(script)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None and proc.stdin is not None
        port = int(_line(proc))
        hoard = []
        for _ in range(200):  # more than the server's 120 handles
            try:
                hoard.append(socket.create_connection(("127.0.0.1", port), timeout=2))
            except OSError:
                break
        time.sleep(0.5)
        proc.stdin.write("\n")
        proc.stdin.flush()
        report = json.loads(_line(proc))
        assert report["paused"] >= 1
        assert report["cpu"] < 0.5, report  # two seconds of a spinning loop cost ~2 s
        for sock in hoard:
            sock.close()
        proc.stdin.write("\n")
        proc.stdin.flush()
        assert _line(proc).strip() == "served"
        assert "hello" in _get(port)
    finally:
        proc.kill()
        _out, err = proc.communicate(timeout=10)
    assert err.count("no file handle left") == 1, err[-2000:]
    assert "Traceback" not in err


def test_the_rooms_service_turns_a_hoarder_away_in_the_class_language() -> None:
    limits = Limits(connections_per_address=6)
    running = start_service(
        "sqlite::memory:",
        classes={"7B": CLASS_KEY},
        teacher_secret=TEACHER,
        limits=limits,
        language="da",
    )
    try:
        port = int(running.url.rsplit(":", 1)[1].strip("/"))
        hoard = [_connect(port, "127.0.0.2") for _ in range(6)]
        time.sleep(0.2)
        refused = _get(port, "127.0.0.2")
        assert refused.startswith("HTTP/1.1 503")
        assert refused.endswith(t_in("da", "service_connection_limit", limit=6))
        with _connect(port, "127.0.0.3") as sock:
            sock.sendall(b"GET /api/v1/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            answer = _read_all(sock)
        assert not answer.startswith("HTTP/1.1 503"), answer
        for sock in hoard:
            sock.close()
    finally:
        running.stop()


def test_the_machines_own_address_is_not_capped(guarded: Callable[..., int]) -> None:
    """The teacher's browser, a proxy in front and the benchmarks' simulated class all
    come from 127.0.0.1: the cap is for other devices."""
    port = guarded(per_address=2)
    held = [_connect(port) for _ in range(4)]
    time.sleep(0.2)
    assert "hello" in _get(port)
    for sock in held:
        sock.close()


def _own_lan_address() -> str | None:
    """This machine's address on its network (not the loopback), if it has one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # no packet is sent: only the route is looked up
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") else address


def test_a_class_simulated_on_this_machine_through_its_network_address_is_not_capped() -> None:
    """The tests and benchmarks open thirty browsers on this machine at the students' link,
    which carries the machine's network address: they arrive from that same address, which
    is this machine's own, not one laptop's."""
    lan = _own_lan_address()
    if lan is None:
        pytest.skip("this machine has no network address besides the loopback")
    serving = _serve(lambda app: GuardedServer(app, per_address=2), host="0.0.0.0")
    server = next(serving)
    port = server.bound_port
    try:
        held = [socket.create_connection((lan, port), timeout=5) for _ in range(4)]
        time.sleep(0.2)
        with socket.create_connection((lan, port), timeout=5) as sock:
            sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert "hello" in _read_all(sock)
        assert server.is_own(lan)
        for sock in held:
            sock.close()
    finally:
        next(serving, None)
