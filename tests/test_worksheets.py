"""Printable worksheets: the files exist, are real PDF/PNG pages, and the answers
come from the rules engine, not from typed text."""

from __future__ import annotations

import re
import subprocess
import sys
from fractions import Fraction
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu import Game, i18n
from qttt_edu import worksheets as ws
from qttt_edu.quantum import count_realities

A4_MM = (210.0, 297.0)
CLI = [sys.executable, "-m", "qttt_edu.worksheets"]


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
        [*CLI, "--out", str(tmp_path), "--lang", "fi", "--dpi", "60"],
        capture_output=True,
        text=True,
        check=True,
        env={"MPLBACKEND": "Agg", "PATH": ""},
    ).stdout
    names = sorted(p.name for p in tmp_path.iterdir())
    sheets = ["rule_card", "game_sheet"] + [
        f"{kind}_level{k}" for kind in ("puzzles", "answers") for k in (1, 2, 3)
    ]
    # The handouts: one PDF each for the students and, apart, for the teacher; a PNG a page.
    i18n.set_language("fi")
    handouts_fi = [ws.load_handout(name, "fi") for name in ws.HANDOUTS]
    pages_of = {h.name: len(ws.handout_figures(h)) for h in handouts_fi} | {
        f"{h.name}_answers": len(ws.key_figures(h)) for h in handouts_fi
    }
    handouts = [f"{name}.fi.pdf" for name in pages_of] + [
        f"{name}_page{k}.fi.png" if n > 1 else f"{name}.fi.png"
        for name, n in pages_of.items()
        for k in range(1, n + 1)
    ]
    assert names == sorted(
        [f"{sheet}.fi.{ext}" for sheet in sheets for ext in ("pdf", "png")] + handouts
    )
    assert len(out.split()) == 2 * len(sheets) + len(handouts)
    for path in tmp_path.glob("*.pdf"):
        pages = pdf_pages(path.read_bytes())
        stem = path.name.split(".")[0]
        assert len(pages) == pages_of.get(stem, 1)
        width_pt, height_pt = pages[0]
        assert (width_pt / 72 * 25.4, height_pt / 72 * 25.4) == pytest.approx(A4_MM, abs=0.5)
    for path in tmp_path.glob("*.png"):
        width, height = png_size(path.read_bytes())
        assert height / width == pytest.approx(A4_MM[1] / A4_MM[0], rel=0.01)
        assert width == round(A4_MM[0] / 25.4 * 60)  # the resolution asked for


ALL_PAGES = [ws.rule_card_figure, ws.game_sheet_figure] + [
    partial(make, level) for make in (ws.puzzles_figure, ws.answers_figure) for level in ws.LEVELS
]


def text_boxes(fig):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    renderer = FigureCanvasAgg(fig).get_renderer()
    return [(text, text.get_window_extent(renderer)) for text in fig.axes[0].texts]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_text_stays_on_the_page_in_every_language(lang):
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    i18n.set_language(lang)
    for make in ALL_PAGES:
        fig = make()
        fig.set_dpi(40)
        renderer = FigureCanvasAgg(fig).get_renderer()
        page = fig.bbox
        # Texts end inside the printable area (a 5 mm edge is kept free for printers).
        edge = 5 / 25.4 * fig.dpi
        for text in fig.axes[0].texts:
            box = text.get_window_extent(renderer)
            assert box.x0 >= edge and box.x1 <= page.x1 - edge, (lang, make, text)
            assert box.y0 >= edge * 0.5 and box.y1 <= page.y1 - edge, (lang, make, text)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_rule_card_fits_one_page_without_overlapping_text(lang):
    i18n.set_language(lang)
    fig = ws.rule_card_figure()
    fig.set_dpi(40)
    # Square numbers and graph labels are small print inside the pictures; every other
    # text (titles, captions, the rules) must stand clear of every other one.
    boxes = [
        (text, box)
        for text, box in text_boxes(fig)
        if text.get_fontsize() >= 7 and not text.get_text().isdigit()
    ]
    for i, (a, box_a) in enumerate(boxes):
        for b, box_b in boxes[i + 1 :]:
            overlap = (
                min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0),
                min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0),
            )
            assert min(overlap) <= 0.5, (lang, a.get_text()[:40], b.get_text()[:40])
    every = " ".join(text.get_text() for text in fig.axes[0].texts)
    for key in ws.RULE_SECTIONS:
        assert i18n.t(f"rc_{key}")[:25] in " ".join(every.split())


