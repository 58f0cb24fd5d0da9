"""The page-side code's own checks, run from the suite: eslint and ``node --test``.

The tools are npm dev dependencies of the repository (``package.json``,
``package-lock.json``): ``npm ci`` installs them into ``node_modules/``. Without Node or
without ``npm ci`` these tests skip and say why, unless ``QTTT_REQUIRE_NODE`` is set (CI),
where that is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests import view_fixtures

ROOT = Path(__file__).resolve().parent.parent
REQUIRE_ENV = "QTTT_REQUIRE_NODE"


def _node_tools() -> str:
    """The path of ``node``, or skip (fail under ``QTTT_REQUIRE_NODE``) when a tool is missing."""
    node = shutil.which("node")
    if node is None:
        reason = "Node.js is not installed (Debian: apt-get install nodejs npm)"
    elif not (ROOT / "node_modules" / "eslint").is_dir():
        reason = "the page tools are not installed: run `npm ci` in the repository"
    else:
        return node
    if os.environ.get(REQUIRE_ENV):
        pytest.fail(f"{reason}; {REQUIRE_ENV} is set")
    pytest.skip(reason)


def _run(argv: list[str], env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **(env or {})}
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)


def test_eslint_is_clean() -> None:
    node = _node_tools()
    result = _run([node, str(ROOT / "node_modules" / "eslint" / "bin" / "eslint.js")])
    assert result.returncode == 0, result.stdout + result.stderr


def test_page_js_unit_tests_pass(tmp_path: Path) -> None:
    """The page-side modules' unit tests (tests/js/): board.js drawn from this checkout's
    view models, the site's rooms client landing a student's link."""
    node = _node_tools()
    view_fixtures.write(tmp_path)
    result = _run(
        [node, "--test", "--test-reporter=spec", "tests/js/"],
        env={"QTTT_VIEW_FIXTURES": str(tmp_path)},
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ℹ fail 0" in result.stdout and "ℹ pass 0" not in result.stdout, result.stdout


def test_commonjs_beside_the_checkout_still_runs() -> None:
    """A virtualenv inside the checkout (the README's `.venv`) holds JupyterLab's own
    CommonJS tools, which Node runs when JupyterLab starts. A `"type": "module"` in the
    checkout's own package.json made Node take them for ES modules, and the README's
    start command printed a page of minified code and a stack trace; the kit's modules
    say they are modules in package.json files of their own folders."""
    node = _node_tools()
    folder = ROOT / ".venv-cjs-check"
    folder.mkdir(exist_ok=True)
    try:
        script = folder / "tool.js"
        script.write_text('const util = require("util"); console.log(util.format("%s", "ok"));\n')
        result = _run([node, str(script)])
        assert result.returncode == 0 and result.stdout.strip() == "ok", result.stderr
    finally:
        shutil.rmtree(folder, ignore_errors=True)
