"""The rooms service: the one process that owns the game store.

Students' kernels and browsers never open the database. They speak HTTP with JSON
to this service and hear about changes on a WebSocket (the protocol, its roles,
limits and errors are written down in ``lessons/shared_games.md``, section *The rooms
service and its protocol*). The service

* is the only writer: every change is decided by :class:`~qttt_edu.rooms.RoomStore`
  (compare-and-set on the version, idempotent action ids, the rules core replaying
  every record), so two requests racing for one ply cannot both win;
* has one clock: the service's own for SQLite, the database's for PostgreSQL (so two
  replicas on one PostgreSQL agree);
* knows three keys: the class key (create, join, watch), a seat credential (that
  seat only), the teacher secret (listing, clearing, exporting);
* sends a notice only as a wake-up: ``{"type": "changed", "code", "version"}``; the
  client then reads the room, so nothing a screen shows comes from a notice;
* decides presence from live sockets: a seat is present while a socket holds it.

A store call runs on the service's loop first, with a short limit on how long it may
wait (a lock, a slow statement); one that would wait longer goes to a worker thread,
so a slow or locked database never stalls the sockets. Two or more replicas on one
PostgreSQL wake each other with ``LISTEN``/``NOTIFY``; every replica reads state from
the table.

>>> service = start_service("sqlite::memory:", classes={"7B": "k" * 22}, teacher_secret="s" * 22)
>>> service.url.startswith("http://127.0.0.1:")
True
>>> service.stop()
"""

from __future__ import annotations

import asyncio
import functools
import gc
import json
import logging
import os
import re
import secrets
import sys
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from contextlib import suppress
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

import tornado.httpserver
import tornado.ioloop
import tornado.netutil
import tornado.web
import tornado.websocket

from ..core import IllegalMoveError, InvalidRecordError
from ..i18n import LANGUAGES, t_in
from . import codes
from .errors import (
    BadCodeError,
    ConflictError,
    CorruptRoomError,
    CredentialError,
    NotYourTurnError,
    RoomError,
    RoomExpiredError,
    RoomFullError,
    SchemaError,
    SpectatorError,
    StoreUnavailableError,
    UnknownRoomError,
)
from .guard import OWN_ADDRESSES, GuardedServer
from .store import RoomState, RoomStore, RowCache, games_csv

if TYPE_CHECKING:
    from ..cli import Parser

__all__ = [
    "PROTOCOL",
    "Limits",
    "RoomsService",
    "main",
    "room_json",
    "settle_collector",
    "start_service",
]

PROTOCOL = 1
T = TypeVar("T")
LOG = logging.getLogger("qttt_edu.rooms.service")

#: a seat whose socket last said "here" this long ago is away (seconds): sockets mark
#: their seats every TOUCH_EVERY seconds, and a socket that stops answering pings is
#: closed after PING_TIMEOUT
PRESENCE_WINDOW = 25.0
#: presence writes per seat: a burst of 4, then 2 a second. A page toggling "here" and
#: "away" as fast as its socket may would otherwise cost a write and a wake-up of every
#: screen of the room each time; a change past the allowance is written once, when the
#: allowance is back, as the seat's sockets say then
PRESENCE_RATE, PRESENCE_BURST = 2.0, 4.0
TOUCH_EVERY = 8.0
#: PostgreSQL on the service's loop: the longest a statement or row lock may hold it (ms),
#: and how often a lost loop connection is made again (s)
INLINE_MS = 250
INLINE_RETRY = 2.0
PING_INTERVAL = 10.0
PING_TIMEOUT = 10.0
HELLO_TIMEOUT = 10.0
#: the PostgreSQL channel every replica listens to (the payload is a room code: a hint)
CHANNEL = "qttt_rooms_service"
_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
_CLIENT_ID = re.compile(r"^[A-Za-z0-9_-]{16,64}$")


@dataclass(frozen=True)
class Limits:
    """What one client may create or ask for (each refusal names the limit)."""

    body_bytes: int = 4096
    action_chars: int = 16
    rooms_per_client: int = 3
    rooms_per_address: int = 6
    rooms_per_class: int = 300
    client_rate: float = 20.0
    client_burst: float = 40.0
    address_rate: float = 200.0
    address_burst: float = 400.0
    socket_rate: float = 20.0
    socket_burst: float = 40.0
    watch_per_socket: int = 50
    empty_room_ttl: float = 1800.0
    nickname_chars: int = codes.NICKNAME_MAX
    connections_per_address: int = 64


class Bucket:
    """A token bucket: ``rate`` requests a second, bursts of ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens, self.stamp = burst, time.monotonic()

    def take(self) -> float:
        """0 when a request may go now, else the seconds to wait (0.01 at least)."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        # at least 10 ms: a wait that rounds to nothing would say "try again at once"
        return max(0.01, (1 - self.tokens) / self.rate)


class Refusal(Exception):
    """A request refused by the service itself (keys, limits, shape), with its kind."""

    def __init__(
        self, kind: str, status: int, key: str, retry_after: float | None = None, **fields: Any
    ) -> None:
        super().__init__(key)
        self.kind, self.status, self.key, self.fields = kind, status, key, fields
        self.retry_after = retry_after


#: what a store error knows that only the server's log (``service_store_down``) should
#: say: the database's path or host (``where``) and the driver's own words (``reason``)
_SERVER_ONLY_FIELDS = frozenset({"where", "reason"})

#: every store error: its kind in the protocol and its HTTP status (most specific first)
ERROR_KINDS: tuple[tuple[type[BaseException], str, int], ...] = (
    (BadCodeError, "bad_code", 400),
    (UnknownRoomError, "unknown_room", 404),
    (RoomExpiredError, "expired", 410),
    (RoomFullError, "room_full", 409),
    (CredentialError, "credential", 403),
    (SpectatorError, "spectator", 403),
    (NotYourTurnError, "not_your_turn", 409),
    (ConflictError, "conflict", 409),
    (CorruptRoomError, "corrupt_room", 500),
    (RoomError, "refused", 409),
    (IllegalMoveError, "illegal", 422),
    (InvalidRecordError, "illegal", 422),
    (StoreUnavailableError, "store_unavailable", 503),
    (SchemaError, "store_unavailable", 503),
)


def room_json(state: RoomState, window: float = PRESENCE_WINDOW) -> dict[str, Any]:
    """A room as the protocol's ROOM object; presence judged by the service's clock."""
    now = state.read_at
    seats = {}
    for seat, info in state.seats.items():
        present = _present(info, now, window)
        seats[seat] = {"kind": info.kind, "nickname": info.nickname, "present": present}
    return {
        "code": state.code,
        "label": state.label,
        "class": state.class_name,
        "version": state.version,
        "record": state.record,
        "ply": state.ply,
        "to_act": state.to_act,
        "result": state.result,
        "finished": state.finished,
        "expired": state.expired,
        "seats": seats,
        "created_at": state.created_at,
        "updated_at": state.updated_at,
        "expires_at": state.expires_at,
        "finished_at": state.finished_at,
        "next": state.next_label,
        "now": now,
    }


#: The JSON text of rooms' fixed parts, by everything that goes into them: every reader
#: of one version of a room (both players, spectators, the act's answer) costs a lookup;
#: presence, expiry and the time are filled in per request
_TEXTS: dict[tuple[Any, ...], tuple[str, dict[tuple[bool, bool], str]]] = {}
_TEXTS_MAX = 4_000  # about 1 kB each


def room_text(state: RoomState, window: float = PRESENCE_WINDOW) -> str:
    """``room_json(state)`` as compact JSON text, built from a cached part."""
    x, o = state.seats["X"], state.seats["O"]
    key = (
        state.code,
        state.version,
        state.record,
        state.class_name,
        state.created_at,
        state.updated_at,
        state.expires_at,
        state.finished_at,
        state.next_code,
        x.kind,
        x.nickname,
        o.kind,
        o.nickname,
    )
    found = _TEXTS.get(key)
    if found is None:
        fixed = room_json(state, window)
        for name in ("seats", "expired", "now"):
            del fixed[name]
        found = (json.dumps(fixed, separators=(",", ":"))[:-1], {})
        if len(_TEXTS) >= _TEXTS_MAX:
            _TEXTS.clear()
        _TEXTS[key] = found
    now = state.read_at
    here = (_present(x, now, window), _present(o, now, window))
    seats = found[1].get(here)
    if seats is None:
        seats = found[1][here] = json.dumps(
            {
                name: {"kind": info.kind, "nickname": info.nickname, "present": present}
                for (name, info), present in zip((("X", x), ("O", o)), here, strict=True)
            },
            separators=(",", ":"),
        )
    expired = "true" if state.expired else "false"
    return f'{found[0]},"seats":{seats},"expired":{expired},"now":{now!r}}}'


