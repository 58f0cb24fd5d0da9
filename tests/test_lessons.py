"""Teacher materials: plans that fit a 45-minute period, exit tickets and a quiz whose
answers the engine confirms, and the README's lesson tables in step with the plans."""

from __future__ import annotations

import math
import re
from fractions import Fraction
from itertools import pairwise, product
from pathlib import Path

import numpy as np
import pytest

from qttt_edu import Game
from qttt_edu.quantum import count_realities, mark_odds, square_odds

ROOT = Path(__file__).resolve().parents[1]
LESSONS = ROOT / "lessons"
PLANS = sorted((LESSONS / "plans").glob("0*.md"))


# --- plans: 45 minutes, a stop point, an extension, support and extension tracks ------


def sections(text: str, level: str) -> dict[str, str]:
    """Heading -> body for every heading of ``level`` ("##" or "###")."""
    parts = re.split(rf"^{level} (.+)$", text, flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def table_rows(body: str) -> list[tuple[str, str]]:
    """The (first cell, second cell) rows of the first Markdown table in ``body``."""
    rows = []
    for line in body.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) >= 2 and not set(cells[0]) <= set("-: "):
            rows.append((cells[0], cells[1]))
        elif rows and not line.startswith("|"):
            break
    return rows[1:]  # without the header row


def timing_tables(text: str) -> list[list[tuple[str, str]]]:
    tables = []
    for heading, body in sections(text, "##").items():
        if heading.startswith("Timing"):
            lessons = sections(body, "###")
            for part in lessons.values() if lessons else [body]:
                tables.append(table_rows(part))
    return tables


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.stem)
def test_every_plan_fits_45_minutes_with_a_stop_point_and_an_extension(plan):
    tables = timing_tables(plan.read_text("utf-8"))
    assert tables, f"{plan.name} has no timing table"
    for rows in tables:
        spans = [tuple(map(int, m.split("-"))) for m, _ in rows if re.fullmatch(r"\d+-\d+", m)]
        assert spans[0][0] == 0 and spans[-1][1] == 45, (plan.name, spans)
        assert all(a[1] == b[0] for a, b in pairwise(spans)), spans
        stops = [(m, text) for m, text in rows if "Stop here if short of time" in text]
        assert len(stops) == 1, f"{plan.name}: one marked stop point per lesson"
        assert 0 < int(stops[0][0]) < 45
        extension = [text for m, text in rows if m == "Extension"]
        assert extension and len(extension[0]) > 20, f"{plan.name} lacks an extension"
        assert any("exit_tickets.md#lesson-" in text for _, text in rows), plan.name


@pytest.mark.parametrize("plan", PLANS, ids=lambda p: p.stem)
def test_every_plan_has_a_support_and_an_extension_track(plan):
    parts = sections(plan.read_text("utf-8"), "##")
    for track in ("Support track", "Extension track"):
        items = re.findall(r"^- ", parts.get(track, ""), flags=re.M)
        assert len(items) >= 3, f"{plan.name}: '{track}' needs at least three suggestions"


def without_links(text: str) -> str:
    return re.sub(r"\]\([^)]*\)", "]", text)


def test_the_readme_45_minute_session_is_plan_00():
    readme = sections((LESSONS / "README.md").read_text("utf-8"), "###")
    session = table_rows(readme["A single 45-minute session"])
    plan = timing_tables(PLANS[0].read_text("utf-8"))[0]
    assert [(m, without_links(a)) for m, a in session] == [(m, without_links(a)) for m, a in plan]


def test_plan_07_says_one_thing_about_signalling():
    text = (LESSONS / "plans" / "07_metaphor_and_physics.md").read_text("utf-8")
    assert "in physics or in the game" not in text  # the old contradiction
    assert "no-signalling" in text and "CHSH" in text
    # Physics never allows it; the game's chooser could, and the plan says why.
    assert "In physics no one can" in text and "the chooser *decides*" in text


def test_the_curriculum_table_links_every_lesson_to_the_physics_goals():
    readme = sections((LESSONS / "README.md").read_text("utf-8"), "###")
    body = readme["Links to the physics curriculum"]
    header = body[body.index("| Lesson") :].splitlines()[0]
    for goal in ("Quantum states", "Measurement", "Probability"):
        assert goal in header
    rows = table_rows(body)
    assert [re.search(r"\[(\d\d)\]", m).group(1) for m, _ in rows] == [f"0{n}" for n in range(8)]


