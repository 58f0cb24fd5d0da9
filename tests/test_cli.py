"""``python -m qttt_edu show "<record>"``: the position as text or as ``to_dict()`` JSON.

The text board is read back cell by cell, so the test checks what a person sees:
each square's marks, whose turn it is, what is legal and the result.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Callable

import pytest

from qttt_edu import Game
from qttt_edu.__main__ import main

RECORDS = [
    "",
    "1-2 2-3 3-6 1-3",  # a collapse pending, three marks in square 3
    "1-2 2-3 3-6 1-3 c1 4-5",  # classical marks beside a spooky one
    "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5",  # both players get a line, X wins
    "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1",  # the ninth move
    "2-3 8-9 1-8 3-9 1-4 5-6 1-6 4-8 c4 7",  # a draw
    "1-5 2-5 3-5 4-5 5-6 5-7",  # six spooky marks in the centre
]


LANGUAGE_VARIABLES = ("QTTT_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


def plain_env(**extra: str) -> dict[str, str]:
    """The environment without any language setting (the CLI then speaks English)."""
    env = {k: v for k, v in os.environ.items() if k not in LANGUAGE_VARIABLES}
    env["LC_CTYPE"] = "C.UTF-8"
    env.update(extra)
    return env


def run_cli(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "qttt_edu", *args],
        capture_output=True,
        text=True,
        timeout=60,
        env=plain_env(**env),
        encoding="utf-8",
        errors="backslashreplace",
    )


@pytest.fixture(autouse=True)
def _no_language_in_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in LANGUAGE_VARIABLES:
        monkeypatch.delenv(variable, raising=False)


def read_board(text: str) -> dict[int, list[str]]:
    """The marks printed in each square's cell (classical marks keep their brackets)."""
    lines = text.splitlines()
    cells: dict[int, list[str]] = {}
    for row in range(3):
        block = lines[1 + 4 * row : 4 + 4 * row]
        columns = [line.strip("|").split("|") for line in block]
        for col in range(3):
            head, *body = (columns[k][col] for k in range(3))
            square = int(head.split()[0])
            assert square == 3 * row + col + 1
            cells[square] = " ".join(body).replace("[ ", "[").replace(" ]", "]").split()
    return cells


def expected_cells(game: Game) -> dict[int, list[str]]:
    pos = game.position
    return {
        s: [f"[{game.classical[s]}]"] if s in game.classical else pos.spooky_in(s)
        for s in range(1, 10)
    }


