"""``qttt-edu classroom``: one command on the teacher's computer serves the class.

It starts two Voilà servers: the students' one, on the room's network, serves the game
app behind the class password (the token); the teacher's one, on this computer only
(127.0.0.1), serves the dashboard behind a second password students never see. Both
get a complete ``voila.json`` in a folder of their own (so no settings file of the
folder the teacher starts from changes them), the kit's ``qttt`` template (a loading
page with progress that says what to do after a minute) and its login page. Kernels
of closed or reloaded pages are ended; a page that is open is never culled. It keeps
the games in a SQLite file it names, and prints the address other devices can open
(and a QR code when ``segno`` is installed). Ctrl-C or SIGTERM stops both servers and
their kernels, and removes the temporary folder.

    qttt-edu classroom                         # ./qttt-classroom.sqlite3, port 8866
    qttt-edu classroom --file 7b.sqlite3 --class 7B --port 8900
    qttt-edu classroom --dry-run               # print what would run, start and write nothing
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import secrets
import shutil
import socket
import string
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast
from urllib.parse import quote

from ..cli import Parser, exit_status, speaking
from ..core import cut
from ..environment import on_binder
from ..i18n import LANGUAGES, get_language, t
from ..rooms import RoomStore
from ..rooms.codes import CODE_ALPHABET, check_class_name
from ..rooms.errors import RoomError
from . import network
from .kept import keep, read_kept
from .server_log import relay
from .stopping import run_until_stopped

__all__ = ["build_command", "main"]

# The class's language first: a page whose address names another (?lang=) still gets that.
APP_SOURCE = """\
from qttt_edu.i18n import set_language
from qttt_edu.widgets import play

set_language({lang!r})
app = play(class_name={class_name!r})
"""
DASHBOARD_SOURCE = """\
from qttt_edu.classroom.dashboard import page_dashboard
from qttt_edu.i18n import set_language

set_language({lang!r})
page_dashboard(class_name={class_name!r})
"""


def class_token() -> str:
    """A class token students can type: ten characters from the room-code alphabet
    (about 50 bits; the server also refuses to be guessed at quickly by its login page)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


class _NotebookV4(Protocol):
    """The part of ``nbformat.v4`` used here (nbformat has no type information)."""

    def new_notebook(self) -> Any: ...
    def new_code_cell(self, source: str) -> Any: ...


def _write_notebook(path: Path, source: str) -> None:
    import nbformat

    v4 = cast(_NotebookV4, nbformat.v4)
    write = cast(Callable[[Any, Path], None], nbformat.write)
    notebook = v4.new_notebook()
    notebook.cells = [v4.new_code_cell(source)]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    write(notebook, path)


def write_notebooks(
    folder: Path, class_name: str, *, dashboard: bool = True, lang: str = "en"
) -> None:
    """The pages a server shows: the app, and (``dashboard``) the teacher's dashboard,
    in the class's language ``lang``."""
    _write_notebook(folder / "app.ipynb", APP_SOURCE.format(class_name=class_name, lang=lang))
    if dashboard:
        source = DASHBOARD_SOURCE.format(class_name=class_name or None, lang=lang)
        _write_notebook(folder / "dashboard.ipynb", source)


