"""Cell helpers shared by the notebook sources in this folder.

Each ``nbNN_*.py`` module defines ``NAME`` (the file name without ``.ipynb``)
and ``CELLS``, a list built with :func:`md`, :func:`code` and the helpers below.
``tools/build_notebooks.py`` turns them into notebooks and executes them.
"""

from __future__ import annotations

import copy
import re
import textwrap

import nbformat
import nbformat.v4 as nbf

BINDER = "https://mybinder.org/v2/gh/qttt-edu/qttt-edu/HEAD?labpath=notebooks/{name}.ipynb"
GLOSSARY = "../lessons/glossary.md#{anchor}"
GOFF = (
    "A. Goff, “Quantum tic-tac-toe: A teaching metaphor for superposition in quantum "
    "mechanics”, *Am. J. Phys.* **74**, 962–973 (2006), doi:10.1119/1.2213635"
)

#: the notebooks in order: (file name, title)
PATH = [
    ("00_start_here", "Start here"),
    ("01_superposition", "Superposition"),
    ("02_entanglement", "Entanglement"),
    ("03_measurement_and_collapse", "Measurement and collapse"),
    ("04_winning_and_scoring", "Winning and scoring"),
    ("05_strategy", "Strategy"),
    ("06_solving_the_game", "Solving the game"),
    ("07_metaphor_and_physics", "The metaphor and the physics"),
]


