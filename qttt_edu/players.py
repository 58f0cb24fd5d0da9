"""Computer players, and matches between them.

A *player* is anything with a ``name`` and a ``choose(position)`` method that
returns one legal :class:`~qttt_edu.core.Action`: a pair of spooky marks, a
collapse choice, or X's classical ninth move, whatever the position asks for.
Three players come with the kit:

:class:`RandomPlayer`
    picks any legal action at random (reproducible with a seed).
:class:`HeuristicPlayer`
    a short list of rules a student can read, follow by hand and learn to beat.
:class:`PerfectPlayer`
    plays a best action according to the exact solver (:mod:`qttt_edu.solver`).

Games and tournaments: :func:`play_game` plays one game, :func:`play_match` many.
Each action must come within ``time_limit`` seconds (:data:`DEFAULT_TIME_LIMIT`,
one second, unless told otherwise). A player that takes longer, raises an
exception or answers with something that is not a legal action loses that game;
a match records why (:attr:`GameSummary.forfeit`) and goes on. Players other
than the kit's own choose in a worker process forked for the match, which is
stopped when time is up, so a student's player stuck in a loop cannot stall the
teacher's notebook; where processes cannot be started (Pyodide in the browser)
they are asked in the notebook's own process and timed when they answer.

>>> from qttt_edu import Game
>>> game = play_game(RandomPlayer(seed=1), HeuristicPlayer(seed=2))
>>> game.is_over
True
>>> result = play_match(RandomPlayer(), RandomPlayer(), games=20, seed=7)
>>> result.x_wins + result.o_wins + result.draws
20
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import random
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, Protocol, runtime_checkable

from .core import (
    LINES,
    Action,
    Game,
    IllegalMoveError,
    Position,
    as_action,
    as_position,
    cut,
    other_player,
    quote,
)
from .i18n import number, t
from .solver import (
    SCORINGS,
    Solver,
    Value,
    best_actions,
    book_key,
    check_scoring,
    inverse_symmetry,
    map_action,
    sample_best_actions,
    shared_solver,
)

__all__ = [
    "DEFAULT_TIME_LIMIT",
    "SCORINGS",
    "GameSummary",
    "HeuristicPlayer",
    "MatchResult",
    "PerfectPlayer",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "best_actions",
    "opening_book",
    "play_game",
    "play_match",
    "sample_best_actions",
    "scoring_name",
]


def scoring_name(scoring: str) -> str:
    """The name a reader sees for a scoring rule (its key stays ``"seed"``, ``"complete"``
    or ``"goff"`` in code).

    >>> from qttt_edu.i18n import set_language
    >>> set_language("da"); scoring_name("complete"); set_language("en")
    'dobbelt = uafgjort'
    """
    return t(f"players_scoring_{scoring}") if scoring in SCORINGS else scoring


@runtime_checkable
class Player(Protocol):
    """What :func:`play_game` needs of a player: a ``name`` and ``choose``.

    ``choose`` gets the current :class:`~qttt_edu.core.Position` and returns a
    legal :class:`~qttt_edu.core.Action` for the side to act: a pair, a collapse
    choice while one is pending, or the ninth move.
    """

    name: str

    def choose(self, position: Position) -> Action: ...


def _legal(position: Position | Game) -> tuple[Position, tuple[int, ...]]:
    pos = as_position(position)
    codes = pos.legal_actions()
    if not codes:
        raise _illegal(position, t("players_game_over"))
    return pos, codes


def _illegal(
    position: Position | Game, message: str, action: str | None = None
) -> IllegalMoveError:
    """A rule break that names the position: a game's record, or the bare position."""
    if isinstance(position, Game):
        return IllegalMoveError(message, action=action, record=position.record())
    return IllegalMoveError(message, action=action, board=as_position(position))


