"""Keep the translated catalogs in step with the English ones.

    python lessons/i18n/sync_catalogs.py          # report what is missing or stale
    python lessons/i18n/sync_catalogs.py --prune  # also drop keys English no longer has

English (qttt_edu/locales/en/*.json) is the reference. For every other language
this lists, per file, the English keys without a translation, the translations
whose placeholders differ from English, and the keys English no longer has.
With --prune the stale keys are removed and every file is rewritten in English
key order. Translating stays a human job: the script never invents text.
"""

from __future__ import annotations

import argparse
import json
import string
from pathlib import Path

LOCALES = Path(__file__).resolve().parent.parent.parent / "qttt_edu" / "locales"


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--prune", action="store_true", help="drop keys English no longer has")
    args = parser.parse_args()
    problems = 0
    for en_path in sorted((LOCALES / "en").glob("*.json")):
        english = json.loads(en_path.read_text("utf-8"))
        for folder in sorted(p for p in LOCALES.iterdir() if p.is_dir() and p.name != "en"):
            path = folder / en_path.name
            other = json.loads(path.read_text("utf-8")) if path.exists() else {}
            missing = [k for k in english if k not in other]
            stale = [k for k in other if k not in english]
            wrong = [k for k in english if k in other and fields(other[k]) != fields(english[k])]
            for label, keys in (("missing", missing), ("stale", stale), ("placeholders", wrong)):
                if keys:
                    problems += len(keys)
                    print(f"{folder.name}/{en_path.name} {label}: {', '.join(keys)}")
            if args.prune and stale:
                kept = {k: other[k] for k in english if k in other}
                path.write_text(json.dumps(kept, ensure_ascii=False, indent=2) + "\n", "utf-8")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
