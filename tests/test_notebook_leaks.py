"""A student scrolls: no answer may be readable before the student has run its reveal.

The test reads every student notebook (English and the four translations) the way a
student sees it before running anything: the prose with its folded ``<details>`` blocks
still closed, the code of every cell (a reveal cell's code too), the outputs the student
copy keeps, and the Summary. For every question it looks everywhere, above the question
and below it, for the question's answer in any written form:

* an **exercise**'s answer is whatever its checker accepts (``checks.check``, which reads
  numbers, number words, fractions and percentages, players, squares and records in the
  five languages);
* a **prediction**'s answer is the result its reveal names in the reference run
  ("The result: 4/5."), read as a number (any form: ``0.8``, ``80 %``, ``4/5``, "four",
  "fire", "neljä", "quattro"), a yes/no (an answer word opening a sentence, in any of the
  five languages), a winner ("O wins", "vince O") or a list of marks.

Short pieces (code spans, the values typed into code, output lines) are checked
everywhere. Whole sentences of prose, where numbers and letters also mean other things,
are read in full where an explanation would sit (the three cells after the question and
the Summary); elsewhere, above the question or further below, a sentence gives an
exercise away by a large number ("36", "131 billion") or by counting what the question
counts ("four realities"). Text that reads like an answer but is none is listed, with the
reason, in ``COINCIDENCES``. Planted leaks prove the test can fail.
"""

from __future__ import annotations

import ast
import contextlib
import copy
import functools
import itertools
import re
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any

import nbformat
import pytest

from qttt_edu import answers, checks
from qttt_edu.i18n import get_language, set_language, t
from tests.notebook_cells import reference_truth

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REFERENCE = ROOT / "tests" / "notebooks_ref"
STUDENT = sorted([*NOTEBOOKS.glob("0*.ipynb"), *(NOTEBOOKS / "i18n").glob("0*.ipynb")])
IDS = [str(p.relative_to(NOTEBOOKS)) for p in STUDENT]

EXERCISE = re.compile(r'checks\.check\("(\d\d-\d)"')
EXERCISE_ID = re.compile(r"\b\d\d-\d\b")
DETAILS = re.compile(r"<details>.*?</details>", re.S)
LINK = re.compile(r"\]\([^)\s]*\)")  # a link's target: a file name, not something said
# A full stop that ends an abbreviation, not a sentence: "Fig. 3", "e.g. B. Hensen".
ABBREVIATION = re.compile(r"\b(?:[Ff]igs?|kuva|e\.g|fx|esim|f\.eks|es|ca|cf|vs|[A-Z])\.\s")
HEADING = re.compile(r"^#+\s*[\d.]*", re.M)  # "## 4." numbers a section, it answers nothing
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# A list of the choices a question offers (`"X"`, `"O"` or `"draw"`) is not an answer.
CHOICES = re.compile(r'`"\w{1,12}"`(?:\s*(?:,|\w{1,5})\s*`"\w{1,12}"`)+')
SENTENCE = re.compile(r"(?<=[.!?;])\s+|\n\s*[-*>|]\s*|\n\n+")
# A number that names something rather than counts it: "square 4", "move 9", "Fig. 2",
# "notebook 07", "section 3", a mark (X3), a move (1-5), a power (amplitude²), "k + 1".
LABEL = re.compile(
    r"\b(?:squares?|felt(?:et|er|erne)?|ruu\w*|casell\w*|rut\w*|moves?|træk\w*|trekk\w*|"
    r"siir\w*|moss\w*|fig\w*\.?|kuva\w*|notebooks?|notesbog\w*|notatbok\w*|muistikir\w*|"
    r"sections?|afsnit\w*|avsnitt\w*|osio\w*|sezion\w*|rungs?|trin\w*|cells?|celle\w*|"
    r"sol\w*|ex\w*|opgave\w*|oppgave\w*|tehtä\w*|eserciz\w*)"
    r"\s*\d+(?:\s*(?:,|and|og|ja|e|-|–)\s*\d+)*"  # "square 4", "Figs. 14–16", "squares 1 and 3"
    r"|\b\w+\s+(?=(?:square\w*|felt\w*|rut\w*|ruutu\w*|ruud\w*|casell\w*)\b)"  # "two squares"
    r"|\b\d\d\s*·|\b[XO]\d\b|\b\d-\d\b|\b\d\d-\d\b"  # "03 · Title", X3, 1-5, 02-4
    r"|[²³⁰¹⁴-⁹]|\b[kn]\s*[+−-]\s*1\b",  # amplitude², k + 1
    re.I,
)
WORD = re.compile(r"[^\W\d_]+")
# A question that asks for a count, in the five languages.
HOW_MANY = re.compile(r"how many|hvor mange|kuinka mon|montako|quant[aie]", re.I)
# Words the number reader takes for "one" but that are articles here ("en vektor", "un
# vettore"), and the Norwegian "tre" that is a tree ("et tre", "ett enkelt tre").
NOT_NUMBERS = re.compile(
    r"\b(?:a|an|en|et|ett|ei|un|una|uno)\b|\b(?:et|ett|enkelt|hvert)\s+tre\b|\btreet\b", re.I
)
# An answer word opening a sentence: "No: X3 links...", "Nej, ...", "Ei.", "Sì:".
YES_NO = {
    True: r"yes|ja|kyllä|sì|joo",
    False: r"no|nej|nei|ei|non",
}
WINS = r"wins?|won|vinder|vandt|vinner|vant|voittaa|voitti|vince|vinto"
NEAR = 3  # cells below a question that are always read as prose
SOLUTION_WORDS = ("05-3",)  # the answer is a function the student writes: no text passes

