"""Suite-wide settings: a headless matplotlib, a hypothesis profile for CI, and the marks.

The marks (``browser``, ``notebooks``, ``slow``; see CONTRIBUTING.md for the everyday command
that leaves them out) are given here by where a test lives, so that a test added to
``tests/browser/`` or a notebook added under nbval gets its mark without anyone remembering it:

* ``browser``: everything in ``tests/browser/``;
* ``notebooks``: every nbval cell (``*.ipynb``) and the test files in ``NOTEBOOK_TESTS``;
* ``slow``: the tests listed in ``tests/slow.txt`` (each took over 3 s), plus anything marked
  by hand. At the end of a run, the tests that took over 3 s without the mark are listed, so
  the list can be kept true.

Costly cells of the translated reference notebooks are left to a cheaper test
(``tests/notebook_cells.py``); pytest reports them as deselected.

Under pytest-xdist (``--dist loadfile``) the files are handed out in collection order, which
this hook sets: the browser tests first, then the files whose slow tests cost most, then the
rest as collected. The workers then finish close together instead of one starting a costly
file last. How many workers ``-n auto`` starts (one a core, and one more), and why, is here too
(``pytest_xdist_auto_num_workers``).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import matplotlib
import pytest
from hypothesis import HealthCheck, settings

from qttt_edu import set_language
from tests.notebook_cells import is_costly_translated_cell

TESTS = Path(__file__).resolve().parent
SLOW_SECONDS = 3.0

#: test files about the notebooks (besides the notebooks themselves, run by nbval)
NOTEBOOK_TESTS = {"test_notebooks.py", "test_notebook_costly_cells.py", "test_build_sync.py"}


def _slow_tests() -> dict[str, float]:
    """``tests/slow.txt``: node id (without parameters) -> the seconds it took."""
    slow = {}
    for line in (TESTS / "slow.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            nodeid, seconds = line.split()
            slow[nodeid] = float(seconds)
    return slow


SLOW = _slow_tests()

os.environ.setdefault("MPLBACKEND", "Agg")
matplotlib.use("Agg")

settings.register_profile(
    "default", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture(autouse=True)
def _english_messages():
    """Every test starts in English, whatever language an earlier test switched on."""
    set_language("en")
    yield
    set_language("en")


def _relative(item: pytest.Item) -> str:
    try:
        return Path(item.path).resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return ""


def _slow_id(item: pytest.Item) -> str:
    """``test_x.py::test_y`` (``::Class::test_y`` in a class), without the parameters."""
    return "::".join([_relative(item), *item.nodeid.split("::")[1:]]).split("[")[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    kept, costly = [], []
    cost: dict[Path, float] = {}
    for item in items:
        where = _relative(item)
        if where.startswith("browser/"):
            item.add_marker(pytest.mark.browser)
        if item.path.suffix == ".ipynb" or item.path.name in NOTEBOOK_TESTS:
            item.add_marker(pytest.mark.notebooks)
        seconds = SLOW.get(_slow_id(item))
        if seconds is not None:
            item.add_marker(pytest.mark.slow)
            cost[item.path] = cost.get(item.path, 0.0) + seconds
        cell = getattr(item, "cell", None)
        if cell is not None and is_costly_translated_cell(Path(item.path), cell.source):
            costly.append(item)
        else:
            kept.append(item)
    if costly:
        config.hook.pytest_deselected(items=costly)
    # sorted() is stable: within a file, and among files of equal cost, collection order stays
    kept.sort(key=lambda i: (not _relative(i).startswith("browser/"), -cost.get(i.path, 0.0)))
    items[:] = kept


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """What ``-n auto`` means: one worker a core, and one more
    (``PYTEST_XDIST_AUTO_NUM_WORKERS`` decides when set, as in pytest-xdist).

    The browser tests wait on kernels, servers and Chromium, so a third worker fills the
    cores while two wait. Measured on the 2-core machine (4 December 2026, the whole
    command, 3,835 tests, nothing else running): two workers 10 min 12 s, with the cores
    idle 27 % of the browser tests' time and 37 % of the rest's; three workers 8 min 15 s
    and 7 min 58 s; four 8 min 57 s. (On 2 December, with fewer tests and the machine
    shared, four had been no faster than two.)
    """
    chosen = os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS")
    if chosen:
        return int(chosen)
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return (cores or 1) + 1


_UNMARKED_SLOW: list[tuple[float, str]] = []


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    if report.when == "call" and report.duration > SLOW_SECONDS and "slow" not in report.keywords:
        _UNMARKED_SLOW.append((report.duration, report.nodeid))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Name the tests that took over 3 s without the ``slow`` mark (add them to ``SLOW``)."""
    if not _UNMARKED_SLOW:
        return
    terminalreporter.section(f"over {SLOW_SECONDS:g} s without the slow mark (tests/conftest.py)")
    for seconds, nodeid in sorted(_UNMARKED_SLOW, reverse=True):
        terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
