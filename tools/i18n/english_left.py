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

Beyond the prose, it reads what a student or teacher sees elsewhere:

- **printed outputs** of the translated notebooks (their reference copies keep every
  output) and the comments of their code: :func:`output_lines`;
- **the teacher guides' code blocks**: comments and ``<placeholders>`` in fenced blocks,
  also when they are the English guide's line copied unchanged: :func:`code_block_texts`;
- **the command line's errors**: :func:`cli_errors` runs refused commands in the language;
- **the site's pages**: the text of HTML files (:func:`html_text`), for a built site
  (``--site FOLDER``).

Short lines (a comment, a printed label) are English with fewer words: two common
English words making up :data:`SHARE` of the line (:func:`english_line`).

    python tools/i18n/english_left.py --site build/site da   # also a built site's pages
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


def english_line(lang: str, line: str) -> bool:
    """A short line (comment, printed label, error) that reads as English: a sentence
    :func:`english_sentences` flags, or two common English words making up :data:`SHARE`.

    >>> english_line("da", "# only the rule card"), english_line("da", "# kun regelkortet")
    (True, False)
    >>> english_line("nb", "X vinner 12  O vinner 3  uavgjort 5")
    False
    """
    if english_sentences(lang, line):
        return True
    own = set(OWN.get(lang, ()))
    words = [m.group().lower().replace("’", "'") for m in WORD.finditer(line)]
    count = sum(w in ENGLISH and w not in own for w in words)
    return count >= 2 and count >= SHARE * len(words)


FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1", re.S | re.M)
COMMENT = re.compile(r"(?:^|\s)#(?![!#])\s*(.*\S)", re.M)
PLACEHOLDER = re.compile(r"<([^<>\n]*[^\W\d_]{2,}[^<>\n]*)>")
MARKER = re.compile(r"[A-Z_]+|noqa\b.*|type: ?ignore\b.*|fmt: ?\w+")  # for tools, not readers
QUOTED = re.compile(r"'[^'\n]*'|\"[^\"\n]*\"|\{[^}\n]*\}|\S*[/\\]\S*")


def code_block_texts(markdown: str) -> list[str]:
    r"""The comments and ``<placeholders>`` in the fenced code blocks of ``markdown``:
    what a teacher reads inside a Dockerfile or a command line.

    >>> code_block_texts("```bash\nrun --x 1   # only the rule card\nFROM <image with a tag>\n```")
    ['only the rule card', 'image with a tag']
    """
    found = []
    for block in FENCE.finditer(markdown):
        for line in block.group(2).splitlines():
            found += [m.group(1) for m in COMMENT.finditer(line)]
            found += [m.group(1) for m in PLACEHOLDER.finditer(line)]
    return found


def _english_source(markdown: str) -> Path | None:
    header = re.search(r"<!-- translated from (\S+) sha256:", markdown)
    return ROOT / header.group(1) if header else None


def scan_code_blocks(lang: str, path: Path) -> list[Leftover]:
    """English comments and placeholders in the code blocks of a translated guide: those
    that read as English, and those copied unchanged from the English guide."""
    markdown = path.read_text("utf-8")
    source = _english_source(markdown)
    english = set()
    if source is not None and source.is_file():
        english = set(code_block_texts(source.read_text("utf-8")))
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    return [
        Leftover(f"{name} (code block)", text)
        for text in code_block_texts(markdown)
        if english_line(lang, text) or (text in english and len(WORD.findall(text)) >= 2)
    ]


def output_lines(path: Path) -> Iterator[tuple[str, str]]:
    """(where, line) for every printed line of a notebook's outputs and every comment
    of its code cells."""
    name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
    cells = json.loads(path.read_text("utf-8"))["cells"]
    for i, cell in enumerate(cells, 1):
        if cell["cell_type"] != "code":
            continue
        for m in COMMENT.finditer("".join(cell["source"])):
            if not MARKER.fullmatch(m.group(1)):
                yield f"{name} cell {i} (comment)", m.group(1)
        for output in cell.get("outputs", []):
            text = output.get("text") if output.get("output_type") == "stream" else None
            for line in "".join(text or []).splitlines():
                yield f"{name} cell {i} (output)", line


def scan_outputs(lang: str, path: Path) -> list[Leftover]:
    """English printed lines and code comments in a translated notebook: lines that read
    as English, and comments copied unchanged from the English notebook."""
    english = ROOT / "tests" / "notebooks_ref" / (path.name.split(".")[0] + ".ipynb")
    copied = set()
    if english.is_file():
        copied = {
            line
            for where, line in output_lines(english)
            if where.endswith("(comment)") and len(WORD.findall(line)) >= 3
        }
    return [
        Leftover(where, line)
        for where, line in output_lines(path)
        if english_line(lang, QUOTED.sub(" ", line))
        or (where.endswith("(comment)") and line in copied)
    ]


