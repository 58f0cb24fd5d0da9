"""The five languages: complete catalogs, matching placeholders, translated rule cards.

English is the reference. Every other language must have every key of every
English catalog file (same file names), the same ``{placeholders}`` in each
template, and no empty strings, so a switch of language never prints a raw key,
an English fallback, or a ``KeyError`` from ``str.format``.
"""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from qttt_edu import Game, i18n
from qttt_edu.core import IllegalMoveError

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "qttt_edu" / "locales"
LESSONS = ROOT / "lessons"
OTHERS = [lang for lang in i18n.LANGUAGES if lang != "en"]
EN_FILES = sorted(p.name for p in (LOCALES / "en").glob("*.json"))


def load(lang: str, name: str) -> dict[str, str]:
    return json.loads((LOCALES / lang / name).read_text("utf-8"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_every_language_is_listed_and_has_a_folder():
    assert set(i18n.LANGUAGES) == {"en", "da", "fi", "nb", "it"}
    for lang in i18n.LANGUAGES:
        assert (LOCALES / lang).is_dir(), f"no catalog folder for {lang}"
    # the static site builds a page per language of the same list, English first
    from qttt_edu.site.common import LANGUAGES as SITE_LANGUAGES

    assert tuple(i18n.LANGUAGES) == SITE_LANGUAGES and SITE_LANGUAGES[0] == "en"


def test_english_keys_are_unique_across_files():
    seen: dict[str, str] = {}
    for name in EN_FILES:
        for key in load("en", name):
            assert key not in seen, f"key {key!r} is in both {seen[key]} and {name}"
            seen[key] = name


def test_no_sentence_is_in_the_catalogs_twice():
    # One template per sentence: a duplicate (even one that differs only by a closing full
    # stop) drifts apart in translation. Short labels may repeat, as a column head and a
    # heading can need different words in another language.
    seen: dict[str, str] = {}
    for name in EN_FILES:
        for key, text in load("en", name).items():
            sentence = text.rstrip(".")
            if len(sentence.split()) <= 3:
                continue
            assert sentence not in seen, f"{name}:{key} repeats {seen[sentence]}: {text!r}"
            seen[sentence] = f"{name}:{key}"


def test_view_catalog_holds_the_words_only_the_view_model_makes():
    # view.json is named after qttt_edu/view.py: each key is used there, and elsewhere only
    # by the boards drawn from its view model (the same words on every board); a key
    # another module needs for itself lives in that module's file.
    package = ROOT / "qttt_edu"
    sources = {p: p.read_text("utf-8") for p in package.rglob("*.py")}
    for key in load("en", "view.json"):
        assert key.startswith("view_"), key
        users = {str(p.relative_to(package)) for p, s in sources.items() if f'"{key}"' in s}
        assert "view.py" in users, f"{key} is not used by view.py"
        assert users <= {"view.py", "svg.py", "drawing.py"}, f"{key} is used by {sorted(users)}"


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("name", EN_FILES)
def test_every_english_key_is_translated(lang, name):
    path = LOCALES / lang / name
    assert path.exists(), f"{lang}/{name} is missing: translate en/{name}"
    english, other = load("en", name), load(lang, name)
    missing = sorted(set(english) - set(other))
    extra = sorted(set(other) - set(english))
    assert not missing, f"{lang}/{name} lacks {missing}"
    assert not extra, f"{lang}/{name} has keys English does not: {extra}"


@pytest.mark.parametrize("lang", OTHERS)
def test_no_stray_catalog_files(lang):
    names = sorted(p.name for p in (LOCALES / lang).glob("*.json"))
    assert names == EN_FILES


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_placeholders_match_english_and_no_empty_strings(lang):
    for name in EN_FILES:
        path = LOCALES / lang / name
        if not path.exists():
            continue  # reported by test_every_english_key_is_translated
        english, other = load("en", name), load(lang, name)
        for key, template in other.items():
            assert isinstance(template, str) and template.strip(), f"{lang}/{name}: {key} is empty"
            if key in english:
                assert fields(template) == fields(english[key]), (
                    f"{lang}/{name}: {key} has {sorted(fields(template))}, "
                    f"English has {sorted(fields(english[key]))}"
                )


def test_no_translation_is_older_than_its_english_text():
    # lessons/i18n/translated_from.json records which English text each translation
    # was made from; a changed English template must be translated again.
    sys.path.insert(0, str(ROOT / "tools" / "i18n"))
    try:
        import sync_catalogs
    finally:
        sys.path.pop(0)
    problems = sync_catalogs.report()
    late = {
        where: keys for where, keys in problems.items() if where.endswith(("outdated", "moved"))
    }
    assert not late, f"English changed since these were translated: {late}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translations_are_not_english_copies(lang):
    # A few short strings may be the same in two languages ("Goff", "OK"); a file
    # that is mostly English was copied, not translated.
    for name in EN_FILES:
        path = LOCALES / lang / name
        if not path.exists():
            continue
        english, other = load("en", name), load(lang, name)
        same = [k for k, v in other.items() if english.get(k) == v and re.search(r"[a-z]{4}", v)]
        assert len(same) <= max(1, len(english) // 5), f"{lang}/{name} copies English: {same}"


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_every_template_formats(lang):
    for key, template in i18n.catalog(lang).items():
        filled = i18n.t_in(lang, key, **{f: "7" for f in fields(template)})
        assert not re.search(r"\{[A-Za-z_]\w*(![rsa])?\}", filled), f"{lang}: {key} left {filled!r}"


def test_set_language_switches_messages_and_rejects_unknown():
    i18n.set_language("da")
    assert i18n.get_language() == "da"
    with pytest.raises(IllegalMoveError, match="felt 10 er ikke på brættet"):
        Game().play(1, 10)
    i18n.set_language("it")
    with pytest.raises(IllegalMoveError, match="la casella 10 è fuori dal tabellone"):
        Game().play(1, 10)
    with pytest.raises(ValueError, match="unknown language 'sv'"):
        i18n.set_language("sv")
    assert i18n.get_language() == "it"


def test_missing_key_falls_back_to_english(monkeypatch):
    partial = {k: v for k, v in i18n.catalog("fi").items() if k != "status_move"}
    monkeypatch.setitem(i18n._catalogs, "fi", partial)
    assert i18n.t_in("fi", "status_move", player="X", move=1) == "X, move 1: choose two squares"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "X wins: X line 3-6-9"),
        ("da", "X vinder: X-linje 3-6-9"),
        ("fi", "X voittaa: X:n suora 3-6-9"),
        ("nb", "X vinner: X-linje 3-6-9"),
        ("it", "Vince X: linea 3-6-9 di X"),
    ],
)
def test_show_command_speaks_each_language(lang, expected):
    record = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
    out = subprocess.run(
        [sys.executable, "-m", "qttt_edu", "show", record, "--lang", lang],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert expected in out


# --- rule cards and glossary ---------------------------------------------------

# A record in a card starts with a pair (`1 2 3` is a row of the board, not a record).
RECORD = re.compile(r"`([1-9]-[1-9](?: (?:[1-9]-[1-9]|c[1-9]|[1-9]))+)`")


def records_in(text: str) -> list[str]:
    return RECORD.findall(text)


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_rule_card_examples_are_legal_and_the_same_as_english(lang):
    card = (LESSONS / "rules" / f"{lang}.md").read_text("utf-8")
    english = (LESSONS / "rules" / "en.md").read_text("utf-8")
    assert records_in(card) == records_in(english)
    assert len(re.findall(r"^## ", card, re.M)) == len(re.findall(r"^## ", english, re.M))
    for record in records_in(card):
        Game.from_record(record)  # raises InvalidRecordError if a card shows a bad game


def test_rule_card_outcomes_match_the_engine():
    # The English card states who wins each example; the engine must agree.
    claims = {
        "1-2 2-3 3-6 1-3 c1": {1: "O4", 2: "X1", 3: "O2", 6: "X3"},
        "1-2 2-3 3-6 1-3 c3": {1: "X1", 2: "O2", 3: "O4", 6: "X3"},
    }
    for record, classical in claims.items():
        assert Game.from_record(record).classical == classical
    card = (LESSONS / "rules" / "en.md").read_text("utf-8")
    for record, winner, line in [
        ("3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5", "X", (3, 6, 9)),
        ("1-5 3-8 5-8 3-7 4-8 4-6 1-3 c3 2-9 2-9 c2", "X", (1, 2, 3)),
        ("4-9 6-8 2-5 2-9 2-5 c5 6-8 c8 1-7 1-7 c1 3", "X", (3, 5, 7)),
    ]:
        outcome = Game.from_record(record).outcome
        assert outcome is not None
        assert line in [ln.squares for ln in outcome.lines if ln.player == winner]
        assert "-".join(map(str, line)) in card


GLOSSARY_ANCHORS = [
    "spooky-mark",
    "classical-mark",
    "cycle",
    "collapse",
    "stem",
    "chooser",
    "reality",
    "ensemble",
]


def test_glossary_has_the_anchors_the_notebooks_link_to():
    text = (LESSONS / "glossary.md").read_text("utf-8")
    anchors = set(re.findall(r'<a id="([a-z-]+)"></a>', text))
    assert set(GLOSSARY_ANCHORS) <= anchors
    for link in re.findall(r"\]\(#([a-z-]+)\)", text):
        assert link in anchors, f"glossary links to a missing anchor #{link}"


def test_notebook_links_to_the_glossary_resolve():
    text = (LESSONS / "glossary.md").read_text("utf-8")
    anchors = set(re.findall(r'<a id="([a-z-]+)"></a>', text))
    for nb in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        for link in re.findall(r"glossary\.md#([a-z-]+)", nb.read_text("utf-8")):
            assert link in anchors, f"{nb.name} links to a missing glossary anchor #{link}"


# --- the app plays a whole game in every language ----------------------------------

# English words that must not show in another language's app (a hard-coded string
# or a missing translation would show one). Whole words, so "X1" or "c4" do not count.
ENGLISH_ONLY = re.compile(r"\b(square|choose|move|cycle|lands|wins|classical|spooky|Undo)\b")


def visible_texts(app) -> list[str]:
    """Every text the app shows a person: values, descriptions, tooltips, options."""
    import html

    import ipywidgets as w

    def walk(widget):
        yield widget
        for child in getattr(widget, "children", ()):
            yield from walk(child)

    out = []
    for widget in walk(app.widget):
        if widget.layout.display == "none":
            continue
        if isinstance(widget, w.HTML):
            out.append(html.unescape(re.sub(r"<[^>]+>", " ", widget.value)))
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(widget, attr, None)
            if isinstance(value, str) and value:
                out.append(value)
        if isinstance(widget, w.Dropdown):
            out.extend(label for label, _ in widget.options)
    return out


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_the_app_plays_a_whole_game_in_each_language(lang):
    widgets = pytest.importorskip("qttt_edu.widgets")
    from qttt_edu.core import Action
    from tests.page import click, square_label

    app = widgets.play(language=lang, computer_delay=0)
    assert app.controls.language_select.value == lang
    # RULES.md example 3: two collapses, both players get a line, X's came first.
    record = "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"
    for i, token in enumerate(record.split(), 1):
        for square in Action.parse(token).squares:
            click(app, square)
        game = app.game
        assert game.record() == " ".join(record.split()[:i]), app.message
        assert app.message is None, app.message
        pending = game.awaiting_collapse
        if pending is not None:
            a, b = pending.choices
            expected = i18n.t_in(
                lang, "status_collapse", chooser=pending.chooser, mark=pending.mark, a=a, b=b
            )
        elif game.outcome is None:
            expected = i18n.t_in(lang, "status_move", player=game.to_act, move=game.move_number)
        else:
            expected = i18n.t_in(lang, "view_status_win", winner="X", line="3-6-9", mark="X5")
        assert expected in app.status_text
        for s in range(1, 10):
            if s in game.classical:
                name = i18n.t_in(lang, "view_square_classical", square=s, mark=game.classical[s])
                assert square_label(app, s).startswith(name)
        if lang != "en":
            leaks = [text for text in visible_texts(app) if ENGLISH_ONLY.search(text)]
            assert not leaks, f"English in the {lang} app after {token}: {leaks}"
    assert app.game.outcome.winner == "X"
    assert i18n.t_in(lang, "view_status_win_later", player="O", line="1-4-7", mark="O8") in (
        app.status_text
    )


# --- lesson plans: the answer keys are what the checkers accept ----------------------

PLANS = LESSONS / "plans"
KEY = re.compile(r'`(checks\.check\("(\d\d-\d)", .+?\))`')


@pytest.mark.parametrize("plan", sorted(PLANS.glob("0*.md")), ids=lambda p: p.stem)
def test_answer_key_is_accepted_by_the_checkers(plan):
    from qttt_edu import checks

    text = plan.read_text("utf-8")
    keyed = {exercise for _, exercise in KEY.findall(text)}
    notebook = plan.stem[:2]
    assert keyed == set(checks.exercises(notebook)), f"{plan.name} keys {sorted(keyed)}"
    for call, _ in KEY.findall(text):
        result = eval(call, {"checks": checks})  # the plan's own line, as a teacher would run it
        assert result.ok, f"{plan.name}: {call} -> {result}"
    for heading in ("Learning objectives", "Timing", "warm-up", "Discussion", "misconceptions"):
        assert heading.lower() in text.lower(), f"{plan.name} lacks a '{heading}' section"


def test_every_notebook_has_a_plan():
    for nb in sorted((ROOT / "notebooks").glob("0*.ipynb")):
        assert (PLANS / f"{nb.stem}.md").exists(), f"no lesson plan for {nb.name}"


# --- the start-here notebook in every language ---------------------------------------


@pytest.mark.parametrize("lang", OTHERS)
def test_translated_start_notebook_keeps_the_english_structure(lang):
    english = json.loads((ROOT / "notebooks" / "00_start_here.ipynb").read_text("utf-8"))
    path = ROOT / "notebooks" / "i18n" / f"00_start_here.{lang}.ipynb"
    translated = json.loads(path.read_text("utf-8"))
    en_cells, tr_cells = english["cells"], translated["cells"]
    assert [c["cell_type"] for c in tr_cells] == [c["cell_type"] for c in en_cells]
    code = [c for c in tr_cells if c["cell_type"] == "code"]
    first = "".join(code[0]["source"])
    assert f'set_language("{lang}")' in first and "app = play()" in first
    for en, tr in zip(en_cells, tr_cells, strict=True):
        en_src, tr_src = "".join(en["source"]), "".join(tr["source"])
        if en["cell_type"] == "markdown":
            assert tr_src.strip() and tr_src != en_src, f"{lang}: untranslated cell {en_src[:60]!r}"
        else:
            # Same code: only comments, printed labels and the language switch differ.
            assert ("NBVAL_CHECK_OUTPUT" in en_src) == ("NBVAL_CHECK_OUTPUT" in tr_src)
            assert en.get("metadata", {}).get("tags") == tr.get("metadata", {}).get("tags")
            calls = re.compile(r"[\w.]+\(")
            assert set(calls.findall(en_src)) <= set(calls.findall(tr_src))
    # Links are one folder deeper: every relative link must point at a file that exists.
    for cell in tr_cells:
        for target in re.findall(r"\]\((?!https?:)([^)#]+)", "".join(cell["source"])):
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_links_in_the_teacher_materials_resolve():
    glossary = (LESSONS / "glossary.md").read_text("utf-8")
    anchors = set(re.findall(r'<a id="([a-z-]+)"></a>', glossary))
    for page in sorted(LESSONS.rglob("*.md")):
        for target in re.findall(r"\]\((?!https?:|#)([^)\s]+)\)", page.read_text("utf-8")):
            file, _, anchor = target.partition("#")
            assert (page.parent / file).exists(), f"{page.relative_to(ROOT)} links to {target}"
            if file.endswith("glossary.md") and anchor:
                assert anchor in anchors, f"{page.relative_to(ROOT)} links to {target}"


@pytest.mark.parametrize("lang", OTHERS)
def test_translated_notebooks_print_no_python_words_to_students(lang):
    # "venter på et kollaps: False" is Python talking, not Danish: printed answers
    # are words of the language (ja/nej, kyllä/ei, ja/nei, sì/no).
    # Student copies and, where the build keeps them, reference copies with every output.
    paths = [
        *sorted((ROOT / "notebooks").rglob(f"*.{lang}.ipynb")),
        *sorted((ROOT / "tests").rglob(f"*.{lang}.ipynb")),
    ]
    printed = 0
    for path in paths:
        for cell in json.loads(path.read_text("utf-8"))["cells"]:
            for output in cell.get("outputs", []):
                text = "".join(output.get("text", ""))
                printed += bool(text)
                found = re.findall(r"\b(?:True|False|None)\b", text)
                assert not found, f"{path.name} prints {found} to students: {text!r}"
    assert printed, f"no stored printed output in any {lang} notebook: nothing was checked"


# --- plural forms ------------------------------------------------------------------


@pytest.mark.parametrize("lang", list(i18n.LANGUAGES))
def test_plural_forms_are_well_formed_and_cover_the_languages_categories(lang):
    rule = i18n.PLURAL_RULES[lang]
    categories = {rule(n) for n in [0, 1, 2, 3, 5, 11, 21, 100, 0.5, 1.5, 2.5]}
    for key, template in i18n.catalog(lang).items():
        for _, _field, spec, _ in string.Formatter().parse(template):
            if spec and spec.startswith("plural:"):
                forms = i18n.plural_forms(spec)
                assert set(forms) <= categories | {"other"}, f"{lang}: {key} names {set(forms)}"
                missing = categories - set(forms) - {"other"}
                assert not missing, f"{lang}: {key} lacks the {missing} form"


@pytest.mark.parametrize(
    ("lang", "key", "one", "many"),
    [
        ("en", "widget_loaded", "Loaded: 1 action.", "Loaded: 3 actions."),
        ("da", "widget_loaded", "Indlæst: 1 handling.", "Indlæst: 3 handlinger."),
        ("fi", "ws_a_realities", "1 todellisuus:", "3 todellisuutta:"),
        ("nb", "widget_loaded", "Lastet inn: 1 handling.", "Lastet inn: 3 handlinger."),
        ("it", "widget_loaded", "Caricata 1 azione.", "Caricate 3 azioni."),
    ],
)
def test_counts_take_the_plural_form_of_the_language(lang, key, one, many):
    assert i18n.t_in(lang, key, count=1) == one
    assert i18n.t_in(lang, key, count=3) == many


def test_one_stem_is_a_stem_not_stems():
    # The review found "Steli: X3 finisce in 6. Finiscono ..." for a single stem.
    one = i18n.t_in("it", "ws_a_stems", stems="X3 finisce in 6", count=1)
    assert one.startswith("Stelo: X3 finisce in 6. Finisce nella")
    two = i18n.t_in("en", "ws_a_stems", stems="X3 lands in 6, O4 lands in 7", count=2)
    assert two.startswith("Stems: X3 lands in 6, O4 lands in 7. They land")
    # And on the answer sheet itself, whose stems puzzle has exactly one stem.
    from qttt_edu import worksheets

    i18n.set_language("it")
    answers = [worksheets.solve_puzzle(p) for p in worksheets.PUZZLES if p.kind == "stems"]
    one = [" ".join(a.lines) for a in answers if len(a.stems) == 1]
    assert one, "no puzzle with a single stem to check"
    assert all(re.search(r"Stelo: X\d finisce in \d\. Finisce nella", text) for text in one)


def test_a_bad_plural_spec_is_refused_with_the_reason():
    with pytest.raises(ValueError, match="needs an 'other=' form"):
        i18n.format_message("en", "{n:plural:one=# thing}", n=2)
    with pytest.raises(ValueError, match="bad plural form 'few # things'"):
        i18n.format_message("en", "{n:plural:few # things|other=# things}", n=2)
    with pytest.raises(ValueError, match="needs a count, not 'many'"):
        i18n.format_message("en", "{n:plural:one=# thing|other=# things}", n="many")


# --- gettext round trip for translators' tools (tools/i18n/po.py) ---------------------

sys.path.insert(0, str(ROOT / "tools" / "i18n"))
try:
    import po
finally:
    sys.path.pop(0)

from babel.messages.pofile import read_po, write_po  # noqa: E402


@pytest.fixture
def po_workspace(tmp_path, monkeypatch):
    """A copy of the catalogs and their record, so an import cannot touch the real ones."""
    import shutil

    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    record = tmp_path / "translated_from.json"
    shutil.copy(LESSONS / "i18n" / "translated_from.json", record)
    monkeypatch.setattr(po, "LOCALES", locales)
    monkeypatch.setattr(po, "RECORD", record)
    return locales, record


def po_entries(path):
    with path.open("rb") as f:
        return {m.context: m for m in read_po(f) if m.id}


def test_po_export_has_every_message_and_gettext_accepts_it(tmp_path):
    written = po.export(tmp_path, OTHERS)
    assert sorted(p.name for p in written) == sorted(
        ["qttt-edu.pot", *(f"{lang}.po" for lang in OTHERS)]
    )
    english = {k: v for name in EN_FILES for k, v in load("en", name).items()}
    for path in written:
        entries = po_entries(path)
        assert set(entries) == set(english), path.name
        assert all(entries[k].id == english[k] for k in english)
        if path.suffix == ".po":
            lang = path.stem
            translated = i18n.catalog(lang)
            assert all(entries[k].string == translated[k] for k in english)
            assert not [k for k, m in entries.items() if m.fuzzy], "all translations are current"
    msgfmt = __import__("shutil").which("msgfmt")
    if msgfmt:  # GNU gettext's own check of the files (placeholders, header, escapes)
        for path in written:
            subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], check=True)


