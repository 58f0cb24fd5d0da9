"""The classroom's static-site server (``qttt_edu.classroom.site_server``), over real HTTP.

A small site is made in a temporary folder (the real build needs npm and minutes; the
browser test plays the real one), served by a real tornado server on a free port, and
asked for by ``http.client`` exactly as a browser would.
"""

from __future__ import annotations

import asyncio
import gzip
import http.client
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import tornado.httpserver
import tornado.web

from qttt_edu.classroom.site_server import (
    CONFIG_PATH,
    content_type,
    pick_encoding,
    precompress,
    site_rules,
)

SCRIPT = ("console.log('quantum tic-tac-toe');\n" * 400).encode()
WASM = b"\0asm\1\0\0\0" + bytes(4000)


def make_site(root: Path) -> Path:
    site = root / "site"
    (site / "static" / "pyodide").mkdir(parents=True)
    (site / "voici" / "render").mkdir(parents=True)
    (site / "index.html").write_text("<!DOCTYPE html><title>front door</title>" + " " * 2000)
    (site / "voici" / "render" / "app.html").write_text("<!DOCTYPE html>" + "<p>app</p>" * 300)
    (site / "static" / "pyodide" / "pyodide.asm.wasm").write_bytes(WASM)
    (site / "static" / "app.js").write_bytes(SCRIPT)
    (site / "static" / "tiny.js").write_bytes(b"1;")
    (site / "static" / "noise.json").write_bytes(os.urandom(3000))  # does not shrink
    return site


class Running:
    def __init__(self, site: Path, cache: Path, service: str | None) -> None:
        self.table = precompress(site, cache)
        self.loop = asyncio.new_event_loop()
        started = threading.Event()

        def run() -> None:
            asyncio.set_event_loop(self.loop)
            app = tornado.web.Application(site_rules(site, self.table, service=service))
            self.server = tornado.httpserver.HTTPServer(app)
            self.server.listen(0, "127.0.0.1")
            sockets = list(self.server._sockets.values())
            self.port = sockets[0].getsockname()[1]
            started.set()
            self.loop.run_forever()

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        started.wait(10)

    def get(self, path: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        connection.request("GET", path, headers=headers)
        answer = connection.getresponse()
        body = answer.read()
        connection.close()
        return answer.status, {k.lower(): v for k, v in answer.getheaders()}, body

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.server.stop)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Running]:
    running = Running(make_site(tmp_path), tmp_path / "cache", service="/rooms/")
    yield running
    running.stop()


def test_a_browser_that_accepts_gzip_gets_the_precompressed_copy(served: Running) -> None:
    status, headers, body = served.get("/static/app.js", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-encoding"] == "gzip"
    assert headers["content-type"].startswith("text/javascript")
    assert "accept-encoding" in headers["vary"].lower()
    assert len(body) < len(SCRIPT) / 5
    assert gzip.decompress(body) == SCRIPT


def test_a_browser_that_accepts_nothing_gets_the_file_as_it_is(served: Running) -> None:
    for accept in ("", "identity", "gzip;q=0", "deflate"):
        status, headers, body = served.get("/static/app.js", **{"Accept-Encoding": accept})
        assert status == 200, accept
        assert "content-encoding" not in headers, accept
        assert body == SCRIPT, accept


def test_wasm_has_its_type_and_is_compressed(served: Running) -> None:
    status, headers, body = served.get(
        "/static/pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip, deflate, br"}
    )
    assert status == 200
    assert headers["content-type"] == "application/wasm"
    assert headers["content-encoding"] in ("gzip", "br")
    if headers["content-encoding"] == "gzip":
        assert gzip.decompress(body) == WASM
    else:
        brotli = pytest.importorskip("brotli")
        assert brotli.decompress(body) == WASM


def test_small_or_incompressible_files_go_out_as_they_are(served: Running) -> None:
    for path in ("/static/tiny.js", "/static/noise.json"):
        status, headers, _ = served.get(path, **{"Accept-Encoding": "gzip, br"})
        assert status == 200
        assert "content-encoding" not in headers, path


def test_the_front_door_and_pages_are_revalidated(served: Running) -> None:
    status, headers, body = served.get("/", **{"Accept-Encoding": "gzip"})
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert gzip.decompress(body).startswith(b"<!DOCTYPE html><title>front door")
    assert headers["cache-control"] == "no-cache"
    assert headers["x-content-type-options"] == "nosniff"


def test_an_etag_answers_a_repeated_visit_with_304(served: Running) -> None:
    _, headers, _ = served.get("/static/app.js", **{"Accept-Encoding": "gzip"})
    status, _, body = served.get(
        "/static/app.js", **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]}
    )
    assert (status, body) == (304, b"")


def test_nothing_outside_the_site_is_served(served: Running, tmp_path: Path) -> None:
    (tmp_path / "secret.txt").write_text("teacher secret")
    for path in ("/../secret.txt", "/%2e%2e/secret.txt", "/static/../../secret.txt"):
        status, _, body = served.get(path)
        assert status in (400, 403, 404), path
        assert b"teacher secret" not in body
    status, _, _ = served.get("/missing.js")
    assert status == 404


def test_the_config_file_names_the_service(served: Running) -> None:
    status, headers, body = served.get("/" + CONFIG_PATH)
    assert status == 200
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body) == {"service": "/rooms/"}


def test_a_site_without_a_service_serves_no_config(tmp_path: Path) -> None:
    running = Running(make_site(tmp_path), tmp_path / "cache", service=None)
    try:
        status, _, _ = running.get("/" + CONFIG_PATH)
    finally:
        running.stop()
    assert status == 404


def test_copies_are_kept_between_starts_and_remade_when_a_file_changes(tmp_path: Path) -> None:
    site = make_site(tmp_path)
    cache = tmp_path / "cache"
    first = precompress(site, cache)
    copy = first.available("static/app.js")["gzip"]
    made_at = copy.stat().st_mtime_ns
    again = precompress(site, cache)
    assert again.available("static/app.js")["gzip"].stat().st_mtime_ns == made_at
    changed = b"let answer = 42;\n" * 500
    (site / "static" / "app.js").write_bytes(changed)
    third = precompress(site, cache)
    assert gzip.decompress(third.available("static/app.js")["gzip"].read_bytes()) == changed
    assert not list(site.rglob("*.gz")), "the site folder is never written to"


def test_encoding_choice_and_types() -> None:
    assert pick_encoding("gzip, br", {"gzip", "br"}) == "br"
    assert pick_encoding("gzip, br;q=0", {"gzip", "br"}) == "gzip"
    assert pick_encoding("*", {"gzip"}) == "gzip"
    assert pick_encoding("*, gzip;q=0", {"gzip"}) is None
    assert pick_encoding("br", {"gzip"}) is None
    assert content_type("a/b.wasm") == "application/wasm"
    assert content_type("x.mjs").startswith("text/javascript")
    assert content_type("p.whl") == "application/zip"
    assert content_type("f.woff2") == "font/woff2"
