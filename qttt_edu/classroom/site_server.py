"""The built static site, served precompressed from the classroom's own process.

``qttt-edu classroom --site FOLDER`` hands out a site built by
``python -m qttt_edu.site build FOLDER`` beside the rooms service, from one tornado
process: each student's browser runs the game itself, so the teacher's computer runs
no kernel per student, and the site plays shared games by link because the service
answers on the same address.

What the web server does beyond reading files:

* **precompressed files.** On start, every file that compresses well (the page, its
  scripts, ``pyodide.asm.wasm``, the lock file) gets a gzip copy, and a brotli copy
  when the ``brotli`` package is installed, in a cache folder beside the games file
  (the site folder is never written to; a copy that is up to date is kept, so a
  restart is quick). A browser that accepts the encoding gets the copy with
  ``Content-Encoding``; any other gets the file as it is. Nothing is compressed per
  request.
* **the right types.** ``.wasm`` is ``application/wasm`` (browsers compile it while it
  streams in only then), ``.mjs`` JavaScript, wheels ``application/zip``.
* **where the service is.** ``qttt-rooms.json`` at the site's root tells the page the
  rooms service's address (the site is built once, with no address in it; a site
  served without this file says that shared games need a server, as it always did),
  and ``qttt-rooms-client.js`` beside it is the browser's client of the service
  (``qttt_edu/site/templates/rooms-client.js``).

>>> pick_encoding("gzip, deflate, br", {"gzip", "br"})
'br'
>>> pick_encoding("gzip;q=0, identity", {"gzip"}) is None
True
>>> content_type("static/pyodide/pyodide.asm.wasm")
'application/wasm'
"""

from __future__ import annotations

import gzip
import hashlib
import html
import importlib
import json
import mimetypes
import os
import secrets
import socket
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tornado.httpserver
import tornado.netutil
import tornado.web

from ..i18n import get_language, t
from ..rooms.errors import RoomError, SchemaError, StoreUnavailableError
from ..rooms.service import Limits, RoomsService, RunningService, settle_collector, start_service
from .kept import keep, read_kept
from .light import LIGHT_PATH, LightPages, light_rules
from .login import ICON
from .network import (
    http_base,
    is_loopback,
    print_qr,
    print_student_links,
    student_addresses,
)
from .stopping import Stopped, run_until_stopped, stop_signals
from .teacher_page import PAGE_PATH, teacher_rules

__all__ = [
    "CLIENT_PATH",
    "CONFIG_PATH",
    "JOIN_PATH",
    "SERVICE_PREFIX",
    "SidecarTable",
    "SiteHandler",
    "SiteMissingError",
    "class_keys",
    "content_type",
    "listen_with",
    "pick_encoding",
    "precompress",
    "read_class_keys",
    "serve_site",
    "site_rules",
    "start_site",
    "student_link",
]

#: the file, at the site's root, that tells the page where the rooms service answers
CONFIG_PATH = "qttt-rooms.json"
#: the browser's client of the service (an ES module), served beside the config
CLIENT_PATH = "qttt-rooms-client.js"
TEMPLATES = Path(__file__).resolve().parent.parent / "site" / "templates"
CLIENT_SOURCE = TEMPLATES / "rooms-client.js"
#: where the students' link lands: it moves the keys of the link's fragment into the tab
#: (sessionStorage) and out of the address bar and history, then opens the site
#: (``joinSite`` in the rooms client)
JOIN_PATH = "qttt-join.html"
JOIN_SOURCE = TEMPLATES / "join.html"

#: kinds of file worth compressing (the others are images, fonts, wheels: already packed)
COMPRESSIBLE = frozenset(
    {
        ".html",
        ".js",
        ".mjs",
        ".css",
        ".json",
        ".wasm",
        ".svg",
        ".txt",
        ".map",
        ".ipynb",
        ".py",
        ".md",
        ".ttf",
        ".eot",
        ".zip",  # Pyodide's standard library is stored uncompressed inside its zip
    }
)
#: smaller files go out as they are: a copy would save less than its headers cost
MIN_SIZE = 1024
#: a copy is kept only if it is at most this fraction of the original
WORTH = 0.9
#: encodings in the order the server prefers them, when the browser accepts several
PREFERRED = ("br", "gzip")
SUFFIX = {"br": ".br", "gzip": ".gz"}

