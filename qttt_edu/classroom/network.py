"""Where the teacher's computer is on the room's network, and the QR code of a link.

The classroom command and its static-site server both print the address other devices
can open and its QR code; they share these helpers from here.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import sys
from collections.abc import Callable, Iterable

from ..i18n import t

__all__ = [
    "http_base",
    "lan_address",
    "lan_addresses",
    "outgoing_address",
    "print_qr",
    "print_student_links",
    "student_addresses",
]


# Where a UDP socket is "connected" to find the interface the computer would send from:
# nothing is sent, the kernel only picks a route. Private ranges, so no packet could
# leave the room even if one were sent.
_PROBES = ("10.255.255.254", "192.168.255.254", "172.31.255.254")


def outgoing_address(probe: str = _PROBES[0]) -> str | None:
    """The IPv4 address this computer would use to reach ``probe``, or ``None``.

    >>> outgoing_address("127.0.0.1")  # the loopback is never an answer
    """
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
            probe_socket.connect((probe, 9))
            address = str(probe_socket.getsockname()[0])
    except OSError:
        return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def _interface_addresses() -> list[str]:
    """Every IPv4 address of this computer's network cards (psutil if present, else names)."""
    found: list[str] = []
    try:
        import psutil

        for entries in psutil.net_if_addrs().values():
            found.extend(e.address for e in entries if e.family == socket.AF_INET)
    except ImportError:  # pragma: no cover - psutil comes with ipykernel
        with contextlib.suppress(OSError):
            found.extend(socket.gethostbyname_ex(socket.gethostname())[2])
    return found


def lan_addresses() -> tuple[str | None, list[str]]:
    """The address other devices should open, and the other non-loopback IPv4 addresses.

    The first is the interface of the default route (``None`` when only the loopback
    exists, a computer without a network); the list holds the rest, for a teacher whose
    students sit on another of the computer's networks.
    """
    chosen = next(filter(None, map(outgoing_address, _PROBES)), None)
    others: list[str] = []
    for address in _interface_addresses():
        if address.startswith("127.") or address in others or address == chosen:
            continue
        others.append(address)
    if chosen is None and others:
        chosen = others.pop(0)
    return chosen, others


def lan_address() -> str:
    """This computer's address on the room's network (``127.0.0.1`` if it has none)."""
    return lan_addresses()[0] or "127.0.0.1"


def student_addresses(address: str | None, host: str) -> tuple[str, list[str]]:
    """The address to print for students (``--address``, else the ``--host`` the server
    listens on, else the outgoing interface's), with the alternatives; warns, on
    standard error, when no other device can reach it."""
    if address:
        return address, []
    if host not in ("0.0.0.0", "::", ""):
        if is_loopback(host):  # the teacher asked for it: a test, or one computer
            print(t("class_host_loopback", host=host), file=sys.stderr)
        return host, []
    chosen, others = lan_addresses()
    if chosen is None:
        print(t("class_only_loopback"), file=sys.stderr)
        return "127.0.0.1", []
    return chosen, others


def is_loopback(host: str) -> bool:
    """Does ``host`` name this computer only (no other device reaches it)?

    >>> [is_loopback(h) for h in ("127.0.0.1", "::1", "localhost", "10.0.0.2", "0.0.0.0")]
    [True, True, True, False, False]
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def http_base(address: str, port: int) -> str:
    """The start of an address on this computer (an IPv6 address in brackets).

    >>> http_base("10.0.0.2", 8866), http_base("fe80::1", 80)
    ('http://10.0.0.2:8866', 'http://[fe80::1]:80')
    """
    host = f"[{address}]" if ":" in address else address
    return f"http://{host}:{port}"


def print_student_links(
    key: str, link: Callable[[str], str], addresses: tuple[str, list[str]], port: int
) -> str:
    """Print the students' link (message ``key``) at the first of ``addresses`` (what
    :func:`student_addresses` found), then the same link on each of the computer's other
    networks; return the first link's base (``http://address:port``, the QR code's)."""
    chosen, others = addresses
    base = http_base(chosen, port)
    print(t(key, url=link(base)))
    for other in others:
        print(t("class_students_other", url=link(http_base(other, port))))
    return base


def print_qr(url: str) -> None:
    """Print the QR code of ``url`` for the terminal: in black on white whatever the
    terminal's colours when it is one that reads colour codes (a QR code drawn in the
    terminal's own colours is inverted on a light terminal, and many phones' cameras do
    not read an inverted code); else in the terminal's own colours, as text."""
    try:
        import segno
    except ImportError:
        print(t("class_no_qr"))
        return
    code = segno.make(url, error="m")
    if sys.platform != "win32" and sys.stdout.isatty() and os.environ.get("TERM") != "dumb":
        sys.stdout.write(qr_in_colour(code.matrix_iter(scale=1, border=4)))
        sys.stdout.flush()
    else:  # a file, a pipe, Windows' console (segno draws it with the console's own calls)
        code.terminal(compact=True)


#: ANSI colours: black and bright white, as a half block's upper (foreground) and lower
#: (background) halves
_FG = {1: "30", 0: "97"}
_BG = {1: "40", 0: "107"}


def qr_in_colour(rows: Iterable[Iterable[int]]) -> str:
    """A QR code's modules (rows of 1 for dark, 0 for light, with their quiet zone) as
    text for a terminal: two rows a line of upper half blocks, each module's colour set
    (black, white), so the code reads the same on a dark or a light terminal.

    >>> qr_in_colour([(1, 0), (0, 1)]) == "\\033[30;107m▀\\033[97;40m▀\\033[0m\\n"
    True
    """
    matrix = [tuple(row) for row in rows]
    if len(matrix) % 2:
        matrix.append((0,) * len(matrix[0]))  # the quiet zone goes on below
    lines = []
    for top, bottom in zip(matrix[0::2], matrix[1::2], strict=True):
        line, last = [], None
        for pair in zip(top, bottom, strict=True):
            if pair != last:
                line.append(f"\033[{_FG[pair[0]]};{_BG[pair[1]]}m")
                last = pair
            line.append("▀")
        lines.append("".join(line) + "\033[0m\n")
    return "".join(lines)
