"""Ports for the servers the tests start, taken where nothing else in the run takes them.

A port that the operating system hands out for port 0 comes from the ephemeral range
(32768-60999 on Linux). Every outgoing connection and every kernel's ZMQ socket draws
from that same range. Between a test picking such a port and its server binding it, a
browser's or a kernel's connection can take it: on a busy two-worker run, the classroom
command once lost its students' port that way ("The port ... is already in use").

Ports here come from below that range. Each xdist worker has a block of its own and
walks it in turn, so two workers never pick the same port. Each port is checked free
before it is handed out. Where the ephemeral range starts too low for the blocks, port 0
decides, as before.
"""

from __future__ import annotations

import itertools
import os
import socket
from pathlib import Path

BASE = 20_000
BLOCK = 1_000
WORKERS = 12  # blocks 20000-31999

_turn = itertools.count()


def _ephemeral_start() -> int:
    try:
        text = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text(encoding="ascii")
        return int(text.split()[0])
    except (OSError, ValueError, IndexError):
        return 0


def _worker() -> int:
    name = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return int(name[2:]) % WORKERS if name[2:].isdigit() else 0


def _bindable(host: str, port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _any_port(host: str) -> int:
    with socket.socket() as sock:
        sock.bind((host, 0))
        return int(sock.getsockname()[1])


def free_port(host: str = "127.0.0.1") -> int:
    """A TCP port on ``host`` that nothing listens on now and that no other worker is given."""
    if _ephemeral_start() < BASE + WORKERS * BLOCK:
        return _any_port(host)
    start = BASE + _worker() * BLOCK
    for _ in range(BLOCK):
        port = start + next(_turn) % BLOCK
        if _bindable(host, port):
            return port
    return _any_port(host)