@pytest.mark.parametrize("record", RECORDS)
def test_show_prints_marks_turn_legal_actions_and_result(
    record: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", record]) == 0
    out = capsys.readouterr().out
    game = Game.from_record(record)
    assert read_board(out) == expected_cells(game)
    legal = [str(a) for a in game.legal_actions()]
    if legal:
        assert f"Legal ({len(legal)}): {' '.join(legal)}" in out.splitlines()
    else:
        assert "Legal" not in out
    status = out.splitlines()[13]
    pending = game.awaiting_collapse
    if game.outcome is not None:
        if game.outcome.winner is None:
            assert status.startswith("Draw")
        else:
            assert status.startswith(f"{game.outcome.winner} wins")
            for line in game.outcome.lines:
                assert f"{line.player} line {'-'.join(map(str, line.squares))}" in status
            assert re.search(r"Goff's points: X [0-9/]+, O [0-9/]+", status)
    elif pending is not None:
        a, b = pending.choices
        assert status.startswith(f"{pending.chooser}: {pending.mark} closed a cycle")
        assert f"square {a} or square {b}" in status
    else:
        assert status.startswith(f"{game.to_act}, move {game.move_number}")


def test_show_result_lines_in_words() -> None:
    out = run_cli("show", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5").stdout
    assert out.splitlines()[-1] == (
        "X wins: X line 3-6-9 (completed by X5); O line 1-4-7 (completed by O8)."
        " Goff's points: X 1, O 1/2."
    )
    out = run_cli("show", "4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1").stdout
    assert "only square 3 is free" in out and out.splitlines()[-1] == "Legal (1): 3"


@pytest.mark.parametrize("record", RECORDS)
def test_show_json_equals_to_dict(record: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", record, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == Game.from_record(record).to_dict()


def test_show_json_in_a_real_process() -> None:
    record = "1-2 2-3 3-6 1-3"
    done = run_cli("show", record, "--json")
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout) == Game.from_record(record).to_dict()


@pytest.mark.parametrize(
    ("record", "says"),
    [
        ("1-2 x", "token 2 'x'"),
        ("1-2 1-2 c5", "token 3 'c5': O2 can land only in square 1 or square 2"),
        ("5", "token 1 '5'"),
    ],
)
def test_bad_record_exits_non_zero_with_the_message_on_stderr(record: str, says: str) -> None:
    done = run_cli("show", record)
    assert done.returncode != 0
    assert done.stdout == ""
    assert says in done.stderr


def test_bad_record_in_process(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "1-2 2-3 2-3 c7"]) != 0
    captured = capsys.readouterr()
    assert captured.out == "" and "token 4 'c7'" in captured.err


# --- hardening (issue 15: D5, D6, D7) and --help in every language (issue 14) -----------------


def test_an_ascii_only_terminal_gets_letters_without_accents() -> None:
    done = run_cli("show", "1-2 1-2 c1", "--lang", "da", PYTHONIOENCODING="ascii")
    assert done.returncode == 0 and done.stderr == ""
    assert "X, traek 3: vaelg to felter\n" in done.stdout  # "træk", "vælg"
    bad = run_cli("show", "1-2 x", "--lang", "fi", PYTHONIOENCODING="ascii")
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("virhe: osa 2 'x'") and "yhdeksas" in bad.stderr


def test_a_reader_that_stops_early_gets_no_traceback() -> None:
    # a long help text into a pipe closed at once: what `| head -1` does
    script = (
        "import os, sys, subprocess\n"
        "r, w = os.pipe()\n"
        "os.close(r)\n"
        "p = subprocess.run([sys.executable, '-m', 'qttt_edu', 'show', '1-2 1-2'],"
        " stdout=w, stderr=subprocess.PIPE, text=True)\n"
        "print(p.returncode, repr(p.stderr))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=plain_env()
    )
    code, stderr = done.stdout.split(" ", 1)
    assert stderr.strip() == "''" and code == "1", done.stdout


def test_output_that_cannot_be_written_is_one_line_not_a_traceback() -> None:
    if not os.path.exists("/dev/full"):
        pytest.skip("needs /dev/full")
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "qttt_edu", "show", "1-2"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            env=plain_env(),
        )
    assert done.returncode == 1
    assert (
        done.stderr.startswith("error: cannot write the output") and "Traceback" not in done.stderr
    )


@pytest.mark.parametrize(
    "args",
    [
        ["show", "x" * 100_000],
        ["show", "1-2 " + "9" * 50_000],
        ["--lang", "x" * 50_000, "show"],
        ["show", "1-2", "--" + "y" * 50_000],
        ["show", "1-2\udcff\udcfe"],
        ["show", "1-2", "x \udcff" * 1000],
        ["bogus" * 10_000],
    ],
    ids=[
        "long-token",
        "long-second-token",
        "long-lang",
        "long-option",
        "surrogates",
        "many-surrogates",
        "command",
    ],
)
def test_user_errors_end_in_a_short_message(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and 0 < len(captured.err) < 1000
    assert "Traceback" not in captured.err


def test_a_huge_record_is_refused_with_its_length() -> None:
    done = run_cli("show", "1-2 " * 30_000)
    assert done.returncode == 2
    assert "the record has 120000 characters, more than the 10000" in done.stderr


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["usage:", "show this help message and exit", "options"]),
        ("da", ["brug:", "vis denne hjælp og afslut", "tilvalg"]),
        ("fi", ["käyttö:", "näytä tämä ohje ja lopeta", "valitsimet"]),
        ("nb", ["bruk:", "vis denne hjelpen og avslutt", "valg"]),
        ("it", ["uso:", "mostra questo aiuto ed esci", "opzioni"]),
    ],
)
def test_help_speaks_the_chosen_language(lang: str, words: list[str]) -> None:
    from qttt_edu.i18n import t_in

    for done in (
        run_cli("--lang", lang, "--help"),
        run_cli("--help", QTTT_LANG=lang),
        run_cli("show", "--help", LANG=f"{lang}_XX.UTF-8"),
    ):
        assert done.returncode == 0 and done.stderr == ""
        for word in words:
            assert word in done.stdout, (lang, word, done.stdout)
    show_help = run_cli("show", "--help", "--lang", lang).stdout
    assert t_in(lang, "cli_json_help") in " ".join(show_help.split())
    if lang != "en":
        assert "show this help" not in show_help and "positional arguments" not in show_help