def test_unknown_language_is_refused(tmp_path):
    with pytest.raises(SystemExit):
        ws.main(["--out", str(tmp_path), "--lang", "sv"])
    assert not list(tmp_path.iterdir())


def text_of(fig) -> str:
    return "\n".join(t.get_text() for t in fig.axes[0].texts)


def test_three_levels_of_six_varied_puzzles_each():
    assert sorted(ws.LEVELS) == [1, 2, 3]
    for level, puzzles in ws.LEVELS.items():
        assert [p.number for p in puzzles] == [1, 2, 3, 4, 5, 6]
        assert all(p.level == level for p in puzzles)
        kinds = [p.kind for p in puzzles]
        assert max(kinds.count(k) for k in kinds) <= 2, (level, kinds)
        records = [p.record for p in puzzles]
        assert len(set(records)) == len(records)
    assert {p.kind for p in ws.PUZZLES} == set(ws.KINDS)


def by_hand_realities(record: str) -> list[dict[int, str]]:
    """Every way to put each spooky mark in one of its squares, one mark per square."""
    from itertools import product

    pos = Game.from_record(record).position
    boards = []
    for choice in product(*[(a, b) for _, a, b in pos.spooky]):
        if len(set(choice)) == len(choice):
            board = dict(pos.classical)
            board.update(
                {
                    s: f"{'XO'[(n - 1) % 2]}{n}"
                    for (n, _, _), s in zip(pos.spooky, choice, strict=True)
                }
            )
            boards.append(board)
    return boards


@pytest.mark.parametrize("puzzle", ws.PUZZLES, ids=lambda p: f"L{p.level}-{p.number}-{p.kind}")
def test_every_answer_is_the_engines(puzzle):
    game = Game.from_record(puzzle.record)  # every puzzle is a legal position
    pos = game.position
    answer = ws.solve_puzzle(puzzle)
    assert answer.lines, "no answer"
    if pos.pending:
        assert answer.outcomes == pos.collapse_outcomes()
        for square, outcome in answer.results.items():
            assert outcome == pos.child(100 + square).outcome
    kind = puzzle.kind
    if kind in ("realities", "count"):
        # Checked against a count by hand (every placement, one mark per square).
        assert answer.count == len(by_hand_realities(puzzle.record)) == count_realities(game)
    if kind == "realities":
        assert answer.realities == by_hand_realities(puzzle.record)[: ws.MAX_DRAWN_REALITIES]
    if kind == "chance":
        mark, _, square = puzzle.ask.partition("@")
        boards = by_hand_realities(puzzle.record)
        hits = [b for b in boards if (b.get(int(square)) == mark if mark else int(square) not in b)]
        assert answer.chance == Fraction(len(hits), len(boards))
    if kind == "cycle_pairs":
        # A pair closes a cycle exactly when its squares are already in one group.
        closing = [
            f"{a}-{b}"
            for a in range(1, 10)
            for b in range(a + 1, 10)
            if a not in pos.classical
            and b not in pos.classical
            and pos.component_of(a)
            and b in pos.component_of(a)
        ]
        assert answer.cycle_pairs == closing
    if kind == "next":
        # The chooser (opponent of the player whose pair closed the cycle) moves next,
        # on any square without a classical mark.
        last_pair = [tok for tok in puzzle.record.split() if "-" in tok]
        closer = "X" if len(last_pair) % 2 else "O"
        assert answer.lines[0].startswith("O" if closer == "X" else "X")
        assert answer.free == tuple(s for s in range(1, 10) if s not in pos.classical)
    if kind == "winner":
        assert pos.outcome is not None and pos.outcome.winner in answer.lines[0]
    if kind in ("best", "avoid"):
        chooser = pos.to_act
        wins = [f"c{s}" for s, o in answer.results.items() if o and o.winner == chooser]
        if kind == "best":
            assert answer.winning == wins and wins, "a best-choice puzzle needs a winning choice"
    if kind == "poisoned":
        opponent = "O" if pos.to_act == "X" else "X"
        bad = []
        for code in pos.legal_actions():
            after = pos.child(code)
            ends = [after.child(c).outcome for c in after.legal_actions()] if after.pending else []
            if any(end is not None and end.winner == opponent for end in ends):
                bad.append(f"{code // 10}-{code % 10}")
        assert answer.poisoned == bad and bad
    if kind == "ninth":
        assert answer.move == str(pos.free_squares[0]) and len(pos.free_squares) == 1
    if kind == "stems":
        assert answer.stems == {"X3": 6}  # RULES.md example 2: the stem lands in 6 either way


