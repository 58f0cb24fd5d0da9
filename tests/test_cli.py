"""``python -m qttt_edu show "<record>"``: the position as text or as ``to_dict()`` JSON.

The text board is read back cell by cell, so the test checks what a person sees:
each square's marks, whose turn it is, what is legal and the result.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

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


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "qttt_edu", *args], capture_output=True, text=True, timeout=60
    )


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
    legal = [str(a) for a in game.legal_moves()]
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
        a, b = pending.squares
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