# nbclient waits this long for a cell's output once the cell has run; past it, Voila
# finishes the page without the app, which then waits on the loading page for ever.
# Voila's own 4 s threw away the app of 3 pages in 10 when a class opened the link
# together (the kernels were slow to answer, not dead). 30 s was enough for the first
# opens but not for thirty reloads within 20 s (thirty kernels starting while the old
# ones end): 10 of 30 reloaded pages lost their app that way (benchmarks/bench_classroom.py).
IOPUB_TIMEOUT = 120
# A kernel without an open page is stopped after this many idle seconds: a safety net
# for devices that vanish without closing the page (a closed or reloaded page ends its
# kernel itself). A page that is open is never culled (cull_connected off). Not less:
# on a laptop starved by thirty pages opening at once, a page's widgets took more than
# 5 minutes to connect, and a 300 s cull stopped their kernels first.
CULL_IDLE = 600
LOGIN_PROVIDER = "qttt_edu.classroom.login.KitIdentityProvider"
#: the dashboard's server: its login page asks for the teacher's password, not the class's
TEACHER_LOGIN_PROVIDER = "qttt_edu.classroom.login.TeacherIdentityProvider"
KERNEL_MANAGER = "qttt_edu.classroom.limits.ClassKernelManager"
# Live kernels one client address may hold on the students' server: a student with
# the app, a second game and the guide in tabs stays under it; F5 held down or a
# script does not. A class behind one NAT address needs more (--kernels-per-address).
DEFAULT_PER_ADDRESS = 4
# The only front-end extensions a page loads: the widgets (ipywidgets' manager, Voilà's own
# for ipywidgets 8) and anywidget, which draws the board. Without the list, a page loads
# every extension installed beside Voilà (here also the Pyodide kernel's, Notebook 7's and
# Pygments': 12 more requests and their scripts on each student's laptop).
EXTENSIONS = [
    "@jupyter-widgets/jupyterlab-manager",
    "@voila-dashboards/widgets-manager8",
    "anywidget",
]


