"""Command line: ``python -m qttt_edu show "<record>" [--json] [--lang da]``."""

from __future__ import annotations

import argparse
import json
import sys

from .core import Game, InvalidRecordError
from .i18n import LANGUAGES, set_language, t
from .notation import render_text


def main(argv: list[str] | None = None) -> int:
    if (sys.argv[1:] if argv is None else argv)[:1] == ["site"]:  # qttt-edu site build OUT
        from .site.__main__ import main as site_main

        return site_main((sys.argv[1:] if argv is None else argv)[1:])
    parser = argparse.ArgumentParser(prog="python -m qttt_edu", description=t("cli_description"))
    parser.add_argument("--lang", choices=sorted(LANGUAGES), default=None)
    sub = parser.add_subparsers(dest="command", required=True)
    show = sub.add_parser("show", help=t("cli_show_help"))
    show.add_argument("record", nargs="?", default="")
    show.add_argument("--json", action="store_true", help=t("cli_json_help"))
    show.add_argument("--lang", choices=sorted(LANGUAGES), default=None, dest="show_lang")
    args = parser.parse_args(argv)
    lang = args.show_lang or args.lang
    if lang:
        set_language(lang)
    try:
        game = Game.from_record(args.record)
    except InvalidRecordError as err:
        print(t("cli_error", reason=err), file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(game.to_dict(), indent=2, ensure_ascii=False))
    else:
        print(render_text(game))
    return 0


if __name__ == "__main__":
    sys.exit(main())
