"""The class's games as an experiment: statistics beside random play, and exports.

Everything here works on game records (text), so it serves the live dashboard, an
exported file read back next lesson, and a test alike.

>>> stats = game_statistics(["1-2 1-2 c1", "3-9 2-4 4-9 1-5 1-6 7-9 1-8 4-7 c4 5-8 c5"])
>>> stats.finished, stats.x_wins, stats.collapses_per_game
(1, 1, 2.0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from ..core import Action, Game, Position, other_player, player_of
from ..rooms.store import games_csv

__all__ = [
    "GameStatistics",
    "chooser_choices",
    "export_csv",
    "export_json",
    "game_statistics",
    "random_play_statistics",
]


@dataclass(frozen=True)
class GameStatistics:
    """What a set of games shows; the rates are over finished games."""

    games: int
    finished: int
    x_wins: int
    o_wins: int
    draws: int
    collapses_per_game: float
    plies_per_game: float
    decisive_collapses: int
    chooser_helped: int

    def rate(self, count: int) -> float:
        return count / self.finished if self.finished else float("nan")

    @property
    def chooser_helped_rate(self) -> float:
        """Of the collapses whose two choices ended the game differently, the share in
        which the chooser took the better one for themself."""
        if not self.decisive_collapses:
            return float("nan")
        return self.chooser_helped / self.decisive_collapses

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["chooser_helped_rate"] = self.chooser_helped_rate
        return data


def chooser_choices(game: Game) -> list[tuple[bool, bool]]:
    """For each collapse of ``game``: (did the two choices end differently, was the better
    one for the chooser taken). "Better" compares Goff's scores of the game right
    after the collapse (a line for the chooser beats none, none beats a line for the
    opponent); most collapses end nothing and count as not decisive.
    """
    found = []
    position = Position()
    for action in game.history:
        if action.kind == "collapse":
            chooser = player_of(position.next_move)
            _, a, b = position.spooky[-1]
            values = {s: _value_for(position.play(Action.collapse(s)), chooser) for s in (a, b)}
            decisive = values[a] != values[b]
            best = max(values.values())
            found.append((decisive, decisive and values[action.squares[0]] == best))
        position = position.play(action)
    return found


def _value_for(position: Position, player: str) -> float:
    outcome = position.outcome
    if outcome is None:
        return 0.0
    return outcome.scores[player] - outcome.scores[other_player(player)]


def game_statistics(records: Iterable[str]) -> GameStatistics:
    """Statistics of the games whose records are given (unfinished ones count as games)."""
    games = finished = x = o = draws = collapses = plies = decisive = helped = 0
    for record in records:
        game = Game.from_record(record)
        games += 1
        if not game.is_over:
            continue
        finished += 1
        result = game.outcome.result if game.outcome else "draw"
        x += result == "X"
        o += result == "O"
        draws += result == "draw"
        plies += game.ply
        for is_decisive, took_best in chooser_choices(game):
            collapses += 1
            decisive += is_decisive
            helped += took_best
    return GameStatistics(
        games=games,
        finished=finished,
        x_wins=x,
        o_wins=o,
        draws=draws,
        collapses_per_game=collapses / finished if finished else float("nan"),
        plies_per_game=plies / finished if finished else float("nan"),
        decisive_collapses=decisive,
        chooser_helped=helped,
    )


@lru_cache(maxsize=8)
def random_play_statistics(games: int = 2000, seed: int = 2006) -> GameStatistics:
    """The same statistics for ``games`` games of uniformly random play (the baseline)."""
    rng = random.Random(seed)
    records = []
    for _ in range(games):
        position = Position()
        actions = []
        while position.outcome is None:
            code = rng.choice(position.legal_actions())
            actions.append(str(Action(code)))
            position = position.child(code)
        records.append(" ".join(actions))
    return game_statistics(records)


def export_json(rooms: Iterable[Any]) -> str:
    """Every room's data (``RoomState.to_dict()``) as one JSON document."""
    return json.dumps([room.to_dict() for room in rooms], indent=1, ensure_ascii=False)


def export_csv(rooms: Iterable[Any]) -> str:
    """One line per game (:func:`~qttt_edu.rooms.store.games_csv`): code, class,
    nicknames, result, plies, collapses, record, times."""
    return games_csv(room.to_dict() for room in rooms)
