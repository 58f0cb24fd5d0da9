"""Build the static site: Voici pages running the game under Pyodide, every file local.

``build_site`` runs the steps, each a module of its own so tests, benchmarks and the next
upgrade can take them one at a time:

1. :mod:`.fetch`: the pinned npm package (Pyodide's core) and the pinned
   pure-Python wheels, downloaded once into the cache and checked against their pinned
   hashes (``pins/``).
2. :mod:`.wheels`: a wheel of ``qttt_edu`` made from this checkout, every wheel compiled
   to byte-code, and ``static/pyodide/`` with a lock file that lists exactly them.
   :mod:`.snapshot` puts the site's Pyodide loader beside them (the one adapter an
   upgrade of Pyodide replaces).
3. A fresh JupyterLite/Voici build in a temporary folder (no stale ``.jupyterlite.doit.db``
   can leak an old setting into it), with the app notebook and the lessons; then
   :mod:`.pages`: page-relative URLs in each page's configuration, no link to Font
   Awesome's CDN, the loading screen, the lesson's guard, and an ``index.html`` that opens the
   app and keeps ``?lang=``.
4. :mod:`.trim`: what no page loads is left out.
5. :mod:`.hosting`: the servers' type configuration and compressed copies.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..i18n import get_language, t, t_in
from .common import LANGUAGES, Log, SiteBuildError, run
from .fetch import default_cache, fetch_npm, fetch_wheels
from .hosting import brotli_available, compress, is_compressed_copy, write_server_config
from .pages import (
    APP_PAGE,
    KERNEL_SETTINGS,
    app_notebook,
    find_repo_notebook,
    guard_lesson_page,
    index_html,
    lesson_guard,
    loader_html,
    rewrite_page,
    site_config,
    site_notebooks,
)
from .snapshot import LOADER, install_loader, page_script
from .trim import APP_DROPS, LESSON_DROPS, trim
from .wheels import (
    compile_wheel,
    find_python,
    install_pyodide,
    kernel_wheels,
    lock_hash,
    package_wheel,
    pyodide_python,
    site_extensions,
    stand_in_wheels,
    start_packages,
)

__all__ = ["LANGUAGES", "MARKER", "SiteBuildError", "build_site", "site_size"]

MARKER = ".qttt-site"  # in every built site: lets a rebuild clear the folder safely


def _clear(out: Path) -> None:
    if out.exists():
        if any(out.iterdir()) and not (out / MARKER).exists():
            raise SiteBuildError(t("site_not_ours", folder=out))
        shutil.rmtree(out)


def _voici_build(lite: Path, out: Path, apps: list[str], extensions: list[Path]) -> None:
    # JupyterLite's own switches: no extension from the environment, only the site's list.
    build_config = {
        "LiteBuildConfig": {
            "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(path) for path in extensions],
        }
    }
    (lite / "jupyter_lite_config.json").write_text(json.dumps(build_config, indent=1), "utf-8")
    run(
        [
            sys.executable,
            "-c",
            "import sys; from voici_core.app import main; sys.exit(main())",
            "build",
            "--lite-dir",
            str(lite),
            "--contents",
            str(lite / "contents"),
            "--output-dir",
            str(out),
            "--no-sourcemaps",
            "--no-unused-shared-packages",
            *[arg for app in apps for arg in ("--apps", app)],
        ],
        "voici build",
        cwd=lite,
    )


def site_size(out: Path) -> tuple[int, int]:
    """Bytes of the site's files, and of the compressed copies beside them."""
    files = [p for p in out.rglob("*") if p.is_file()]
    copies = sum(p.stat().st_size for p in files if is_compressed_copy(p))
    return sum(p.stat().st_size for p in files) - copies, copies


def _browser_wheels(
    work: Path, cache: Path, version: str, log: Log
) -> tuple[list[Path], list[Path]]:
    """Every wheel the browser gets, compiled when a Python of Pyodide's ``version`` is
    at hand; and the pinned ones as fetched (their page-side extensions intact)."""
    made = work / "wheels"
    made.mkdir()
    python = find_python(version)
    own = package_wheel(made)
    browser_wheels = fetch_wheels(cache, log)
    if python is None:
        log(t("site_log_no_python312", version=version))
        third_party = [*browser_wheels, *kernel_wheels()]
    else:
        log(t("site_log_compiling", python=python))
        third_party = [
            compile_wheel(w, python, cache, keep_source=False, version=version)
            for w in [*browser_wheels, *kernel_wheels()]
        ]
        own = compile_wheel(own, python, made / "compiled", keep_source=True, version=version)
    return [*third_party, *stand_in_wheels(made), own], browser_wheels