def room_body(state: RoomState, you: str | bool | None = False) -> str:
    """``{"room": ROOM}`` as compact JSON text, with ``"you"`` unless ``you`` is ``False``."""
    mine = "" if you is False else ',"you":' + json.dumps(you)
    return '{"room":' + room_text(state) + mine + "}"


def _present(info: Any, now: float, window: float) -> bool:
    return info.kind == "computer" or (
        info.kind == "human" and info.last_seen is not None and now - info.last_seen < window
    )


class DatabaseClock:
    """The database's clock for PostgreSQL (one clock for every replica), else this one's.

    The offset to the database is measured when the service starts and every minute
    on a worker thread; reading the clock costs no round trip.
    """

    def __init__(self, local: Callable[[], float] = time.time) -> None:
        self.offset = 0.0
        self.local = local

    def __call__(self) -> float:
        return self.local() + self.offset

    def measure(self, store: RoomStore) -> None:
        if store.backend.name != "postgresql":
            return

        def op(conn: Any) -> float:
            before = self.local()
            row = store.backend.execute(
                conn, "SELECT EXTRACT(EPOCH FROM clock_timestamp())::float8"
            ).fetchone()
            after = self.local()
            return float(row[0]) - (before + after) / 2

        self.offset = store.run(op)


class StoreHealth:
    """Tells whoever runs the service, in its log, when the store stops answering and when
    it answers again: once each, with the reason, not once per student's request.

    A student sees the store's trouble at once (their action is kept and sent again); the
    person who can fix it (a full disk, a stopped PostgreSQL) reads the service's log. A
    full disk still answers reads between the writes it refuses, so the store counts as
    back only once it has answered for ``quiet`` seconds with no failure.
    """

    def __init__(
        self,
        where: str,
        language: str,
        quiet: float = 10.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.where = where
        self.language = language
        self.quiet = quiet
        self.clock = clock
        self.since: float | None = None  #: when the store stopped answering (None: it answers)
        self._last_failure = 0.0
        self._lock = threading.Lock()

    def failed(self, exc: BaseException) -> None:
        details = getattr(exc, "details", {}) or {}
        reason = details.get("reason") or str(exc)
        with self._lock:
            self._last_failure = self.clock()
            if self.since is not None:
                return
            self.since = self._last_failure
        LOG.warning(
            "%s", t_in(self.language, "service_store_down", where=self.where, reason=reason)
        )

    def said(self, status: int) -> bool:
        """Is an answer of ``status`` the store's refusal that this log already told of
        (so the access log leaves it out)?"""
        return status == 503 and self.since is not None

    def answered(self) -> None:
        if self.since is None:  # the usual case: no lock, nothing to say
            return
        with self._lock:
            now, since = self.clock(), self.since
            if since is None or now - self._last_failure < self.quiet:
                return
            self.since = None
        seconds = f"{now - since:.0f}"  # from the first refusal to the store's steady answers
        LOG.warning(
            "%s", t_in(self.language, "service_store_back", where=self.where, seconds=seconds)
        )


@dataclass
class ServiceConfig:
    """Everything a service needs (the command line and ``start_service`` fill it)."""

    store_url: str
    classes: dict[str, str]  #: class name -> class key
    teacher_secret: str
    base_url: str = "/"
    allow_origins: tuple[str, ...] = ()
    limits: Limits = field(default_factory=Limits)
    #: 0: one for SQLite, two for PostgreSQL (with 1,000 clients on 2 cores, four threads
    #: took turns at the interpreter lock: 252 actions/s, against 352 with two)
    workers: int = 0
    retry_for: float = 2.0
    language: str = "en"
    ping_interval: float = PING_INTERVAL
    ping_timeout: float = PING_TIMEOUT
    #: try each store call on the loop first (see ``RoomsService.call``)
    inline: bool = True
    #: how often the seats held by live sockets are marked present (seconds)
    touch_every: float = TOUCH_EVERY
    #: SQLite: how often the write-ahead log is folded into the games file, so that a
    #: copy of the file alone holds the games while the service runs, and the file is
    #: checked to be the one the service opened (R8; seconds)
    checkpoint_every: float = 30.0
    #: this machine's clock (a test seam: with PostgreSQL the database's clock wins)
    local_clock: Callable[[], float] = time.time


class Socket(tornado.websocket.WebSocketHandler):
    """One client's change socket: notices out; hello, watch, seat and here in."""

    service: RoomsService

    def initialize(self, service: RoomsService) -> None:
        self.service = service
        self.class_name: str | None = None
        self.teacher = False
        self.ready = False
        self.watching: set[str] = set()
        self.seats: dict[str, tuple[str, bool]] = {}  # code -> (seat, here)
        self.bucket = Bucket(service.config.limits.socket_rate, service.config.limits.socket_burst)
        self._patience = service.config.limits.socket_burst  # refusals before closing
        self.lang = "en"
        self._hello_timer: Any = None

    def check_origin(self, origin: str) -> bool:
        return self.service.origin_allowed(origin, self.request.host)

    def open(self, *args: str, **kwargs: str) -> None:
        loop = tornado.ioloop.IOLoop.current()
        self._hello_timer = loop.call_later(HELLO_TIMEOUT, self._no_hello)
        self.lang = self.service.language_of(self.request)

    def _no_hello(self) -> None:
        if not self.ready:
            self._refuse(Refusal("forbidden", 403, "service_no_hello"), 4003)

    def _refuse(self, refusal: Refusal, close_code: int) -> None:
        body = self.service.refusal_json(refusal, self.lang)
        if self.ws_connection is not None:
            self.write_message(json.dumps({"type": "error", **body}))
        self.close(close_code)

    async def on_message(self, message: str | bytes) -> None:
        wait = self.bucket.take()
        try:
            data = json.loads(message)
            if not isinstance(data, dict) or not isinstance(data.get("type"), str):
                raise ValueError
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." past Python's depth
            data = None
        if wait:
            self._too_fast(data, wait)
            return
        self._patience = self.service.config.limits.socket_burst
        if data is None:
            self._refuse(Refusal("bad_request", 400, "service_bad_json"), 4000)
            return
        kind = data["type"]
        try:
            if kind == "hello" and not self.ready:
                await self._hello(data)
            elif not self.ready:
                raise Refusal("forbidden", 403, "service_no_hello")
            elif kind == "watch":
                await self._watch(data.get("code"))
            elif kind == "unwatch":
                await self._unwatch(data.get("code"))
            elif kind == "seat":
                await self._hold(data.get("code"), data.get("credential"))
            elif kind == "here":
                await self._here(data.get("code"), data.get("here"))
            elif kind == "request":
                await self._request(data)
            else:
                raise Refusal("bad_request", 400, "service_bad_message")
        except Refusal as refusal:
            close = {403: 4003, 429: 4029, 413: 4013}.get(refusal.status, 4000)
            self._refuse(refusal, close)
        except Exception as err:  # a store refusal for one seat or room: say so, stay open
            self.service.log_fault(err)
            body = self.service.error_json(err, self.lang)[1]
            if self.ws_connection is not None:
                self.write_message(json.dumps({"type": "error", **body}))

    async def _hello(self, data: dict[str, Any]) -> None:
        svc = self.service
        key, teacher = data.get("class"), data.get("teacher")
        if key is not None:
            self.class_name = svc.class_for(key)
            if self.class_name is None:
                raise Refusal("forbidden", 403, "service_class_key_wrong")
        if teacher is not None:
            if not svc.is_teacher(teacher):
                raise Refusal("forbidden", 403, "service_teacher_wrong")
            self.teacher = True
        seats = data.get("seats") or []
        watch = data.get("watch") or []
        if not isinstance(seats, list) or not isinstance(watch, list):
            raise Refusal("bad_request", 400, "service_bad_message")
        if len(seats) + len(watch) > svc.config.limits.watch_per_socket:
            raise Refusal(
                "too_large", 413, "service_watch_limit", limit=svc.config.limits.watch_per_socket
            )
        if self.class_name is None and not self.teacher and not seats:
            raise Refusal("forbidden", 403, "service_key_missing")
        self.ready = True
        if self._hello_timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._hello_timer)
        svc.sockets.add(self)
        if self.teacher:
            svc.teachers.add(self)
        self.write_message(json.dumps({"type": "ready", "protocol": PROTOCOL, "time": svc.clock()}))
        for seat in seats:
            if isinstance(seat, dict):
                await self._hold(seat.get("code"), seat.get("credential"))
        for code in watch:
            await self._watch(code)

    async def _watch(self, code: object) -> None:
        svc = self.service
        key = codes.normalize_code(code)
        if key in self.watching:
            return
        if len(self.watching) >= svc.config.limits.watch_per_socket:
            raise Refusal(
                "too_large", 413, "service_watch_limit", limit=svc.config.limits.watch_per_socket
            )
        if not self.teacher and key not in self.seats:
            state = await svc.call(lambda store: store.room(key))
            if state.class_name != self.class_name:
                raise UnknownRoomError(t_in(self.lang, "rooms_unknown", code=state.label))
        self.watching.add(key)
        svc.watchers.setdefault(key, set()).add(self)
        # the version now, so a client that read the room just before watching misses nothing
        versions = await svc.call(lambda store: store.versions([key]))
        self.notice(json.dumps({"type": "changed", "code": key, "version": versions.get(key, -1)}))

    async def _unwatch(self, code: object) -> None:
        """The page no longer shows room ``code``: no notices for it, and a seat held there
        is no longer shown, so no longer present (nor marked every round, nor counted
        against the socket's limit, however many games a page plays in a lesson)."""
        key = codes.normalize_code(code)
        self.watching.discard(key)
        self.service.watchers.get(key, set()).discard(self)
        held = self.seats.pop(key, None)
        if held is not None and held[1]:
            await self.service.presence_changed(key, held[0])

    async def _hold(self, code: object, credential: object) -> None:
        svc = self.service
        key = codes.normalize_code(code)
        if key not in self.seats and len(self.seats) >= svc.config.limits.watch_per_socket:
            raise Refusal(
                "too_large", 413, "service_watch_limit", limit=svc.config.limits.watch_per_socket
            )
        _state, seat = await svc.call(lambda store: store.seat_for(key, credential))
        self.seats[key] = (seat, True)
        await self._watch(key)
        await svc.presence_changed(key, seat)

    async def _here(self, code: object, here: object) -> None:
        key = codes.normalize_code(code)
        if not isinstance(here, bool):
            raise Refusal("bad_request", 400, "service_bad_message")
        if key not in self.seats:
            return  # a seat this page let go (unwatched) or never held: nothing to mark
        seat, _was = self.seats[key]
        self.seats[key] = (seat, here)
        await self.service.presence_changed(key, seat)

    def _too_fast(self, data: dict[str, Any] | None, wait: float) -> None:
        """A message over the socket's rate. A request is refused with a reply, as HTTP
        answers 429 (a client that reads all its rooms at once after a reconnection
        waits and reads again); a socket that goes on asking, a burst's worth of
        refusals in a row, or sends anything else too fast, is closed."""
        rid = None if data is None or data.get("type") != "request" else data.get("id")
        if isinstance(rid, int) and not isinstance(rid, bool) and self._patience >= 1:
            self._patience -= 1
            refusal = Refusal(
                "rate_limited", 429, "service_rate_socket", retry_after=round(wait, 2)
            )
            self._reply(rid, 429, json.dumps(self.service.refusal_json(refusal, self.lang)))
            return
        self._refuse(Refusal("rate_limited", 429, "service_rate_socket"), 4029)

    def _reply(self, rid: int, status: int, body: str) -> None:
        """Answer request ``rid`` with ``status`` and ``body`` (JSON text, as HTTP's)."""
        self.notice(f'{{"type":"reply","id":{rid},"status":{status},"body":{body}}}')

    async def _request(self, data: dict[str, Any]) -> None:
        """A read or an action sent on the socket: the same checks and answers as its
        HTTP twin, with the socket's class key or teacher secret, and the seat's
        credential in the message. Every refusal is a reply; the socket stays open."""
        svc = self.service
        rid = data.get("id")
        if not isinstance(rid, int) or isinstance(rid, bool) or not 0 <= rid < 2**53:
            raise Refusal("bad_request", 400, "service_bad_message")
        began = time.monotonic()
        op, state, status = data.get("op"), None, 200
        try:
            wait = svc.bucket("address", self.request.remote_ip or "").take()
            if wait:
                raise Refusal(
                    "rate_limited", 429, "service_rate_address", retry_after=round(wait, 2)
                )
            key = codes.normalize_code(data.get("code"))
            credential = data.get("credential")
            if credential is not None and not isinstance(credential, str):
                raise Refusal("bad_request", 400, "service_field_bad", field="credential")
            if op == "room":
                text = await svc.read_room(
                    key, credential, self.class_name, self.teacher, self.lang
                )
            elif op == "act":
                state = await svc.act_on(key, credential, data)
                text = room_body(state)
            else:
                raise Refusal("bad_request", 400, "service_bad_message")
        except Exception as err:
            svc.log_fault(err)
            status, body = svc.error_json(err, self.lang)
            text = json.dumps(body)
        self._reply(rid, status, text)
        if not svc.health.said(status):
            _socket_log(str(op), status, time.monotonic() - began)
        if state is not None:
            await svc.changed(state, answered=self)

    def on_close(self) -> None:
        svc = self.service
        svc.sockets.discard(self)
        svc.teachers.discard(self)
        if self._hello_timer is not None:
            tornado.ioloop.IOLoop.current().remove_timeout(self._hello_timer)
        for key in self.watching:
            svc.watchers.get(key, set()).discard(self)
        held, self.seats = self.seats, {}
        for key, (seat, _here) in held.items():
            tornado.ioloop.IOLoop.current().add_callback(svc.presence_quietly, key, seat)

    def notice(self, text: str) -> None:
        if self.ws_connection is not None and not self.ws_connection.is_closing():
            self.write_message(text)