class RandomPlayer:
    """Chooses uniformly at random among the legal actions.

    The same ``seed`` gives the same choices in the same positions, game after game.

    >>> p = RandomPlayer(seed=3)
    >>> a = p.choose(Position()); p.reseed(3); a == p.choose(Position())
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = t("players_name_random")
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Restart the random choices from ``seed``."""
        self._rng = random.Random(seed)

    def choose(self, position: Position) -> Action:
        _, codes = _legal(position)
        return Action(self._rng.choice(codes))


# --- the heuristic player ------------------------------------------------------


def _winner_after(pos: Position, code: int) -> str | None:
    child = pos.child(code)
    return child.outcome.winner if child.outcome is not None else None


def _cycle_wins(pos: Position, code: int) -> bool:
    """For a pair that closes a cycle: do both collapses the opponent may choose win for me?"""
    mover = pos.to_act
    after = pos.child(code)
    return all(_winner_after(after, c) == mover for c in after.legal_actions())


def _hands_over(pos: Position, code: int) -> bool:
    """Does this pair give the opponent a winning collapse, now or with their next move?

    Now: the pair closes a cycle and the opponent, who chooses, can pick a
    collapse that wins for them. Next move: the opponent can close a cycle whose
    two outcomes both win for them.
    """
    after = pos.child(code)
    assert pos.to_act is not None  # a position with actions to rank has a player to act
    opponent = other_player(pos.to_act)
    if after.pending:
        return any(_winner_after(after, c) == opponent for c in after.legal_actions())
    if after.outcome is not None:
        return after.outcome.winner == opponent
    for reply in after.legal_actions():
        if reply >= 10 and after.child(reply).pending and _cycle_wins(after, reply):
            return True
    return False


def _line_score(pos: Position, squares: Iterable[int], me: str) -> int:
    """How much marks in ``squares`` build lines for ``me``.

    For every line through a square that the opponent has not blocked with a
    classical mark: 1 point, plus 2 for each of my classical marks already in it.
    """
    mine = {s for s, mark in pos.classical.items() if mark[0] == me}
    theirs = {s for s, mark in pos.classical.items() if mark[0] != me}
    score = 0
    for s in squares:
        for line in LINES:
            if s in line and not theirs.intersection(line):
                score += 1 + 2 * len(mine.intersection(line))
    return score


def _board_score(pos: Position, me: str) -> int:
    """How well ``me``'s classical marks stand: for every line the opponent has
    not blocked, the square of the number of my classical marks in it."""
    mine = {s for s, mark in pos.classical.items() if mark[0] == me}
    theirs = {s for s, mark in pos.classical.items() if mark[0] != me}
    return sum(len(mine.intersection(line)) ** 2 for line in LINES if not theirs.intersection(line))


