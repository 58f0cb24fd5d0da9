"""The students' Voilà compresses each static file once, and never serves stale bytes.

A real tornado server with a ``StaticFileHandler`` (the class behind Voilà's scripts and
styles) and the classroom's transform, asked over HTTP as a browser asks.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
import os
import random
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPResponse
from tornado.httpserver import HTTPServer
from tornado.web import Application, RequestHandler, StaticFileHandler

from qttt_edu.classroom.voila_server import CompressOnce
from tests.ports import free_port


class Page(RequestHandler):  # type: ignore[misc]
    """A rendered page: new text each time, sent in two flushes."""

    count = 0

    async def get(self) -> None:
        Page.count += 1
        self.set_header("Content-Type", "text/html")
        self.write(f"<p>visit {Page.count}</p>" * 200)
        await self.flush()
        self.write("<p>the end</p>" * 200)


def script(seed: int, size: int) -> bytes:
    """Text that compresses about as well as a bundle does, several 64 KB chunks long."""
    words = [f"function f{n}(a, b) {{ return a + b * {n}; }}\n" for n in range(400)]
    rng = random.Random(seed)
    text = "".join(rng.choice(words) for _ in range(size // 30))
    return text.encode()[:size]


@pytest.fixture
def compressions(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> Iterator[list[int]]:
    """Counts the gzip streams tornado starts; the transform's store starts empty. The
    server must log no error: an answer that sent more than its ``Content-Length`` still
    reads whole in a client, but tornado ends it with a traceback in the teacher's
    terminal and drops the connection the browser would have used again."""
    monkeypatch.setattr(CompressOnce, "_kept", OrderedDict())
    monkeypatch.setattr(CompressOnce, "_kept_bytes", 0)
    started: list[int] = []
    real = gzip.GzipFile

    def counted(*args: Any, **kwargs: Any) -> gzip.GzipFile:
        started.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(gzip, "GzipFile", counted)
    yield started
    records = caplog.get_records("call")
    errors = [r.getMessage() for r in records if r.levelno >= logging.ERROR]
    assert errors == [], errors


def serve(folder: Path, scenario: Any) -> Any:
    """Run ``scenario(fetch)`` against a server of ``folder`` with the transform."""

    async def main() -> Any:
        app = Application(
            [(r"/static/(.*)", StaticFileHandler, {"path": str(folder)}), (r"/page", Page)],
            transforms=[CompressOnce],
        )
        port = free_port()
        server = HTTPServer(app)
        server.listen(port, "127.0.0.1")
        client = AsyncHTTPClient(force_instance=True)

        async def fetch(path: str, method: str = "GET", **headers: str) -> HTTPResponse:
            try:
                return await client.fetch(
                    f"http://127.0.0.1:{port}{path}",
                    method=method,
                    headers={k.replace("_", "-"): v for k, v in headers.items()},
                    decompress_response=False,
                )
            except HTTPClientError as err:
                assert err.response is not None
                return err.response

        try:
            return await scenario(fetch)
        finally:
            client.close()
            server.stop()

    return asyncio.run(main())


def unpacked(answer: HTTPResponse) -> bytes:
    assert answer.headers.get("Content-Encoding") == "gzip"
    assert "Accept-Encoding" in answer.headers["Vary"]
    return gzip.decompress(answer.body)


def test_a_script_is_compressed_once_for_a_class_and_again_when_it_changes(
    tmp_path: Path, compressions: list[int]
) -> None:
    bundle = tmp_path / "bundle.js"
    first = script(1, 300_000)  # five of StaticFileHandler's 64 KB chunks
    bundle.write_bytes(first)

    async def scenario(fetch: Any) -> None:
        answers = [await fetch("/static/bundle.js", Accept_Encoding="gzip") for _ in range(30)]
        assert len(compressions) == 1  # thirty students, one compression
        assert all(unpacked(a) == first for a in answers)
        assert len(answers[0].body) * 2 < len(first)
        kept = answers[1]  # from the kept bytes: whole, and its length said
        assert int(kept.headers["Content-Length"]) == len(kept.body)
        assert kept.headers["Etag"] == answers[0].headers["Etag"]
        # a browser that does not ask for gzip gets the file as it is
        plain = await fetch("/static/bundle.js")
        assert plain.body == first and "Content-Encoding" not in plain.headers
        # a new version under the same name (an upgrade while the class runs) is sent
        # as it now is, never the kept bytes of the old one
        second = script(2, 280_000)
        bundle.write_bytes(second)
        os.utime(bundle, (1_900_000_000, 1_900_000_000))
        again = await fetch("/static/bundle.js", Accept_Encoding="gzip")
        assert unpacked(again) == second and len(compressions) == 2
        assert unpacked(await fetch("/static/bundle.js", Accept_Encoding="gzip")) == second
        assert len(compressions) == 2
        # what a cache-aware browser asks is answered as before
        tag = again.headers["Etag"]
        same = await fetch("/static/bundle.js", Accept_Encoding="gzip", If_None_Match=tag)
        assert same.code == 304 and same.body == b""
        part = await fetch("/static/bundle.js", Accept_Encoding="gzip", Range="bytes=10-99")
        assert part.code == 206 and unpacked(part) == second[10:100]  # as tornado does
        head = await fetch("/static/bundle.js", Accept_Encoding="gzip", method="HEAD")
        assert head.code == 200 and head.body == b""

    serve(tmp_path, scenario)


def test_rendered_pages_are_never_served_from_the_kept_bytes_and_small_files_are(
    tmp_path: Path, compressions: list[int]
) -> None:
    (tmp_path / "tiny.css").write_bytes(b"p { margin: 0 }\n")

    async def scenario(fetch: Any) -> None:
        one = unpacked(await fetch("/page", Accept_Encoding="gzip"))
        two = unpacked(await fetch("/page", Accept_Encoding="gzip"))
        assert b"visit 1" in one and b"visit 2" in two and b"the end" in two
        assert not CompressOnce._kept  # a page is rendered anew each visit
        for _ in range(2):  # a file smaller than a chunk: kept too, and whole
            tiny = await fetch("/static/tiny.css", Accept_Encoding="gzip")
            assert unpacked(tiny) == b"p { margin: 0 }\n"
        assert len(CompressOnce._kept) == 1

    serve(tmp_path, scenario)


def test_the_kept_bytes_stay_within_their_budget(
    tmp_path: Path, compressions: list[int], monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {f"s{n}.js": script(n, 120_000) for n in range(6)}
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(CompressOnce, "BUDGET", 2 * len(gzip.compress(files["s0.js"])) + 500)

    async def scenario(fetch: Any) -> None:
        for _ in range(2):
            for name, data in files.items():
                assert unpacked(await fetch(f"/static/{name}", Accept_Encoding="gzip")) == data
                kept = CompressOnce._kept
                assert CompressOnce._kept_bytes == sum(map(len, kept.values()))
                assert CompressOnce._kept_bytes <= CompressOnce.BUDGET and len(kept) <= 2
        assert len(compressions) == 12  # round-robin over six, two kept: none reused
        last = "/static/s5.js"
        assert unpacked(await fetch(last, Accept_Encoding="gzip")) == files["s5.js"]
        assert len(compressions) == 12  # the newest is kept

    serve(tmp_path, scenario)
