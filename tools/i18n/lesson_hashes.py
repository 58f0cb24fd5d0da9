"""Which translations of the teacher material are out of date with their English text.

    python tools/i18n/lesson_hashes.py                 # every file: recorded vs current hash
    python tools/i18n/lesson_hashes.py da              # only Danish
    python tools/i18n/lesson_hashes.py --diff lessons/da/plans/03_measurement_and_collapse.md
    python tools/i18n/lesson_hashes.py --update lessons/da/quiz.md   # after bringing it up to date

The translated teacher guide, plans, glossary, exit tickets and quiz live in
``lessons/<lang>/`` (the same names as the English files under ``lessons/``). Each file's
first line says what it was translated from::

    <!-- translated from lessons/plans/01_superposition.md sha256:0123456789abcdef -->

the English file's path and the first 16 hex digits of the SHA-256 of its bytes at the
time. When the English file changes, the hashes differ and ``tests/test_translated_lessons.py``
fails: bring the translation up to date, then write the current hash into its first line
(this script prints it). ``--diff`` shows what changed in English since the translation,
from git's history (the last commit whose English file had the recorded hash);
``--update`` writes the current hash into a translation's first line once it says what
the English says now (it changes nothing else).
"""

from __future__ import annotations

import argparse
import hashlib
import re
import subprocess
from pathlib import Path

import terms

ROOT = Path(__file__).resolve().parent.parent.parent
LESSONS = ROOT / "lessons"
LANGS = terms.LANGS  # the translated languages: those of the term table
HEADER = re.compile(r"<!-- translated from (\S+) sha256:([0-9a-f]{16}) -->")

#: the English files every language translates, relative to lessons/
EXPECTED = [
    "README.md",
    "glossary.md",
    "exit_tickets.md",
    "quiz.md",
    *(f"plans/{p.name}" for p in sorted((LESSONS / "plans").glob("[0-9][0-9]_*.md"))),
    # the guides for running the kit: shared games, the classroom, the hub, the site
    "shared_games.md",
    "classroom.md",
    "classroom_site.md",
    "hub.md",
    "site.md",
]


def digest(data: bytes) -> str:
    """The hash a header records: the first 16 hex digits of the SHA-256 of ``data``."""
    return hashlib.sha256(data).hexdigest()[:16]


def translated_files(lang: str | None = None, root: Path = ROOT) -> list[Path]:
    """Every translated Markdown file under ``lessons/<lang>/`` (all languages by default)."""
    langs = [lang] if lang else LANGS
    return sorted(p for code in langs for p in (root / "lessons" / code).glob("**/*.md"))


def read_header(path: Path) -> tuple[str, str]:
    """The English source (repo-relative) and the hash recorded in ``path``'s first line.

    Raises ``ValueError`` naming the file and showing the expected form when the first
    line is not a well-formed header."""
    first = path.read_text("utf-8").split("\n", 1)[0].strip()
    found = HEADER.fullmatch(first)
    if found is None:
        raise ValueError(
            f"{path}: the first line must be "
            "'<!-- translated from lessons/<english file>.md sha256:<16 hex digits> -->', "
            f"not {first[:100]!r}"
        )
    return found.group(1), found.group(2)


def expected_source(path: Path, root: Path = ROOT) -> str:
    """The English file ``path`` (lessons/<lang>/X) translates: lessons/X."""
    parts = path.relative_to(root / "lessons").parts
    return "/".join(["lessons", *parts[1:]])


def current(source: str, root: Path = ROOT) -> str | None:
    """The hash of the English file ``source`` now, or None if it does not exist."""
    path = root / source
    return digest(path.read_bytes()) if path.is_file() else None


def english_diff(path: Path) -> str:
    """What changed in ``path``'s English source since the version it was translated
    from, as a unified diff from git's history."""
    source, recorded = read_header(path)
    log = subprocess.run(
        ["git", "log", "--format=%H", "--", source],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    for commit in log:
        shown = subprocess.run(
            ["git", "show", f"{commit}:{source}"], cwd=ROOT, capture_output=True, check=False
        )
        if shown.returncode == 0 and digest(shown.stdout) == recorded:
            return subprocess.run(
                ["git", "diff", commit, "--", source],
                cwd=ROOT,
                capture_output=True,
                text=True,
                check=True,
            ).stdout
    return f"no commit of {source} has sha256:{recorded}: compare the translation by hand\n"


def update(path: Path, root: Path = ROOT) -> str:
    """Record the English source's current hash in ``path``'s first line; returns it."""
    source, _ = read_header(path)
    now = current(source, root)
    if now is None:
        raise ValueError(f"{path}: its English source {source} does not exist")
    rest = path.read_text("utf-8").partition("\n")[2]
    path.write_text(f"<!-- translated from {source} sha256:{now} -->\n{rest}", "utf-8")
    return now


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("languages", nargs="*", help="languages, e.g. da fi (default: all)")
    parser.add_argument("--diff", type=Path, help="a translated file: show its English changes")
    parser.add_argument(
        "--update", type=Path, nargs="+", help="translated files now up to date: record the hash"
    )
    args = parser.parse_args()
    if args.diff:
        print(english_diff(args.diff.resolve()), end="")
        return 0
    if args.update:
        for path in args.update:
            print(f"{path}: sha256:{update(path.resolve())}")
        return 0
    stale = 0
    for lang in args.languages or LANGS:
        for path in translated_files(lang):
            name = path.relative_to(ROOT)
            try:
                source, recorded = read_header(path)
            except ValueError as error:
                print(error)
                stale += 1
                continue
            now = current(source)
            state = "ok" if now == recorded else "missing source" if now is None else "STALE"
            stale += state != "ok"
            print(f"{state:14} {name}  recorded {recorded}  current {now or '-'}  ({source})")
    return 1 if stale else 0


if __name__ == "__main__":
    raise SystemExit(main())
