"""Gettext files for translators' tools (Poedit, Weblate, Lokalize), to and from the JSON catalogs.

The kit's messages live in ``qttt_edu/locales/<lang>/*.json``, and those stay the
source of truth. Translators' tools read gettext ``.po`` files, so this script
writes them and reads them back:

    python tools/i18n/po.py export                 # build/po/qttt-edu.pot and build/po/<lang>.po
    python tools/i18n/po.py export --out DIR da    # only Danish, into DIR
    python tools/i18n/po.py import build/po/da.po  # translations back into the JSON catalogs

Each message is one entry: ``msgctxt`` is its key, ``msgid`` the English text,
``msgstr`` the translation. A translation made from an older English text (see
``translated_from.json``) is exported as ``#, fuzzy``, so the tool shows it as
needing review; a missing one is exported empty. Placeholders are Python's
``{name}`` (flag ``python-brace-format``); a count's plural forms are written
inside its placeholder, ``{count:plural:one=# action|other=# actions}``, where
``#`` is the number (the catalog's extracted comment says so).

``import`` takes the entries that are translated and not fuzzy, and only when
their ``msgid`` is still the current English text; it checks that every
translation has exactly the English placeholders and well-formed plural forms,
and writes nothing at all if any entry is wrong. Imported keys are recorded in
``translated_from.json`` as made from the current English text. Existing keys get
their value replaced in place (the JSON files keep their order and layout); a new
language's file, or a file that lacks keys, is written in English key order.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import string
import sys
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import sync_catalogs  # noqa: E402

from qttt_edu import i18n  # noqa: E402

LOCALES, RECORD = sync_catalogs.LOCALES, sync_catalogs.RECORD
DEFAULT_OUT = ROOT / "build" / "po"
PROJECT = "qttt-edu"
# Kept fixed so an unchanged catalog exports byte for byte the same file.
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
FORM_SPEC = re.compile(r"\{\w+:[a-z]+\}")
SPEC = re.compile(r"\{\w+:")
PLURAL_NOTE = (
    "plural: keep {name:plural:one=...|other=...}; # stands for the number; "
    "name the forms of your language (CLDR categories: zero, one, two, few, many, other)"
)
VALUE_LINE = re.compile(r'^(\s*)("(?:[^"\\]|\\.)*")(\s*:\s*)("(?:[^"\\]|\\.)*")(,?)\s*$')


def english() -> dict[str, dict[str, str]]:
    """English messages by catalog file: ``{"widget.json": {key: text}}``."""
    return {
        p.name: json.loads(p.read_text("utf-8")) for p in sorted((LOCALES / "en").glob("*.json"))
    }


def translations(lang: str) -> dict[str, dict[str, str]]:
    folder = LOCALES / lang
    return {
        name: json.loads((folder / name).read_text("utf-8")) if (folder / name).exists() else {}
        for name in english()
    }


def _has_plural(template: str) -> bool:
    return any(
        spec and spec.startswith("plural:") for _, _, spec, _ in string.Formatter().parse(template)
    )


def catalog(lang: str | None) -> Catalog:
    """The gettext catalog of ``lang`` (``None``: the template, with empty translations)."""
    recorded = json.loads(RECORD.read_text("utf-8")) if RECORD.exists() else {}
    po = Catalog(
        locale=lang,
        project=PROJECT,
        version="1",
        copyright_holder="qttt-edu contributors",
        msgid_bugs_address="",
        last_translator="qttt-edu translators",
        language_team=i18n.LANGUAGES.get(lang or "en", lang or "en"),
        creation_date=STAMP,
        revision_date=STAMP,
        fuzzy=False,
        header_comment=(
            f"# {i18n.LANGUAGES.get(lang or 'en', lang)} messages of {PROJECT}, "
            "exported from qttt_edu/locales by tools/i18n/po.py.\n"
            "# Edit the translations (msgstr) and import them back with\n"
            "#     python tools/i18n/po.py import <this file>\n"
            "# msgctxt is the message's key; do not change msgctxt or msgid."
        ),
    )
    done = translations(lang) if lang else {}
    for name, messages in english().items():
        made_from = recorded.get(lang, {}).get(name, {}) if lang else {}
        for key, text in messages.items():
            translated = done.get(name, {}).get(key, "")
            # gettext's brace-format check knows no {seat:ess} (a form of the word, see
            # qttt_edu.i18n.FORMS): such a translation tells msgfmt not to check it
            # (nor a plural the English text does not have: "1 piste", "2 pistettä")
            forms = FORM_SPEC.search(translated) or (
                SPEC.search(translated) and not SPEC.search(text)
            )
            flags = ["no-python-brace-format"] if forms else ["python-brace-format"]
            if translated and made_from.get(key) != sync_catalogs.fingerprint(text):
                flags.append("fuzzy")
            comments = [f"qttt_edu/locales/{lang or 'en'}/{name}"]
            if _has_plural(text):
                comments.append(PLURAL_NOTE)
            message = po.add(text, translated, context=key, auto_comments=comments, flags=flags)
            if forms:
                message.flags.discard("python-brace-format")  # Babel adds it by itself
    return po


def export(out: Path, langs: list[str]) -> list[Path]:
    """Write ``qttt-edu.pot`` and one ``<lang>.po`` per language into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for lang, name in [(None, f"{PROJECT}.pot"), *[(lang, f"{lang}.po") for lang in langs]]:
        buffer = io.BytesIO()
        write_po(buffer, catalog(lang), width=100, omit_header=False)
        path = out / name
        path.write_bytes(buffer.getvalue())
        written.append(path)
    return written


