"""Command line: ``python -m qttt_edu show "<record>" [--json] [--lang da]``.

Every message, ``--help`` included, is in the chosen language: ``--lang``, else the
environment (``QTTT_LANG``, then the usual ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES`` and ``LANG``), else English. A user's mistake ends in one short
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


def _build_parser() -> _Parser:
    parser = _Parser(prog="python -m qttt_edu", description=t("cli_description"))
    languages = sorted(LANGUAGES)
    lang_help = t("cli_lang_help", languages=", ".join(languages))
    parser.add_argument("--lang", choices=languages, default=None, help=lang_help)
    sub = parser.add_subparsers(dest="command", required=True, title=t("cli_commands"))
    show = sub.add_parser("show", help=t("cli_show_help"), description=t("cli_show_help"))
    show.add_argument("record", nargs="?", default="", help=t("cli_record_help"))
    show.add_argument("--json", action="store_true", help=t("cli_json_help"))
    show.add_argument("--lang", choices=languages, default=None, dest="show_lang", help=lang_help)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 fine, 2 a user error, 1 no output)."""
    args_in = sys.argv[1:] if argv is None else list(argv)
    if args_in[:1] == ["classroom"]:
        from .classroom.cli import main as classroom

        return classroom(args_in[1:])
    if args_in[:1] == ["site"]:  # qttt-edu site build OUT: the static site (qttt_edu.site)
        from .site.__main__ import main as site_main

        return site_main(args_in[1:])
    previous = get_language()
    set_language(_language(args_in))
    try:
        with _argparse_in_our_language():
            try:
                args = _build_parser().parse_args(args_in)
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
