"""The rooms store: every shared game as its record plus a version.

A room holds one game and two seats. Every change (a join, an action, a player
leaving) is computed by :mod:`qttt_edu.core` from the stored record and written only
if the room's version is still the one that was read (compare-and-set), so two
kernels racing for the same ply cannot both win and no kernel trusts another's
state. Nothing read from the database is executed: a record is parsed by the
core's notation reader, and a room that does not parse is reported
(:class:`~qttt_edu.rooms.errors.CorruptRoomError`), never acted on.

>>> store = RoomStore("sqlite::memory:")
>>> ticket = store.create_room(nickname="Ada")
>>> store.act(ticket.code, ticket.credential, "1-5").record
'1-5'
>>> other = store.join(ticket.code, nickname="Bo")
>>> other.seat, store.room(ticket.code).seats["O"].nickname
('O', 'Bo')
"""

from __future__ import annotations

import csv
import io
import random
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any

from ..core import Action, Game, IllegalMoveError, InvalidRecordError, as_action, other_player
from ..i18n import t
from ..notation import MAX_RECORD_LENGTH
from . import codes
from .backends import COLUMN_NAMES, COLUMNS, SCHEMA_VERSION, Backend, RoomRow, backend_for
from .errors import (
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
    message,
)
from .watch import Watcher

__all__ = [
    "ABANDONED_AFTER",
    "AWAY_AFTER",
    "DEFAULT_TTL",
    "RoomList",
    "RoomState",
    "RoomStore",
    "SeatInfo",
    "Ticket",
    "games_csv",
]

SEATS = ("X", "O")
KINDS = ("empty", "human", "computer", "left")
#: an unfinished room nobody has acted in for this long expires (seconds)
DEFAULT_TTL = 12 * 3600.0
#: a seated player whose kernel has not been heard from for this long is away (seconds)
AWAY_AFTER = 45.0
# An unfinished room in which nothing happened for this long is abandoned: the
# teacher's "Clear abandoned" deletes it (clear_abandoned).
ABANDONED_AFTER = 1800.0
#: how often a seated client tells the store it is still there (seconds)
HEARTBEAT = 15.0


# A room nobody joined whose creator has gone: no move yet, one seat never taken, and
# the other's person not seen for AWAY_AFTER (or marked away). Its parameters come from
# _deserted_params.
_DESERTED = (
    "(record = '' AND ("
    "(x_kind = 'empty' AND o_kind = 'human' AND (o_seen IS NULL OR o_seen <= ?)) OR "
    "(o_kind = 'empty' AND x_kind = 'human' AND (x_seen IS NULL OR x_seen <= ?))))"
)


def _deserted_params(now: float) -> tuple[float, float]:
    return now - AWAY_AFTER, now - AWAY_AFTER


def _in_chunks(keys: list[str], size: int = 500) -> Iterator[tuple[list[str], str]]:
    """``keys`` in pieces that stay within any SQLite's limit of parameters, each with the
    ``?, ?, ...`` of its ``IN (...)``."""
    for start in range(0, len(keys), size):
        chunk = keys[start : start + size]
        yield chunk, ", ".join("?" * len(chunk))


@dataclass(frozen=True)
class SeatInfo:
    """One seat as everybody may see it: who sits there, never their credential."""

    kind: str  #: "empty", "human", "computer" (played for the other seat) or "left"
    nickname: str | None
    last_seen: float | None
    #: presence as the rooms service decided it (``None``: judge by ``last_seen``)
    here: bool | None = None

    def present(self, now: float) -> bool:
        """Has this seat's player been heard from lately (a computer always is)?"""
        if self.kind == "computer":
            return True
        if self.here is not None:
            return self.kind == "human" and self.here
        return (
            self.kind == "human"
            and self.last_seen is not None
            and now - self.last_seen < AWAY_AFTER
        )


