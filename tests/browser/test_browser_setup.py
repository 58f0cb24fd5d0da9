"""The browser tests' own rules: when they may skip, and that servers never touch the repo."""

from __future__ import annotations

from pathlib import Path

import pytest

from . import browser_harness


def test_missing_chromium_skips_on_a_developer_machine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser_harness, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.delenv("QTTT_REQUIRE_BROWSER", raising=False)
    reason = browser_harness.browser_skip_reason()
    assert reason is not None and "/nonexistent/chromium" in reason and "apt-get" in reason


def test_missing_chromium_is_an_error_when_required(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(browser_harness, "CHROMIUM", "/nonexistent/chromium")
    monkeypatch.setenv("QTTT_REQUIRE_BROWSER", "1")
    with pytest.raises(RuntimeError, match="QTTT_REQUIRE_BROWSER"):
        browser_harness.browser_skip_reason()


def test_present_chromium_runs(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "chromium"
    fake.write_text("")
    monkeypatch.setattr(browser_harness, "CHROMIUM", str(fake))
    assert browser_harness.browser_skip_reason() is None


def test_servers_work_on_a_copy_outside_the_repository(tmp_path: Path) -> None:
    root = browser_harness.copy_notebooks(tmp_path / "served")
    lab = browser_harness.lab_server(root, tmp_path / "work")
    voila = browser_harness.voila_server(root, tmp_path / "work")
    for server in (lab, voila):
        assert server.cwd == root and not root.resolve().is_relative_to(browser_harness.REPO)
        # argv[0] is the interpreter, which may live in the repository's .venv (CI).
        assert str(browser_harness.REPO) not in " ".join(server.argv[1:])
        for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR"):
            assert Path(server.env[var]).is_relative_to(tmp_path)
    assert (root / "notebooks" / "app.ipynb").is_file()
    assert not list(root.rglob(".ipynb_checkpoints"))