# --- exit tickets and the quiz: answers the engine confirms ---------------------------


def _pos(record: str):
    return Game.from_record(record).position


def _fraction(value: float | Fraction) -> str:
    f = Fraction(value).limit_denominator(100)
    return f"{f.numerator}/{f.denominator}"


def _chooser(record: str) -> str:
    pos = _pos(record)
    assert pos.pending, f"{record} has no cycle waiting to collapse"
    return pos.to_act


def _outcomes(record: str) -> str:
    out = _pos(record).collapse_outcomes()
    return "; ".join(
        f"c{s}: " + " ".join(f"{q}={m}" for q, m in sorted(marks.items()))
        for s, marks in out.items()
    )


def _stem(record: str, mark: str) -> int:
    (square,) = {marks_sq[mark] for marks_sq in _by_mark(_pos(record))}
    return square


def _by_mark(pos):
    return [{m: s for s, m in marks.items()} for marks in pos.collapse_outcomes().values()]


def _poisoned(record: str) -> str:
    pos = _pos(record)
    opponent = "O" if pos.to_act == "X" else "X"
    bad = []
    for code in pos.legal_actions():
        after = pos.child(code)
        if after.pending and any(
            (end := after.child(c).outcome) and end.winner == opponent
            for c in after.legal_actions()
        ):
            bad.append(f"{code // 10}-{code % 10}")
    return ", ".join(bad)


def _best(record: str) -> str:
    pos = _pos(record)
    return ", ".join(
        f"c{code - 100}"
        for code in pos.legal_actions()
        if (end := pos.child(code).outcome) and end.winner == pos.to_act
    )


def _joint(alice: float, bob: float) -> np.ndarray:
    def turn(deg: float) -> np.ndarray:
        t = math.radians(deg)
        return np.array([[math.cos(t), math.sin(t)], [-math.sin(t), math.cos(t)]])

    bell = np.array([1, 0, 0, 1]) / math.sqrt(2)
    return (np.kron(turn(alice), turn(bob)) @ bell) ** 2


def _hadamard_twice() -> int:
    h = np.array([[1, 1], [1, -1]]) / math.sqrt(2)
    return round(float((h @ h @ np.array([1, 0]))[0] ** 2))


def _chsh_quantum() -> str:
    sign = np.array([1, -1, -1, 1])
    e = lambda a, b: float(sign @ _joint(a, b))  # noqa: E731
    s = e(0, 22.5) + e(0, -22.5) + e(45, 22.5) - e(45, -22.5)
    return f"{s:.2f}"


ENGINE = {
    "chooser": _chooser,
    "to_act": lambda r: _pos(r).to_act,
    "free": lambda r: ", ".join(map(str, _pos(r).free_squares)),
    "realities": lambda r: count_realities(Game.from_record(r)),
    "chance": lambda r, m, s: _fraction(mark_odds(_pos(r), exact=True)[m][s]),
    "empty_chance": lambda r, s: _fraction(square_odds(_pos(r), exact=True)[s].get("", 0)),
    "stem": _stem,
    "spooky_after": lambda r: ", ".join(m for m, _ in Game.from_record(r).spooky_marks),
    "winner": lambda r: _pos(r).outcome.winner,
    "scores": lambda r: ", ".join(
        f"{p} {_fraction(v) if v % 1 else int(v)}" for p, v in _pos(r).outcome.scores.items()
    ),
    "poisoned": _poisoned,
    "best": _best,
    "outcomes": _outcomes,
    "cycle_pairs": lambda r: ", ".join(
        f"{c // 10}-{c % 10}" for c in _pos(r).legal_actions() if _pos(r).child(c).pending
    ),
    "classical_in": lambda r, s: Game.from_record(r).classical.get(s),
    "first_moves": lambda: len(Game().position.legal_actions()),
    "born": lambda a: f"{a * a:.2f}",
    "hadamard_twice": lambda: _hadamard_twice(),
    "chsh_classical": lambda: max(
        a * b + a * b2 + a2 * b - a2 * b2 for a, a2, b, b2 in product((1, -1), repeat=4)
    ),
    "chsh_quantum": _chsh_quantum,
    "alice_ones": lambda bob: _fraction(float(_joint(0, bob)[2:].sum())),
}