def test_usage_errors_speak_the_chosen_language() -> None:
    done = run_cli("--lang", "it", "show", "--lang", "xx")
    assert done.returncode == 2
    assert "errore: argomento --lang: scelta non valida: 'xx'" in done.stderr


@pytest.mark.parametrize("lang", ["en", "da", "fi", "nb", "it"])
@pytest.mark.parametrize("record", RECORDS)
def test_no_python_words_in_what_a_student_reads(
    lang: str, record: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["show", record, "--lang", lang]) == 0
    out = capsys.readouterr().out
    assert not re.search(r"\b(True|False|None)\b", out), out


def test_main_leaves_the_language_as_it_found_it() -> None:
    from qttt_edu import get_language

    main(["show", "1-2", "--lang", "fi"])
    assert get_language() == "en"


# --- every command in --help, under the name the program was started as (#14, #16) ------------

COMMANDS = {
    "show": "cli_show_help",
    "classroom": "cli_classroom_help",
    "site": "cli_site_help",
    "worksheets": "cli_worksheets_help",
}


def _commands_listed(help_text: str) -> dict[str, str]:
    """The commands section of ``--help``: command -> its one-line description."""
    section = help_text.split("{show,classroom,site,worksheets}\n", 2)[-1]
    found: dict[str, str] = {}
    name = ""
    for line in section.splitlines():
        head = re.match(r"    (\S+)\s*(.*)", line)
        if head and not line.startswith("     "):
            name = head.group(1)
            found[name] = head.group(2)
        elif name and line.strip():
            found[name] += " " + line.strip()
    return {k: " ".join(v.split()) for k, v in found.items()}


def test_help_names_the_installed_program_and_the_module() -> None:
    script = os.path.join(os.path.dirname(sys.executable), "qttt-edu")
    if not os.path.exists(script):
        pytest.fail(f"the console script {script} is missing: pip install -e . makes it")
    done = subprocess.run(
        [script, "--help"], capture_output=True, text=True, timeout=60, env=plain_env()
    )
    assert done.returncode == 0 and done.stdout.startswith("usage: qttt-edu ")
    assert run_cli("--help").stdout.startswith("usage: python -m qttt_edu ")


@pytest.mark.parametrize("lang", ["en", "da", "fi", "nb", "it"])
def test_help_lists_every_command_with_its_description(lang: str) -> None:
    from qttt_edu.i18n import t_in

    done = run_cli("--help", "--lang", lang)
    assert done.returncode == 0 and done.stderr == ""
    assert _commands_listed(done.stdout) == {
        name: " ".join(t_in(lang, key).split()) for name, key in COMMANDS.items()
    }
    assert t_in(lang, "cli_commands") + ":" in done.stdout


def test_every_command_the_program_runs_is_listed() -> None:
    # The commands main() hands on must be the ones --help names (none hidden).
    from qttt_edu.__main__ import _DELEGATED

    assert {"show", *_DELEGATED} == set(COMMANDS)


