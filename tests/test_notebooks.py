"""The student notebooks as a student opens them: predict first, then see the answer.

Each notebook exists twice (tools/build_notebooks.py writes both):

* ``tests/notebooks_ref/<name>.ipynb``, the **reference copy**, keeps every output; nbval
  runs it in this suite and compares every cell marked ``# NBVAL_CHECK_OUTPUT``;
* ``notebooks/<name>.ipynb``, the **student copy**, is the same notebook without the
  outputs of the cells that answer a prediction or an exercise (tagged ``reveal``).

These tests prove the two copies differ in nothing else, so nbval's checks on the
reference hold for what students get; that no answer shows above the place where a student
writes a guess or an answer; and that no template text escaped the build.
"""

from __future__ import annotations

import copy
import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from qttt_edu import checks

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
REFERENCE = ROOT / "tests" / "notebooks_ref"
STUDENT = sorted([*NOTEBOOKS.glob("0*.ipynb"), *(NOTEBOOKS / "i18n").glob("0*.ipynb")])
IDS = [str(p.relative_to(NOTEBOOKS)) for p in STUDENT]

sys.path.insert(0, str(ROOT / "tools"))
from build_notebooks import student_copy  # noqa: E402

from tests.notebook_cells import reference_truth  # noqa: E402

EXERCISE = re.compile(r'checks\.check\("(\d\d-\d)"')
CODE_SPAN = re.compile(r"`([^`\n]+)`")
# Text above an exercise that the checker would accept, but that does not show its answer.
COINCIDENCES = {
    # Goff's Fig. 3 (`1-2 2-5`) is named in section 1; 02-3 asks for any pair that grows
    # square 1's side of `1-3 1-2`, and 2-5 happens to be one of twelve such pairs.
    ("02-3", "2-5"),
}


# Two or more quoted words in code spans joined only by a comma or one short word ("or",
# "eller", "tai", "o"): the question's own list of choices, e.g. `"X"`, `"O"` or `"draw"`,
# not an answer given away (the checkers would read `"X"` alone as one).
CHOICES = re.compile(r'`"\w{1,12}"`(?:\s*(?:,|\w{1,5})\s*`"\w{1,12}"`)+')


TEMPLATE = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*(\(.*?\))?\}")


def _read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def _tags(cell) -> list[str]:
    return cell.get("metadata", {}).get("tags", [])


def _text(output) -> str:
    """What a student reads in one stored output (text, not pictures)."""
    if output.get("output_type") == "stream":
        return output.get("text", "")
    data = output.get("data", {})
    if "text/plain" in data:
        return data["text/plain"]
    return re.sub(r"<[^>]+>", " ", data.get("text/html", ""))


def _ref(student: Path) -> Path:
    return REFERENCE / student.relative_to(NOTEBOOKS)


def test_every_student_notebook_has_a_reference_copy_and_back():
    refs = sorted(REFERENCE.rglob("*.ipynb"))
    # Eight English notebooks, and 00-07 in each of the four translations.
    english = sorted(NOTEBOOKS.glob("0*.ipynb"))
    assert len(english) == 8
    assert len(STUDENT) == 8 * 5
    assert sorted(_ref(p) for p in STUDENT) == refs


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_student_copy_is_the_reference_without_its_answers(path):
    """nbval checks the reference; the student copy may differ only by hidden outputs."""
    reference, student = _read(_ref(path)), _read(path)
    expected = json.loads(nbformat.writes(student_copy(reference)))
    assert json.loads(nbformat.writes(student)) == expected
    hidden = [c for c in reference.cells if "reveal" in _tags(c)]
    assert hidden, "a notebook without a single reveal cell predicts nothing"
    for cell in hidden:
        text_only = all(set(o.get("data", {})) <= {"text/plain"} for o in cell.outputs)
        if "reveal(guess" in cell.source:
            assert "NBVAL_CHECK_OUTPUT" in cell.source, cell.source
        if cell.outputs and text_only and "NBVAL_CHECK_OUTPUT" not in cell.source:
            pytest.fail(f"a reveal cell that prints only text is not checked:\n{cell.source}")


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_every_prediction_is_written_down_before_it_is_revealed(path):
    """A prompt, a guess cell, then the cell that computes the truth and compares."""
    cells = _read(path).cells
    prompts = [
        i
        for i, c in enumerate(cells)
        if c.cell_type == "markdown" and "> **" in c.source and "guess" in cells[i + 1].source
    ]
    assert prompts, "no prediction in this notebook"
    for i in prompts:
        guess, answer = cells[i + 1], cells[i + 2]
        assert guess.cell_type == "code" and "prediction" in _tags(guess), guess.source
        assert re.match(r"guess = \.\.\.", guess.source), guess.source
        assert answer.cell_type == "code" and "reveal" in _tags(answer), answer.source
        assert "reveal(guess," in answer.source, answer.source
        assert not guess.outputs and not answer.outputs, "the answer shows before the guess"


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_the_reference_reveals_every_prediction_with_the_truth(path):
    """The reference run writes `guess = "?"`: each reveal names the true result, which
    nbval then checks; the student copy has `...` again and shows nothing."""
    lang = path.name.split(".")[1] if path.parent.name == "i18n" else "en"
    for cell in _read(_ref(path)).cells:
        if "prediction" in _tags(cell):
            assert re.match(r'guess = "\?"', cell.source), cell.source
        if "reveal(guess," in cell.get("source", ""):
            shown = "".join(_text(o) for o in cell.outputs)
            assert reference_truth(shown, lang), shown


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_every_reveal_cell_waits_for_the_guess_or_answer_above_it(path):
    """Run All with nothing written once printed every result: each reveal cell that
    follows a question now opens with `reveal.after(...)`, before anything it prints."""
    waiting = None
    gated = 0
    for cell in _read(path).cells:
        tags = _tags(cell)
        if "prediction" in tags:
            waiting = "guess"
        elif "exercise" in tags:
            waiting = "answer" if re.match(r"answer = \.\.\.", cell.source) else None
        elif "reveal" in tags and waiting:
            code = [
                line
                for line in cell.source.splitlines()
                if line.strip() and not line.startswith(("#", "import ", "from "))
            ]
            assert code[0] == f"reveal.after({waiting})", cell.source
            gated += 1
    assert gated >= 1


