"""The static site's pages and hosting files, checked without a build or a browser.

Every link of a notebook the site carries leads into the site (a notebook of files/ and
a heading there), or to the internet marked as such in the notebook's language; the
front door speaks the build's language; the server settings name the types a school's
server must send; the compressed copies hold their originals.
"""

from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

import pytest

from qttt_edu.i18n import t_in
from qttt_edu.site.common import LANGUAGES
from qttt_edu.site.hosting import compress, is_compressed_copy, write_server_config
from qttt_edu.site.pages import REPO, anchors, index_html, site_name, site_notebooks

_LINK = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]*)>?[^)]*\)")


def _markdown(notebook: dict[str, Any]) -> str:
    return "\n".join(
        "".join(c["source"]) if isinstance(c["source"], list) else c["source"]
        for c in notebook["cells"]
        if c["cell_type"] == "markdown"
    )


def dead_links(notebooks: dict[str, dict[str, Any]]) -> list[str]:
    """Every link that leads nowhere in the site, or to the internet unmarked."""
    texts = {name: _markdown(nb) for name, nb in notebooks.items()}
    headings = {name: set(anchors(text).values()) for name, text in texts.items()}
    dead = []
    for name, text in texts.items():
        parts = name.split(".")
        lang = parts[-2] if len(parts) == 3 and parts[-2] in LANGUAGES else "en"
        for match in _LINK.finditer(text):
            url = match.group(2)
            if url.startswith(("http://", "https://")):
                after = text[match.end() : match.end() + 40]
                if not after.startswith(" " + t_in(lang, "site_link_outside")):
                    dead.append(f"{name}: {url} (not marked as outside the site)")
                continue
            target, _, fragment = url.partition("#")
            target = target or name
            if target not in notebooks or (fragment and fragment not in headings[target]):
                dead.append(f"{name}: {url}")
    return dead


@pytest.fixture(scope="module")
def notebooks() -> dict[str, dict[str, Any]]:
    found = site_notebooks()
    if not found:
        pytest.skip("not a checkout: no notebooks/ beside the package")
    return found


def test_every_link_of_the_site_lessons_leads_somewhere(notebooks: dict[str, Any]) -> None:
    assert {f"00_start_here{s}.ipynb" for s in ("", ".da", ".fi", ".it", ".nb")} <= set(notebooks)
    assert "glossary.ipynb" in notebooks and "rules.fi.ipynb" in notebooks
    links = sum(len(_LINK.findall(_markdown(nb))) for nb in notebooks.values())
    assert links > 100
    assert dead_links(notebooks) == []


def test_the_link_check_catches_a_dead_link_and_an_unmarked_one(
    notebooks: dict[str, Any],
) -> None:
    planted = {name: {**nb, "cells": list(nb["cells"])} for name, nb in notebooks.items()}
    cell = {"cell_type": "markdown", "metadata": {}, "source": ""}
    planted["00_start_here.fi.ipynb"]["cells"].append(
        {**cell, "source": "[01](01_superposition.fi.ipynb) [x](glossary.fi.ipynb#Nowhere)"}
    )
    planted["00_start_here.ipynb"]["cells"].append({**cell, "source": "[web](https://x.org)"})
    assert len(dead_links(planted)) == 3, dead_links(planted)


def test_links_the_site_cannot_carry_become_plain_text(notebooks: dict[str, Any]) -> None:
    text = _markdown(notebooks["00_start_here.fi.ipynb"])
    assert "01 · Superpositio" in text and "01_superposition" not in text
    assert "glossary.md" not in re.sub(r"\[[^\]]*\]", "", text)  # only as a link's words


def test_site_names_of_the_files_the_lessons_link_to() -> None:
    assert site_name(REPO / "lessons" / "glossary.md") == "glossary.ipynb"
    assert site_name(REPO / "lessons" / "rules" / "it.md") == "rules.it.ipynb"
    assert site_name(REPO / "notebooks" / "01_superposition.ipynb") is None
    assert site_name(Path("/elsewhere/lessons/glossary.md")) is None


def test_the_front_door_speaks_the_builds_language() -> None:
    shell = '<html><head><script id="jupyter-config-data" type="x">{}</script></head></html>'
    page = index_html(shell, "fi")
    assert f"<title>{t_in('fi', 'widget_title')}</title>" in page
    assert '<html lang="fi">' in page


def test_server_settings_and_compressed_copies(tmp_path: Path) -> None:
    (tmp_path / "static").mkdir()
    wasm = tmp_path / "static" / "big.wasm"
    wasm.write_bytes(b"\0asm" + b"qttt" * 50_000)
    (tmp_path / "tiny.js").write_text("x=1")
    write_server_config(tmp_path)
    assert "AddType application/wasm .wasm" in (tmp_path / ".htaccess").read_text()
    assert 'mimeType="application/wasm"' in (tmp_path / "web.config").read_text()
    copies = compress(tmp_path)
    packed = wasm.with_name("big.wasm.gz")
    assert packed in copies and gzip.decompress(packed.read_bytes()) == wasm.read_bytes()
    assert not (tmp_path / "tiny.js.gz").exists()  # too small to gain anything
    assert all(is_compressed_copy(p) for p in copies) and not is_compressed_copy(wasm)
    again = tmp_path / "again"
    again.mkdir()
    (again / "big.wasm").write_bytes(wasm.read_bytes())
    compress(again)
    assert (again / "big.wasm.gz").read_bytes() == packed.read_bytes()  # reproducible