class PoImportError(ValueError):
    """A .po file that cannot be imported; the message lists every problem."""


def read(path: Path) -> tuple[str, dict[str, str], list[str]]:
    """The language of a .po file, its usable translations by key, and notes on skipped ones."""
    po = read_po(path.open("rb"))
    lang = str(po.locale) if po.locale else path.stem
    lang = lang.split("_")[0]
    source = {key: text for messages in english().values() for key, text in messages.items()}
    problems, notes, found = [], [], {}
    for message in po:
        if not message.id:
            continue
        key, translated = message.context, message.string
        if isinstance(translated, tuple):  # a gettext plural entry: the kit writes none
            problems.append(f"{key}: use {{count:plural:...}} inside the text, not msgid_plural")
            continue
        if key not in source:
            problems.append(f"{key!r} is not a message key of the kit (msgctxt must stay the key)")
            continue
        if not translated:
            continue
        if message.fuzzy:
            notes.append(f"{key}: fuzzy, not imported (review it and clear the fuzzy flag)")
            continue
        if message.id != source[key]:
            notes.append(f"{key}: made from an older English text, not imported (export again)")
            continue
        wanted, got = sync_catalogs.fields(source[key]), sync_catalogs.fields(translated)
        if wanted != got:
            problems.append(
                f"{key}: placeholders {sorted(got)} differ from English {sorted(wanted)}"
            )
            continue
        try:
            i18n.format_message(lang, translated, **{f: 7 for f in got})
        except (ValueError, KeyError, IndexError) as error:
            problems.append(f"{key}: {error}")
            continue
        found[key] = translated
    if lang not in i18n.LANGUAGES and lang != "en":
        notes.append(f"{lang} is not in qttt_edu.i18n.LANGUAGES yet: add it (CONTRIBUTING.md)")
    if problems:
        raise PoImportError(
            f"{path}: nothing imported, {len(problems)} problem(s):\n  " + "\n  ".join(problems)
        )
    return lang, found, notes


def apply(lang: str, found: dict[str, str]) -> list[str]:
    """Write ``found`` into ``lang``'s JSON catalogs; return the keys that changed."""
    if lang == "en":
        raise PoImportError("English is the source text: edit qttt_edu/locales/en/*.json instead")
    folder = LOCALES / lang
    folder.mkdir(exist_ok=True)
    changed = []
    recorded = json.loads(RECORD.read_text("utf-8")) if RECORD.exists() else {}
    for name, messages in english().items():
        path = folder / name
        current = json.loads(path.read_text("utf-8")) if path.exists() else {}
        updates = {k: v for k, v in found.items() if k in messages and current.get(k) != v}
        if not updates:
            continue
        if path.exists() and set(updates) <= set(current):
            lines = path.read_text("utf-8").split("\n")
            for i, line in enumerate(lines):
                m = VALUE_LINE.match(line)
                if m and json.loads(m.group(2)) in updates:
                    value = json.dumps(updates[json.loads(m.group(2))], ensure_ascii=False)
                    lines[i] = f"{m.group(1)}{m.group(2)}{m.group(3)}{value}{m.group(5)}"
            text = "\n".join(lines)
        else:
            merged = {**current, **updates}
            ordered = {k: merged[k] for k in messages if k in merged}
            ordered.update({k: v for k, v in merged.items() if k not in ordered})
            text = json.dumps(ordered, ensure_ascii=False, indent=2) + "\n"
        if {**current, **updates} != json.loads(text):
            raise PoImportError(
                f"{path}: the file's layout is not one message per line; not written"
            )
        path.write_text(text, "utf-8")
        entry = recorded.setdefault(lang, {}).setdefault(name, {})
        entry.update({k: sync_catalogs.fingerprint(messages[k]) for k in updates})
        changed += sorted(updates)
    RECORD.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", "utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    out = sub.add_parser("export", help="write build/po/qttt-edu.pot and <lang>.po files")
    out.add_argument("languages", nargs="*", help="languages to export (default: all but en)")
    out.add_argument("--out", type=Path, default=DEFAULT_OUT, help="folder (default build/po)")
    back = sub.add_parser("import", help="read translated .po files back into the JSON catalogs")
    back.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args(argv)
    if args.command == "export":
        langs = args.languages or [lang for lang in i18n.LANGUAGES if lang != "en"]
        for path in export(args.out, langs):
            print(f"wrote {path}")
        return 0
    try:
        read_all = [read(path) for path in args.files]
    except PoImportError as error:
        print(error, file=sys.stderr)
        return 1
    for (lang, found, notes), path in zip(read_all, args.files, strict=True):
        for note in notes:
            print(f"{path}: {note}")
        changed = apply(lang, found)
        print(f"{path}: {len(changed)} translation(s) written to qttt_edu/locales/{lang}/")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