def test_po_round_trip_changes_nothing(po_workspace, tmp_path):
    locales, record = po_workspace
    before = {p: p.read_bytes() for p in [*locales.rglob("*.json"), record]}
    for path in po.export(tmp_path, OTHERS)[1:]:
        lang, found, notes = po.read(path)
        assert not notes
        assert po.apply(lang, found) == []
    assert {p: p.read_bytes() for p in before} == before


def test_po_import_writes_a_translators_edit_in_place(po_workspace, tmp_path):
    locales, _ = po_workspace
    (path,) = po.export(tmp_path, ["da"])[1:]
    with path.open("rb") as f:
        catalog = read_po(f)
    catalog.get("New game", context="widget_new").string = "Nyt parti"
    catalog.get("Undo", context="widget_undo").string = "Fortryd træk"
    catalog.get("Undo", context="widget_undo").flags.add("fuzzy")  # not reviewed: stays out
    with path.open("wb") as f:
        write_po(f, catalog, width=100)
    widget = locales / "da" / "widget.json"
    old_lines = widget.read_text("utf-8").split("\n")
    lang, found, notes = po.read(path)
    assert lang == "da" and any("widget_undo: fuzzy" in n for n in notes)
    assert po.apply(lang, found) == ["widget_new"]
    new_lines = widget.read_text("utf-8").split("\n")
    changed = [(a, b) for a, b in zip(old_lines, new_lines, strict=True) if a != b]
    assert changed == [('  "widget_new": "Nyt spil",', '  "widget_new": "Nyt parti",')]