def build_site(
    out: Path | str,
    *,
    cache: Path | str | None = None,
    app_source: Path | None = None,
    lesson: bool = True,
    snapshot: bool = True,
    compressed: bool = True,
    lang: str | None = None,
    log: Log = print,
) -> Path:
    """Build the site into ``out`` from scratch and return ``out``.

    ``cache`` keeps downloads between builds (default: ``default_cache()``);
    ``app_source`` is the app notebook (default: the checkout's ``notebooks/app.ipynb``);
    ``lesson`` adds the start-here notebook in five languages as a JupyterLite lesson
    (``notebooks/index.html?path=00_start_here.ipynb``; about 10 MB more, loaded only by
    whoever opens it); ``snapshot`` lets the pages keep a start-up snapshot of Python in
    the browser (:mod:`.snapshot`); ``compressed`` writes ``.gz`` (and ``.br``) copies
    for servers that send them. ``lang`` (default: the language in use) is the language
    of the pages' titles before their script picks the reader's, and of the build's
    messages.
    """
    started = time.monotonic()
    lang = lang if lang in LANGUAGES else get_language()
    out = Path(out).resolve()
    cache = Path(cache) if cache is not None else default_cache()
    _clear(out)
    npm = fetch_npm(cache, log)
    with tempfile.TemporaryDirectory(prefix="qttt-site-") as tmp:
        work = Path(tmp)
        wheels, pinned = _browser_wheels(work, cache, pyodide_python(npm["pyodide"]), log)
        extensions = site_extensions(pinned, work / "extensions")
        settings: dict[str, Any] = {
            "pyodideUrl": f"./static/pyodide/{LOADER}",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": start_packages(wheels)},
        }
        lite = work / "lite"
        notebooks = _lite_contents(lite, settings, app_source, lesson=lesson)
        log(t("site_log_building"))
        _voici_build(lite, out, apps=["notebooks"] if notebooks else [], extensions=extensions)
        # Ours from now on: a build that fails after this point can be rebuilt over.
        (out / MARKER).write_text(
            "Built by `python -m qttt_edu.site build`; safe to delete and rebuild.\n", "utf-8"
        )
        _install_static(out, npm, wheels, settings, snapshot=snapshot)
    _pages(out, settings, notebooks, snapshot=snapshot, lang=lang)
    trim(out, keep_app_shell=bool(notebooks))
    write_server_config(out)
    if compressed:
        log(t("site_log_compressing", brotli=", .br" if brotli_available() else ""))
        compress(out)
    _log_built(out, started, log)
    return out


def _lite_contents(
    lite: Path, settings: dict[str, Any], app_source: Path | None, *, lesson: bool
) -> dict[str, Any]:
    """Step 3's first half: the JupyterLite folder with the app notebook, the lessons (when
    ``lesson``) and the kernel's ``settings``; returns the lessons by file name."""
    (lite / "contents").mkdir(parents=True)
    source = app_source if app_source is not None else find_repo_notebook("app.ipynb")
    notebook = app_notebook(source)
    (lite / "contents" / "app.ipynb").write_text(json.dumps(notebook, indent=1), "utf-8")
    notebooks = site_notebooks() if lesson else {}
    for name, data in notebooks.items():
        (lite / "contents" / name).write_text(json.dumps(data, indent=1), "utf-8")
    lite_config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: settings}}}
    (lite / "jupyter-lite.json").write_text(json.dumps(lite_config, indent=1), "utf-8")
    return notebooks


def _install_static(
    out: Path, npm: dict[str, Path], wheels: list[Path], settings: dict[str, Any], *, snapshot: bool
) -> None:
    """Step 2's files in the built site: Pyodide with the site's wheels and its loader;
    ``settings`` learns the lock file's address."""
    target, lock = install_pyodide(out, npm["pyodide"], wheels)
    wheels_hash = lock_hash(lock)
    install_loader(target, lock["info"]["version"], wheels_hash, snapshot=snapshot)
    # The lock's URL carries its hash: a browser that cached an older site asks anew.
    settings["loadPyodideOptions"]["lockFileURL"] = (
        f"static/pyodide/pyodide-lock.json?v={wheels_hash}"
    )


def _log_built(out: Path, started: float, log: Log) -> None:
    size, copies = site_size(out)
    log(
        t(
            "site_log_built",
            seconds=round(time.monotonic() - started, 1),
            folder=out,
            size=round(size / 1e6, 1),
            compressed=round(copies / 1e6, 1),
        )
    )


def _pages(
    out: Path, settings: dict[str, Any], notebooks: dict[str, Any], *, snapshot: bool, lang: str
) -> None:
    """Step 3's second half: every page made self-contained, titled and guarded."""
    script = page_script() if snapshot else ""
    page = out / APP_PAGE
    if not page.exists():
        raise SiteBuildError(f"voici build made no {APP_PAGE}")
    for other in (out / "voici" / "render").glob("*.html"):
        if other != page:  # the lessons: they run in JupyterLite, not as Voici pages
            other.unlink()
    title = t_in(lang, "widget_title")
    rewrite_page(page, "../../", settings, loader_html(lang, script), APP_DROPS, title)
    site_config(out, settings, LESSON_DROPS)
    index = out / "index.html"
    index.write_text(index_html(index.read_text("utf-8"), lang), "utf-8")
    lesson_page = out / "notebooks" / "index.html"
    if notebooks and lesson_page.exists():
        guard_lesson_page(lesson_page, lesson_guard(notebooks, lang), script)
    # ``voici/`` alone would be a 404: it opens the game, as the front door does.
    (out / "voici" / "index.html").write_text(
        (out / "index.html").read_text("utf-8").replace(APP_PAGE, "render/app.html"), "utf-8"
    )
