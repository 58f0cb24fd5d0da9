"""Shared games: two devices, one game, and the teacher sees the whole class.

A shared game is its record plus a version in a *rooms store*: a SQLite file that
every kernel on one machine shares (the default), or a PostgreSQL server when
kernels run on many machines, chosen by one setting, ``QTTT_ROOMS_URL``
(``postgresql://user:password@host/db`` or ``sqlite:////path/rooms.sqlite3``).
This package depends on the rules core alone (and ``psycopg`` for PostgreSQL), so
it is tested and benchmarked without widgets or a browser.

* :class:`RoomStore`: rooms, seats, actions by compare-and-set, the teacher's list;
* :class:`SharedGame`: one screen's seat (or spectator's chair), kept up to date;
* :mod:`qttt_edu.rooms.errors`: every refusal, each with a message that says why;
* :mod:`qttt_edu.rooms.service`: the rooms service, the one process that opens the
  store in a classroom or on a hub (HTTP, JSON and a WebSocket; roles and limits);
* :mod:`qttt_edu.rooms.remote`: :class:`~qttt_edu.rooms.remote.ServiceClient`, the
  store as a student's kernel sees it through the service.
"""

from .backends import SCHEMA_VERSION, default_url
from .client import SharedGame
from .codes import format_code, normalize_code
from .errors import (
    BadCodeError,
    ConflictError,
    CorruptRoomError,
    CredentialError,
    NotYourTurnError,
    RoomError,
    RoomExpiredError,
    RoomFullError,
    SchemaError,
    SpectatorError,
    StoreUnavailableError,
    UnknownRoomError,
)
from .store import AWAY_AFTER, DEFAULT_TTL, RoomList, RoomState, RoomStore, SeatInfo, Ticket

__all__ = [
    "AWAY_AFTER",
    "DEFAULT_TTL",
    "SCHEMA_VERSION",
    "BadCodeError",
    "ConflictError",
    "CorruptRoomError",
    "CredentialError",
    "NotYourTurnError",
    "RoomError",
    "RoomExpiredError",
    "RoomFullError",
    "RoomList",
    "RoomState",
    "RoomStore",
    "SchemaError",
    "SeatInfo",
    "SharedGame",
    "SpectatorError",
    "StoreUnavailableError",
    "Ticket",
    "UnknownRoomError",
    "default_url",
    "format_code",
    "normalize_code",
]
