"""How both modes of ``qttt-edu classroom`` stop: Ctrl-C, SIGTERM and SIGHUP alike.

The kernel mode (two Voilà servers and the rooms service) and the site mode (the site
and the rooms service in one process) run until what they watch ends or the teacher
stops them. Either way the same thing follows: whatever the command started is stopped
with those signals ignored, so that an impatient second Ctrl-C or a service manager's
second SIGTERM cannot cut the stopping short (and leave servers, kernels or an
unfolded write-ahead log behind), and the teacher is told the class has stopped.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from typing import Any

from ..i18n import t

__all__ = ["STOP_SIGNALS", "Stopped", "run_until_stopped", "stop_signals"]

#: the signals that stop the command as Ctrl-C does (SIGHUP: its terminal was closed)
STOP_SIGNALS: tuple[int, ...] = (
    signal.SIGTERM,
    *((signal.SIGHUP,) if hasattr(signal, "SIGHUP") else ()),
)


class Stopped(BaseException):
    """SIGTERM or SIGHUP arrived: stop as Ctrl-C does. A ``BaseException``, as
    ``KeyboardInterrupt`` is, so that no ``except Exception`` on the way swallows it."""


def _on_signal(signum: int, _frame: Any) -> None:
    raise Stopped(signum)


@contextlib.contextmanager
def stop_signals() -> Iterator[None]:
    """Inside the block, SIGTERM and SIGHUP raise :class:`Stopped`; after it, the handlers
    that were there before are back.

    So does SIGINT where the command was started with it ignored (a shell's background
    job: ``qttt-edu classroom &``), which Python then leaves ignored: ``kill -INT`` and
    a service manager's SIGINT stop the class as Ctrl-C does in a terminal.
    """
    ignored = signal.getsignal(signal.SIGINT) == signal.SIG_IGN
    signals = (*STOP_SIGNALS, signal.SIGINT) if ignored else STOP_SIGNALS
    previous = {signum: signal.signal(signum, _on_signal) for signum in signals}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextlib.contextmanager
def _signals_ignored() -> Iterator[None]:
    """Inside the block, Ctrl-C, SIGTERM and SIGHUP are ignored; after it, the handlers
    that were there before are back (Ctrl-C's raises ``KeyboardInterrupt`` again)."""
    previous = {
        signum: signal.signal(signum, signal.SIG_IGN) for signum in (*STOP_SIGNALS, signal.SIGINT)
    }
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def run_until_stopped(
    wait: Callable[[], int], stop: Callable[[], None], said: str = "class_stopped"
) -> int:
    """``wait()``'s exit status, or 0 when Ctrl-C, SIGTERM or SIGHUP ended it first; then
    ``stop()`` with those signals ignored, and a line that says the class has stopped
    (message ``said``: the kernel mode's also says its temporary files are gone)."""
    with stop_signals():
        try:
            return wait()
        except (KeyboardInterrupt, Stopped):
            return 0
        finally:
            with _signals_ignored():
                stop()
            print(t(said), flush=True)
