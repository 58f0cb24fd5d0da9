"""Step 3 of the build: the notebooks the site runs and the pages that run them.

The app notebook (with a first cell that sets the language the page asks for), the
start-here lesson in five languages with every link made to resolve inside the site or
shown plainly as leading outside it, the glossaries and rule cards those links need,
and the pages: each Voici page made self-contained (page-relative kernel URLs, Font
Awesome served locally, the loading screen), the lesson's page guarded (``file://``, no
notebook named), and an ``index.html`` that opens the app and keeps ``?lang=``.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from .common import LANGUAGES, PACKAGE, TEMPLATES, SiteBuildError, catalog

KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"
LANG_PLACEHOLDER = 'LANGUAGE = "en"  # qttt-site: the page sets this from ?lang='
APP_PAGE = "voici/render/app.html"


# --- notebooks ----------------------------------------------------------------


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
REPO = PACKAGE.parent  # the checkout this package lives in (its notebooks and lessons)


def lesson_notebooks() -> dict[str, dict[str, Any]]:
    """The start-here notebook in each language we have it in, set for the Pyodide kernel.

    It runs without matplotlib (the board draws itself as SVG, the app in the page), so
    it works in the browser as it is. Stored outputs are dropped: students run it. Its
    links are made for the site (:func:`site_notebooks`).
    """
    return {name: nb for name, nb in site_notebooks().items() if name.startswith(LESSON)}


def _lesson_sources() -> dict[str, Path]:
    english = find_repo_notebook(f"{LESSON}.ipynb")
    if english is None:
        return {}
    sources = {f"{LESSON}.ipynb": english}
    for lang in LANGUAGES[1:]:
        path = english.parent / "i18n" / f"{LESSON}.{lang}.ipynb"
        if path.exists():
            sources[path.name] = path
    return sources


def site_name(path: Path) -> str | None:
    """The name a file of the checkout has in the site's ``files/`` folder, if the site can
    carry it: the start-here notebooks, and as notebooks of one cell, the glossaries
    (``lessons/glossary.md``, ``lessons/<lang>/glossary.md``) and rule cards
    (``lessons/rules/<lang>.md``) they link to.

    >>> site_name(REPO / "lessons" / "fi" / "glossary.md"), site_name(REPO / "README.md")
    ('glossary.fi.ipynb', None)
    """
    try:
        rel = path.resolve().relative_to(REPO.resolve()).as_posix()
    except ValueError:
        return None
    if rel == "lessons/glossary.md":
        return "glossary.ipynb"
    found = re.fullmatch(r"lessons/(\w\w)/glossary\.md|lessons/rules/(\w\w)\.md", rel)
    if found and (found.group(1) or found.group(2)) in LANGUAGES:
        lang = found.group(1) or found.group(2)
        return f"glossary.{lang}.ipynb" if found.group(1) else f"rules.{lang}.ipynb"
    if re.fullmatch(rf"notebooks/(i18n/)?{LESSON}(\.\w\w)?\.ipynb", rel):
        return path.name
    return None


_LINK = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
_ANCHOR = re.compile(r'<a\s+(?:id|name)="([^"]+)"\s*>\s*</a>')
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def heading_id(text: str) -> str:
    """The id JupyterLab gives a rendered heading (its text, spaces made dashes).

    >>> heading_id("Spooky *mark*")
    'Spooky-mark'
    """
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    return re.sub(r"[*_`]", "", plain).strip().replace(" ", "-")


def anchors(markdown: str) -> dict[str, str]:
    """Every fragment a link may name in ``markdown`` (an ``<a id>`` placed before a
    heading, or a heading's GitHub-style slug), mapped to the heading's id in JupyterLab."""
    found: dict[str, str] = {}
    pending: list[str] = []
    for line in markdown.splitlines():
        pending += _ANCHOR.findall(line)
        heading = _HEADING.match(_ANCHOR.sub("", line).strip())
        if heading:
            target = heading_id(heading.group(1))
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).lower()).strip().replace(" ", "-")
            for name in [*pending, slug, target]:
                found.setdefault(name, target)
            pending = []
    return found


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return "".join(source) if isinstance(source, list) else str(source)


def _markdown_of(notebook: dict[str, Any]) -> str:
    return "\n".join(_source(c) for c in notebook["cells"] if c["cell_type"] == "markdown")


def _lang_of(name: str) -> str:
    parts = name.split(".")
    return parts[-2] if len(parts) == 3 and parts[-2] in LANGUAGES else "en"


def site_notebooks() -> dict[str, dict[str, Any]]:
    """Every notebook of the site's ``files/`` but the app: the start-here lessons and the
    glossaries and rule cards their links lead to, with every link made for the site.

    A link to a file the site carries points at its name in ``files/`` (a fragment at the
    heading JupyterLab draws); a link to the internet stays and is marked as such, in the
    notebook's language; a link to anything else the site lacks (the other notebooks, the
    READMEs) becomes its plain text, so nothing on the page leads nowhere.
    """
    sources: dict[str, Path] = dict(_lesson_sources())
    if not sources:
        return {}
    found: dict[str, dict[str, Any]] = {}
    todo = list(sources)
    while todo:
        name = todo.pop()
        path = sources[name]
        if path.suffix == ".ipynb":
            notebook = json.loads(path.read_text("utf-8"))
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    cell["outputs"], cell["execution_count"] = [], None
        else:
            notebook = _markdown_notebook(path.read_text("utf-8"))
        notebook["metadata"]["kernelspec"] = {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        found[name] = notebook
        for target in _link_targets(_markdown_of(notebook), path.parent):
            other = site_name(target)
            if other and other not in sources:
                sources[other] = target
                todo.append(other)
    texts = {name: _markdown_of(nb) for name, nb in found.items()}
    marks = {name: anchors(text) for name, text in texts.items()}
    for name, notebook in found.items():
        outside = catalog(_lang_of(name), "site")["site_link_outside"]
        for cell in notebook["cells"]:
            if cell["cell_type"] == "markdown":
                text = _source(cell)
                cell["source"] = _relink(text, sources[name].parent, name, marks, outside)
    return dict(sorted(found.items()))


def _markdown_notebook(text: str) -> dict[str, Any]:
    return {
        "cells": [{"cell_type": "markdown", "id": "text", "metadata": {}, "source": text}],
        "metadata": {"language_info": {"name": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def _link_targets(markdown: str, folder: Path) -> list[Path]:
    targets = []
    for match in _LINK.finditer(markdown):
        url = match.group(2).split("#")[0]
        if url and not re.match(r"^[a-z][a-z0-9+.-]*:", url, re.I):
            targets.append(folder / url)
    return targets


def _relink(
    markdown: str, folder: Path, here: str, marks: dict[str, dict[str, str]], outside: str
) -> str:
    def fix(match: re.Match[str]) -> str:
        text, url = match.group(1), match.group(2)
        if re.match(r"^(https?|mailto):", url, re.I):
            return f"{match.group(0)} {outside}"
        path, _, fragment = url.partition("#")
        name = site_name(folder / path) if path else here
        if name is None or name not in marks:
            return text
        if fragment:
            target = marks[name].get(fragment)
            return f"[{text}]({name if path else ''}#{target})" if target else f"[{text}]({name})"
        return f"[{text}]({name})"

    return _LINK.sub(fix, markdown)


def site_config(out: Path, settings: dict[str, Any], disabled: Iterable[str] = ()) -> None:
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
    disable(config["jupyter-config-data"], disabled)
    path.write_text(json.dumps(config, indent=2), "utf-8")


def find_repo_notebook(name: str) -> Path | None:
    """``notebooks/<name>`` of the checkout this package lives in, if there is one."""
    path = PACKAGE.parent / "notebooks" / name
    return path if path.exists() else None


def disable(config: dict[str, Any], names: Iterable[str]) -> None:
    disabled = config.setdefault("disabledExtensions", [])
    disabled.extend(name for name in names if name not in disabled)


def _messages() -> dict[str, dict[str, str]]:
    return {lang: catalog(lang, "site") for lang in LANGUAGES}


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
# Voici's page links Font Awesome from a CDN for ipywidgets' icon property. No widget of
# the kit draws such an icon (the buttons draw their own, ``widgets/icons.css``), so the
# links go: a style sheet that cannot load holds a page back on a network without internet.
_FONT_AWESOME = re.compile(r"^[ \t]*<link [^>]*fontawesome-free[^>]*>[ \t]*\n?", re.M)


def rewrite_page(
    page: Path,
    root: str,
    settings: dict[str, Any],
    loader: str,
    disabled: Iterable[str] = (),
    title: str | None = None,
) -> None:
    """Make one Voici page self-contained: kernel URLs, no Font Awesome link, the loading
    screen (``loader``, put before Voici's script), the extensions ``disabled``, and its
    ``<title>``."""
    text = page.read_text("utf-8")
    match = _CONFIG.search(text)
    if match is None:
        raise SiteBuildError(f"{page}: no jupyter-config-data (has Voici changed?)")
    config = json.loads(match.group(2))
    plugin = config.setdefault("litePluginSettings", {})
    plugin[KERNEL_SETTINGS] = {**plugin.get(KERNEL_SETTINGS, {}), **_page_settings(settings, root)}
    disable(config, disabled)
    new_config = json.dumps(config).replace("</", "<\\/")
    text = text[: match.start(2)] + new_config + text[match.end(2) :]
    text = _FONT_AWESOME.sub("", text)
    hook = '<script src="../build/voici.js"></script>'
    if hook not in text:
        raise SiteBuildError(f"{page}: {hook} not found (has Voici changed?)")
    text = text.replace(hook, loader + "\n" + hook)
    if title is not None:
        text, titles = re.subn(
            r"<title>[^<]*</title>", f"<title>{html.escape(title)}</title>", text, count=1
        )
        if titles == 0:
            raise SiteBuildError(f"{page}: no <title> (has Voici changed?)")
    if "cdn." in text.replace("cdnjs.cloudflare.com/ajax/libs/mermaid", ""):
        leftover = re.findall(r"https://cdn[^\"' ]*", text)
        raise SiteBuildError(f"{page}: still refers to a CDN: {leftover[:3]}")
    page.write_text(text, "utf-8")


def loader_html(lang_default: str = "en", page_script: str = "") -> str:
    """The loading screen (markup, style, script) put into each page, with its messages,
    after ``page_script`` (the snapshot's page side, :func:`snapshot.page_script`)."""
    css = (TEMPLATES / "loading.css").read_text("utf-8")
    script = (TEMPLATES / "loading.js").read_text("utf-8")
    body = (TEMPLATES / "loading.html").read_text("utf-8")
    data = {
        "messages": _messages(),
        "titles": {lang: catalog(lang, "widget")["widget_title"] for lang in LANGUAGES},
        "languages": list(LANGUAGES),
        "default": lang_default,
        "placeholder": LANG_PLACEHOLDER,
    }
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return (
        f"<style>{css}</style>\n{body}\n"
        f'<script id="qttt-site-data" type="application/json">{payload}</script>\n'
        + (f"<script>{page_script}</script>\n" if page_script else "")
        + f"<script>{script}</script>"
    )


def index_html(jupyterlite_index: str, lang: str = "en") -> str:
    """The site's front door: opens the app, keeping ``?lang=``, titled in ``lang`` (the
    build's language). It keeps JupyterLite's configuration element, which the lessons'
    pages read from their parent folder."""
    title = catalog(lang, "widget")["widget_title"]
    match = re.search(r'<script\s+id="jupyter-config-data".*?</script>', jupyterlite_index, re.S)
    if match is None:
        raise SiteBuildError("JupyterLite's index.html has no jupyter-config-data (changed?)")
    template = (TEMPLATES / "index.html").read_text("utf-8")
    return (
        template.replace("{{title}}", html.escape(title))
        .replace("{{lang}}", lang)
        .replace("{{app}}", APP_PAGE)
        .replace("{{config}}", match.group(0))
    )


def lesson_guard(lessons: Iterable[str], default: str = "en") -> str:
    """The script put first into the lesson's page (``notebooks/index.html``).

    Opened from a folder (``file://``), JupyterLite draws a white page: the guard shows
    the game page's explanation instead, in the reader's language. Opened without a
    notebook (``notebooks/`` alone), it opens the start-here lesson in that language.
    """
    names = sorted(lessons)
    by_lang = {lang: f"{LESSON}.{lang}.ipynb" for lang in LANGUAGES}
    by_lang["en"] = f"{LESSON}.ipynb"
    data = {
        "languages": list(LANGUAGES),
        "default": default,
        "lessons": {lang: name for lang, name in by_lang.items() if name in names},
        "messages": {lang: catalog(lang, "site")["site_failed_file"] for lang in LANGUAGES},
        "titles": {lang: catalog(lang, "widget")["widget_title"] for lang in LANGUAGES},
    }
    script = (TEMPLATES / "lesson-guard.js").read_text("utf-8")
    payload = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f"<script>var QTTT_LESSON = {payload};\n{script}</script>"


def guard_lesson_page(page: Path, guard: str, page_script: str) -> None:
    """Put the lesson guard and the snapshot's page side first into the lesson's page."""
    text = page.read_text("utf-8")
    head = re.search(r"<head[^>]*>", text)
    if head is None:
        raise SiteBuildError(f"{page}: no <head> (has JupyterLite changed?)")
    scripts = f"{guard}\n<script>{page_script}</script>\n"
    page.write_text(text[: head.end()] + "\n" + scripts + text[head.end() :], "utf-8")
