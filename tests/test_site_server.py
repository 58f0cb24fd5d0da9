"""The classroom's static-site server (``qttt_edu.classroom.site_server``), over real HTTP.

A small site is made in a temporary folder (the real build needs npm and minutes; the
browser test plays the real one), served by a real tornado server on a free port, and
asked for by ``http.client`` exactly as a browser would.
"""

from __future__ import annotations

import asyncio
import gzip
import http.client
import io
import json
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

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
from tests.ports import free_port

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


# --- qttt-edu classroom --site: the real command ---------------------------------------


@pytest.fixture
def classroom_site(tmp_path: Path) -> Iterator[tuple[int, str]]:
    """``qttt-edu classroom --site`` started as a teacher would: (port, class key)."""
    import re
    import subprocess
    import sys
    import time

    site = make_site(tmp_path)
    port = free_port()
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache"), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
    command += ["--host", "127.0.0.1", "--port", str(port), "--file", str(tmp_path / "g.db")]
    log = tmp_path / "classroom.log"
    with log.open("wb") as out:
        process = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while "Ctrl-C" not in log.read_text() and time.monotonic() < deadline:
            assert process.poll() is None, log.read_text()
            time.sleep(0.2)
        found = re.search(
            rf"http://127\.0\.0\.1:{port}/qttt-join\.html#class=([\w-]+)", log.read_text()
        )
        assert found, log.read_text()
        yield port, found.group(1)
    finally:
        process.terminate()
        process.wait(20)


def _call(port: int, method: str, path: str, body: object = None, **headers: str):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    data = None if body is None else json.dumps(body)
    connection.request(method, path, body=data, headers=headers)
    answer = connection.getresponse()
    status, text = answer.status, answer.read()
    connection.close()
    return status, json.loads(text) if text else None


def _page(
    port: int, method: str, path: str, form: dict[str, str] | None = None, cookie: str = ""
) -> tuple[int, str, Any]:
    import urllib.parse

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Cookie": cookie} if cookie else {}
    body = None
    if form is not None:
        body = urllib.parse.urlencode(form)
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    connection.request(method, path, body=body, headers=headers)
    answer = connection.getresponse()
    text = answer.read().decode()
    connection.close()
    return answer.status, text, answer.headers


def _words(page: str) -> str:
    """A page's text as read (entities decoded), markup and all."""
    import html

    return html.unescape(page)


def test_the_join_page_fits_a_phone_and_says_what_to_do_without_javascript(
    classroom_site: tuple[int, str],
) -> None:
    port, _key = classroom_site
    status, page, headers = _page(port, "GET", "/qttt-join.html")
    assert status == 200 and headers["Content-Type"].startswith("text/html")
    assert '<html lang="en">' in page and 'name="viewport"' in page
    assert "QTTT_" not in page  # every placeholder filled
    noscript = page.split("<noscript>", 1)[1].split("</noscript>", 1)[0]
    assert "This page needs JavaScript to open the game." in noscript


def test_the_sites_teacher_page_opens_with_the_teacher_secret_only(
    classroom_site: tuple[int, str], tmp_path: Path
) -> None:
    import re
    import time

    port, key = classroom_site
    secret = json.loads((tmp_path / "g.db.keys").read_text())["teacher_secret"]
    _, made = _call(
        port, "POST", "/rooms/api/v1/rooms", {"nickname": "<Ada>"}, **{"X-Qttt-Class": key}
    )
    status, page, headers = _page(port, "GET", "/teacher")
    assert status == 200 and "Teacher's password" in _words(page) and "Ada" not in page
    xsrf = re.search(r'name="_xsrf" value="([^"]+)"', page)
    assert xsrf
    cookie = "; ".join(c.split(";")[0] for c in headers.get_all("Set-Cookie") or [])
    form = {"_xsrf": xsrf[1]}
    # neither the class key nor a guess opens it, and a guess costs a second
    for wrong in (key, "s" * 24):
        started = time.monotonic()
        status, page, _ = _page(port, "POST", "/teacher", {**form, "password": wrong}, cookie)
        assert status == 401 and "not the teacher's password" in _words(page)
        assert time.monotonic() - started >= 1.0
    assert _page(port, "POST", "/teacher", {"password": secret})[0] == 403  # no form token
    status, _, headers = _page(port, "POST", "/teacher", {**form, "password": secret}, cookie)
    assert status == 302
    opened = next(c for c in headers.get_all("Set-Cookie") if c.startswith("qttt-teacher="))
    assert "HttpOnly" in opened and "SameSite=Strict" in opened and secret not in opened
    signed = f"{cookie}; {opened.split(';')[0]}"
    status, page, _ = _page(port, "GET", "/teacher", cookie=signed)
    # the live dashboard's page: its socket is below /teacher, where the cookie goes
    assert status == 200 and "<title>The class&#x27;s games</title>" in page
    assert 'data-socket="teacher/socket"' in page and "QTTT_" not in page
    status, games, _ = _page(port, "GET", "/teacher?part=games", cookie=signed)
    assert made["room"]["label"] in games and "&lt;Ada&gt;" in games
    assert "<Ada>" not in games  # a nickname is text, never markup
    status, csv_text, _ = _page(port, "GET", "/teacher?part=csv", cookie=signed)
    assert status == 200 and made["room"]["label"] in csv_text
    # a cookie the server did not make opens nothing
    forged = "qttt-teacher=" + "0" * 64
    assert "Teacher's password" in _words(_page(port, "GET", "/teacher?part=csv", cookie=forged)[1])


