"""Build the static site: Voici pages running the game under Pyodide, every file local.

The steps, each a function below so tests and benchmarks can reuse them:

1. ``fetch_inputs``: the pinned npm packages (Pyodide's core, Font Awesome) and the
   pinned pure-Python wheels, downloaded once into the cache and checked against
   their pinned hashes (``pins/``).
2. ``package_wheel``: a wheel of ``qttt_edu`` made from the files of this checkout
   (no dependency metadata: the browser gets its packages from the lock file).
3. A fresh JupyterLite/Voici build in a temporary folder (no stale ``.jupyterlite.doit.db``
   can leak an old setting into it), with the app notebook.
4. Post-processing: Pyodide and the wheels under ``static/pyodide/`` with a lock file
   that lists exactly them (so Pyodide loads them all in parallel at start-up instead
   of asking ``piplite`` one by one), page-relative URLs in each page's configuration,
   Font Awesome served locally, the loading screen, and an ``index.html`` that opens
   the app and keeps ``?lang=``.
"""

from __future__ import annotations

import base64
import csv
import hashlib
import html
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from ..i18n import t

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent  # qttt_edu/
PINS = HERE / "pins"
TEMPLATES = HERE / "templates"

LANGUAGES = ("en", "da", "fi", "nb", "it")
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
# Wheels the Pyodide kernel ships itself (its extension's static/pypi folder).
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
# The kernel's start-up asks for these; ssl and sqlite3 are separate wasm builds in Pyodide
# that exist only on a CDN, and jedi (5 MB, code completion) is optional for IPython and
# slows its import. A Voici page completes no code and the game needs none of the three:
# empty stand-ins satisfy the kernel's request.
STAND_INS = ("ssl", "sqlite3", "jedi")
# Names the kernel's start-up installs unless they are in loadPyodideOptions.packages
# (jupyterlite-pyodide-kernel 0.6.1); they must appear under exactly these spellings.
KERNEL_STARTUP = (
    "micropip",
    "piplite",
    "ssl",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide_kernel",
    "jedi",
    "ipython",
)
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
# What the browser does not get: networkx (the kit's graph module draws with it; the app
# draws its entanglement graph itself and the start-here lesson never imports it), and
# matplotlib and numpy (wasm builds that exist only on a CDN). No page of the site may
# import them: tests/test_site_imports.py runs the app's modules and the lessons without.
BROWSER_LACKS = ("networkx", "matplotlib", "numpy")
# JupyterLab extensions the lesson has no use for (see ``_site_config``).
LESSON_DISABLED = ("@voila-dashboards/jupyterlab-preview",)
# Renderers no page of the site can use: their extension is disabled, and the webpack
# chunks that only their loader asks for are left out (``drop_chunks``). Each names the
# chunks its loader asks for in the app shell of the pinned versions (jupyterlite-core
# 0.6.4, voici 0.9.0; the build fails if they are not there). The lesson's Mermaid
# diagrams (4 MB, ELK layouts included) and the game page's Vega charts (0.8 MB): the
# game never shows a chart, and no package in the browser makes Vega output (no altair).
LESSON_DROPS: dict[str, tuple[int, ...]] = {"@jupyterlab/mermaid-extension": (1169, 4406, 5095)}
APP_DROPS: dict[str, tuple[int, ...]] = {"@jupyterlab/vega5-extension": (3870,)}
MARKER = ".qttt-site"  # in every built site: lets a rebuild clear the folder safely
LANG_PLACEHOLDER = 'LANGUAGE = "en"  # qttt-site: the page sets this from ?lang='
APP_PAGE = "voici/render/app.html"
# The kernel loads Pyodide through this loader (templates/pyodide-loader.js): after a first
# visit it restores a memory snapshot of an interpreter that has already imported these.
# Only modules that hold no JavaScript objects once imported can be in a snapshot (the
# kernel, micropip and piplite do); the game's own code is left out, so it starts fresh.
LOADER = "qttt-pyodide.js"
SNAPSHOT_IMPORTS = ("IPython", "comm", "traitlets", "ipywidgets", "anywidget", "unittest.mock")

Log = Callable[[str], None]


class SiteBuildError(RuntimeError):
    """The site could not be built; the message says which step and why."""


# --- inputs -------------------------------------------------------------------


def default_cache() -> Path:
    """Where downloads are kept: ``$QTTT_SITE_CACHE`` or ``.site-cache/`` here."""
    return Path(os.environ.get("QTTT_SITE_CACHE") or Path.cwd() / ".site-cache")


