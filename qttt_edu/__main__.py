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
import contextlib
import json
import os
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from typing import IO, Any, NoReturn

from .core import Game, GameError, cut
from .i18n import LANGUAGES, get_language, set_language, t
from .notation import render_text

#: argparse's own messages (its gettext ids) -> our catalog keys
_ARGPARSE_MESSAGES = {
    "usage: ": "cli_usage",
    "options": "cli_options",
    "optional arguments": "cli_options",
    "positional arguments": "cli_positionals",
    "show this help message and exit": "cli_help_help",
    "argument %(argument_name)s: %(message)s": "cli_argument",
    "invalid choice: %(value)r (choose from %(choices)s)": "cli_invalid_choice",
    "the following arguments are required: %s": "cli_required",
    "unrecognized arguments: %s": "cli_unrecognized",
    "expected one argument": "cli_expected_one",
}

#: the longest argparse complaint printed (it quotes what was typed)
_MESSAGE_LIMIT = 300


def _translate_argparse(message: str) -> str:
    key = _ARGPARSE_MESSAGES.get(message)
    return message if key is None else t(key)


@contextlib.contextmanager
def _argparse_in_our_language() -> Iterator[None]:
    """argparse looks its words up through the module-level ``_``: answer from our catalogs."""
    original = argparse._  # type: ignore[attr-defined]
    argparse._ = _translate_argparse  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = original  # type: ignore[attr-defined]


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose output survives any terminal and never grows with the input."""

    def _print_message(self, message: str, file: Any = None) -> None:
        if message:
            _write(file if file is not None else sys.stderr, message)

    def error(self, message: str) -> NoReturn:
        # bytes that were not UTF-8 reach argv as lone surrogates: escape, then cut
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        self.print_usage(sys.stderr)
        self.exit(2, t("cli_argparse_error", prog=self.prog, message=cut(message, _MESSAGE_LIMIT)))


def _language(argv: Sequence[str]) -> str:
    """The language asked for: ``--lang`` anywhere in ``argv``, else the environment."""
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            wanted = argv[i + 1]
        elif arg.startswith("--lang="):
            wanted = arg.partition("=")[2]
        else:
            continue
        if wanted in LANGUAGES:
            return wanted
    for variable in ("QTTT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in os.environ.get(variable, "").split(":"):
            code = value[:2].lower()
            code = "nb" if code == "no" else code
            if code in LANGUAGES:
                return code
            if value:
                break  # a set variable that names another language: English, as gettext does
    return "en"


#: the commands that have their own parser elsewhere: name -> (module, help key)
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


def _build_parser(prog: str = "qttt-edu") -> _Parser:
    parser = _Parser(prog=prog, description=t("cli_description"))
    languages = sorted(LANGUAGES)
    lang_help = t("cli_lang_help", languages=", ".join(languages))
    parser.add_argument("--lang", choices=languages, default=None, help=lang_help)
    sub = parser.add_subparsers(dest="command", required=True, title=t("cli_commands"))
    show = sub.add_parser("show", help=t("cli_show_help"), description=t("cli_show_help"))
    show.add_argument("record", nargs="?", default="", help=t("cli_record_help"))
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
    args_in = sys.argv[1:] if argv is None else list(argv)
    prog = _prog(sys.argv[0] if argv is None and sys.argv else "qttt-edu")
    previous = get_language()
    set_language(_language(args_in))
    try:
        delegated = _delegated(args_in)
        if delegated is not None:
            # classroom, site, worksheets: their own parsers, in the language chosen here
            import importlib

            command, rest = delegated
            module = importlib.import_module(_DELEGATED[command][0])
            with _argparse_in_our_language():  # "usage:", "options"... in that language too
                try:
                    status: int = module.main(rest)
                except SystemExit as stop:  # their --help, or a usage error already printed
                    return stop.code if isinstance(stop.code, int) else 2
            return status
        with _argparse_in_our_language():
            try:
                args = _build_parser(prog).parse_args(args_in)
            except SystemExit as stop:  # --help, or a usage error already printed
                return stop.code if isinstance(stop.code, int) else 2
        return _show(args)
    except BrokenPipeError:
        return _reader_went_away()
    finally:
        set_language(previous)


def _show(args: argparse.Namespace) -> int:
    lang = args.show_lang or args.lang
    if lang:
        set_language(lang)
    try:
        game = Game.from_record(args.record)
    except GameError as err:
        _write(sys.stderr, t("cli_error", reason=err) + "\n")
        return 2
    if args.json:
        text = json.dumps(game.to_dict(), indent=2, ensure_ascii=False)
    else:
        text = render_text(game)
    try:
        _write(sys.stdout, text + "\n")
    except BrokenPipeError:
        raise
    except OSError as err:  # a full disk, a closed terminal
        _write(sys.stderr, t("cli_error", reason=t("cli_cannot_write", reason=err)) + "\n")
        return 1
    return 0


def _write(stream: IO[str] | Any, text: str) -> None:
    """Write ``text`` so that the stream can take it: letters without accents, if need be."""
    if stream is None:  # started with the stream closed
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = _plain(text, encoding)
    stream.write(text)
    stream.flush()


#: letters that decomposition does not take apart
_LETTERS = {"æ": "ae", "Æ": "Ae", "ø": "o", "Ø": "O", "å": "aa", "Å": "Aa", "ß": "ss", "…": "..."}


def _plain(text: str, encoding: str) -> str:
    """``text`` in what ``encoding`` can show: accents dropped, the rest escaped."""
    try:
        "".encode(encoding)
    except LookupError:
        encoding = "ascii"
    out = []
    for char in text:
        try:
            char.encode(encoding)
            out.append(char)
            continue
        except UnicodeEncodeError:
            pass
        if char in _LETTERS:
            out.append(_LETTERS[char])
            continue
        base = "".join(
            c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
        )
        out.append(base.encode(encoding, "backslashreplace").decode(encoding))
    return "".join(out)


def _reader_went_away() -> int:
    """The reader closed the pipe (``| head -1``): stop quietly, as the Python docs advise."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())  # the flush at exit must not fail again
    return 1


if __name__ == "__main__":
    sys.exit(main())