def test_classroom_site_serves_the_site_and_the_service_on_one_port(classroom_site) -> None:
    port, key = classroom_site
    status, config = _call(port, "GET", "/" + CONFIG_PATH)
    assert (status, config) == (200, {"service": "/rooms/"})
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request(
        "GET", "/static/pyodide/pyodide.asm.wasm", headers={"Accept-Encoding": "gzip"}
    )
    answer = connection.getresponse()
    assert answer.getheader("Content-Type") == "application/wasm"
    assert answer.getheader("Content-Encoding") == "gzip"
    assert gzip.decompress(answer.read()) == WASM
    connection.close()
    # a student with the class key of the link creates a room; without it, nothing
    status, made = _call(
        port, "POST", "/rooms/api/v1/rooms", {"nickname": "Ada"}, **{"X-Qttt-Class": key}
    )
    assert status == 201, made
    status, refused = _call(port, "POST", "/rooms/api/v1/rooms", {"nickname": "Eve"})
    assert status == 403 and refused["error"]["kind"] == "forbidden"
    status, joined = _call(
        port,
        "POST",
        f"/rooms/api/v1/rooms/{made['room']['code']}/join",
        {},
        **{"X-Qttt-Class": key},
    )
    assert status == 200 and joined["seat"] == "O"


def test_classroom_site_wakes_the_other_screen_over_its_socket(classroom_site) -> None:
    import tornado.websocket

    port, key = classroom_site
    _, made = _call(port, "POST", "/rooms/api/v1/rooms", {}, **{"X-Qttt-Class": key})
    code = made["room"]["code"]
    _, joined = _call(port, "POST", f"/rooms/api/v1/rooms/{code}/join", {}, **{"X-Qttt-Class": key})

    async def scenario() -> list[dict[str, object]]:
        sock = await tornado.websocket.websocket_connect(
            f"ws://127.0.0.1:{port}/rooms/api/v1/socket"
        )
        hello = {
            "type": "hello",
            "class": key,
            "seats": [{"code": code, "credential": joined["credential"]}],
        }
        await sock.write_message(json.dumps(hello))
        seen = [json.loads(await asyncio.wait_for(sock.read_message(), 10) or "null")]
        body = {"action": "1-5", "expected_ply": 0, "action_id": "first-move-0001"}
        headers = {"X-Qttt-Seat": made["credential"], "X-Qttt-Class": key}
        await asyncio.get_running_loop().run_in_executor(
            None,
            lambda: _call(port, "POST", f"/rooms/api/v1/rooms/{code}/actions", body, **headers),
        )
        while not any(m.get("type") == "changed" for m in seen):
            seen.append(json.loads(await asyncio.wait_for(sock.read_message(), 10) or "null"))
        sock.close()
        return seen

    seen = asyncio.run(scenario())
    assert seen[0]["type"] == "ready"
    assert {"type": "changed", "code": code} == {
        k: v for k, v in seen[-1].items() if k != "version"
    }


def test_classroom_site_refuses_a_folder_that_is_no_site(tmp_path: Path) -> None:
    import subprocess
    import sys

    command = [
        sys.executable,
        "-m",
        "qttt_edu",
        "classroom",
        "--site",
        str(tmp_path),
        "--lang",
        "da",
    ]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "qttt-edu site build" in done.stderr and "websted" in done.stderr
    assert "Traceback" not in done.stderr


