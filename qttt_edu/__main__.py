"""Command line: ``qttt-edu`` (or ``python -m qttt_edu``) and its commands.

* ``show "<record>" [--json]``: a position as text or JSON;
* ``classroom``: the teacher's server for shared games (:mod:`qttt_edu.classroom.cli`);
* ``site build OUT``: the app as a static web site (:mod:`qttt_edu.site`);
* ``worksheets --out DIR``: printable worksheets (:mod:`qttt_edu.worksheets`).

``--help`` names the program as it was started and lists every command. Every
message, ``--help`` included, is in the chosen language (the other commands' too):
``--lang``, else the environment (``QTTT_LANG``, then the usual ``LANGUAGE``,
``LC_ALL``, ``LC_MESSAGES`` and ``LANG``), else English. A user's mistake ends in one short
line on stderr and exit status 2, never a traceback; so does output the terminal
cannot show (an ASCII-only terminal gets the letters without accents) or a
reader that stops early (``| head -1``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys

from .cli import Parser, exit_status, lang_aliases, silence, speaking, write
from .core import Game, GameError
from .i18n import LANGUAGES, set_language, t
from .notation import render_text

#: the commands that have their own parser elsewhere: name -> (module, help key); each
#: module has ``main(argv, prog=...)`` and builds its parser with :class:`qttt_edu.cli.Parser`
_DELEGATED = {
    "classroom": ("qttt_edu.classroom.cli", "cli_classroom_help"),
    "site": ("qttt_edu.site.__main__", "cli_site_help"),
    "worksheets": ("qttt_edu.worksheets", "cli_worksheets_help"),
}


def _prog(argv0: str | None) -> str:
    """The program's name as it was started: ``qttt-edu`` from the installed script,
    ``python -m qttt_edu`` from the module (argv[0] is then this file's path)."""
    name = os.path.basename(argv0 or "")
    if not name or name in ("__main__.py", "-c", "-m") or name.startswith("python"):
        return "python -m qttt_edu"
    return name


def _build_parser(prog: str = "qttt-edu") -> Parser:
    parser = Parser(prog=prog, description=t("cli_description"))
    languages = sorted(LANGUAGES)
    lang_help = t("cli_lang_help", languages=", ".join(languages))
    parser.add_argument("--lang", choices=languages, default=None, help=lang_help)
    # the metavar names the commands, so argparse's "argument command: ..." has no English
    commands = "{" + ",".join(["show", *_DELEGATED]) + "}"
    sub = parser.add_subparsers(
        dest="command", metavar=commands, required=True, title=t("cli_commands")
    )
    show = sub.add_parser("show", help=t("cli_show_help"), description=t("cli_show_help"))
    show.add_argument(
        "record", nargs="?", default="", metavar=t("cli_record_metavar"), help=t("cli_record_help")
    )
    show.add_argument("--json", action="store_true", help=t("cli_json_help"))
    show.add_argument("--lang", choices=languages, default=None, dest="show_lang", help=lang_help)
    for name, (_, key) in _DELEGATED.items():
        # listed here, parsed by their own modules (main() hands them their arguments)
        sub.add_parser(name, help=t(key), add_help=False)
    return parser


def _delegated(args_in: list[str]) -> tuple[str, list[str]] | None:
    """The delegated command and its arguments, if ``args_in`` names one (after an
    optional ``--lang xx`` for the whole program)."""
    rest = list(args_in)
    if rest[:1] == ["--lang"] and len(rest) > 1 and rest[1] in LANGUAGES:
        rest = rest[2:]
    elif rest[:1] and rest[0].startswith("--lang=") and rest[0][7:] in LANGUAGES:
        rest = rest[1:]
    if rest[:1] and rest[0] in _DELEGATED:
        return rest[0], rest[1:]
    return None


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 2 a user error, 1 no output).

    ``argv`` defaults to the process's arguments (and the program's name to the one it
    was started as); given ``argv``, the program is called ``qttt-edu``."""
    args_in = lang_aliases(sys.argv[1:] if argv is None else list(argv))
    prog = _prog(sys.argv[0] if argv is None and sys.argv else "qttt-edu")
    try:
        with speaking(args_in):
            delegated = _delegated(args_in)
            if delegated is not None:
                # classroom, site, worksheets: their own parsers, in the language chosen
                # here, under the name this program was started as ("qttt-edu site")
                command, rest = delegated
                module = importlib.import_module(_DELEGATED[command][0])
                try:
                    status: int = module.main(rest, prog=f"{prog} {command}")
                except SystemExit as stop:  # their --help, or a usage error already printed
                    return exit_status(stop)
                return status
            try:
                args = _build_parser(prog).parse_args(args_in)
            except SystemExit as stop:  # --help, or a usage error already printed
                return exit_status(stop)
            return _show(args)
    except BrokenPipeError:  # the reader closed the pipe (``| head -1``): stop quietly
        silence(sys.stdout)  # the flush at exit must not fail again
        return 1


def _show(args: argparse.Namespace) -> int:
    lang = args.show_lang or args.lang
    if lang:
        set_language(lang)
    try:
        game = Game.from_record(args.record)
    except GameError as err:
        write(sys.stderr, t("cli_error", reason=err) + "\n")
        return 2
    if args.json:
        text = json.dumps(game.to_dict(), indent=2, ensure_ascii=False)
    else:
        text = render_text(game)
    try:
        write(sys.stdout, text + "\n")
    except BrokenPipeError:
        raise
    except OSError as err:  # a full disk, a closed terminal
        write(sys.stderr, t("cli_error", reason=t("cli_cannot_write", reason=err)) + "\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
