"""Step 2 of the build: the wheels the browser gets, and the folder Pyodide loads them from.

``qttt_edu`` itself as a wheel made from this checkout (no dependency metadata: the
browser gets its packages from the lock file), the kernel's own wheels, empty stand-ins,
every wheel compiled to Python 3.12 byte-code once (Pyodide compiles every module it
imports, on every visit), and ``static/pyodide/`` with Pyodide's core and a
``pyodide-lock.json`` that lists exactly those wheels (so Pyodide loads them all in
parallel at start-up instead of asking ``piplite`` one by one).
"""

from __future__ import annotations

import base64
import csv
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..i18n import t
from .common import PACKAGE, SiteBuildError, canonical, run

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

# What the browser does not get: networkx (the kit's graph module draws with it; the app
# draws its entanglement graph itself and the start-here lesson never imports it), and
# matplotlib and numpy (wasm builds that exist only on a CDN). No page of the site may
# import them: tests/test_site_imports.py runs the app's modules and the lessons without.
BROWSER_LACKS = ("networkx", "matplotlib", "numpy")


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


def pyodide_python(pyodide_tgz: Path) -> str:
    """The Python version (``"3.12"``) of the Pyodide in ``pyodide_tgz``, from its lock."""
    with tarfile.open(pyodide_tgz) as archive:
        for member in archive.getmembers():
            if member.name.split("/", 1)[-1] == "pyodide-lock.json":
                data = archive.extractfile(member)
                assert data is not None
                full = str(json.loads(data.read())["info"]["python"])
                return ".".join(full.split(".")[:2])
    raise SiteBuildError(f"{pyodide_tgz.name} lacks pyodide-lock.json")


def find_python(version: str = "3.12") -> str | None:
    """A CPython of ``version`` (the Python of the pinned Pyodide) to compile byte-code
    with, or ``None``.

    ``$QTTT_SITE_PYTHON`` first (``$QTTT_SITE_PYTHON312`` too, for 3.12), then
    ``python<version>`` on the PATH, then pyenv's.
    """
    candidates = [os.environ.get("QTTT_SITE_PYTHON", "")]
    if version == "3.12":
        candidates.append(os.environ.get("QTTT_SITE_PYTHON312", ""))
    candidates.append(shutil.which(f"python{version}") or "")
    pattern = f".pyenv/versions/{version}*/bin/python{version}"
    candidates += sorted(str(p) for p in Path.home().glob(pattern))
    major, minor = (int(part) for part in version.split("."))
    for candidate in filter(None, candidates):
        try:
            done = subprocess.run(
                [candidate, "-c", f"import sys; print(sys.version_info[:2] == ({major}, {minor}))"],
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


def find_python312() -> str | None:
    """A CPython 3.12 (Pyodide 0.27's Python), or ``None``: :func:`find_python`."""
    return find_python("3.12")


# A wheel's copies of its own JupyterLab and classic-notebook front end (anywidget has two,
# 0.3 MB): the page loads the front end from the site's extensions/ folder, and no Python
# code reads these files, so the browser's wheels leave them out.
_FRONT_END = re.compile(r"^[^/]+\.data/data/share/jupyter/|^[^/]+/(labextension|nbextension)/")
#: what no page imports or reads: type stubs, manual pages, segno's command line and its
#: helpers for contact cards and Wi-Fi codes (the app makes plain links' QR codes)
_UNUSED = re.compile(r"\.pyi$|^[^/]+\.data/data/share/man/|^segno/(cli|helpers)\.pyc?$")
#: the Pygments lexers a page reaches: IPython's own lexers, its coloured tracebacks and
#: help, and what those import (``tests/test_site_wheels.py`` measures it). The other
#: lexer modules (about 1.2 MB) colour languages no page of the site shows.
PYGMENTS_KEPT = frozenset(
    {
        "__init__", "_mapping", "_css_builtins", "_lilypond_builtins", "_scheme_builtins",
        "css", "data", "html", "javascript", "jvm", "lilypond", "lisp", "markup", "perl",
        "python", "ruby", "shell", "special",
    }
)  # fmt: skip
_LEXER = re.compile(r"^pygments/lexers/([^/.]+)\.pyc?$")


def unused_in_browser(rel: str) -> bool:
    """Whether the wheel file ``rel`` is one no page imports or reads (left out)."""
    lexer = _LEXER.match(rel)
    return bool(_UNUSED.search(rel)) or (lexer is not None and lexer[1] not in PYGMENTS_KEPT)


def compile_wheel(
    wheel: Path, python: str, cache: Path, *, keep_source: bool, version: str = "3.12"
) -> Path:
    """``wheel`` with its modules compiled by ``python`` (Python ``version``, the one
    Pyodide runs; cached by content and version).

    Third-party wheels become source-less (``module.pyc`` in place of ``module.py``:
    smaller, and nothing to check at import). ``keep_source`` keeps the ``.py`` files
    beside ``__pycache__`` entries that are used unchecked, so tracebacks and
    ``inspect`` still show the game's own code. Front-end files are left out
    (``_FRONT_END``), and so is what nothing in a browser uses (:func:`unused_in_browser`).
    """
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()[:16]
    # 2: without front-end files; 3: nor _UNUSED; 4: nor the lexers no page uses
    mode = "src4" if keep_source else "pyc4"
    mode += "" if version == "3.12" else f"-{version}"  # 3.12: the cache as it was
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
            f"/lib/python{version}/site-packages",  # where Pyodide installs wheels
        ]
        if not keep_source:
            argv.append("-b")  # legacy layout: module.pyc beside (then instead of) module.py
        run([*argv, str(root)], f"compiling {wheel.name}")
        files: dict[str, bytes] = {}
        for path in sorted(root.rglob("*")):
            if path.is_dir():
                continue
            rel = path.relative_to(root).as_posix()
            if not keep_source and path.suffix == ".py" and path.with_suffix(".pyc").exists():
                continue
            if _FRONT_END.match(rel) or unused_in_browser(rel):
                continue
            files[rel] = path.read_bytes()
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".part")
        zip_wheel(partial, files)
        partial.replace(target)
    return target