def test_classroom_site_says_so_when_its_port_is_taken_or_its_store_folder_missing(
    tmp_path: Path,
) -> None:
    import socket
    import subprocess
    import sys

    site = make_site(tmp_path)
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
        command += ["--host", "127.0.0.1", "--port", str(port), "--file", str(tmp_path / "g.db")]
        done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2, done.stderr
    assert f"127.0.0.1:{port}" in done.stderr and "--port" in done.stderr
    assert "Traceback" not in done.stderr
    assert not list(tmp_path.glob("g.db*")), "a refused start made the games or keys file"
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(site)]
    command += ["--host", "127.0.0.1", "--port", str(free_port())]
    command += ["--file", str(tmp_path / "no" / "g.db")]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 2, done.stderr
    assert str(tmp_path / "no") in done.stderr and "Traceback" not in done.stderr


def test_a_restarted_classroom_site_keeps_its_class_key(tmp_path: Path) -> None:
    from qttt_edu.classroom.site_server import class_keys

    games = tmp_path / "7b.sqlite3"
    first = class_keys(games)
    assert class_keys(games) == first  # the students' links keep working after a restart
    keys = tmp_path / "7b.sqlite3.keys"
    assert keys.stat().st_mode & 0o077 == 0, "the keys file is the teacher's only"
    keys.write_text("not json")
    fresh = class_keys(games)
    assert fresh != first and min(len(k) for k in fresh) >= 16


# --- classroom --site beside the kernel mode: dry run, address, checks, stopping ------