def npm_pins() -> dict[str, dict[str, str]]:
    data = json.loads((PINS / "npm.json").read_text("utf-8"))
    return dict(data["packages"])


def wheel_pins() -> list[str]:
    """``name==version`` of each pinned browser wheel (the pins file also has hashes)."""
    lines = (PINS / "browser-wheels.txt").read_text("utf-8").splitlines()
    return [line.split()[0] for line in lines if line.strip() and not line.startswith("#")]


def _run(argv: list[str], step: str, cwd: Path | None = None) -> str:
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


def _integrity(path: Path) -> str:
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch_npm(cache: Path, log: Log = print) -> dict[str, Path]:
    """Each pinned npm package's tarball, from the cache or ``npm pack``, integrity checked."""
    folder = cache / "npm"
    folder.mkdir(parents=True, exist_ok=True)
    found: dict[str, Path] = {}
    for name, pin in npm_pins().items():
        tarball = folder / f"{name.lstrip('@').replace('/', '-')}-{pin['version']}.tgz"
        if not tarball.exists():
            log(f"downloading {name}@{pin['version']} (npm)")
            _run(
                [
                    "npm",
                    "pack",
                    f"{name}@{pin['version']}",
                    "--silent",
                    "--pack-destination",
                    str(folder),
                ],
                f"npm pack {name}",
            )
        if not tarball.exists():
            raise SiteBuildError(f"npm pack {name} did not produce {tarball.name}")
        if _integrity(tarball) != pin["integrity"]:
            tarball.unlink()
            raise SiteBuildError(
                f"{name}@{pin['version']}: the downloaded tarball does not match the pinned "
                f"integrity in {PINS / 'npm.json'} (removed it; run again)"
            )
        found[name] = tarball
    return found


def fetch_wheels(cache: Path, log: Log = print) -> list[Path]:
    """The pinned browser wheels, from the cache or ``pip download`` (hash checked)."""
    folder = cache / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    pins = wheel_pins()
    wanted = {_wheel_key(pin.replace("==", "-")): pin for pin in pins}
    have = {_wheel_key(p.name): p for p in folder.glob("*.whl")}
    if not set(wanted) <= set(have):
        log(f"downloading {len(set(wanted) - set(have))} wheels (pip)")
        _run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                "3.12",
                "--platform",
                "any",
                "--implementation",
                "py",
                "--abi",
                "none",
                "--require-hashes",
                "-r",
                str(PINS / "browser-wheels.txt"),
                "-d",
                str(folder),
            ],
            "pip download (browser wheels)",
        )
        have = {_wheel_key(p.name): p for p in folder.glob("*.whl")}
    missing = sorted(set(wanted) - set(have))
    if missing:
        raise SiteBuildError(f"wheels missing after pip download: {missing}")
    hashes = _pinned_hashes()
    for key in wanted:
        digest = hashlib.sha256(have[key].read_bytes()).hexdigest()
        if digest != hashes[key]:
            have[key].unlink()
            raise SiteBuildError(f"{have[key].name}: sha256 differs from its pin (removed it)")
    return [have[key] for key in sorted(wanted)]