@pytest.mark.parametrize(
    ("args", "env", "lang", "key"),
    [
        (["--lang", "da", "worksheets", "--help"], {}, "da", "ws_cli_description"),
        (["worksheets", "--help"], {"QTTT_LANG": "fi"}, "fi", "ws_cli_description"),
        (["classroom", "--help"], {"LANG": "nb_NO.UTF-8"}, "nb", "class_description"),
        (["--lang=it", "classroom", "--help"], {}, "it", "class_description"),
    ],
)
def test_the_other_commands_answer_in_the_chosen_language(
    args: list[str], env: dict[str, str], lang: str, key: str
) -> None:
    from qttt_edu.i18n import t_in

    done = run_cli(*args, **env)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    text = " ".join(done.stdout.split())
    assert " ".join(t_in(lang, key).split()) in text
    assert text.startswith(t_in(lang, "cli_usage").strip())  # argparse's own words too


def test_the_site_command_is_wired_in(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["site", "--help"]) == 0
    assert "build" in capsys.readouterr().out
    assert main(["site"]) == 2  # a usage error: one message, no traceback
    assert "Traceback" not in capsys.readouterr().err


# --- every command's own help in the chosen language, named as invoked (#14) ------------------

LANGS = ["en", "da", "fi", "nb", "it"]
#: each command line's help: the arguments after the program's name
HELPS = {
    "qttt-edu": [],
    "show": ["show"],
    "classroom": ["classroom"],
    "site": ["site"],
    "site build": ["site", "build"],
    "worksheets": ["worksheets"],
}
#: names, not words: commands, choices, formats and the programs the site is made of
NAMES = {
    "qttt", "edu", "python", "show", "classroom", "site", "build", "worksheets", "all",
    "rule_card", "game_sheet", "puzzles", "answers", "exit_tickets", "quiz", "json", "pdf",
    "png", "dpi", "mb",
    "sqlite", "voici", "pyodide", "jupyterlite", "jupyterlites", "ipynb",
}  # fmt: skip
#: English words that are also words of the language (checked by reading the help)
SHARED = {
    "da": {"for", "computer", "computers", "port", "server", "start", "downloads", "browser"}
    | {"app", "link"}  # Danish words too (Retskrivningsordbogen: app, link)
    | {"exit", "tickets", "quiz"},  # the Danish handouts' own titles (lessons/da/)
    "fi": {"on"},  # Finnish's own "is" ("sivulta on linkki")
    "nb": {"for", "port", "server", "start", "argument"}
    | {"app"}  # a Norwegian word too (Bokmålsordboka: app)
    | {"exit", "tickets"},  # the Norwegian handout's own title (lessons/nb/exit_tickets.md)
    "it": {"in", "computer", "file", "password", "server", "browser", "web", "app", "kernel"}
    | {"link"}  # the Italian guides and messages say link
    | {"notebook"}  # the Italian notebooks and guides say notebook (terms.json)
    | {"per"},  # Italian's own "for" ("per indirizzo"), English's "per student"
}