def _clean(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def md(text: str) -> nbformat.NotebookNode:
    """A Markdown cell."""
    return nbf.new_markdown_cell(_clean(text))


def code(text: str, *, check: bool = False, tags: tuple[str, ...] = ()) -> nbformat.NotebookNode:
    """A code cell; ``check=True`` makes nbval compare its stored output."""
    source = _clean(text)
    if check:
        source = "# NBVAL_CHECK_OUTPUT\n" + source
    cell = nbf.new_code_cell(source)
    if tags:
        cell.metadata["tags"] = list(tags)
    return cell


#: cell metadata: how many leading paragraphs of an explanation the build folds
FOLD = "qttt_fold"
#: the label on a folded explanation (each translation has its own, ``WHY`` in common_<lang>.py)
WHY = "Why? Open this once you have run the cell above."
#: the fold's label is a touch target: at least 44 px tall on one line (padding makes a wrapped
#: label taller still). JupyterLab's sanitizer keeps these properties; nbconvert and Voila keep all.
SUMMARY_STYLE = "min-height: 44px; padding: 11px 0; box-sizing: border-box; cursor: pointer"


def explained(text: str, paragraphs: int = 1) -> nbformat.NotebookNode:
    """The Markdown cell after a reveal or an exercise that explains its answer.

    Its first ``paragraphs`` paragraphs are the explanation: the build folds them into a
    ``<details>`` block (:func:`fold`), so a student scrolling on sees the answer only by
    opening it, after running the reveal; what follows them stays open. Translations keep
    the paragraphs, so the same paragraphs fold in every language.
    """
    cell = md(text)
    cell.metadata[FOLD] = paragraphs
    return cell


def fold(cell: nbformat.NotebookNode, label: str = WHY) -> None:
    """Fold the explanation of a cell made by :func:`explained` (in place, with ``label``)."""
    paragraphs = cell.metadata.pop(FOLD, 0)
    if not paragraphs:
        return
    parts = re.split(r"\n[ \t]*\n", cell.source.strip("\n"))
    if len(parts) < paragraphs:
        raise ValueError(f"{paragraphs} paragraphs to fold, {len(parts)} found:\n{cell.source}")
    head, rest = parts[:paragraphs], parts[paragraphs:]
    opening = f'<details>\n<summary style="{SUMMARY_STYLE}">{label}</summary>\n\n'
    folded = opening + "\n\n".join(head) + "\n\n</details>"
    cell.source = "\n\n".join([folded, *rest])


def term(word: str, anchor: str | None = None) -> str:
    """A glossary link: ``term("spooky marks", "spooky-mark")``."""
    anchor = anchor or word.lower().replace(" ", "-")
    return f"[{word}]({GLOSSARY.format(anchor=anchor)})"


def header(
    name: str, objectives: list[str], prerequisites: str, minutes: int | str, intro: str = ""
) -> list[nbformat.NotebookNode]:
    """Title, Binder link, objectives, prerequisites and time."""
    number, title = name[:2], dict(PATH)[name]
    time = f"about {minutes} minutes" if isinstance(minutes, int) else minutes
    goals = "\n".join(f"- {o}" for o in objectives)
    text = f"""
# {number} · {title}

*Quantum tic-tac-toe, the student's path, notebook {number} of 07.*
[Open this notebook on Binder]({BINDER.format(name=name)}) (runs in the browser, nothing to install).

**After this notebook you can**

{goals}

**Before you start:** {prerequisites}

**Time:** {time}.
"""
    cells = [md(text)]
    if intro:
        cells.append(md(intro))
    return cells


def predict(question: str, example: str = "...") -> list[nbformat.NotebookNode]:
    """A "predict, then run" prompt and the cell where the student writes the guess.

    The cell that answers it comes next and ends with ``reveal(guess, truth)``
    (see :func:`reveal_cell`): the guess is recorded before anything is computed.
    ``example`` shows the form of a guess, e.g. ``'"yes" or "no"'`` or ``"3"``.
    """
    return [
        md(
            f"> **Predict, then run.** {_clean(question)} "
            "Type your guess in the next cell and run it; then run the cell after it, "
            "which computes the answer and sets your guess beside it."
        ),
        code(
            f"guess = ...   # ← your prediction, e.g. {example}",
            tags=("prediction",),
        ),
    ]


def reveal_cell(text: str, *, check: bool = True) -> nbformat.NotebookNode:
    """A cell that computes what a prediction or an exercise asked for.

    Its output is kept only in the reference copy that nbval checks
    (tests/notebooks_ref/); the student's notebook shows it only once the cell is run.
    """
    return code(text, check=check, tags=("reveal",))


#: the first statement of a reveal cell (after its imports): the cell stops there while the
#: guess or the exercise's answer above is still ``...`` (qttt_edu.predict.NoGuessYet), so
#: nothing it would print shows first, and *Run All* stops at the first question
GATE = "reveal.after({name})"
#: what the reference copy's guesses and answers are, so its run shows every result for
#: nbval (the student copy has ``...`` again): a guess no reader can read
REFERENCE_GUESS = '"?"'
PLACEHOLDER = re.compile(r"^(guess|answer) = \.\.\.(?=\s|$)", re.MULTILINE)
REFERENCE = re.compile(r'^(guess|answer) = "\?"(?=\s|$)', re.MULTILINE)


def gate_reveals(cells: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """The cells with :data:`GATE` opening each reveal cell, for the variable of the
    question nearest above it: ``guess`` after a prediction, ``answer`` after an exercise
    that starts from ``answer = ...`` (an exercise played on the board has nothing to
    wait for). Applied by the build to the English cells, so every translation has it."""
    out = []
    waiting_for: str | None = None
    for cell in cells:
        tags = cell.metadata.get("tags", [])
        if "prediction" in tags:
            waiting_for = "guess"
        elif "exercise" in tags:
            waiting_for = "answer" if PLACEHOLDER.search(cell.source) else None
        elif "reveal" in tags and waiting_for is not None:
            cell = copy.deepcopy(cell)
            lines = cell.source.split("\n")
            at = _after_imports(lines)
            gate = GATE.format(name=waiting_for)
            # a blank line between the cell's imports and the gate, as ruff's isort wants
            lines[at:at] = ["", gate] if at and lines[at - 1].startswith(_IMPORTS) else [gate]
            cell.source = "\n".join(lines)
        out.append(cell)
    return out


_IMPORTS = ("import ", "from ")


def _after_imports(lines: list[str]) -> int:
    """Where a cell's code starts: after nbval's marker, comments and its imports, which
    stay at the top of the cell."""
    at = 0
    for i, line in enumerate(lines):
        if line.startswith(_IMPORTS):
            at = i + 1
        elif line.startswith("#") and at == i:
            at = i + 1
        elif line.strip():
            break
    return at


def asks(cell: nbformat.NotebookNode) -> bool:
    """Is ``cell`` where the student writes something: a prediction's guess or an
    exercise's answer?"""
    return bool({"prediction", "exercise"} & set(cell.get("metadata", {}).get("tags", [])))


def with_reference_guesses(source: str) -> str:
    """A prediction's or an exercise's cell as the reference copy runs it."""
    return PLACEHOLDER.sub(rf"\1 = {REFERENCE_GUESS}", source)


def without_reference_guesses(source: str) -> str:
    """The same cell as the student gets it: ``...`` where the reference had its guess."""
    return REFERENCE.sub(r"\1 = ...", source)


def exercise(exercise_id: str, question: str, starter: str = "answer = ...") -> list:
    """An exercise: the question, a cell that checks the answer, and where help is."""
    return [
        md(f"### Exercise {exercise_id}\n\n{_clean(question)}"),
        code(
            _clean(starter)
            + ("  # ← replace ... with your answer" if starter.rstrip().endswith("...") else "")
            + f'\nchecks.check("{exercise_id}", answer)',
            tags=("exercise",),
        ),
        md(
            f'Stuck? `checks.hint("{exercise_id}")` gives a hint; '
            f'`checks.solution("{exercise_id}")` shows a worked solution '
            "(try for a few minutes first: the solution is hidden until you ask)."
        ),
    ]


def footer(name: str, summary: list[str], next_text: str = "") -> list[nbformat.NotebookNode]:
    """Summary and "what next", with a link to the next notebook."""
    names = [n for n, _ in PATH]
    i = names.index(name)
    points = "\n".join(f"- {s}" for s in summary)
    text = f"## Summary\n\n{points}\n\n## What next\n\n"
    if i + 1 < len(PATH):
        nxt, title = PATH[i + 1]
        text += f"Go on to **[{nxt[:2]} · {title}]({nxt}.ipynb)**. "
    text += _clean(next_text)
    return [md(text)]
