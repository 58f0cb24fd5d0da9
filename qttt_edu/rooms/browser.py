"""The rooms service's transport in the static site's Python (Pyodide, in a web worker).

The site's kernel runs in the browser's web worker: it has no threads and no sockets
module, so :class:`~qttt_edu.rooms.remote.ServiceClient` speaks the same protocol
through what the worker has:

* **requests** by synchronous ``XMLHttpRequest`` (a worker may block on one; the page
  does not freeze), the same headers and JSON bodies as the app's requests
  (:func:`xhr_request`);
* **the change socket** by the browser's own ``WebSocket``, its events calling Python
  (:class:`BrowserSocket`). The socket says hello, watches rooms and holds seats exactly
  as the app's socket thread does (the client builds every message), reconnects with
  the same backoff, and runs the client's heartbeat every ``BEAT_SECONDS``. Its notices
  only wake the client, which reads the room from the service.

The socket's state machine takes its browser functions as arguments, so its pure parts
are tested in plain Python (``tests/test_rooms_browser.py``); the whole is played in
Chromium by ``tests/browser/test_browser_site_shared.py``.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from ..environment import in_pyodide

if TYPE_CHECKING:
    from .remote import ServiceClient

__all__ = [
    "BACKOFF_FIRST",
    "BACKOFF_MAX",
    "BEAT_SECONDS",
    "BrowserSocket",
    "JsFunctions",
    "in_browser",
    "socket_url",
    "xhr_request",
]

#: seconds before the first reconnection, doubled each time up to BACKOFF_MAX
BACKOFF_FIRST = 0.5
BACKOFF_MAX = 10.0
#: the client's heartbeat (a kept action is sent again), as the app's socket thread does
BEAT_SECONDS = 15.0
#: WebSocket.readyState of an open socket
OPEN = 1


def in_browser() -> bool:
    """Is this Python Pyodide in a browser (the static site's kernel)?"""
    return in_pyodide()


def socket_url(service_url: str) -> str:
    """The change socket's address for a service at ``service_url``.

    >>> socket_url("https://school.example/rooms/")
    'wss://school.example/rooms/api/v1/socket'
    >>> socket_url("http://10.0.0.5:8866/rooms/")
    'ws://10.0.0.5:8866/rooms/api/v1/socket'
    """
    return "ws" + service_url[4:] + "api/v1/socket"


def xhr_request(
    method: str, url: str, headers: dict[str, str], data: bytes | None, timeout: float
) -> tuple[int, bytes]:
    """One request by synchronous XMLHttpRequest: the status and the body's bytes.

    A request that gets no answer (refused, cut, timed out) raises :class:`OSError`,
    as the app's transport does, so the client says the service is unreachable.
    """
    from js import XMLHttpRequest  # type: ignore[import-not-found,unused-ignore]

    xhr = XMLHttpRequest.new()
    xhr.open(method, url, False)
    xhr.timeout = max(1, int(timeout * 1000))  # allowed for a synchronous request in a worker
    for name, value in headers.items():
        xhr.setRequestHeader(name, value)
    try:
        xhr.send(None if data is None else data.decode("utf-8"))
    except Exception as err:  # a JavaScript NetworkError or TimeoutError
        raise OSError(str(err).strip().splitlines()[-1][:200] or "network error") from None
    status = int(xhr.status)
    if status == 0:
        raise OSError("network error")
    return status, str(xhr.responseText or "").encode("utf-8")


class WebSocketLike(Protocol):
    """What :class:`BrowserSocket` uses of a browser ``WebSocket``."""

    readyState: int

    def send(self, text: str) -> None: ...

    def close(self, code: int = ...) -> None: ...

    def addEventListener(self, kind: str, listener: Any) -> None: ...


@dataclass
class JsFunctions:
    """The browser's functions the socket uses (the worker's own, or a test's).

    ``open_socket(url)`` makes a ``WebSocket``; ``later(callback, seconds)`` and
    ``every(callback, seconds)`` return a handle for ``cancel(handle)``; ``proxy(f)``
    makes a Python function callable from JavaScript for as long as it is kept.
    """

    open_socket: Callable[[str], WebSocketLike]
    later: Callable[[Callable[[], None], float], Any]
    every: Callable[[Callable[[], None], float], Any]
    cancel: Callable[[Any], None]
    proxy: Callable[[Callable[..., None]], Any]

    @classmethod
    def worker(cls) -> JsFunctions:
        """The functions of the web worker Pyodide runs in."""
        import js  # type: ignore[import-not-found,unused-ignore]
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found,unused-ignore]

        def later(callback: Callable[[], None], seconds: float) -> Any:
            return js.setTimeout(create_proxy(callback), int(seconds * 1000))

        def every(callback: Callable[[], None], seconds: float) -> Any:
            return js.setInterval(create_proxy(callback), int(seconds * 1000))

        def cancel(handle: Any) -> None:
            js.clearTimeout(handle)
            js.clearInterval(handle)

        return cls(js.WebSocket.new, later, every, cancel, create_proxy)


