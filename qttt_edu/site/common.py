"""What every step of the site build shares: where things are, the languages, the error,
running a tool, and the message catalogs."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path

from ..i18n import LANGUAGES as _KIT_LANGUAGES
from ..i18n import t

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent  # qttt_edu/
PINS = HERE / "pins"
TEMPLATES = HERE / "templates"

LANGUAGES = tuple(_KIT_LANGUAGES)  # the kit's languages, English first: one list, not a copy

Log = Callable[[str], None]


class SiteBuildError(RuntimeError):
    """The site could not be built; the message says which step and why."""


def run(argv: list[str], step: str, cwd: Path | None = None) -> str:
    """Run a tool of the build; its output, or a :class:`SiteBuildError` with its tail."""
    try:
        done = subprocess.run(argv, cwd=cwd, capture_output=True, text=True, check=False)
    except FileNotFoundError as err:
        raise SiteBuildError(t("site_tool_missing", step=step, tool=argv[0], error=err)) from err
    if done.returncode != 0:
        raise SiteBuildError(
            f"{step} failed (exit {done.returncode}): {' '.join(argv)}\n"
            f"{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
        )
    return done.stdout


def canonical(name: str) -> str:
    """A distribution's name as package indexes compare them (``Foo_bar`` -> ``foo-bar``)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def catalog(lang: str, name: str) -> dict[str, str]:
    """One message catalog of the package (``locales/<lang>/<name>.json``)."""
    data: dict[str, str] = json.loads(
        (PACKAGE / "locales" / lang / f"{name}.json").read_text("utf-8")
    )
    return data
