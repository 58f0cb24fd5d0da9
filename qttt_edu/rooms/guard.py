"""The door every server of the kit opens: connections one address may hold, and how long.

Tornado's ``HTTPServer`` waits an hour for a request's headers and for ever for its body,
and accepts as many connections as one sender opens. A single laptop could then hold the
classroom server's sockets with half-sent requests, until the process runs out of file
handles; at that point tornado's accept loop retries the refused ``accept`` at full speed
and logs a traceback each time. :class:`GuardedServer` is the same server with:

* a deadline for a request's headers (:data:`IDLE_SECONDS`, also the wait between two
  requests on one connection) and for its body (:data:`BODY_SECONDS`);
* at most ``per_address`` connections from one network address (WebSockets included,
  for as long as they are open) and ``total`` in all: the next one gets a short
  ``503`` in the server's language and is closed. The machine's own addresses (the
  loopback, and any address a connection arrived on, since a program on this machine
  that connects to it sends from it too: the teacher's browser, a proxy in front, the
  tests' and benchmarks' simulated class) count only towards ``total``;
* when the process has no file handle left anyway (a kernel opened many), accepting
  pauses for :data:`PAUSE_SECONDS` instead of spinning, and says so once in the log.

:func:`raise_file_limit` lifts the process's soft limit on open files to its hard limit,
so the caps, not the operating system, decide.

>>> server = GuardedServer(lambda request: None, per_address=2, refusal="busy")
>>> server.per_address, server.idle_connection_timeout, server.body_timeout
(2, 30.0, 10.0)
"""

from __future__ import annotations

import contextlib
import errno
import logging
import socket
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import tornado.httpserver
import tornado.ioloop
import tornado.iostream

LOG = logging.getLogger("qttt_edu.rooms")

IDLE_SECONDS = 30.0
"""Headers must arrive within this many seconds of connecting or of the last answer."""
BODY_SECONDS = 10.0
"""A request's body must arrive within this many seconds of its headers."""
PAUSE_SECONDS = 0.5
"""How long accepting pauses when the process has no file handle left."""
RESERVED_FILES = 256
"""File handles kept free of connections: the store, the log, the pages, kernels' pipes."""

OWN_ADDRESSES = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
"""Addresses ``per_address`` does not cap: this machine's own."""

_OUT_OF_HANDLES = {errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM}


def raise_file_limit() -> int:
    """Lift the soft limit on open files to the hard one (where the system has one);
    returns the soft limit now in force (0 where it cannot be read)."""
    try:
        import resource
    except ImportError:  # Windows: no such limit to lift
        return 0
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (OSError, ValueError):  # a sandbox that refuses: keep what there is
            pass
    return int(soft) if soft != resource.RLIM_INFINITY else 1 << 20


def default_total(limit: int) -> int:
    """Connections in all for a process allowed ``limit`` open files."""
    return max(64, limit - RESERVED_FILES) if limit else 10_000