@pytest.mark.parametrize("level", [1, 2, 3])
def test_answer_sheet_shows_the_computed_answers_not_the_questions(level):
    i18n.set_language("en")
    # Wrapped lines are separate texts: join them with spaces to read the sheet.
    answers = " ".join(text_of(ws.answers_figure(level)).split())
    puzzles = " ".join(text_of(ws.puzzles_figure(level)).split())
    for puzzle in ws.LEVELS[level]:
        for line in ws.solve_puzzle(puzzle).lines:
            assert " ".join(line.split()) in answers
            assert " ".join(line.split()) not in puzzles  # no answer on the puzzle sheet
        assert puzzle.record in puzzles and puzzle.record in answers
        assert " ".join(ws.question(puzzle).split()) in puzzles


def test_answer_sheets_say_what_a_teacher_checks():
    answers = {level: " ".join(text_of(ws.answers_figure(level)).split()) for level in ws.LEVELS}
    assert "c1: 1=X3 2=X1 5=O2" in answers[2]  # Goff, Fig. 5: X3 to 1, X1 to 2, O2 to the centre
    assert "6 pairs close a cycle: 1-2, 1-6, 2-6, 5-8, 5-9, 8-9" in answers[2]
    assert "3/4: it happens in 3 of the 4 realities." in answers[2]  # Goff's 75 %
    assert "X makes move 3: the chooser moves next." in answers[1]
    assert "squares 1 and 2 hold classical marks, so no spooky mark may go there" in answers[1]
    assert "2 × 2 × 2 = 8" in answers[1]
    assert "No: O loses whichever square is chosen." in answers[3]
    assert "X can win by choosing after 1-7, 5-7" in answers[3]


def test_a_puzzle_whose_chooser_can_escape_says_so():
    # 1-2 1-2: O2 closes a 2-cycle and nothing can end the game, so X loses neither way.
    answer = ws.solve_puzzle(ws.Puzzle(9, "avoid", "1-2 1-2"))
    assert answer.lines[-1] == "Yes: the safe choices are c1, c2."


def test_sheets_speak_the_chosen_language():
    i18n.set_language("it")
    assert "Rompicapo 1" in text_of(ws.puzzles_figure(2))
    assert "Soluzioni, livello 2" in text_of(ws.answers_figure(2))
    assert "anello" in text_of(ws.rule_card_figure())


def test_unknown_puzzle_kind_is_refused():
    with pytest.raises(ValueError, match="unknown puzzle kind 'riddle'"):
        ws.solve_puzzle(ws.Puzzle(1, "riddle", "1-2"))


# --- the command line survives every user error and output environment (review D8) ----


def run_cli(*args: str, env: dict[str, str] | None = None, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "qttt_edu.worksheets", *args],
        capture_output=True,
        text=True,
        env={"MPLBACKEND": "Agg", "PATH": "", **(env or {})},
        timeout=120,
        **kw,
    )


def assert_clean_refusal(result: subprocess.CompletedProcess, *words: str) -> None:
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in result.stderr, result.stderr


