"""Lint, format and type checks run with the suite, so one command checks everything."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_lint_is_clean() -> None:
    result = _run("ruff", "check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_is_clean() -> None:
    result = _run("ruff", "format", "--check", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_passes_on_every_module() -> None:
    result = _run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


# --- no function longer than a reader can hold -----------------------------------------------

MAX_FUNCTION_LINES = 60
PACKAGE = ROOT / "qttt_edu"


def long_functions(root: Path, limit: int = MAX_FUNCTION_LINES) -> list[str]:
    """``file:line name (N lines)`` for every function longer than ``limit``, docstring included."""
    import ast

    found = []
    for path in sorted(root.rglob("*.py")):
        where = path.relative_to(root).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                if length > limit:
                    found.append(f"{where}:{node.lineno} {node.name} ({length} lines)")
    return found


def test_no_function_is_longer_than_60_lines() -> None:
    assert long_functions(PACKAGE) == []


def test_the_length_check_finds_a_long_function(tmp_path: Path) -> None:
    body = "\n".join(f"    x{i} = {i}" for i in range(60))
    (tmp_path / "long.py").write_text(f"def short():\n    return 1\n\n\ndef long():\n{body}\n")
    (tmp_path / "classroom").mkdir()
    (tmp_path / "classroom" / "cli.py").write_text(f"def long():\n{body}\n")
    assert long_functions(tmp_path) == [
        "classroom/cli.py:1 long (61 lines)",
        "long.py:5 long (61 lines)",
    ]
