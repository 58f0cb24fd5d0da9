"""Shared pieces of the Norwegian (bokmål) notebook translations 01-07.

The cells every notebook repeats (the "Gjett først" prompt, the "Står du fast?" line under
an exercise, the title block) are written once here, so the same words come back in every
notebook. Links to another notebook go to its Norwegian copy when one exists and else to
the English notebook one folder up.
"""

import shared
from shared import GOFF  # noqa: F401  (re-exported for the notebook tables)

# The Norwegian glossary (lessons/nb/glossary.md, with the English anchors): links open in Bokmål.
G = "../../lessons/nb/glossary.md"

TITLES = {
    "00_start_here": "Start her",
    "01_superposition": "Superposisjon",
    "02_entanglement": "Sammenfiltring",
    "03_measurement_and_collapse": "Måling og kollaps",
    "04_winning_and_scoring": "Seier og poeng",
    "05_strategy": "Strategi",
    "06_solving_the_game": "Å løse spillet",
    "07_metaphor_and_physics": "Metaforen og fysikken",
}


def translated(name: str) -> bool:
    """Whether notebook ``name`` (e.g. "02_entanglement") has a Norwegian translation."""
    return shared.translated(name, "nb")


def link(name: str) -> str:
    """The link target of notebook ``name`` from notebooks/i18n/."""
    return shared.link(name, "nb")


def title(name: str) -> str:
    """A link to notebook ``name`` by number and title, e.g. [02 · Sammenfiltring](...)."""
    english = "" if translated(name) else " (på engelsk)"
    return f"[{name[:2]} · {TITLES[name]}]({link(name)}){english}"


def header(name: str, goals: list[str], before: str, time: str) -> str:
    points = "\n".join(f"- {g}" for g in goals)
    return f"""
# {name[:2]} · {TITLES[name]}

*Kvante-tre på rad, elevens vei, notatbok {name[:2]} av 07 (norsk utgave).*
[Åpne denne notatboken på Binder]({shared.BINDER.format(name=name, lang="nb")}) (kjører i nettleseren, du trenger ikke installere noe).

**Etter denne notatboken kan du**

{points}

**Før du begynner:** {before}

**Tid:** {time}.
"""


def predict(question: str) -> str:
    return (
        f"> **Gjett først, kjør så.** {question} Skriv gjetningen din i neste celle og kjør "
        "den; kjør så cellen etter, som regner ut svaret og setter gjetningen din ved siden av."
    )


def stuck(exercise: str) -> str:
    return (
        f'Står du fast? `checks.hint("{exercise}")` gir et hint; '
        f'`checks.solution("{exercise}")` viser en gjennomregnet løsning (prøv selv i noen '
        "minutter først: løsningen er skjult til du ber om den)."
    )


def footer(name: str, summary: list[str], next_name: str | None, next_text: str) -> str:
    points = "\n".join(f"- {s}" for s in summary)
    text = f"## Sammendrag\n\n{points}\n\n## Hva nå\n\n"
    if next_name:
        text += f"Fortsett med **{title(next_name)}**. "
    return text + next_text


#: Code-cell replacements every notebook needs (each module adds those that match it).
PROMPT = ("# ← your prediction, e.g.", "# ← spådommen din, f.eks.")
ANSWER = ("# ← replace ... with your answer", "# ← erstatt ... med svaret ditt")

#: the label on an explanation folded until the student has run the cell above it
WHY = "Hvorfor? Åpne denne når du har kjørt cellen over."
