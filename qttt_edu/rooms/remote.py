"""The app's client of the rooms service: a store that is an HTTP address, not a database.

:class:`ServiceClient` offers the calls :class:`~qttt_edu.rooms.SharedGame` makes
of a :class:`~qttt_edu.rooms.RoomStore` (``create_room``, ``join``, ``resume``,
``room``, ``act``, ``leave``, ``hand_to_computer``, ``watch``), spoken to the rooms
service (``lessons/shared_games.md``, *The rooms service and its protocol*). So a
student's kernel holds the service's address and the class key, never a database
address or password. Every room the service sends is replayed from its record by the
rules core before anything is shown; a change notice only makes the client read the
room again.

One background thread per client holds the change socket: it reconnects with backoff,
says which rooms it watches and which seats it holds (a held seat is *present* while
the socket lives), and after every reconnection has each watched room read again, so
an action kept while the service was away is sent (once: its ``action_id`` is kept).

In the static site's Python (Pyodide, in the browser's web worker: no threads, no
sockets module) the same client speaks the same protocol through the browser
(:mod:`qttt_edu.rooms.browser`): requests by synchronous XMLHttpRequest, the change
socket a browser ``WebSocket`` whose events call the client. Only the transport
differs; every message is built and read here.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import secrets
import threading
import uuid
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from ..core import Game, IllegalMoveError, InvalidRecordError
from ..i18n import carry_language, catalog, get_language, t
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
    SpectatorError,
    StoreUnavailableError,
    UnknownRoomError,
)
from .store import RoomState as RoomState
from .store import SeatInfo, Ticket

if TYPE_CHECKING:
    from .browser import BrowserSocket

#: a transport: (method, url, headers, body) and a timeout in, (status, body) out; a
#: request that gets no answer raises OSError (or ValueError)
Transport = Callable[[str, str, dict[str, str], "bytes | None", float], tuple[int, bytes]]

__all__ = ["ENV_CLASS_KEY", "ENV_SERVICE", "ServiceClient", "state_from_json"]

#: the variables that point a kernel at the rooms service (set by the classroom command
#: or the hub for every student's server): its address and the class key
ENV_SERVICE = "QTTT_ROOMS_SERVICE"
ENV_CLASS_KEY = "QTTT_ROOMS_CLASS_KEY"

_KINDS: dict[str, type[RoomError]] = {
    "bad_code": BadCodeError,
    "unknown_room": UnknownRoomError,
    "expired": RoomExpiredError,
    "room_full": RoomFullError,
    "credential": CredentialError,
    "spectator": SpectatorError,
    "not_your_turn": NotYourTurnError,
    "conflict": ConflictError,
    "corrupt_room": CorruptRoomError,
}


def state_from_json(room: Any) -> RoomState:
    """A ROOM object of the protocol as a :class:`RoomState`, its record replayed by the core.

    A room whose record the rules refuse is :class:`CorruptRoomError`: nothing from
    the service is shown unless the rules agree with it.
    """
    try:
        code = codes.normalize_code(room["code"])
        record = room["record"]
        game = Game.from_record(record)
        seats = {
            seat: SeatInfo(
                str(room["seats"][seat]["kind"]),
                room["seats"][seat]["nickname"],
                None,
                bool(room["seats"][seat]["present"]),
            )
            for seat in ("X", "O")
        }
        version = room["version"]
        if not isinstance(version, int) or isinstance(version, bool):
            raise TypeError("version")
        return RoomState(
            code=code,
            version=version,
            record=game.record(),
            seats=seats,
            created_at=float(room["created_at"]),
            updated_at=float(room["updated_at"]),
            expires_at=None if room["expires_at"] is None else float(room["expires_at"]),
            finished_at=None if room["finished_at"] is None else float(room["finished_at"]),
            next_code=None if room.get("next") is None else codes.normalize_code(room["next"]),
            class_name=str(room["class"]),
            read_at=float(room["now"]),
            _game=game,
        )
    except (KeyError, TypeError, ValueError, RoomError, InvalidRecordError, IllegalMoveError):
        label = room.get("label", "?") if isinstance(room, dict) else "?"
        raise CorruptRoomError(
            t("rooms_corrupt", code=str(label)[:10], problem=t("rooms_corrupt_field", field="room"))
        ) from None


class ServiceClient:
    """A rooms store reached through the rooms service at ``url``.

    ``class_key`` is the students' class key (``$QTTT_ROOMS_CLASS_KEY`` by default);
    ``teacher_secret`` the teacher's, for the dashboard only. ``timeout`` bounds each
    request (seconds).
    """

    def __init__(
        self,
        url: str,
        *,
        class_key: str | None = None,
        teacher_secret: str | None = None,
        timeout: float = 5.0,
        on_status: Callable[[str | None], None] | None = None,
    ) -> None:
        self.url = url if url.endswith("/") else url + "/"
        self.class_key = class_key
        self.teacher_secret = teacher_secret
        self.timeout = timeout
        self.on_status = on_status
        self.status: str | None = None
        self.client_id = secrets.token_urlsafe(16)
        self.retry_for = timeout
        self._seats: dict[str, str] = {}  # code -> credential this client holds
        self._here: dict[str, bool] = {}
        self._subs: dict[str, list[Callable[[str, Any], None]]] = {}
        self._known: dict[str, int | None] = {}
        self._beats: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._ws: Any = None
        self._browser: BrowserSocket | None = None
        self._pending: dict[int, concurrent.futures.Future[tuple[int, Any]]] = {}
        self._next_id = 0
        self._closed = False
        self.connected = threading.Event()
        from .browser import in_browser, xhr_request

        self.in_browser = in_browser()
        #: how requests travel: urllib here, XMLHttpRequest in the site's browser Python
        self.transport: Transport = xhr_request if self.in_browser else urllib_request

    # -- requests ----------------------------------------------------------------------

    @property
    def where(self) -> str:
        return self.url

    def request(
        self,
        method: str,
        path: str,
        body: dict[str, Any] | None = None,
        *,
        seat: str | None = None,
        teacher: bool = False,
        socket_op: dict[str, Any] | None = None,
    ) -> Any:
        """One request; the answer's JSON, or the error it carries raised as the store would.

        ``socket_op``: the same request as a message of the change socket (a read or an
        action), sent there while the socket is up: the service answers it for a third
        of an HTTP request's work. Without a socket it goes by HTTP.
        """
        reply = None if socket_op is None else self._over_socket(socket_op, seat)
        status, answer = reply or self._over_http(method, path, body, seat, teacher)
        if status >= 400:
            error = answer.get("error", {}) if isinstance(answer, dict) else {}
            raise self._error(status, error if isinstance(error, dict) else {})
        self._set_status(None)
        return answer

    def _unreachable(self, reason: str) -> StoreUnavailableError:
        details = {"where": self.url, "seconds": f"{self.timeout:g}", "reason": reason}
        text = t("service_unreachable", where=self.url, reason=reason)
        self._set_status(text)
        return StoreUnavailableError(text, **details)

    def _over_http(
        self, method: str, path: str, body: dict[str, Any] | None, seat: str | None, teacher: bool
    ) -> tuple[int, Any]:
        headers = {
            "Content-Type": "application/json",
            "X-Qttt-Client": self.client_id,
            "Accept-Language": get_language(),
        }
        if self.class_key is not None:
            headers["X-Qttt-Class"] = self.class_key
        if seat is not None:
            headers["X-Qttt-Seat"] = seat
        if teacher and self.teacher_secret is not None:
            headers["X-Qttt-Teacher"] = self.teacher_secret
        data = None if body is None else json.dumps(body).encode()
        try:
            status, raw = self.transport(method, self.url + path, headers, data, self.timeout)
            if status < 400:
                return status, json.loads(raw or b"null")
        except (OSError, ValueError) as err:  # refused, reset, timed out, not JSON
            reason = str(getattr(err, "reason", err)).strip()[:200] or type(err).__name__
            raise self._unreachable(reason) from None
        try:
            return status, json.loads(raw)
        except ValueError:
            return status, {}

    def _over_socket(self, op: dict[str, Any], seat: str | None) -> tuple[int, Any] | None:
        """Send ``op`` as a request on the change socket and wait for its reply; ``None``
        when the socket is not up (or closes before the reply): then HTTP carries it.
        A resent action is safe: its ``action_id`` is the same."""
        loop, ws = self._loop, self._ws
        if (
            loop is None
            or ws is None
            or not self.connected.is_set()
            or threading.current_thread() is self._thread
        ):
            return None
        future: concurrent.futures.Future[tuple[int, Any]] = concurrent.futures.Future()
        with self._lock:
            self._next_id += 1
            rid = self._next_id
            self._pending[rid] = future
        message = {"type": "request", "id": rid, **op}
        if seat is not None:
            message["credential"] = seat
        text = json.dumps(message)

        def send() -> None:
            try:
                ws.write_message(text)
            except Exception as err:  # closed meanwhile
                if not future.done():
                    future.set_exception(ConnectionError(str(err)))

        try:
            loop.call_soon_threadsafe(send)
            return future.result(self.timeout)
        except concurrent.futures.TimeoutError:
            raise self._unreachable(t("service_no_answer", seconds=f"{self.timeout:g}")) from None
        except (ConnectionError, RuntimeError):
            return None
        finally:
            with self._lock:
                self._pending.pop(rid, None)

    def _drop_pending(self) -> None:
        """The socket closed: requests still waiting on it go by HTTP instead."""
        with self._lock:
            pending, self._pending = self._pending, {}
        for future in pending.values():
            if not future.done():
                future.set_exception(ConnectionError("socket closed"))

    def _error(self, status: int, error: dict[str, Any]) -> Exception:
        kind = str(error.get("kind", ""))
        key, fields = error.get("key"), error.get("fields") or {}
        text = str(error.get("message") or t("service_http_error", status=status))
        if isinstance(key, str) and key in catalog("en") and isinstance(fields, dict):
            with suppress(KeyError, ValueError, IndexError):
                text = t(key, **fields)
        state = None
        if isinstance(error.get("room"), dict):
            with suppress(CorruptRoomError):
                state = state_from_json(error["room"])
        if kind == "store_unavailable":
            details = (
                {str(k): str(v) for k, v in fields.items()} if isinstance(fields, dict) else {}
            )
            self._set_status(text)
            return StoreUnavailableError(text, **details)
        if kind == "illegal":
            return IllegalMoveError(text)
        err = _KINDS.get(kind, RoomError)(text, state)
        err.key, err.fields = key if isinstance(key, str) else None, dict(fields)
        err.kind = kind  # type: ignore[attr-defined]
        return err

    def _set_status(self, text: str | None) -> None:
        if text != self.status:
            self.status = text
            if self.on_status is not None:
                with suppress(Exception):
                    self.on_status(text)

    # -- what SharedGame asks of a store ---------------------------------------------------

    def create_room(
        self,
        nickname: str | None = None,
        *,
        seat: str = "X",
        class_name: str = "",
        ttl: float | None = None,
    ) -> Ticket:
        """Open a room (in the class of the class key; ``class_name`` is the service's)."""
        answer = self.request("POST", "api/v1/rooms", {"nickname": nickname, "seat": seat})
        return self._ticket(answer)

    def join(self, code: object, nickname: str | None = None) -> Ticket:
        key = codes.normalize_code(code)
        answer = self.request("POST", f"api/v1/rooms/{key}/join", {"nickname": nickname})
        return self._ticket(answer)

    def resume(self, code: object, credential: object) -> Ticket:
        key = codes.normalize_code(code)
        cred = codes.check_credential(credential)
        answer = self.request("GET", f"api/v1/rooms/{key}", seat=cred)
        self._hold(key, cred)
        return Ticket(key, str(answer["you"]), cred)

    def _ticket(self, answer: dict[str, Any]) -> Ticket:
        state = state_from_json(answer["room"])
        ticket = Ticket(state.code, str(answer["seat"]), str(answer["credential"]))
        self._hold(ticket.code, ticket.credential)
        return ticket

    def room(self, code: object) -> RoomState:
        key = codes.normalize_code(code)
        seat = self._seats.get(key)
        teacher = seat is None and self.class_key is None and self.teacher_secret is not None
        answer = self.request(
            "GET",
            f"api/v1/rooms/{key}",
            seat=seat,
            teacher=teacher,
            socket_op={"op": "room", "code": key},
        )
        return state_from_json(answer["room"])

    def act(
        self,
        code: object,
        credential: object,
        action: Any,
        *,
        expected_ply: int | None = None,
        action_id: str | None = None,
        for_computer: bool = False,
    ) -> RoomState:
        key = codes.normalize_code(code)
        if credential is None:
            raise SpectatorError(t("rooms_spectator"))
        token = action if isinstance(action, str) else _token(action)
        if expected_ply is None:
            expected_ply = self.room(key).ply
        body = {
            "action": token,
            "expected_ply": expected_ply,
            "action_id": action_id or uuid.uuid4().hex,
            "for_computer": for_computer,
        }
        answer = self.request(
            "POST",
            f"api/v1/rooms/{key}/actions",
            body,
            seat=str(credential),
            socket_op={"op": "act", "code": key, **body},
        )
        return state_from_json(answer["room"])

    def leave(self, code: object, credential: object) -> RoomState:
        key = codes.normalize_code(code)
        answer = self.request("POST", f"api/v1/rooms/{key}/leave", {}, seat=str(credential))
        with self._lock:
            self._seats.pop(key, None)
        return state_from_json(answer["room"])

    def rematch(self, code: object, credential: object) -> Ticket:
        key = codes.normalize_code(code)
        answer = self.request("POST", f"api/v1/rooms/{key}/rematch", {}, seat=str(credential))
        return self._ticket(answer)

    def rename(self, code: object, credential: object, nickname: str | None) -> RoomState:
        key = codes.normalize_code(code)
        answer = self.request(
            "POST", f"api/v1/rooms/{key}/nickname", {"nickname": nickname}, seat=str(credential)
        )
        return state_from_json(answer["room"])

    def hand_to_computer(self, code: object, credential: object, player_name: str) -> RoomState:
        key = codes.normalize_code(code)
        answer = self.request(
            "POST", f"api/v1/rooms/{key}/computer", {"name": player_name}, seat=str(credential)
        )
        return state_from_json(answer["room"])

    def touch(self, code: object, credential: object, *, retry_for: float | None = None) -> None:
        """Presence is the socket's: nothing to send."""

    # -- the teacher's calls (the dashboard) -------------------------------------------------

    def list_rooms(self, class_name: str | None = None) -> Any:
        from .store import RoomList

        path = "api/v1/class/rooms"
        if class_name is not None:
            from urllib.parse import quote

            path += f"?class={quote(class_name)}"
        answer = self.request("GET", path, teacher=True)
        listing = RoomList([], [])
        for room in answer["rooms"]:
            try:
                listing.rooms.append(state_from_json(room))
            except CorruptRoomError as err:
                listing.problems.append(err)
        for problem in answer["problems"]:
            listing.problems.append(CorruptRoomError(str(problem.get("message", ""))))
        return listing

    def clear_finished(self, class_name: str | None = None) -> int:
        return self._clear("finished", class_name)

    def clear_abandoned(self, class_name: str | None = None) -> int:
        return self._clear("abandoned", class_name)

    def _clear(self, what: str, class_name: str | None) -> int:
        """The teacher's clear of ``what`` (the service's ``class/clear``): rooms deleted."""
        body: dict[str, Any] = {"what": what, "class": class_name}
        return int(self.request("POST", "api/v1/class/clear", body, teacher=True)["deleted"])

    def delete_room(self, code: object) -> int:
        key = codes.normalize_code(code)
        return int(self.request("DELETE", f"api/v1/rooms/{key}", teacher=True)["deleted"])

    # -- the change socket ---------------------------------------------------------------------

    def watch(
        self,
        code: object,
        callback: Callable[[str, RoomState | None], None],
        version: int | None = None,
    ) -> Callable[[], None]:
        """Call ``callback(code, None)`` (from the socket's thread) when the room changes."""
        key = codes.normalize_code(code)
        with self._lock:
            first = key not in self._subs
            self._subs.setdefault(key, []).append(callback)
            self._known.setdefault(key, version)
        self._ensure_socket()
        if first:
            self._send({"type": "watch", "code": key})
            if key in self._seats:
                self._send({"type": "seat", "code": key, "credential": self._seats[key]})

        def unsubscribe() -> None:
            with self._lock:
                callbacks = self._subs.get(key, [])
                if callback in callbacks:
                    callbacks.remove(callback)
                last = not callbacks
                if last:
                    self._subs.pop(key, None)
                    self._known.pop(key, None)
            if last:
                if key in self._seats:
                    self._send({"type": "here", "code": key, "here": False})
                self._send({"type": "unwatch", "code": key})

        return unsubscribe

    def set_here(self, code: object, here: bool) -> None:
        """Say whether the page showing this seat is there (the app's page heartbeat)."""
        key = codes.normalize_code(code)
        if self._here.get(key, True) == here:
            return
        self._here[key] = here
        if key in self._seats:
            self._send({"type": "here", "code": key, "here": here})

    def add_heartbeat(self, beat: Callable[[], None]) -> Callable[[], None]:
        """Call ``beat()`` every 15 s from the socket's thread (resends a kept action)."""
        with self._lock:
            self._beats.append(beat)
        self._ensure_socket()

        def remove() -> None:
            with self._lock:
                if beat in self._beats:
                    self._beats.remove(beat)

        return remove

    def _hold(self, code: str, credential: str) -> None:
        with self._lock:
            self._seats[code] = credential
            watched = code in self._subs
        if watched:
            self._send({"type": "seat", "code": code, "credential": credential})

    def _ensure_socket(self) -> None:
        if self.in_browser:  # no threads: the browser's WebSocket calls the client
            if self._browser is None and not self._closed:
                from .browser import BrowserSocket

                self._browser = BrowserSocket(self)
                self._browser.start()
            return
        with self._lock:
            if self._thread is not None or self._closed:
                return
            # its words (a lost connection) in the language of the page that made it
            self._thread = threading.Thread(
                target=carry_language(self._socket_thread), name="qttt-rooms-socket", daemon=True
            )
            self._thread.start()

    def _send(self, message: dict[str, Any]) -> None:
        if self._browser is not None:
            self._browser.send(json.dumps(message))
            return
        loop, ws = self._loop, self._ws
        if loop is None or ws is None or loop.is_closed():
            return  # the next hello says it all
        text = json.dumps(message)

        def send() -> None:
            with suppress(Exception):
                ws.write_message(text)

        with suppress(RuntimeError):
            loop.call_soon_threadsafe(send)

    def _socket_thread(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._socket_loop())
        finally:
            loop.close()

    async def _socket_loop(self) -> None:
        from tornado.httpclient import HTTPRequest
        from tornado.websocket import websocket_connect

        backoff = 0.5
        ws_url = "ws" + self.url[4:] + "api/v1/socket"
        beat_task = asyncio.ensure_future(self._beat_loop())
        try:
            while not self._closed:
                try:
                    request = HTTPRequest(ws_url, headers={"Accept-Language": get_language()})
                    ws = await websocket_connect(request, ping_interval=10, ping_timeout=10)
                except Exception as err:
                    self.connected.clear()
                    self._set_status(
                        t("rooms_watch_lost", reason=str(err).strip()[:200] or type(err).__name__)
                    )
                    await asyncio.sleep(backoff)
                    backoff = min(10.0, backoff * 2)
                    continue
                # the socket is known before the hello is written: a page's "here" said while
                # the hello is on its way is then sent after it, not dropped
                self._ws = ws
                for message in self.hello_messages():
                    await ws.write_message(message)
                ready = False
                while not self._closed:
                    text = await ws.read_message()
                    if text is None:
                        break
                    if isinstance(text, bytes):
                        text = text.decode("utf-8", "replace")
                    was_ready, ready = ready, self.on_socket_message(text, ready)
                    if ready and not was_ready:
                        backoff = 0.5
                self._ws = None
                self.connected.clear()
                self._drop_pending()
                with suppress(Exception):
                    ws.close()
                if not self._closed:
                    await asyncio.sleep(backoff)
                    backoff = min(10.0, backoff * 2)
        finally:
            beat_task.cancel()

    def hello_messages(self) -> list[str]:
        """What a (re)connected socket sends first: hello (the rooms watched, the seats
        held, the class key), then each held seat whose page is not there."""
        with self._lock:
            watched = list(self._subs)
            seats = [
                {"code": c, "credential": cred}
                for c, cred in self._seats.items()
                if c in self._subs
            ]
        hello: dict[str, Any] = {
            "type": "hello",
            "client": self.client_id,
            "watch": watched,
            "seats": seats,
        }
        if self.class_key is not None:
            hello["class"] = self.class_key
        if self.teacher_secret is not None and self.class_key is None:
            hello["teacher"] = self.teacher_secret
        away = [
            {"type": "here", "code": code, "here": False}
            for code, here in list(self._here.items())
            if not here and code in self._seats
        ]
        return [json.dumps(message) for message in (hello, *away)]

    def on_socket_message(self, text: str, ready: bool) -> bool:
        """Read one message of the socket; returns whether the socket is ready now.

        ``ready``: the service has said so (the hello was taken) since the socket opened.
        A notice only wakes the watchers, which read the room from the service.
        """
        try:
            data = json.loads(text)
        except ValueError:
            return ready
        kind = data.get("type") if isinstance(data, dict) else None
        if kind == "ready":
            self.connected.set()
            self._set_status(None)
            self._wake_all()  # caught up after every (re)connection
            return True
        if kind == "reply" and isinstance(data.get("id"), int):
            with self._lock:
                future = self._pending.get(data["id"])
            status = data.get("status")
            if future is not None and not future.done() and isinstance(status, int):
                self._answered(data.get("body"))
                future.set_result((status, data.get("body")))
        elif kind == "changed" and isinstance(data.get("code"), str):
            self._wake(data["code"], data.get("version"))
        elif kind == "error" and not ready:
            error = data.get("error")
            message = error.get("message", "") if isinstance(error, dict) else ""
            self._set_status(str(message)[:300])
        return ready

    def _answered(self, body: object) -> None:
        """A reply carrying a room. The service sends the socket that asked no notice of
        the version its reply holds. With one watcher of the room in this client, the
        one that asked, which shows every answer (as SharedGame does), that version is
        known now. With more, the others are woken as by a notice, and each reads."""
        room = body.get("room") if isinstance(body, dict) else None
        if not isinstance(room, dict):
            return
        code, version = room.get("code"), room.get("version")
        if not isinstance(code, str) or not isinstance(version, int):
            return
        with self._lock:
            watchers = len(self._subs.get(code, ()))
            known = self._known.get(code)
            if not watchers or (known is not None and known >= version):
                return
            if watchers == 1:
                self._known[code] = version
                return
        self._wake(code, version)

    def socket_lost(self, reason: str | None) -> None:
        """The socket closed (``reason``: it could not be opened): until it is back, the
        service hears nothing of this client's pages."""
        self.connected.clear()
        if reason is not None:
            self._set_status(t("rooms_watch_lost", reason=reason.strip()[:200] or "?"))

    def run_heartbeats(self) -> None:
        """Call every heartbeat once (the browser's socket does this every 15 s)."""
        with self._lock:
            beats = list(self._beats)
        for beat in beats:
            with suppress(Exception):
                beat()

    async def _beat_loop(self) -> None:
        while not self._closed:
            await asyncio.sleep(15.0)
            with self._lock:
                beats = list(self._beats)
            for beat in beats:
                with suppress(Exception):
                    await asyncio.get_running_loop().run_in_executor(None, beat)

    def _wake_all(self) -> None:
        with self._lock:
            watched = list(self._subs)
        for code in watched:
            self._wake(code, None, force=True)

    def _wake(self, code: str, version: object, force: bool = False) -> None:
        """A notice: a hint only. The callbacks read the room from the service."""
        with self._lock:
            if code not in self._subs:
                return
            if not force and isinstance(version, int) and self._known.get(code) == version:
                return
            if isinstance(version, int):
                self._known[code] = version
            callbacks = list(self._subs[code])
        loop = self._loop

        def run() -> None:
            for callback in callbacks:
                with suppress(Exception):  # one screen's fault must not stop the others
                    callback(code, None)

        if self._browser is not None:
            run()  # the browser's event: Python runs nothing else meanwhile
        elif loop is not None:  # the callbacks make blocking requests: off the socket's loop
            loop.run_in_executor(None, run)

    def close(self) -> None:
        """Close the socket (held seats become away); the seats stay the client's."""
        self._closed = True
        if self._browser is not None:
            self._browser.close()
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(ws.close)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def __repr__(self) -> str:
        return f"ServiceClient({self.url})"


def _token(action: Any) -> str:
    from ..core import as_action

    return str(as_action(action))


def urllib_request(
    method: str, url: str, headers: dict[str, str], data: bytes | None, timeout: float
) -> tuple[int, bytes]:
    """One request by :mod:`urllib`: the status and the body (an HTTP error's too)."""
    import urllib.error
    import urllib.request

    req = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=timeout) as resp:
            return int(resp.status), bytes(resp.read())
    except urllib.error.HTTPError as err:
        try:
            body = err.read()
        except OSError:
            body = b""
        return int(err.code), bytes(body)
