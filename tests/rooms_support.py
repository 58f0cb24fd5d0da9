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
