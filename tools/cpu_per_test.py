"""A pytest plugin that writes the CPU time each test cost, with everything it started.

A test's own process is a small part of what it costs: the servers, kernels, Chromium
and Pyodide it starts do most of the work, and some of Chromium's processes leave the
test's process tree. A control group holds them all. Run the tests in one, in one
process, and this plugin reads the group's CPU counter around each test (its fixtures
included) and writes ``seconds of CPU, seconds of wall time, node id`` to a file::

    mkdir /sys/fs/cgroup/cpuacct/qttt        # as root; cgroup v1's cpuacct
    sh -c 'echo $$ > /sys/fs/cgroup/cpuacct/qttt/tasks &&
           QTTT_CPU_CGROUP=/sys/fs/cgroup/cpuacct/qttt PYTHONPATH=tools \\
           exec .venv/bin/python -m pytest -n0 -p cpu_per_test'
    sort -rn cpu-per-test.tsv | head

On cgroup v2, point ``QTTT_CPU_CGROUP`` at a group of the unified hierarchy (it reads
``cpu.stat``) and write the shell's pid to its ``cgroup.procs``. ``QTTT_CPU_OUT`` names
the output file (``cpu-per-test.tsv`` by default). CONTRIBUTING.md has the figures.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

_ROWS: list[tuple[float, float, str]] = []


def _cpu_seconds() -> float:
    group = Path(os.environ["QTTT_CPU_CGROUP"])
    v1 = group / "cpuacct.usage"
    if v1.exists():
        return int(v1.read_text()) / 1e9
    for line in (group / "cpu.stat").read_text().splitlines():
        name, value = line.split()
        if name == "usage_usec":
            return int(value) / 1e6
    raise RuntimeError(f"{group} has neither cpuacct.usage nor a usage_usec in cpu.stat")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    cpu, wall = _cpu_seconds(), time.monotonic()
    yield
    _ROWS.append((_cpu_seconds() - cpu, time.monotonic() - wall, item.nodeid))


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = Path(os.environ.get("QTTT_CPU_OUT", "cpu-per-test.tsv"))
    out.write_text("".join(f"{cpu:.2f}\t{wall:.2f}\t{node}\n" for cpu, wall, node in _ROWS))
