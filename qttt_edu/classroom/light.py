"""The light app: the kit's game app for ``qttt-edu classroom --site``, with no Python in
the student's browser.

The site's own app starts Python in the browser (Pyodide): 20 MB and several seconds
of a laptop's CPU before the first move, and a class of phones and old laptops waits
for it. The light app runs the very same :class:`~qttt_edu.widgets.app.GameApp` in the
classroom's own process instead, one per open page, and the page draws it with a small
script (``light.js``, about 10 kB, against Voilà's and Pyodide's megabytes):

* **one app per page, on a thread of its own.** Each WebSocket (``/light/socket``)
  gets a thread with its own event loop, where its app is made and every message to
  it runs. An app makes blocking calls (its shared game speaks to the rooms service
  over HTTP, like a kernel's), so it must not run on the service's loop; and the
  thread speaks the page's language (:func:`~qttt_edu.i18n.use_thread_language`), so
  one student's choice of language changes no one else's.
* **the widgets' own protocol.** The app's ipywidgets send their state as they do to
  a kernel's page: :func:`install` has ``comm.create_comm`` (the extension point of
  the ``comm`` package) make a :class:`PageComm` on a page's thread, and each message
  goes to that page's socket as JSON. The page sends back what a widget page sends
  (``update`` of a value, ``custom`` messages such as a click), and only the values a
  student can change: never a widget's layout, text or ``disabled``.
* **the rooms service as a kernel meets it.** The app's shared games go through
  :class:`~qttt_edu.rooms.remote.ServiceClient` to this process's own service at the
  address it knows itself; the page only tells the class key its link brought. A
  page's claim of any other address is ignored, so no page can make the teacher's
  computer call elsewhere.
* **limits.** Pages per address (``--kernels-per-address``, as a kernel is in the
  kernel mode) and in all (``MAX_PAGES``), messages per page (a token bucket), and the
  size of each message (``MAX_MESSAGE``). Each refusal is said in the page's language.
* **presence** is the page's socket: when it closes, the app closes its seat's
  connection to the service, which marks the player away, and the page's widgets are
  closed and forgotten.
"""

from __future__ import annotations

import asyncio
import functools
import html
import json
import logging
import re
import threading
import time
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

import comm
import tornado.ioloop
import tornado.web
import tornado.websocket
from comm.base_comm import BaseComm

from ..i18n import language_code, t_in, use_thread_language
from ..rooms.service import Bucket
from .login import ICON

__all__ = [
    "AppMaker",
    "LightPage",
    "LightPages",
    "LightSocket",
    "PageComm",
    "install",
    "light_page",
    "light_rules",
]

log = logging.getLogger(__name__)

_HERE = Path(__file__).parent
PAGE_SOURCE = _HERE / "light.html"
SCRIPT_SOURCE = _HERE / "light.js"
STYLE_SOURCE = _HERE / "light.css"

#: where the light app answers, below the site's root
LIGHT_PATH = "light/"
#: pages the whole process holds at most (each is an app and a thread)
MAX_PAGES = 200
#: the longest message a page may send (a typed room code or nickname is far shorter)
MAX_MESSAGE = 8192
#: messages a page may send a second, and in a burst (clicks, typing, "alive" notes)
PAGE_RATE, PAGE_BURST = 20.0, 60.0
#: the values a page may change: what a student types, picks or the page finds out
#: about itself (PageLink's); never a widget's words, layout or ``disabled``
PAGE_SETTABLE = frozenset(
    {"value", "index", "href", "server", "params", "arrived", "arrived_sent", "service"}
)

_local = threading.local()
_install_lock = threading.Lock()
_previous: Callable[..., BaseComm] | None = None