class Handler(tornado.web.RequestHandler):
    """What every HTTP request shares: keys, limits, JSON in and out, errors in words."""

    service: RoomsService

    def initialize(self, service: RoomsService) -> None:
        self.service = service
        self.lang = "en"
        # tornado sets the default headers in the constructor, before this method
        # has named the service: the origin's headers follow now
        self._allow_origin()

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")
        if "service" in vars(self):  # after initialize(): clear() on an error
            self._allow_origin()

    def _allow_origin(self) -> None:
        """The cross-origin headers, for a page of another origin the service allows."""
        origin = self.request.headers.get("Origin")
        if origin and self.service.origin_allowed(origin, self.request.host, cross_only=True):
            self.set_header("Access-Control-Allow-Origin", origin)
            self.set_header("Vary", "Origin")
            self.set_header(
                "Access-Control-Allow-Headers",
                "Content-Type, X-Qttt-Class, X-Qttt-Seat, X-Qttt-Teacher, X-Qttt-Client, "
                "Accept-Language",
            )
            self.set_header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS")

    def options(self, *args: str) -> None:
        self.set_status(204)
        self.finish()

    def prepare(self) -> None:
        svc = self.service
        self.lang = svc.language_of(self.request)
        if self.request.method == "OPTIONS":
            return
        client = self.request.headers.get("X-Qttt-Client")
        if client is not None and not _CLIENT_ID.match(client):
            raise Refusal("bad_request", 400, "service_client_bad")
        self.client_id = client or f"address:{self.request.remote_ip}"
        for name, bucket in (
            ("address", svc.bucket("address", self.request.remote_ip or "")),
            ("client", svc.bucket("client", self.client_id)),
        ):
            wait = bucket.take()
            if wait:
                raise Refusal(
                    "rate_limited", 429, f"service_rate_{name}", retry_after=round(wait, 2)
                )
        if len(self.request.body or b"") > svc.config.limits.body_bytes:
            raise Refusal(
                "too_large", 413, "service_body_large", limit=svc.config.limits.body_bytes
            )

    def body(self) -> dict[str, Any]:
        if not self.request.body:
            return {}
        try:
            data = json.loads(self.request.body)
        except (ValueError, RecursionError):  # RecursionError: "[[[[..." past Python's depth
            raise Refusal("bad_request", 400, "service_bad_json") from None
        if not isinstance(data, dict):
            raise Refusal("bad_request", 400, "service_bad_json")
        return data

    def class_name(self, required: bool = True) -> str | None:
        key = self.request.headers.get("X-Qttt-Class")
        name = None if key is None else self.service.class_for(key)
        if key is not None and name is None:
            raise Refusal("forbidden", 403, "service_class_key_wrong")
        if name is None and required:
            raise Refusal("forbidden", 403, "service_key_missing")
        return name

    def teacher(self) -> None:
        secret = self.request.headers.get("X-Qttt-Teacher")
        if secret is None or not self.service.is_teacher(secret):
            raise Refusal("forbidden", 403, "service_teacher_wrong")

    def seat_credential(self) -> str | None:
        return self.request.headers.get("X-Qttt-Seat")

    def reply(self, data: Any, status: int = 200) -> None:
        self.set_status(status)
        self.finish(json.dumps(data, separators=(",", ":")))

    def reply_room(self, state: RoomState) -> None:
        """``{"room": ROOM}`` (compact JSON)."""
        self.finish(room_body(state))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        exc = kwargs.get("exc_info", (None, None, None))[1]
        if isinstance(exc, tornado.web.HTTPError) or exc is None:
            refusal = Refusal(
                "bad_request" if status_code < 500 else "server",
                status_code,
                "service_http_error",
                http=status_code,
            )
            self.finish(json.dumps(self.service.refusal_json(refusal, self.lang)))
            return
        status, body = self.service.error_json(exc, self.lang)
        self.set_status(status)
        if isinstance(exc, Refusal) and exc.retry_after is not None:
            self.set_header("Retry-After", str(max(1, round(exc.retry_after))))
        self.finish(json.dumps(body))

    def log_exception(self, typ: Any, value: Any, tb: Any) -> None:
        # Refusals are answers, not faults; nothing logged may hold a key.
        if not isinstance(value, (Refusal, RoomError, StoreUnavailableError, IllegalMoveError)):
            super().log_exception(typ, value, tb)

    def _handle_request_exception(self, e: BaseException) -> None:
        if isinstance(
            e,
            (
                Refusal,
                RoomError,
                StoreUnavailableError,
                IllegalMoveError,
                InvalidRecordError,
                SchemaError,
            ),
        ):
            self.send_error(500, exc_info=(type(e), e, e.__traceback__))
            return
        super()._handle_request_exception(e)


