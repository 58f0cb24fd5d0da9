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