_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".json": "application/json",
    ".ipynb": "application/json",
    ".woff2": "font/woff2",
    ".woff": "font/woff",
    ".map": "application/json",
    ".data": "application/octet-stream",
}
#: pages and settings are checked on every visit (a rebuilt site shows at once)
_REVALIDATE = frozenset({".html", ".json"})


def content_type(path: str) -> str:
    """The Content-Type of a site file, by its name (the same on every operating system:
    the table above first, then Python's own, then plain bytes)."""
    suffix = os.path.splitext(path)[1].lower()
    if suffix in _TYPES:
        kind = _TYPES[suffix]
    else:
        kind = mimetypes.guess_type(path)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "image/svg+xml"):
        return f"{kind}; charset=utf-8"
    return kind


def pick_encoding(accept: str, available: Iterable[str]) -> str | None:
    """The encoding to send, given the browser's Accept-Encoding and the copies there are.

    Quality values are read (``gzip;q=0`` refuses gzip); among accepted encodings the
    server prefers brotli, which is smaller. ``None``: send the file as it is.
    """
    accepted: dict[str, float] = {}
    for part in accept.split(","):
        name, _, params = part.strip().partition(";")
        name = name.strip().lower()
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key.strip() == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name:
            accepted[name] = quality
    have = set(available)
    for encoding in PREFERRED:
        quality = accepted.get(encoding, accepted.get("*", 0.0))
        if encoding in have and quality > 0:
            return encoding
    return None


def _brotli() -> Any:
    try:  # optional (the classroom extra): smaller than gzip, and browsers take it
        return importlib.import_module("brotli")
    except ImportError:
        return None


@dataclass
class SidecarTable:
    """Which compressed copies exist, per site file (its path relative to the site)."""

    cache: Path
    copies: dict[str, dict[str, Path]] = field(default_factory=dict)
    made: int = 0  #: copies made by this run (0 when the cache was up to date)
    seconds: float = 0.0

    @classmethod
    def empty(cls) -> SidecarTable:
        return cls(Path(os.devnull))

    def available(self, rel: str) -> dict[str, Path]:
        return self.copies.get(rel, {})


def _fingerprint(path: Path) -> str:
    stat = path.stat()
    return f"{stat.st_size}:{stat.st_mtime_ns}"


