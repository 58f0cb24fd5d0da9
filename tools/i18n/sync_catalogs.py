"""Keep the translated catalogs in step with the English ones.

    python tools/i18n/sync_catalogs.py           # report what needs a translator
    python tools/i18n/sync_catalogs.py --prune   # also drop keys English no longer has
    python tools/i18n/sync_catalogs.py --record  # after translating: mark all as up to date

English (qttt_edu/locales/en/*.json) is the reference. For every other language
this lists, per file:

* **missing**: English keys without a translation;
* **outdated**: keys whose English text changed since the translation was made
  (``lessons/i18n/translated_from.json`` keeps a fingerprint of the English
  text each translation was made from);
* **moved**: outdated keys whose new English text is the old text of another key,
  so the other key's translation can be carried over (``--prune`` does that);
* **placeholders**: translations whose ``{fields}`` differ from English;
* **stale**: keys English no longer has.

``--prune`` drops stale keys, carries moved translations and rewrites every file in
English key order. ``--record`` stores the fingerprints of the current English
texts: run it only once every translation matches its English text. Translating
stays a human job: the script never invents text. Translators who work in Poedit or
Weblate go through ``po.py`` beside this script (gettext export and import, which
records what it imports); the game terms to use are in ``lessons/i18n/terms.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import string
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALES = ROOT / "qttt_edu" / "locales"
RECORD = ROOT / "lessons" / "i18n" / "translated_from.json"


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def fingerprint(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:10]


def languages() -> list[str]:
    return sorted(p.name for p in LOCALES.iterdir() if p.is_dir() and p.name != "en")


def report(prune: bool = False) -> dict[str, list[str]]:
    """Every problem as ``"<lang>/<file> <kind>" -> keys``; fix what ``prune`` can."""
    recorded = json.loads(RECORD.read_text("utf-8")) if RECORD.exists() else {}
    problems: dict[str, list[str]] = {}
    for en_path in sorted((LOCALES / "en").glob("*.json")):
        english = json.loads(en_path.read_text("utf-8"))
        for lang in languages():
            path = LOCALES / lang / en_path.name
            other = json.loads(path.read_text("utf-8")) if path.exists() else {}
            made_from = recorded.get(lang, {}).get(en_path.name, {})
            by_old_text = {fp: key for key, fp in made_from.items()}
            outdated = [
                k for k in english if k in other and made_from.get(k) != fingerprint(english[k])
            ]
            moved = {
                k: by_old_text[fingerprint(english[k])]
                for k in outdated
                if fingerprint(english[k]) in by_old_text
            }
            found = {
                "missing": [k for k in english if k not in other],
                "outdated": [k for k in outdated if k not in moved],
                "moved": [f"{k} <- {src}" for k, src in moved.items()],
                "placeholders": [
                    k for k in english if k in other and fields(other[k]) != fields(english[k])
                ],
                "stale": [k for k in other if k not in english],
            }
            for kind, keys in found.items():
                if keys:
                    problems[f"{lang}/{en_path.name} {kind}"] = keys
            if prune and (found["stale"] or moved):
                carried = {**other, **{k: other[src] for k, src in moved.items()}}
                kept = {k: carried[k] for k in english if k in carried}
                path.write_text(json.dumps(kept, ensure_ascii=False, indent=2) + "\n", "utf-8")
                if moved:
                    entry = recorded.setdefault(lang, {}).setdefault(en_path.name, {})
                    entry.update({k: fingerprint(english[k]) for k in moved})
    if prune:
        RECORD.write_text(json.dumps(recorded, indent=1, sort_keys=True) + "\n", "utf-8")
    return problems


def record() -> None:
    """Mark every present translation as made from the current English text."""
    out: dict[str, dict[str, dict[str, str]]] = {}
    for en_path in sorted((LOCALES / "en").glob("*.json")):
        english = json.loads(en_path.read_text("utf-8"))
        for lang in languages():
            path = LOCALES / lang / en_path.name
            other = json.loads(path.read_text("utf-8")) if path.exists() else {}
            out.setdefault(lang, {})[en_path.name] = {
                k: fingerprint(english[k]) for k in english if k in other
            }
    RECORD.write_text(json.dumps(out, indent=1, sort_keys=True) + "\n", "utf-8")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prune", action="store_true", help="drop stale keys, carry moved ones")
    parser.add_argument("--record", action="store_true", help="mark translations up to date")
    args = parser.parse_args()
    if args.record:
        record()
    problems = report(prune=args.prune)
    for where, keys in problems.items():
        print(f"{where}: {', '.join(keys)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