def _snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under ``root``: its size and modification time."""
    return {
        str(p.relative_to(root)): (p.stat().st_size, p.stat().st_mtime_ns)
        for p in sorted(root.rglob("*"))
    }


def _site_dry_run(
    root: Path, capsys: pytest.CaptureFixture[str], *extra: str
) -> tuple[bool, str, str]:
    """``classroom --site --dry-run`` over ``root`` (its site, games file and cache):
    whether it left ``root`` as it was, and what it printed (out, err). The checker the
    tests below use."""
    from qttt_edu.__main__ import main as cli_main

    before = _snapshot(root)
    argv = ["classroom", "--site", str(root / "site"), "--file", str(root / "7b.sqlite3")]
    code = cli_main([*argv, "--dry-run", *extra])
    captured = capsys.readouterr()
    return code == 0 and _snapshot(root) == before, captured.out, captured.err


@pytest.fixture
def site_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A site, and the teacher's cache folder, under ``tmp_path`` (so a snapshot sees both)."""
    make_site(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("QTTT_LANG", "en")
    return tmp_path


def test_a_site_dry_run_writes_nothing_and_prints_what_a_start_would(
    site_root: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import segno

    from qttt_edu.classroom.site_server import class_keys

    untouched, out, _err = _site_dry_run(site_root, capsys, "--address", "10.9.8.7")
    assert untouched, "a dry run before the first lesson wrote a file"
    assert not (site_root / "7b.sqlite3.keys").exists()
    said = " ".join(out.split())
    assert f"Games would be kept in {site_root / '7b.sqlite3'}" in said
    assert f"made when the class starts and kept in {site_root / '7b.sqlite3.keys'}" in said
    assert "http://10.9.8.7:8866/qttt-join.html" in said
    # once the class has run, the dry run reads its keys and prints the real link
    class_key, secret = class_keys(site_root / "7b.sqlite3")
    untouched, out, _err = _site_dry_run(site_root, capsys, "--address", "10.9.8.7")
    assert untouched
    link = f"http://10.9.8.7:8866/qttt-join.html#class={class_key}"
    assert f"Students open (nothing to install, no kernel per student): {link}" in out
    assert secret in out and "Teacher's dashboard: http://10.9.8.7:8866/teacher" in out
    assert out.index(secret) < out.index(link)  # the teacher's lines before the QR code's
    assert "never show these lines to the class" in " ".join(out.split())
    qr = io.StringIO()
    segno.make(link, error="m").terminal(qr, compact=True)
    assert qr.getvalue() in out  # the QR code carries the printed address, exactly
    # a server only this computer reaches: no warning about the network's other devices
    untouched, out, err = _site_dry_run(site_root, capsys, "--host", "127.0.0.1")
    assert untouched and secret in out and "listens on this computer only" in err
    assert "any device" not in out


def test_the_dry_run_check_catches_a_planted_fault(
    site_root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import qttt_edu.classroom.site_server as site_server

    assert _site_dry_run(site_root, capsys)[0]
    read = site_server.read_class_keys

    def makes_keys(games: Path) -> tuple[str, str] | None:
        # the fault this test was written for: the dry run made the keys it printed
        keys = {"class_key": "k" * 22, "teacher_secret": "s" * 22}
        site_server.keys_file(games).write_text(json.dumps(keys), "utf-8")
        return read(games)

    monkeypatch.setattr(site_server, "read_class_keys", makes_keys)
    assert not _site_dry_run(site_root, capsys)[0]


def test_the_site_prints_the_outgoing_address_its_alternatives_and_warns_on_loopback(
    site_root: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu.classroom import network
    from qttt_edu.classroom.site_server import class_keys

    class_key, _secret = class_keys(site_root / "7b.sqlite3")
    join = f"/qttt-join.html#class={class_key}"
    monkeypatch.setattr(network, "lan_addresses", lambda: (None, []))
    _untouched, out, err = _site_dry_run(site_root, capsys)
    assert "no network address other devices can reach" in " ".join(err.split())
    assert f"http://127.0.0.1:8866{join}" in out
    monkeypatch.setattr(network, "lan_addresses", lambda: ("192.168.1.20", ["10.0.0.5"]))
    _untouched, out, err = _site_dry_run(site_root, capsys, "--port", "9000")
    assert f"student): http://192.168.1.20:9000{join}" in out
    assert f"another network of this computer: http://10.0.0.5:9000{join}" in out
    assert err == ""
    # --address wins over every network card; a --host the server listens on, next
    _untouched, out, _err = _site_dry_run(site_root, capsys, "--address", "qttt.school.example")
    assert f"http://qttt.school.example:8866{join}" in out and "10.0.0.5" not in out
    _untouched, out, _err = _site_dry_run(site_root, capsys, "--host", "192.168.1.21")
    assert f"http://192.168.1.21:8866{join}" in out


SITE_REFUSALS = [
    (("--token", "Ab-12345cd"), "da", "Start igen uden --token"),
    (("--token", "Ab-12345cd"), "fi", "ilman valitsinta --token"),
    (("--class", "K" * 80), "it", "al massimo 64 caratteri"),
    (("--token", "a&b c#d"), "nb", "kan ikke være klassens passord"),
]


@pytest.mark.parametrize(("argv", "lang", "says"), SITE_REFUSALS)
def test_the_site_refuses_a_password_or_class_it_cannot_use_and_changes_nothing(
    site_root: Path,
    capsys: pytest.CaptureFixture[str],
    argv: tuple[str, str],
    lang: str,
    says: str,
) -> None:
    from qttt_edu.__main__ import main as cli_main

    before = _snapshot(site_root)
    for extra in ([], ["--dry-run"]):
        site = ["classroom", "--site", str(site_root / "site"), "--lang", lang]
        code = cli_main([*site, "--file", str(site_root / "7b.sqlite3"), *argv, *extra])
        captured = capsys.readouterr()
        assert code == 2 and captured.out == "", captured
        assert says in " ".join(captured.err.split()), captured.err
        assert "Traceback" not in captured.err
    assert _snapshot(site_root) == before  # no keys, no games file, no compressed copies


def _start_site(root: Path, port: int) -> tuple[Any, Path]:
    import subprocess
    import sys
    import time

    env = {**os.environ, "XDG_CACHE_HOME": str(root / "cache"), "PYTHONUNBUFFERED": "1"}
    command = [sys.executable, "-m", "qttt_edu", "classroom", "--site", str(root / "site")]
    command += ["--host", "127.0.0.1", "--port", str(port), "--file", str(root / "g.sqlite3")]
    log = root / "classroom.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [*command, "--lang", "nb"], env=env, stdout=out, stderr=subprocess.STDOUT
        )
    deadline = time.monotonic() + 60
    while "Ctrl-C" not in log.read_text():
        assert process.poll() is None and time.monotonic() < deadline, log.read_text()
        time.sleep(0.2)
    return process, log


@pytest.mark.parametrize("signum", ["SIGTERM", "SIGHUP"])
def test_sigterm_stops_the_site_folds_the_log_and_leaves_no_temporary_file(
    tmp_path: Path, signum: str
) -> None:
    import signal

    make_site(tmp_path)
    port = free_port()
    process, log = _start_site(tmp_path, port)
    status, _refused = _call(port, "POST", "/rooms/api/v1/rooms", {"nickname": "Ada"})
    assert status == 403  # serving (a student without the class key is refused)
    assert (tmp_path / "g.sqlite3-wal").exists()  # the store is open, in WAL mode
    process.send_signal(getattr(signal, signum))
    assert process.wait(30) == 0, log.read_text()
    assert "Klassens server har stoppet" in log.read_text()
    # the write-ahead log is folded into the games file, and nothing of the run is left
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["cache", "classroom.log", "g.sqlite3", "g.sqlite3.keys", "site"], left
    assert not list((tmp_path / "cache").rglob("*.part"))
    with pytest.raises(OSError):
        _call(port, "GET", "/" + CONFIG_PATH)  # nothing listens any more