def _nickname_field(data: dict[str, Any], limits: Limits, name: str = "nickname") -> str | None:
    """A nickname as sent: too long (413, in the words the store uses for a nickname) once
    its spaces are folded as the store folds them; the store refuses the rest (control
    characters)."""
    value = _text_field(data, name, 4 * limits.nickname_chars)
    if value is not None and len(" ".join(value.split())) > limits.nickname_chars:
        raise Refusal("too_large", 413, "rooms_nickname_bad", limit=limits.nickname_chars)
    return value


def _text_field(data: dict[str, Any], name: str, limit: int, optional: bool = True) -> str | None:
    value = data.get(name)
    if value is None and optional:
        return None
    if not isinstance(value, str):
        raise Refusal("bad_request", 400, "service_field_bad", field=name)
    if len(value) > limit:
        raise Refusal("too_large", 413, "service_field_large", field=name, limit=limit)
    return value


class InfoHandler(Handler):
    def get(self) -> None:
        svc = self.service
        self.reply(
            {
                "service": "qttt-rooms",
                "protocol": PROTOCOL,
                "time": svc.clock(),
                "store": svc.store_kind,
                "limits": asdict(svc.config.limits),
            }
        )


class RoomsHandler(Handler):
    async def post(self) -> None:
        svc, limits = self.service, self.service.config.limits
        class_name = self.class_name()
        assert class_name is not None
        data = self.body()
        nickname = _nickname_field(data, limits)
        seat = _text_field(data, "seat", 1) or "X"
        held = svc.held_by(self.client_id, self.request.remote_ip or "")

        def create(store: RoomStore) -> tuple[RoomState, str, str]:
            check_room_limits(store, limits, held, class_name)
            ticket = store.create_room(
                nickname, seat=seat, class_name=class_name, ttl=limits.empty_room_ttl
            )
            return store.room(ticket.code), ticket.seat, ticket.credential

        async with svc.create_lock:  # the limits are counted and kept by one creator at a time
            state, seat, credential = await svc.call(create)
            svc.note_created(held, (state.code, seat))
        self.reply({"room": room_json(state), "seat": seat, "credential": credential}, 201)
        await svc.changed(state)


@dataclass
class Held:
    """The rooms one request's client and address created and still hold, each a list of
    ``(room, seat)`` pairs the service keeps (``address`` is ``None`` where the address
    is not counted: the machine's own, which the server's own pages share)."""

    client_key: str
    client: list[tuple[str, str]]
    address_key: str | None
    address: list[tuple[str, str]] | None


def check_room_limits(store: RoomStore, limits: Limits, held: Held, class_name: str) -> None:
    """Refuse a new room past the client's, the address's or the class's limit (under the
    create lock). The lists forget the rooms finished, expired or left: they stay short,
    and a student who left a room (the refusal says to) may start another. The client id
    is the sender's own choice, so the address's count is what one laptop cannot dodge."""
    held.client[:] = store.held_among(held.client)
    if len(held.client) >= limits.rooms_per_client:
        raise Refusal("too_many_rooms", 429, "service_rooms_client", limit=limits.rooms_per_client)
    if held.address is not None:
        held.address[:] = store.held_among(held.address)
        if len(held.address) >= limits.rooms_per_address:
            raise Refusal(
                "too_many_rooms", 429, "service_rooms_address", limit=limits.rooms_per_address
            )
    if store.open_rooms(class_name) >= limits.rooms_per_class:
        raise Refusal("too_many_rooms", 429, "service_rooms_class", limit=limits.rooms_per_class)


class RematchHandler(Handler):
    """``Play again`` after a finished game: a seat in the room its players go on to."""

    async def post(self, code: str) -> None:
        svc, limits = self.service, self.service.config.limits
        key = codes.normalize_code(code)
        credential = self.seat_credential()
        held = svc.held_by(self.client_id, self.request.remote_ip or "")

        def rematch(store: RoomStore) -> tuple[RoomState, RoomState, str, str]:
            old, _seat = store.seat_for(key, credential)
            if old.finished and old.next_code is None:  # this asks for a new room
                check_room_limits(store, limits, held, old.class_name)
            ticket = store.rematch(key, credential, ttl=limits.empty_room_ttl)
            return store.room(key), store.room(ticket.code), ticket.seat, ticket.credential

        async with svc.create_lock:
            old, state, seat, credential = await svc.call(rematch)
            svc.note_created(held, (state.code, seat))
        self.reply({"room": room_json(state), "seat": seat, "credential": credential}, 201)
        await svc.changed(old)  # the other player's screen finds the new room
        await svc.changed(state)


class RoomHandler(Handler):
    async def get(self, code: str) -> None:
        key = codes.normalize_code(code)
        credential = self.seat_credential()
        class_name, teacher = None, False
        if credential is None:
            if self.request.headers.get("X-Qttt-Teacher") is not None:
                self.teacher()
                teacher = True
            else:
                class_name = self.class_name()
        self.finish(await self.service.read_room(key, credential, class_name, teacher, self.lang))

    async def delete(self, code: str) -> None:
        self.teacher()
        key = codes.normalize_code(code)
        gone = await self.service.call(lambda store: store.delete_room(key))
        await self.service.wake(key)
        self.reply({"deleted": gone})


class JoinHandler(Handler):
    async def post(self, code: str) -> None:
        svc = self.service
        class_name = self.class_name()
        key = codes.normalize_code(code)
        nickname = _nickname_field(self.body(), svc.config.limits)

        def join(store: RoomStore) -> tuple[RoomState, str, str]:
            svc.same_class(store.room(key), class_name, self.lang)
            ticket = store.join(key, nickname)
            return store.room(key), ticket.seat, ticket.credential

        state, seat, credential = await svc.call(join)
        self.reply({"room": room_json(state), "seat": seat, "credential": credential})
        await svc.changed(state)


class ActionHandler(Handler):
    async def post(self, code: str) -> None:
        svc = self.service
        key = codes.normalize_code(code)
        state = await svc.act_on(key, self.seat_credential(), self.body())
        # the answer first, then the notices: the actor's client has the new version
        # before its own socket's notice arrives, so it does not read the room again
        self.reply_room(state)
        await svc.changed(state)


class LeaveHandler(Handler):
    async def post(self, code: str) -> None:
        key = codes.normalize_code(code)
        credential = self.seat_credential()
        state = await self.service.call(lambda store: store.leave(key, credential))
        self.reply({"room": room_json(state)})
        await self.service.changed(state)


class NicknameHandler(Handler):
    async def post(self, code: str) -> None:
        svc = self.service
        key = codes.normalize_code(code)
        credential = self.seat_credential()
        nickname = _nickname_field(self.body(), svc.config.limits)
        state = await svc.call(lambda store: store.rename(key, credential, nickname))
        self.reply({"room": room_json(state)})
        await svc.changed(state)


class ComputerHandler(Handler):
    async def post(self, code: str) -> None:
        svc = self.service
        key = codes.normalize_code(code)
        credential = self.seat_credential()
        name = _nickname_field(self.body(), svc.config.limits, "name")

        def hand(store: RoomStore) -> RoomState:
            # presence as the service judges it (sockets), not the store's older window
            state, seat = store.seat_for(key, credential)
            other = "O" if seat == "X" else "X"
            if room_json(state)["seats"][other]["present"]:
                raise RoomError(t_in(self.lang, "rooms_opponent_present", seat=other), state)
            return store.hand_to_computer(key, credential, name or "Computer")

        state = await svc.call(hand)
        self.reply({"room": room_json(state)})
        await svc.changed(state)


class ClassRoomsHandler(Handler):
    async def get(self) -> None:
        self.teacher()
        class_name = self.get_query_argument("class", None)
        listing = await self.service.call(lambda store: store.list_rooms(class_name))
        self.reply(
            {
                "rooms": [room_json(s) for s in listing.rooms],
                "problems": [
                    {"code": getattr(p, "code", None), "message": str(p)} for p in listing.problems
                ],
                "time": self.service.clock(),
            }
        )