class GuardedServer(tornado.httpserver.HTTPServer):
    """An ``HTTPServer`` with deadlines and caps (see the module's text).

    ``per_address``: connections one address may hold (0: no cap, for a service that only
    its own proxy reaches); ``total``: connections in all (``None``: what the file limit
    allows); ``refusal``: the text of the ``503`` a refused connection gets.
    """

    def initialize(  # type: ignore[override]
        self,
        request_callback: Any,
        *,
        per_address: int = 0,
        total: int | None = None,
        refusal: str = "",
        **kwargs: Any,
    ) -> None:
        if kwargs.get("ssl_options") is not None:
            raise ValueError("GuardedServer serves plain HTTP; TLS belongs to the proxy in front")
        kwargs.setdefault("idle_connection_timeout", IDLE_SECONDS)
        kwargs.setdefault("body_timeout", BODY_SECONDS)
        super().initialize(request_callback, **kwargs)
        self.idle_connection_timeout = float(kwargs["idle_connection_timeout"])
        self.body_timeout = float(kwargs["body_timeout"])
        self.per_address = per_address
        self.total = total if total is not None else default_total(raise_file_limit())
        self.refusal = refusal
        self.refused = 0
        self.paused = 0
        self._host: dict[tornado.iostream.IOStream, str] = {}
        self._counts: Counter[str] = Counter()
        self._upgraded: set[tornado.iostream.IOStream] = set()
        self._removers: list[Callable[[], None]] = []
        #: the port it listens on (after ``listen`` or ``add_sockets``)
        self.bound_port = 0
        #: this machine's addresses, as far as connections have shown them
        self.own_addresses: set[str] = set(OWN_ADDRESSES)

    def is_own(self, host: str) -> bool:
        """Is ``host`` this machine (the loopback, or an address connections arrive on)?"""
        return host in self.own_addresses

    def _sweep(self) -> None:
        """Forget WebSockets that have closed (tornado no longer tells the server)."""
        for stream in [s for s in self._upgraded if s.closed()]:
            self._upgraded.discard(stream)
            self._forget(stream)

    def _forget(self, stream: tornado.iostream.IOStream) -> None:
        host = self._host.pop(stream, None)
        if host is not None:
            self._counts[host] -= 1
            if self._counts[host] <= 0:
                del self._counts[host]

    def handle_stream(self, stream: tornado.iostream.IOStream, address: Any) -> None:
        host = str(address[0]) if isinstance(address, tuple) and address else ""
        self._sweep()
        full = len(self._host) >= self.total
        with contextlib.suppress(OSError):
            self.own_addresses.add(str(stream.socket.getsockname()[0]))
        capped = self.per_address and not self.is_own(host)
        if full or (capped and self._counts[host] >= self.per_address):
            self.refused += 1
            self._turn_away(stream)
            return
        self._host[stream] = host
        self._counts[host] += 1
        super().handle_stream(stream, address)

    def _turn_away(self, stream: tornado.iostream.IOStream) -> None:
        """A short answer the sender can read, then the connection closes (written straight
        to the socket: it fits in its buffer, and nothing waits on a sender that never
        reads)."""
        body = (self.refusal or "Service Unavailable").encode()
        head = (
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
            f"Retry-After: 5\r\nConnection: close\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        with contextlib.suppress(OSError):
            stream.socket.send(head.encode() + body)
        stream.close()

    def on_close(self, server_conn: object) -> None:
        stream = getattr(server_conn, "stream", None)
        super().on_close(server_conn)
        if isinstance(stream, tornado.iostream.IOStream):
            if stream.closed():
                self._forget(stream)
            else:  # handed to a WebSocket: it counts until it closes
                self._upgraded.add(stream)

    # Accepting: tornado's own loop, except that running out of file handles pauses it.

    def add_sockets(self, sockets: Iterable[socket.socket]) -> None:
        for sock in sockets:
            self.bound_port = int(sock.getsockname()[1])
            self._removers.append(self._accept_on(sock))

    def _accept_on(self, sock: socket.socket) -> Callable[[], None]:
        loop = tornado.ioloop.IOLoop.current()
        state: dict[str, Any] = {"listening": True, "resume": None}

        def accept(fd: Any, events: int) -> None:
            for _ in range(128):  # a burst at a time, as tornado does
                if not state["listening"]:
                    return
                try:
                    conn, address = sock.accept()
                except BlockingIOError:
                    return
                except ConnectionAbortedError:
                    continue
                except OSError as error:
                    if error.errno not in _OUT_OF_HANDLES:
                        raise
                    self._pause(loop, sock, state, accept)
                    return
                conn.setblocking(False)
                stream = tornado.iostream.IOStream(
                    conn, max_buffer_size=self.max_buffer_size, read_chunk_size=self.read_chunk_size
                )
                self.handle_stream(stream, address)

        def remove() -> None:
            if state["resume"] is not None:
                loop.remove_timeout(state["resume"])
                state["resume"] = None
            if state["listening"]:
                state["listening"] = False
                loop.remove_handler(sock)
            sock.close()

        loop.add_handler(sock, accept, tornado.ioloop.IOLoop.READ)
        return remove

    def _pause(
        self,
        loop: tornado.ioloop.IOLoop,
        sock: socket.socket,
        state: dict[str, Any],
        accept: Callable[[Any, int], None],
    ) -> None:
        if self.paused == 0:
            LOG.warning(
                "no file handle left to accept a connection; accepting pauses %.1f s at a time",
                PAUSE_SECONDS,
            )
        self.paused += 1
        state["listening"] = False
        loop.remove_handler(sock)

        def resume() -> None:
            state["resume"] = None
            state["listening"] = True
            loop.add_handler(sock, accept, tornado.ioloop.IOLoop.READ)

        state["resume"] = loop.call_later(PAUSE_SECONDS, resume)

    def stop(self) -> None:
        removers, self._removers = self._removers, []
        for remove in removers:
            remove()
        super().stop()