class BrowserSocket:
    """The client's change socket in a browser: events in, messages out, no thread.

    ``client`` builds the hello and reads every message (:meth:`ServiceClient.hello`,
    :meth:`ServiceClient.on_socket_message`); this class only keeps the connection.
    """

    def __init__(self, client: ServiceClient, js: JsFunctions | None = None) -> None:
        self.client = client
        self.js = js or JsFunctions.worker()
        self.url = socket_url(client.url)
        self.ws: WebSocketLike | None = None
        self.ready = False
        self.greeted = False
        self.closed = False
        self.backoff = BACKOFF_FIRST
        self.retry: Any = None
        self.beat: Any = None
        self._listeners: list[Any] = []  # the proxies of the socket's events: kept alive

    def start(self) -> None:
        """Connect, and run the client's heartbeat while the socket is wanted."""
        if self.beat is None:
            self.beat = self.js.every(self.client.run_heartbeats, BEAT_SECONDS)
        self.connect()

    def connect(self) -> None:
        self.retry = None
        if self.closed or self.ws is not None:
            return
        try:
            ws = self.js.open_socket(self.url)
        except Exception as err:  # a bad address: said, and tried again later
            self.client.socket_lost(str(err))
            self._again()
            return
        self.ws = ws
        self._listeners = [
            self.js.proxy(lambda *_e: self._opened(ws)),
            self.js.proxy(lambda event: self._message(ws, event)),
            self.js.proxy(lambda *_e: self._closed(ws)),
        ]
        for kind, listener in zip(("open", "message", "close"), self._listeners, strict=True):
            ws.addEventListener(kind, listener)

    def _opened(self, ws: WebSocketLike) -> None:
        if ws is not self.ws:
            return
        for message in self.client.hello_messages():
            ws.send(message)
        self.greeted = True

    def _message(self, ws: WebSocketLike, event: Any) -> None:
        if ws is not self.ws:
            return
        ready = self.client.on_socket_message(str(event.data), self.ready)
        if ready and not self.ready:
            self.backoff = BACKOFF_FIRST
        self.ready = ready

    def _closed(self, ws: WebSocketLike) -> None:
        if ws is not self.ws:
            return
        self.ws, self.ready, self.greeted = None, False, False
        self.client.socket_lost(None)
        self._again()

    def _again(self) -> None:
        if self.closed or self.retry is not None:
            return
        self.retry = self.js.later(self.connect, self.backoff)
        self.backoff = min(BACKOFF_MAX, self.backoff * 2)

    def send(self, text: str) -> None:
        """Send ``text`` if the socket is open and greeted; else the next hello says it."""
        ws = self.ws
        if ws is not None and self.greeted and ws.readyState == OPEN:
            with suppress(Exception):
                ws.send(text)

    def close(self) -> None:
        """Close for good: held seats become away at once."""
        self.closed = True
        for handle in (self.retry, self.beat):
            if handle is not None:
                self.js.cancel(handle)
        self.retry = self.beat = None
        ws, self.ws, self.ready, self.greeted = self.ws, None, False, False
        if ws is not None:
            with suppress(Exception):
                ws.close(1000)