@dataclass(frozen=True)
class RoomState:
    """A room as read from the store at one moment (an immutable snapshot)."""

    code: str
    version: int
    record: str
    seats: dict[str, SeatInfo]
    created_at: float
    updated_at: float
    expires_at: float | None
    finished_at: float | None
    class_name: str
    read_at: float
    _game: Game = field(repr=False, compare=False)
    #: the room the players of this finished game went on to ("Play again"), if any
    next_code: str | None = None

    @property
    def game(self) -> Game:
        """The game (a fresh copy: changing it changes nothing in the store)."""
        return self._game.copy()

    @property
    def label(self) -> str:
        """The code as people type it: ``K7M-Q2P``."""
        return codes.format_code(self.code)

    @property
    def next_label(self) -> str | None:
        """The code of the room this finished game's players went on to, as people type
        it, or ``None``."""
        return None if self.next_code is None else codes.format_code(self.next_code)

    @property
    def ply(self) -> int:
        """How many actions the game has (what ``expected_ply`` of an action compares with)."""
        return self._game.ply

    @property
    def to_act(self) -> str | None:
        return self._game.to_act

    @property
    def finished(self) -> bool:
        return self._game.is_over

    @property
    def result(self) -> str | None:
        """``"X"``, ``"O"``, ``"draw"``, or ``None`` while the game goes on."""
        outcome = self._game.outcome
        return outcome.result if outcome else None

    @property
    def expired(self) -> bool:
        return not self.finished and self.expires_at is not None and self.read_at >= self.expires_at

    @property
    def deserted(self) -> bool:
        """Nobody joined and nobody moved, and the player who opened it has gone (not seen
        for ``AWAY_AFTER``): nobody waits in it. The teacher's broom clears it, and the
        class's limit does not count it (the store's SQL says the same in ``_DESERTED``)."""
        kinds = sorted(info.kind for info in self.seats.values())
        if self.finished or self.record or kinds != ["empty", "human"]:
            return False
        opener = next(info for info in self.seats.values() if info.kind == "human")
        return opener.last_seen is None or self.read_at - opener.last_seen >= AWAY_AFTER

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe data for a dashboard or an export (no credentials: the store has none)."""
        return {
            "code": self.label,
            "class": self.class_name,
            "version": self.version,
            "record": self.record,
            "plies": self._game.ply,
            "to_act": self.to_act,
            "result": self.result,
            "expired": self.expired,
            "seats": {
                seat: {"kind": info.kind, "nickname": info.nickname}
                for seat, info in self.seats.items()
            },
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "finished_at": self.finished_at,
            "next": self.next_label,
        }


#: the columns of the games' CSV (:func:`games_csv`)
CSV_COLUMNS = (
    "code",
    "class",
    "x",
    "o",
    "result",
    "plies",
    "collapses",
    "record",
    "created_at",
    "finished_at",
)
#: what a spreadsheet reads as the start of a formula (an empty cell is not one)
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _as_text(value: object) -> object:
    """``value``, with a ``'`` before a text a spreadsheet would run as a formula.

    >>> _as_text("=1+1"), _as_text(""), _as_text("Ada"), _as_text(None)
    ("'=1+1", '', 'Ada', None)
    """
    return f"'{value}" if isinstance(value, str) and value.startswith(_FORMULA) else value


def _local_time(stamp: float | None) -> str:
    r"""A stored time as a spreadsheet and a teacher read it: this computer's local time.

    >>> import re
    >>> bool(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", _local_time(1796000000.5)))
    True
    >>> _local_time(None)
    ''
    """
    return "" if stamp is None else time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(stamp))


def games_csv(rooms: Iterable[dict[str, Any]]) -> str:
    """The games (each as :meth:`RoomState.to_dict` gives it) as CSV, one line a game
    (:data:`CSV_COLUMNS`): the times in this computer's local time, and a cell that a
    spreadsheet would run as a formula (a nickname "=1+1") quoted as text."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for room in rooms:
        seats, record = room["seats"], room["record"]
        row = [
            room["code"],
            room["class"],
            seats["X"]["nickname"] or "",
            seats["O"]["nickname"] or "",
            room["result"] or "",
            room["plies"],
            sum(1 for token in record.split() if token.startswith("c")),
            record,
            _local_time(room["created_at"]),
            _local_time(room["finished_at"]),
        ]
        writer.writerow([_as_text(value) for value in row])
    return out.getvalue()


class _Taken(Exception):
    """A rematch found the room already pointing to its next game (``code``)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class Ticket:
    """A seat in a room: keep ``credential`` to act for the seat and to come back to it."""

    code: str
    seat: str
    credential: str = field(repr=False)

    @property
    def label(self) -> str:
        return codes.format_code(self.code)


@dataclass
class RoomList:
    """Every room of a class: the readable ones, and one error for each that is not."""

    rooms: list[RoomState]
    problems: list[CorruptRoomError]


class RowCache:
    """The newest row of each room, as the one process that writes the rooms knows it.

    The rooms service is the only writer of its rooms, so the row it wrote last is the
    row in the table: an action then needs one round trip (the write) instead of two,
    and the other screen's read none. Its connections share one cache. A row goes in
    when the service reads or writes it, out when the service hears that another
    writer (a replica) changed the room, and out after ``fresh`` seconds in any case,
    so a writer nobody heard of is seen within that time. While the owner cannot hear
    other writers (its LISTEN connection is down), ``trusted`` is false and nothing is
    read from the cache. A write still compares versions in the table, so a stale row
    costs a read, never an action. A row never replaces a newer version of itself: a
    read that raced a write cannot put the older row back.
    """

    def __init__(
        self, fresh: float = 1.0, size: int = 50_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.fresh = fresh
        self.size = size
        self.clock = clock
        self.trusted = True
        self._rows: dict[str, tuple[float, RoomRow]] = {}
        self._lock = threading.Lock()

    def get(self, code: str) -> RoomRow | None:
        """The room's row, or ``None`` when it is not known to be the newest."""
        hit = self._rows.get(code)
        if hit is None or not self.trusted or self.clock() - hit[0] > self.fresh:
            return None
        return hit[1]

    def put(self, row: RoomRow) -> None:
        with self._lock:
            hit = self._rows.get(row.code)
            if hit is not None and hit[1].version > row.version:
                return
            if len(self._rows) >= self.size:
                self._rows.clear()
            self._rows[row.code] = (self.clock(), row)

    def seen(
        self,
        keys: Iterable[str],
        column: str,
        when: float,
        human_only: bool = False,
        only_present: bool = False,
    ) -> None:
        """A presence mark written without a new version (``x_seen``, ``o_seen``); with
        ``only_present``, as :meth:`RoomStore.touch_many` writes it (not over an away)."""
        kind = column.replace("_seen", "_kind")
        with self._lock:
            for code in keys:
                hit = self._rows.get(code)
                if (
                    hit is not None
                    and (not human_only or getattr(hit[1], kind) == "human")
                    and not (only_present and getattr(hit[1], column) is None)
                ):
                    self._rows[code] = (hit[0], hit[1]._replace(**{column: when}))

    def forget(self, code: str | None = None) -> None:
        """Drop room ``code``'s row (another writer changed it), or every row."""
        with self._lock:
            if code is None:
                self._rows.clear()
            else:
                self._rows.pop(code, None)


class RoomStore:
    """Shared games in SQLite (default) or PostgreSQL (``url="postgresql://..."``).

    ``url`` is a database URL, a SQLite file path, or ``None`` for ``$QTTT_ROOMS_URL``
    (a SQLite file in the user's data folder when unset). A database that is down,
    busy or locked is retried for ``retry_for`` seconds, with each attempt reported
    to ``on_status``; then :class:`StoreUnavailableError` says what failed. ``clock``
    gives the time (seconds since the epoch) and exists for tests of expiry.
    """

    def __init__(
        self,
        url: str | None = None,
        *,
        retry_for: float = 10.0,
        ttl: float = DEFAULT_TTL,
        on_status: Callable[[str | None], None] | None = None,
        clock: Callable[[], float] = time.time,
        poll_interval: float = 0.03,
        quick_ms: int = 0,
        rows: RowCache | None = None,
    ) -> None:
        self.backend: Backend = backend_for(url, retry_for, quick_ms)
        #: the rows its owner knows to be the newest (the rooms service's, shared by its
        #: connections); ``None``: every call reads the table
        self.rows = rows
        self.retry_for = retry_for
        self.ttl = ttl
        self.clock = clock
        self.poll_interval = poll_interval
        self.on_status = on_status
        self.status: str | None = None
        self._lock = threading.RLock()
        self._conn: Any = None
        self._watcher: Watcher | None = None
        self._hooks: dict[str, Callable[[], None]] = {}  # test seams: "before_write", ...
        self._closed = False
        self.schema_found = self._run(self.backend.migrate)

    # -- plumbing ----------------------------------------------------------------

    def _connection(self) -> Any:
        if self._conn is None:
            self._conn = self.backend.connect()
        return self._conn

    @property
    def connected(self) -> bool:
        """Does the store hold an open connection (so a call need not make one first)?"""
        return self._conn is not None

    def connect(self) -> None:
        """Open the store's connection now, if it has none (retrying as a call does)."""
        self._run(lambda _conn: None)

    def set_status(self, text: str | None) -> None:
        """Show ``text`` as the store's connection status (``None``: all is well).

        The store's own retries and its watcher report here; ``on_status`` hears changes.
        """
        if text != self.status:
            self.status = text
            if self.on_status is not None:
                with suppress(Exception):
                    self.on_status(text)

    def _run(self, op: Callable[[Any], Any], retry_for: float | None = None) -> Any:
        """Run ``op(connection)``, retrying while the database is down, busy or locked."""
        retry_for = self.retry_for if retry_for is None else retry_for
        deadline = time.monotonic() + retry_for
        attempt = 0
        while True:
            with self._lock:
                if self._closed:
                    raise StoreUnavailableError(message("rooms_store_closed"))
                try:
                    result = op(self._connection())
                except Exception as exc:
                    if not self.backend.transient(exc):
                        if self.backend.is_error(exc):
                            # A damaged file, a read-only folder, a broken server: the
                            # store's trouble in the kit's words, never a raw driver error.
                            reason = (
                                str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
                            )
                            details = {
                                "where": self.backend.where,
                                "seconds": "0",
                                "reason": reason,
                                "broken": "yes",  # not slow: it refused (client.py says so)
                            }
                            text = message(
                                "rooms_store_broken", where=self.backend.where, reason=reason
                            )
                            self.set_status(text)
                            raise StoreUnavailableError(text, **details) from None
                        raise
                    if not self.backend.keep_after_error() and self._conn is not None:
                        self.backend.close(self._conn)
                        self._conn = None
                    reason = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
                else:
                    if attempt:
                        self.set_status(None)
                    return result
            attempt += 1
            if time.monotonic() >= deadline:
                details = {
                    "where": self.backend.where,
                    "seconds": f"{retry_for:g}",
                    "reason": reason,
                }
                text = message("rooms_unavailable", **details)
                self.set_status(text)
                raise StoreUnavailableError(text, **details)
            self.set_status(t("rooms_retrying", attempt=attempt, reason=reason))
            time.sleep(min(1.0, 0.02 * 2**attempt) * (0.5 + random.random()))

    def run(self, op: Callable[[Any], Any], retry_for: float | None = None) -> Any:
        """Run ``op(connection)`` with the store's retries and error words (the service's
        own queries: the database's clock, a checkpoint, a notice)."""
        return self._run(op, retry_for)

    def _hook(self, name: str) -> None:
        hook = self._hooks.get(name)
        if hook is not None:
            hook()

    def _q(self, conn: Any, query: str, params: Iterable[Any] = ()) -> Any:
        return self.backend.execute(conn, query, tuple(params))

    def _read(self, conn: Any, code: str) -> RoomState:
        return _decode(self._row(conn, code), self.clock())

    def _raw(self, conn: Any, code: str) -> RoomRow:
        """Room ``code``'s row as the table holds it now."""
        row = self._q(conn, f"SELECT {COLUMNS} FROM qttt_rooms WHERE code = ?", (code,)).fetchone()
        if row is None:
            raise UnknownRoomError(message("rooms_unknown", code=codes.format_code(code)))
        raw = RoomRow(*row)
        if self.rows is not None:
            self.rows.put(raw)
        return raw

    def _row(self, conn: Any, code: str) -> RoomRow:
        """Room ``code``'s row: the cached one if the owner knows it is the newest."""
        cached = None if self.rows is None else self.rows.get(code)
        return cached if cached is not None else self._raw(conn, code)

    def _write(
        self, conn: Any, state: RoomState, raw: RoomRow, changes: dict[str, Any]
    ) -> RoomState | None:
        """Apply ``changes`` if the room's version is still ``state.version``; the new state.

        ``None`` when another kernel wrote first. The new state is the row read plus
        the changes: the compare-and-set guarantees that nothing else changed.
        """
        self._hook("before_write")
        changes = {**changes, "version": state.version + 1, "updated_at": self.clock()}
        row = raw._replace(**changes)
        written = self.backend.compare_and_set(
            conn,
            state.code,
            state.version,
            changes,
            row,
        )
        if not written:
            if self.rows is not None:
                self.rows.forget(state.code)
            return None
        if self.rows is not None:
            self.rows.put(row)
        return _decode(row, self.clock())

    def _seat_of(self, state: RoomState, raw: RoomRow, credential: object) -> str:
        if credential is None:
            raise SpectatorError(message("rooms_spectator"), state)
        cred = codes.check_credential(credential)
        for seat, digest in (("X", raw.x_hash), ("O", raw.o_hash)):
            if codes.credential_matches(cred, digest):
                return seat
        raise CredentialError(message("rooms_credential_wrong", code=state.label), state)

    def _check_open(self, state: RoomState) -> None:
        if state.expired:
            raise RoomExpiredError(message("rooms_expired", code=state.label), state)

    def _expiry(self, now: float, ttl: float | None = None) -> float:
        return now + (self.ttl if ttl is None else ttl)

    def _mutate(
        self, code: object, change: Callable[[RoomState, RoomRow], dict[str, Any] | None]
    ) -> RoomState:
        """Read, decide with ``change`` (``None``: nothing to write), compare-and-set, repeat."""
        key = codes.normalize_code(code)

        def op(conn: Any) -> RoomState:
            cached = None if self.rows is None else self.rows.get(key)
            if cached is not None:
                # The write still compares versions in the table. Any other outcome (no
                # change, a refusal, another writer first) is decided on the table's row.
                known = _decode(cached, self.clock())
                try:
                    changes = change(known, cached)
                except Exception:  # refused on the cached row: asked again on the table's
                    changes = None
                if changes is not None:
                    written = self._write(conn, known, cached, changes)
                    if written is not None:
                        return written
            while True:
                raw = self._raw(conn, key)
                state = _decode(raw, self.clock())
                changes = change(state, raw)
                if changes is None:
                    return state
                written = self._write(conn, state, raw, changes)
                if written is not None:
                    return written

        result: RoomState = self._run(op)
        return result

    # -- rooms ---------------------------------------------------------------------

    def create_room(
        self,
        nickname: str | None = None,
        *,
        seat: str = "X",
        class_name: str = "",
        ttl: float | None = None,
    ) -> Ticket:
        """Open a room and sit in ``seat`` ("X", who moves first, or "O")."""
        if seat not in SEATS:
            raise RoomError(message("rooms_seat_bad", seat=seat))
        if ttl is not None and (
            not isinstance(ttl, (int, float)) or isinstance(ttl, bool) or not 0 < ttl < 1e9
        ):
            raise RoomError(message("service_field_bad", field="ttl"))  # R12
        name = codes.check_nickname(nickname)
        codes.check_class_name(class_name)
        credential = codes.new_credential()
        digest = codes.credential_digest(credential)

        def op(conn: Any) -> str:
            for _ in range(20):
                code = codes.new_code()
                now = self.clock()
                values: dict[str, Any] = {
                    "code": code,
                    "record": "",
                    "version": 0,
                    f"{seat.lower()}_kind": "human",
                    f"{seat.lower()}_hash": digest,
                    f"{seat.lower()}_name": name,
                    f"{seat.lower()}_seen": now,
                    "created_at": now,
                    "updated_at": now,
                    "expires_at": self._expiry(now, ttl),
                    "class_name": class_name,
                }
                try:
                    with self.backend.transaction(conn):
                        self._q(
                            conn,
                            f"INSERT INTO qttt_rooms ({', '.join(values)}) "
                            f"VALUES ({', '.join('?' * len(values))})",
                            values.values(),
                        )
                        self.backend.notify(conn, code, 0)
                except Exception as exc:
                    if self.backend.is_duplicate(exc):
                        continue
                    raise
                return code
            raise RoomError(
                message("rooms_no_free_code")
            )  # pragma: no cover - 20 collisions in 9e8

        code = self._run(op)
        return Ticket(code, seat, credential)

    def join(self, code: object, nickname: str | None = None) -> Ticket:
        """Take the free seat of room ``code``: :class:`RoomFullError` if there is none."""
        name = codes.check_nickname(nickname)
        credential = codes.new_credential()
        taken: list[str] = []

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any]:
            self._check_open(state)
            free = [s for s in SEATS if state.seats[s].kind in ("empty", "left")]
            if not free:
                raise RoomFullError(message("rooms_full", code=state.label), state)
            seat = free[0]
            taken[:] = [seat]
            now = self.clock()
            return {
                f"{seat.lower()}_kind": "human",
                f"{seat.lower()}_hash": codes.credential_digest(credential),
                f"{seat.lower()}_name": name,
                f"{seat.lower()}_seen": now,
                "expires_at": None if state.finished else self._expiry(now),
            }

        state = self._mutate(code, change)
        return Ticket(state.code, taken[0], credential)

    def resume(self, code: object, credential: object) -> Ticket:
        """Come back to a seat (after a reload or a restarted kernel) with its credential."""
        key = codes.normalize_code(code)

        def op(conn: Any) -> str:
            raw = self._row(conn, key)
            state = _decode(raw, self.clock())
            seat = self._seat_of(state, raw, credential)
            self._touch(conn, key, seat, raw)
            return seat

        seat = self._run(op)
        return Ticket(key, seat, str(credential))

    def room(self, code: object) -> RoomState:
        """The room as it is now (anyone with the code may read it)."""
        key = codes.normalize_code(code)
        result: RoomState = self._run(lambda conn: self._read(conn, key))
        return result

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
        """Play ``action`` (a record token such as ``"1-5"``, an Action or a code) for a seat.

        ``expected_ply`` is how many actions the player's board showed: if the game has
        moved on since, :class:`ConflictError` carries the new state and nothing is
        played, so of two actions racing for the same ply exactly one is written.
        ``action_id`` makes a retried request safe: an action already written under
        the same id is not written twice. ``for_computer`` acts for the computer
        that sits opposite the credential's seat.
        """
        action_id = _act_fields(expected_ply, action_id)

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any] | None:
            seat = self._seat_of(state, raw, credential)  # first: an id proves nothing
            if raw.last_action_id == action_id:
                return None  # written already by an attempt whose answer was lost
            if expected_ply is not None and state.ply != expected_ply:
                side = other_player(seat) if for_computer else seat
                _check_stale(state, expected_ply, action, side)
                return None  # a retried request whose first answer was lost
            self._check_open(state)
            game = state.game
            if not game.is_over:
                _check_turn(state, game, seat, for_computer=for_computer)
            game.apply(action)  # the core refuses an illegal action with its own message
            now = self.clock()
            over = game.outcome
            values: dict[str, Any] = {
                "record": game.record(),
                "last_action_id": action_id,
                "expires_at": None if over else self._expiry(now),
                "finished_at": now if over else None,
                "result": over.result if over else None,
                f"{seat.lower()}_seen": now,
            }
            return values

        return self._mutate(code, change)

    def touch(self, code: object, credential: object, *, retry_for: float | None = None) -> None:
        """Say the seat's player is still there (the client does it every few seconds)."""
        key = codes.normalize_code(code)

        def op(conn: Any) -> None:
            raw = self._row(conn, key)
            state = _decode(raw, self.clock())
            self._touch(conn, key, self._seat_of(state, raw, credential), raw)

        self._run(op, retry_for)

    def _touch(self, conn: Any, code: str, seat: str, raw: RoomRow) -> None:
        # Presence is not part of the game: no new version, so no client redraws for it.
        column = f"{seat.lower()}_seen"
        now = self.clock()
        with self.backend.transaction(conn):
            self._q(conn, f"UPDATE qttt_rooms SET {column} = ? WHERE code = ?", (now, code))
        if self.rows is not None:
            self.rows.seen([code], column, now)

    def seat_for(self, code: object, credential: object) -> tuple[RoomState, str]:
        """The room and the seat ``credential`` holds in it (nothing is written).

        :class:`CredentialError` when it holds none, :class:`SpectatorError` for ``None``.
        """
        key = codes.normalize_code(code)

        def op(conn: Any) -> tuple[RoomState, str]:
            raw = self._row(conn, key)
            state = _decode(raw, self.clock())
            return state, self._seat_of(state, raw, credential)

        result: tuple[RoomState, str] = self._run(op)
        return result

    def set_presence(
        self, code: object, seat: str, here: bool, window: float = AWAY_AFTER
    ) -> RoomState | None:
        """Mark ``seat`` as there (now) or away; a new version only when that changes.

        The rooms service calls this when a live connection starts or stops holding the
        seat, so every screen redraws once when a player comes or goes; ``None`` when
        the room is gone. ``window`` is how long a mark counts as "there".
        """
        if seat not in SEATS:
            raise RoomError(message("rooms_seat_bad", seat=seat))
        column = f"{seat.lower()}_seen"

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any] | None:
            info = state.seats[seat]
            if info.kind != "human":
                return None
            was = info.last_seen is not None and state.read_at - info.last_seen < window
            if was == here:
                return None
            return {column: self.clock() if here else None}

        try:
            return self._mutate(code, change)
        except UnknownRoomError:
            return None

    def touch_many(self, seats: Iterable[tuple[str, str]]) -> None:
        """Mark every ``(code, seat)`` as there now, in one transaction (no new versions).

        Only a seat marked there already is marked again: a seat marked away since the
        caller listed it (its page closed while the round ran on another thread) stays
        away, as the new version that said so told every screen."""
        by_seat: dict[str, list[str]] = {"X": [], "O": []}
        for code, seat in seats:
            by_seat[seat].append(code)
        if not any(by_seat.values()):
            return

        def op(conn: Any) -> None:
            now = self.clock()
            with self.backend.transaction(conn):
                for seat, keys in by_seat.items():
                    for chunk, marks in _in_chunks(keys):
                        self._q(
                            conn,
                            f"UPDATE qttt_rooms SET {seat.lower()}_seen = ? "
                            f"WHERE code IN ({marks}) AND {seat.lower()}_kind = 'human' "
                            f"AND {seat.lower()}_seen IS NOT NULL",
                            (now, *chunk),
                        )
            if self.rows is not None:
                for seat, keys in by_seat.items():
                    column = f"{seat.lower()}_seen"
                    self.rows.seen(keys, column, now, human_only=True, only_present=True)

        self._run(op)

    def open_rooms(self, class_name: str) -> int:
        """How many unfinished, unexpired rooms ``class_name`` has (for the service's
        limit), not counting the rooms nobody joined whose creator has gone (nobody waits
        in them, and one student's pile of them must not lock the class out)."""

        def op(conn: Any) -> int:
            now = self.clock()
            row = self._q(
                conn,
                "SELECT COUNT(*) FROM qttt_rooms WHERE class_name = ? AND finished_at IS NULL "
                f"AND (expires_at IS NULL OR expires_at > ?) AND NOT {_DESERTED}",
                (class_name, now, *_deserted_params(now)),
            ).fetchone()
            return int(row[0])

        result: int = self._run(op)
        return result

    def held_among(self, seats: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """The ``(room, seat)`` pairs of ``seats`` still held: the room exists, unfinished
        and unexpired, and the seat was not left (in the order given)."""

        def op(conn: Any) -> dict[str, tuple[str, str]]:
            if not seats:
                return {}
            marks = ", ".join("?" * len(seats))
            rows = self._q(
                conn,
                f"SELECT code, x_kind, o_kind FROM qttt_rooms WHERE code IN ({marks}) "
                "AND finished_at IS NULL AND (expires_at IS NULL OR expires_at > ?)",
                (*(code for code, _seat in seats), self.clock()),
            ).fetchall()
            return {row[0]: (row[1], row[2]) for row in rows}

        kinds: dict[str, tuple[str, str]] = self._run(op)
        return [
            (code, seat)
            for code, seat in seats
            if code in kinds and kinds[code][seat == "O"] != "left"
        ]

    def versions(self, keys: list[str]) -> dict[str, int]:
        """The current version of each room in ``keys`` that exists."""

        def op(conn: Any) -> dict[str, int]:
            found: dict[str, int] = {}
            for chunk, marks in _in_chunks(keys):
                rows = self._q(
                    conn, f"SELECT code, version FROM qttt_rooms WHERE code IN ({marks})", chunk
                ).fetchall()
                found.update((row[0], int(row[1])) for row in rows)
            return found

        result: dict[str, int] = self._run(op)
        return result

    def clear_abandoned(self, class_name: str | None = None, idle: float = ABANDONED_AFTER) -> int:
        """Delete unfinished rooms nobody acted in for ``idle`` seconds, those that ended
        without a result (their players left), and those nobody joined whose creator has
        gone: the teacher's broom."""
        where = f"finished_at IS NULL AND (updated_at <= ? OR expires_at <= ? OR {_DESERTED})"
        now = self.clock()
        params: tuple[Any, ...] = (now - idle, now, *_deserted_params(now))
        if class_name is not None:
            where, params = where + " AND class_name = ?", (*params, class_name)
        return self._delete(where, params)

    def leave(self, code: object, credential: object) -> RoomState:
        """Give up the seat: the credential stops working; someone else may join. A room
        left with no person in its other seat ends now (it expires), so that leaving and
        starting again cannot pile up empty rooms against the class's limit."""

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any]:
            seat = self._seat_of(state, raw, credential)
            changes: dict[str, Any] = {f"{seat.lower()}_kind": "left", f"{seat.lower()}_hash": None}
            other = other_player(seat)
            if state.seats[other].kind == "computer":
                changes.update({f"{other.lower()}_kind": "left", f"{other.lower()}_name": None})
            if state.seats[other].kind != "human" and not state.finished:
                changes["expires_at"] = self.clock()
            return changes

        return self._mutate(code, change)

    def rematch(self, code: object, credential: object, *, ttl: float | None = None) -> Ticket:
        """Play again after the finished game ``code``: the player of ``credential`` gets a
        seat in the room its players go on to, with the sides swapped (X moved first last
        time, so X's player now plays O). The first to ask opens that room and the old
        one points to it (:attr:`RoomState.next_code`), so the other player's screen finds
        it; the second takes its free seat. Two asking at once still make one room."""
        state, seat = self.seat_for(code, credential)
        if not state.finished:
            raise RoomError(message("rooms_rematch_unfinished", code=state.label), state)
        name = state.seats[seat].nickname
        if state.next_code is not None:
            return self.join(state.next_code, name)
        ticket = self.create_room(
            name, seat=other_player(seat), class_name=state.class_name, ttl=ttl
        )

        def point(now: RoomState, raw: RoomRow) -> dict[str, Any]:
            self._seat_of(now, raw, credential)
            if now.next_code is not None:
                raise _Taken(now.next_code)
            return {"next_code": ticket.code}

        try:
            self._mutate(code, point)
        except _Taken as taken:  # the other player was quicker: theirs is the room
            self.delete_room(ticket.code)
            return self.join(taken.code, name)
        return ticket

    def rename(self, code: object, credential: object, nickname: str | None) -> RoomState:
        """Give the seat of ``credential`` the nickname ``nickname`` (``None`` or blank: none),
        so the opponent and the teacher's cards can say who plays: a student who came in
        by a link took the seat before typing one. Only the seat's own credential can."""
        name = codes.check_nickname(nickname)

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any] | None:
            seat = self._seat_of(state, raw, credential)
            if state.seats[seat].nickname == name:
                return None  # nothing new: no new version for every screen to draw
            return {f"{seat.lower()}_name": name}

        return self._mutate(code, change)

    def hand_to_computer(self, code: object, credential: object, player_name: str) -> RoomState:
        """Agree that a computer takes the seat of an opponent who left or is away.

        The computer's moves are then made by the client holding ``credential``
        (``act(..., for_computer=True)``), so it plays on after a reload too.
        """
        name = codes.check_nickname(player_name)

        def change(state: RoomState, raw: RoomRow) -> dict[str, Any]:
            seat = self._seat_of(state, raw, credential)
            other = other_player(seat)
            info = state.seats[other]
            if info.kind == "computer":
                return {f"{other.lower()}_name": name}
            if info.present(state.read_at):
                raise RoomError(message("rooms_opponent_present", seat=other), state)
            return {
                f"{other.lower()}_kind": "computer",
                f"{other.lower()}_hash": None,
                f"{other.lower()}_name": name,
            }

        return self._mutate(code, change)

    # -- the teacher's view ---------------------------------------------------------

    def list_rooms(self, class_name: str | None = None) -> RoomList:
        """Every room (of ``class_name``, if given), newest activity first."""
        if class_name is not None and not isinstance(class_name, str):
            raise RoomError(message("rooms_class_bad", limit=codes.CLASS_NAME_MAX))  # R12

        def op(conn: Any) -> list[RoomRow]:
            sql = f"SELECT {COLUMNS} FROM qttt_rooms"
            params: tuple[str, ...] = ()
            if class_name is not None:
                sql, params = sql + " WHERE class_name = ?", (class_name,)
            rows = self._q(conn, sql + " ORDER BY updated_at DESC", params)
            return [RoomRow(*r) for r in rows]

        listing = RoomList([], [])
        now = self.clock()
        for raw in self._run(op):
            try:
                listing.rooms.append(_decode(raw, now))
            except CorruptRoomError as err:
                listing.problems.append(err)
        return listing

    def clear_finished(self, class_name: str | None = None) -> int:
        """Delete the finished games (of ``class_name``); return how many went."""
        where = "finished_at IS NOT NULL" + ("" if class_name is None else " AND class_name = ?")
        return self._delete(where, () if class_name is None else (class_name,))

    def purge_expired(self) -> int:
        """Delete unfinished rooms past their lifetime; return how many went."""
        return self._delete(
            "finished_at IS NULL AND expires_at IS NOT NULL AND expires_at <= ?", (self.clock(),)
        )

    def delete_room(self, code: object) -> int:
        """Delete one room (also one whose stored data is broken)."""
        return self._delete("code = ?", (codes.normalize_code(code),))

    def _delete(self, where: str, params: tuple[Any, ...]) -> int:
        def op(conn: Any) -> int:
            with self.backend.transaction(conn):
                gone = [
                    r[0]
                    for r in self._q(conn, f"SELECT code FROM qttt_rooms WHERE {where}", params)
                ]
                self._q(conn, f"DELETE FROM qttt_rooms WHERE {where}", params)
                for code in gone:
                    self.backend.notify(conn, code, -1)
            if self.rows is not None:
                for code in gone:
                    self.rows.forget(code)
            return len(gone)

        result: int = self._run(op)
        return result

    # -- watching -------------------------------------------------------------------

    def watch(
        self,
        code: object,
        callback: Callable[[str, RoomState | None], None],
        version: int | None = None,
    ) -> Callable[[], None]:
        """Call ``callback(code, state)`` (from a background thread) when the room changes.

        ``state`` is the new room when the notice carried it (PostgreSQL), else ``None``:
        read the room then.

        Returns a function that stops the watching. One thread per store serves every
        watched room: SQLite is polled with ``PRAGMA data_version`` (a counter that moves
        only when another connection commits), PostgreSQL pushes ``NOTIFY`` messages.
        """
        key = codes.normalize_code(code)
        return self._watching().subscribe(key, callback, version)

    def add_heartbeat(self, beat: Callable[[], None]) -> Callable[[], None]:
        """Call ``beat()`` from the watching thread every few seconds (a seat's "I am here").

        Returns a function that stops it.
        """
        return self._watching().add_heartbeat(beat)

    def _watching(self) -> Watcher:
        """The one watching thread of this store, started when first needed."""
        with self._lock:
            if self._watcher is None:
                self._watcher = Watcher(
                    self.backend,
                    clock=self.clock,
                    poll_interval=self.poll_interval,
                    heartbeat=HEARTBEAT,
                    on_status=self.set_status,
                    decode=decode_notice,
                )
                self._watcher.start()
            return self._watcher

    def close(self) -> None:
        """Stop watching and close the connections."""
        with self._lock:
            self._closed = True
            watcher, self._watcher = self._watcher, None
            if self._conn is not None:
                self.backend.close(self._conn)
                self._conn = None
        if watcher is not None:
            watcher.stop()

    def __enter__(self) -> RoomStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"RoomStore({self.backend.name}: {self.backend.where}, schema {SCHEMA_VERSION})"