class ClearHandler(Handler):
    async def post(self) -> None:
        self.teacher()
        data = self.body()
        what = data.get("what")
        class_name = _text_field(data, "class", codes.CLASS_NAME_MAX)
        jobs: dict[str, Callable[[RoomStore], int]] = {
            "finished": lambda store: store.clear_finished(class_name),
            "expired": lambda store: store.purge_expired(),
            "abandoned": lambda store: store.clear_abandoned(class_name),
        }
        if what not in jobs:
            raise Refusal("bad_request", 400, "service_field_bad", field="what")
        gone = await self.service.call(jobs[str(what)])
        if gone:
            await self.service.cleared()
        self.reply({"deleted": gone})


class ExportHandler(Handler):
    async def get(self) -> None:
        self.teacher()
        class_name = self.get_query_argument("class", None)
        fmt = self.get_query_argument("format", "json")
        listing = await self.service.call(lambda store: store.list_rooms(class_name))
        rooms = [s.to_dict() for s in listing.rooms]
        if fmt == "csv":
            self.set_header("Content-Type", "text/csv; charset=utf-8")
            self.set_header("Content-Disposition", 'attachment; filename="qttt-games.csv"')
            self.finish(games_csv(rooms))
            return
        self.set_header("Content-Disposition", 'attachment; filename="qttt-games.json"')
        self.reply({"exported_at": self.service.clock(), "rooms": rooms})