def _visible_above(cells, stop: int) -> list[str]:
    """Every piece of text a student can read above cell ``stop`` before running anything:
    stored outputs (whole, line by line, number by number) and code spans in the prose
    (except a list of the choices a question offers)."""
    seen = []
    for cell in cells[:stop]:
        if cell.cell_type == "markdown":
            seen += CODE_SPAN.findall(CHOICES.sub(" ", cell.source))
            continue
        for output in cell.get("outputs", []):
            text = _text(output)
            seen += [text, *text.splitlines()]
            for line in text.splitlines():
                numbers = re.findall(r"\d+(?:[.,/]\d+)?\s*%?", line)
                if len(numbers) == 1:  # "4 realities" shows the number 4
                    seen += numbers
    return [s for s in seen if s.strip()]


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_no_exercise_answer_shows_above_the_exercise(path):
    """Read as the student sees it: nothing above an exercise is an answer the checker takes."""
    cells = _read(path).cells
    asked = 0
    for index, cell in enumerate(cells):
        found = EXERCISE.search(cell.source) if cell.cell_type == "code" else None
        if not found:
            continue
        asked += 1
        exercise = found.group(1)
        assert not cell.outputs, f"{exercise}: the exercise cell keeps an output"
        for text in _visible_above(cells, index):
            if exercise == "05-3":
                continue  # the answer is a function the student writes; no text can pass
            if (exercise, text.strip()) in COINCIDENCES:
                continue
            result = checks.check(exercise, text.strip())
            assert not result.ok, f"{exercise} is answered above it by {text!r}"
    assert asked >= 3


def test_the_leak_test_would_catch_a_visible_answer():
    """The test above has teeth: a stored '4 realities' above 01-1 is an answer."""
    nb = copy.deepcopy(_read(NOTEBOOKS / "01_superposition.ipynb"))
    index = next(i for i, c in enumerate(nb.cells) if '"01-1"' in c.source)
    leak = nbformat.v4.new_code_cell("print(count)")
    leak.outputs = [nbformat.v4.new_output("stream", name="stdout", text="4\n")]
    nb.cells.insert(index - 1, leak)
    texts = _visible_above(nb.cells, index + 1)
    assert any(checks.check("01-1", t.strip()).ok for t in texts)


@pytest.mark.parametrize(
    "path", [*STUDENT, *sorted(REFERENCE.rglob("*.ipynb"))], ids=lambda p: p.name
)
def test_no_template_text_escaped_the_build(path):
    """A Markdown string that forgot its f-prefix shows `{term("chooser")}` to students."""
    for cell in _read(path).cells:
        if cell.cell_type != "markdown":
            continue
        prose = re.sub(r"```.*?```", "", cell.source, flags=re.S)
        leftover = TEMPLATE.search(prose)
        assert leftover is None, f"unrendered template text {leftover.group(0)!r} in {path.name}"


def test_the_template_test_would_catch_the_old_03_bug():
    assert TEMPLATE.search('O is the {term("chooser")}. The game knows:')
    assert TEMPLATE.search("all three marks become {classical}.")
    assert not TEMPLATE.search("The group {1, 2, 5, 6} has three marks")
    assert not TEMPLATE.search('a dict such as `{1: "X1", 2: "O2"}`')


def _small_fold_labels(cells) -> list[str]:
    """The ``<summary>`` tags of folded explanations that are not at least 44 px tall."""
    small = []
    for cell in cells:
        if cell.cell_type != "markdown":
            continue
        for tag in re.findall(r"<summary[^>]*>", cell.source):
            height = re.search(r"min-height:\s*(\d+)px", tag)
            if not height or int(height.group(1)) < 44:
                small.append(tag)
    return small


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_every_fold_label_is_a_touch_target(path):
    """A folded explanation opens with a tap: its label is at least 44 px tall."""
    cells = _read(path).cells
    assert _small_fold_labels(cells) == [], path.name