# Text that reads like an answer but is none, reviewed by hand: (notebook, question, cell)
# -> why. Cells are numbered alike in every language, so one entry covers all five.
COINCIDENCES: dict[tuple[str, str, int], str] = {
    ("02_entanglement", "02-3", 2): (
        "Goff's Fig. 3, `1-2 2-5`: 02-3 asks for any pair that grows square 1's side of "
        "`1-3 1-2`, and 2-5 happens to be one of its twelve right answers"
    ),
    ("02_entanglement", "02-3", 34): (
        "section 4's ladder grows the chain of 02-3 one rung at a time; its rung `2-4` is "
        "one of the twelve right answers, shown after the exercise as the next topic"
    ),
    ("02_entanglement", "02-1", 10): (
        "02-2's note that a fraction, a decimal or a percentage are all fine: 'all three' "
        "(Danish 'alle tre') counts answer forms, not realities"
    ),
    ("01_superposition", "01-1", 34): (
        "the follow-up task asks for a record of three moves with 4 realities: a target it "
        "sets, not the count of Fig. 2 that 01-1 asks for"
    ),
    ("01_superposition", "prediction 31", 34): (
        "the same follow-up task: '4 realities' is a target for a record, not the number of "
        "separate groups the prediction asks for"
    ),
    ("07_metaphor_and_physics", "07-3", 28): (
        "section 5 names the basis states 00, 01, 10, 11 and the results 0 or 1: labels of "
        "outcomes, not the probability 07-3 asks for (its explanation above is folded)"
    ),
    ("07_metaphor_and_physics", "07-1", 13): (
        "section 3 sets the variant's fair coin ('50 e 50' in Italian) against the Born rule: "
        "the premise section 1 gave before 07-1, restated two sections after it"
    ),
    ("07_metaphor_and_physics", "07-1", 22): (
        "a qubit after one H gate ('50 e 50' in Italian): even chances of another system, "
        "not X3's probability under the coin that 07-1 asks for"
    ),
    ("03_measurement_and_collapse", "prediction 5", 45): (
        "the Summary's 'joins two squares already connected' counts squares, not realities "
        "(Finnish puts the words between: 'kaksi jo yhteydessä olevaa ruutua')"
    ),
    ("07_metaphor_and_physics", "07-3", 23): (
        "the Hadamard matrix's row [1, 1] in section 4's code: entries of H, not the "
        "probability 07-3 asks for"
    ),
    ("07_metaphor_and_physics", "07-1", 27): (
        "the coin step [[0.5, 0.5], [0.5, 0.5]] in 07-3's code: a fair coin, the premise "
        "07-1 starts from, four sections below it"
    ),
    ("07_metaphor_and_physics", "07-3", 29): (
        "section 5's code: its docstring names the outcome pairs 00, 01, 10, 11, labels of a "
        "two-qubit result, not the probability 07-3 asks for"
    ),
    ("07_metaphor_and_physics", "07-3", 47): (
        "section 7's 'one fact' and 'one measurement' are words, not a probability"
    ),
}


