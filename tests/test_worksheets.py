"""Printable worksheets: the files exist, are real PDF/PNG pages, and the answers
come from the rules engine, not from typed text."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from qttt_edu import Game, i18n
from qttt_edu import worksheets as ws
from qttt_edu.quantum import count_realities

A4_MM = (210.0, 297.0)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG file"
    return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")


def pdf_pages(data: bytes) -> list[tuple[float, float]]:
    assert data.startswith(b"%PDF-") and b"%%EOF" in data[-64:], "not a complete PDF file"
    boxes = re.findall(rb"/MediaBox\s*\[\s*([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s*\]", data)
    return [(float(x1) - float(x0), float(y1) - float(y0)) for x0, y0, x1, y1 in boxes]


def test_command_line_writes_a4_pdf_and_png_for_each_sheet(tmp_path):
    out = subprocess.run(
        [sys.executable, "-m", "qttt_edu.worksheets", "--out", str(tmp_path), "--lang", "fi"],
        capture_output=True,
        text=True,
        check=True,
        env={"MPLBACKEND": "Agg", "PATH": ""},
    ).stdout
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(
        f"{sheet}.fi.{ext}"
        for sheet in ("game_sheet", "puzzles", "answers")
        for ext in ("pdf", "png")
    )
    assert len(out.split()) == 6
    for path in tmp_path.glob("*.pdf"):
        pages = pdf_pages(path.read_bytes())
        assert len(pages) == 1
        width_pt, height_pt = pages[0]
        assert (width_pt / 72 * 25.4, height_pt / 72 * 25.4) == pytest.approx(A4_MM, abs=0.5)
    for path in tmp_path.glob("*.png"):
        width, height = png_size(path.read_bytes())
        assert height / width == pytest.approx(A4_MM[1] / A4_MM[0], rel=0.01)
        assert width >= 1200  # 150 dpi on A4: sharp enough to print


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_text_stays_on_the_page_in_every_language(lang):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    i18n.set_language(lang)
    for make in (ws.game_sheet_figure, ws.puzzles_figure, ws.answers_figure):
        fig = make()
        fig.set_dpi(40)
        renderer = FigureCanvasAgg(fig).get_renderer()
        page = fig.bbox
        # Texts end inside the printable area (a 5 mm edge is kept free for printers).
        edge = 5 / 25.4 * fig.dpi
        for text in fig.axes[0].texts:
            box = text.get_window_extent(renderer)
            assert box.x0 >= edge and box.x1 <= page.x1 - edge, (lang, make.__name__, text)
            assert box.y0 >= edge * 0.5 and box.y1 <= page.y1 - edge, (lang, make.__name__, text)


def test_unknown_language_is_refused(tmp_path):
    with pytest.raises(SystemExit):
        ws.main(["--out", str(tmp_path), "--lang", "sv"])
    assert not list(tmp_path.iterdir())


def text_of(fig) -> str:
    return "\n".join(t.get_text() for t in fig.axes[0].texts)


def test_answers_are_the_engines():
    for puzzle in ws.PUZZLES:
        game = Game.from_record(puzzle.record)  # every puzzle is a legal position
        answer = ws.solve(puzzle)
        assert answer.lines, f"puzzle {puzzle.number} has no answer"
        pos = game.position
        if pos.pending:
            assert answer.outcomes == pos.collapse_outcomes()
            for square, outcome in answer.results.items():
                assert outcome == pos.child(100 + square).outcome
    by_kind = {p.kind: ws.solve(p) for p in ws.PUZZLES}
    # Goff's Fig. 3 has three realities; the ensemble module says so too.
    assert len(by_kind["realities"].realities) == 3 == count_realities(Game.from_record("1-2 2-5"))
    # The stem of RULES.md example 2 lands in square 6 either way.
    assert by_kind["stems"].stems == {"X3": 6}
    # A pair closes a cycle exactly when the engine says the move is pending.
    pos = Game.from_record(next(p.record for p in ws.PUZZLES if p.kind == "cycle_pairs")).position
    closing = {a for a in by_kind["cycle_pairs"].cycle_pairs}
    for code in pos.legal_actions():
        assert (f"{code // 10}-{code % 10}" in closing) == pos.child(code).pending
    assert by_kind["ninth"].move == "3"


def test_answer_sheet_shows_the_computed_answers_not_the_questions():
    i18n.set_language("en")
    # Wrapped lines are separate texts: join them with spaces to read the sheet.
    answers = " ".join(text_of(ws.answers_figure()).split())
    puzzles = text_of(ws.puzzles_figure())
    for puzzle in ws.PUZZLES:
        for line in ws.solve(puzzle).lines:
            assert " ".join(line.split()) in answers
        assert puzzle.record in puzzles
    assert "c1: 1=X3 2=X1 5=O2" in answers  # Goff, Fig. 5: X3 to 1, X1 to 2, O2 to the centre
    assert "6 pairs close a cycle: 1-2, 1-6, 2-6, 5-8, 5-9, 8-9" in answers
    assert "No: O loses whichever square is chosen." in answers
    assert "c1" not in puzzles.replace(ws.PUZZLES[-1].record, "")  # no answers on the puzzles


def test_a_puzzle_whose_chooser_can_escape_says_so():
    # 1-2 1-2: O2 closes a 2-cycle and nothing can end the game, so X loses neither way.
    answer = ws.solve(ws.Puzzle(9, "avoid", "1-2 1-2"))
    assert answer.lines[-1] == "Yes: the safe choices are c1, c2."


def test_sheets_speak_the_chosen_language():
    i18n.set_language("it")
    assert "Rompicapo 1" in text_of(ws.puzzles_figure())
    assert "Soluzioni" in text_of(ws.answers_figure()) or "soluzioni" in text_of(
        ws.answers_figure()
    )


def test_unknown_puzzle_kind_is_refused():
    with pytest.raises(ValueError, match="unknown puzzle kind 'riddle'"):
        ws.solve(ws.Puzzle(1, "riddle", "1-2"))