def html_text(html: str) -> str:
    r"""The text a reader sees on an HTML page: no scripts, styles or tags; the title and
    the ``alt``/``title``/``aria-label`` texts kept.

    >>> html_text('<title>Hi</title><script>x()</script><p alt="a b">Text <b>here</b></p>')
    'a b\nHi\nText\nhere'
    """
    html = re.sub(r"<(script|style)\b.*?</\1>", "\n", html, flags=re.S | re.I)
    attributes = re.findall(r'\b(?:alt|title|aria-label)="([^"]*)"', html)
    text = re.sub(r"<[^>]+>", "\n", html)
    lines = [" ".join(x.split()) for x in [*attributes, *text.splitlines()]]
    return "\n".join(x for x in lines if x)


def english_messages(lang: str) -> set[str]:
    """The kit's English messages (without placeholders, of two words or more) that
    ``lang`` says otherwise: shown as they are, they are English left ("Quantum
    tic-tac-toe" as a page's title)."""
    from qttt_edu.i18n import catalog

    own = catalog(lang)
    return {
        text
        for key, text in catalog("en").items()
        if "{" not in text and len(WORD.findall(text)) >= 2 and own.get(key, text) != text
    }


def english_fragments(lang: str) -> set[str]:
    """The fixed parts (two words or more) of the kit's English messages that ``lang``
    says otherwise: a line holding one has an English message in it ("choose from")."""
    from qttt_edu.i18n import catalog

    own = catalog(lang)
    found = set()
    for key, text in catalog("en").items():
        if own.get(key, text) == text:
            continue
        for part in re.split(r"\{[^}]*\}|%\(\w+\)\w|%\w", text):
            part = part.strip(" :;,.()'\"")
            if len(WORD.findall(part)) >= 2:
                found.add(part)
    return found


def scan_site(lang: str, folder: Path) -> list[Leftover]:
    """English lines on the HTML pages of a site built in ``lang``: lines that read as
    English, and the kit's English messages shown unchanged."""
    messages = english_messages(lang)
    found = []
    for page in sorted(folder.rglob("*.html")):
        for line in html_text(page.read_text("utf-8", errors="replace")).splitlines():
            if line in messages or english_line(lang, line):
                found.append(Leftover(str(page), line))
    return found


#: refused commands: each prints an error in the chosen language
CLI_MISTAKES = [
    ["nosuchcommand"],
    ["show", "1-1"],
    ["show", "--nosuchoption"],
    ["show", "1-2", "2-3", "extra"],
    ["worksheets", "--dpi", "1"],
    ["worksheets", "--lang", "xx"],
    ["site", "build"],
    ["classroom", "--port", "x"],
]


def cli_errors(lang: str) -> Iterator[tuple[str, str]]:
    """(command, line) for every line the command line prints when it refuses
    :data:`CLI_MISTAKES` in ``lang`` (run in this process, nothing is written)."""
    import contextlib
    import io

    from qttt_edu.__main__ import main as cli

    for mistake in CLI_MISTAKES:
        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            cli(["--lang", lang, *mistake])
        for line in err.getvalue().splitlines():
            yield "qttt-edu " + " ".join(mistake), line


def scan_cli(lang: str) -> list[Leftover]:
    """English lines in the command line's refusals: lines that read as English, and
    lines holding a fixed part of an English message."""
    fragments = english_fragments(lang)
    return [
        Leftover(command, line)
        for command, line in cli_errors(lang)
        if english_line(lang, QUOTED.sub(" ", line)) or any(f in line for f in fragments)
    ]


def reference_notebooks(lang: str) -> list[Path]:
    """The translated notebooks with every output (tests/notebooks_ref/i18n)."""
    return sorted((ROOT / "tests" / "notebooks_ref" / "i18n").glob(f"*.{lang}.ipynb"))


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
    parser.add_argument("--site", type=Path, help="also a site built in the one language given")
    args = parser.parse_args()
    found = [f for lang in args.languages for path in files(lang) for f in scan(lang, path)]
    for lang in args.languages:
        found += [f for path in reference_notebooks(lang) for f in scan_outputs(lang, path)]
        found += [
            f for path in files(lang) if path.suffix == ".md" for f in scan_code_blocks(lang, path)
        ]
        found += scan_cli(lang)
        if args.site is not None:
            found += scan_site(lang, args.site)
    for leftover in found:
        print(leftover)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
