"""Shared games under load: many games at once, each seat its own "kernel".

    python benchmarks/bench_rooms.py                       # 100 games, SQLite and PostgreSQL
    python benchmarks/bench_rooms.py --backend sqlite --runs 5 --think 0.5
    python benchmarks/bench_rooms.py --ramp 25,50,100,200  # what breaks first as clients grow

Every game has two clients (X and O). Each client is a ``SharedGame`` on a
``RoomStore`` of its own (its own connections and watcher thread, as a student's
kernel has), run as a thread; the clients are spread over ``--procs`` processes.
A client waits until its screen shows that it is its turn, waits ``--think``
seconds, and plays a random legal action through ``SharedGame.act``, exactly as
the app does.

Printed per run and as the median of ``--runs`` runs:

* propagation: from the moment a client calls ``act`` to the moment the other
  client's screen holds the new state (its ``on_change`` callback), p50 and p99;
* actions per second over the whole run;
* lost / duplicated actions: every action a client was told it played must be in the
  final record exactly once, at its ply, and no other; and every finished game's
  record must replay legally with ``qttt_edu.core``. An action whose ``act`` said the
  store was unavailable is kept by the client and written once when the store answers
  again: it is counted as "written by a retry", not as played by nobody;
* errors (conflicts, store unavailable) and games that did not finish in time.

PostgreSQL runs on a throwaway cluster (tests/pg.py) on 127.0.0.1; SQLite on a file
in a temporary folder. Nothing leaves this machine.
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from qttt_edu.core import Action, Game  # noqa: E402
from qttt_edu.rooms import ConflictError, RoomStore, SharedGame, StoreUnavailableError  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


def worker(
    url: str, games: int, seed: int, think: float, timeout: float, barrier: Any, out: Any
) -> None:
    """Run ``games`` games (two clients each) in this process; put the results on ``out``."""
    rng = random.Random(seed)
    sent: dict[tuple[str, int], tuple[float, str]] = {}  # (room, ply) -> (act() called, seat)
    lags: list[float] = []
    lock = threading.Lock()
    pairs = []
    stores = []
    for _ in range(games):
        xs = RoomStore(url, retry_for=30)
        os_ = RoomStore(url, retry_for=30)
        stores += [xs, os_]
        x = SharedGame.create(xs)
        o = SharedGame.join(os_, x.code)
        pairs.append((x, o))

    def heard(state: Any, seat: str) -> None:
        """A screen shows a new state: time every ply it is the first to show from the other."""
        now = time.monotonic()
        with lock:
            for ply in range(1, state._game.ply + 1):
                entry = sent.get((state.code, ply))
                if entry is not None and entry[1] != seat:
                    del sent[(state.code, ply)]
                    lags.append(now - entry[0])

    played: dict[tuple[str, str], list[tuple[int, str]]] = {}
    kept: dict[tuple[str, str], list[tuple[int, str]]] = {}  # unavailable: sent again later
    errors: list[str] = []

    def play(client: SharedGame, other: SharedGame, player_seed: int) -> None:
        prng = random.Random(player_seed)
        mine = played.setdefault((client.code, client.seat or "?"), [])
        pending = kept.setdefault((client.code, client.seat or "?"), [])
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not client.wait_until(
                lambda s: s.finished or s.to_act == client.seat, timeout=deadline - time.monotonic()
            ):
                break
            state = client.state
            if state.finished:
                return
            if think:
                time.sleep(prng.uniform(0.5, 1.5) * think)
            game = state.game
            action = Action(prng.choice(game.position.legal_actions()))
            ply = game.ply + 1
            with lock:
                sent[(client.code, ply)] = (time.monotonic(), client.seat or "?")
            try:
                client.act(action)
            except ConflictError as err:
                errors.append(f"conflict: {err}")
                continue
            except StoreUnavailableError as err:
                # The client keeps the action and writes it (once) when the store answers
                # again, from its watcher or before its next action: not a lost action.
                errors.append(f"{type(err).__name__}: {err}")
                pending.append((ply, str(action)))
                time.sleep(0.1)
                continue
            except Exception as err:  # counted and reported, the run goes on
                errors.append(f"{type(err).__name__}: {err}")
                time.sleep(0.1)
                continue
            mine.append((ply, str(action)))

    threads = []
    for x, o in pairs:
        x.on_change(lambda state, seat=x.seat: heard(state, seat))
        o.on_change(lambda state, seat=o.seat: heard(state, seat))
        threads.append(threading.Thread(target=play, args=(x, o, rng.randrange(1 << 30))))
        threads.append(threading.Thread(target=play, args=(o, x, rng.randrange(1 << 30))))
    barrier.wait()
    start = time.monotonic()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    elapsed = time.monotonic() - start
    results = {
        "lags": lags,
        "elapsed": elapsed,
        "errors": errors,
        "played": {f"{code}:{seat}": acts for (code, seat), acts in played.items()},
        "kept": {f"{code}:{seat}": acts for (code, seat), acts in kept.items()},
        "codes": [x.code for x, _ in pairs],
    }
    for x, o in pairs:
        x.close()
        o.close()
    for store in stores:
        store.close()
    out.put(results)


def one_run(url: str, games: int, procs: int, think: float, seed: int, timeout: float) -> dict:
    ctx = mp.get_context("spawn")
    procs = max(1, min(procs, games))
    barrier = ctx.Barrier(procs + 1)
    out = ctx.Queue()
    shares = [games // procs + (1 if i < games % procs else 0) for i in range(procs)]
    workers = [
        ctx.Process(target=worker, args=(url, n, seed * 1000 + i, think, timeout, barrier, out))
        for i, n in enumerate(shares)
    ]
    for w in workers:
        w.start()
    barrier.wait(timeout=600)
    t0 = time.monotonic()
    results = [out.get(timeout=timeout + 600) for _ in workers]
    wall = time.monotonic() - t0
    for w in workers:
        w.join(60)
    return check(url, results, wall)


def check(url: str, results: list[dict], wall: float) -> dict:
    """Replay every record and match it with what the clients were told they played."""
    store = RoomStore(url)
    lags = [lag for r in results for lag in r["lags"]]
    played: dict[str, list[tuple[int, str]]] = {}
    kept: dict[str, list[tuple[int, str]]] = {}
    for r in results:
        played.update(r["played"])
        kept.update(r["kept"])
    lost = duplicated = illegal = unfinished = retried = 0
    actions = 0
    for r in results:
        for code in r["codes"]:
            state = store.room(code)
            tokens = state.record.split()
            actions += len(tokens)
            try:
                replay = Game.from_record(state.record)
            except ValueError:
                illegal += 1
                continue
            if not replay.is_over:
                unfinished += 1
            acted = played.get(f"{code}:X", []) + played.get(f"{code}:O", [])
            by_ply: dict[int, list[str]] = {}
            for ply, token in acted:
                by_ply.setdefault(ply, []).append(token)
            for ply, sent in by_ply.items():
                if len(sent) > 1:
                    duplicated += len(sent) - 1
                if ply > len(tokens) or tokens[ply - 1] != sent[0]:
                    lost += 1
            retries = set(kept.get(f"{code}:X", []) + kept.get(f"{code}:O", []))
            for ply, token in enumerate(tokens, 1):
                if ply in by_ply:
                    continue
                if (ply, token) in retries:
                    retried += 1  # kept while the store was unavailable, written once later
                else:
                    duplicated += 1  # in the record, played by nobody
    store.close()
    return {
        "games": sum(len(r["codes"]) for r in results),
        "actions": actions,
        "seconds": wall,
        "actions_per_s": actions / wall if wall else float("nan"),
        "p50_ms": 1000 * percentile(lags, 50),
        "p99_ms": 1000 * percentile(lags, 99),
        "max_ms": 1000 * max(lags) if lags else float("nan"),
        "samples": len(lags),
        "lost": lost,
        "duplicated": duplicated,
        "retried": retried,
        "illegal": illegal,
        "unfinished": unfinished,
        "errors": sum(len(r["errors"]) for r in results),
        "error_examples": [e for r in results for e in r["errors"]][:3],
    }


def report(label: str, runs: list[dict]) -> None:
    def med(key: str) -> float:
        return statistics.median(r[key] for r in runs)

    for i, r in enumerate(runs, 1):
        print(
            f"  run {i}: {r['games']} games, {r['actions']} actions in {r['seconds']:.1f} s "
            f"({r['actions_per_s']:.0f}/s); propagation p50 {r['p50_ms']:.1f} ms, "
            f"p99 {r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms ({r['samples']} samples); "
            f"lost {r['lost']}, duplicated {r['duplicated']}, written by a retry "
            f"{r['retried']}, illegal {r['illegal']}, "
            f"unfinished {r['unfinished']}, errors {r['errors']} {r['error_examples'] or ''}"
        )
    print(
        f"{label}: median of {len(runs)} runs: p50 {med('p50_ms'):.1f} ms, "
        f"p99 {med('p99_ms'):.1f} ms, {med('actions_per_s'):.0f} actions/s; "
        f"lost {sum(r['lost'] for r in runs)}, duplicated {sum(r['duplicated'] for r in runs)}, "
        f"written by a retry {sum(r['retried'] for r in runs)}, "
        f"illegal {sum(r['illegal'] for r in runs)}, "
        f"unfinished {sum(r['unfinished'] for r in runs)}"
    )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument("--games", type=int, default=100, help="games at once (2 clients each)")
    parser.add_argument("--procs", type=int, default=4, help="processes the clients run in")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--think", type=float, default=0.0, help="mean seconds before acting")
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds per game at most")
    parser.add_argument("--ramp", default="", help="comma-separated game counts, one run each")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.ramp.split(",") if n] or [args.games]
    runs = 1 if args.ramp else args.runs
    backends = ["sqlite", "postgresql"] if args.backend == "both" else [args.backend]
    for backend in backends:
        cluster = None
        if backend == "postgresql":
            from tests.pg import start_cluster

            # each client holds two connections: one to act, one to listen
            cluster = start_cluster(max_connections=4 * max(counts) + 50)
        try:
            for games in counts:
                results = []
                for run in range(runs):
                    if cluster is not None:
                        url = cluster.new_database()
                    else:
                        folder = tempfile.mkdtemp(prefix="qttt-bench-rooms-")
                        url = f"sqlite:///{folder}/rooms.sqlite3"
                    results.append(
                        one_run(url, games, args.procs, args.think, args.seed + run, args.timeout)
                    )
                label = f"{backend}, {games} games ({2 * games} clients), think {args.think:g} s"
                report(label, results)
        finally:
            if cluster is not None:
                cluster.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