def test_po_import_refuses_a_wrong_placeholder_and_writes_nothing(po_workspace, tmp_path):
    locales, record = po_workspace
    record_before = record.read_bytes()
    (path,) = po.export(tmp_path, ["it"])[1:]
    with path.open("rb") as f:
        catalog = read_po(f)
    catalog.get("Square {square}: empty", context="view_square_empty").string = "Casella vuota"
    message = catalog.get(
        "Loaded: {count:plural:one=# action|other=# actions}.", context="widget_loaded"
    )
    message.string = "{count:plural:one=Caricata # azione}."  # no 'other' form
    with path.open("wb") as f:
        write_po(f, catalog, width=100)
    before = {p: p.read_bytes() for p in locales.rglob("*.json")}
    with pytest.raises(po.PoImportError) as refused:
        po.read(path)
    reason = str(refused.value)
    assert "view_square_empty: placeholders [] differ from English ['square']" in reason
    assert "widget_loaded" in reason and "other=" in reason
    assert po.main(["import", str(path)]) == 1
    assert {p: p.read_bytes() for p in locales.rglob("*.json")} == before
    assert record.read_bytes() == record_before


def test_po_marks_a_translation_of_older_english_as_fuzzy(po_workspace, tmp_path):
    _, record = po_workspace
    recorded = json.loads(record.read_text("utf-8"))
    recorded["fi"]["widget.json"]["widget_new"] = "0000000000"  # made from other English
    record.write_text(json.dumps(recorded), "utf-8")
    (path,) = po.export(tmp_path, ["fi"])[1:]
    entries = po_entries(path)
    assert entries["widget_new"].fuzzy and entries["widget_new"].string == "Uusi peli"
    assert not entries["widget_undo"].fuzzy