@dataclass(frozen=True)
class Question:
    name: str  # "02-3" for an exercise, "prediction 2" for a prediction
    cell: int  # the cell where the student answers
    end: int  # the last cell that belongs to the question (its reveal or help)
    truth: Any = None  # a prediction's result; None for an exercise
    words: frozenset[str] = frozenset()  # what the question counts ("realities", "moves")


@dataclass(frozen=True)
class Piece:
    cell: int
    text: str
    sentence: bool  # a sentence of prose (read only near a question and in the Summary)
    output: bool = False  # a stored output (else typed: prose or code)


def _lang(path: Path) -> str:
    parts = path.name.split(".")
    return parts[1] if len(parts) == 3 else "en"


def _tags(cell) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _output_text(output) -> str:
    if output.get("output_type") == "stream":
        return output.get("text", "")
    data = output.get("data", {})
    if "text/html" in data:  # what the page shows: the HTML, not its text fallback
        return re.sub(r"<[^>]+>", " ", data["text/html"])
    if {"image/svg+xml", "image/png"} & set(data):
        return ""  # a picture: its text fallback ("<Figure ...>", a repr) is not shown
    return data.get("text/plain", "")


@contextlib.contextmanager
def _speaking(lang: str) -> Iterator[None]:
    """The kit's language set to ``lang`` for a while (the reveal's words, the checkers)."""
    before = get_language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


def _truth(shown: str, lang: str) -> Any:
    """The result a reveal names, as a value: bool, Fraction, or a word or list of words."""
    text = reference_truth(shown, lang)
    if text == t("predict_yes"):
        return True
    if text == t("predict_no"):
        return False
    if re.fullmatch(r"[\d.,/ ]+", text):
        return answers.number(text.replace(",", "."))
    return tuple(part.strip() for part in text.split(","))


def _stems(cell) -> frozenset[str]:
    """The words of a question's prompt that asks for a count ("How many realities...?"),
    cut to their first five letters (inflections); nothing for any other question."""
    if not HOW_MANY.search(cell.source):
        return frozenset()
    return frozenset(w[:5].casefold() for w in re.findall(r"[^\W\d_]{4,}", cell.source))


def _counts(text: str, lang: str, words: frozenset[str]) -> list[Fraction]:
    """The small whole numbers in ``text`` that count what the question counts: "four
    realities" under "How many realities...?", "fire virkeligheder" in Danish."""
    tokens = re.findall(r"[^\W_]+", NOT_NUMBERS.sub(" ", LABEL.sub(" ", text)))
    found = []
    for number, noun in itertools.pairwise(tokens):
        if noun[:5].casefold() not in words:
            continue
        try:
            found.append(answers.number(number, lang))
        except answers.Unreadable:
            continue
    return found


