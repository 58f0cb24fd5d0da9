"""Find English sentences left in translated text (notebooks, READMEs, teacher material).

    python tools/i18n/english_left.py            # every translated notebook and lesson
    python tools/i18n/english_left.py da         # only Danish

A translated text may keep code, names, records, link targets and the citation of
Goff's paper in English, but no English sentence. The check drops what may stay English
(code blocks and spans, link targets, URLs, HTML comments, formulas, the citation) and
then reads it sentence by sentence, counting the common English words in each (the
function words and everyday verbs of :data:`ENGLISH`, leaving out words that are also
words of the language: Danish and Norwegian "i", "for", "at", "to"; Italian "come",
"non"; Finnish "on", "se"...). A sentence is English if it has a run of :data:`RUN` of
them ("as well as the") or if they make up :data:`SHARE` of it: in English prose they are
a third to a half of the words, in the other four languages almost none. Measured on
the English notebooks, this flags about 85 % of their sentences of five words or more;
on the translated notebooks it flags none.
``tests/test_english_left.py`` runs it over every translated text.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import terms

ROOT = Path(__file__).resolve().parent.parent.parent
LANGS = terms.LANGS  # the translated languages: those of the term table
RUN = 4  # consecutive common English words that make a sentence English
MIN_WORDS, SHARE = 3, 0.3  # or this many of them, making up this share of the words

# About 170 of the most frequent English words: articles, pronouns, prepositions,
# conjunctions, auxiliaries and everyday verbs and adverbs. No nouns, so a kept name or
# term ("quantum tic-tac-toe", "CHSH", "perft") never counts.
_WORDS = """
    a about above after again against all also always an and another any are as at away
    back be because been before being below between both but by can cannot could did do
    does doing done down during each either else enough even ever every few first for from
    get gets give go goes going got had has have having he her here hers him his how however
    i if in into is isn't it it's its itself just keep last least less let like made make
    makes many may me might more most much must my never new next no nor not now of off often
    on once one only onto or other others our ours out over own same see seen shall she should
    show shows since so some still such take than that the their theirs them then there these
    they this those though through to too two under until up upon us use used very was we were
    what when where whether which while who whom whose why will with within without would yet
    you your yours doesn't don't can't won't wouldn't aren't wasn't weren't there's that's
    what's let's you're they're we're here's