class RoomsService:
    """One running service: its store (on its loop first, then worker threads), its sockets
    and its server."""

    def __init__(self, config: ServiceConfig) -> None:
        self.config = config
        self.clock = DatabaseClock(config.local_clock)
        #: the rows this service wrote or read last, shared by its connections: it is
        #: the only writer of its rooms (on PostgreSQL the replicas' notices and the
        #: LISTEN connection's state keep it honest, see ``_listen``)
        self.rows = RowCache()
        #: this replica's name in the notices of its writes (``Backend.wake_tag``)
        self.tag = secrets.token_hex(6)
        store = self._open_store(config.retry_for)
        self.store_kind = store.backend.name
        self.health = StoreHealth(store.backend.where, config.language)
        self.rows.trusted = self.store_kind == "sqlite"  # PostgreSQL: once LISTEN is up
        self.clock.measure(store)
        workers = config.workers or (1 if self.store_kind == "sqlite" else 2)
        self._inline: RoomStore | None = None
        self._inline_retry = 0.0  #: when the loop's PostgreSQL connection may be made again
        if config.inline:
            self._inline = self._open_store(0.0, quick_ms=INLINE_MS)
        self._stores: list[RoomStore] = [store]
        self._local = threading.local()
        self._local_lock = threading.Lock()
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix="qttt-rooms-store")
        self.watchers: dict[str, set[Socket]] = {}
        self.sockets: set[Socket] = set()
        self.teachers: set[Socket] = set()  #: the ready sockets that hold the teacher's key
        self.sent: dict[str, int] = {}
        #: the rooms each client (and each address) created, with the seat it took: its
        #: count of rooms held. An entry is made only when a room is, so made-up client
        #: ids that are refused leave nothing behind.
        self.created: dict[str, list[tuple[str, str]]] = {}
        self.create_lock = asyncio.Lock()
        self._buckets: dict[tuple[str, str], Bucket] = {}
        self._listener: threading.Thread | None = None
        self._stopping = threading.Event()
        self.server: GuardedServer | None = None
        self.loop: asyncio.AbstractEventLoop | None = None
        self.port = 0
        self.host = "127.0.0.1"
        self._timer: Any = None
        self._folder: Any = None  #: SQLite: the timer that folds the log into the file
        self._games_file: tuple[int, int] | None = None  #: the file opened (device, inode)
        self._tasks: set[asyncio.Future[None]] = set()
        #: each (room, seat)'s allowance of presence writes, and those waiting for it
        self._presence_buckets: dict[tuple[str, str], Bucket] = {}
        self._presence_later: set[tuple[str, str]] = set()
        self._ticks = 0

    # -- the store, on the loop and on worker threads --------------------------------------

    def _open_store(self, retry_for: float, quick_ms: int = 0) -> RoomStore:
        """A connection of the service's to its store, on the service's clock; on
        PostgreSQL every write through it wakes the other replicas."""
        store = RoomStore(
            self.config.store_url,
            retry_for=retry_for,
            clock=self.clock,
            quick_ms=quick_ms,
            rows=self.rows,
        )
        store.backend.wake_channel = CHANNEL
        store.backend.wake_tag = self.tag
        return store

    def _store(self) -> RoomStore:
        store: RoomStore | None = getattr(self._local, "store", None)
        if store is None:
            with self._local_lock:
                if self.store_kind == "sqlite":
                    store = self._stores[0]  # one connection: SQLite has one writer anyway
                else:
                    store = self._open_store(self.config.retry_for)
                    self._stores.append(store)
            self._local.store = store
        return store

    async def call(self, job: Callable[[RoomStore], T], inline: bool = True) -> T:
        """Run ``job(store)``, first on the loop itself (unless ``inline`` is false: a
        large batch), else on a worker thread.

        On the loop there is no retry wait: SQLite waits at most 10 ms for its lock, and
        PostgreSQL's loop connection gives up on a statement after ``INLINE_MS``. A read or
        write takes tens of microseconds (SQLite) or a round trip (PostgreSQL), and a
        thread hand-off costs more than that on a busy machine: with 1,000 clients on 2
        cores, PostgreSQL on two worker threads cost the service 3.1 ms of CPU an action,
        and 1.5 ms on the loop. A store that is busy, full or gone goes to the worker
        thread, which retries there, so a locked store never stalls the sockets. The loop
        never waits for a connection to be made: PostgreSQL's is made on a worker thread.
        """
        inline_store = self._inline if inline else None
        if inline_store is not None:
            if self.store_kind == "sqlite" or inline_store.connected:
                try:
                    return self._noted(job(inline_store))
                except StoreUnavailableError:
                    pass  # locked, full or gone: wait for it on the worker thread instead
            if not inline_store.connected and self.store_kind != "sqlite":
                self._reconnect_inline(inline_store)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(
                self.executor, lambda: self._noted(job(self._store()))
            )
        except (StoreUnavailableError, SchemaError) as exc:
            self.health.failed(exc)
            raise

    def _noted(self, result: T) -> T:
        """Note that the store answered, then return ``result``."""
        self.health.answered()
        return result

    def _reconnect_inline(self, inline: RoomStore) -> None:
        """Make the loop's lost PostgreSQL connection again, on a worker thread, at most
        once every ``INLINE_RETRY`` seconds."""
        now = time.monotonic()
        if now < self._inline_retry:
            return
        self._inline_retry = now + INLINE_RETRY

        def connect() -> None:
            with suppress(Exception):  # still gone: the next call after the wait tries again
                inline.connect()

        with suppress(RuntimeError):  # shutting down
            self.executor.submit(connect)

    # -- keys and limits -------------------------------------------------------------------

    def class_for(self, key: object) -> str | None:
        """The class whose key ``key`` is (compared in constant time), or ``None``."""
        if not isinstance(key, str):
            return None
        found = None
        for name, secret in self.config.classes.items():
            if secrets.compare_digest(key.encode(), secret.encode()):
                found = name
        return found

    def is_teacher(self, secret: object) -> bool:
        return isinstance(secret, str) and secrets.compare_digest(
            secret.encode(), self.config.teacher_secret.encode()
        )

    def same_class(self, state: RoomState, class_name: str | None, lang: str) -> None:
        """A class key sees its own class's rooms only: another class's room is unknown."""
        if state.class_name != class_name:
            raise UnknownRoomError(t_in(lang, "rooms_unknown", code=state.label))

    def bucket(self, kind: str, who: str) -> Bucket:
        limits = self.config.limits
        found = self._buckets.get((kind, who))
        if found is None:
            if len(self._buckets) > 100_000:  # forget idle clients
                self._buckets.clear()
            rate, burst = (
                (limits.client_rate, limits.client_burst)
                if kind == "client"
                else (limits.address_rate, limits.address_burst)
            )
            found = self._buckets[(kind, who)] = Bucket(rate, burst)
        return found

    def origin_allowed(self, origin: str, host: str, cross_only: bool = False) -> bool:
        if origin in self.config.allow_origins:
            return True
        if cross_only:
            return False
        from urllib.parse import urlsplit

        return urlsplit(origin).netloc == host

    def language_of(self, request: Any) -> str:
        wanted = request.query_arguments.get("lang", [b""])[0].decode("ascii", "replace")
        if wanted in LANGUAGES:
            return str(wanted)
        header = request.headers.get("Accept-Language", "")
        for part in header.split(","):
            lang = part.split(";")[0].strip().lower()[:2]
            if lang in LANGUAGES:
                return str(lang)
        return self.config.language

    def refusal_json(self, refusal: Refusal, lang: str) -> dict[str, Any]:
        error: dict[str, Any] = {
            "kind": refusal.kind,
            "key": refusal.key,
            "fields": refusal.fields,
            "message": t_in(lang, refusal.key, **refusal.fields),
        }
        if refusal.retry_after is not None:
            error["retry_after"] = refusal.retry_after
        return {"error": error}

    def log_fault(self, exc: BaseException) -> None:
        """Log, with its traceback, a fault on a socket that is none of the protocol's
        answers (a bug: the student reads "the service failed"). Over HTTP, tornado logs it."""
        if not isinstance(exc, (Refusal, *(cls for cls, _kind, _status in ERROR_KINDS))):
            LOG.error("a socket's message failed", exc_info=exc)

    def error_json(self, exc: BaseException, lang: str) -> tuple[int, dict[str, Any]]:
        """The status and body that say what ``exc`` means, in ``lang``."""
        if isinstance(exc, Refusal):
            return exc.status, self.refusal_json(exc, lang)
        kind, status = next(
            ((kind, status) for cls, kind, status in ERROR_KINDS if isinstance(exc, cls)),
            ("server", 500),
        )
        key = getattr(exc, "key", None)
        fields = getattr(exc, "fields", {}) or {}
        if isinstance(exc, IllegalMoveError):
            message = exc.reason if getattr(exc, "reason", None) else str(exc)
        elif key:
            try:
                message = t_in(lang, key, **fields)
            except (KeyError, ValueError):
                message = str(exc)
        else:
            message = str(exc) if kind != "server" else t_in(lang, "service_server_error")
        error: dict[str, Any] = {"kind": kind, "message": message}
        if key:
            error["key"], error["fields"] = (
                key,
                {k: str(v) for k, v in fields.items() if k not in _SERVER_ONLY_FIELDS},
            )
        state = getattr(exc, "state", None)
        if isinstance(state, RoomState) and status != 403:
            # a refused key or credential proved nothing: the room is not theirs to see
            error["room"] = room_json(state)
        if kind == "store_unavailable":
            error["retry_after"] = 1.0
        return status, {"error": error}

    # -- the two requests of play (over HTTP or the socket) --------------------------------

    async def read_room(
        self,
        key: str,
        credential: str | None,
        class_name: str | None,
        teacher: bool,
        lang: str,
    ) -> str:
        """The answer to a read of room ``key``, as JSON text: with a seat's credential
        (``"you"`` is its seat), else for the teacher or a student of the room's class."""
        if credential is not None:
            state, seat = await self.call(lambda store: store.seat_for(key, credential))
            return room_body(state, seat)
        if not teacher and class_name is None:
            raise Refusal("forbidden", 403, "service_key_missing")
        state = await self.call(lambda store: store.room(key))
        if not teacher:
            self.same_class(state, class_name, lang)
        return room_body(state, None)

    async def act_on(self, key: str, credential: str | None, data: dict[str, Any]) -> RoomState:
        """Play the action that ``data`` describes for the credential's seat; the new room."""
        limits = self.config.limits
        action = _text_field(data, "action", limits.action_chars, optional=False)
        action_id = _text_field(data, "action_id", 64, optional=False)
        expected = data.get("expected_ply")
        for_computer = data.get("for_computer", False)
        if not isinstance(expected, int) or isinstance(expected, bool) or not 0 <= expected <= 64:
            raise Refusal("bad_request", 400, "service_field_bad", field="expected_ply")
        if not isinstance(for_computer, bool) or not _ID.match(action_id or ""):
            raise Refusal("bad_request", 400, "service_field_bad", field="action_id")
        return await self.call(
            lambda store: store.act(
                key,
                credential,
                action,
                expected_ply=expected,
                action_id=action_id,
                for_computer=for_computer,
            )
        )

    # -- notices and presence -------------------------------------------------------------

    async def changed(self, state: RoomState, answered: Socket | None = None) -> None:
        """A room was written by this replica: wake its watchers here. (The other replicas
        hear it from the write itself: on PostgreSQL every write of the service's stores
        notifies ``CHANNEL`` in its own transaction, see ``Backend.wake_channel``; this
        replica hears its own notice too and, knowing its own tag, drops it.)

        ``answered``: the socket whose request made the change has the new room in its
        reply already, so it gets no notice."""
        self._send(state.code, state.version, state.class_name, answered)

    async def cleared(self) -> None:
        """Games were deleted in bulk: the pages watching one of them and the teachers'
        pages hear of it, as of a single delete (``wake``)."""
        watched = list(self.watchers)
        versions = await self.call(lambda store: store.versions(watched))
        gone = [code for code in watched if code not in versions]
        for code in gone:
            self._send(code, -1, None)
        if not gone:
            self._tell_teachers(None)

    async def wake(self, code: str, version: int | None = None) -> None:
        """A hint that ``code`` changed (another replica, or a delete): wake its watchers
        with ``version``, read from the table when the hint did not name it."""
        if code not in self.watchers and not self.teachers:
            return
        if version is None:
            versions = await self.call(lambda store: store.versions([code]))
            version = versions.get(code, -1)
        self._send(code, version, None)

    def _send(
        self, code: str, version: int, class_name: str | None, answered: Socket | None = None
    ) -> None:
        if self.sent.get(code) == version:
            return  # this replica's own write, heard again on the channel
        self.sent[code] = version
        if len(self.sent) > 100_000:
            self.sent.clear()
        text = json.dumps({"type": "changed", "code": code, "version": version})
        for sock in list(self.watchers.get(code, ())):
            if sock is not answered:
                sock.notice(text)
        self._tell_teachers(class_name)

    def _tell_teachers(self, class_name: str | None) -> None:
        """The teachers' pages: a game of ``class_name`` (``None``: of any class) changed."""
        if self.teachers:
            note = json.dumps({"type": "class_changed", "class": class_name})
            for sock in list(self.teachers):
                sock.notice(note)

    def holders(self, code: str, seat: str) -> bool:
        """Does any socket of this replica hold ``seat`` of ``code`` and say it is here?"""
        return any(
            s.seats.get(code) == (seat, True) for s in self.watchers.get(code, ()) if s.ready
        )

    async def presence_quietly(self, code: str, seat: str) -> None:
        """A socket closed: its seats' presence, with no one left to tell of a failure
        (the store's trouble reaches clients on their next request)."""
        with suppress(Exception):
            await self.presence_changed(code, seat)

    async def presence_changed(self, code: str, seat: str) -> None:
        """Write the seat's presence as its sockets say now, within the seat's allowance
        (:data:`PRESENCE_RATE`); past it, once when it is back."""
        if self._stopping.is_set():
            return  # a stopping service leaves presence to the next one (seen goes stale)
        key = (code, seat)
        if key in self._presence_later:
            return  # a write is due already: it reads the sockets when it runs
        if len(self._presence_buckets) > 4096:
            self._presence_buckets.clear()  # every seat starts again with a full burst
        bucket = self._presence_buckets.setdefault(key, Bucket(PRESENCE_RATE, PRESENCE_BURST))
        wait = bucket.take()
        if wait:
            self._presence_later.add(key)
            asyncio.get_running_loop().call_later(wait, self._presence_soon, key)
            return
        await self._write_presence(key)

    def _presence_soon(self, key: tuple[str, str]) -> None:
        self._presence_later.discard(key)
        if self._stopping.is_set():
            return
        bucket = self._presence_buckets.get(key)
        if bucket is not None:
            bucket.take()  # this write spends the allowance it waited for
        self._spawn(self._write_presence(key, quietly=True))

    async def _write_presence(self, key: tuple[str, str], quietly: bool = False) -> None:
        code, seat = key
        here = self.holders(code, seat)
        try:
            state = await self.call(
                lambda store: store.set_presence(code, seat, here, PRESENCE_WINDOW)
            )
        except Exception:
            if not quietly:
                raise
            return  # a deferred write: the next round of presence marks tries again
        if state is not None:
            await self.changed(state)

    async def _touch_all(self) -> None:
        seats = {
            (code, seat)
            for sock in self.sockets
            for code, (seat, here) in sock.seats.items()
            if here
        }
        if seats:
            with suppress(Exception):  # presence is kept again at the next round
                # on a worker thread: a thousand seats held the loop for 17-70 ms (PostgreSQL)
                await self.call(lambda store: store.touch_many(seats), inline=False)

    # -- the server ------------------------------------------------------------------------

    def application(self) -> tornado.web.Application:
        base = (
            "/" + self.config.base_url.strip("/") + "/" if self.config.base_url.strip("/") else "/"
        )
        args = {"service": self}
        code = r"([A-Za-z0-9 -]{1,16})"
        routes: list[Any] = [
            (rf"{base}api/v1/info", InfoHandler, args),
            (rf"{base}api/v1/rooms", RoomsHandler, args),
            (rf"{base}api/v1/rooms/{code}", RoomHandler, args),
            (rf"{base}api/v1/rooms/{code}/join", JoinHandler, args),
            (rf"{base}api/v1/rooms/{code}/actions", ActionHandler, args),
            (rf"{base}api/v1/rooms/{code}/leave", LeaveHandler, args),
            (rf"{base}api/v1/rooms/{code}/computer", ComputerHandler, args),
            (rf"{base}api/v1/rooms/{code}/nickname", NicknameHandler, args),
            (rf"{base}api/v1/rooms/{code}/rematch", RematchHandler, args),
            (rf"{base}api/v1/class/rooms", ClassRoomsHandler, args),
            (rf"{base}api/v1/class/clear", ClearHandler, args),
            (rf"{base}api/v1/class/export", ExportHandler, args),
            (rf"{base}api/v1/socket", Socket, args),
        ]
        return tornado.web.Application(
            routes,
            websocket_ping_interval=self.config.ping_interval,
            websocket_ping_timeout=self.config.ping_timeout,
            websocket_max_message_size=self.config.limits.body_bytes,
            log_function=_quiet_log,
        )

    def listen(self, host: str = "127.0.0.1", port: int = 0) -> None:
        """Serve on the running loop (call from inside it)."""
        self.loop = asyncio.get_running_loop()
        self.host = host
        sockets = tornado.netutil.bind_sockets(port, host)
        self.port = sockets[0].getsockname()[1]
        self.server = self.http_server(self.application())
        self.server.add_sockets(sockets)
        self._timer = tornado.ioloop.PeriodicCallback(self._tick, self.config.touch_every * 1000)
        self._timer.start()
        if self.store_kind == "sqlite":
            self._games_file = games_file(self._stores[0])
            self._folder = tornado.ioloop.PeriodicCallback(
                self._fold, self.config.checkpoint_every * 1000
            )
            self._folder.start()
        if self.store_kind == "postgresql":
            self._listener = threading.Thread(
                target=self._listen, name="qttt-rooms-listen", daemon=True
            )
            self._listener.start()

    def http_server(
        self, app: tornado.web.Application, *, per_address: int | None = None
    ) -> GuardedServer:
        """The server that serves ``app`` for this service: its body limit, deadlines and
        the cap on connections from one address (``per_address``: the limits' own, or 0
        for a service that only its own proxy reaches)."""
        limits = self.config.limits
        cap = limits.connections_per_address if per_address is None else per_address
        refusal = t_in(self.config.language, "service_connection_limit", limit=cap)
        return GuardedServer(
            app, per_address=cap, refusal=refusal, max_body_size=limits.body_bytes * 4
        )

    def held_by(self, client_id: str, address: str) -> Held:
        """What ``client_id`` from ``address`` holds, for :func:`check_room_limits` (under
        the create lock); :meth:`note_created` keeps it."""
        own = self.server.is_own(address) if self.server else address in OWN_ADDRESSES
        counted = self.config.limits.rooms_per_address and not own
        address_key = f"from:{address}" if counted else None
        return Held(
            client_id,
            list(self.created.get(client_id, ())),
            address_key,
            None if address_key is None else list(self.created.get(address_key, ())),
        )

    def note_created(self, held: Held, room: tuple[str, str]) -> None:
        """Room ``room`` was made for ``held``: count it for its client and its address."""
        self.created[held.client_key] = [*held.client, room]
        if held.address_key is not None and held.address is not None:
            self.created[held.address_key] = [*held.address, room]

    async def _tick(self) -> None:
        await self._touch_all()
        self._ticks += 1
        if self.store_kind == "postgresql" and self._ticks % 8 == 0:
            await self.call(self.clock.measure)

    async def _fold(self) -> None:
        """SQLite: fold the write-ahead log into the games file, so a copy of the file alone
        holds (nearly) every game while the service runs (R8), on the worker thread (a
        checkpoint waits for the disk, the loop must not); then check that the file is
        still the one the service opened."""
        loop = asyncio.get_running_loop()
        await loop.run_in_executor(self.executor, lambda: checkpoint(self._store(), "PASSIVE"))
        now = games_file(self._stores[0])
        if now != self._games_file and self._games_file is not None:
            where = self._stores[0].backend.where
            text = t_in(self.config.language, "service_file_gone", file=where)
            LOG.warning("%s", text)
            self._games_file = now  # said once; said again if it changes again

    def _listen(self) -> None:
        """Other replicas' writes: one LISTEN connection; each notice is a hint to re-read."""
        store = self._stores[0]
        backend = store.backend
        while not self._stopping.is_set():
            try:
                conn = backend.connect()
                try:
                    backend.execute(conn, f"LISTEN {CHANNEL}")
                    # Whatever changed while no one listened is read from the table again.
                    self.rows.forget()
                    self.rows.trusted = True
                    loop = self.loop
                    if loop is not None:  # caught up after every (re)connection
                        for code in list(self.watchers):
                            loop.call_soon_threadsafe(self._wake_soon, (code, None))
                    while not self._stopping.is_set():
                        for note in conn.notifies(timeout=0.5):
                            hinted = self._hint(note.payload)
                            if hinted is not None:
                                self.rows.forget(hinted[0])  # before anyone is woken
                            if hinted is not None and loop:
                                loop.call_soon_threadsafe(self._wake_soon, hinted)
                finally:
                    self.rows.trusted = False  # deaf: every call reads the table
                    backend.close(conn)
            except Exception:  # the database went away: reconnect
                self._stopping.wait(0.5)

    def _hint(self, payload: object) -> tuple[str, int | None] | None:
        """The room a notice names (``CODE``, ``CODE:VERSION`` or ``CODE:VERSION:TAG``) and
        the version, or ``None`` when there is nothing to do: not a code, this replica's
        own write heard back (its ``tag``: the write's answer announced it, and the row it
        wrote is the newest), or a version already announced. The version only saves a
        wake-up; a wake reads the version from the table.

        The tag, not the version, tells a write of its own: the notice commits with the
        write and often arrives before the thread that wrote has returned (with 1,000
        clients on PostgreSQL, three in five), and a version noted after the write came
        too late to recognise it, so the row cache dropped the row it had just written.
        """
        if not isinstance(payload, str):
            return None
        code, _, rest = payload.partition(":")
        told, _, tag = rest.partition(":")
        if len(code) != codes.CODE_LENGTH or tag == self.tag:
            return None
        version = int(told) if told.isdigit() and len(told) < 19 else None
        if self._ours(code, version):
            return None
        return code, version

    def _ours(self, code: str, version: int | None) -> bool:
        """Has this replica announced ``version`` of ``code`` already?"""
        return version is not None and version == self.sent.get(code)

    def _wake_soon(self, hint: tuple[str, int | None]) -> None:
        code, version = hint
        if self._stopping.is_set():
            return  # a wake begun now would never run: the loop stops next
        try:
            key = codes.normalize_code(code)
        except RoomError:
            return  # not a room code: a forged or foreign notice
        self._spawn(self._wake_quietly(key, version))

    def _spawn(self, job: Coroutine[Any, Any, None]) -> None:
        """Run ``job`` on the loop, kept until it ends (``close`` cancels what is left)."""
        task = asyncio.ensure_future(job)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _wake_quietly(self, code: str, version: int | None = None) -> None:
        """Wake the watchers of ``code``. A notice that names the version (every write of
        the service's stores does; PostgreSQL delivers them in commit order) is passed on
        as it is: the clients read the room anyway. Reading the version from the table
        first cost the loop a round trip per action of another replica. With none (a
        deletion's notice, ``CODE:-1``, or a catch-up after the listener reconnected), the
        table says."""
        if self._ours(code, version):
            return  # announced meanwhile
        with suppress(Exception):  # the store's trouble reaches clients on their next request
            await self.wake(code, version)

    @property
    def url(self) -> str:
        base = self.config.base_url.strip("/")
        return f"http://{self.host}:{self.port}/" + (base + "/" if base else "")

    def close(self) -> None:
        """Stop serving (from inside the loop) and close the store (a checkpoint for SQLite)."""
        self._stopping.set()
        for task in list(self._tasks):
            task.cancel()  # before the loop stops, so each is closed, not left pending
        for timer in (self._timer, self._folder):
            if timer is not None:
                timer.stop()
        if self.server is not None:
            self.server.stop()
        for sock in list(self.sockets):
            sock.close(1001)
        self.executor.shutdown(wait=True)
        if self._inline is not None:
            self._inline.close()
        for store in self._stores:
            checkpoint(store)
            store.close()


