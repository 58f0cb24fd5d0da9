"""The two databases a rooms store can live in, and the schema with its migrations.

Both speak the same SQL (written with ``?`` placeholders; PostgreSQL gets ``%s``),
so the store's logic is written once. What differs lives here: how to connect, how
a write transaction starts, which errors mean "try again", and how other kernels
hear about a change (SQLite: ``PRAGMA data_version``; PostgreSQL: ``NOTIFY``).
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import unquote, urlsplit, urlunsplit

from ..i18n import t
from .errors import SchemaError

if TYPE_CHECKING:  # imported where used: the static site's Python has no sqlite3
    import sqlite3

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "Backend", "RoomRow", "backend_for", "default_url"]

ENV_URL = "QTTT_ROOMS_URL"


def notice(code: str, version: int, row: RoomRow | None = None) -> str:
    """A NOTIFY payload: the room's new version and, so that a listener need not read
    it again, the new row (without the credential digests; well under the 8000-byte
    limit, since a record has at most a few dozen tokens)."""
    data: list[Any] = []
    if row is not None:
        hidden = {name: "-" for name in SECRET_COLUMNS if getattr(row, name) is not None}
        data = list(row._replace(**hidden))
    return json.dumps({"code": code, "version": version, "row": data}, separators=(",", ":"))


def channel(code: str) -> str:
    """The NOTIFY channel of one room: only the kernels watching that room wake up.

    (One channel for all rooms made every listener wake for every action of the
    class: with 200 clients, 200 wake-ups per action, and PostgreSQL fell behind.)
    Codes are checked to be letters and digits, so the name is a safe identifier.
    """
    return f"qttt_room_{code.lower()}"


#: Each migration is (version it brings the schema to, statements). Append, never edit:
#: a store made by an older kit is brought up to date step by step when it is opened.
MIGRATIONS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (
        1,
        (
            """CREATE TABLE qttt_rooms (
                code TEXT PRIMARY KEY,
                record TEXT NOT NULL DEFAULT '',
                version BIGINT NOT NULL DEFAULT 0,
                x_kind TEXT NOT NULL DEFAULT 'empty',
                x_hash TEXT,
                x_name TEXT,
                x_seen DOUBLE PRECISION,
                o_kind TEXT NOT NULL DEFAULT 'empty',
                o_hash TEXT,
                o_name TEXT,
                o_seen DOUBLE PRECISION,
                created_at DOUBLE PRECISION NOT NULL,
                updated_at DOUBLE PRECISION NOT NULL,
                expires_at DOUBLE PRECISION,
                finished_at DOUBLE PRECISION,
                result TEXT,
                last_action_id TEXT
            )""",
        ),
    ),
    (
        2,
        (
            # One server can host several classes; the dashboard lists one class's
            # games, newest activity first.
            "ALTER TABLE qttt_rooms ADD COLUMN class_name TEXT NOT NULL DEFAULT ''",
            "CREATE INDEX qttt_rooms_by_class ON qttt_rooms (class_name, updated_at)",
        ),
    ),
    (
        3,
        (
            # The service counts a class's open games before it opens another: only
            # the open ones, however many finished games the class has kept.
            "CREATE INDEX qttt_rooms_open ON qttt_rooms (class_name) WHERE finished_at IS NULL",
        ),
    ),
    (
        4,
        (
            # A finished game's "play again": the room its players went on to, so the
            # second player's screen finds the game the first one opened.
            "ALTER TABLE qttt_rooms ADD COLUMN next_code TEXT",
        ),
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


class RoomRow(NamedTuple):
    """One row of ``qttt_rooms``, its columns by name, in the order the store selects them.

    The one place that lists the columns: a migration that adds, renames or drops a
    column changes this class too (``tests/test_rooms.py`` compares it with the
    migrated table), and every reader follows by name.
    """

    code: Any
    record: Any
    version: Any
    x_kind: Any
    x_hash: Any
    x_name: Any
    x_seen: Any
    o_kind: Any
    o_hash: Any
    o_name: Any
    o_seen: Any
    created_at: Any
    updated_at: Any
    expires_at: Any
    finished_at: Any
    result: Any
    last_action_id: Any
    class_name: Any
    next_code: Any


#: the columns the store selects, in :class:`RoomRow`'s order
COLUMN_NAMES: tuple[str, ...] = RoomRow._fields
#: the same, as SQL's column list
COLUMNS = ", ".join(COLUMN_NAMES)
#: the credential digests: never sent to other kernels in a change notice
SECRET_COLUMNS = ("x_hash", "o_hash")


def default_url() -> str:
    """``$QTTT_ROOMS_URL`` if set, else a SQLite file in the user's data folder."""
    url = os.environ.get(ENV_URL, "").strip()
    if url:
        return url
    return default_sqlite_url()