"""
ENGLISH = frozenset(_WORDS.split())

# Words of each language that are spelt like a common English word: never evidence.
# (A new language adds its own here, e.g. Swedish "i", "for", "under", "over".)
OWN = {
    "da": ["i", "at", "for", "under", "over", "to", "her"],
    "nb": ["i", "at", "for", "under", "over", "to", "her"],
    "fi": ["on", "se", "me", "no"],
    "it": ["a", "i", "come", "non", "in", "no", "do", "so", "me"],
}

WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")
CITATION = re.compile(r"Goff,?\s+[“\"]Quantum tic-tac-toe: A teaching metaphor[^\n]*")
DROPPED = [
    re.compile(r"<!--.*?-->", re.S),  # HTML comments (the translation header, markers)
    re.compile(r"^[ \t]*(```|~~~).*?^[ \t]*\1", re.S | re.M),  # fenced code blocks
    re.compile(r"^(?: {4}|\t).*$", re.M),  # indented code blocks
    re.compile(r"`[^`\n]+`"),  # code spans: records, names, calls
    re.compile(r"\]\([^)\s]*(?:\s+\"[^\"]*\")?\)"),  # link targets (the link text stays)
    re.compile(r"https?://\S+"),  # bare addresses
    re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S),  # formulas
    CITATION,  # the paper's title stays English
    re.compile(r"<[^>\n]+>"),  # HTML tags (their text stays)
    re.compile(r"\*[^\W\d_]′*\*"),  # a variable in italics: *a*, *b′*
]


@dataclass(frozen=True)
class Leftover:
    where: str
    text: str

    def __str__(self) -> str:
        return f"{self.where}: English left: «{self.text}»"


# The header of a table column that gives the English words (a bilingual glossary).
ENGLISH_COLUMN = re.compile(r"english|engelsk|englanti|englanniksi|inglese|in inglese", re.I)


def drop_english_columns(markdown: str) -> str:
    r"""``markdown`` with the cells of every table column headed "English" (in any of the
    five languages) emptied: a glossary's English column is English on purpose.

    >>> drop_english_columns("| Dansk | Engelsk |\n|---|---|\n| løkke | cycle (loop) |")
    '| Dansk | |\n|---| |\n| løkke | |'
    """
    lines = markdown.split("\n")
    english: set[int] = set()
    for i, line in enumerate(lines):
        if not line.lstrip().startswith("|"):
            english = set()
            continue
        cells = line.split("|")
        if not english and (i == 0 or not lines[i - 1].lstrip().startswith("|")):
            english = {
                j for j, cell in enumerate(cells) if ENGLISH_COLUMN.fullmatch(cell.strip(" *"))
            }
        for j in english:
            if j < len(cells):
                cells[j] = " "
        lines[i] = "|".join(cells)
    return "\n".join(lines)


def prose(markdown: str) -> str:
    """``markdown`` without what may stay English (code, link targets, formulas, the
    citation, comments, a table's English column), each replaced by a line break so no
    run crosses it."""
    markdown = drop_english_columns(markdown)
    for pattern in DROPPED:
        markdown = pattern.sub("\n", markdown)
    return markdown


def sentences(text: str) -> list[str]:
    """``text`` cut into sentences, list items, headings and table cells."""
    parts = re.split(r"(?<=[.!?;:])\s+|\n\s*\n|\n(?=\s*(?:[-*#>]|\d+\.)\s)|\|", text)
    return [" ".join(p.split()) for p in parts if p.strip()]


def english_sentences(lang: str, text: str) -> list[str]:
    """Every sentence of ``text`` that reads as English: it has a run of :data:`RUN`
    common English words, or at least :data:`MIN_WORDS` of them making up
    :data:`SHARE` of its words (common English words that are not words of ``lang``).

    >>> english_sentences("da", "Spilleren vælger et felt, og så er det slut.")
    []
    >>> english_sentences("da", "Vælg et felt. The chooser picks one of the two squares.")
    ['The chooser picks one of the two squares.']
    >>> english_sentences("it", "Scegli `the move of a player`, come [in](the/link.md).")
    []
    """
    own = set(OWN.get(lang, ()))
    found = []
    for sentence in sentences(prose(text)):
        words = [m.group().lower().replace("’", "'") for m in WORD.finditer(sentence)]
        english = [w in ENGLISH and w not in own for w in words]
        longest = current = 0
        for is_english in english:
            current = current + 1 if is_english else 0
            longest = max(longest, current)
        count = sum(english)
        if longest >= RUN or (count >= MIN_WORDS and count >= SHARE * len(words)):
            found.append(sentence)
    return found


def markdown_of(path: Path) -> Iterator[tuple[str, str]]:
    """(where, markdown) for every text a reader sees in ``path`` (a notebook's
    Markdown cells, or a Markdown file as a whole)."""
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text("utf-8"))["cells"]
        for i, cell in enumerate(cells, 1):
            if cell["cell_type"] == "markdown":
                yield f"{name} cell {i}", "".join(cell["source"])
    else:
        yield name, path.read_text("utf-8")


def scan(lang: str, path: Path) -> list[Leftover]:
    return [
        Leftover(where, text)
        for where, markdown in markdown_of(path)
        for text in english_sentences(lang, markdown)
    ]


def files(lang: str) -> list[Path]:
    """Every translated notebook and Markdown text of ``lang``."""
    found = [
        *(ROOT / "notebooks" / "i18n").glob(f"*.{lang}.ipynb"),
        *(ROOT / "notebooks" / "i18n").glob(f"*.{lang}.md"),
        *(ROOT / "lessons" / lang).glob("**/*.md"),
    ]
    return sorted(p for p in found if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", default=list(LANGS))
    args = parser.parse_args()
    found = [f for lang in args.languages for path in files(lang) for f in scan(lang, path)]
    for leftover in found:
        print(leftover)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
