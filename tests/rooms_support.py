"""Fixtures shared by the rooms tests: one store URL per backend, raw SQL access."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest

from qttt_edu.rooms import RoomStore
from qttt_edu.rooms.backends import sqlite_path
from tests import pg

BACKENDS = ["sqlite", "postgresql"]


def cluster_or_skip() -> pg.PgCluster:
    """The session's PostgreSQL cluster; skip (or fail, when CI requires it) without one."""
    try:
        return pg.shared_cluster()
    except LookupError as exc:
        if pg.required():
            pytest.fail(f"{pg.REQUIRE_ENV}=1 asks for the PostgreSQL tests, but {exc}")
        pytest.skip(f"PostgreSQL tests skipped: {exc} (set {pg.REQUIRE_ENV}=1 to require them)")


@pytest.fixture(params=BACKENDS)
def store_url(request: pytest.FixtureRequest, tmp_path: Any) -> str:
    """A fresh, empty rooms database: a SQLite file, or a new database on the PostgreSQL server."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    return cluster_or_skip().new_database()


@pytest.fixture
def make_store(store_url: str) -> Iterator[Any]:
    """``make_store(**options)``: a new store (a new "kernel") on the test's database."""
    stores: list[RoomStore] = []

    def make(**options: Any) -> RoomStore:
        options.setdefault("retry_for", 5.0)
        store = RoomStore(store_url, **options)
        stores.append(store)
        return store

    yield make
    for store in stores:
        store.close()


def raw_sql(url: str, query: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run ``query`` on the database directly (``?`` placeholders), as another program would."""
    if url.startswith("postgresql"):
        import psycopg

        with psycopg.connect(url, autocommit=True) as conn:
            cur = conn.execute(query.replace("?", "%s"), params)
            return list(cur.fetchall()) if cur.description else []
    conn = sqlite3.connect(sqlite_path(url), isolation_level=None)
    try:
        return list(conn.execute(query, params).fetchall())
    finally:
        conn.close()


CLASS_KEY = "class-key-7b-" + "k" * 12
OTHER_CLASS_KEY = "class-key-8c-" + "c" * 12
TEACHER = "teacher-secret-" + "t" * 12


@pytest.fixture
def service(store_url: str) -> Iterator[Any]:
    """A real rooms service (tornado, a free port) on the test's database: classes 7B and 8C."""
    from qttt_edu.rooms.service import start_service

    running = start_service(
        store_url, classes={"7B": CLASS_KEY, "8C": OTHER_CLASS_KEY}, teacher_secret=TEACHER
    )
    running.store_url = store_url  # type: ignore[attr-defined]
    yield running
    running.stop()


def http(url: str, method: str, path: str, body: Any = None, **headers: str) -> tuple[int, Any]:
    """One raw request, as any program on the network could send it: (status, JSON)."""
    import json
    import urllib.error
    import urllib.request

    data = (
        None if body is None else (body if isinstance(body, bytes) else json.dumps(body).encode())
    )
    names = {
        "class_key": "X-Qttt-Class",
        "seat": "X-Qttt-Seat",
        "teacher": "X-Qttt-Teacher",
        "client": "X-Qttt-Client",
        "lang": "Accept-Language",
    }
    sent = {names.get(k, k): v for k, v in headers.items()}
    req = urllib.request.Request(url + path, method=method, data=data, headers=sent)
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            raw = resp.read()
            return resp.status, json.loads(raw) if raw[:1] in (b"{", b"[") else raw.decode()
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def http_from(
    source: str, url: str, method: str, path: str, body: Any = None, **headers: str
) -> tuple[int, Any]:
    """As :func:`http`, sent from the local address ``source`` (``127.0.0.2``, ...): another
    device on the network, as the service sees it."""
    import http.client
    import json
    from urllib.parse import urlsplit

    names = {"class_key": "X-Qttt-Class", "client": "X-Qttt-Client", "lang": "Accept-Language"}
    sent = {names.get(k, k): v for k, v in headers.items()}
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(
        parts.hostname or "", parts.port, timeout=10, source_address=(source, 0)
    )
    try:
        data = None if body is None else json.dumps(body).encode()
        conn.request(method, parts.path + path, body=data, headers=sent)
        resp = conn.getresponse()
        raw = resp.read()
        return resp.status, json.loads(raw) if raw[:1] in (b"{", b"[") else raw.decode()
    finally:
        conn.close()


def open_room_as(url: str, client: str, **body: Any) -> tuple[int, Any]:
    """Student ``client`` (an id of at least 16 characters) opens a room with the class
    key: (status, answer). Each classmate has a limit of rooms of their own."""
    return http(url, "POST", "api/v1/rooms", body, class_key=CLASS_KEY, client=client)