def decode_notice(row: object, now: float) -> RoomState | None:
    """The room in a change notice, or ``None`` if the notice holds no usable room."""
    if not isinstance(row, list) or len(row) != len(COLUMN_NAMES):
        return None
    try:
        return _decode(RoomRow(*row), now)
    except (CorruptRoomError, TypeError, ValueError):
        return None


#: The rooms decoded lately, by code: the row each was decoded from, its column types and
#: the state. A room is a function of its row alone, so a row read again (a second player's
#: read of one version, a replica's re-read) costs a comparison, and a row whose record
#: grew by one action replays only that action, which the core checks as it would in a
#: full replay. A row that differs in any other way, or a code not seen lately, is
#: decoded afresh: a stale entry can only cost time, never show an old state.
_DECODED: dict[str, tuple[RoomRow, tuple[type, ...], RoomState]] = {}
#: about 5 kB a room: 4,000 rooms (a school's live games, many times over) take ~20 MB
_DECODED_MAX = 4_000
_DECODED_LOCK = threading.Lock()


def _decode(row: RoomRow, now: float) -> RoomState:
    """A stored row as a :class:`RoomState`; :class:`CorruptRoomError` names what is wrong."""
    code = row.code
    if not isinstance(code, str):
        return _decode_row(row, now, None)
    kinds = tuple(map(type, row))
    hit = _DECODED.get(code)
    if hit is not None and hit[0] == row and hit[1] == kinds:
        return _read_again(hit[2], now)
    earlier = None if hit is None else (hit[0].record, hit[2]._game)
    state = _decode_row(row, now, earlier)
    with _DECODED_LOCK:
        _DECODED.pop(code, None)  # newest last: the oldest goes first when the cache is full
        if len(_DECODED) >= _DECODED_MAX:
            del _DECODED[next(iter(_DECODED))]
        _DECODED[code] = (row, kinds, state)
    return state