def questions(path: Path) -> list[Question]:
    """Every exercise and prediction of the student notebook at ``path``, in order."""
    student = nbformat.read(path, as_version=4).cells
    reference = nbformat.read(REFERENCE / path.relative_to(NOTEBOOKS), as_version=4).cells
    found = []
    for i, cell in enumerate(student):
        if cell.cell_type != "code":
            continue
        if "prediction" in _tags(cell):
            shown = "".join(_output_text(o) for o in reference[i + 1].outputs)
            with _speaking(_lang(path)):
                truth = _truth(shown, _lang(path))
            found.append(Question(f"prediction {i}", i, i + 1, truth, _stems(student[i - 1])))
        exercise = EXERCISE.search(cell.source)
        if exercise:
            found.append(Question(exercise.group(1), i, i + 1, None, _stems(student[i - 1])))
    return found


def pieces(cells) -> list[Piece]:
    """Everything a student can read before running a reveal, cut into pieces."""
    out: list[Piece] = []
    for i, cell in enumerate(cells):
        if cell.cell_type == "markdown":
            prose = DETAILS.sub(" ", cell.source)
            out += [Piece(i, s, False) for s in CODE_SPAN.findall(CHOICES.sub(" ", prose))]
            plain = HEADING.sub(" ", CODE_SPAN.sub(" ", CHOICES.sub(" ", prose)))
            plain = ABBREVIATION.sub(
                lambda m: m.group(0).replace(" ", "\x01"), LINK.sub("]", plain)
            )
            out += [Piece(i, s.replace("\x01", " "), True) for s in SENTENCE.split(plain)]
            continue
        source = "\n".join(
            line for line in cell.source.splitlines() if not line.startswith("# NBVAL")
        )
        if "prediction" in _tags(cell) or EXERCISE.search(source):
            continue  # the student's own cell: `guess = ...`, `answer = ...`
        # a string of three words or more (a docstring, a title) is read like prose
        out += [Piece(i, v, len(WORD.findall(v)) >= 3) for v in _literals(source)]
        for output in cell.get("outputs", []):
            text = _output_text(output)
            out += [Piece(i, s, False, True) for s in (text, *text.splitlines())]
            for line in text.splitlines():
                single = re.findall(r"\d+(?:[.,/]\d+)?\s*%?", line)
                if len(single) == 1:  # "4 realities" shows the number 4
                    out += [Piece(i, single[0], False, True)]
    return [p for p in out if p.text.strip()]


