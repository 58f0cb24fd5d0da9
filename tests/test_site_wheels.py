"""The browser's wheels: compiled for Pyodide's Python, without their front-end copies."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from qttt_edu.site.wheels import compile_wheel, find_python312, write_wheel


@pytest.fixture(scope="module")
def python312() -> str:
    python = find_python312()
    if python is None:  # the build itself then ships uncompiled wheels, and says so
        pytest.skip("no Python 3.12 here to compile with")
    return python


def test_a_compiled_wheel_keeps_its_code_and_drops_its_front_end(
    tmp_path: Path, python312: str
) -> None:
    wheel = write_wheel(
        tmp_path,
        "widgetpkg",
        "1.0",
        {
            "widgetpkg/__init__.py": b"VALUE = 42\n",
            "widgetpkg/static_data.json": b"{}",
            "widgetpkg/labextension/static/main.js": b"console.log(1)",
            "widgetpkg/nbextension/index.js": b"define([])",
            "widgetpkg-1.0.data/data/share/jupyter/labextensions/widgetpkg/main.js": b"x",
        },
    )
    compiled = compile_wheel(wheel, python312, tmp_path / "cache", keep_source=False)
    with zipfile.ZipFile(compiled) as archive:
        names = set(archive.namelist())
        record = archive.read("widgetpkg-1.0.dist-info/RECORD").decode()
    assert {"widgetpkg/__init__.pyc", "widgetpkg/static_data.json"} <= names
    assert "widgetpkg/__init__.py" not in names  # source-less: the byte-code is used
    assert not [n for n in names if n.endswith(".js")], names
    assert "main.js" not in record  # the wheel's RECORD lists what it holds


_LEXERS_REACHED = """
import sys
from IPython.core import ultratb
from ipython_pygments_lexers import IPython3Lexer, IPythonTracebackLexer
from pygments.lexers import (
    BashLexer, HtmlLexer, JavascriptLexer, PerlLexer, Python3Lexer, PythonLexer, RubyLexer,
    TexLexer, TextLexer, get_lexer_by_name,
)
get_lexer_by_name("python"), get_lexer_by_name("text")
list(IPython3Lexer().get_tokens("%time x = 1")), list(IPythonTracebackLexer().get_tokens("x"))
try:
    1 / 0
except ZeroDivisionError:
    ultratb.VerboseTB(theme_name="linux").text(*sys.exc_info())
reached = [m.rsplit(".", 1)[1] for m in sys.modules if m.startswith("pygments.lexers.")]
print(" ".join(sorted(reached)))
"""


def test_the_site_keeps_every_lexer_ipython_reaches() -> None:
    # The site's Pygments wheel keeps only PYGMENTS_KEPT; IPython's lexers and coloured
    # tracebacks must find every module they import among them.
    import subprocess
    import sys

    from qttt_edu.site.wheels import PYGMENTS_KEPT, unused_in_browser

    done = subprocess.run(
        [sys.executable, "-c", _LEXERS_REACHED], capture_output=True, text=True, check=True
    )
    reached = set(done.stdout.split())
    assert {"python", "shell"} <= reached, reached
    assert reached <= PYGMENTS_KEPT, sorted(reached - PYGMENTS_KEPT)
    assert not unused_in_browser("pygments/lexers/python.pyc")
    assert unused_in_browser("pygments/lexers/_php_builtins.pyc")  # a lexer no page uses
    assert not unused_in_browser("pygments/formatters/html.pyc")


def _wheel_with_extension(folder: Path, version: str, *, extension: bool = True) -> Path:
    wheel = folder / f"anywidget-{version}-py3-none-any.whl"
    share = f"anywidget-{version}.data/data/share/jupyter/labextensions/anywidget"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("anywidget/__init__.py", f"__version__ = {version!r}\n")
        if extension:
            archive.writestr(f"{share}/package.json", f'{{"version": "{version}"}}')
            archive.writestr(f"{share}/static/remoteEntry.js", "// the page-side half\n")
    return wheel


def test_anywidget_page_code_comes_from_the_browser_wheel_not_the_environment(
    tmp_path: Path,
) -> None:
    """The site's anywidget extension is the pinned browser wheel's own, whatever anywidget
    the build's environment has (there, the version users get), so the two halves agree."""
    from qttt_edu.site.wheels import wheel_extension

    other = tmp_path / "comm-0.2.3-py3-none-any.whl"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("comm/__init__.py", "")
    pinned = [other, _wheel_with_extension(tmp_path, "0.42.0")]
    folder = wheel_extension(pinned, "anywidget", tmp_path / "extensions")
    assert folder == tmp_path / "extensions" / "anywidget"
    assert (folder / "package.json").read_text() == '{"version": "0.42.0"}'
    assert (folder / "static" / "remoteEntry.js").read_text() == "// the page-side half\n"


def test_a_pinned_wheel_without_its_extension_stops_the_build(tmp_path: Path) -> None:
    from qttt_edu.site.common import SiteBuildError
    from qttt_edu.site.wheels import wheel_extension

    bare = _wheel_with_extension(tmp_path, "0.42.0", extension=False)
    with pytest.raises(SiteBuildError, match="ships no labextension anywidget"):
        wheel_extension([bare], "anywidget", tmp_path / "extensions")
    with pytest.raises(SiteBuildError, match="no pinned browser wheel of anywidget"):
        wheel_extension([], "anywidget", tmp_path / "extensions")