def _read_again(state: RoomState, now: float) -> RoomState:
    """``state`` as read at ``now``: ``dataclasses.replace(state, read_at=now)``, which
    rebuilds the whole object (12 us against 1.4 us; the service does it for every read
    and action). Every field but the time is the same object, as replace() leaves it."""
    fresh = object.__new__(RoomState)
    fresh.__dict__.update(state.__dict__)
    fresh.__dict__["read_at"] = now
    return fresh


def _replay(record: str, earlier: tuple[Any, Game] | None) -> Game:
    """The game of ``record``, from the game of an earlier record of the room if that
    record is this one less its last action (only that action is replayed, and checked)."""
    if earlier is not None and isinstance(earlier[0], str) and len(record) <= MAX_RECORD_LENGTH:
        before, game = earlier
        if record == before:
            return game  # shared: a RoomState never changes its game (``.game`` is a copy)
        token = record[len(before) + 1 :] if before else record
        if (
            token
            and record.startswith(before)
            and (not before or record[len(before)] == " ")
            and token.split() == [token]
        ):
            try:
                action = Action.parse(token)
                grown = game.copy()
                grown.apply(action)
                return grown
            except (InvalidRecordError, IllegalMoveError):
                pass  # the whole record's replay names the fault and its place
    return Game.from_record(record)


