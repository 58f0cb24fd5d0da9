"""The CPU time of this thread, for the tests that guard against a hang.

A hang guard times the code's own work, never the wall clock: CI's machine is busy with
browsers and servers, and a wall-clock limit there fails on a slow second, not on a
defect. The garbage collector is paused meanwhile, since a collection of the whole test
process's heap is not work that the code under test caused.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass
class CpuTime:
    seconds: float = 0.0


@contextmanager
def cpu_time() -> Iterator[CpuTime]:
    """``with cpu_time() as took: work()``, then ``took.seconds``."""
    took = CpuTime()
    was_enabled = gc.isenabled()
    gc.disable()
    start = time.thread_time()
    try:
        yield took
    finally:
        took.seconds = time.thread_time() - start
        if was_enabled:
            gc.enable()