def voila_config(
    token: str,
    cull: int = CULL_IDLE,
    *,
    template: str = "qttt",
    login: bool = True,
    per_address: int = 0,
    teacher: bool = False,
) -> dict[str, dict[str, Any]]:
    """Every Voila setting the classroom's servers use, as a ``voila.json`` holds them.

    No kernel pool: on a 2-core laptop a preheated kernel made the first page slower
    and each kernel heavier (see lessons/classroom.md for the figures). ``per_address``
    above 0 limits the live kernels of each client address (:mod:`.limits`).
    ``teacher``: the dashboard's server, whose login page asks for the teacher's password.
    """
    config: dict[str, dict[str, Any]] = {
        "Voila": {"token": token, "open_browser": False, "port_retries": 0},
        "VoilaConfiguration": {
            "template": template,
            "show_tracebacks": False,
            "preheat_kernel": False,
            "extension_allowlist": list(EXTENSIONS),
        },
        "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
        "MappingKernelManager": {
            "cull_idle_timeout": cull,
            "cull_interval": max(10, min(60, cull // 4)) if cull else 60,
            "cull_connected": False,
            "cull_busy": False,
        },
    }
    if per_address > 0:
        config["VoilaConfiguration"]["multi_kernel_manager_class"] = KERNEL_MANAGER
        config["ClassKernelManager"] = {"kernels_per_address": per_address}
    if login:
        provider = TEACHER_LOGIN_PROVIDER if teacher else LOGIN_PROVIDER
        config["Voila"]["identity_provider_class"] = provider
        config["PasswordIdentityProvider"] = {"allow_password_change": False}
    return config


def _flags(section: str, key: str, value: Any) -> list[str]:
    """A setting as command-line flags: a list gives one flag per item (as traitlets reads
    them), a dictionary none (it stays in the folder's ``voila.json``)."""
    if isinstance(value, dict):
        return []
    items = value if isinstance(value, list) else [value]
    return [f"--{section}.{key}={item}" for item in items]


def build_command(
    folder: Path,
    host: str,
    port: int,
    token: str,
    cull: int,
    *,
    config: dict[str, dict[str, Any]] | None = None,
) -> list[str]:
    """The Voilà command line serving ``folder``: every setting of :func:`voila_config`
    as a flag too, so the server behaves the same whatever folder it starts in."""
    settings = config if config is not None else voila_config(token, cull)
    flags = [
        flag
        for section, values in settings.items()
        for key, value in values.items()
        for flag in _flags(section, key, value)
    ]
    return [
        sys.executable,
        "-m",
        "qttt_edu.classroom.voila_server",  # Voilà, with compressed answers
        str(folder),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        f"--token={token}",
        *[flag for flag in flags if not flag.startswith("--Voila.token=")],
    ]


def template_source() -> Path | None:
    """The kit's ``qttt`` Voilà template: beside the package (a checkout) or installed."""
    here = Path(__file__).resolve().parents[2] / "share" / "jupyter" / "voila" / "templates"
    candidates = [here / "qttt"]
    try:
        from jupyter_core.paths import jupyter_path

        candidates += [Path(p) / "qttt" for p in jupyter_path("voila", "templates")]
    except ImportError:  # pragma: no cover - comes with Voila
        pass
    return next((c for c in candidates if (c / "conf.json").is_file()), None)


def prepare_server(
    folder: Path, config: dict[str, dict[str, Any]], notebooks: dict[str, str]
) -> None:
    """A server's own folder: its notebooks, its complete ``voila.json``, the template."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, source in notebooks.items():
        _write_notebook(folder / name, source)
    (folder / "voila.json").write_text(json.dumps(config, indent=2), "utf-8")


def free_port(host: str = "127.0.0.1") -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def port_is_free(host: str, port: int) -> bool:
    """Can a server listen on ``port``? Probed as tornado binds (``SO_REUSEADDR``), so a
    connection of the last run that is still closing does not count as a user."""
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


def _whole_number(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, else a message saying so."""

    def read(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            value = None
        if value is None or not low <= value <= high:
            raise argparse.ArgumentTypeError(
                t("class_bad_number", low=low, high=high, value=cut(repr(text), 60))
            )
        return value

    return read


def _class_name(text: str) -> str:
    """An argparse type: a class name the rooms service takes (its own check), else why not."""
    try:
        return check_class_name(text)
    except RoomError as err:
        raise argparse.ArgumentTypeError(
            t("class_class_bad", value=cut(repr(text), 60), reason=err)
        ) from None


# The class password: long enough that the login page (a second's wait after each wrong
# guess) holds for a lesson and far beyond, and only characters every keyboard has.
TOKEN_MIN, TOKEN_MAX = 8, 64
_TOKEN_CHARS = frozenset(string.ascii_letters + string.digits + "-")


def _token(text: str) -> str:
    """An argparse type: a class password students can type, else a message saying what is."""
    if not TOKEN_MIN <= len(text) <= TOKEN_MAX or not _TOKEN_CHARS.issuperset(text):
        raise argparse.ArgumentTypeError(
            t(
                "class_token_bad",
                value=cut(repr(text), 60),
                minimum=TOKEN_MIN,
                maximum=TOKEN_MAX,
            )
        )
    return text


def _parser(prog: str) -> Parser:
    parser = Parser(prog=prog, description=t("class_description"))
    _where_arguments(parser)
    _class_arguments(parser)
    languages = sorted(LANGUAGES)
    parser.add_argument(
        "--lang",
        choices=languages,
        default=None,
        help=t("cli_lang_help", languages=", ".join(languages)),
    )
    parser.add_argument(
        "--site", default=None, metavar=t("class_site_metavar"), help=t("class_site_help")
    )
    parser.add_argument("--light", action="store_true", help=t("class_light_help"))
    parser.add_argument("--dry-run", action="store_true", help=t("class_dry_help"))
    return parser


def _where_arguments(parser: Parser) -> None:
    """Where the games are kept and where the servers listen."""
    parser.add_argument(
        "--file",
        default="qttt-classroom.sqlite3",
        metavar=t("class_file_metavar"),
        help=t("class_file_help"),
    )
    parser.add_argument(
        "--host", default="0.0.0.0", metavar=t("class_host_metavar"), help=t("class_host_help")
    )
    parser.add_argument(
        "--port",
        type=_whole_number(1, 65535),
        default=8866,
        metavar=t("class_port_metavar"),
        help=t("class_port_help", default=8866),
    )
    parser.add_argument(
        "--address", default=None, metavar=t("class_host_metavar"), help=t("class_address_help")
    )
    parser.add_argument(
        "--teacher-port",
        type=_whole_number(0, 65535),
        default=0,
        metavar=t("class_port_metavar"),
        help=t("class_teacher_port_help"),
    )


def _class_arguments(parser: Parser) -> None:
    """The class: its name, its password, and how its kernels are kept in check."""
    parser.add_argument(
        "--class",
        dest="class_name",
        type=_class_name,
        default="",
        metavar=t("class_class_metavar"),
        help=t("class_class_help"),
    )
    parser.add_argument(
        "--token",
        type=_token,
        default=None,
        metavar=t("class_token_metavar"),
        help=t("class_token_help", minimum=TOKEN_MIN),
    )
    parser.add_argument(
        "--cull-idle",
        type=_whole_number(0, 7 * 24 * 3600),
        default=CULL_IDLE,
        metavar=t("class_seconds_metavar"),
        help=t("class_cull_help"),
    )
    parser.add_argument(
        "--kernels-per-address",
        type=_whole_number(0, 10_000),
        default=DEFAULT_PER_ADDRESS,
        metavar=t("class_kernels_metavar"),
        help=t("class_limit_help"),
    )


def main(argv: list[str] | None = None, prog: str = "qttt-edu classroom") -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in):
        try:
            args = _parser(prog).parse_args(args_in)
        except SystemExit as stop:  # --help, or a usage error already printed
            return exit_status(stop)
        return _serve(args)


def student_url(base: str, token: str, lang: str | None = None) -> str:
    """The address students open: the app, with the class password in its query (encoded)
    and the class's language (which the loading page speaks before the app is there).

    >>> student_url("http://10.0.0.2:8866", "a&b c", "da")
    'http://10.0.0.2:8866/voila/render/app.ipynb?token=a%26b%20c&lang=da'
    """
    query = f"&lang={lang}" if lang else ""
    return f"{base}/voila/render/app.ipynb?token={quote(token, safe='')}{query}"


@dataclass
class _Plan:
    """What the command serves: the class password, the dashboard's own, the servers'
    folders and settings. Building it writes nothing."""

    root: Path
    token: str
    teacher_key: str
    teacher_port: int
    student_config: dict[str, dict[str, Any]]
    teacher_config: dict[str, dict[str, Any]]

    @property
    def students(self) -> Path:
        return self.root / "students"

    @property
    def teacher(self) -> Path:
        return self.root / "teacher"

    @property
    def share(self) -> Path:
        return self.root / "share" / "jupyter"


PASSWORD_NAMES = ("class_password", "teacher_password")


def passwords_file(games: Path) -> Path:
    """Where the class password and the dashboard's of a games file are kept."""
    return games.with_name(games.name + ".passwords")


def _two_passwords() -> tuple[str, str]:
    token, teacher_key = class_token(), class_token()
    while teacher_key == token:  # pragma: no cover - one chance in 10**15
        teacher_key = class_token()
    return token, teacher_key


def class_passwords(games: Path, *, make: bool = True) -> tuple[str, str]:
    """The class password and the dashboard's password of a games file: made once and
    kept beside it (``<games file>.passwords``, readable by the teacher's user only), so a
    restart mid-lesson keeps every student's login, link and QR code. With ``make``
    false (a dry run) nothing is written: the kept ones, else new ones."""
    path = passwords_file(games)
    if make:
        kept = keep(path, PASSWORD_NAMES, _two_passwords, _is_password)
    else:
        kept = read_kept(path, PASSWORD_NAMES, _is_password) or _two_passwords()
    return kept[0], kept[1]


def _is_password(value: str) -> bool:
    """Would ``--token`` take ``value``? (A kept file edited by hand may hold anything.)"""
    return TOKEN_MIN <= len(value) <= TOKEN_MAX and _TOKEN_CHARS.issuperset(value)


def _plan(args: argparse.Namespace, root: Path, passwords: tuple[str, str]) -> _Plan:
    token, teacher_key = passwords
    if args.token:  # the teacher's own class password (the dashboard keeps its own)
        token = args.token
    if teacher_key == token:
        teacher_key = next(key for key in iter(class_token, "") if key != token)
    teacher_port = args.teacher_port or args.port + 1
    if teacher_port == args.port or not port_is_free("127.0.0.1", teacher_port):
        teacher_port = free_port()  # only the default (the students' port + 1) moves
    return _Plan(
        root,
        token,
        teacher_key,
        teacher_port,
        voila_config(token, args.cull_idle, per_address=args.kernels_per_address),
        voila_config(teacher_key, args.cull_idle, teacher=True),
    )


def _commands(args: argparse.Namespace, plan: _Plan) -> list[list[str]]:
    """The students' server's command line, then the teacher's."""
    return [
        build_command(
            plan.students,
            args.host,
            args.port,
            plan.token,
            args.cull_idle,
            config=plan.student_config,
        ),
        build_command(
            plan.teacher,
            "127.0.0.1",
            plan.teacher_port,
            plan.teacher_key,
            args.cull_idle,
            config=plan.teacher_config,
        ),
    ]


def _print_addresses(args: argparse.Namespace, plan: _Plan) -> str:
    """The teacher's lines first (the dashboard's address and its password), then the
    students' block: their address, the class password and the QR code, which a teacher
    may show the class without the teacher's lines beside it."""
    teacher_url = (
        f"http://127.0.0.1:{plan.teacher_port}/voila/render/dashboard.ipynb"
        f"?token={quote(plan.teacher_key, safe='')}" + (f"&lang={args.lang}" if args.lang else "")
    )
    addresses = network.student_addresses(args.address, args.host)  # its warnings first
    print(t("class_teacher", url=teacher_url))
    print(t("class_teacher_key", key=plan.teacher_key))
    print(t("class_teacher_only"))
    print()
    link = functools.partial(student_url, token=plan.token, lang=args.lang)
    base = network.print_student_links("class_students", link, addresses, args.port)
    print(t("class_token", token=plan.token))
    network.print_qr(link(base))
    return link(base)


def _serve(args: argparse.Namespace) -> int:
    if on_binder():
        print(t("class_binder"), file=sys.stderr)
        return 2
    if args.site is not None or args.light:  # the light app and the service, no kernels
        from .site_server import serve_site

        return serve_site(args)
    path = Path(args.file).expanduser().resolve()
    busy = args.teacher_port and (
        args.teacher_port == args.port or not port_is_free("127.0.0.1", args.teacher_port)
    )
    if busy:  # the teacher asked for this port: another would leave their tab on a dead one
        print(t("class_teacher_port_busy", port=args.teacher_port), file=sys.stderr)
        return 2
    if args.dry_run:  # what would run: no games file, no purge, no folder, no server
        folder = Path(tempfile.gettempdir()) / "qttt-classroom-XXXXXXXX"
        plan = _plan(args, folder, class_passwords(path, make=False))
        print(t("class_games_file_dry", file=str(path)))
        _print_addresses(args, plan)
        for command in _commands(args, plan):
            print(" ".join(command))
        return 0
    url = f"sqlite:///{path}"
    try:
        store = RoomStore(url, retry_for=2)
    except Exception as err:
        print(t("class_store_error", file=str(path), reason=err), file=sys.stderr)
        return 2
    expired = store.purge_expired()
    store.close()
    plan = _plan(args, Path(tempfile.mkdtemp(prefix="qttt-classroom-")), class_passwords(path))
    try:
        print(t("class_games_file", file=str(path), expired=expired))
        join_link = _print_addresses(args, plan)
        return _run(args, plan, url, join_link)
    finally:
        shutil.rmtree(plan.root, ignore_errors=True)


def _prepare(args: argparse.Namespace, plan: _Plan) -> None:
    """The servers' folders: each its notebook and ``voila.json``; the kit's template."""
    lang = args.lang or get_language()
    app = APP_SOURCE.format(class_name=args.class_name, lang=lang)
    prepare_server(plan.students, plan.student_config, {"app.ipynb": app})
    dashboard = DASHBOARD_SOURCE.format(class_name=args.class_name or None, lang=lang)
    prepare_server(plan.teacher, plan.teacher_config, {"dashboard.ipynb": dashboard})
    template = template_source()
    if template is not None:
        shutil.copytree(template, plan.share / "voila" / "templates" / "qttt")


def _environment(
    args: argparse.Namespace, plan: _Plan, service_env: dict[str, str]
) -> dict[str, str]:
    """The students' server's environment (the teacher's adds its own two variables)."""
    lang = args.lang or get_language()
    paths = [str(plan.share), *filter(None, os.environ.get("JUPYTER_PATH", "").split(os.pathsep))]
    scratch = plan.root / "tmp"
    scratch.mkdir()
    return {
        **service_env,
        "QTTT_CLASS_LANG": lang,
        "JUPYTER_PATH": os.pathsep.join(paths),
        # the servers' connection files and the kernels' scratch files stay in the
        # command's folder, which goes when the command stops
        "TMPDIR": str(scratch),
        "JUPYTER_RUNTIME_DIR": str(plan.root / "runtime"),
    }


def _run(args: argparse.Namespace, plan: _Plan, url: str, join_link: str) -> int:
    """Start the rooms service and both servers; wait until one stops, Ctrl-C or SIGTERM.
    ``join_link``: the students' link, which the dashboard shows for the projector."""
    _prepare(args, plan)
    commands = _commands(args, plan)
    running, service_env = start_rooms_service(url, args.class_name, plan.root)
    # the teacher secret's file is named to the dashboard's server only
    secret_file = service_env.pop("QTTT_ROOMS_TEACHER_SECRET_FILE")
    env = _environment(args, plan, service_env)
    servers: list[subprocess.Popen[bytes]] = []

    def start(command: list[str], server_env: dict[str, str], cwd: Path) -> None:
        # each server in a session of its own: Ctrl-C reaches this process only, which
        # then stops the servers and their kernels in order; what they say goes through
        # this process, which leaves the routine out (server_log)
        server = subprocess.Popen(
            command,
            env=server_env,
            cwd=cwd,
            start_new_session=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert server.stdout is not None
        relay(server.stdout, sys.stdout)
        servers.append(server)

    def wait() -> int:
        start(commands[0], env, plan.students)
        teacher_env = {
            **env,
            "QTTT_CLASS_SERVER_PID": str(servers[0].pid),
            "QTTT_CLASS_JOIN_LINK": join_link,
            "QTTT_ROOMS_TEACHER_SECRET_FILE": secret_file,
        }
        start(commands[1], teacher_env, plan.teacher)
        print(t("class_site_ready"), flush=True)
        while all(server.poll() is None for server in servers):
            time.sleep(0.5)
        return max(server.returncode or 0 for server in servers if server.poll() is not None)

    def stop() -> None:
        try:
            stop_servers(servers)
        finally:
            running.stop()  # folds the write-ahead log into the games file (R8)

    return run_until_stopped(wait, stop)


def start_rooms_service(url: str, class_name: str, folder: Path) -> tuple[Any, dict[str, str]]:
    """Start the class's rooms service (the only process that opens ``url``) on this
    computer, and the environment for the server's kernels: the service's address and
    the class key, never the games file's address.

    The teacher secret goes to a file in ``folder`` (readable by this user only) that
    the dashboard reads (``QTTT_ROOMS_TEACHER_SECRET_FILE``): the caller names the file
    to the teacher's server only, never to the students' kernels.
    """
    from ..rooms.service import settle_collector, start_service

    class_key = secrets.token_urlsafe(18)
    teacher_secret = secrets.token_urlsafe(24)
    running = start_service(url, classes={class_name: class_key}, teacher_secret=teacher_secret)
    settle_collector()
    secret_file = folder / "teacher-secret"
    secret_file.write_text(teacher_secret, encoding="utf-8")
    secret_file.chmod(0o600)
    env = {k: v for k, v in os.environ.items() if k != "QTTT_ROOMS_URL"}
    env.update(
        QTTT_ROOMS_SERVICE=running.url,
        QTTT_ROOMS_CLASS_KEY=class_key,
        QTTT_ROOMS_TEACHER_SECRET_FILE=str(secret_file),
    )
    return running, env


def stop_servers(servers: list[subprocess.Popen[bytes]], grace: float = 10.0) -> None:
    """Stop ``servers`` and every process they started (the kernels), politely first."""
    import psutil

    family: list[psutil.Process] = []
    for server in servers:
        with contextlib.suppress(psutil.Error):
            family.extend(psutil.Process(server.pid).children(recursive=True))
        if server.poll() is None:
            server.terminate()
    for server in servers:
        try:
            server.wait(grace)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    alive = [p for p in family if p.is_running()]
    for process in alive:
        with contextlib.suppress(psutil.Error):
            process.terminate()
    _gone, left = psutil.wait_procs(alive, timeout=5)
    for process in left:
        with contextlib.suppress(psutil.Error):
            process.kill()