def _literals(source: str) -> list[str]:
    """The values typed into a code cell that could be an answer: strings, collections of
    constants, and numbers assigned to a name or passed to a move (`play(3)`)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    formatted = {id(n) for f in ast.walk(tree) if isinstance(f, ast.JoinedStr) for n in ast.walk(f)}
    formatted |= {  # set_language("da") names a language, not an answer
        id(n)
        for call in ast.walk(tree)
        if isinstance(call, ast.Call) and getattr(call.func, "id", "") == "set_language"
        for n in ast.walk(call)
    }
    for node in ast.walk(tree):
        if id(node) in formatted:
            continue  # a piece of an f-string: a label around a computed value
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if not EXERCISE_ID.fullmatch(node.value):  # checks.hint("02-4")
                found.append(node.value)
        elif isinstance(node, (ast.Set, ast.List, ast.Tuple)) and all(
            isinstance(e, ast.Constant) for e in node.elts
        ):
            found.append(", ".join(str(e.value) for e in node.elts))  # type: ignore[attr-defined]
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            found.append(str(node.value.value))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "play"
        ):
            found += [str(a.value) for a in node.args if isinstance(a, ast.Constant)]
    return [f for f in found if not re.fullmatch(r"\s*[\w ]+:\s*", f)]  # a printed label


@functools.cache
def _numbers(text: str, lang: str) -> tuple[Fraction, ...]:
    """Every number in ``text`` (labels and articles left out); a sentence the reader refuses
    as a whole is read clause by clause, so one odd citation does not hide "131 billion"."""
    plain = NOT_NUMBERS.sub(" ", LABEL.sub(" ", text))
    try:
        return tuple(answers.numbers(plain, lang))
    except answers.Unreadable:
        pass
    found: list[Fraction] = []
    for clause in re.split(r"[,;:()\[\]“”\"«»]", plain):
        try:
            found += answers.numbers(clause, lang)
        except answers.Unreadable:
            continue
    return tuple(found)


@functools.cache
def _accepts(exercise: str, text: str, lang: str) -> bool:
    """Whether the checker of ``exercise`` takes ``text`` (the kit speaks ``lang``); the same
    piece is offered to many questions, so each verdict is kept."""
    return checks.check(exercise, text).ok


@functools.cache
def _player_truth(exercise: str) -> str | None:
    for player in ("X", "O"):
        if checks.check(exercise, player).ok:
            return player
    return None


def _names_winner(text: str, player: str) -> bool:
    p = re.escape(player)
    return bool(
        re.search(rf"\b{p}\b\W+(?:\w+\s+)?({WINS})\b", text, re.I)
        or re.search(rf"\b({WINS})\s+(?:\w+\s+)?{p}\b", text, re.I)
    )


def _same_number(value: Fraction, truth: Fraction) -> bool:
    if truth.denominator == 1 and value.denominator == 1:
        return value == truth
    return abs(value - truth) <= max(abs(truth) / 50, Fraction(1, 10_000))


def states(question: Question, piece: Piece, lang: str, near: bool = True) -> bool:
    """Whether ``piece`` gives the answer to ``question`` away. Far from the question
    (``near`` false) a sentence gives a number away only when the number is large or counts
    what the question counts: "one" and "three" are everywhere, "36" and "four realities"
    are not."""
    text = EXERCISE_ID.sub(" ", piece.text).strip()
    if piece.sentence and text.endswith("?"):
        return False  # a question asks; it gives nothing away
    if question.truth is None:  # an exercise: its checker decides
        if not piece.sentence:
            return bool(text) and _accepts(question.name, text, lang)
        player = _player_truth(question.name)
        if player:
            return _names_winner(text, player)
        # a sentence: each number in it, as the checker reads it (labels left out)
        values = _numbers(text, lang)
        if not near:
            values = (*[v for v in values if abs(v) >= 10], *_counts(text, lang, question.words))
        return any(_accepts(question.name, str(v), lang) for v in values)
    truth = question.truth
    if not piece.sentence and not isinstance(truth, Fraction):
        return piece.output and (
            isinstance(truth, bool) and bool(re.fullmatch(rf"\W*({YES_NO[truth]})\W*", text, re.I))
        )
    if isinstance(truth, bool):
        opening = re.match(rf"\W*({YES_NO[truth]})\b\s*[:,.!—–]", text, re.I)
        bare = re.fullmatch(rf"\W*({YES_NO[truth]})\W*", text, re.I)
        return bool(opening or bare)
    if isinstance(truth, Fraction):
        values = _numbers(text, lang)
        if not piece.sentence:  # a value or a line: it must be that one number, written as one
            value_like = "(" not in text and "=" not in text and len(text.split()) <= 3
            typed = piece.output or re.search(r"\d", text)
            return (
                value_like and bool(typed) and len(values) == 1 and _same_number(values[0], truth)
            )
        return any(_same_number(v, truth) for v in values)
    if len(truth) == 1 and truth[0] in ("X", "O"):
        return _names_winner(text, truth[0])
    # marks: a piece naming exactly these marks and no others ("only X3 stays spooky")
    return set(truth) == set(re.findall(r"\b[XO]\d\b", text))


def leaks(path: Path, cells=None) -> list[str]:
    """Every place in the student notebook at ``path`` that gives an answer away."""
    lang = _lang(path)
    cells = nbformat.read(path, as_version=4).cells if cells is None else cells
    summary = max(i for i, c in enumerate(cells) if c.source.lstrip().startswith("## "))
    found = []
    with _speaking(lang):
        asked = questions(path)
        every = pieces(cells)
        for question in asked:
            if question.name in SOLUTION_WORDS:
                continue
            following = question.end + NEAR + 1
            for piece in every:
                if question.cell - 1 <= piece.cell <= question.end and piece.sentence:
                    continue  # the question's own wording
                near = question.end < piece.cell < following or piece.cell >= summary
                if piece.sentence and not near and question.truth is not None:
                    continue  # a prediction's number or yes is read only where it is explained
                if (path.name.split(".")[0], question.name, piece.cell) in COINCIDENCES:
                    continue
                if states(question, piece, lang, near):
                    found.append(f"{question.name} in cell {piece.cell}: {piece.text.strip()!r}")
    return found


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_no_answer_can_be_read_before_its_reveal(path):
    assert leaks(path) == []


def _planted(name: str, text: str, which: int = 0, output: str = "") -> list[str]:
    """The leaks found once ``text`` is planted right below question ``which`` of the
    student notebook ``name`` ("00_start_here" or "00_start_here.da"): as prose, or as a
    code cell that kept ``output``. The questions are still read from the file, so the
    cells below the plant are one off; the plant's own cell is what counts."""
    path = NOTEBOOKS / (f"i18n/{name}.ipynb" if "." in name else f"{name}.ipynb")
    cells = copy.deepcopy(nbformat.read(path, as_version=4).cells)
    question = questions(path)[which]
    if output:
        plant = nbformat.v4.new_code_cell(text)
        plant.outputs = [nbformat.v4.new_output("stream", name="stdout", text=output)]
    else:
        plant = nbformat.v4.new_markdown_cell(text)
    cells.insert(question.end + 1, plant)
    return [leak for leak in leaks(path, cells) if f"cell {question.end + 1}:" in leak]


