"""``python -m qttt_edu.site build OUT [--cache DIR]``: build the static site into OUT.

Also ``qttt-edu site build OUT``; the help and the messages are in the chosen language
(``--lang``, else the environment; see :mod:`qttt_edu.cli`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from ..cli import Parser, exit_status, speaking, write
from ..i18n import LANGUAGES, t
from .build import SiteBuildError, build_site
from .fetch import default_cache


def _parser(prog: str) -> Parser:
    parser = Parser(prog=prog, description=t("site_cli_description"))
    languages = sorted(LANGUAGES)
    lang_help = t("cli_lang_help", languages=", ".join(languages))
    parser.add_argument("--lang", choices=languages, default=None, help=lang_help)
    sub = parser.add_subparsers(
        dest="command", required=True, title=t("cli_commands"), metavar="{build}"
    )
    build = sub.add_parser(
        "build", help=t("site_cli_build_help"), description=t("site_cli_build_help")
    )
    build.add_argument(
        "out", type=Path, metavar=t("site_cli_out_metavar"), help=t("site_cli_out_help")
    )
    build.add_argument(
        "--cache",
        type=Path,
        default=None,
        metavar=t("site_cli_folder_metavar"),
        help=t("site_cli_cache_help", default=default_cache()),
    )
    build.add_argument(
        "--app",
        type=Path,
        default=None,
        metavar=t("site_cli_notebook_metavar"),
        help=t("site_cli_app_help", default="notebooks/app.ipynb"),
    )
    build.add_argument("--no-lesson", action="store_true", help=t("site_cli_no_lesson_help"))
    build.add_argument("--no-snapshot", action="store_true", help=t("site_cli_no_snapshot_help"))
    build.add_argument("--no-compress", action="store_true", help=t("site_cli_no_compress_help"))
    build.add_argument("--lang", choices=languages, default=None, dest="build_lang", help=lang_help)
    return parser


def main(argv: list[str] | None = None, prog: str = "python -m qttt_edu.site") -> int:
    """Build the site as the command line asks; 0 when built, 1 when the build failed,
    2 for a mistake on the command line (argparse's message, in the chosen language)."""
    args_in = sys.argv[1:] if argv is None else list(argv)
    with speaking(args_in) as lang:
        try:
            args = _parser(prog).parse_args(args_in)
        except SystemExit as stop:  # --help, or a usage error already printed
            return exit_status(stop)
        try:
            build_site(
                args.out,
                cache=args.cache,
                app_source=args.app,
                lesson=not args.no_lesson,
                snapshot=not args.no_snapshot,
                compressed=not args.no_compress,
                lang=lang,
                log=lambda line: write(sys.stdout, line + "\n"),
            )
        except SiteBuildError as err:
            write(sys.stderr, t("site_cli_failed", reason=err) + "\n")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