def test_an_existing_file_as_out_is_refused_and_left_alone(tmp_path):
    target = tmp_path / "notes.txt"
    target.write_text("keep me")
    result = run_cli("--out", str(target))
    assert_clean_refusal(result, "notes.txt", "not a folder")
    assert target.read_text() == "keep me"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_folder_that_cannot_be_made_is_refused_with_the_reason(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    result = run_cli("--out", str(blocker / "sheets"))  # a folder inside a file
    assert_clean_refusal(result, "sheets", "cannot write")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.parametrize("dpi", ["0", "-5", "2400", "many", "1e3"])
def test_dpi_outside_the_printable_range_is_refused(tmp_path, dpi):
    result = run_cli("--out", str(tmp_path / "out"), "--dpi", dpi)
    assert_clean_refusal(result, "--dpi", "50", "600")
    assert not (tmp_path / "out").exists()


def test_dpi_is_bounded_in_the_library_too(tmp_path):
    for dpi in (0, -5, 2400):
        with pytest.raises(ValueError, match="from 50 to 600"):
            ws.write_worksheets(tmp_path / "out", dpi=dpi)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("out", ["", "   "])
def test_an_empty_out_is_refused_instead_of_writing_here(tmp_path, out):
    result = run_cli("--out", out, cwd=tmp_path)
    assert_clean_refusal(result, "--out")
    assert not list(tmp_path.iterdir())


def test_a_long_hostile_out_is_quoted_shortly(tmp_path):
    target = tmp_path / ("x" * 200)
    target.write_text("")
    result = run_cli("--out", str(target))
    assert_clean_refusal(result, "not a folder")
    assert len(result.stderr) < 600, result.stderr


def test_a_closed_pipe_gives_no_traceback(tmp_path):
    # The reader goes away before the paths are printed (like `... | head -0`).
    proc = subprocess.Popen(
        [*CLI, "--out", str(tmp_path), "--dpi", "50", "--sheet", "game_sheet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={"MPLBACKEND": "Agg", "PATH": ""},
    )
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode == 0
    assert (tmp_path / "game_sheet.en.pdf").exists()


@pytest.mark.parametrize("args", [["--help"], ["--out", "x", "--dpi", "0"]])
def test_help_and_errors_into_a_closed_pipe_give_no_traceback(tmp_path, args):
    proc = subprocess.Popen(
        [*CLI, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=tmp_path,
        env={"MPLBACKEND": "Agg", "PATH": ""},
    )
    proc.stdout.close()
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert "Traceback" not in err and "BrokenPipe" not in err, err
    assert proc.returncode == (0 if args == ["--help"] else 2)
    assert not list(tmp_path.iterdir())


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs Linux's /dev/full")
def test_a_full_output_device_gives_no_traceback(tmp_path):
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*CLI, "--out", str(tmp_path), "--dpi", "50", "--sheet", "rule_card"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            env={"MPLBACKEND": "Agg", "PATH": ""},
            timeout=120,
        )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0 and (tmp_path / "rule_card.en.pdf").exists()


def test_an_ascii_only_terminal_gets_readable_text(tmp_path):
    out = tmp_path / "opgaver_blå_ø"
    env = {"PYTHONIOENCODING": "ascii"}
    result = run_cli(
        "--out", str(out), "--lang", "da", "--dpi", "50", "--sheet", "rule_card", env=env
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "opgaver_blaa_oe" in result.stdout or "opgaver_bla_o" in result.stdout, result.stdout
    assert (out / "rule_card.da.pdf").exists()
    # Messages with the language's own letters are spelled out too, not a crash.
    refused = run_cli("--out", str(out / "rule_card.da.pdf"), "--lang", "da", env=env)
    assert refused.returncode == 2 and "Traceback" not in refused.stderr, refused.stderr


def test_the_default_png_is_sharp_enough_to_print(tmp_path):
    (path,) = ws.write_worksheets(tmp_path, ["nb"], sheets=["rule_card"], formats=["png"])
    assert path.name == "rule_card.nb.png"
    width, height = png_size(path.read_bytes())
    assert width >= 1200  # 150 dpi on A4
    assert height / width == pytest.approx(A4_MM[1] / A4_MM[0], rel=0.01)


@pytest.mark.parametrize(
    "name",
    [
        "rule_card.en.pdf",
        "puzzles_level2.en.pdf",
        "answers_level3.en.pdf",
        "exit_tickets.en.pdf",
        "quiz.en.pdf",
    ],
)
def test_committed_sheets_are_what_the_script_makes_now(tmp_path, name):
    # Regenerate with: python -m qttt_edu.worksheets --out lessons/rule_card --lang all
    # --sheet rule_card (and --out lessons/worksheets for the others; PDFs only there).
    lessons = Path(__file__).resolve().parents[1] / "lessons"
    committed = lessons / ("rule_card" if name.startswith("rule") else "worksheets") / name
    sheet = name.split(".")[0].split("_level")[0]
    made = ws.write_worksheets(tmp_path, ["en"], sheets=[sheet], formats=["pdf"])
    fresh = next(p for p in made if p.name == name)
    assert fresh.read_bytes() == committed.read_bytes(), f"{name} is stale: regenerate it"


def test_game_sheet_square_numbers_take_no_small_cell():
    # The key says move n goes in small cell n, so cell 9 (bottom right) must stay free:
    # the square numbers are large pale figures centred behind the nine cells.
    from matplotlib.colors import to_rgb

    fig = ws.game_sheet_figure()
    digits = [t for t in fig.axes[0].texts if t.get_text() in {str(s) for s in range(1, 10)}]
    behind = [t for t in digits if t.get_fontsize() > 20]
    assert len(behind) == 27  # three boards of nine squares
    for text in behind:
        assert to_rgb(text.get_color()) == to_rgb(ws.PALE)
        assert text.get_ha() == "center" and text.get_va() == "center"
        assert text.get_zorder() < 1  # under the ink
    # No other digit sits in a square's bottom-right corner, where cell n=9 is.
    small = [t for t in digits if t.get_fontsize() <= 20 and t.get_ha() == "right"]
    assert not [t for t in small if t.get_position()[0] < ws.MARGIN + 100], "corner numbers"


@settings(max_examples=300, deadline=None)
@given(
    out=st.text(max_size=300),
    dpi=st.one_of(st.text(max_size=40), st.integers(-(10**6), 10**6).map(str)),
)
def test_any_typed_options_get_an_answer_not_a_traceback(tmp_path_factory, out, dpi):
    # Nothing is drawn: the sheets themselves are tested above; here only what a user
    # types reaches the command line's checks, and every outcome is a clean one.
    calls = []
    real = ws.write_worksheets
    ws.write_worksheets = lambda folder, *a, **k: calls.append(folder) or []  # type: ignore[assignment]
    try:
        code = ws.main(["--out", out, "--dpi", dpi])
    except SystemExit as stop:
        code = stop.code
    finally:
        ws.write_worksheets = real
    assert code in (0, 2)
    if code == 0:
        assert out.strip() and "\x00" not in out and 50 <= int(dpi) <= 600
        assert calls


def test_a_folder_name_with_a_nul_byte_is_refused(tmp_path, capsys):
    # A command line cannot carry one, but main() called from Python can.
    with pytest.raises(SystemExit) as stop:
        ws.main(["--out", str(tmp_path / "a\x00b"), "--sheet", "rule_card"])
    assert stop.value.code == 2
    assert "NUL" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


def test_the_rule_card_graph_shows_a_cycle_as_a_cycle():
    # 1, 5 and 9 lie on one line: the pair 1-9 must bend, or the triangle looks like a stroke.
    from matplotlib.patches import FancyArrowPatch

    _fig, ax = ws._new_page()
    ws._graph(ax, 20, 20, 14, Game.from_record("1-5 5-9 1-9").position)
    edges = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    bends = [p.get_connectionstyle().rad for p in edges]
    assert bends[:2] == [0, 0] and bends[2] != 0
    assert [p.get_linestyle() for p in edges][2] != "-"  # the newest pair is dashed
    # Two pairs on the same squares bend apart.
    _fig, ax = ws._new_page()
    ws._graph(ax, 20, 20, 14, Game.from_record("2-3 2-3").position)
    bends = [p.get_connectionstyle().rad for p in ax.patches]
    assert len(set(bends)) == 2


def test_old_names_still_work_with_a_deprecation_warning():
    """solve and draw_board clashed with solver.solve and drawing.draw_board; the old
    names still answer, with a warning that names the new ones."""
    with pytest.warns(DeprecationWarning, match="solve_puzzle"):
        old = ws.solve
    assert old is ws.solve_puzzle
    with pytest.warns(DeprecationWarning, match="draw_paper_board"):
        assert ws.draw_board is ws.draw_paper_board
    with pytest.raises(AttributeError, match="draw_bored"):
        ws.draw_bored  # noqa: B018


# --- handouts: the exit tickets and the quiz without their answers ----------------------

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def drawn_text(pages) -> str:
    """Every text drawn on ``pages`` (what their PDF writes), wrapped lines joined again."""
    return " ".join(" ".join(t.get_text() for t in fig.axes[0].texts) for fig in pages).split()


def answer_pieces(handout) -> list[str]:
    """The key's text in pieces a student could copy: each clause of at least 12 characters,
    Markdown marks and item numbers taken off."""
    pieces = []
    for block in (b for part in handout.parts for b in part.key):
        plain = re.sub(r"^(\d+\.|##)\s+", "", block.replace("**", "").replace("`", ""))
        pieces += [p.strip() for p in re.split(r"[.:;(]\s|\)|\n", plain) if len(p.strip()) >= 12]
    return pieces


def leaks(pages, handout) -> list[str]:
    """The pieces of ``handout``'s key that are drawn on ``pages``."""
    drawn = " ".join(drawn_text(pages))
    return [piece for piece in answer_pieces(handout) if " ".join(piece.split()) in drawn]


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_handouts_keep_the_english_structure_in_every_language(lang):
    for name in ws.HANDOUTS:
        english, handout = ws.load_handout(name, "en"), ws.load_handout(name, lang)
        shape = [(len(p.questions), bool(p.key)) for p in handout.parts]
        assert shape == [(len(p.questions), bool(p.key)) for p in english.parts], (lang, name)
        assert all(n >= 3 for n, _ in shape) and "`a-b`" in handout.note
    assert len(ws.load_handout("exit_tickets", lang).parts) == 10
    assert len(ws.load_handout("quiz", lang).parts[0].questions) == 10


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
@pytest.mark.parametrize("name", ws.HANDOUTS)
def test_no_answer_reaches_the_students_handout(lang, name):
    i18n.set_language(lang)
    handout = ws.load_handout(name, lang)
    pieces = answer_pieces(handout)
    assert len(pieces) >= 10  # the check has something to look for
    student = ws.handout_figures(handout)
    assert leaks(student, handout) == []
    drawn = " ".join(drawn_text(student))
    for question in (q for part in handout.parts for q in part.questions):
        assert " ".join(question.replace("`", "").split()[1:6]) in drawn
    # The key has its own file, and every piece of it is there.
    assert len(leaks(ws.key_figures(handout), handout)) == len(pieces)


def test_the_leak_check_catches_an_answer_planted_among_the_questions():
    text = (LESSONS / "exit_tickets.md").read_text(encoding="utf-8")
    clean = ws.parse_handout(text, "exit_tickets")
    answer = clean.parts[1].key[1]  # lesson 01's first answer, as the file writes it
    planted = text.replace("\n\n**Answers.**\n" + answer, "\n" + answer + "\n\n**Answers.**", 1)
    assert planted != text
    caught = leaks(ws.handout_figures(ws.parse_handout(planted, "exit_tickets")), clean)
    assert caught and all(piece in answer for piece in caught)


def test_handout_pages_are_a4_text_on_the_page():
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    for lang in i18n.LANGUAGES:
        i18n.set_language(lang)
        for name in ws.HANDOUTS:
            handout = ws.load_handout(name, lang)
            for fig in ws.handout_figures(handout) + ws.key_figures(handout):
                fig.set_dpi(40)
                renderer = FigureCanvasAgg(fig).get_renderer()
                edge = 5 / 25.4 * fig.dpi
                boxes = [(t, t.get_window_extent(renderer)) for t in fig.axes[0].texts]
                for text, box in boxes:
                    assert box.x0 >= edge and box.x1 <= fig.bbox.x1 - edge, (lang, text)
                    assert box.y0 >= edge * 0.5 and box.y1 <= fig.bbox.y1 - edge, (lang, text)
                # No text runs into another (a long heading into the name line, say).
                for i, (a, box_a) in enumerate(boxes):
                    for b, box_b in boxes[i + 1 :]:
                        overlap = (
                            min(box_a.x1, box_b.x1) - max(box_a.x0, box_b.x0),
                            min(box_a.y1, box_b.y1) - max(box_a.y0, box_b.y0),
                        )
                        assert min(overlap) <= 0.5, (lang, a.get_text()[:40], b.get_text()[:40])


def test_a_missing_lessons_folder_is_refused_before_anything_is_written(tmp_path):
    with pytest.raises(FileNotFoundError):
        ws.write_worksheets(tmp_path / "out", ["da"], sheets=["quiz"], lessons=tmp_path / "none")
    assert not (tmp_path / "out").exists()


def test_without_a_lessons_folder_the_command_says_so_or_makes_the_other_sheets(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setattr(ws, "LESSONS", tmp_path / "installed-without-lessons")
    assert ws.main(["--out", str(tmp_path / "a"), "--lang", "nb", "--sheet", "quiz"]) == 2
    assert "lessons" in capsys.readouterr().err and not (tmp_path / "a").exists()
    made = []
    monkeypatch.setattr(ws, "write_worksheets", lambda out, langs, **kw: made.append(kw) or [])
    assert ws.main(["--out", str(tmp_path / "b")]) == 0
    assert made[0]["sheets"] == ["rule_card", "game_sheet", "puzzles", "answers"]
