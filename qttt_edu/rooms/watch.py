"""One background thread per store that hears about changes to watched rooms.

SQLite: ``PRAGMA data_version`` is read every ``poll_interval`` seconds; it is a
counter kept in shared memory that moves only when another connection commits, so
an idle classroom costs almost nothing, and only then are the watched rooms'
versions read. PostgreSQL: the thread ``LISTEN``s and each write ``NOTIFY``s
``code:version`` inside its transaction, so a change arrives as soon as it commits.
Either way the watched versions are also re-read every few seconds and after every
reconnection, so a notice lost while the server restarted is caught up.

The watcher knows the database (its :class:`~qttt_edu.rooms.backends.Backend`) and
nothing of the store above it: the store hands it a clock, the polling and heartbeat
intervals, where to report its status and how to read the room in a notice.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from ..i18n import t
from .backends import Backend, channel

__all__ = ["Watcher"]

#: re-read every watched version this often even without a notice (seconds): a safety
#: net only, since every reconnection re-reads at once; at 3 s it cost 130 queries a
#: second with 400 clients
FULL_CHECK_EVERY = 10.0


class Watcher(threading.Thread):
    """The watching thread of one store.

    ``decode(row, now)`` reads the room a PostgreSQL notice carries (``None`` if it
    holds none); ``on_status(text)`` hears the connection's trouble (``None``: all is
    well); ``clock`` is the store's time, passed to ``decode``. SQLite is polled every
    ``poll_interval`` seconds; each heartbeat runs every ``heartbeat`` seconds.
    """

    def __init__(
        self,
        backend: Backend,
        *,
        clock: Callable[[], float],
        poll_interval: float,
        heartbeat: float,
        on_status: Callable[[str | None], None],
        decode: Callable[[object, float], Any],
    ) -> None:
        super().__init__(name=f"qttt-rooms-watch-{backend.name}", daemon=True)
        self.backend = backend
        self.clock = clock
        self.poll_interval = poll_interval
        self.heartbeat = heartbeat
        self.on_status = on_status
        self.decode = decode
        self._subs: dict[str, list[Callable[[str, Any], None]]] = {}
        self._known: dict[str, int | None] = {}
        self._heartbeats: list[Callable[[], None]] = []
        self._lock = threading.Lock()
        self._stop_event = threading.Event()
        self._wake = threading.Event()
        self._conn: Any = None
        self._listening: set[str] = set()
        self.status: str | None = None

    # -- subscriptions ----------------------------------------------------------------

    def subscribe(
        self, code: str, callback: Callable[[str, Any], None], version: int | None
    ) -> Callable[[], None]:
        with self._lock:
            self._subs.setdefault(code, []).append(callback)
            self._known.setdefault(code, version)
        self._wake.set()

        def unsubscribe() -> None:
            with self._lock:
                callbacks = self._subs.get(code, [])
                if callback in callbacks:
                    callbacks.remove(callback)
                if not callbacks:
                    self._subs.pop(code, None)
                    self._known.pop(code, None)

        return unsubscribe

    def add_heartbeat(self, beat: Callable[[], None]) -> Callable[[], None]:
        with self._lock:
            self._heartbeats.append(beat)

        def remove() -> None:
            with self._lock:
                if beat in self._heartbeats:
                    self._heartbeats.remove(beat)

        return remove

    def stop(self) -> None:
        self._stop_event.set()
        self._wake.set()
        if self is not threading.current_thread():
            self.join(timeout=5)

    # -- the loop -----------------------------------------------------------------------

    def run(self) -> None:
        backoff = 0.05
        next_full = 0.0
        next_beat = time.monotonic() + self.heartbeat
        last_dv: Any = None
        while not self._stop_event.is_set():
            try:
                if self._conn is None:
                    self._conn = self.backend.connect()
                    self._listening = set()
                    next_full = 0.0  # caught up after every (re)connection
                    self._set_status(None)
                    backoff = 0.05
                now = time.monotonic()
                full = now >= next_full or self._wake.is_set()
                self._wake.clear()
                if self.backend.name == "postgresql":
                    self._listen_to_new_rooms()
                    if full:
                        self._check(None)
                        next_full = now + FULL_CHECK_EVERY
                    self._listen()
                else:
                    dv = self.backend.execute(self._conn, "PRAGMA data_version").fetchone()[0]
                    if full or dv != last_dv:
                        last_dv = dv
                        self._check(None)
                        if full:
                            next_full = now + FULL_CHECK_EVERY
                    self._wake.wait(self.poll_interval)
                if time.monotonic() >= next_beat:
                    next_beat = time.monotonic() + self.heartbeat
                    self._beat()
            except Exception as exc:  # the thread must outlive any database fault
                if self._conn is not None:
                    self.backend.close(self._conn)
                    self._conn = None
                self._set_status(t("rooms_watch_lost", reason=str(exc).strip()[:200]))
                self._stop_event.wait(backoff)
                backoff = min(1.0, backoff * 2)
        if self._conn is not None:
            self.backend.close(self._conn)

    def _listen_to_new_rooms(self) -> None:
        with self._lock:
            watched = set(self._subs)
        for code in watched - self._listening:
            self.backend.execute(self._conn, f'LISTEN "{channel(code)}"')
        for code in self._listening - watched:
            self.backend.execute(self._conn, f'UNLISTEN "{channel(code)}"')
        self._listening = watched

    def _listen(self) -> None:
        """Wait a fifth of a second for notices; handle each as it comes."""
        for notice in self._conn.notifies(timeout=0.2):
            try:
                data = json.loads(notice.payload)
                code, version, row = data["code"], data["version"], data.get("row")
            except (ValueError, TypeError, KeyError):
                continue  # not ours: the regular re-read catches up
            with self._lock:
                watched = isinstance(code, str) and code in self._subs
            if watched and isinstance(version, int):
                state = self.decode(row, self.clock())
                self._fire(code, version, state if state and state.version == version else None)
            if self._stop_event.is_set() or self._wake.is_set():
                break

    def _check(self, only: list[str] | None) -> None:
        with self._lock:
            codes = list(self._subs) if only is None else [c for c in only if c in self._subs]
        if not codes:
            return
        marks = ", ".join("?" * len(codes))
        rows = self.backend.execute(
            self._conn, f"SELECT code, version FROM qttt_rooms WHERE code IN ({marks})", codes
        ).fetchall()
        found = {row[0]: row[1] for row in rows}
        for code in codes:
            self._fire(code, found.get(code, -1))

    def _fire(self, code: str, version: int, state: Any = None) -> None:
        with self._lock:
            if self._known.get(code) == version:
                return
            self._known[code] = version
            callbacks = list(self._subs.get(code, []))
        for callback in callbacks:
            try:
                callback(code, state)
            except Exception as exc:  # one screen's fault must not stop the others
                self._set_status(t("rooms_watch_callback", reason=str(exc)[:200]))

    def _beat(self) -> None:
        with self._lock:
            beats = list(self._heartbeats)
        for beat in beats:
            with suppress(Exception):  # presence is best effort; the next beat retries
                beat()

    def _set_status(self, text: str | None) -> None:
        self.status = text
        self.on_status(text)