def test_the_touch_target_test_would_catch_a_bare_label():
    bare = nbformat.v4.new_markdown_cell("<details>\n<summary>Why?</summary>\n\nNo.\n</details>")
    small = nbformat.v4.new_markdown_cell('<summary style="min-height: 22px">Why?</summary>')
    assert len(_small_fold_labels([bare, small])) == 2


@pytest.mark.parametrize("path", STUDENT, ids=IDS)
def test_stored_outputs_stay_small(path):
    assert path.stat().st_size < 400_000
    assert _ref(path).stat().st_size < 400_000


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("0*.ipynb")), ids=lambda p: p.stem)
def test_the_stated_time_covers_reading_running_predicting_and_exercises(path):
    """The header's time is at least tools/notebook_times.py's estimate for a student."""
    from notebook_times import estimate, stated

    assert stated(path) >= round(estimate(path)["total"]), path.name


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("0*.ipynb")), ids=lambda p: p.stem)
def test_no_prediction_result_shows_above_its_guess(path):
    """The reference run names each prediction's result ("The result: 5/6"); nothing a
    student can read above the guess cell may already say it."""
    student, reference = _read(path).cells, _read(_ref(path)).cells
    checked = 0
    for index, cell in enumerate(student):
        if "prediction" not in _tags(cell):
            continue
        shown = "".join(_text(o) for o in reference[index + 1].outputs)
        truth = reference_truth(shown)
        for text in _visible_above(student, index):
            assert not _same(text.strip(), truth), f"{truth!r} shows above the guess: {text!r}"
        checked += 1
    assert checked >= 1


def _same(text: str, truth: str) -> bool:
    from qttt_edu.predict import _as_number

    a, b = _as_number(text), _as_number(truth)
    if a is not None and b is not None:
        return abs(float(a) - float(b)) < 1e-9
    return text.casefold() == truth.casefold()


def test_the_prediction_test_would_catch_a_visible_result():
    cells = copy.deepcopy(_read(NOTEBOOKS / "02_entanglement.ipynb").cells)
    index = next(i for i, c in enumerate(cells) if "prediction" in _tags(c))
    leak = nbformat.v4.new_code_cell("count_realities(chain)")
    leak.outputs = [nbformat.v4.new_output("stream", name="stdout", text="realities: 8\n")]
    cells.insert(index, leak)
    assert any(_same(text.strip(), "8") for text in _visible_above(cells, index + 1))


RECORD_SPAN = re.compile(r"`((?:\d-\d|c\d)(?: (?:\d-\d|c\d|\d))+)`")
FROM_RECORD = re.compile(r'(\w+)\s*=\s*Game\.from_record\("([^"]+)"\)')
#: the modules whose functions compute what the questions ask (realities, odds, kets,
#: components, values): their help() must not work a question's own position through
ANSWERING_MODULES = ("quantum", "graph", "solver", "predict", "players", "view")


def asked_positions() -> dict[str, set[str]]:
    """Every position (of two moves or more) a question in the English notebooks asks
    about: named in its prompt, or worked in the reveal cell that answers it."""
    asked: dict[str, set[str]] = {}
    for path in sorted(NOTEBOOKS.glob("0*.ipynb")):
        cells = _read(path).cells
        names = {
            name: record
            for cell in cells
            if cell.cell_type == "code"
            for name, record in FROM_RECORD.findall(cell.source)
        }
        for i, cell in enumerate(cells):
            if not {"exercise", "prediction"} & set(_tags(cell)):
                continue
            found = set(RECORD_SPAN.findall(cells[i - 1].source))
            for after in cells[i + 1 : i + 4]:
                if "reveal" in _tags(after):
                    found |= {r for n, r in names.items() if re.search(rf"\b{n}\b", after.source)}
            asked[f"{path.stem[:2]} cell {i}"] = {r for r in found if len(r.split()) > 1}
    return asked


def test_help_never_works_a_questions_own_position():
    """help(count_realities) once showed `1-2 2-5` has 3 realities and its √3 ket, the
    answers of 02-1 and 02-2: the examples of the functions that compute answers use
    positions of their own."""
    import importlib
    import inspect

    asked = set().union(*asked_positions().values())
    assert {"1-2 4-5", "1-2 2-5"} <= asked  # 01-1 and 02-1 are found
    for name in ANSWERING_MODULES:
        module = importlib.import_module(f"qttt_edu.{name}")
        source = inspect.getsource(module)
        used = sorted(r for r in asked if f'"{r}"' in source)
        assert not used, f"qttt_edu.{name} works a question's position: {used}"


def test_the_glossary_never_works_a_questions_own_position():
    """Every notebook links its terms to the glossary, which once counted `1-2 2-5`'s
    three realities and wrote its √3 ket, one click from exercise 02-1."""
    asked = set().union(*asked_positions().values())
    pages = sorted((ROOT / "lessons").glob("**/glossary.md"))
    assert len(pages) == 5
    for page in pages:
        text = page.read_text("utf-8")
        used = sorted(r for r in asked if f"`{r}`" in text)
        assert not used, f"{page.relative_to(ROOT)} works a question's position: {used}"
