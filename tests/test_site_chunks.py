"""``drop_chunks``: which webpack chunks of an app shell the static site leaves out.

A renderer's loader is found by a string its source names (a plugin or token id that
survives rebuilds), never by a chunk's number. Only what that loader asks for may go; a
chunk that anything else asks for stays, with all it asks for (a page must never ask for
a missing file).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from qttt_edu.site.common import SiteBuildError
from qttt_edu.site.trim import APP_DROPS, LESSON_DROPS, drop_chunks

RENDERER = '"@example/renderer:IManager"'
# The shell's entry: module 1 loads 10 alone and 40; module 2, the renderer's loader
# (it names RENDERER), loads 20 together with 30. Chunk numbers are whatever webpack
# chose: nothing below depends on them.
SHELL = {
    "main.js": (
        "push([[0],{1:(e,t,n)=>{a(n.e(10).then(x)); c(n.e(40))},"
        "2:(e,t,n)=>{const TOKEN=" + RENDERER + ";b=Promise.all([n.e(20),n.e(30)]).then(y)}}])"
    ),
    "10.abc1234.js": "push([[10],{11:e=>{n.e(11)}}])",
    "11.abc1234.js": "",
    "20.abc1234.js": "push([[20],{21:(e,t,n)=>{Promise.all([n.e(21),n.e(40)])}}])",
    "21.abc1234.js": "push([[21],{22:(e,t,n)=>{n.e(22)}}])",
    "22.abc1234.js": "",
    "30.abc1234.js": "",  # loaded only with the renderer
    "40.abc1234.js": "",  # shared: the entry loads it too
}


def shell(folder: Path) -> Path:
    for name, text in SHELL.items():
        (folder / name).write_text(text, "utf-8")
    (folder / "20.abc1234.js.LICENSE.txt").write_text("licence", "utf-8")
    return folder


def test_only_what_the_renderers_loader_asks_for_is_dropped(tmp_path: Path) -> None:
    dropped = drop_chunks(shell(tmp_path), [RENDERER])
    assert sorted(p.name.split(".")[0] for p in dropped) == ["20", "21", "22", "30"]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["10.abc1234.js", "11.abc1234.js", "40.abc1234.js", "main.js"]


def test_a_chunk_asked_for_elsewhere_stays_with_what_it_asks_for(tmp_path: Path) -> None:
    folder = shell(tmp_path)
    (folder / "11.abc1234.js").write_text("push([[11],{5:(e,t,n)=>{n.e(21)}}])", "utf-8")
    dropped = drop_chunks(folder, [RENDERER])
    assert sorted(p.name.split(".")[0] for p in dropped) == ["20", "30"]
    assert (folder / "22.abc1234.js").exists()


def test_the_loader_is_the_module_that_names_the_renderer_not_its_file(tmp_path: Path) -> None:
    # Module 1 sits in the same file as the loader: its loads (10, 40) are not the loader's.
    folder = shell(tmp_path)
    dropped = {p.name.split(".")[0] for p in drop_chunks(folder, [RENDERER])}
    assert not dropped & {"10", "11", "40"}


def test_a_shell_without_the_renderer_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = shell(tmp_path)
    with pytest.raises(SiteBuildError, match="no loader names"):
        drop_chunks(folder, ['"@example/other:IManager"'])
    assert len(list(folder.iterdir())) == len(SHELL) + 1


def test_the_pinned_renderers_are_named_by_their_source_not_a_number() -> None:
    for name in [*LESSON_DROPS.values(), *APP_DROPS.values()]:
        assert name.startswith('"@jupyterlab/') and not name.strip('"').isdigit()
