"""A throwaway PostgreSQL cluster for the rooms tests and benchmark.

``PgCluster.start()`` runs ``initdb`` and ``pg_ctl`` from the Debian packages in a
fresh temporary folder, listening on 127.0.0.1 only (and a Unix socket in that
folder) on a free port, with trust authentication for the local user ``postgres``.
PostgreSQL refuses to run as root, so as root every command runs as the
``postgres`` system user (``runuser``) and the folder is handed to that user.

The cluster trades durability for speed (``fsync=off``): it lives for one test
session and is deleted afterwards.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from tests.ports import free_port

#: set to 1 (CI does) to make a missing PostgreSQL a test failure instead of a skip
REQUIRE_ENV = "QTTT_REQUIRE_POSTGRES"


def find_bindir() -> Path | None:
    """The folder with ``initdb`` and ``pg_ctl`` (newest Debian version first), if any."""
    override = os.environ.get("QTTT_PG_BINDIR")
    candidates = [override] if override else []
    candidates += sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]), reverse=True
    )
    which = shutil.which("initdb")
    if which:
        candidates.append(str(Path(which).parent))
    for folder in candidates:
        if folder and (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


class PgCluster:
    """One PostgreSQL server for a test session: ``url``, ``new_database()``, ``restart()``."""

    def __init__(self, bindir: Path, max_connections: int = 300) -> None:
        self.bindir = bindir
        self.max_connections = max_connections
        self.as_root = os.geteuid() == 0
        self.base = Path(tempfile.mkdtemp(prefix="qttt-pg-"))
        self.data = self.base / "data"
        self.port = free_port()
        self.user = "postgres" if self.as_root else os.environ.get("USER", "postgres")
        self._databases = 0
        if self.as_root:
            shutil.chown(self.base, "postgres", "postgres")
        os.chmod(self.base, 0o700)

    def _cmd(self, *args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
        cmd = list(args)
        if self.as_root:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, cwd="/")
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}\n{result.stderr}")
        return result

    def start(self) -> PgCluster:
        self._cmd(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            self.user,
            "--auth=trust",
            "--no-sync",
            "-E",
            "UTF8",
            "--locale=C",
        )
        self._pg_ctl("start")
        return self

    def _options(self) -> str:
        return (
            f"-c listen_addresses=127.0.0.1 -c port={self.port} "
            f"-c unix_socket_directories={self.base} -c max_connections={self.max_connections} "
            "-c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        )

    def _pg_ctl(self, action: str) -> None:
        """``pg_ctl start|stop|restart`` on this cluster, waiting until it is done.

        Stopping is a fast shutdown (open connections are cut); starting passes the
        server options and the log file.
        """
        args = [str(self.bindir / "pg_ctl"), "-D", str(self.data), "-w"]
        if action != "start":
            args += ["-m", "fast"]
        if action != "stop":
            args += ["-o", self._options(), "-l", str(self.base / "server.log"), "-t", "60"]
        self._cmd(*args, action)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{self.user}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh empty place for a store; returns its URL.

        It is a new schema, made the connection's search path, rather than a new
        database: CREATE DATABASE takes about a second on a busy machine.
        """
        import psycopg

        self._databases += 1
        name = f"qttt_{os.getpid()}_{self._databases}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url()}?options=-csearch_path%3D{name}"

    def drop_database(self, url: str) -> None:
        """Drop a place :meth:`new_database` made (its schema, named in ``url``), then
        write every changed page out (``CHECKPOINT``): what the next user of the cluster
        meets is a quiet server, not the last one's tables to vacuum and pages to flush,
        so that the runs of ``bench_service.py`` on one cluster start alike."""
        import psycopg

        name = url.rsplit("search_path%3D", 1)[-1]
        if not name.startswith("qttt_") or not name.replace("_", "").isalnum():
            raise ValueError(f"not a place this cluster made: {url}")
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{name}" CASCADE')
            conn.execute("CHECKPOINT")

    def stop_server(self) -> None:
        """Stop the server (fast shutdown: open connections are cut), keeping its data."""
        self._pg_ctl("stop")

    def start_server(self) -> None:
        self._pg_ctl("start")

    def restart(self) -> None:
        """``pg_ctl restart``: every open connection is cut, the data stays."""
        self._pg_ctl("restart")

    def terminate_connections(self, database: str) -> None:
        """Cut every client of ``database`` (what a server crash looks like to a client)."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = %s AND pid <> pg_backend_pid()",
                (database,),
            )

    def stop(self) -> None:
        try:
            if (self.data / "postmaster.pid").exists():
                self.stop_server()
        finally:
            shutil.rmtree(self.base, ignore_errors=True)

    def __enter__(self) -> PgCluster:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_cluster(max_connections: int = 300) -> PgCluster:
    """Start a cluster, or raise ``LookupError`` saying why PostgreSQL cannot be used here."""
    bindir = find_bindir()
    if bindir is None:
        raise LookupError(
            "PostgreSQL is not installed (no initdb under /usr/lib/postgresql/*/bin or on PATH)"
        )
    try:
        import psycopg  # noqa: F401
    except ImportError as exc:
        raise LookupError("psycopg is not installed (pip install -e '.[test]')") from exc
    cluster = PgCluster(bindir, max_connections=max_connections)
    try:
        return cluster.start()
    except BaseException:
        cluster.stop()
        raise


def wait_until(test, timeout: float = 10.0, step: float = 0.02) -> bool:  # type: ignore[no-untyped-def]
    """Poll ``test()`` until it is true or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if test():
            return True
        time.sleep(step)
    return bool(test())


_shared: PgCluster | None = None
_shared_error: str | None = None


def shared_cluster() -> PgCluster:
    """One cluster for the whole test process (started on first use, stopped at exit).

    Raises ``LookupError`` with the reason when PostgreSQL cannot be used here.
    """
    global _shared, _shared_error
    if _shared is None and _shared_error is None:
        try:
            _shared = start_cluster()
        except LookupError as exc:
            _shared_error = str(exc)
        else:
            import atexit

            atexit.register(_shared.stop)
    if _shared is None:
        raise LookupError(_shared_error)
    return _shared


def required() -> bool:
    """Does this run demand PostgreSQL (CI sets QTTT_REQUIRE_POSTGRES=1)?"""
    return os.environ.get(REQUIRE_ENV, "") not in ("", "0")
