"""What every command line of the kit shares: argparse in the chosen language.

``qttt-edu`` and the commands it hands on (``classroom``, ``site``, ``worksheets``, also
started on their own as ``python -m qttt_edu.site`` and the like) build their parsers
with :class:`Parser` inside :func:`speaking`. Then argparse's own words ("usage:",
"options", "show this help message and exit", its error messages) come from the
catalogs too, a user's mistake is one short line and exit status 2, and the output
survives a terminal that cannot show every letter (it gets them without accents).
Argparse itself is left as it is: :class:`Parser` and its :class:`HelpFormatter` put
our words in through argparse's public hooks (the ``-h`` option's help, the usage
prefix, the section headings, ``error``).

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
import contextvars
import functools
import os
import re
import sys
import unicodedata
from collections.abc import Iterator, Sequence
from typing import IO, Any, NoReturn

from .core import cut
from .i18n import LANGUAGE_ALIASES, LANGUAGES, get_language, language_code, set_language, t

__all__ = [
    "HelpFormatter",
    "Parser",
    "exit_status",
    "lang_aliases",
    "language_asked",
    "plain",
    "silence",
    "speaking",
    "write",
]

#: argparse's section headings (Python 3.10+ and before) -> our catalog keys
ARGPARSE_HEADINGS = {
    "options": "cli_options",
    "optional arguments": "cli_options",
    "positional arguments": "cli_positionals",
}

#: argparse's error messages, as its source writes them -> our catalog keys. An error
#: reaches :meth:`Parser.error` filled in, in English; it is matched against these and
#: said again in the user's language with the same pieces (an unknown one stays English).
ARGPARSE_ERRORS = {
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

#: a %-placeholder of argparse's templates: ``%(name)s``, ``%(name)r``, ``%s``
_FIELD = re.compile(r"%(?:\((\w+)\))?[rsd]")

#: is a :func:`speaking` block open (its language is then the inner one's fallback)?
_SPEAKING: contextvars.ContextVar[bool] = contextvars.ContextVar("qttt_speaking", default=False)


@functools.cache
def _pattern(template: str) -> re.Pattern[str]:
    """A regular expression that matches ``template`` filled in, each piece a group."""
    parts, start = [], 0
    for n, field in enumerate(_FIELD.finditer(template)):
        parts.append(re.escape(template[start : field.start()]))
        parts.append(f"(?P<{field.group(1) or f'_{n}'}>.*?)")
        start = field.end()
    parts.append(re.escape(template[start:]))
    return re.compile("".join(parts) + r"\Z", re.S)


def translate_error(message: str) -> str:
    """One of argparse's error messages in the current language (else as it came).

    >>> with speaking(["--lang", "da"]):
    ...     translate_error("argument --lang: invalid choice: 'xx' (choose from 'en', 'da')")
    "argument --lang: ugyldigt valg: 'xx' (vælg mellem 'en', 'da')"
    """
    for english, key in ARGPARSE_ERRORS.items():
        found = _pattern(english).match(message)
        if found is None:
            continue
        pieces = found.groupdict()
        if "message" in pieces:  # "argument X: <another of argparse's messages>"
            pieces["message"] = translate_error(pieces["message"])
        return _fill(t(key), pieces)
    return message


def _fill(template: str, pieces: dict[str, str]) -> str:
    """``template`` with its placeholders replaced by ``pieces`` as they were written
    (``%(value)r`` takes the text argparse quoted already; ``%s`` the unnamed ones in order)."""
    unnamed = iter(value for name, value in pieces.items() if name.startswith("_"))

    def fill(field: re.Match[str]) -> str:
        name = field.group(1)
        return pieces.get(name, "") if name else next(unnamed, "")

    return _FIELD.sub(fill, template)


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
    inner = _SPEAKING.get()  # another speaking() block is open around us
    lang = language_asked(argv, previous if inner else None)
    set_language(lang)
    token = _SPEAKING.set(True)
    try:
        yield lang
    finally:
        _SPEAKING.reset(token)
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


class HelpFormatter(argparse.HelpFormatter):
    """Argparse's help in the current language: the usage prefix and the section headings."""

    def add_usage(
        self,
        usage: str | None,
        actions: Any,
        groups: Any,
        prefix: str | None = None,
    ) -> None:
        super().add_usage(usage, actions, groups, t("cli_usage") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        key = ARGPARSE_HEADINGS.get(heading or "")
        super().start_section(heading if key is None else t(key))


class Parser(argparse.ArgumentParser):
    """An ArgumentParser whose output survives any terminal and never grows with the input;
    build it (and parse with it) inside :func:`speaking`. ``--lang no`` means Bokmål.

    Its ``-h`` says what it does in the current language, and so do the usage line,
    the headings (:class:`HelpFormatter`) and the errors (:func:`translate_error`).
    """

    def __init__(self, *args: Any, add_help: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        # no abbreviations: ``--teacher-secret S`` must not quietly mean ``--teacher-secret-file S``
        kwargs.setdefault("allow_abbrev", False)
        kwargs["add_help"] = False  # our own -h below
        super().__init__(*args, **kwargs)
        if add_help:  # argparse's own -h, with its help in our words
            dash = "-" if "-" in self.prefix_chars else self.prefix_chars[0]
            self.add_argument(f"{dash}h", f"{dash * 2}help", action="help", help=t("cli_help_help"))

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: Any = None
    ) -> tuple[Any, list[str]]:
        given = sys.argv[1:] if args is None else args
        return super().parse_known_args(lang_aliases(given), namespace)

    def print_usage(self, file: Any = None) -> None:
        _say(self.format_usage(), sys.stdout if file is None else file)

    def print_help(self, file: Any = None) -> None:
        _say(self.format_help(), sys.stdout if file is None else file)

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            _say(message, sys.stderr)
        sys.exit(status)

    def error(self, message: str) -> NoReturn:
        # bytes that were not UTF-8 reach argv as lone surrogates: escape, then cut
        message = translate_error(message.encode("utf-8", "backslashreplace").decode("utf-8"))
        self.print_usage(sys.stderr)
        self.exit(2, t("cli_argparse_error", prog=self.prog, message=cut(message, MESSAGE_LIMIT)))


def _say(message: str, stream: Any) -> None:
    """Argparse's output, written so that the stream can take it (see :func:`write`)."""
    if not message:
        return
    try:
        write(stream, message)
    except OSError:  # a reader that went away (``--help | head -1``), a full disk
        silence(stream)


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