def test_po_import_starts_a_new_language_in_english_key_order(po_workspace, tmp_path):
    locales, record = po_workspace
    template = po.export(tmp_path, [])[0]
    with template.open("rb") as f:
        catalog = read_po(f, locale="sv")
    catalog.get("New game", context="widget_new").string = "Nytt parti"
    catalog.get("Undo", context="widget_undo").string = "Ångra"
    path = tmp_path / "sv.po"
    with path.open("wb") as f:
        write_po(f, catalog, width=100)
    lang, found, notes = po.read(path)
    assert lang == "sv" and found == {"widget_new": "Nytt parti", "widget_undo": "Ångra"}
    assert any("LANGUAGES" in n for n in notes)
    po.apply(lang, found)
    written = json.loads((locales / "sv" / "widget.json").read_text("utf-8"))
    english_order = [k for k in load("en", "widget.json") if k in written]
    assert list(written) == english_order
    assert json.loads(record.read_text("utf-8"))["sv"]["widget.json"].keys() == written.keys()


def test_po_command_line_exports_into_the_folder_given(tmp_path, capsys):
    assert po.main(["export", "--out", str(tmp_path / "po"), "nb"]) == 0
    assert sorted(p.name for p in (tmp_path / "po").iterdir()) == ["nb.po", "qttt-edu.pot"]
    assert "wrote" in capsys.readouterr().out