def _decode_row(row: RoomRow, now: float, earlier: tuple[Any, Game] | None) -> RoomState:
    """:func:`_decode` without the cache (``earlier``: the room's last decoded record)."""
    code = row.code
    label = codes.format_code(code) if isinstance(code, str) else repr(code)

    def bad(what: str) -> CorruptRoomError:
        return CorruptRoomError(message("rooms_corrupt", code=label, problem=what))

    if not isinstance(code, str):
        raise bad(t("rooms_corrupt_field", field="code"))
    try:
        codes.normalize_code(code)
    except RoomError:
        raise bad(t("rooms_corrupt_field", field="code")) from None
    record, version = row.record, row.version
    if not isinstance(record, str):
        raise bad(t("rooms_corrupt_field", field="record"))
    if not isinstance(version, int) or isinstance(version, bool) or version < 0:
        raise bad(t("rooms_corrupt_field", field="version"))
    try:
        game = _replay(record, earlier)
    except (InvalidRecordError, IllegalMoveError) as err:
        raise bad(str(err)) from None
    seats = _decode_seats(row, bad)
    _check_times(row, bad)
    created, updated, expires, finished = (
        row.created_at,
        row.updated_at,
        row.expires_at,
        row.finished_at,
    )
    outcome = game.outcome
    if (finished is not None) != (outcome is not None) or row.result != (
        outcome.result if outcome else None
    ):
        raise bad(t("rooms_corrupt_result", result=row.result, record=record))
    class_name = row.class_name
    if not isinstance(class_name, str):
        raise bad(t("rooms_corrupt_field", field="class_name"))
    next_code = row.next_code
    if next_code is not None and (finished is None or not _stored_code(next_code)):
        raise bad(t("rooms_corrupt_field", field="next_code"))  # only a finished game has one
    return RoomState(
        code=code,
        version=version,
        record=game.record(),
        seats=seats,
        created_at=float(created),
        updated_at=float(updated),
        expires_at=None if expires is None else float(expires),
        finished_at=None if finished is None else float(finished),
        class_name=class_name,
        read_at=now,
        _game=game,
        next_code=next_code,
    )