def settle_collector() -> None:
    """Tune Python's garbage collector for a service that runs for hours, once it serves.

    What exists by then (modules, the server) is moved out of the collector's sight
    (``gc.freeze``), and the youngest generation is collected after 50,000 new objects
    instead of 700. With 1,000 clients a full collection stopped the service's loop for
    100-190 ms every few seconds, the slowest answers of a lesson; now it comes rarely.
    Cycles are still collected. For the processes that run a service (the command,
    the classroom, the hub service), not for a library call.
    """
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def games_file(store: RoomStore) -> tuple[int, int] | None:
    """The device and inode of a SQLite store's file (``None``: in memory, or gone), so a
    file deleted or replaced while the service runs can be told apart from the one it
    opened."""
    where = store.backend.where
    if store.backend.name != "sqlite" or where == ":memory:" or where.startswith("file:"):
        return None
    try:
        found = os.stat(where)
    except OSError:
        return None
    return found.st_dev, found.st_ino


def checkpoint(store: RoomStore, mode: str = "TRUNCATE") -> None:
    """Fold SQLite's write-ahead log into the games file, so a copy of the file alone holds
    every game (R8); nothing to do for PostgreSQL."""
    if store.backend.name != "sqlite":
        return
    with suppress(Exception):  # a closed or broken store has nothing to fold in
        store.run(lambda conn: conn.execute(f"PRAGMA wal_checkpoint({mode})").fetchall(), 0.5)