# --- every call gives its message the fields it names ------------------------------------------

#: the functions that take a catalog key (and, for ``t_in``, a language first)
KEYED_CALLS = {"t": 0, "message": 0, "say": 0, "t_in": 1}


def missing_fields(root: Path) -> list[str]:
    """``file:line key: missing {...}`` for every call of a keyed function whose literal key's
    English template names a field the call does not pass (calls with ``**fields`` excepted)."""
    import ast

    english: dict[str, str] = {}
    for path in sorted((LOCALES / "en").glob("*.json")):
        english.update(json.loads(path.read_text("utf-8")))
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", None))
            where = KEYED_CALLS.get(name) if isinstance(name, str) else None
            if where is None or len(node.args) <= where:
                continue
            key = node.args[where]
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                continue
            if key.value not in english or any(k.arg is None for k in node.keywords):
                continue
            missing = fields(english[key.value]) - {k.arg for k in node.keywords}
            if missing:
                where_ = f"{path.relative_to(root)}:{node.lineno}"
                found.append(f"{where_} {key.value}: {sorted(missing)}")
    return found


def test_every_call_gives_its_message_the_fields_it_names():
    # a message that gains a field ({limit}) must not leave a caller behind: that caller's
    # refusal would end in a KeyError instead of words
    assert missing_fields(ROOT / "qttt_edu") == []


def test_the_field_check_catches_a_call_without_its_field(tmp_path):
    (tmp_path / "m.py").write_text(
        'from qttt_edu.i18n import t\nt("rooms_class_bad")\nt("rooms_class_bad", limit=64)\n'
    )
    assert missing_fields(tmp_path) == ["m.py:2 rooms_class_bad: ['limit']"]
