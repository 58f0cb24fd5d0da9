"""When the app's code runs: one widget event at a time, and the computer's turns.

Two small pieces the app is built on, each with its own state:

* :class:`EventGate`: every widget event runs under one lock (JupyterLab may deliver
  messages on another thread); an event raised *while* a handler runs (a handler
  that moves the timeline triggers the timeline's observer at once) is refused, and
  the app's own redraws of its controls are ignored.
* :class:`ComputerClock`: when the computer acts. Each change of the game starts a
  new *generation*; a computer answer is applied only if it was asked for in the
  generation that is still current, so an undo or a new game makes a late answer
  harmless. The computer's player gets the immutable ``Position`` in a worker
  thread and never sees the ``Game``.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ..core import Action, Position
from ..environment import in_pyodide
from ..i18n import carry_language

__all__ = ["ComputerClock", "EventGate", "PageEvent", "running_loop"]


def running_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop running in this thread (the kernel's, in Jupyter), or ``None``."""
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class EventGate:
    """One widget event at a time; nested events refused; the app's own redraws ignored."""

    def __init__(self) -> None:
        # JupyterLab with ipykernel 7 can deliver a click on another thread while the
        # previous one is still drawing: the second waits instead of being refused.
        self.lock = threading.RLock()
        self._busy = False
        self._syncing = False

    @contextmanager
    def syncing(self) -> Iterator[None]:
        """While the app sets its own controls: their observers do nothing."""
        self._syncing = True
        try:
            yield
        finally:
            self._syncing = False

    def run(
        self,
        handler: Callable[..., None],
        args: tuple[Any, ...],
        *,
        nested: Callable[[], None],
        failed: Callable[[BaseException], None],
    ) -> None:
        """Run ``handler(*args)`` under the lock; ``nested()`` when another event is
        running, ``failed(err)`` when it raises (nothing is ever swallowed)."""
        with self.lock:
            if self._syncing:
                return
            if self._busy:
                nested()
                return
            self._busy = True
            try:
                handler(*args)
            except Exception as err:
                failed(err)
            finally:
                self._busy = False


class PageEvent:
    """What the page should do with the next view: animate a collapse, move the focus.

    Every view sent gets a new ``seq``, so the page knows a fresh event from a
    repeated one.
    """

    def __init__(self) -> None:
        self.seq = 0
        self.animate = False
        self.focus: int | None = None

    def take(self) -> dict[str, Any]:
        """The event for the view about to be sent (animation and focus are used once)."""
        self.seq += 1
        event = {"seq": self.seq, "animate": self.animate, "focus": self.focus}
        self.animate, self.focus = False, None
        return event


AnswerFn = Callable[[Position], "Action | BaseException"]
DoneFn = Callable[[int, "Action | BaseException"], None]


class ComputerClock:
    """When the computer is asked, and whether its answer still counts.

    ``thinking`` is what the page shows ("O is thinking"); ``generation`` moves on
    with every change of the game (:meth:`next_generation`).
    """

    def __init__(self) -> None:
        self.generation = 0
        self.thinking = False
        self._handle: asyncio.TimerHandle | None = None

    @property
    def scheduled(self) -> bool:
        return self._handle is not None

    def next_generation(self) -> None:
        """The game changed: any answer asked for before is stale."""
        self.generation += 1

    def cancel(self) -> None:
        """Forget a planned turn (undo, new game, another opponent)."""
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        self.thinking = False

    def schedule(
        self,
        delay: float,
        position: Callable[[], Position],
        answer: AnswerFn,
        done: DoneFn,
        lock: threading.RLock,
    ) -> bool:
        """Ask ``answer(position())`` after ``delay`` s in a worker thread, then call
        ``done(generation, answer)``. ``False`` when there is no event loop (or no
        delay): the caller asks at once."""
        loop = running_loop() if delay > 0 else None
        if loop is None:
            return False
        generation = self.generation

        def start() -> None:
            with lock:
                if generation != self.generation:
                    return
                pos = position()  # immutable: safe to hand to another thread
            if in_pyodide():  # Pyodide has no threads: at once
                self._finish(done, generation, answer(pos))
                return
            # the worker speaks the page's language (a light page's, in the classroom)
            future = loop.run_in_executor(None, carry_language(answer), pos)
            future.add_done_callback(lambda f: self._finish(done, generation, f.result()))

        self._handle = loop.call_later(delay, start)
        return True

    def _finish(self, done: DoneFn, generation: int, result: Action | BaseException) -> None:
        self._handle = None
        done(generation, result)