class HeuristicPlayer:
    """A readable strategy: win when you can, do not hand over a win, build lines.

    In plain words, on every turn it goes down this list and stops at the first
    rule that decides:

    1. **Choosing a collapse.** If one of the two squares gives me a line that
       wins, choose it. Otherwise avoid a square that makes the opponent win.
       Between the squares left, choose the one that leaves my classical marks
       better placed than the opponent's: for each line the other player has
       not blocked, count the marks in it and square the count (two in a line
       are worth 4, one is worth 1); take mine minus theirs.
    2. **Win with a cycle.** If I can place a pair that closes a cycle so that
       *both* collapses the opponent may choose give me a winning line, play it.
    3. **Do not hand over a win.** Leave out every pair after which the
       opponent wins: a cycle they can collapse into their own line, or a pair
       that lets them close a cycle that wins for them either way.
    4. **Build lines.** Among the pairs left, prefer the one whose two squares
       sit on the most lines the opponent has not blocked, counting double the
       lines where I already have classical marks. (The centre is on 4 lines,
       a corner on 3, an edge on 2.) Ties are broken at random.

    It looks only one move ahead, so it can be beaten by a plan: set up two
    threats at once, or a cycle it must close.

    :meth:`explain` says which rule chose an action.
    """

    def __init__(self, seed: int | None = None) -> None:
        self.name = t("players_name_heuristic")
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Restart the random tie-breaks from ``seed``."""
        self._rng = random.Random(seed)

    def _ranked(self, pos: Position) -> list[tuple[int, str, int]]:
        """Every legal action as (code, rule key, priority): higher priority is better."""
        me = pos.to_act
        assert me is not None
        opponent = other_player(me)
        out = []
        for code in pos.legal_actions():
            if code >= 100:  # a collapse choice
                winner = _winner_after(pos, code)
                after = pos.child(code)
                build = _board_score(after, me) - _board_score(after, opponent)
                if winner == me:
                    out.append((code, "players_why_collapse_win", 10_000))
                elif winner == opponent:
                    out.append((code, "players_why_collapse_forced", -10_000))
                else:
                    out.append((code, "players_why_collapse_build", build))
            elif code < 10:  # the ninth move: the only square left
                out.append((code, "players_why_ninth", 0))
            else:
                squares = divmod(code, 10)
                if pos.child(code).pending and _cycle_wins(pos, code):
                    out.append((code, "players_why_cycle_win", 10_000))
                    continue
                if _hands_over(pos, code):
                    out.append((code, "players_why_hands_over", -10_000))
                else:
                    out.append((code, "players_why_build", _line_score(pos, squares, me)))
        return out

    def choose(self, position: Position) -> Action:
        pos, _ = _legal(position)
        ranked = self._ranked(pos)
        best = max(p for _, _, p in ranked)
        return Action(self._rng.choice([c for c, _, p in ranked if p == best]))

    def explain(self, position: Position | Game, action: Action | str | int) -> str:
        """Why this player would (or would not) play ``action`` here, in a sentence."""
        pos, codes = _legal(position)
        act = as_action(action)  # the same actions a Game takes: Action, token or code
        if act.code not in codes:
            raise _illegal(position, t("players_not_legal", action=str(act)), str(act))
        ranked = self._ranked(pos)
        best = max(p for _, _, p in ranked)
        _, key, priority = next(r for r in ranked if r[0] == act.code)
        why = t(key, action=str(act), points=priority, player=pos.to_act)
        if priority == best:
            return why
        top, top_key, _ = next(r for r in ranked if r[2] == best)
        best_why = t(top_key, action=str(Action(top)), points=best, player=pos.to_act)
        return t("players_why_not_best", why=why, best_why=best_why)


# --- the perfect player ------------------------------------------------------------


def _load_book() -> dict[str, dict[int, tuple[int, tuple[int, ...]]]]:
    try:
        text = resources.files("qttt_edu").joinpath("data/book.json").read_text("utf-8")
    except FileNotFoundError:
        return {}
    data = json.loads(text)
    return {
        scoring: {int(k, 16): (v, tuple(codes)) for k, (v, codes) in entries.items()}
        for scoring, entries in data["scorings"].items()
    }


_BOOK: dict[str, dict[int, tuple[int, tuple[int, ...]]]] | None = None


def opening_book() -> dict[str, dict[int, tuple[int, tuple[int, ...]]]]:
    """The shipped opening book: scoring -> canonical key -> (value, best action codes).

    Values are on the solver's integer scale (Goff's points doubled); codes are
    in the frame of the canonical image of the position (see :func:`~qttt_edu.solver.book_key`).
    """
    global _BOOK
    if _BOOK is None:
        _BOOK = _load_book()
    return _BOOK


class PerfectPlayer:
    """Plays a best action under ``scoring`` (``"seed"``, ``"complete"`` or ``"goff"``).

    Rules, in order:

    1. Only actions of the best value for the side to act are considered (the
       exact value from :mod:`qttt_edu.solver`).
    2. When that value is a loss (every action loses against perfect play), it
       makes the opponent's win as hard to find as it can. First it leaves out
       the actions after which the opponent can win *at once* (a collapse
       choice that completes their line, or a cycle whose two collapses both
       do), unless all do. Then it keeps the actions after which the opponent
       has the *fewest replies that keep their win*: the actions that leave a
       fallible opponent the most ways to go wrong. (If the action was a
       collapse choice and the player moves again, its best next move decides.)
    3. Among what is left it chooses at random (reproducible with ``seed``).

    The first actions come from a precomputed opening book shipped with the kit
    (``qttt_edu/data/book.json``, rebuilt by ``tools/build_book.py``): for
    every position before move 4 it holds the value and, when not losing, up
    to three best actions found in a random order (finding all of them there
    takes minutes), when losing all the actions of rule 2. Later positions are
    solved on the spot: the player tries actions in a random order and plays
    the first of best value, a uniform choice among them. The solving is done by
    ``solver``, else by the process's own (:func:`~qttt_edu.solver.shared_solver`),
    which every player shares: a position solved for one game is known to all.
    """

    def __init__(
        self,
        scoring: str = "seed",
        seed: int | None = None,
        book: bool = True,
        solver: Solver | None = None,
    ) -> None:
        check_scoring(scoring)
        self.scoring = scoring
        self.name = t("players_name_perfect", scoring=scoring_name(scoring))
        # the process's solver unless one is given: its table is only a memory of
        # answers, which stay exact, so players share it (thirty games of a class in
        # one process solve each position once, in one bounded table)
        self.solver = solver if solver is not None else shared_solver(scoring)
        if self.solver.scoring != scoring:
            raise ValueError(f"a {self.solver.scoring!r} solver cannot play {scoring!r}")
        self.use_book = book
        self.reseed(seed)

    def reseed(self, seed: int | None) -> None:
        """Restart the random tie-breaks from ``seed``."""
        self._rng = random.Random(seed)

    def candidates(self, position: Position | Game) -> tuple[Value, list[Action]]:
        """The value (X's view) and the actions this player chooses among.

        From the opening book when the position is in it, else by rules 1 and 2
        in full (which may search longer than :meth:`choose`).
        """
        pos, _ = _legal(position)
        entry = self._book_entry(pos)
        if entry is not None:
            value, actions = entry
        else:
            with self.solver.lock:
                value, found = best_actions(self.solver, pos)
            actions = [Action(c) for c in found]
        return self.solver.scaled(value), actions

    def choose(self, position: Position) -> Action:
        pos, _ = _legal(position)
        entry = self._book_entry(pos)
        if entry is not None:
            return self._rng.choice(entry[1])
        with self.solver.lock:
            _, codes = sample_best_actions(self.solver, pos, self._rng, 1)
        return Action(self._rng.choice(codes))

    def _book_entry(self, pos: Position) -> tuple[int, list[Action]] | None:
        if not self.use_book:
            return None
        key, g = book_key(pos)
        entry = opening_book().get(self.scoring, {}).get(key)
        if entry is None:
            return None
        value, codes = entry
        back = inverse_symmetry(g)
        return value, sorted({map_action(Action(c), back) for c in codes}, key=lambda a: a.code)


# --- games and matches -------------------------------------------------------------


#: Seconds a player may take to choose one action in :func:`play_game` and
#: :func:`play_match` unless told otherwise. The kit's players take a few
#: hundredths of a second; a student's player that takes longer than this is
#: almost surely stuck in a loop.
DEFAULT_TIME_LIMIT = 1.0

#: Seconds a worker process is waited for beyond the time limit: room for a busy
#: machine to start it and pass messages (the player's own time is measured inside).
_GRACE = 0.5

#: The largest time limit accepted, in seconds (one hour).
MAX_TIME_LIMIT = 3600.0


class PlayerError(IllegalMoveError):
    """A player failed to give a legal action in time: it loses the game.

    Raised by :func:`play_game`; :func:`play_match` records it in the game's
    :class:`GameSummary` and goes on. ``side`` (``"X"`` or ``"O"``) and ``player``
    (its name) say who; ``reason`` what happened; ``game`` is the game up to then.
    """

    def __init__(self, message: str, side: str, player: str, reason: str, game: Game):
        super().__init__(message, record=game.record())
        self.side = side
        self.player = player
        self.reason = reason
        self.game = game


def _check_time_limit(time_limit: float | None) -> float | None:
    if time_limit is None:
        return None
    ok = isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool)
    if not ok or not 0 < time_limit <= MAX_TIME_LIMIT:  # also refuses nan
        raise ValueError(
            t("players_bad_time_limit", limit=quote(time_limit), most=number(MAX_TIME_LIMIT))
        )
    return float(time_limit)


def _answer_code(answer: object) -> tuple[int | None, str]:
    """A player's answer as an action code, or None and the answer quoted for a message."""
    try:
        return as_action(answer).code, ""
    except Exception:  # an answer that cannot be read is the player's fault, never a crash
        return None, quote(answer)


def _failure(err: BaseException) -> str:
    return cut(f"{type(err).__name__}: {quote(str(err), 120)[1:-1]}", 160)


def _choose(player: Player, position: Position) -> tuple[str, object, float]:
    """Ask ``player`` for its action: ("ok", code), ("raised", text) or ("unreadable", quoted
    answer), with the seconds it took. Used in this process and in a forked worker."""
    start = time.perf_counter()
    try:
        answer = player.choose(position)
    except Exception as err:
        return "raised", _failure(err), time.perf_counter() - start
    elapsed = time.perf_counter() - start
    code, shown = _answer_code(answer)
    return ("ok", code, elapsed) if code is not None else ("unreadable", shown, elapsed)


class _Seat:
    """Where a player chooses: in this process, timed after the fact.

    Used for the kit's own players (they answer in hundredths of a second and never
    hang), with no time limit, and where processes cannot be started (Pyodide in
    the browser): there a player that never returns cannot be stopped, but a slow
    answer still loses the game.
    """

    def __init__(self, player: Player, time_limit: float | None):
        self.player = player
        self.time_limit = time_limit

    def reseed(self, seed: int) -> None:
        reseed = getattr(self.player, "reseed", None)
        if callable(reseed):
            reseed(seed)

    def ask(self, game: Game) -> tuple[str, object]:
        """("ok", code), ("time", None), ("raised", text) or ("unreadable", quoted answer)."""
        status, value, elapsed = _choose(self.player, game.position)
        if status != "raised" and self.time_limit is not None and elapsed > self.time_limit:
            return "time", None
        return status, value

    def close(self) -> None:
        pass


def _serve(player: Player, conn: Any) -> None:  # pragma: no cover - runs in the worker
    """The worker's loop: read a request, answer it, until told to stop or the pipe closes.

    Messages are small JSON texts both ways, so nothing the player returns is
    ever unpickled in the teacher's kernel.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is for the teacher's process
    _cap_memory()
    while True:
        try:
            request = json.loads(conn.recv_bytes())
        except (EOFError, OSError):
            break
        kind = request[0]
        if kind == "stop":
            break
        if kind == "reseed":
            reply: list[Any] = ["ok", None]
            try:
                reseed = getattr(player, "reseed", None)
                if callable(reseed):
                    reseed(request[1])
            except Exception as err:
                reply = ["raised", _failure(err)]
        else:
            pos = Position()
            for code in request[1]:
                pos = pos.child(code)
            reply = list(_choose(player, pos))
        try:
            conn.send_bytes(json.dumps(reply).encode())
        except (OSError, ValueError):
            break
    os._exit(0)  # skip the inherited atexit handlers and buffers of the parent


#: Memory a worker may add to what it inherits: a player that allocates more gets a
#: MemoryError (and loses the game) instead of pushing the teacher's machine into swap.
WORKER_MEMORY = 2 * 1024**3


def _cap_memory() -> None:  # pragma: no cover - runs in the worker
    """Limit the worker's address space to its size at the fork plus WORKER_MEMORY."""
    try:
        import resource

        with open("/proc/self/statm") as statm:
            size = int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
        _, hard = resource.getrlimit(resource.RLIMIT_AS)
        soft = size + WORKER_MEMORY
        if hard != resource.RLIM_INFINITY:
            soft = min(soft, hard)
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    except Exception:  # not Linux, or not allowed: the time limit still holds
        pass


class _ForkedSeat(_Seat):
    """A player choosing in a forked worker process, which is killed when it takes too long.

    Fork copies the player as it is, so functions defined in a notebook work; the
    worker lives for one match (or one game) and is started again after a kill.
    Changes a player makes to itself stay in its worker.
    """

    time_limit: float  # never None here: _seat forks only for a time limit

    def __init__(self, player: Player, time_limit: float, context: Any):
        super().__init__(player, time_limit)
        self.context = context
        self.process: Any = None
        self.conn: Any = None
        self.seed: int | None = None

    def _start(self) -> None:
        import warnings

        parent, child = self.context.Pipe()
        process = self.context.Process(target=_serve, args=(self.player, child), daemon=True)
        with warnings.catch_warnings():
            # Python 3.12+ warns that fork in a process with threads (a Jupyter kernel
            # has some) may deadlock; the worker touches none of their locks.
            warnings.simplefilter("ignore", DeprecationWarning)
            process.start()
        child.close()
        self.process, self.conn = process, parent
        if self.seed is not None:
            self._request(["reseed", self.seed])

    def _request(self, message: list[Any]) -> tuple[str, object]:
        if self.process is None:
            self._start()
        try:
            self.conn.send_bytes(json.dumps(message).encode())
            # The worker times the player itself; the wait here allows a little more, so
            # a busy machine's delays in starting the worker or passing messages are not
            # charged to the player. Past it the player is stopped, whatever it does.
            if not self.conn.poll(self.time_limit + _GRACE):
                self.close()
                return "time", None
            reply = json.loads(self.conn.recv_bytes(4096))
        except (EOFError, OSError, ValueError):
            self.close()
            return "died", None
        return self._read(reply)

    def _read(self, reply: Any) -> tuple[str, object]:
        """The worker's reply checked: the player's code shares its process and could garble it."""
        if not isinstance(reply, list) or len(reply) not in (2, 3):
            self.close()
            return "died", None
        status, value = reply[0], reply[1]
        if len(reply) == 3:
            elapsed = reply[2]
            if not isinstance(elapsed, (int, float)) or elapsed > self.time_limit:
                return "time", None
        if status == "ok" and (type(value) is int if len(reply) == 3 else value is None):
            return status, value
        if status in ("raised", "unreadable") and isinstance(value, str):
            return status, cut(value, 200)
        self.close()
        return "died", None

    def reseed(self, seed: int) -> None:
        self.seed = seed
        if self.process is not None:
            status, _ = self._request(["reseed", seed])
            if status != "ok":
                self.close()  # started again (and reseeded) for the next question

    def ask(self, game: Game) -> tuple[str, object]:
        return self._request(["choose", [a.code for a in game.history]])

    def close(self) -> None:
        process, conn = self.process, self.conn
        self.process = self.conn = None
        if process is None:
            return
        with contextlib.suppress(OSError):
            conn.send_bytes(b'["stop"]')
        process.join(0.05)
        if process.is_alive():
            process.kill()
            process.join(1.0)
        conn.close()


#: the kit's own players: trusted to answer at once, so asked in this process
_KIT_PLAYERS = (RandomPlayer, HeuristicPlayer, PerfectPlayer)


def _fork_context() -> Any:
    """multiprocessing's fork context, or None where processes cannot be forked."""
    try:
        import multiprocessing

        if "fork" not in multiprocessing.get_all_start_methods():
            return None
        return multiprocessing.get_context("fork")
    except Exception:  # Pyodide and other places without processes
        return None


def _seat(player: Player, time_limit: float | None) -> _Seat:
    if time_limit is None or type(player) in _KIT_PLAYERS:
        return _Seat(player, time_limit)
    context = _fork_context()
    if context is None:
        return _Seat(player, time_limit)
    return _ForkedSeat(player, time_limit, context)


def _player_name(player: Player) -> str:
    name = getattr(player, "name", None)
    return cut(name if isinstance(name, str) else type(player).__name__)


def _play(seats: dict[str, _Seat], names: dict[str, str], start: Game | None) -> Game:
    """Play one game between two seats; a failing player raises :class:`PlayerError`."""
    game = start.copy() if start is not None else Game()
    while not game.is_over:
        side = game.to_act
        assert side is not None
        seat = seats[side]
        status, value = seat.ask(game)
        move = game.move_number
        if status == "ok" and isinstance(value, int):  # a code the seat has read
            act = Action(value)
            if act.code in game.position.legal_actions():
                game.apply(act)
                continue
            reason = t(
                "players_reason_illegal",
                action=str(act),
                move=move,
                why=game.position.refusal(act),
            )
        elif status == "time":
            limit = seat.time_limit
            reason = t("players_reason_time", limit=number(limit or 0), move=move)
        elif status == "raised":
            reason = t("players_reason_raised", error=value, move=move)
        elif status == "unreadable":
            reason = t("players_reason_unreadable", answer=value, move=move)
        else:
            reason = t("players_reason_died", move=move)
        name = names[side]
        message = t("players_forfeit", name=name, side=side, reason=reason)
        raise PlayerError(message, side, name, reason, game)
    return game


def play_game(
    player_x: Player,
    player_o: Player,
    start: Game | None = None,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> Game:
    """Let two players play a game to the end (from ``start``, else the empty board).

    The chooser of a collapse is asked too: ``choose`` gets every decision.
    Returns the finished :class:`~qttt_edu.core.Game` (``start`` is not changed).

    A player that takes longer than ``time_limit`` seconds for one action, raises
    an exception, or answers with something that is not a legal action loses:
    :class:`PlayerError` (an :class:`~qttt_edu.core.IllegalMoveError`) says who and
    why. Players other than the kit's own choose in a separate process, which is
    stopped when time is up, so a player stuck in a loop cannot stall a notebook.
    ``time_limit=None`` asks every player in this process, without a limit.
    """
    limit = _check_time_limit(time_limit)
    seats = {"X": _seat(player_x, limit), "O": _seat(player_o, limit)}
    try:
        return _play(seats, {"X": _player_name(player_x), "O": _player_name(player_o)}, start)
    finally:
        for seat in seats.values():
            seat.close()


@dataclass(frozen=True)
class GameSummary:
    """One game of a match: its record, result (``"X"``, ``"O"``, ``"draw"``) and Goff's points."""

    record: str
    result: str
    simultaneous: bool
    scores: dict[str, float]
    moves: int
    #: why the loser lost by forfeit (too slow, an error, an illegal answer), else None
    forfeit: str | None = None


@dataclass
class MatchResult:
    """The results of :func:`play_match`: counts, every game, and a table.

    ``str(result)`` is a plain-text table; in a notebook the result shows as an
    HTML table.
    """

    player_x: str
    player_o: str
    games: list[GameSummary] = field(default_factory=list)

    @property
    def x_wins(self) -> int:
        return sum(g.result == "X" for g in self.games)

    @property
    def o_wins(self) -> int:
        return sum(g.result == "O" for g in self.games)

    @property
    def draws(self) -> int:
        return sum(g.result == "draw" for g in self.games)

    @property
    def forfeits(self) -> list[str]:
        """Why each game lost by forfeit was lost, in the order played."""
        return [g.forfeit for g in self.games if g.forfeit is not None]

    @property
    def x_points(self) -> float:
        """X's total under Goff's scoring."""
        return sum(g.scores["X"] for g in self.games)

    @property
    def o_points(self) -> float:
        """O's total under Goff's scoring."""
        return sum(g.scores["O"] for g in self.games)

    def _rows(self) -> tuple[list[str], list[str]]:
        headers = [
            t("players_col_x"),
            t("players_col_o"),
            t("players_col_games"),
            t("players_col_x_wins"),
            t("players_col_o_wins"),
            t("players_col_draws"),
            t("players_col_points"),
        ]
        row = [
            self.player_x,
            self.player_o,
            str(len(self.games)),
            str(self.x_wins),
            str(self.o_wins),
            str(self.draws),
            f"{number(self.x_points)} : {number(self.o_points)}",
        ]
        return headers, row

    def __str__(self) -> str:
        headers, row = self._rows()
        widths = [max(len(h), len(c)) for h, c in zip(headers, row, strict=True)]

        def line(cells: list[str]) -> str:
            return "  ".join(c.rjust(w) for c, w in zip(cells, widths, strict=True))

        lines = [line(headers), line(row)]
        if self.forfeits:
            lines += ["", t("players_forfeits_title"), *(f"- {why}" for why in self.forfeits)]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        headers, row = self._rows()
        head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
        body = "".join(f"<td>{html.escape(c)}</td>" for c in row)
        caption = html.escape(t("players_match_caption", games=len(self.games)))
        table = (
            f"<table><caption>{caption}</caption><thead><tr>{head}</tr></thead>"
            f"<tbody><tr>{body}</tr></tbody></table>"
        )
        if not self.forfeits:
            return table
        items = "".join(f"<li>{html.escape(why)}</li>" for why in self.forfeits)
        title = html.escape(t("players_forfeits_title"))
        return f"{table}<p>{title}</p><ul>{items}</ul>"


def play_match(
    player_x: Player,
    player_o: Player,
    games: int = 10,
    seed: int | None = None,
    *,
    time_limit: float | None = DEFAULT_TIME_LIMIT,
) -> MatchResult:
    """Play ``games`` games between two players and collect the results.

    With a ``seed``, players that have a ``reseed`` method (the kit's players do)
    are reseeded before each game from it, so the whole match can be replayed.

    A player that takes longer than ``time_limit`` seconds for one action, raises,
    or answers with something that is not a legal action loses that game (1 point
    to the opponent, 0 to it); the game's :class:`GameSummary` says why in
    ``forfeit``, and the match goes on. See :func:`play_game`.
    """
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise ValueError(t("players_bad_games", games=quote(games), most=MAX_GAMES))
    limit = _check_time_limit(time_limit)
    rng = random.Random(seed)
    names = {"X": _player_name(player_x), "O": _player_name(player_o)}
    result = MatchResult(names["X"], names["O"])
    seats = {"X": _seat(player_x, limit), "O": _seat(player_o, limit)}
    try:
        for _ in range(games):
            if seed is not None:
                for side in ("X", "O"):
                    seats[side].reseed(rng.randrange(2**32))
            try:
                game = _play(seats, names, None)
            except PlayerError as err:
                winner = other_player(err.side)
                result.games.append(
                    GameSummary(
                        err.game.record(),
                        winner,
                        False,
                        {winner: 1.0, err.side: 0.0},
                        _moves(err.game),
                        forfeit=str(err),
                    )
                )
                continue
            outcome = game.outcome
            assert outcome is not None
            result.games.append(
                GameSummary(
                    game.record(),
                    outcome.result,
                    outcome.simultaneous,
                    dict(outcome.scores),
                    _moves(game),
                )
            )
    finally:
        for seat in seats.values():
            seat.close()
    return result


#: The most games one match may have.
MAX_GAMES = 100_000


def _moves(game: Game) -> int:
    return sum(1 for a in game.history if a.kind != "collapse")
