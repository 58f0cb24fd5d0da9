"""Fuzz what a student or a file can hand the kit: records, JSON, the Game API, the CLI, checkers.

Run: ``python benchmarks/fuzz.py [--seed 1] [--rounds 2000] [--only records,json,...]``

A plain seeded loop (the same seed tries the same inputs) builds hostile inputs:
token soup, mutated real records, megabyte strings, lone surrogates, deep and
self-containing lists, numpy values, objects whose ``repr``/``__index__``/``==``
raise, and feeds them to each surface. Every call gets one verdict:

* **accepted**: it worked (a record that reads, a legal action, ...);
* **refused cleanly**: the kit's own error (a ``GameError``; for the CLI exit
  status 2 with a short message on stderr; for checkers a ✗ ``Result``), with a
  message under 500 characters, and for a ``Game`` the state exactly as before;
* **crash**: any other exception, a long message, or a refused call that changed
  the game.

It prints, per surface and in total: inputs tried, accepted, refused cleanly,
crashes (with the first few), and the slowest verdict. Targets: zero crashes and
every verdict under 100 ms.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from qttt_edu import Action, Game, IllegalMoveError, InvalidRecordError
from qttt_edu.core import GameError

MESSAGE_LIMIT = 500
SLOW = 0.1  # seconds: the slowest verdict allowed


# --- hostile values -----------------------------------------------------------------------


class RaisingRepr:
    def __repr__(self) -> str:
        raise RuntimeError("repr refused")

    __str__ = __repr__


class RaisingIndex:
    def __index__(self) -> int:
        raise RuntimeError("index refused")


class HugeIndex:
    def __index__(self) -> int:
        return 10**100


class RaisingEq:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq refused")

    __ne__ = __eq__  # type: ignore[assignment]
    __hash__ = object.__hash__


class StrSub(str):
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("str subclass eq refused")

    __hash__ = str.__hash__


def deep_list(depth: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(depth):
        out = [out]
    return out


def self_list() -> list[Any]:
    out: list[Any] = [1]
    out.append(out)
    return out


TOKENS = [
    "1-2", "2-1", "1-9", "5-5", "0-5", "1-10", "c1", "c5", "C9", "c0", "c10", "cc1",
    "1", "3", "9", "0", "10", "-", "--", "1-", "-2", "x", "", "１-２", "1—2", "c",
    "1-2-3", "\u00e6", "\udcff", "1\u00a02", "\x00", "💥", "1-2,", "null", "None",
]  # fmt: skip


_HOSTILE: list[Any] = []


def hostile_values(rng: random.Random) -> list[Any]:
    """The hostile values, built once (building them inside a timed call would time that)."""
    if not _HOSTILE:
        _HOSTILE.extend(_build_hostile())
    values = list(_HOSTILE)
    rng.shuffle(values)
    return values


def _build_hostile() -> list[Any]:
    values: list[Any] = [
        None, True, False, 0, 1, 5, 9, 10, -1, 12, 19, 101, 109, 2**63, -(2**80), 10**1000,
        1.0, 3.0, 5.5, float("nan"), float("inf"), -0.0, 1j, "1", "5", "1-5", "c3", "", " ",
        "x" * 100_000, "\udcff", b"1-2", bytearray(b"12"), [1, 2], (1, 2), (1, 5), {1, 2},
        {"a": 1}, frozenset(), object(), RaisingRepr(), RaisingIndex(), HugeIndex(),
        RaisingEq(), StrSub("1-2"), deep_list(50_000), self_list(), range(3), iter([1, 2]),
        Action(15), Action(103), Ellipsis, print, type, math.pi,
    ]  # fmt: skip
    try:
        import numpy as np

        values += [
            np.int64(5), np.int8(3), np.uint8(12), np.bool_(True), np.float64(5.0),
            np.array([1, 2]), np.array(15), np.int64(2**62),
        ]  # fmt: skip
    except ImportError:
        pass
    return values


def random_record(rng: random.Random) -> str:
    """A real record, often cut short."""
    g = Game()
    stop = rng.randrange(0, 16)
    while not g.is_over and g.ply < stop:
        g.apply(rng.choice(g.legal_actions()))
    return g.record()


def mutated_record(rng: random.Random) -> str:
    tokens = random_record(rng).split()
    for _ in range(rng.randrange(1, 4)):
        kind = rng.randrange(6)
        pos = rng.randrange(len(tokens) + 1)
        if kind == 0:
            tokens.insert(pos, rng.choice(TOKENS))
        elif kind == 1 and tokens:
            del tokens[min(pos, len(tokens) - 1)]
        elif kind == 2 and len(tokens) > 1:
            i, j = rng.sample(range(len(tokens)), 2)
            tokens[i], tokens[j] = tokens[j], tokens[i]
        elif kind == 3:
            tokens.insert(pos, " - ".join(rng.sample("123456789", 2)))
        elif kind == 4:
            tokens.insert(pos, rng.choice(TOKENS) * rng.choice([1, 50, 20_000]))
        else:
            tokens = [rng.choice(TOKENS) for _ in range(rng.randrange(0, 30))]
    sep = rng.choice([" ", "  ", "\n", "\t", " \u2003 ", ""])
    return sep.join(tokens)


# --- verdicts ------------------------------------------------------------------------------


@dataclass
class Tally:
    tried: int = 0
    accepted: int = 0
    refused: int = 0
    crashes: list[str] = field(default_factory=list)
    slowest: float = 0.0
    slowest_input: str = ""

    def run(self, label: str, call: Callable[[], str]) -> None:
        """``call`` returns "accepted" or "refused", or raises for a crash."""
        self.tried += 1
        t0 = time.perf_counter()
        try:
            verdict = call()
        except BaseException as err:  # every escape is what we count
            if isinstance(err, KeyboardInterrupt):
                raise
            verdict = f"crash: {type(err).__name__}: {short(str(err))}"
        elapsed = time.perf_counter() - t0
        if elapsed > self.slowest:
            self.slowest, self.slowest_input = elapsed, label
        if verdict == "accepted":
            self.accepted += 1
        elif verdict == "refused":
            self.refused += 1
        else:
            self.crashes.append(f"{label}: {verdict}")


def short(text: Any, limit: int = 70) -> str:
    try:
        text = text if isinstance(text, str) else repr(text)
    except Exception:
        text = "<unprintable>"
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def describe(value: Any) -> str:
    try:
        return short(value)
    except Exception:
        return f"<{type(value).__name__}>"


def clean(err: BaseException) -> str:
    """Our own error with a short message is a clean refusal; anything else re-raises."""
    if isinstance(err, GameError) and len(str(err)) <= MESSAGE_LIMIT:
        return "refused"
    raise err


# --- surfaces ------------------------------------------------------------------------------


def fuzz_records(rng: random.Random, rounds: int, tally: Tally) -> None:
    texts = [mutated_record(rng) for _ in range(rounds)]
    texts += ["1-2 " * 3000, "1-2 1-2 c5 " + "x" * 50_000_000, "\u2003" * 9000, "1 - 2"]
    for text in texts:

        def call(text: str = text) -> str:
            try:
                g = Game.from_record(text)
            except GameError as err:
                if isinstance(err, InvalidRecordError) and err.token is not None:
                    assert len(err.token) <= 40, "token attribute not cut"
                return clean(err)
            assert Game.from_record(g.record()).position == g.position
            return "accepted"

        tally.run(f"from_record({describe(text)})", call)


def fuzz_json(rng: random.Random, rounds: int, tally: Tally) -> None:
    for _ in range(rounds):
        data: Any = Game.from_record(random_record(rng)).to_dict()
        kind = rng.randrange(4)
        if kind == 0:
            key = rng.choice([*data, "extra"])
            data[key] = rng.choice(hostile_values(rng))
        elif kind == 1:
            data = json.loads(json.dumps(data))
            data["record"] = mutated_record(rng)
        elif kind == 2:
            data = rng.choice(hostile_values(rng))
        else:
            data = json.loads(json.dumps(data))  # a faithful round trip must be accepted

        def call(data: Any = data) -> str:
            try:
                Game.from_dict(data)
            except GameError as err:
                return clean(err)
            return "accepted"

        tally.run(f"from_dict({describe(data)})", call)


def snapshot(g: Game) -> tuple[Any, ...]:
    return (g.record(), g.timeline, g.ply, g.position, list(g), g.to_dict())


def fuzz_game_api(rng: random.Random, rounds: int, tally: Tally) -> None:
    from qttt_edu.players import HeuristicPlayer  # imported here, not inside a timed call

    values = hostile_values(rng)
    methods = [
        "play1", "play2", "collapse", "apply", "goto", "undo", "redo", "explain",
        "position.play", "Action", "Action.pair", "Action.parse",
    ]  # fmt: skip
    for _ in range(rounds):
        g = Game.from_record(random_record(rng))
        if g.can_undo and rng.random() < 0.5:
            g.undo()
        method = rng.choice(methods)
        args = [rng.choice(values) for _ in range(2)]
        if rng.random() < 0.3:  # sometimes a sensible value, to reach deeper states
            args[0] = rng.choice([*range(1, 10), *[str(a) for a in g.legal_actions()]])

        def call(g: Game = g, method: str = method, args: list[Any] = args) -> str:
            before = snapshot(g)
            try:
                if method == "play1":
                    g.play(args[0])
                elif method == "play2":
                    g.play(args[0], args[1])
                elif method == "collapse":
                    g.collapse(args[0])
                elif method == "apply":
                    g.apply(args[0])
                elif method == "goto":
                    g.goto(args[0])
                elif method == "undo":
                    g.undo()
                elif method == "redo":
                    g.redo()
                elif method == "position.play":
                    pos = g.position
                    key = (pos, hash(pos), pos.legal_actions())
                    try:
                        pos.play(args[0])
                    finally:
                        assert (pos, hash(pos), pos.legal_actions()) == key, "position changed"
                elif method == "Action":
                    Action(args[0])
                elif method == "Action.pair":
                    Action.pair(args[0], args[1])
                elif method == "Action.parse":
                    Action.parse(args[0])
                else:
                    HeuristicPlayer(seed=1).explain(g, args[0])
            except (IllegalMoveError, InvalidRecordError) as err:
                assert snapshot(g) == before, "a refused call changed the game"
                return clean(err)
            again = Game.from_record(g.record())
            assert again.position == g.position, "the record no longer gives the position"
            return "accepted"

        tally.run(f"{method}{tuple(describe(a) for a in args)}", call)


def fuzz_cli(rng: random.Random, rounds: int, tally: Tally, procs: Tally, processes: int) -> None:
    from qttt_edu.__main__ import main

    words = ["show", "--json", "--lang", "da", "fi", "xx", "-h", "--help", "--bogus", "--lang=it"]
    for _ in range(rounds):
        argv = [
            rng.choice([*words, mutated_record(rng), rng.choice(TOKENS) * 5000])
            for _ in range(rng.randrange(0, 5))
        ]
        if rng.random() < 0.7:
            argv = ["show", *argv]

        def call(argv: list[str] = argv) -> str:
            out, err = io.StringIO(), io.StringIO()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(argv)
            assert len(err.getvalue()) <= 2 * MESSAGE_LIMIT, "stderr too long"
            assert "Traceback" not in err.getvalue()
            if code == 0:
                return "accepted"
            assert code == 2, f"exit status {code}"
            return "refused"

        tally.run(f"main({describe(argv)})", call)
    # and a few real processes: ASCII terminals, pipes closed early, bad bytes
    import subprocess

    for i in range(processes):
        # argv cannot carry a NUL byte: that is the operating system's refusal, not ours
        record = rng.choice([mutated_record(rng), random_record(rng), "1-2 1-2 c1"])
        record = record.replace("\x00", "")
        lang = rng.choice(["en", "da", "fi", "nb", "it"])
        env = {"PYTHONIOENCODING": rng.choice(["ascii", "latin-1", "utf-8"]), "PATH": ""}
        close_early = i % 2 == 0

        def call(
            record: str = record,
            lang: str = lang,
            env: dict[str, str] = env,
            close_early: bool = close_early,
        ) -> str:
            cmd = [sys.executable, "-m", "qttt_edu", "show", record, "--lang", lang]
            proc = subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=False
            )
            if close_early:
                assert proc.stdout is not None
                proc.stdout.close()
                _, stderr = proc.communicate(timeout=60)
            else:
                _, stderr = proc.communicate(timeout=60)
            assert b"Traceback" not in stderr, stderr.decode("ascii", "replace")[-300:]
            return "accepted" if proc.returncode in (0, 1) and not stderr else "refused"

        procs.run(f"process({describe(record)}, {lang}, {env['PYTHONIOENCODING']})", call)


def fuzz_checks(rng: random.Random, rounds: int, tally: Tally) -> bool:
    try:
        from qttt_edu import checks
    except ImportError:
        return False
    ids = checks.exercises()
    values = hostile_values(rng)
    extra = [
        "1e400", "1e10000000", "1/" * 3000 + "1", math.factorial(200), "3/4", "0.75", "75%",
        "1-2 1-2 c1", [3, 5, 7], {1: "X1"}, lambda p: 15,
    ]  # fmt: skip
    for _ in range(rounds):
        exercise = rng.choice(ids)
        answer = rng.choice(values + extra + [mutated_record(rng)])

        def call(exercise: str = exercise, answer: Any = answer) -> str:
            result = checks.check(exercise, answer)
            assert isinstance(result, checks.Result)
            return "accepted" if result.ok else "refused"

        tally.run(f"check({exercise!r}, {describe(answer)})", call)
    return True


# --- report -----------------------------------------------------------------------------------


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2000, help="inputs per surface")
    parser.add_argument("--processes", type=int, default=12, help="real CLI processes")
    parser.add_argument("--only", default="records,json,game,cli,checks")
    args = parser.parse_args()
    only = set(args.only.split(","))
    rng = random.Random(args.seed)
    tallies: dict[str, Tally] = {}
    if "records" in only:
        fuzz_records(rng, args.rounds, tallies.setdefault("records", Tally()))
    if "json" in only:
        fuzz_json(rng, args.rounds, tallies.setdefault("JSON", Tally()))
    if "game" in only:
        fuzz_game_api(rng, args.rounds, tallies.setdefault("Game API", Tally()))
    if "cli" in only:
        procs = Tally()
        fuzz_cli(rng, args.rounds // 4, tallies.setdefault("CLI", Tally()), procs, args.processes)
    if "checks" in only:
        tally = Tally()
        if fuzz_checks(rng, args.rounds, tally):
            tallies["checkers"] = tally

    if "cli" in only:
        # last, and left out of the slowest verdict: a process start takes most of its time
        tallies["CLI procs"] = procs
    total = Tally()
    slowest: dict[str, str] = {}
    print(
        f"{'surface':10} {'tried':>7} {'accepted':>9} {'refused':>8} {'crashes':>8} {'slowest':>9}"
    )
    for name, tally in tallies.items():
        slowest[name] = tally.slowest_input
        print(
            f"{name:10} {tally.tried:>7} {tally.accepted:>9} {tally.refused:>8}"
            f" {len(tally.crashes):>8} {tally.slowest * 1000:>7.1f}ms"
        )
        total.tried += tally.tried
        total.accepted += tally.accepted
        total.refused += tally.refused
        total.crashes += [f"[{name}] {c}" for c in tally.crashes]
        if tally.slowest > total.slowest and name != "CLI procs":
            total.slowest, total.slowest_input = tally.slowest, f"[{name}] {tally.slowest_input}"
    print(
        f"{'total':10} {total.tried:>7} {total.accepted:>9} {total.refused:>8}"
        f" {len(total.crashes):>8} {total.slowest * 1000:>7.1f}ms"
    )
    print(
        f"inputs tried: {total.tried}; refused cleanly: {total.refused};"
        f" crashes: {len(total.crashes)}"
    )
    print(f"slowest verdict: {total.slowest * 1000:.1f} ms, {total.slowest_input}")
    print("(CLI procs: whole processes, Python's start included; not counted as a verdict time)")
    for name, label in slowest.items():
        print(f"  slowest of {name}: {label}")
    for crash in total.crashes[:15]:
        print("  CRASH", crash)
    slow = total.slowest > SLOW
    print(
        "targets (zero crashes, every verdict under 100 ms):",
        "met" if not total.crashes and not slow else "NOT met",
    )


if __name__ == "__main__":
    main()
