"""``python -m qttt_edu.site build OUT [--cache DIR]``: build the static site into OUT."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .build import SiteBuildError, build_site, default_cache


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m qttt_edu.site",
        description="Build the game app as a static web site (Voici + Pyodide, no server).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="build the site into a folder (from scratch)")
    build.add_argument("out", type=Path, help="the folder to write (replaced if it is a site)")
    build.add_argument(
        "--cache",
        type=Path,
        default=None,
        help=f"where downloads are kept between builds (default: {default_cache()})",
    )
    build.add_argument(
        "--app", type=Path, default=None, help="the app notebook (default: notebooks/app.ipynb)"
    )
    build.add_argument(
        "--no-lesson",
        action="store_true",
        help="leave out the start-here lesson (JupyterLite's notebook app, about 14 MB)",
    )
    args = parser.parse_args(argv)
    try:
        build_site(args.out, cache=args.cache, app_source=args.app, lesson=not args.no_lesson)
    except SiteBuildError as err:
        print(f"site build failed: {err}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
