"""What can go wrong with a shared game, each with its own exception.

Every error is a ``ValueError`` or a ``RuntimeError`` subclass whose message (in the
kit's current language) says what was wrong and what to do. The store changes
nothing when it raises one: the game stays exactly as it was. Errors about a room
that was read carry the room as it is now in ``state``, so a client can redraw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..i18n import t

if TYPE_CHECKING:
    from .store import RoomState

__all__ = [
    "BadCodeError",
    "ConflictError",
    "CorruptRoomError",
    "CredentialError",
    "Message",
    "NotYourTurnError",
    "RoomError",
    "RoomExpiredError",
    "RoomFullError",
    "SchemaError",
    "SpectatorError",
    "StoreUnavailableError",
    "UnknownRoomError",
    "message",
]


class Message(str):
    """A message in the kit's language that remembers its catalog key and fields.

    The rooms service sends ``key`` and ``fields`` with every refusal, so a client
    shows it in its own language (``t(key, **fields)``) rather than the service's.

    >>> m = message("rooms_seat_bad", seat="Z")
    >>> m.key, m.fields
    ('rooms_seat_bad', {'seat': 'Z'})
    """

    key: str
    fields: dict[str, Any]


def message(key: str, /, **fields: Any) -> Message:
    """``t(key, **fields)``, keeping ``key`` and ``fields`` for a client in another language."""
    text = Message(t(key, **fields))
    text.key = key
    text.fields = fields
    return text


class RoomError(ValueError):
    """A request the store refuses; the room is unchanged. ``state`` is the room now, if read."""

    def __init__(self, message: str, state: RoomState | None = None) -> None:
        super().__init__(message)
        self.state = state
        self.key: str | None = getattr(message, "key", None)
        self.fields: dict[str, Any] = dict(getattr(message, "fields", {}))


class BadCodeError(RoomError):
    """Text that cannot be a room code (wrong length or letters outside the code alphabet)."""


class UnknownRoomError(RoomError):
    """No room has this code (never made, or cleared by the teacher)."""


class RoomExpiredError(RoomError):
    """The room was left unfinished for longer than its lifetime."""


class RoomFullError(RoomError):
    """Both seats are taken: the room can still be watched."""


class CredentialError(RoomError):
    """A seat credential that is malformed or belongs to no seat of this room."""


class SpectatorError(RoomError):
    """A spectator (no seat credential) tried to act."""


class NotYourTurnError(RoomError):
    """A player acted for the side that is not theirs, or when it is not their turn."""


class ConflictError(RoomError):
    """Someone changed the game first (the action was meant for an older version)."""


class CorruptRoomError(RoomError):
    """A room whose stored data is not a legal game; the store reports it and reads on."""


class SchemaError(RuntimeError):
    """The database was made by a newer version of the kit, or is not a rooms store."""


class StoreUnavailableError(RuntimeError):
    """The database could not be reached (or stayed locked) for the whole retry time.

    ``details`` holds what the message was made from (``where``, ``seconds``,
    ``reason``), so a caller that keeps the action can say so in its own words.
    """

    def __init__(self, message: str, **details: str) -> None:
        super().__init__(message)
        self.details = details
        self.key: str | None = getattr(message, "key", None)
        self.fields: dict[str, Any] = dict(getattr(message, "fields", details))