class PageComm(BaseComm):
    """A widget's comm whose messages go to one light page's socket."""

    def __init__(self, page: LightPage, **kwargs: Any) -> None:
        self.page = page  # before BaseComm's __init__, which opens (publishes) at once
        super().__init__(**kwargs)
        page.comms[self.comm_id] = self

    def publish_msg(
        self,
        msg_type: str,
        data: dict[str, Any] | None = None,
        metadata: dict[str, Any] | None = None,
        buffers: list[bytes] | None = None,
        **keys: Any,
    ) -> None:
        data = data or {}
        if msg_type == "comm_open":
            self.page.publish({"type": "open", "id": self.comm_id, "state": data.get("state", {})})
        elif msg_type == "comm_close":
            self.page.publish({"type": "close", "id": self.comm_id})
        elif data.get("method") in ("update", "echo_update"):
            self.page.publish({"type": "update", "id": self.comm_id, "state": data["state"]})
        elif data.get("method") == "custom":
            self.page.publish({"type": "custom", "id": self.comm_id, "content": data["content"]})


def _create_comm(*args: Any, **kwargs: Any) -> BaseComm:
    page: LightPage | None = getattr(_local, "page", None)
    if page is None:  # not a light page's thread: whatever made comms before
        assert _previous is not None
        return _previous(*args, **kwargs)
    return PageComm(page, **kwargs)


def install() -> None:
    """Make widgets created on a light page's thread speak to that page (once a process).

    Elsewhere (a kernel, a test) ``comm.create_comm`` works as before.
    """
    global _previous
    with _install_lock:
        if _previous is None:
            _previous = comm.create_comm
            comm.create_comm = _create_comm


def _widget(comm_id: str) -> Any:
    """The live widget whose comm is ``comm_id``, or ``None`` (ipywidgets is imported when
    a page first needs it, not with this module: the hub's service imports it too)."""
    from ipywidgets.widgets.widget import _instances

    return _instances.get(comm_id)


#: makes a page's app on its thread: the widget the page draws, and what ends the app
AppMaker = Callable[[], tuple[Any, Callable[[], None]]]


def game_app(service_url: str) -> tuple[Any, Callable[[], None]]:
    """The kit's game app for a student's page, its shared games on ``service_url``."""
    from ..widgets.app import page_app

    app = page_app(service=service_url)
    return app.widget, app.close


