"""``qttt-edu classroom``: one command on the teacher's computer serves the class.

It starts a Voilà server for the room's network with the game app and the teacher's
dashboard, protected by a class token, with idle kernels culled; keeps the games in
a SQLite file it names; and prints the address (and a QR code when ``segno`` is
installed) for students to open. Every kernel the server starts shares the file.

    qttt-edu classroom                         # ./qttt-classroom.sqlite3, port 8866
    qttt-edu classroom --file 7b.sqlite3 --class 7B --port 8900
    qttt-edu classroom --dry-run               # print what would run, start nothing
"""

from __future__ import annotations

import argparse
import os
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, cast

from ..cli import Parser, exit_status, speaking
from ..core import cut
from ..i18n import LANGUAGES, t
from ..rooms import RoomStore
from ..rooms.client import on_binder
from ..rooms.codes import CODE_ALPHABET

__all__ = ["build_command", "main", "on_binder"]

APP_SOURCE = """\
from qttt_edu.widgets import play

app = play(class_name={class_name!r})
"""
DASHBOARD_SOURCE = """\
from qttt_edu.classroom.dashboard import Dashboard

Dashboard(class_name={class_name!r})
"""


def class_token() -> str:
    """A class token students can type: ten characters from the room-code alphabet
    (about 50 bits; the server also refuses to be guessed at quickly by its login page)."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(10))


def lan_address() -> str:
    """This computer's address on the room's network, as best the host names tell."""
    try:
        names = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        names = []
    for address in names:
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


class _NotebookV4(Protocol):
    """The part of ``nbformat.v4`` used here (nbformat has no type information)."""

    def new_notebook(self) -> Any: ...
    def new_code_cell(self, source: str) -> Any: ...


def write_notebooks(folder: Path, class_name: str) -> None:
    """The two pages the server shows: the app and the dashboard (plain notebooks)."""
    import nbformat

    v4 = cast(_NotebookV4, nbformat.v4)
    write = cast(Callable[[Any, Path], None], nbformat.write)
    for name, source in (
        ("app.ipynb", APP_SOURCE.format(class_name=class_name)),
        ("dashboard.ipynb", DASHBOARD_SOURCE.format(class_name=class_name or None)),
    ):
        notebook = v4.new_notebook()
        notebook.cells = [v4.new_code_cell(source)]
        notebook.metadata["kernelspec"] = {
            "name": "python3",
            "display_name": "Python 3",
            "language": "python",
        }
        write(notebook, folder / name)


def build_command(folder: Path, host: str, port: int, token: str, cull: int) -> list[str]:
    """The Voilà command line: the folder's notebooks, the token, idle kernels culled."""
    return [
        sys.executable,
        "-m",
        "voila",
        str(folder),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        f"--token={token}",
        f"--MappingKernelManager.cull_idle_timeout={cull}",
        "--MappingKernelManager.cull_interval=60",
        "--MappingKernelManager.cull_connected=False",
        "--VoilaConfiguration.show_tracebacks=False",
    ]


def print_qr(url: str) -> None:
    try:
        import segno
    except ImportError:
        print(t("class_no_qr"))
        return
    segno.make(url, error="m").terminal(compact=True)


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


def _parser(prog: str) -> Parser:
    languages = sorted(LANGUAGES)
    parser = Parser(prog=prog, description=t("class_description"))
    parser.add_argument(
        "--file",
        default="qttt-classroom.sqlite3",
        metavar=t("class_file_metavar"),
        help=t("class_file_help"),
    )
    parser.add_argument(
        "--class",
        dest="class_name",
        default="",
        metavar=t("class_class_metavar"),
        help=t("class_class_help"),
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
        "--token", default=None, metavar=t("class_token_metavar"), help=t("class_token_help")
    )
    parser.add_argument(
        "--cull-idle",
        type=_whole_number(0, 7 * 24 * 3600),
        default=1800,
        metavar=t("class_seconds_metavar"),
        help=t("class_cull_help"),
    )
    parser.add_argument(
        "--lang",
        choices=languages,
        default=None,
        help=t("cli_lang_help", languages=", ".join(languages)),
    )
    parser.add_argument(
        "--site", default=None, metavar=t("class_site_metavar"), help=t("class_site_help")
    )
    parser.add_argument("--dry-run", action="store_true", help=t("class_dry_help"))
    return parser


def main(argv: list[str] | None = None, prog: str = "qttt-edu classroom") -> int:
    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in):
        try:
            args = _parser(prog).parse_args(args_in)
        except SystemExit as stop:  # --help, or a usage error already printed
            return exit_status(stop)
        return _serve(args)


def _serve(args: argparse.Namespace) -> int:
    if on_binder():
        print(t("class_binder"), file=sys.stderr)
        return 2
    if args.site is not None:  # the static site and the rooms service, no kernels
        from .site_server import serve_site

        return serve_site(args)
    path = Path(args.file).expanduser().resolve()
    url = f"sqlite:///{path}"
    try:
        store = RoomStore(url, retry_for=2)
    except Exception as err:
        print(t("class_store_error", file=str(path), reason=err), file=sys.stderr)
        return 2
    expired = store.purge_expired()
    store.close()
    token = args.token or class_token()
    folder = Path(tempfile.mkdtemp(prefix="qttt-classroom-"))
    write_notebooks(folder, args.class_name)
    command = build_command(folder, args.host, args.port, token, args.cull_idle)
    address = lan_address() if args.host in ("0.0.0.0", "::") else args.host
    base = f"http://{address}:{args.port}"
    student = f"{base}/voila/render/app.ipynb?token={token}"
    teacher = f"{base}/voila/render/dashboard.ipynb?token={token}"
    print(t("class_games_file", file=str(path), expired=expired))
    print(t("class_students", url=student))
    print(t("class_teacher", url=teacher))
    print(t("class_token", token=token))
    print_qr(student)
    if args.dry_run:
        print(" ".join(command))
        shutil.rmtree(folder, ignore_errors=True)
        return 0
    running, env = start_rooms_service(url, args.class_name, folder)
    try:
        return subprocess.call(command, env=env)
    except KeyboardInterrupt:
        return 0
    finally:
        running.stop()  # folds the write-ahead log into the games file (R8)
        shutil.rmtree(folder, ignore_errors=True)


def start_rooms_service(url: str, class_name: str, folder: Path) -> tuple[Any, dict[str, str]]:
    """Start the class's rooms service (the only process that opens ``url``) on this
    computer, and the environment for the server's kernels: the service's address and
    the class key, never the games file's address.

    The teacher secret goes to a file in ``folder`` (readable by this user only) that
    the dashboard reads (``QTTT_ROOMS_TEACHER_SECRET_FILE``). Until the dashboard runs
    in a server of its own, that server's kernels share this user with the students'
    kernels: give the file's name only to the teacher's server.
    """
    from ..rooms.service import start_service

    class_key = secrets.token_urlsafe(18)
    teacher_secret = secrets.token_urlsafe(24)
    running = start_service(url, classes={class_name: class_key}, teacher_secret=teacher_secret)
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
