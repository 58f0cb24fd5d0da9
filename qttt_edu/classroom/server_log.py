"""What the classroom's servers say, as the teacher's terminal shows it.

Voilà, Jupyter's server and every kernel write a few lines for each page a student
opens: a kernel started, a login, "not trusted", the kernel's plain-TCP warning, the
access log. With thirty students they scroll the students' address, the class password
and the QR code out of the terminal within a minute, and some of them ("susceptible to
eavesdropping") alarm a teacher about nothing the class can change. The command reads
its servers' output and passes on every line except that routine: refusals, errors and
tracebacks still reach the terminal.
"""

from __future__ import annotations

import re
import threading
from typing import IO, TextIO

__all__ = ["ROUTINE", "is_routine", "relay"]

#: the lines that come with every page, and Voilà's start-up lines (the command prints
#: the addresses itself)
ROUTINE = re.compile(
    r"|".join(
        [
            r"Using .* to store connection files",
            r"Storing connection files in ",
            r"Serving static files from ",
            r"Voil[aà] is running at:",
            r"^https?://\S+/\?token=\.\.\.$",
            r"Notebook \S+ is not trusted",
            r"Kernel (started|shutdown|restarted): ",
            r"Connecting to kernel ",
            r"Adapting from protocol version ",
            r"Culling kernels with idle durations",
            r"Starting buffering for ",
            r"User \w+ logged in\.",
            r"Kernel is running over TCP without encryption",
            r"websocket_ping_timeout",
            r"Handle signal \d+\.",
            # the access log's ordinary answers (a server error is logged with its cause)
            r"^[1-4]\d\d (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) ",
        ]
    )
)


def is_routine(line: str) -> bool:
    """Is ``line`` one of the servers' routine lines (left out of the terminal)?

    >>> is_routine("[CompressedVoila] Kernel started: 7f97")
    True
    >>> is_routine("404 GET /favicon.ico (127.0.0.1) 0.58ms")
    True
    >>> is_routine("[W] Refused a page from 10.0.0.7: it already holds 4 kernels.")
    False
    >>> is_routine("500 GET /voila/render/app.ipynb (10.0.0.7) 12.00ms")
    False
    """
    return ROUTINE.search(line.rstrip("\n")) is not None


def relay(source: IO[bytes], sink: TextIO) -> threading.Thread:
    """Copy ``source`` (a server's output) to ``sink`` line by line, leaving out the
    routine, on a thread of its own that ends with the stream."""

    def copy() -> None:
        with source:
            for raw in source:
                line = raw.decode("utf-8", errors="replace")
                if not is_routine(line):
                    sink.write(line)
                    sink.flush()

    thread = threading.Thread(target=copy, name="qttt-server-log", daemon=True)
    thread.start()
    return thread