class LightPage:
    """One open page: its app, on a thread and event loop of its own.

    ``make()``, called on the page's thread, makes the page's app: it returns the widget
    the page draws and what ends the app (the game app of :func:`game_app`, or the
    teacher's dashboard). ``send(text)`` hands a JSON text to the page's socket from any
    thread. Messages from the page go to :meth:`receive`; :meth:`close` ends the app and
    its thread.
    """

    def __init__(self, *, lang: str, make: AppMaker, send: Callable[[str], None]) -> None:
        self.lang = lang
        self.make = make
        self.comms: dict[str, PageComm] = {}
        self.root: Any = None
        self._end: Callable[[], None] | None = None
        self._send = send
        self._outbox: list[dict[str, Any]] = []
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._early: list[dict[str, Any]] = []
        self._closed = False
        self._thread = threading.Thread(target=self._run, name="qttt-light-page", daemon=True)

    def start(self) -> None:
        self._thread.start()

    # -- the page's thread ----------------------------------------------------------------

    def _run(self) -> None:
        _local.page = self
        use_thread_language(self.lang)
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.call_soon(self._build)
        with self._lock:
            self._loop = loop
            early, self._early = self._early, []
            closed = self._closed
        for message in early:
            loop.call_soon(self._handle, message)
        if closed:  # the page went away before its thread began: end at once
            loop.call_soon(loop.stop)
        try:
            loop.run_forever()
        finally:
            self._teardown()
            loop.close()

    def _build(self) -> None:
        try:
            self.root, self._end = self.make()
        except Exception:  # the page says so; the log keeps why
            log.exception("the light app could not start")
            self.publish({"type": "failed", "text": t_in(self.lang, "light_failed")})
            return
        self.publish({"type": "root", "id": self.root.model_id})

    def _handle(self, message: dict[str, Any]) -> None:
        target = self.comms.get(str(message.get("id")))
        data = message.get("data")
        if target is None or not isinstance(data, dict):
            return
        method = data.get("method")
        if method != "request_state" and getattr(_widget(target.comm_id), "disabled", False):
            return  # a disabled control takes no click and no value, whatever a page sends
        if method == "update":
            state = data.get("state")
            if not isinstance(state, dict):
                return
            state = {k: v for k, v in state.items() if k in PAGE_SETTABLE}
            if not state:
                return
            data = {"method": "update", "state": state, "buffer_paths": []}
        elif method == "custom":
            data = {"method": "custom", "content": data.get("content")}
        elif method == "request_state":
            data = {"method": "request_state"}
        else:
            return
        try:
            target.handle_msg({"content": {"comm_id": target.comm_id, "data": data}, "buffers": []})
        except Exception:  # one bad message must not end the page
            log.exception("a light page's message failed")

    def _teardown(self) -> None:
        end, self._end, self.root = self._end, None, None
        if end is not None:
            with suppress(Exception):
                end()
        for comm_id in list(self.comms):
            widget = _widget(comm_id)
            if widget is not None:
                with suppress(Exception):
                    widget.close()
        self.comms.clear()

    # -- any thread --------------------------------------------------------------------

    def receive(self, message: dict[str, Any]) -> None:
        """A message from the page, handled on the page's thread in the order it came."""
        with self._lock:
            if self._closed:
                return
            loop = self._loop
            if loop is None:
                self._early.append(message)
                return
        with suppress(RuntimeError):  # the loop closed meanwhile
            loop.call_soon_threadsafe(self._handle, message)

    def publish(self, message: dict[str, Any]) -> None:
        """Queue ``message`` for the page; the queue goes out as one text per loop turn."""
        with self._lock:
            first = not self._outbox
            self._outbox.append(message)
            loop = self._loop
        if first:
            if loop is not None and threading.current_thread() is self._thread:
                loop.call_soon(self._flush)
            else:
                self._flush()

    def _flush(self) -> None:
        with self._lock:
            batch, self._outbox = self._outbox, []
        if batch:
            self._send(json.dumps(batch, separators=(",", ":"), default=str))

    def join(self, timeout: float | None = None) -> bool:
        """Wait for the page's thread to end; whether it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def close(self) -> None:
        """End the app (its seat's connection, its widgets) and the thread."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            loop = self._loop
        if loop is not None:
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(loop.stop)


class LightPages:
    """The light pages of one process: how many each address holds, and the limits."""

    def __init__(self, service_url: str, *, per_address: int, max_pages: int = MAX_PAGES) -> None:
        self.service_url = service_url
        self.per_address = per_address
        self.max_pages = max_pages
        self.live: Counter[str] = Counter()
        install()

    def refusal(self, address: str, lang: str) -> str | None:
        """Why a new page from ``address`` is refused, in ``lang``, or ``None``."""
        if sum(self.live.values()) >= self.max_pages:
            return t_in(lang, "light_full", limit=self.max_pages)
        if self.per_address and self.live[address] >= self.per_address:
            return t_in(lang, "light_per_address", limit=self.per_address)
        return None


def page_language(wanted: str | None, default: str) -> str:
    """The page's language: its ``?lang=`` if the kit speaks it (as a locale names it:
    ``no`` is Bokmål), else the class's.

    >>> page_language("FI", "en"), page_language("xx", "da"), page_language(None, "nb")
    ('fi', 'da', 'nb')
    """
    return language_code((wanted or "").strip()) or default


class LightSocket(tornado.websocket.WebSocketHandler):
    """``/light/socket``: one page's app (see the module's description)."""

    def initialize(self, pages: LightPages, lang: str) -> None:
        self.pages = pages
        self.lang = page_language(self.get_query_argument("lang", None), lang)
        self.page: LightPage | None = None
        self.address = self.request.remote_ip or ""
        self.bucket = Bucket(PAGE_RATE, PAGE_BURST)
        self.told = 0.0  # when the page was last told it sends too fast

    def get_compression_options(self) -> dict[str, Any]:
        return {}  # the first message holds the board's script and style: deflate it

    def open(self, *args: str, **kwargs: str) -> None:
        refusal = self.pages.refusal(self.address, self.lang)
        if refusal is not None:
            self.write_message(json.dumps([{"type": "refused", "text": refusal}]))
            self.close(4429, "limit")
            return
        loop = tornado.ioloop.IOLoop.current()

        def send(text: str) -> None:
            loop.add_callback(self._write, text)

        self.pages.live[self.address] += 1
        self.page = LightPage(lang=self.lang, make=self.maker(), send=send)
        self.page.start()

    def maker(self) -> AppMaker:
        """What makes this socket's app: the game app (the teacher's socket makes the
        dashboard instead)."""
        return functools.partial(game_app, self.pages.service_url)

    def _write(self, text: str) -> None:
        with suppress(tornado.websocket.WebSocketClosedError):
            self.write_message(text)

    def on_message(self, message: str | bytes) -> None:
        if self.page is None:
            return
        if len(message) > MAX_MESSAGE or self.bucket.take():
            now = time.monotonic()
            if now - self.told >= 1.0:  # a flood gets one answer a second, not one each
                self.told = now
                text = t_in(self.lang, "light_too_fast")
                self._write(json.dumps([{"type": "refused", "text": text}]))
            return
        try:
            decoded = json.loads(message)
        except (ValueError, RecursionError):  # RecursionError: nested past Python's depth
            return
        if isinstance(decoded, dict):
            self.page.receive(decoded)

    def on_close(self) -> None:
        page, self.page = self.page, None
        if page is not None:
            self.pages.live[self.address] -= 1
            if self.pages.live[self.address] <= 0:
                del self.pages.live[self.address]
            page.close()


class LightFile(tornado.web.RequestHandler):
    """The light app's page, script and style sheet."""

    def initialize(self, source: Path, kind: str, lang: str, site_app: bool) -> None:
        self.source, self.kind, self.lang, self.site_app = source, kind, lang, site_app

    def get(self) -> None:
        self.set_header("Content-Type", self.kind)
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        if self.source != PAGE_SOURCE:
            self.finish(self.source.read_text("utf-8"))
            return
        lang = page_language(self.get_query_argument("lang", None), self.lang)
        self.set_header("Referrer-Policy", "no-referrer")
        self.finish(light_page(lang, site_app=self.site_app))


def light_page(
    lang: str,
    *,
    site_app: bool = False,
    title: str = "qttt-edu",
    socket: str = "socket",
    assets: str = "./",
) -> str:
    """The light page in ``lang``: its app comes over ``socket`` (an address relative to
    the page), its script and style from ``assets``; ``site_app``: a link to the site's
    own app under the game."""
    text = PAGE_SOURCE.read_text("utf-8")
    if not site_app:  # classroom --light, or the dashboard: no site to lead to
        text = re.sub(r"<!-- the site's own app.*?</p>\n", "", text, flags=re.S)
    for mark, value in (("QTTT_ASSETS", assets), ("QTTT_SOCKET", socket), ("QTTT_TITLE", title)):
        text = text.replace(mark, html.escape(value, quote=True))
    text = text.replace("QTTT_LANG", lang).replace("QTTT_ICON", ICON)
    for mark, key in (
        ("QTTT_LOADING", "light_loading"),
        ("QTTT_LOST", "light_lost"),
        ("QTTT_RELOAD", "widget_kernel_reload"),
        ("QTTT_NOSCRIPT", "class_site_join_noscript"),
        ("QTTT_SITE_APP", "light_site_app"),
    ):
        text = text.replace(mark, html.escape(t_in(lang, key)))
    return text


def light_rules(
    pages: LightPages, lang: str, prefix: str = "/", *, site_app: bool = True
) -> list[Any]:
    """Tornado rules for the light app below ``prefix`` (the site's root); ``site_app``:
    the page links to the site's own app there."""
    base = f"{prefix}{LIGHT_PATH}"

    def file(name: str, source: Path, kind: str) -> tuple[str, Any, dict[str, Any]]:
        options = {"source": source, "kind": kind, "lang": lang, "site_app": site_app}
        return (f"{base}{name}", LightFile, options)

    return [
        (f"{base}socket", LightSocket, {"pages": pages, "lang": lang}),
        file("", PAGE_SOURCE, "text/html; charset=utf-8"),
        file("index.html", PAGE_SOURCE, "text/html; charset=utf-8"),
        file("light.js", SCRIPT_SOURCE, "text/javascript; charset=utf-8"),
        file("light.css", STYLE_SOURCE, "text/css; charset=utf-8"),
    ]