#: modules of the package that only a server or a terminal runs (left out of the site's
#: wheel): the rooms service, and the command line (a browser tab has none)
SERVER_ONLY = frozenset({"rooms/service.py", "cli.py", "__main__.py"})
#: the same as module names (``tests/test_site_imports.py`` makes them unimportable)
SERVER_MODULES = tuple(
    "qttt_edu." + name.removesuffix(".py").replace("/", ".") for name in sorted(SERVER_ONLY)
)


def package_files(root: Path = PACKAGE) -> dict[str, bytes]:
    """The files of the ``qttt_edu`` package as the browser needs them (no build tooling)."""
    files: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root)
        if path.is_dir() or "__pycache__" in rel.parts or path.suffix in (".pyc", ".pyo"):
            continue
        # this builder, and the teacher's classroom server with its dashboard: never run
        # inside a browser (nothing below the classroom layer imports it); nor does the
        # rooms service (the site's app reaches it over HTTP, tests/test_rooms_browser.py)
        if rel.parts[0] in ("site", "classroom") or rel.as_posix() in SERVER_ONLY:
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
    """The kit's installed version; "0.0.0" when it runs from a checkout that pip never
    installed (the wheel's content hash, added after it, still names the files)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("qttt-edu")
    except PackageNotFoundError:
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


#: The JupyterLab extensions the site's pages use, by package name: the widgets, the
#: Pyodide kernel, anywidget and the code colours. The build copies these and no other,
#: so what else is installed beside the build tools (Notebook 7's extension, Voilà's
#: preview button) never reaches the site, its size or its pages.
SITE_EXTENSIONS = (
    "@jupyter-widgets/jupyterlab-manager",
    "@jupyterlite/pyodide-kernel-extension",
    "anywidget",
    "jupyterlab_pygments",
)
#: Extensions whose page-side half must match a pinned browser wheel's Python half: taken
#: from that wheel (extension name: the wheel's distribution), not from the environment,
#: so the build needs no pin of its own and the environment keeps the version users get.
WHEEL_EXTENSIONS = {"anywidget": "anywidget"}


def installed_extension(name: str) -> Path:
    """The folder of the installed JupyterLab extension ``name`` (its ``package.json``
    inside), from this environment or the Python it was made from."""
    for prefix in (Path(sys.prefix), Path(sys.base_prefix)):
        path = prefix / "share/jupyter/labextensions" / name
        if (path / "package.json").is_file():
            return path
    raise SiteBuildError(t("site_extra_missing", what=name))


def wheel_extension(wheels: Iterable[Path], name: str, into: Path) -> Path:
    """The JupyterLab extension ``name`` as the wheel of :data:`WHEEL_EXTENSIONS` among
    ``wheels`` ships it, unpacked into ``into/name``; a missing one stops the build."""
    project = canonical(WHEEL_EXTENSIONS[name])
    for wheel in wheels:
        if canonical(wheel.name.split("-")[0]) != project:
            continue
        inside = re.compile(rf"^[^/]+\.data/data/share/jupyter/labextensions/{re.escape(name)}/")
        target = into / name
        with zipfile.ZipFile(wheel) as archive:
            for entry in archive.namelist():
                match = inside.match(entry)
                if match and not entry.endswith("/"):
                    path = target / entry[match.end() :]
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_bytes(archive.read(entry))
        if (target / "package.json").is_file():
            return target
        raise SiteBuildError(f"{wheel.name} ships no labextension {name} (has it changed?)")
    raise SiteBuildError(f"no pinned browser wheel of {project} (pins/browser-wheels.txt)")


def site_extensions(pinned: Iterable[Path], into: Path) -> list[Path]:
    """The folders of :data:`SITE_EXTENSIONS`: those of :data:`WHEEL_EXTENSIONS` unpacked
    from the ``pinned`` browser wheels into ``into``, the others installed here; a missing
    one stops the build."""
    pinned = list(pinned)
    return [
        wheel_extension(pinned, name, into)
        if name in WHEEL_EXTENSIONS
        else installed_extension(name)
        for name in SITE_EXTENSIONS
    ]


def _kernel_extension() -> Path:
    return installed_extension("@jupyterlite/pyodide-kernel-extension")


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
        packages[canonical(name)] = {
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
    names = [canonical(w.name.split("-")[0]) for w in wheels]
    spelled = {canonical(n): n for n in KERNEL_STARTUP}
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