def _stored_code(value: object) -> bool:
    """Is ``value`` a room code in the form the store keeps?"""
    try:
        return codes.normalize_code(value) == value
    except RoomError:
        return False


def _decode_seats(row: RoomRow, bad: Callable[[str], CorruptRoomError]) -> dict[str, SeatInfo]:
    """Both seats of ``row``, each column checked (``bad`` names a fault in the row)."""
    seats = {}
    for seat, (kind, digest, nickname, seen) in (
        ("X", (row.x_kind, row.x_hash, row.x_name, row.x_seen)),
        ("O", (row.o_kind, row.o_hash, row.o_name, row.o_seen)),
    ):
        if kind not in KINDS:
            raise bad(t("rooms_corrupt_field", field=f"{seat.lower()}_kind"))
        if (kind == "human") != isinstance(digest, str):
            raise bad(t("rooms_corrupt_field", field=f"{seat.lower()}_hash"))
        if nickname is not None:
            try:
                if codes.check_nickname(nickname) != nickname:
                    raise RoomError(nickname)
            except RoomError:
                raise bad(t("rooms_corrupt_field", field=f"{seat.lower()}_name")) from None
        if not _is_time(seen, optional=True):
            raise bad(t("rooms_corrupt_field", field=f"{seat.lower()}_seen"))
        seats[seat] = SeatInfo(kind, nickname, None if seen is None else float(seen))
    return seats