def test_the_leak_test_finds_a_planted_yes_or_no():
    """00's first prediction (does `1-5` close a cycle?) answered in the next cell, in
    English and in each translation; the same answer folded away is not a leak."""
    assert _planted("00_start_here", "No: the chain just grows.")
    assert _planted("00_start_here.da", "Nej: kæden bliver bare længere.")
    assert _planted("00_start_here.fi", "Ei: ketju vain pitenee.")
    assert _planted("00_start_here.nb", "Nei, kjeden blir bare lengre.")
    assert _planted("00_start_here.it", "No: la catena si allunga soltanto.")
    assert not _planted("00_start_here", "Now O plays `7-9`.")
    folded = "<details>\n<summary>Why?</summary>\n\nNo: the chain just grows.\n\n</details>"
    assert not _planted("00_start_here", folded)


def test_the_leak_test_finds_a_planted_number_in_any_language():
    """01-1 (how many realities has Fig. 2?) answered in words, in a sentence below it."""
    assert _planted("01_superposition", "So there are four of them.")
    assert _planted("01_superposition", "Altså er der fire.")


def test_the_leak_test_finds_a_planted_winner():
    """04's second prediction (who wins example 4?) answered in a sentence, in Italian too."""
    assert _planted("04_winning_and_scoring", "So O wins.", which=1)
    assert _planted("04_winning_and_scoring", "Quindi vince O.", which=1)
    wrong = _planted("04_winning_and_scoring", "So X wins.", which=1)
    assert not [leak for leak in wrong if leak.startswith("prediction")]


def test_the_leak_test_finds_a_kept_output():
    """A stored output that prints 05's random-play share (0.576) below its prediction."""
    which = [q.name for q in questions(NOTEBOOKS / "05_strategy.ipynb")].index("prediction 30")
    assert _planted("05_strategy", "print(share)", which, output="58%\n")
    assert not _planted("05_strategy", "print(share)", which, output="31%\n")


def test_the_leak_test_finds_an_answer_typed_into_code():
    path = NOTEBOOKS / "05_strategy.ipynb"
    cells = copy.deepcopy(nbformat.read(path, as_version=4).cells)
    exercise = next(q for q in questions(path) if q.name == "05-2")
    cells.insert(exercise.end + 2, nbformat.v4.new_code_cell('losing = {"2-8", "3-8"}'))
    assert any(leak.startswith("05-2") for leak in leaks(path, cells))