def default_sqlite_url() -> str:
    """The SQLite file the kit uses when nothing else is set (in the user's data folder)."""
    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{base / 'qttt-edu' / 'rooms.sqlite3'}"


def redact(url: str) -> str:
    """``url`` without its password, fit to print in a status line."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


class Backend:
    """What one kind of database needs: connections, transactions, retries, notices."""

    name = ""
    placeholder = "?"

    def __init__(self, url: str) -> None:
        self.url = url
        #: a channel that also hears ``CODE:VERSION`` of every room written (PostgreSQL):
        #: the rooms service's replicas listen there, and the notice then commits with
        #: the write, in the same round trip, instead of costing one more
        self.wake_channel: str | None = None
        #: the writer's name in each ``CODE:VERSION:TAG`` notice on ``wake_channel``: a
        #: replica knows its own writes when it hears them back, however soon they come
        self.wake_tag = ""

    def wake_note(self, code: str, version: int) -> str:
        """The ``wake_channel`` payload of a write of ``code`` at ``version``."""
        return f"{code}:{version}:{self.wake_tag}" if self.wake_tag else f"{code}:{version}"

    @property
    def where(self) -> str:
        """The database, as a person should see it in a message (no password)."""
        return redact(self.url)

    def connect(self) -> Any:
        raise NotImplementedError

    def close(self, conn: Any) -> None:
        with suppress(Exception):  # closing a broken connection may fail; nothing to do
            conn.close()

    def execute(self, conn: Any, query: str, params: Sequence[Any] = ()) -> Any:
        if self.placeholder != "?":
            query = query.replace("?", self.placeholder)
        return conn.execute(query, tuple(params))

    @contextmanager
    def transaction(self, conn: Any) -> Iterator[None]:
        raise NotImplementedError
        yield

    def transient(self, exc: BaseException) -> bool:
        """Is ``exc`` a database that is down, busy or locked (worth trying again)?"""
        raise NotImplementedError

    def keep_after_error(self) -> bool:
        """May a connection that raised a transient error be used again?"""
        return False

    def is_error(self, exc: BaseException) -> bool:
        """Is ``exc`` any error of the database driver (shown as the store's trouble)?"""
        raise NotImplementedError

    def is_duplicate(self, exc: BaseException) -> bool:
        raise NotImplementedError

    def notify(self, conn: Any, code: str, version: int, row: RoomRow | None = None) -> None:
        """Tell the other kernels, inside the write transaction, that ``code`` changed."""

    def compare_and_set(
        self,
        conn: Any,
        code: str,
        version: int,
        changes: dict[str, Any],
        row: RoomRow | None = None,
    ) -> bool:
        """Write ``changes`` to room ``code`` only if its version is still ``version``,
        in one statement (its own transaction); ``False`` when another writer was first.

        ``row`` is the whole room after the change, for the notice to other kernels.
        One statement in autocommit mode is its own transaction: the version check and
        the write happen together or not at all, with no BEGIN and COMMIT to send. (SQLite
        has no notice to write: other kernels see its data_version move. PostgreSQL adds
        its notices to the same statement.)
        """
        assignments = ", ".join(f"{name} = ?" for name in changes)
        cursor = self.execute(
            conn,
            f"UPDATE qttt_rooms SET {assignments} WHERE code = ? AND version = ?",
            (*changes.values(), code, version),
        )
        return bool(cursor.rowcount == 1)

    def migrate(self, conn: Any) -> int:
        """Bring the schema up to :data:`SCHEMA_VERSION`; return the version found."""
        with self.transaction(conn):
            self._lock_for_migration(conn)
            self.execute(conn, "CREATE TABLE IF NOT EXISTS qttt_schema (version INTEGER NOT NULL)")
            rows = self.execute(conn, "SELECT version FROM qttt_schema").fetchall()
            if len(rows) > 1 or (rows and not isinstance(rows[0][0], int)):
                raise SchemaError(t("rooms_schema_broken", where=self.where))
            found = rows[0][0] if rows else 0
            if not rows:
                self.execute(conn, "INSERT INTO qttt_schema (version) VALUES (0)")
            if found > SCHEMA_VERSION:
                raise SchemaError(
                    t("rooms_schema_newer", where=self.where, found=found, known=SCHEMA_VERSION)
                )
            for version, statements in MIGRATIONS:
                if version > found:
                    for statement in statements:
                        self.execute(conn, statement)
                    self.execute(conn, "UPDATE qttt_schema SET version = ?", (version,))
        return int(found)

    def _lock_for_migration(self, conn: Any) -> None:
        """Keep two kernels opening a new store at once from migrating it twice."""


class SQLiteBackend(Backend):
    """One file on one machine: every kernel there shares it (WAL mode)."""

    name = "sqlite"

    def __init__(self, url: str, busy_timeout: float = 1.0) -> None:
        super().__init__(url)
        self.path = sqlite_path(url)
        self.busy_timeout = busy_timeout
        self.make_folder = url == default_sqlite_url()
        # ":memory:" is one database per store that all of its connections share
        # (the watcher's too), so a store in memory behaves like a store in a file.
        self._uri = None
        if self.path == ":memory:":
            self._uri = f"file:qttt-rooms-{uuid.uuid4().hex}?mode=memory&cache=shared"

    @property
    def where(self) -> str:
        return self.path

    def connect(self) -> sqlite3.Connection:
        if self.path != ":memory:":
            folder = Path(self.path).parent
            if not folder.is_dir() and self.make_folder:
                # the kit's own default folder (a fresh machine has none): made, not demanded
                with suppress(OSError):
                    folder.mkdir(parents=True, exist_ok=True)
            if not folder.is_dir():
                raise SchemaError(t("rooms_sqlite_no_folder", folder=str(folder)))
        import sqlite3

        conn = sqlite3.connect(
            self._uri or self.path,
            timeout=self.busy_timeout,
            isolation_level=None,
            check_same_thread=False,
            uri=self._uri is not None,
        )
        conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL is durable across a kernel crash in WAL mode (only a power cut can
        # lose the last commits), and much faster than FULL on a busy classroom.
        conn.execute("PRAGMA synchronous=NORMAL")
        return conn

    @contextmanager
    def transaction(self, conn: sqlite3.Connection) -> Iterator[None]:
        # IMMEDIATE takes the write lock at once, so a transaction never has to be
        # abandoned half-way because another writer got there first.
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def transient(self, exc: BaseException) -> bool:
        import sqlite3

        if not isinstance(exc, sqlite3.OperationalError):
            return False
        text = str(exc).lower()
        # "full" and "readonly": a full disk or a folder made read-only may be fixed
        # while the action waits (R4), so they are retried like a lock.
        words = ("locked", "busy", "disk i/o", "unable to open", "full", "readonly", "read-only")
        return any(w in text for w in words)

    def keep_after_error(self) -> bool:
        return True

    def is_error(self, exc: BaseException) -> bool:
        import sqlite3

        return isinstance(exc, sqlite3.Error)

    def is_duplicate(self, exc: BaseException) -> bool:
        import sqlite3

        return isinstance(exc, sqlite3.IntegrityError)


def sqlite_path(url: str) -> str:
    """The file a ``sqlite:`` URL (or a plain path) names."""
    if url.startswith("sqlite:///"):
        return unquote(url[len("sqlite:///") :])
    if url.startswith("sqlite:"):
        return unquote(url[len("sqlite:") :])
    return url


class PostgresBackend(Backend):
    """A PostgreSQL server, for kernels on many machines (psycopg 3)."""

    name = "postgresql"
    placeholder = "%s"

    def __init__(self, url: str, connect_timeout: int = 3, quick_ms: int = 0) -> None:
        super().__init__(url)
        try:
            import psycopg
        except ImportError as exc:
            raise SchemaError(t("rooms_psycopg_missing")) from exc
        self.psycopg = psycopg
        self.connect_timeout = connect_timeout
        #: a connection that must never hold its caller long (the service's own loop):
        #: a statement, a row lock or an unanswered packet that takes longer than this
        #: fails as a transient error, and the caller goes the slow way
        self.quick_ms = quick_ms

    def connect(self) -> Any:
        quick: dict[str, Any] = {"tcp_user_timeout": 4 * self.quick_ms} if self.quick_ms else {}
        conn = self.psycopg.connect(
            self.url,
            autocommit=True,
            connect_timeout=self.connect_timeout,
            application_name="qttt-edu",
            **quick,
        )
        if self.quick_ms:
            # SET, not the URL's options, so a school's own options in the URL stay
            conn.execute(f"SET statement_timeout = {int(self.quick_ms)}")
            conn.execute(f"SET lock_timeout = {max(1, int(self.quick_ms) // 4)}")
        return conn

    @contextmanager
    def transaction(self, conn: Any) -> Iterator[None]:
        with conn.transaction():
            yield

    def transient(self, exc: BaseException) -> bool:
        pg = self.psycopg
        return isinstance(exc, (pg.OperationalError, pg.InterfaceError))

    def is_duplicate(self, exc: BaseException) -> bool:
        return isinstance(exc, self.psycopg.errors.UniqueViolation)

    def is_error(self, exc: BaseException) -> bool:
        return isinstance(exc, self.psycopg.Error)

    def notify(self, conn: Any, code: str, version: int, row: RoomRow | None = None) -> None:
        self.execute(conn, "SELECT pg_notify(?, ?)", (channel(code), notice(code, version, row)))
        if self.wake_channel is not None:
            self.execute(
                conn, "SELECT pg_notify(?, ?)", (self.wake_channel, self.wake_note(code, version))
            )

    def compare_and_set(
        self,
        conn: Any,
        code: str,
        version: int,
        changes: dict[str, Any],
        row: RoomRow | None = None,
    ) -> bool:
        # One statement, so one round trip and its own transaction: the update and its
        # notice commit together or not at all, even if this kernel dies mid-way.
        # (A busy server spends most of an action's time scheduling round trips.)
        assignments = ", ".join(f"{name} = %s" for name in changes)
        payload = notice(code, changes["version"], row)
        wake, wake_args = "", tuple[str, ...]()
        if self.wake_channel is not None:
            wake_args = (self.wake_channel, self.wake_note(code, changes["version"]))
            wake = ", pg_notify(%s, %s)"
        rows = conn.execute(
            f"WITH changed AS (UPDATE qttt_rooms SET {assignments} "
            "WHERE code = %s AND version = %s RETURNING code) "
            f"SELECT pg_notify(%s, %s){wake} FROM changed",
            (*changes.values(), code, version, channel(code), payload, *wake_args),
        ).fetchall()
        return len(rows) == 1

    def _lock_for_migration(self, conn: Any) -> None:
        self.execute(conn, "SELECT pg_advisory_xact_lock(?)", (0x51770,))


def backend_for(url: str | None, retry_for: float = 10.0, quick_ms: int = 0) -> Backend:
    """The backend a store URL names: ``postgresql://...``, ``sqlite:///path`` or a path.

    ``quick_ms``: PostgreSQL only, see :attr:`PostgresBackend.quick_ms`.
    """
    url = url if url is not None else default_url()
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme in ("postgresql", "postgres"):
        return PostgresBackend(url, quick_ms=quick_ms)
    if scheme == "sqlite" or not scheme or len(scheme) == 1:  # a path (or a Windows drive)
        # SQLite waits for a lock by itself; a short wait lets the store report
        # its status between attempts and keep to retry_for.
        return SQLiteBackend(url, busy_timeout=max(0.01, min(0.25, retry_for)))
    raise SchemaError(t("rooms_url_unknown", url=redact(url)))
