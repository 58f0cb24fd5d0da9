"""Step 4 of the build: leave out what no page of the site loads (about 8 MB).

The renderers no page can use are disabled in the pages' configuration, and the webpack
chunks that only their loaders ask for are deleted. A loader is found by what its source
names (the renderer's plugin or token id, a string that survives every rebuild of the app
shell), never by a chunk's number, which changes with every release: the module of the
shell whose code holds that string is the loader, and the chunks its ``.e(N)`` calls
load, with what they load in turn, go, unless anything else loads them too.
"""

from __future__ import annotations

import itertools
import re
import shutil
from collections.abc import Iterable
from pathlib import Path

from .common import SiteBuildError

# Renderers no page of the site can use, each with a string only its loader's source holds
# (checked against the pinned shell: jupyterlite-core 0.6.4, voici 0.9.0; the build fails
# if it is not there). The lesson's Mermaid diagrams (4 MB, ELK layouts included) and the
# game page's Vega charts (0.8 MB): the game never shows a chart, and no package in the
# browser makes Vega output (no altair).
LESSON_DROPS: dict[str, str] = {
    "@jupyterlab/mermaid-extension": '"@jupyterlab/mermaid:IMermaidManager"',
}
APP_DROPS: dict[str, str] = {
    "@jupyterlab/vega5-extension": '"@jupyterlab/vega5-extension:factory"',
}

_CHUNK_FILE = re.compile(r"^(\d+)(?:\.[0-9a-f]+)?\.js$")
_CHUNK_LOAD = re.compile(r"\.e\((\d+)\)")
_CHUNK_GROUP = re.compile(r"Promise\.all\(\[([^\]]*)\]\)")
# Where a module starts inside a webpack chunk: ``{12345:(e,t,n)=>`` or ``,678:function(``.
_MODULE = re.compile(r"(?<=[{,])\d+:(?=\([\w$,]*\)=>|[\w$]+=>|function\s*\()")


def chunk_calls(text: str) -> list[list[int]]:
    """The chunk loads in webpack code, as groups loaded together (``Promise.all([...])``)
    or alone.

    >>> chunk_calls("a(n.e(7)); Promise.all([n.e(1),n.e(2)]).then(f)")
    [[1, 2], [7]]
    """
    together = [
        [int(m.group(1)) for m in _CHUNK_LOAD.finditer(group.group(1))]
        for group in _CHUNK_GROUP.finditer(text)
    ]
    alone = [[int(m.group(1))] for m in _CHUNK_LOAD.finditer(_CHUNK_GROUP.sub("", text))]
    return [ids for ids in together if ids] + alone


def modules(text: str) -> list[str]:
    """The modules of a webpack chunk's code, split where each one starts (what comes
    before the first is its own piece).

    >>> modules('push([[5],{12:(e,t)=>{a()},34:e=>{b()}}])')
    ['push([[5],{', '12:(e,t)=>{a()},', '34:e=>{b()}}])']
    """
    starts = [0, *(m.start() for m in _MODULE.finditer(text)), len(text)]
    return [text[a:b] for a, b in itertools.pairwise(starts) if b > a]


def drop_chunks(folder: Path, names: Iterable[str]) -> list[Path]:
    """Delete the webpack chunks in ``folder`` that only the loader whose source holds one
    of ``names`` asks for, and return them.

    The loader is every module of the folder's code that holds such a name; its chunk
    loads, and what the chunks they load ask for in turn, are candidates. A candidate that
    any other code outside the candidates asks for stays, with all it asks for: the shell
    never asks for a file that is gone unless that loader runs (its extension is disabled).
    """
    names = list(names)
    chunks: dict[int, Path] = {}
    asks: dict[Path, list[int]] = {}  # what each file loads, the loader's own calls aside
    loader: list[int] = []  # what the loader's calls load
    found_names: set[str] = set()
    for path in sorted(folder.rglob("*.js")):
        found = _CHUNK_FILE.match(path.name)
        if found:
            chunks[int(found.group(1))] = path
        asks[path] = []
        for module in modules(path.read_text("utf-8", errors="replace")):
            hits = {name for name in names if name in module}
            found_names |= hits
            for group in chunk_calls(module):
                (loader if hits else asks[path]).extend(group)
    missing = [name for name in names if name not in found_names]
    if missing or not loader:
        raise SiteBuildError(
            f"{folder}: no loader names {missing or names} (has the app shell changed?)"
        )

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


def trim(out: Path, keep_app_shell: bool) -> None:
    """Drop what the pages never load.

    JupyterLite's own app shell unless the lessons need it (the top-level ``build/`` but
    for the settings schemas and themes a page may ask for) and its docs notebook; Font
    Awesome's fallback formats, woff included (every browser that runs Pyodide takes the
    woff2 fonts). And JupyterLite's service worker: it lets a kernel share the browser's
    stored files (a Voici page has none) and relays every request of a page it controls,
    which made a warm reload slower than a first visit (measured: 25 s against 16 s).
    Without it JupyterLite warns once and the kernel mounts no drive. Voici's file list
    (``voici/tree``, 0.26 MB): the front door opens the game itself and no page links to
    the list. And the chunks of the renderers ``LESSON_DROPS`` and ``APP_DROPS`` disable
    (about 4.7 MB).
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
    drops = [(out / "build", LESSON_DROPS.values())] if keep_app_shell else []
    drops.append((out / "voici" / "build", APP_DROPS.values()))
    for folder, names in drops:
        drop_chunks(folder, names)
    for path in (out / "voici" / "build").glob("*"):
        if path.suffix in (".eot", ".ttf") or (
            path.suffix == ".svg" and path.stat().st_size > 50_000
        ):
            path.unlink()
