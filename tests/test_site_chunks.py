"""``drop_chunks``: which webpack chunks of an app shell the static site leaves out.

Only what the loader of a disabled renderer asks for may go; a chunk that anything
else asks for stays, with all it asks for (a page must never ask for a missing file).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from qttt_edu.site.build import SiteBuildError, drop_chunks

SHELL = {
    # the shell's entry: loads 10 alone, the renderer (root 20) together with 30, and 40
    "main.js": "a(n.e(10).then(x)); b=Promise.all([n.e(20),n.e(30)]).then(y); c(n.e(40))",
    "10.abc1234.js": "n.e(11)",
    "11.abc1234.js": "",
    "20.abc1234.js": "Promise.all([n.e(21),n.e(40)])",  # the renderer's library
    "21.abc1234.js": "n.e(22)",
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
    dropped = drop_chunks(shell(tmp_path), [20])
    assert sorted(p.name.split(".")[0] for p in dropped) == ["20", "21", "22", "30"]
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == ["10.abc1234.js", "11.abc1234.js", "40.abc1234.js", "main.js"]


def test_a_chunk_asked_for_elsewhere_stays_with_what_it_asks_for(tmp_path: Path) -> None:
    folder = shell(tmp_path)
    (folder / "11.abc1234.js").write_text("n.e(21)", "utf-8")  # now reachable without 20
    dropped = drop_chunks(folder, [20])
    assert sorted(p.name.split(".")[0] for p in dropped) == ["20", "30"]
    assert (folder / "22.abc1234.js").exists()


def test_a_shell_without_the_renderer_is_refused_and_left_alone(tmp_path: Path) -> None:
    folder = shell(tmp_path)
    with pytest.raises(SiteBuildError, match=r"no chunk \[99\]"):
        drop_chunks(folder, [99])
    assert len(list(folder.iterdir())) == len(SHELL) + 1