NOTE = re.compile(r"<!-- engine: (\w+)\((.*?)\) = (.+?) -->")
PAGES = ["exit_tickets.md", "quiz.md"]


def engine_notes(page: str) -> list[tuple[str, str, str, str]]:
    """(visible answer line, function, arguments, expected) for every engine note."""
    notes = []
    for line in (LESSONS / page).read_text("utf-8").splitlines():
        visible = re.sub(r"<!--.*?-->", "", line)
        for name, args, expected in NOTE.findall(line):
            notes.append((visible, name, args, expected.strip()))
    return notes


@pytest.mark.parametrize("page", PAGES)
def test_answers_about_positions_are_the_engines(page):
    notes = engine_notes(page)
    assert len(notes) >= 10, f"{page}: too few answers checked"
    for visible, name, args, expected in notes:
        got = ENGINE[name](*eval(f"({args},)" if args else "()"))  # the page's own arguments
        assert str(got) == expected, f"{page}: {name}({args}) is {got}, the page says {expected}"
        # The answer a teacher reads says the same as the checked note.
        for part in re.split(r"[;,] ", expected):
            assert part in visible, f"{page}: answer line does not show {part!r}: {visible}"


def test_every_record_in_an_answer_is_checked():
    for page in PAGES:
        text = (LESSONS / page).read_text("utf-8")
        records = set(re.findall(r"`((?:\d-\d|c\d)(?: (?:\d-\d|c\d|\d))*)`", text))
        checked = {args.split('"')[1] for _, _, args, _ in engine_notes(page) if '"' in args}
        assert records <= checked, f"{page}: unchecked records {sorted(records - checked)}"


def test_an_exit_ticket_for_every_lesson_with_three_questions_and_answers():
    text = (LESSONS / "exit_tickets.md").read_text("utf-8")
    anchors = re.findall(r'<a id="(lesson-\d\d[ab]?)"></a>', text)
    for n in range(8):
        assert any(a.startswith(f"lesson-0{n}") for a in anchors), f"no ticket for lesson 0{n}"
    tickets = sections(text, "##")
    assert len(tickets) == len(anchors)
    for title, body in tickets.items():
        questions, _, answers = body.partition("**Answers.**")
        assert re.findall(r"^\d\. ", questions, flags=re.M) == ["1. ", "2. ", "3. "], title
        assert re.findall(r"^\d\. ", answers, flags=re.M) == ["1. ", "2. ", "3. "], title
    # Every plan links to tickets that exist.
    for plan in PLANS:
        for anchor in re.findall(r"exit_tickets\.md#(lesson-\w+)", plan.read_text("utf-8")):
            assert anchor in anchors, f"{plan.name} links to a missing ticket {anchor}"


def test_the_quiz_has_an_answer_for_every_question():
    parts = sections((LESSONS / "quiz.md").read_text("utf-8"), "##")
    questions = re.findall(r"^(\d+)\. ", parts["Questions"], flags=re.M)
    answers = re.findall(r"^(\d+)\. ", parts["Answer key"], flags=re.M)
    assert questions == answers == [str(n) for n in range(1, 11)]


def test_the_rule_card_answers_no_question_it_may_be_used_for():
    """The quiz allows the rule card for questions 1-7. The card's pictures play
    ``RULE_CARD_RECORD`` and say who chooses and where the marks land, so no such question
    may ask about that game or a position on the way to it, in any language."""
    from qttt_edu.worksheets import RULE_CARD_RECORD

    moves = RULE_CARD_RECORD.split()
    on_the_card = {" ".join(moves[:n]) for n in range(2, len(moves) + 1)}
    pages = [LESSONS / "quiz.md", *sorted(LESSONS.glob("*/quiz.md"))]
    assert len(pages) == 5
    for page in pages:
        questions = re.split(r"^## ", page.read_text("utf-8"), flags=re.M)[1]
        allowed = re.findall(r"^([1-7])\. (.*)$", questions, flags=re.M)
        assert [n for n, _ in allowed] == list("1234567"), page
        for number, text in allowed:
            asked = set(re.findall(r"`([^`]+)`", text))
            assert not asked & on_the_card, f"{page.name} question {number}: {asked & on_the_card}"