def _quiet_log(handler: tornado.web.RequestHandler) -> None:
    """Log method, path and status only: no query string, no header (they may hold keys).
    While the store is down, its refusals (503) are not logged one by one: the service's
    health has said so once."""
    status = handler.get_status()
    service = getattr(handler, "service", None)
    if service is not None and service.health.said(status):
        return
    if status >= 500:
        LOG.warning("%s %s %s", handler.request.method, handler.request.path, status)


def _socket_log(op: str, status: int, seconds: float) -> None:
    """A request on a socket answered: logged only when the service failed (no key, no code)."""
    if status >= 500:
        LOG.warning("socket %s %s", op[:16], status)


class RunningService:
    """A service started on a thread of its own (``start_service``): ``url``, ``stop()``."""

    def __init__(self, service: RoomsService, thread: threading.Thread, loop: Any) -> None:
        self.service, self._thread, self._loop = service, thread, loop

    @property
    def url(self) -> str:
        return self.service.url

    @property
    def port(self) -> int:
        return self.service.port

    def alive(self) -> bool:
        """Whether the service's thread still runs (it ends only when stopped or broken)."""
        return self._thread.is_alive()

    def stop(self) -> None:
        async def close() -> None:
            self.service.close()

        if self._thread.is_alive():
            fut = asyncio.run_coroutine_threadsafe(close(), self._loop)
            fut.result(timeout=10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)


def _check_keys(classes: dict[str, str], teacher_secret: str, language: str = "en") -> None:
    """Every key long enough, every class a name the store can hold; else ``ValueError``."""
    for secret in (*classes.values(), teacher_secret):
        if not isinstance(secret, str) or len(secret) < 16:
            raise ValueError(t_in(language, "service_key_short"))
    for name in classes:
        codes.check_class_name(name)  # a class the store could not hold is refused here


def start_service(
    store_url: str,
    *,
    classes: dict[str, str],
    teacher_secret: str,
    host: str = "127.0.0.1",
    port: int = 0,
    base_url: str = "/",
    allow_origins: tuple[str, ...] = (),
    limits: Limits | None = None,
    language: str = "en",
    serve: Callable[[RoomsService], None] | None = None,
    **options: Any,
) -> RunningService:
    """Start a service on a thread of its own; returns once it listens (``.url``, ``.stop()``).

    For the classroom command, a hub service's launcher and tests. ``port=0`` picks a
    free port. Every class key and the teacher secret must be at least 16 characters.
    ``serve``, called on the service's loop, makes it listen in its own way (the
    classroom's site mode serves the site beside it); by default on ``host:port``.
    """
    _check_keys(classes, teacher_secret, language)
    config = ServiceConfig(
        store_url,
        dict(classes),
        teacher_secret,
        base_url=base_url,
        allow_origins=tuple(allow_origins),
        limits=limits or Limits(),
        language=language,
        **options,
    )
    ready = threading.Event()
    box: dict[str, Any] = {}

    def run() -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        box["loop"] = loop
        try:
            service = RoomsService(config)

            async def begin() -> None:
                (serve or (lambda running: running.listen(host, port)))(service)

            loop.run_until_complete(begin())
            box["service"] = service
        except BaseException as exc:
            box["error"] = exc
        ready.set()
        if "error" not in box:
            loop.run_forever()
        loop.close()

    thread = threading.Thread(target=run, name="qttt-rooms-service", daemon=True)
    thread.start()
    ready.wait(30)
    if "error" in box:
        raise box["error"]
    return RunningService(box["service"], thread, box["loop"])


def _service_parser(language: str) -> Parser:
    """The command line of :func:`main`, its help in ``language``."""
    from ..cli import Parser

    say = functools.partial(t_in, language)
    parser = Parser(
        prog="python -m qttt_edu.rooms.service",
        description=say("service_description"),
    )
    parser.add_argument("--store", default=None, help=say("service_store_help"))
    parser.add_argument("--class", dest="class_name", default="", help=say("service_class_help"))
    parser.add_argument("--class-key", default=None, help=say("service_class_key_help"))
    parser.add_argument("--teacher-secret-file", default=None, help=say("service_secret_help"))
    parser.add_argument("--host", default="127.0.0.1", help=say("service_host_help"))
    parser.add_argument("--port", type=int, default=8766, help=say("service_port_help"))
    parser.add_argument("--base-url", default="/", help=say("service_base_help"))
    parser.add_argument(
        "--allow-origin", action="append", default=[], help=say("service_origin_help")
    )
    parser.add_argument(
        "--lang", default=None, choices=sorted(LANGUAGES), help="en, da, fi, nb, it"
    )
    return parser


def _teacher_secret(secret_file: str | None) -> tuple[str, bool]:
    """The teacher's secret (from ``secret_file``, else the environment, else a new one), and
    whether it is new, so the service prints it once."""
    secret = os.environ.get("QTTT_ROOMS_TEACHER_SECRET", "")
    if secret_file:
        with open(secret_file, encoding="utf-8") as handle:
            secret = handle.read().strip()
    if secret:
        return secret, False
    return secrets.token_urlsafe(18), True


def _serve_until_stopped(running: RunningService) -> None:
    import signal

    def stop_now(_signum: int, _frame: Any) -> None:
        raise KeyboardInterrupt

    # Ctrl-C and a service manager's SIGTERM stop it cleanly (a last checkpoint), also
    # when it was started with SIGINT ignored, as a shell's background job or a test
    # runner's worker starts it
    signal.signal(signal.SIGINT, stop_now)
    signal.signal(signal.SIGTERM, stop_now)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        running.stop()


def main(argv: list[str] | None = None) -> int:
    """``python -m qttt_edu.rooms.service``: serve the class's games until Ctrl-C."""
    from ..cli import exit_status, speaking
    from .backends import default_url

    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in) as language:
        say = functools.partial(t_in, language)
        try:
            args = _service_parser(language).parse_args(args_in)
        except SystemExit as stop:  # --help, or a usage error already printed
            return exit_status(stop)
        try:
            secret, made_secret = _teacher_secret(args.teacher_secret_file)
        except (OSError, UnicodeDecodeError) as err:  # no such file, or not a text file
            reason = getattr(err, "strerror", None) or str(err)
            file = args.teacher_secret_file
            print(say("service_secret_unreadable", file=file, reason=reason), file=sys.stderr)
            return 1
        class_key = (
            args.class_key or os.environ.get("QTTT_ROOMS_CLASS_KEY") or secrets.token_urlsafe(12)
        )
        try:
            running = start_service(
                args.store or default_url(),
                classes={args.class_name: class_key},
                teacher_secret=secret,
                host=args.host,
                port=args.port,
                base_url=args.base_url,
                allow_origins=tuple(args.allow_origin),
                language=language,
            )
        except OSError as err:  # the port is taken, or the address is not this machine's
            where = f"{args.host}:{args.port}"
            print(say("service_cannot_listen", where=where, reason=err.strerror), file=sys.stderr)
            return 1
        except (ValueError, SchemaError, StoreUnavailableError) as err:  # said in words
            print(say("service_not_started", reason=str(err)), file=sys.stderr)
            return 1
        settle_collector()
        print(say("service_started", url=running.url), flush=True)
        print(say("service_class_key_line", name=args.class_name or "-", key=class_key), flush=True)
        if made_secret:
            print(say("service_teacher_line", secret=secret), flush=True)
    _serve_until_stopped(running)
    return 0


if __name__ == "__main__":
    sys.exit(main())