def _check_times(row: RoomRow, bad: Callable[[str], CorruptRoomError]) -> None:
    """Refuse a row whose times are not times (expiry and finish may be absent)."""
    for name, value, optional in (
        ("created_at", row.created_at, False),
        ("updated_at", row.updated_at, False),
        ("expires_at", row.expires_at, True),
        ("finished_at", row.finished_at, True),
    ):
        if not _is_time(value, optional):
            raise bad(t("rooms_corrupt_field", field=name))


def _act_fields(expected_ply: object, action_id: object) -> str:
    """:meth:`RoomStore.act`'s ``action_id`` (a fresh one if none), both fields checked."""
    if action_id is None:
        action_id = uuid.uuid4().hex
    if expected_ply is not None and (
        not isinstance(expected_ply, int) or isinstance(expected_ply, bool)
    ):
        raise RoomError(message("service_field_bad", field="expected_ply"))  # R12
    if not isinstance(action_id, str) or not 0 < len(action_id) <= 64:
        raise RoomError(message("service_field_bad", field="action_id"))
    return action_id


def _check_stale(state: RoomState, expected_ply: int, action: Any, side: str) -> None:
    """An action for a board that showed ``expected_ply`` actions, the game being past it:
    returns if ``side`` played that very action there (a retried request whose first
    answer was lost), refuses it otherwise."""
    played = _already_played(state, expected_ply, action)
    if played == side:
        return
    if played is not None:  # the other seat's action at that ply (R10)
        raise NotYourTurnError(message("rooms_not_your_turn", seat=side, to_act=played), state)
    raise ConflictError(message("rooms_conflict", code=state.label), state)


def _check_turn(state: RoomState, game: Game, seat: str, *, for_computer: bool) -> None:
    """Refuse an action out of turn: ``seat``'s own, or the computer's opposite it."""
    side = seat
    if for_computer:
        side = other_player(seat)
        if state.seats[side].kind != "computer":
            raise NotYourTurnError(message("rooms_no_computer", seat=side), state)
    if game.to_act != side:
        raise NotYourTurnError(message("rooms_not_your_turn", seat=side, to_act=game.to_act), state)


def _already_played(state: RoomState, ply: int, action: Any) -> str | None:
    """The side that played ``action`` after ``ply`` actions, if the record holds it there.

    Only the side to act could have played there, so when its request is repeated
    (its answer was lost, or two threads of one client sent it) this is that action;
    the caller compares the side with the one asking (R10).
    """
    history = state._game.history
    if ply >= len(history):
        return None
    try:
        if history[ply] != as_action(action):
            return None
    except (ValueError, TypeError):
        return None
    replay = Game()
    for done in history[:ply]:
        replay.apply(done)
    return replay.to_act


def _is_time(value: object, optional: bool) -> bool:
    if value is None:
        return optional
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value