def help_in(lang: str, args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(["--lang", lang, *args, "--help"]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def words_of(help_text: str) -> set[str]:
    """The words of a help text that are the reader's language: option names, choices,
    quoted examples, paths and the language codes taken out."""
    from qttt_edu.i18n import LANGUAGES

    text = help_text.replace(", ".join(sorted(LANGUAGES)), " ")
    text = re.sub(r"\{[^}]*\}|(?<!\w)--?[\w-]+|'[^']*'|\"[^\"]*\"|«[^»]*»|\S*[/.]\S*", " ", text)
    words = {w.lower() for w in re.findall(r"[^\W\d]{2,}", text)}
    return {w for w in words if w not in NAMES and w not in {"en", "da", "fi", "nb", "it"}}


@pytest.mark.parametrize("lang", ["da", "fi", "nb", "it"])
@pytest.mark.parametrize("command", HELPS)
def test_no_english_left_in_a_translated_help(
    command: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    english = words_of(help_in("en", HELPS[command], capsys))
    translated = help_in(lang, HELPS[command], capsys)
    left = (words_of(translated) & english) - SHARED[lang]
    assert not left, f"English words in the {lang} help of {command}: {sorted(left)}\n{translated}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("command", HELPS)
def test_every_help_speaks_the_language_and_names_the_program(
    command: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from qttt_edu.i18n import t_in

    text = help_in(lang, HELPS[command], capsys)
    prog = " ".join(["qttt-edu", *HELPS[command]])
    assert text.startswith(f"{t_in(lang, 'cli_usage')}{prog} ["), text.splitlines()[0]
    assert t_in(lang, "cli_help_help") in text
    assert t_in(lang, "cli_options") + ":" in text
    assert not re.search(r"\b(True|False|None)\b", text), text


def test_every_option_of_every_command_is_described() -> None:
    # an option listed without a description is a sentence nobody wrote, in any language
    from qttt_edu.__main__ import _build_parser
    from qttt_edu.classroom.cli import _parser as classroom_parser
    from qttt_edu.site.__main__ import _parser as site_parser
    from qttt_edu.worksheets import _parser as worksheets_parser

    show = _build_parser()._subparsers._group_actions[0].choices["show"]  # type: ignore[union-attr]
    site_build = site_parser("x")._subparsers._group_actions[0].choices["build"]  # type: ignore[union-attr]
    for parser in (show, classroom_parser("x"), site_build, worksheets_parser("x")):
        for action in parser._actions:
            assert action.help, (parser.prog, action.option_strings or action.dest)
            # a help that lists the choices lists them all (--sheet's had lost two)
            words = set(re.findall(r"[\w-]+", action.help))
            named = [c for c in action.choices or () if c in words]
            assert len(named) < 3 or len(named) == len(action.choices), action.help


def t_in_(lang: str, key: str) -> str:
    from qttt_edu.i18n import t_in

    return t_in(lang, key)


PY = "python -m qttt_edu"
MODULE_RUNS = [
    (["-m", "qttt_edu", "site", "--help"], {"LANG": "fi_FI.UTF-8"}, "fi", f"{PY} site"),
    (["-m", "qttt_edu.site", "build", "--help"], {"QTTT_LANG": "it"}, "it", f"{PY}.site build"),
    (["-m", "qttt_edu.site", "--help"], {}, "en", f"{PY}.site"),
    (["-m", "qttt_edu.worksheets", "--help", "--lang", "nb"], {}, "nb", f"{PY}.worksheets"),
    (["-m", "qttt_edu", "worksheets", "--help"], {"LANGUAGE": "da"}, "da", f"{PY} worksheets"),
    (["-m", "qttt_edu", "classroom", "--help"], {"LC_ALL": "it_IT.UTF-8"}, "it", f"{PY} classroom"),
]


@pytest.mark.parametrize(("args", "env", "lang", "prog"), MODULE_RUNS)
def test_a_command_started_as_a_module_is_named_so(
    args: list[str], env: dict[str, str], lang: str, prog: str
) -> None:
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, timeout=60, env=plain_env(**env)
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith(f"{t_in_(lang, 'cli_usage')}{prog} ["), done.stdout


def test_the_installed_program_names_itself_in_every_command() -> None:
    script = os.path.join(os.path.dirname(sys.executable), "qttt-edu")
    for command in ("show", "classroom", "site", "site build", "worksheets"):
        done = subprocess.run(
            [script, *command.split(), "--help"],
            capture_output=True,
            text=True,
            timeout=60,
            env=plain_env(LANG="nb_NO.UTF-8"),
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.startswith(f"bruk: qttt-edu {command} ["), done.stdout


def _no_folder(lang: str) -> str:
    return t_in_(lang, "cli_required") % t_in_(lang, "site_cli_out_metavar")


def _no_out(lang: str) -> str:
    return t_in_(lang, "cli_required") % "--out"


def _bad_port(lang: str) -> str:
    from qttt_edu.i18n import t_in

    reason = t_in(lang, "class_bad_number", low=1, high=65535, value="'x'")
    return t_in(lang, "cli_argument") % {"argument_name": "--port", "message": reason}


def _shortened(lang: str) -> str:
    # no abbreviations: a shortened option is unknown, never taken for a longer one
    return t_in_(lang, "cli_unrecognized") % "--clas 7B"


def _unknown_command(lang: str) -> str:
    reason = t_in_(lang, "cli_invalid_choice") % {"value": "bogus", "choices": "'build'"}
    return t_in_(lang, "cli_argument") % {"argument_name": "{build}", "message": reason}


USAGE_ERRORS = [
    (["site", "build"], "site build", _no_folder),
    (["worksheets"], "worksheets", _no_out),
    (["classroom", "--port", "x"], "classroom", _bad_port),
    (["classroom", "--clas", "7B"], "classroom", _shortened),
    (["site", "bogus"], "site", _unknown_command),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("args", "command", "message"), USAGE_ERRORS)
def test_a_usage_error_of_any_command_is_in_the_language(
    args: list[str],
    command: str,
    message: Callable[[str], str],
    lang: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from qttt_edu.i18n import t_in

    assert main(["--lang", lang, *args]) == 2
    captured = capsys.readouterr()
    prog = f"qttt-edu {command}"
    assert captured.out == ""
    assert captured.err.startswith(f"{t_in(lang, 'cli_usage')}{prog} ["), captured.err
    expected = t_in(lang, "cli_argparse_error", prog=prog, message=message(lang))
    assert captured.err.endswith(expected), captured.err


def test_the_outer_language_reaches_the_inner_command_and_is_put_back(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from qttt_edu import get_language

    monkeypatch.setenv("QTTT_LANG", "fi")  # the environment says Finnish, --lang says Danish
    assert main(["--lang", "da", "site", "build", "--help"]) == 0
    assert capsys.readouterr().out.startswith("brug: qttt-edu site build [")
    assert get_language() == "en"


@pytest.mark.parametrize("lang", ["da", "fi", "nb", "it"])
def test_an_unknown_command_is_refused_without_english(lang: str) -> None:
    # argparse names the subcommand argument by its dest ("argument command") unless it
    # has a metavar: the refusal then holds no English word
    done = run_cli("--lang", lang, "nosuchcommand")
    assert done.returncode == 2
    assert "command" not in done.stderr.replace("'", " ").split(), done.stderr
    assert "{show,classroom,site,worksheets}" in done.stderr


@pytest.mark.parametrize(
    ("args", "env"),
    [
        (["--lang", "no", "show", "1-2"], {}),
        (["--lang=nn", "show", "1-2"], {}),
        (["show", "1-2", "--lang", "no"], {}),
        (["show", "1-2"], {"LANG": "nn_NO.UTF-8"}),
        (["show", "1-2"], {"LANG": "no_NO.UTF-8"}),
    ],
)
def test_norwegian_names_mean_bokmal(args: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "qttt_edu", *args],
        capture_output=True,
        text=True,
        env=plain_env(**env),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "O, trekk 2: velg to ruter" in done.stdout


def test_argparse_is_left_as_it_was_and_still_answers_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The kit's words reach argparse through its public hooks only: nothing of argparse
    # is replaced, not even while a command runs (another library's parser in the same
    # kernel keeps its own words).
    import argparse

    before = {name: getattr(argparse, name) for name in dir(argparse)}
    seen: list[object] = []

    class Spy(argparse.Action):
        def __call__(self, parser: object, namespace: object, values: object, *_: object) -> None:
            seen.append(argparse._)  # type: ignore[attr-defined]

    from qttt_edu.cli import Parser, speaking

    with speaking(["--lang", "fi"]):
        parser = Parser(prog="demo")
        parser.add_argument("--spy", action=Spy, nargs=0)
        parser.parse_args(["--spy"])
        assert parser.format_usage() == "käyttö: demo [-h] [--spy]\n"
    assert main(["--lang", "it", "show", "--lang", "xx"]) == 2
    assert main(["--lang", "da", "--help"]) == 0
    assert "scelta non valida: 'xx'" in capsys.readouterr().err
    assert seen == [before["_"]]
    after = {name: getattr(argparse, name) for name in dir(argparse)}
    assert after == before
