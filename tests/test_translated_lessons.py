"""The translated teacher material in lessons/<lang>/ says what it was translated from,
is up to date with it, links to files that exist, and leaves no English sentence.

Each translation (``lessons/<lang>/README.md``, ``glossary.md``, ``exit_tickets.md``,
``quiz.md``, ``plans/NN_<name>.md``) starts with the line
``<!-- translated from lessons/<file> sha256:<16 hex digits> -->``: the English file and
the hash of its bytes when it was translated (``tools/i18n/lesson_hashes.py`` prints the
recorded and current hashes, and ``--diff`` what changed in English since). The tests
run over whatever files exist; a language folder, once there, must hold all twelve.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools" / "i18n"))
import english_left  # noqa: E402
import lesson_hashes  # noqa: E402

FILES = lesson_hashes.translated_files()
IDS = [str(p.relative_to(ROOT / "lessons")) for p in FILES]
PARAMS = [pytest.param(p, id=i) for p, i in zip(FILES, IDS, strict=True)] or [
    pytest.param(None, marks=pytest.mark.skip(reason="no translated teacher material yet"))
]
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE_SPAN = re.compile(r"`[^`\n]+`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+\"[^\"]*\")?\s*$", re.M)


def problems(path: Path, root: Path = ROOT) -> list[str]:
    """Everything wrong with the translated file ``path`` (empty when it is right)."""
    name = str(path.relative_to(root))
    try:
        source, recorded = lesson_hashes.read_header(path)
    except ValueError as error:
        return [str(error).replace(str(path), name)]
    found = []
    expected = lesson_hashes.expected_source(path, root)
    if source != expected:
        found.append(f"{name} says it translates {source}, but its place translates {expected}")
    now = lesson_hashes.current(source, root)
    if now is None:
        found.append(f"{name}: its English source {source} does not exist")
    elif now != recorded:
        found.append(
            f"{name} is stale: {source} changed since it was translated (recorded "
            f"sha256:{recorded}, now sha256:{now}). Re-translate what changed "
            f"(python tools/i18n/lesson_hashes.py --diff {name} shows it), then put "
            f"sha256:{now} in its first line."
        )
    return found


def broken_links(path: Path) -> list[str]:
    """Relative link targets in ``path`` (outside code) that name no existing file."""
    text = CODE_SPAN.sub("", FENCE.sub("", path.read_text("utf-8")))
    broken = []
    for target in [*LINK.findall(text), *REFERENCE.findall(text)]:
        if re.match(r"[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("#"):
            continue  # an address (https:, mailto:) or a place in this file
        file = target.split("#", 1)[0].split("?", 1)[0]
        if not (path.parent / file).exists():
            broken.append(target)
    return broken


@pytest.mark.parametrize("path", PARAMS)
def test_header_names_its_current_english_source(path):
    found = problems(path)
    assert not found, "\n".join(found)


@pytest.mark.parametrize("path", PARAMS)
def test_every_relative_link_resolves(path):
    broken = broken_links(path)
    assert not broken, f"{path.relative_to(ROOT)} links to files that do not exist: {broken}"


@pytest.mark.parametrize("path", PARAMS)
def test_no_english_sentence_is_left(path):
    lang = path.relative_to(ROOT / "lessons").parts[0]
    found = english_left.scan(lang, path)
    assert not found, "translate these sentences:\n" + "\n".join(map(str, found))


def test_a_language_folder_holds_every_translated_file():
    missing = {
        lang: [n for n in lesson_hashes.EXPECTED if not (ROOT / "lessons" / lang / n).is_file()]
        for lang in lesson_hashes.LANGS
        if (ROOT / "lessons" / lang).is_dir()
    }
    missing = {lang: names for lang, names in missing.items() if names}
    assert not missing, f"translations missing from lessons/<lang>/: {missing}"


def test_seventeen_files_are_expected():
    # The teacher guide, the glossary, the exit tickets, the quiz, eight plans and the
    # five guides for running the kit (shared games, classroom, classroom site, hub, site).
    assert len(lesson_hashes.EXPECTED) == 17
    assert all((ROOT / "lessons" / name).is_file() for name in lesson_hashes.EXPECTED)


# --- the checks can fail: a made-up language folder in a temporary repository -------


def _repo(tmp_path: Path) -> Path:
    (tmp_path / "lessons" / "plans").mkdir(parents=True)
    (tmp_path / "lessons" / "quiz.md").write_text("# Quiz\n\nWhich square?\n", "utf-8")
    (tmp_path / "lessons" / "da").mkdir()
    return tmp_path


# a header that names the right English file with a hash it never had: stale at once
STALE_HEADER = "<!-- translated from lessons/quiz.md sha256:0123456789abcdef -->"


def _da_quiz(root: Path, text: str) -> Path:
    """``lessons/da/quiz.md`` of the made-up repository ``root``, holding ``text``."""
    translated = root / "lessons" / "da" / "quiz.md"
    translated.write_text(text, "utf-8")
    return translated


def test_a_stale_translation_is_named_with_what_to_do(tmp_path):
    root = _repo(tmp_path)
    english = root / "lessons" / "quiz.md"
    recorded = lesson_hashes.digest(english.read_bytes())
    translated = _da_quiz(
        root, f"<!-- translated from lessons/quiz.md sha256:{recorded} -->\n# Quiz\n"
    )
    assert problems(translated, root) == []
    english.write_text("# Quiz\n\nWhich square, and why?\n", "utf-8")
    (found,) = problems(translated, root)
    assert "lessons/da/quiz.md is stale" in found
    assert f"sha256:{lesson_hashes.digest(english.read_bytes())}" in found
    assert "--diff lessons/da/quiz.md" in found


@pytest.mark.parametrize(
    ("first_line", "complaint"),
    [
        ("# Quiz", "the first line must be"),
        ("<!-- translated from lessons/quiz.md sha256:abc -->", "the first line must be"),
        (
            "<!-- translated from lessons/glossary.md sha256:0123456789abcdef -->",
            "says it translates lessons/glossary.md, but its place translates lessons/quiz.md",
        ),
        (STALE_HEADER, "is stale"),
    ],
)
def test_a_bad_header_is_refused(tmp_path, first_line, complaint):
    root = _repo(tmp_path)
    (root / "lessons" / "glossary.md").write_text("# Glossary\n", "utf-8")
    translated = _da_quiz(root, first_line + "\n# Quiz\n")
    assert any(complaint in p for p in problems(translated, root)), problems(translated, root)


def test_a_missing_english_source_is_named(tmp_path):
    root = _repo(tmp_path)
    (root / "lessons" / "da" / "plans").mkdir()
    translated = root / "lessons" / "da" / "plans" / "09_more.md"
    translated.write_text(
        "<!-- translated from lessons/plans/09_more.md sha256:0123456789abcdef -->\n", "utf-8"
    )
    assert problems(translated, root) == [
        "lessons/da/plans/09_more.md: its English source lessons/plans/09_more.md does not exist"
    ]


def test_broken_links_are_found_and_code_is_not_read_as_links(tmp_path):
    root = _repo(tmp_path)
    translated = _da_quiz(
        root,
        "<!-- x -->\n[quiz](../quiz.md) [plan](../plans/99_none.md#top) "
        "[web](https://example.org/x) [her](#quiz) ![fig](fig.png)\n"
        "`[not a link](nowhere.md)`\n```\n[neither](nowhere.md)\n```\n"
        "[ref]: ../missing.md\n",
    )
    assert broken_links(translated) == ["../plans/99_none.md#top", "fig.png", "../missing.md"]


def test_english_left_in_teacher_material_is_found(tmp_path):
    root = _repo(tmp_path)
    translated = _da_quiz(
        root,
        STALE_HEADER + "\n"
        "# Quiz\n\nHvilket felt? Svar: `1-2 2-5`.\n\n"
        "- Ask the class which of the two squares they would choose.\n",
    )
    found = english_left.scan("da", translated)
    assert [f.text for f in found] == [
        "- Ask the class which of the two squares they would choose."
    ]


def test_update_records_the_current_hash_and_changes_nothing_else(tmp_path):
    root = _repo(tmp_path)
    body = "# Quiz\n\nHvilket felt?\n"
    translated = _da_quiz(root, STALE_HEADER + "\n" + body)
    assert any("is stale" in p for p in problems(translated, root))
    now = lesson_hashes.update(translated, root)
    assert now == lesson_hashes.digest((root / "lessons" / "quiz.md").read_bytes())
    assert translated.read_text("utf-8").split("\n", 1)[1] == body
    assert problems(translated, root) == []
