"""What every command line of the kit shares: argparse in the chosen language.

``qttt-edu`` and the commands it hands on (``classroom``, ``site``, ``worksheets``, also
started on their own as ``python -m qttt_edu.site`` and the like) build their parsers
with :class:`Parser` inside :func:`speaking`. Then argparse's own words ("usage:",
"options", "show this help message and exit", its error messages) come from the
catalogs too, a user's mistake is one short line and exit status 2, and the output
survives a terminal that cannot show every letter (it gets them without accents).

The language is ``--lang`` on the command line, else the one the calling command chose
(``qttt-edu --lang da site ...``), else the environment (``QTTT_LANG``, then the usual
``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``), else English.

>>> with speaking(["--lang", "it"]):
...     Parser(prog="demo").format_usage()
'uso: demo [-h]\\n'
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from typing import IO, Any, NoReturn

from .core import cut
from .i18n import LANGUAGE_ALIASES, LANGUAGES, get_language, language_code, set_language, t

__all__ = [
    "Parser",
    "exit_status",
    "lang_aliases",
    "language_asked",
    "plain",
    "silence",
    "speaking",
    "write",
]

#: argparse's own messages (its gettext ids) -> our catalog keys
ARGPARSE_MESSAGES = {
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
    "invalid %(type)s value: %(value)r": "cli_invalid_value",
    "ambiguous option: %(option)s could match %(matches)s": "cli_ambiguous",
}

#: the longest argparse complaint printed (it quotes what was typed)
MESSAGE_LIMIT = 300


def _translate_argparse(message: str) -> str:
    key = ARGPARSE_MESSAGES.get(message)
    return message if key is None else t(key)


def language_asked(argv: Sequence[str], fallback: str | None = None) -> str:
    """The language asked for: ``--lang`` anywhere in ``argv``, else ``fallback``, else
    the environment, else English.

    >>> language_asked(["show", "--lang=fi"]), language_asked(["--lang", "xx"], "da")
    ('fi', 'da')
    """
    for i, arg in enumerate(argv):
        if arg == "--lang" and i + 1 < len(argv):
            wanted = argv[i + 1]
        elif arg.startswith("--lang="):
            wanted = arg.partition("=")[2]
        else:
            continue
        if wanted in LANGUAGES or wanted in LANGUAGE_ALIASES:
            return LANGUAGE_ALIASES.get(wanted, wanted)
    if fallback is not None:
        return fallback
    for variable in ("QTTT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for value in os.environ.get(variable, "").split(":"):
            code = language_code(value)
            if code is not None:
                return code
            if value:
                break  # a set variable that names another language: English, as gettext does
    return "en"


@contextlib.contextmanager
def speaking(argv: Sequence[str]) -> Iterator[str]:
    """Inside: the language ``argv`` asks for (see :func:`language_asked`; inside another
    ``speaking`` block the outer language is the fallback), and argparse answering from
    our catalogs. Both are put back afterwards. Yields the language."""
    previous = get_language()
    original = argparse._  # type: ignore[attr-defined]
    inner = original is _translate_argparse  # another speaking() block is open around us
    lang = language_asked(argv, previous if inner else None)
    set_language(lang)
    argparse._ = _translate_argparse  # type: ignore[attr-defined]
    try:
        yield lang
    finally:
        argparse._ = original  # type: ignore[attr-defined]
        set_language(previous)


def exit_status(stop: SystemExit) -> int:
    """The status a ``SystemExit`` from argparse stands for (0 for --help, 2 for a mistake)."""
    return stop.code if isinstance(stop.code, int) else 2


def lang_aliases(argv: Sequence[str]) -> list[str]:
    """``argv`` with ``--lang no`` and ``--lang nn`` written as ``--lang nb``.

    >>> lang_aliases(["--lang", "no", "show", "--lang=nn"])
    ['--lang', 'nb', 'show', '--lang=nb']
    """
    out = list(argv)
    for i, arg in enumerate(out):
        if arg == "--lang" and i + 1 < len(out) and out[i + 1] in LANGUAGE_ALIASES:
            out[i + 1] = LANGUAGE_ALIASES[out[i + 1]]
        elif arg.startswith("--lang=") and arg[7:] in LANGUAGE_ALIASES:
            out[i] = "--lang=" + LANGUAGE_ALIASES[arg[7:]]
    return out


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose output survives any terminal and never grows with the input;
    build it (and parse with it) inside :func:`speaking`. ``--lang no`` means Bokmål."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        given = sys.argv[1:] if args is None else args
        return super().parse_known_args(lang_aliases(given), namespace)

    def _print_message(self, message: str, file: Any = None) -> None:
        if not message:
            return
        stream = file if file is not None else sys.stderr
        try:
            write(stream, message)
        except OSError:  # a reader that went away (``--help | head -1``), a full disk
            silence(stream)

    def error(self, message: str) -> NoReturn:
        # bytes that were not UTF-8 reach argv as lone surrogates: escape, then cut
        message = message.encode("utf-8", "backslashreplace").decode("utf-8")
        self.print_usage(sys.stderr)
        self.exit(2, t("cli_argparse_error", prog=self.prog, message=cut(message, MESSAGE_LIMIT)))


def write(stream: IO[str] | Any, text: str) -> None:
    """Write ``text`` so that the stream can take it: letters without accents, if need be."""
    if stream is None:  # started with the stream closed
        return
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        text = plain(text, encoding)
    stream.write(text)
    stream.flush()


def silence(stream: Any) -> None:
    """After a closed pipe: point ``stream`` at nothing, so that nothing more, not even
    Python's own flush at exit, complains about it."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, stream.fileno())


#: letters that decomposition does not take apart
_LETTERS = {"æ": "ae", "Æ": "Ae", "ø": "oe", "Ø": "Oe", "å": "aa", "Å": "Aa", "ß": "ss", "…": "..."}


def plain(text: str, encoding: str) -> str:
    """``text`` in what ``encoding`` can show: accents dropped, the rest escaped.

    >>> plain("Vælg et felt på brættet", "ascii")
    'Vaelg et felt paa braettet'
    """
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