def precompress(
    site: Path, cache: Path, *, log: Callable[[str], None] | None = None
) -> SidecarTable:
    """Write the compressed copies of ``site``'s files into ``cache``; return the table.

    A copy whose source has not changed (same size and time) since the last run is kept;
    a file that does not shrink to ``WORTH`` of its size gets no copy (the manifest
    remembers that too, so it is not tried again).
    """
    site = site.resolve()
    cache.mkdir(parents=True, exist_ok=True)
    manifest_path = cache / "manifest.json"
    old = _last_manifest(manifest_path, site)
    brotli = _brotli()
    encodings = ("gzip", "br") if brotli is not None else ("gzip",)
    files: dict[str, Any] = {}
    table = SidecarTable(cache)
    started = time.monotonic()
    made = 0
    for path in sorted(site.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in COMPRESSIBLE:
            continue
        if path.stat().st_size < MIN_SIZE:
            continue
        rel = path.relative_to(site).as_posix()
        digest = hashlib.sha256(rel.encode()).hexdigest()[:24]
        before = old["files"].get(rel, {})
        entry, packed = _file_copies(path, cache / digest, before, encodings, brotli)
        made += packed
        files[rel] = entry
        table.copies[rel] = {
            encoding: cache / f"{digest}{SUFFIX[encoding]}"
            for encoding, state in entry["copies"].items()
            if state == "yes"
        }
    manifest = {"site": str(site), "files": files}
    part = manifest_path.with_name("manifest.json.part")
    part.write_text(json.dumps(manifest, indent=0, sort_keys=True), "utf-8")
    part.replace(manifest_path)
    table.made, table.seconds = made, time.monotonic() - started
    if log is not None:
        log(f"{made} compressed copies made in {table.seconds:.1f} s ({cache})")
    return table


def _last_manifest(manifest_path: Path, site: Path) -> dict[str, Any]:
    """The last run's manifest, or an empty one if it is missing, unreadable or of another
    site."""
    try:
        old = json.loads(manifest_path.read_text("utf-8"))
    except (OSError, ValueError):
        old = {}
    if not isinstance(old, dict) or old.get("site") != str(site):
        old = {"site": str(site), "files": {}}
    return old


def _file_copies(
    path: Path, stem: Path, before: dict[str, Any], encodings: tuple[str, ...], brotli: Any
) -> tuple[dict[str, Any], int]:
    """One file's manifest entry, its copies written beside ``stem`` (kept from the last run
    when ``before``, the last entry, still holds), and how many copies were packed anew."""
    size = path.stat().st_size
    fingerprint = _fingerprint(path)
    entry: dict[str, Any] = {"fingerprint": fingerprint, "copies": {}}
    data: bytes | None = None
    made = 0
    for encoding in encodings:
        target = stem.with_name(f"{stem.name}{SUFFIX[encoding]}")
        known = before.get("copies", {}).get(encoding, "missing")
        unchanged = before.get("fingerprint") == fingerprint
        if unchanged and (known == "none" or (known == "yes" and target.is_file())):
            entry["copies"][encoding] = known
            continue
        if data is None:
            data = path.read_bytes()
        if encoding == "gzip":
            packed = gzip.compress(data, compresslevel=9, mtime=0)
        else:
            # 11 packs tightest but slowly: big files (the wasm) take 9, nearly as small
            packed = brotli.compress(data, quality=11 if size < 512_000 else 9)
        made += 1
        if len(packed) > WORTH * len(data):
            entry["copies"][encoding] = "none"
            target.unlink(missing_ok=True)
            continue
        part = target.with_name(target.name + ".part")
        try:
            part.write_bytes(packed)
            part.replace(target)
        except BaseException:  # Ctrl-C or SIGTERM mid-copy: no half copy is left behind
            part.unlink(missing_ok=True)
            raise
        entry["copies"][encoding] = "yes"
    return entry, made


class SiteHandler(tornado.web.StaticFileHandler):
    """Site files, with a precompressed copy when the browser accepts one."""

    def initialize(  # type: ignore[override]
        self, path: str, sidecars: SidecarTable, default_filename: str = "index.html"
    ) -> None:
        super().initialize(path, default_filename)
        self.sidecars = sidecars
        self.original: str = ""

    def validate_absolute_path(self, root: str, absolute_path: str) -> str | None:
        checked = super().validate_absolute_path(root, absolute_path)
        if checked is None:
            return None
        self.original = checked
        rel = os.path.relpath(checked, root).replace(os.sep, "/")
        copies = self.sidecars.available(rel)
        self.set_header("Vary", "Accept-Encoding")
        encoding = pick_encoding(self.request.headers.get("Accept-Encoding", ""), copies)
        if encoding is None:
            return checked
        self.set_header("Content-Encoding", encoding)
        copy = str(copies[encoding])
        self._stat_result = os.stat(copy)  # the size and time sent are the copy's
        return copy

    def get_content_type(self) -> str:
        return content_type(self.original or self.absolute_path or "")

    def set_extra_headers(self, path: str) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        if os.path.splitext(self.original)[1].lower() in _REVALIDATE:
            self.set_header("Cache-Control", "no-cache")


class ConfigHandler(tornado.web.RequestHandler):
    """``qttt-rooms.json``: the rooms service's address, as the page should call it."""

    def initialize(self, config: dict[str, Any]) -> None:
        self.config = config

    def get(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(json.dumps(self.config))


class ClientHandler(tornado.web.RequestHandler):
    """``qttt-rooms-client.js``: the browser's client of the rooms service."""

    def get(self) -> None:
        self.set_header("Content-Type", "text/javascript; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.finish(CLIENT_SOURCE.read_bytes())


class JoinHandler(tornado.web.RequestHandler):
    """``qttt-join.html``: the students' link lands here (``JOIN_SOURCE``), and moves on to
    ``app``: the site's own app (``./``), or the light app of ``classroom --site``."""

    def initialize(self, app: str = "./") -> None:
        self.app = app

    def get(self) -> None:
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.set_header("Cache-Control", "no-cache")
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        page = JOIN_SOURCE.read_text("utf-8")
        page = page.replace("QTTT_LANG", get_language()).replace("QTTT_APP", self.app)
        page = page.replace("QTTT_ICON", ICON)
        self.finish(page.replace("QTTT_NOSCRIPT", html.escape(t("class_site_join_noscript"))))


def site_rules(
    site: Path | None,
    sidecars: SidecarTable,
    *,
    prefix: str = "/",
    service: str | None = None,
    extra: Sequence[tuple[str, Any]] = (),
    app: str = "./",
) -> list[Any]:
    """Tornado rules that serve ``site`` at ``prefix`` (``None``: no site, only the join
    page, which leads to ``app``, and the address alone leads there too).

    ``service`` is the rooms service's address as the page should use it (a path on
    this server such as ``"/rooms/"``, or a whole URL); ``None`` serves no
    ``qttt-rooms.json``, and the page says shared games need a server. ``extra`` holds
    more ``(key, value)`` pairs for the config file; ``app`` is where the join page leads
    (a path below ``prefix``).
    """
    prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
    rules: list[Any] = []
    if service is not None:
        config = {"service": service, **dict(extra)}
        rules.append((f"{prefix}{CONFIG_PATH}", ConfigHandler, {"config": config}))
        rules.append((f"{prefix}{CLIENT_PATH}", ClientHandler))
        rules.append((f"{prefix}{JOIN_PATH}", JoinHandler, {"app": app}))
    if site is None:  # the light app alone: the address itself opens it
        rules.append((prefix, tornado.web.RedirectHandler, {"url": f"{prefix}{app}"}))
        return rules
    rules.append(
        (
            f"{prefix}(.*)",
            SiteHandler,
            {"path": str(site.resolve()), "sidecars": sidecars},
        )
    )
    return rules


# --- classroom --site: the site and the rooms service from one process ---------------

#: where the rooms service answers below the site (the page reads it from CONFIG_PATH)
SERVICE_PREFIX = "/rooms/"


def check_site(site: Path) -> Path:
    """``site`` if it holds a built site, else :class:`SiteMissingError` saying what to do."""
    site = site.expanduser().resolve()
    if not (site / "index.html").is_file() or not (site / "voici" / "render").is_dir():
        raise SiteMissingError(t("class_site_missing", folder=str(site)))
    return site


class SiteMissingError(ValueError):
    """The folder given to ``--site`` holds no built site (the message says how to build)."""


def cache_folder(site: Path) -> Path:
    """The compressed copies' folder for ``site``: the user's cache, one folder per site."""
    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    digest = hashlib.sha256(str(site.resolve()).encode()).hexdigest()[:16]
    return base / "qttt-edu" / f"site-{digest}"


def listen_with(
    service: RoomsService,
    app: tornado.web.Application,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    sockets: list[socket.socket] | None = None,
    per_address: int | None = None,
) -> tuple[tornado.httpserver.HTTPServer, int]:
    """Serve ``app`` (the service's routes and more) for ``service`` on ``host:port``, or
    on ``sockets`` already bound (the caller then knew the port was free first);
    ``per_address``: connections one address may hold (``None``: the service's limit).

    ``service.listen`` starts the service's timers (presence, PostgreSQL's wake-ups) with
    a server of its own; that server stops at once, and ``app``'s takes its place (so
    ``service.close()`` stops it).
    """
    service.listen("127.0.0.1", 0)
    if service.server is not None:
        service.server.stop()
    if sockets is None:
        sockets = tornado.netutil.bind_sockets(port, host)
    server = service.http_server(app, per_address=per_address)
    server.add_sockets(sockets)
    service.server = server
    return server, int(sockets[0].getsockname()[1])


def start_site(
    site: Path | None,
    store_url: str,
    *,
    class_name: str,
    class_key: str,
    teacher_secret: str,
    sockets: list[socket.socket],
    cache: Path | None = None,
    limits: Limits | None = None,
    log: Callable[[str], None] | None = None,
    pages_per_address: int = 0,
    join_link: str | None = None,
) -> RunningService:
    """Make the compressed copies (here, before anything serves), then start the rooms
    service on a thread of its own, serving the site beside it on ``sockets`` (``None``:
    no site, ``classroom --light``), and the light app (``light/``, where the students'
    link leads; ``pages_per_address`` pages at most from one address, 0 for no limit);
    ``join_link``: the students' link, which the teacher's page shows for the projector."""
    table = SidecarTable.empty()
    if site is not None:
        site = check_site(site)
        folder = cache or cache_folder(site)
        if log is not None:
            log(t("class_site_compressing", folder=str(folder)))
        table = precompress(site, folder)
        if log is not None and table.made:
            log(t("class_site_compressed", count=table.made, seconds=f"{table.seconds:.0f}"))

    def serve(service: RoomsService) -> None:
        app = service.application()
        lang = get_language()
        pages = LightPages(own_url(sockets) + SERVICE_PREFIX, per_address=pages_per_address)
        app.wildcard_router.add_rules(teacher_rules(service, class_name, lang, pages, join_link))
        app.wildcard_router.add_rules(light_rules(pages, lang, site_app=site is not None))
        rules = site_rules(site, table, service=SERVICE_PREFIX, app=LIGHT_PATH)
        app.wildcard_router.add_rules(rules)
        listen_with(service, app, sockets=sockets)

    running = start_service(
        store_url,
        classes={class_name: class_key},
        teacher_secret=teacher_secret,
        base_url=SERVICE_PREFIX,
        limits=limits,
        serve=serve,
    )
    settle_collector()
    return running


def own_url(sockets: Sequence[socket.socket]) -> str:
    """The address this process reaches its own server at (``http://host:port``, no
    slash): the first socket's, the loopback where it listens on every address.

    >>> import socket as s
    >>> sock = s.socket(); sock.bind(("0.0.0.0", 0))
    >>> own_url([sock]) == f"http://127.0.0.1:{sock.getsockname()[1]}"
    True
    >>> sock.close()
    """
    host, port = sockets[0].getsockname()[:2]
    loopback = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}
    return http_base(loopback.get(host, host), port)


def student_link(base: str, class_key: str, lang: str | None = None) -> str:
    """The students' link: the join page, with the class key in the fragment (which no
    server ever sees; the page moves it into the tab and out of the address bar).

    >>> student_link("http://10.0.0.5:8866", "k" * 22, "da")
    'http://10.0.0.5:8866/qttt-join.html?lang=da#class=kkkkkkkkkkkkkkkkkkkkkk'
    """
    query = f"?lang={lang}" if lang else ""
    return f"{base.rstrip('/')}/{JOIN_PATH}{query}#class={class_key}"


def keys_file(games: Path) -> Path:
    """Where the class key and the teacher secret of a games file are kept."""
    return games.with_name(games.name + ".keys")


KEY_NAMES = ("class_key", "teacher_secret")


def _long_enough(value: str) -> bool:
    return len(value) >= 16


def read_class_keys(games: Path) -> tuple[str, str] | None:
    """The class key and the teacher secret kept beside ``games``, or ``None`` when there
    are none yet (or the file is unreadable). Reads only: a dry run uses this."""
    kept = read_kept(keys_file(games), KEY_NAMES, _long_enough)
    return None if kept is None else (kept[0], kept[1])


def class_keys(games: Path) -> tuple[str, str]:
    """The class key and the teacher secret of a games file: made once, kept beside it.

    A restart of the server mid-lesson then keeps every student's link and open page
    working. The file (``<games file>.keys``) is readable by the teacher's user only;
    delete it for new keys.
    """
    class_key, secret = keep(
        keys_file(games),
        KEY_NAMES,
        lambda: (secrets.token_urlsafe(16), secrets.token_urlsafe(18)),
        _long_enough,
    )
    return class_key, secret


def _announce(
    args: Any, keys: tuple[str, str], addresses: tuple[str, list[str]] | None = None
) -> None:
    """The teacher's secret, then the students' link on each of the computer's networks
    and the QR code of the first link: what the kernel mode prints, for the site."""
    class_key, teacher_secret = keys

    def link(base: str) -> str:
        return student_link(base, class_key, args.lang)

    # the teacher's lines first: the link and its QR code below them can be shown alone
    if addresses is None:
        addresses = student_addresses(args.address, args.host)
    print(t("class_teacher", url=f"{http_base(addresses[0], args.port)}{PAGE_PATH}"))
    print(t("class_teacher_key", key=teacher_secret))
    if not is_loopback(args.host):  # no other device reaches it: nothing to warn of
        print(t("class_site_teacher"))
    print()
    base = print_student_links("class_site_students", link, addresses, args.port)
    print_qr(link(base))


def _dry_run(args: Any, path: Path) -> int:
    """What a real start would print, writing nothing: the keys if the games file has
    them already, else where they will be made."""
    print(t("class_games_file_dry", file=str(path)))
    keys = read_class_keys(path)
    if keys is not None:
        _announce(args, keys)
        return 0
    address, _others = student_addresses(args.address, args.host)
    url = f"{http_base(address, args.port)}/{JOIN_PATH}"
    print(t("class_site_keys_later", file=str(keys_file(path)), url=url))
    return 0


def _refusal(args: Any, path: Path) -> str | None:
    """Why the site mode cannot start with ``args`` (a message), checked before anything
    is written, or ``None``."""
    if args.token is not None:  # the kernel mode's class password: the site's is in the link
        return t("class_site_token", file=str(keys_file(path)))
    if args.site is None:  # --light: no site to check
        return None
    try:
        check_site(Path(args.site))
    except SiteMissingError as err:
        return str(err)
    return None


def serve_site(args: Any) -> int:
    """``qttt-edu classroom --site FOLDER`` (or ``--light``, without the site): run until
    Ctrl-C, SIGTERM or SIGHUP; the exit status (2, with why, when it cannot start)."""
    path = Path(args.file).expanduser().resolve()
    refused = _refusal(args, path)
    if refused is not None:
        print(refused, file=sys.stderr)
        return 2
    if args.dry_run:
        return _dry_run(args, path)
    try:  # the port first: a taken port changes nothing, not even the keys file
        sockets = tornado.netutil.bind_sockets(args.port, args.host)
    except OSError as err:  # the address cannot be had (taken, not this computer's)
        where = f"{args.host}:{args.port}"
        print(t("class_site_port", where=where, reason=err.strerror or err), file=sys.stderr)
        return 2
    try:
        return _serve_on(args, path, sockets)
    finally:
        for sock in sockets:
            sock.close()


def _serve_on(args: Any, path: Path, sockets: list[socket.socket]) -> int:
    try:
        keys = class_keys(path)
    except OSError as err:
        print(t("class_store_error", file=str(path), reason=err), file=sys.stderr)
        return 2
    print(t("class_games_file_site", file=str(path)))
    addresses = student_addresses(args.address, args.host)  # its warnings first
    join_link = student_link(http_base(addresses[0], args.port), keys[0], args.lang)
    try:
        with stop_signals():  # the first start compresses for a minute: stoppable too
            running = start_site(
                None if args.site is None else Path(args.site),
                f"sqlite:///{path}",
                class_name=args.class_name,
                class_key=keys[0],
                teacher_secret=keys[1],
                sockets=sockets,
                log=lambda line: print(line, flush=True),
                pages_per_address=args.kernels_per_address,
                join_link=join_link,
            )
    except (KeyboardInterrupt, Stopped):
        print(t("class_site_stopped"), flush=True)
        return 0
    except (SchemaError, StoreUnavailableError, RoomError) as err:  # in the store's words
        print(t("class_store_error", file=str(path), reason=err), file=sys.stderr)
        return 2
    # the link only once it serves: a student who scans it during the first start's
    # compression would wait on a page that does not answer
    _announce(args, keys, addresses)
    print(t("class_site_ready"), flush=True)

    def wait() -> int:
        while running.alive():
            time.sleep(0.5)
        return 1  # the service's thread ended by itself: it broke

    return run_until_stopped(wait, running.stop, "class_site_stopped")