def _pinned_hashes() -> dict[str, str]:
    out = {}
    for line in (PINS / "browser-wheels.txt").read_text("utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pin, digest = line.split()[0], line.split("--hash=sha256:")[1].strip()
            out[_wheel_key(pin.replace("==", "-"))] = digest
    return out


def _canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _wheel_key(filename: str) -> str:
    """``name-version`` of a wheel file name or a ``name-version`` pin, canonicalised."""
    name, version = filename.split("-")[:2]
    return f"{_canonical(name)}-{version}"


# --- wheels we make -----------------------------------------------------------


def write_wheel(folder: Path, name: str, version: str, files: dict[str, bytes]) -> Path:
    """A pure-Python wheel holding ``files`` (archive path -> bytes), with valid RECORD."""
    dist = f"{name.replace('-', '_')}-{version}"
    info = f"{dist}.dist-info"
    payload = dict(files)
    payload[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
    ).encode()
    payload[f"{info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: qttt_edu.site\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    return zip_wheel(folder / f"{dist}-py3-none-any.whl", payload)


def zip_wheel(target: Path, files: dict[str, bytes]) -> Path:
    """Write ``files`` as the wheel ``target``, with a fresh RECORD and fixed timestamps."""
    payload = {k: v for k, v in files.items() if not k.endswith(".dist-info/RECORD")}
    infos = {k.split("/")[0] for k in payload if k.split("/")[0].endswith(".dist-info")}
    if len(infos) != 1:
        raise SiteBuildError(f"{target.name}: expected one .dist-info folder, found {infos}")
    record_path = f"{infos.pop()}/RECORD"
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in sorted(payload.items()):
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        writer.writerow([path, f"sha256={digest}", len(data)])
    writer.writerow([record_path, "", ""])
    payload[record_path] = record.getvalue().encode()
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, data in sorted(payload.items()):
            entry = zipfile.ZipInfo(path, date_time=(2020, 2, 2, 0, 0, 0))
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            archive.writestr(entry, data)
    return target


# --- byte-code: Pyodide compiles every module it imports; we do it once, at build time ---

SITE_PACKAGES = "/lib/python3.12/site-packages"  # where Pyodide installs wheels


def find_python312() -> str | None:
    """A CPython 3.12 (Pyodide 0.27's Python) to compile byte-code with, or ``None``.

    ``$QTTT_SITE_PYTHON312`` first, then ``python3.12`` on the PATH, then pyenv's.
    """
    candidates = [os.environ.get("QTTT_SITE_PYTHON312", ""), shutil.which("python3.12") or ""]
    candidates += sorted(str(p) for p in Path.home().glob(".pyenv/versions/3.12*/bin/python3.12"))
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run(
                [candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 12))"],
                capture_output=True,
                text=True,
                timeout=30,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            continue
        if done.stdout.strip() == "True":
            return candidate
    return None


# A wheel's copies of its own JupyterLab and classic-notebook front end (anywidget has two,
# 0.3 MB): the page loads the front end from the site's extensions/ folder, and no Python
# code reads these files, so the browser's wheels leave them out.
_FRONT_END = re.compile(r"^[^/]+\.data/data/share/jupyter/|^[^/]+/(labextension|nbextension)/")


def compile_wheel(wheel: Path, python: str, cache: Path, *, keep_source: bool) -> Path:
    """``wheel`` with its modules compiled for Python 3.12 (cached by content).

    Third-party wheels become source-less (``module.pyc`` in place of ``module.py``:
    smaller, and nothing to check at import). ``keep_source`` keeps the ``.py`` files
    beside ``__pycache__`` entries that are used unchecked, so tracebacks and
    ``inspect`` still show the game's own code. Front-end files are left out
    (``_FRONT_END``).
    """
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
    mode = "src2" if keep_source else "pyc2"  # 2: without front-end files
    target = cache / "compiled" / f"{digest}-{mode}" / wheel.name
    if target.exists():
        return target
    with tempfile.TemporaryDirectory(prefix="qttt-pyc-") as tmp:
        root = Path(tmp)
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(root)
        argv = [
            python,
            "-m",
            "compileall",
            "-q",
            "-j",
            "0",
            "--invalidation-mode",
            "unchecked-hash",
            "-d",
            SITE_PACKAGES,
        ]
        if not keep_source:
            argv.append("-b")  # legacy layout: module.pyc beside (then instead of) module.py
        _run([*argv, str(root)], f"compiling {wheel.name}")
        files: dict[str, bytes] = {}
        for path in sorted(root.rglob("*")):
            if path.is_dir():
                continue
            rel = path.relative_to(root).as_posix()
            if not keep_source and path.suffix == ".py" and path.with_suffix(".pyc").exists():
                continue
            if _FRONT_END.match(rel):
                continue
            files[rel] = path.read_bytes()
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        zip_wheel(partial, files)
        partial.replace(target)
    return target


def package_files(root: Path = PACKAGE) -> dict[str, bytes]:
    """The files of the ``qttt_edu`` package as the browser needs them (no build tooling)."""
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        if rel.parts[0] == "site":  # this builder: not needed inside the browser
            continue
        files[f"qttt_edu/{rel.as_posix()}"] = path.read_bytes()
    return files


def package_wheel(folder: Path, root: Path = PACKAGE) -> Path:
    """A wheel of ``qttt_edu`` from this checkout; its version carries a content hash.

    The hash makes a changed package a new file name, so a browser that cached an older
    site never mixes an old wheel with a new lock file.
    """
    files = package_files(root)
    digest = hashlib.sha256()
    for path, data in sorted(files.items()):
        digest.update(path.encode() + b"\0" + data)
    version = f"{_package_version()}+site.{digest.hexdigest()[:10]}"
    return write_wheel(folder, "qttt_edu", version, files)


def _package_version() -> str:
    try:
        from importlib.metadata import version

        return version("qttt-edu")
    except Exception:  # not installed: the version in pyproject.toml is what we have
        return "0.0.0"


def stand_in_wheels(folder: Path) -> list[Path]:
    return [write_wheel(folder, name, "0.0.0", {}) for name in STAND_INS]


def kernel_wheels() -> list[Path]:
    """piplite, pyodide_kernel and the ipykernel shim, as the installed kernel ships them."""
    folder = _kernel_extension() / "static" / "pypi"
    found = []
    for name in KERNEL_WHEELS:
        matches = sorted(folder.glob(f"{name}-*-py3-none-any.whl"))
        if not matches:
            raise SiteBuildError(t("site_extra_missing", what=f"{name} ({folder})"))
        found.append(matches[-1])
    return found


def _kernel_extension() -> Path:
    candidates = [Path(sys.prefix), Path(sys.base_prefix)]
    for prefix in candidates:
        path = prefix / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension"
        if path.is_dir():
            return path
    raise SiteBuildError(t("site_extra_missing", what="jupyterlite-pyodide-kernel"))


# --- the Pyodide folder -------------------------------------------------------


def _top_level(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
    tops = set()
    for name in names:
        first = name.split("/")[0]
        if first.endswith((".dist-info", ".data")):
            continue
        tops.add(first[:-3] if first.endswith(".py") else first)
    return sorted(tops)


def lock_for(wheels: Iterable[Path], info: dict[str, Any]) -> dict[str, Any]:
    """A ``pyodide-lock.json`` that lists exactly ``wheels`` (no dependencies between them:
    the site loads all of them at start-up)."""
    packages = {}
    for wheel in wheels:
        name, version = wheel.name.split("-")[:2]
        packages[_canonical(name)] = {
            "name": name,
            "version": version,
            "file_name": wheel.name,
            "install_dir": "site",
            "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
            "package_type": "package",
            "imports": _top_level(wheel),
            "depends": [],
            "unvendored_tests": False,
            "shared_library": False,
        }
    return {"info": info, "packages": dict(sorted(packages.items()))}


def start_packages(wheels: Iterable[Path]) -> list[str]:
    """Names for ``loadPyodideOptions.packages``: every wheel, under the spelling the
    kernel's start-up checks for, so it installs nothing more itself."""
    names = [_canonical(w.name.split("-")[0]) for w in wheels]
    spelled = {_canonical(n): n for n in KERNEL_STARTUP}
    return sorted(spelled.get(n, n) for n in names)


def install_pyodide(
    out: Path, pyodide_tgz: Path, wheels: list[Path]
) -> tuple[Path, dict[str, Any]]:
    """Pyodide's core and ``wheels`` into ``out/static/pyodide`` with a matching lock file."""
    target = out / "static" / "pyodide"
    target.mkdir(parents=True, exist_ok=True)
    info: dict[str, Any] = {}
    with tarfile.open(pyodide_tgz) as archive:
        for member in archive.getmembers():
            base = member.name.split("/", 1)[-1]
            if base in PYODIDE_FILES:
                data = archive.extractfile(member)
                assert data is not None
                (target / base).write_bytes(data.read())
            elif base == "pyodide-lock.json":
                data = archive.extractfile(member)
                assert data is not None
                info = json.loads(data.read())["info"]
    missing = [f for f in PYODIDE_FILES if not (target / f).exists()]
    if missing or not info:
        raise SiteBuildError(f"{pyodide_tgz.name} lacks {missing or ['pyodide-lock.json']}")
    for wheel in wheels:
        shutil.copy2(wheel, target / wheel.name)
    lock = lock_for([target / w.name for w in wheels], info)
    text = json.dumps(lock, indent=1, sort_keys=True)
    (target / "pyodide-lock.json").write_text(text, "utf-8")
    return target, lock


def lock_hash(lock: dict[str, Any]) -> str:
    """A short hash of a lock file's content: it names a build's set of wheels."""
    return hashlib.sha256(json.dumps(lock, sort_keys=True).encode()).hexdigest()[:12]


def install_loader(target: Path, version: str, wheels_hash: str) -> Path:
    """The kernel's Pyodide loader into ``target`` (beside ``pyodide.js``).

    Its snapshot key names Pyodide's version and the lock's hash: a browser that kept a
    snapshot of an older site build does not restore it into this one.
    """
    text = (
        (TEMPLATES / "pyodide-loader.js")
        .read_text("utf-8")
        .replace("{{build}}", f"pyodide {version} lock {wheels_hash}")
        .replace("{{imports}}", json.dumps(list(SNAPSHOT_IMPORTS)))
        .replace("{{loader}}", LOADER)
    )
    path = target / LOADER
    path.write_text(text, "utf-8")
    return path


def install_fontawesome(out: Path, tgz: Path) -> Path:
    """Font Awesome's CSS and woff2 fonts into ``out/static/fontawesome``.

    The CSS names woff2 before its older formats, and every browser that runs Pyodide
    reads woff2, so the others would never be fetched.
    """
    target = out / "static" / "fontawesome"
    keep = re.compile(r"^package/(css/(all|v4-shims)\.min\.css|webfonts/[^/]+\.woff2)$")
    with tarfile.open(tgz) as archive:
        for member in archive.getmembers():
            if member.isfile() and keep.match(member.name):
                dest = target / member.name.split("/", 1)[1]
                dest.parent.mkdir(parents=True, exist_ok=True)
                data = archive.extractfile(member)
                assert data is not None
                dest.write_bytes(data.read())
    return target


# --- notebooks ----------------------------------------------------------------


def _cell(source: str, cell_id: str) -> dict[str, Any]:
    return {
        "cell_type": "code",
        "execution_count": None,
        "id": cell_id,
        "metadata": {},
        "outputs": [],
        "source": source,
    }


def app_notebook(source: Path | None = None) -> dict[str, Any]:
    """The app notebook for the site: the repository's ``notebooks/app.ipynb`` (or a
    built-in one) after a first cell that sets the language the page asks for."""
    notebook: dict[str, Any]
    if source is not None and source.exists():
        notebook = json.loads(source.read_text("utf-8"))
    else:
        notebook = {
            "cells": [_cell("from qttt_edu.widgets import play\n\napp = play()", "the-game")],
            "metadata": {"title": "Quantum tic-tac-toe"},
            "nbformat": 4,
            "nbformat_minor": 5,
        }
    language = _cell(
        f"from qttt_edu.i18n import set_language\n\n{LANG_PLACEHOLDER}\nset_language(LANGUAGE)\n",
        "site-language",
    )
    cells = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    for cell in cells:
        cell["outputs"], cell["execution_count"] = [], None
    notebook["cells"] = [language, *cells]
    notebook["metadata"]["kernelspec"] = {
        "display_name": "Python (Pyodide)",
        "language": "python",
        "name": "python",
    }
    notebook["metadata"]["language_info"] = {"name": "python"}
    return notebook


LESSON = "00_start_here"


def lesson_notebooks() -> dict[str, dict[str, Any]]:
    """The start-here notebook in each language we have it in, set for the Pyodide kernel.

    It runs without matplotlib (the board draws itself as SVG, the app in the page), so
    it works in the browser as it is. Stored outputs are dropped: students run it.
    """
    found: dict[str, dict[str, Any]] = {}
    english = find_repo_notebook(f"{LESSON}.ipynb")
    if english is None:
        return found
    sources = {f"{LESSON}.ipynb": english}
    for lang in LANGUAGES[1:]:
        path = english.parent / "i18n" / f"{LESSON}.{lang}.ipynb"
        if path.exists():
            sources[path.name] = path
    for name, path in sources.items():
        notebook = json.loads(path.read_text("utf-8"))
        for cell in notebook["cells"]:
            if cell["cell_type"] == "code":
                cell["outputs"], cell["execution_count"] = [], None
        notebook["metadata"]["kernelspec"] = {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        found[name] = notebook
    return found


def _site_config(out: Path, settings: dict[str, Any]) -> None:
    """The kernel settings in the site's own ``jupyter-lite.json`` (the lessons read it;
    JupyterLite resolves its ``./`` URLs against the file's folder)."""
    path = out / "jupyter-lite.json"
    config = json.loads(path.read_text("utf-8"))
    plugins = config["jupyter-config-data"].setdefault("litePluginSettings", {})
    plugins[KERNEL_SETTINGS] = {**plugins.get(KERNEL_SETTINGS, {}), **settings}
    # Every cell drawn, not only those on screen: the app keeps its size when scrolled to,
    # and the browser's find-in-page sees the whole lesson.
    overrides = config["jupyter-config-data"].setdefault("settingsOverrides", {})
    overrides.setdefault("@jupyterlab/notebook-extension:tracker", {})["windowingMode"] = "none"
    # Voilà's preview button would open a Voici page of the lesson, which the site does not
    # have (only the app is a Voici page): the lesson shows no button that leads nowhere.
    _disable(config["jupyter-config-data"], [*LESSON_DISABLED, *LESSON_DROPS])
    path.write_text(json.dumps(config, indent=2), "utf-8")


def find_repo_notebook(name: str) -> Path | None:
    """``notebooks/<name>`` of the checkout this package lives in, if there is one."""
    path = PACKAGE.parent / "notebooks" / name
    return path if path.exists() else None


# --- the build ----------------------------------------------------------------


_CHUNK_FILE = re.compile(r"^(\d+)(?:\.[0-9a-f]+)?\.js$")
_CHUNK_LOAD = re.compile(r"\.e\((\d+)\)")
_CHUNK_GROUP = re.compile(r"Promise\.all\(\[([^\]]*)\]\)")


def _chunk_calls(text: str) -> list[list[int]]:
    """The chunk loads in webpack code, as groups loaded together (``Promise.all([...])``)
    or alone."""
    together = [
        [int(m.group(1)) for m in _CHUNK_LOAD.finditer(group.group(1))]
        for group in _CHUNK_GROUP.finditer(text)
    ]
    alone = [[int(m.group(1))] for m in _CHUNK_LOAD.finditer(_CHUNK_GROUP.sub("", text))]
    return [ids for ids in together if ids] + alone


def drop_chunks(folder: Path, roots: Iterable[int]) -> list[Path]:
    """Delete the webpack chunks in ``folder`` that only a loader of ``roots`` asks for,
    and return them.

    The loader's calls are the loads (alone or in a group) that include a root; what the
    chunks they load ask for in turn are candidates too. A candidate that any other load
    outside the candidates asks for stays, with all it asks for: the shell never asks for
    a file that is gone unless that loader runs (its extension is disabled).
    """
    roots = set(roots)
    chunks: dict[int, Path] = {}
    asks: dict[Path, list[int]] = {}  # what each file loads, the loader's own calls aside
    loader: list[int] = []  # what the loader's calls load
    for path in sorted(folder.rglob("*.js")):
        found = _CHUNK_FILE.match(path.name)
        if found:
            chunks[int(found.group(1))] = path
        asks[path] = []
        for group in _chunk_calls(path.read_text("utf-8", errors="replace")):
            (loader if roots & set(group) else asks[path]).extend(group)
    missing = sorted(roots - chunks.keys())
    if missing:
        raise SiteBuildError(f"{folder}: no chunk {missing} (has the app shell changed?)")

    def closure(start: Iterable[int]) -> set[int]:  # what loading ``start`` can load next
        seen: set[int] = set()
        todo = list(start)
        while todo:
            chunk = todo.pop()
            if chunk not in seen:
                seen.add(chunk)
                todo += asks.get(chunks.get(chunk, Path()), [])
        return seen

    candidates = closure(loader)
    inside = {chunks[c] for c in candidates if c in chunks}
    elsewhere = [c for path, ids in asks.items() if path not in inside for c in ids]
    dropped = sorted(chunks[c] for c in candidates - closure(elsewhere) if c in chunks)
    for path in dropped:
        path.unlink()
        path.with_name(path.name + ".LICENSE.txt").unlink(missing_ok=True)
    return dropped


def _disable(config: dict[str, Any], names: Iterable[str]) -> None:
    disabled = config.setdefault("disabledExtensions", [])
    disabled.extend(name for name in names if name not in disabled)


def _clear(out: Path) -> None:
    if out.exists():
        if any(out.iterdir()) and not (out / MARKER).exists():
            raise SiteBuildError(t("site_not_ours", folder=out))
        shutil.rmtree(out)


def _voici_build(lite: Path, out: Path, apps: list[str]) -> None:
    _run(
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


def _catalog(lang: str, name: str) -> dict[str, str]:
    data: dict[str, str] = json.loads(
        (PACKAGE / "locales" / lang / f"{name}.json").read_text("utf-8")
    )
    return data


def _messages() -> dict[str, dict[str, str]]:
    return {lang: _catalog(lang, "site") for lang in LANGUAGES}


def _page_settings(settings: dict[str, Any], root: str) -> dict[str, Any]:
    """The kernel settings with site-relative URLs made relative to a page ``root``."""

    def fix(url: str) -> str:
        return root + url[2:] if url.startswith("./") else url

    kernel = dict(settings)
    kernel["pyodideUrl"] = fix(kernel["pyodideUrl"])
    kernel["pipliteUrls"] = [fix(u) for u in kernel.get("pipliteUrls", [])]
    return kernel


_CONFIG = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S
)
_FONT_AWESOME = re.compile(
    r'<link rel="stylesheet" href="https://[^"]*fontawesome-free[^"]*/css/([a-z0-9-]+\.min\.css)"'
)


def rewrite_page(page: Path, root: str, settings: dict[str, Any], loader: str) -> None:
    """Make one Voici page self-contained: kernel URLs, fonts, loading screen."""
    text = page.read_text("utf-8")
    match = _CONFIG.search(text)
    if match is None:
        raise SiteBuildError(f"{page}: no jupyter-config-data (has Voici changed?)")
    config = json.loads(match.group(2))
    plugin = config.setdefault("litePluginSettings", {})
    plugin[KERNEL_SETTINGS] = {**plugin.get(KERNEL_SETTINGS, {}), **_page_settings(settings, root)}
    _disable(config, APP_DROPS)
    new_config = json.dumps(config).replace("</", "<\\/")
    text = text[: match.start(2)] + new_config + text[match.end(2) :]
    text, fonts = _FONT_AWESOME.subn(
        lambda m: f'<link rel="stylesheet" href="{root}static/fontawesome/css/{m.group(1)}"',
        text,
    )
    if fonts == 0:
        raise SiteBuildError(f"{page}: Font Awesome link not found (has Voici changed?)")
    hook = '<script src="../build/voici.js"></script>'
    if hook not in text:
        raise SiteBuildError(f"{page}: {hook} not found (has Voici changed?)")
    text = text.replace(hook, loader + "\n" + hook)
    if "cdn." in text.replace("cdnjs.cloudflare.com/ajax/libs/mermaid", ""):
        leftover = re.findall(r"https://cdn[^\"' ]*", text)
        raise SiteBuildError(f"{page}: still refers to a CDN: {leftover[:3]}")
    page.write_text(text, "utf-8")


def loader_html(lang_default: str = "en") -> str:
    """The loading screen (markup, style, script) put into each page, with its messages."""
    css = (TEMPLATES / "loading.css").read_text("utf-8")
    script = (TEMPLATES / "loading.js").read_text("utf-8")
    body = (TEMPLATES / "loading.html").read_text("utf-8")
    data = {
        "messages": _messages(),
        "titles": {lang: _catalog(lang, "widget")["widget_title"] for lang in LANGUAGES},
        "languages": list(LANGUAGES),
        "default": lang_default,
        "placeholder": LANG_PLACEHOLDER,
    }
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return (
        f"<style>{css}</style>\n{body}\n"
        f'<script id="qttt-site-data" type="application/json">{payload}</script>\n'
        f"<script>{script}</script>"
    )


def index_html(jupyterlite_index: str) -> str:
    """The site's front door: opens the app, keeping ``?lang=``. It keeps JupyterLite's
    configuration element, which the lessons' pages read from their parent folder."""
    title = _catalog("en", "widget")["widget_title"]
    match = re.search(r'<script\s+id="jupyter-config-data".*?</script>', jupyterlite_index, re.S)
    if match is None:
        raise SiteBuildError("JupyterLite's index.html has no jupyter-config-data (changed?)")
    template = (TEMPLATES / "index.html").read_text("utf-8")
    return (
        template.replace("{{title}}", html.escape(title))
        .replace("{{app}}", APP_PAGE)
        .replace("{{config}}", match.group(0))
    )


def _trim(out: Path, keep_app_shell: bool) -> None:
    """Drop what the pages never load (about 8 MB).

    JupyterLite's own app shell unless the lessons need it (the top-level ``build/`` but
    for the settings schemas and themes a page may ask for) and its docs notebook; Font
    Awesome's fallback formats, woff included
    (every browser that runs Pyodide takes the woff2 fonts). And JupyterLite's service
    worker: it lets a kernel share the browser's stored files (a Voici page has none)
    and relays every request of a page it controls, which made a warm reload slower than
    a first visit (measured: 25 s against 16 s). Without it JupyterLite warns once and
    the kernel mounts no drive. Voici's file list (``voici/tree``, 0.26 MB): the front
    door opens the game itself and no page links to the list. And the chunks of the
    renderers ``LESSON_DROPS`` and ``APP_DROPS`` disable (about 4.7 MB).
    """
    for name in ("doc", "service-worker.js", "voici/tree"):
        path = out / name
        if path.is_dir():
            shutil.rmtree(path)
        elif path.exists():
            path.unlink()
    for path in (out / "build").iterdir():
        if keep_app_shell:
            if path.name.startswith("fa-") and path.suffix in (".eot", ".ttf", ".svg", ".woff"):
                path.unlink()
        elif path.name not in ("schemas", "themes"):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    drops = [(out / "build", r) for r in LESSON_DROPS.values() if keep_app_shell]
    drops += [(out / "voici" / "build", r) for r in APP_DROPS.values()]
    for folder, roots in drops:
        drop_chunks(folder, roots)
    for path in (out / "voici" / "build").glob("*"):
        if path.suffix in (".eot", ".ttf") or (
            path.suffix == ".svg" and path.stat().st_size > 50_000
        ):
            path.unlink()


def build_site(
    out: Path | str,
    *,
    cache: Path | str | None = None,
    app_source: Path | None = None,
    lesson: bool = True,
    log: Log = print,
) -> Path:
    """Build the site into ``out`` from scratch and return ``out``.

    ``cache`` keeps downloads between builds (default: ``default_cache()``);
    ``app_source`` is the app notebook (default: the checkout's ``notebooks/app.ipynb``);
    ``lesson`` adds the start-here notebook in five languages as a JupyterLite lesson
    (``notebooks/index.html?path=00_start_here.ipynb``; about 10 MB more, loaded only by
    whoever opens it).
    """
    started = time.monotonic()
    out = Path(out).resolve()
    cache = Path(cache) if cache is not None else default_cache()
    _clear(out)
    npm = fetch_npm(cache, log)
    browser_wheels = fetch_wheels(cache, log)
    with tempfile.TemporaryDirectory(prefix="qttt-site-") as tmp:
        work = Path(tmp)
        made = work / "wheels"
        made.mkdir()
        python = find_python312()
        own = package_wheel(made)
        if python is None:
            log("no Python 3.12 found: the wheels stay uncompiled (the site starts slower)")
            third_party = [*browser_wheels, *kernel_wheels()]
        else:
            log(f"compiling byte-code with {python}")
            third_party = [
                compile_wheel(w, python, cache, keep_source=False)
                for w in [*browser_wheels, *kernel_wheels()]
            ]
            own = compile_wheel(own, python, made / "compiled", keep_source=True)
        wheels = [*third_party, *stand_in_wheels(made), own]
        settings: dict[str, Any] = {
            "pyodideUrl": f"./static/pyodide/{LOADER}",
            "disablePyPIFallback": True,
            "loadPyodideOptions": {"packages": start_packages(wheels)},
        }
        lite = work / "lite"
        (lite / "contents").mkdir(parents=True)
        source = app_source if app_source is not None else find_repo_notebook("app.ipynb")
        notebook = app_notebook(source)
        (lite / "contents" / "app.ipynb").write_text(json.dumps(notebook, indent=1), "utf-8")
        lessons = lesson_notebooks() if lesson else {}
        for name, data in lessons.items():
            (lite / "contents" / name).write_text(json.dumps(data, indent=1), "utf-8")
        lite_config = {"jupyter-config-data": {"litePluginSettings": {KERNEL_SETTINGS: settings}}}
        (lite / "jupyter-lite.json").write_text(json.dumps(lite_config, indent=1), "utf-8")
        log("building the Voici site (jupyter lite)")
        _voici_build(lite, out, apps=["notebooks"] if lessons else [])
        target, lock = install_pyodide(out, npm["pyodide"], wheels)
        wheels_hash = lock_hash(lock)
        install_loader(target, lock["info"]["version"], wheels_hash)
        # The lock's URL carries its hash: a browser that cached an older site asks anew.
        settings["loadPyodideOptions"]["lockFileURL"] = (
            f"static/pyodide/pyodide-lock.json?v={wheels_hash}"
        )
        install_fontawesome(out, npm["@fortawesome/fontawesome-free"])
    loader = loader_html()
    page = out / APP_PAGE
    if not page.exists():
        raise SiteBuildError(f"voici build made no {APP_PAGE}")
    for other in (out / "voici" / "render").glob("*.html"):
        if other != page:  # the lessons: they run in JupyterLite, not as Voici pages
            other.unlink()
    rewrite_page(page, "../../", settings, loader)
    _site_config(out, settings)
    index = out / "index.html"
    index.write_text(index_html(index.read_text("utf-8")), "utf-8")
    _trim(out, keep_app_shell=bool(lessons))
    (out / MARKER).write_text(
        "Built by `python -m qttt_edu.site build`; safe to delete and rebuild.\n", "utf-8"
    )
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    log(f"site built in {time.monotonic() - started:.1f} s: {out} ({size / 1e6:.1f} MB)")
    return out
