"""Fuzz the exercise checkers: every exercise, every kind of answer, timed.

Answers: random text built from the characters and words students type (digits,
operators, fractions, X/O, yes/no and number words of the five languages),
random Python values (numbers of every kind, nested lists, dicts, sets, bytes),
and a fixed list of hostile ones (huge numbers, "1e10000000", "1/"*3000+"1",
itertools.count(), self-containing lists, objects whose methods raise). Each is
given to every exercise in every language. Prints the inputs tried, how many
were accepted or refused cleanly, crashes (any exception out of ``check``),
and the median and slowest verdicts.

    python benchmarks/bench_checkers.py                 # 300 random answers, seed 1
    python benchmarks/bench_checkers.py --answers 2000 --seed 7
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import time
from decimal import Decimal
from fractions import Fraction
from typing import Any

from qttt_edu import checks
from qttt_edu.i18n import LANGUAGES, set_language

PIECES = [
    *"0123456789/.,:%*^!()-+ =xoXOcC√½",
    *["1-2", " c1", " and ", " og ", " ja ", " e ", "yes", "no", "ja", "nej", "kyllä", "ei"],
    *["sì", "draw", "patta", "uafgjort", "three", "quarters", "half", "out of", " % "],
    *["e400", "**", "9!", "sqrt(", "X=", "O:", "A", "D", "\n", ";"],
]


class _Raises:
    def __repr__(self) -> str:
        raise RuntimeError("repr")

    def __float__(self) -> float:
        raise OverflowError("float")

    def __iter__(self) -> Any:
        raise RuntimeError("iter")


def hostile() -> list[Any]:
    itself: list[Any] = []
    itself.append(itself)
    deep: list[Any] = [1]
    for _ in range(5000):
        deep = [deep]
    fan: list[Any] = []
    fan.extend([fan] * 200)
    return [
        math.factorial(200),
        10**5000,
        "1e400",
        "1e10000000",
        "1e100000000",
        "1/" * 3000 + "1",
        "1/" * 900 + "1",
        "9**9**9**9",
        "(" * 900 + "1" + ")" * 900,
        "x" * 10**6,
        itertools.count(),
        range(10**12),
        _Raises(),
        itself,
        deep,
        fan,
        float("nan"),
        Decimal("1e999999"),
        Fraction(10**500, 3),
        b"\xff" * 100,
    ]


def random_answer(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 12)))
    if kind == 1:
        return rng.choice([rng.randrange(-(10**6), 10**6), 2 ** rng.randrange(2000)])
    if kind == 2:
        return rng.choice([rng.random(), rng.uniform(-1e300, 1e300), float("inf")])
    if kind == 3:
        return Fraction(rng.randrange(-50, 50), rng.randrange(1, 50))
    if kind == 4:
        return rng.choice([None, True, False, ..., b"1-2", Decimal("0.5"), 1j])
    if kind == 5:
        return "".join(chr(rng.randrange(32, 0x2FFF)) for _ in range(rng.randrange(30)))
    if kind == 6:
        return [random_answer(rng, depth + 1) for _ in range(rng.randrange(5))]
    if kind == 7:
        return tuple(random_answer(rng, depth + 1) for _ in range(2))
    return {str(random_answer(rng, depth + 1))[:5]: random_answer(rng, depth + 1)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=300, help="random answers (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    answers = hostile() + [random_answer(rng) for _ in range(args.answers)]
    times: list[float] = []
    slow: list[tuple[float, str, str, int]] = []
    accepted = refused = crashes = 0
    for lang in LANGUAGES:
        set_language(lang)
        for answer in answers:
            for exercise in checks.exercises():
                start = time.perf_counter()
                try:
                    result = checks.check(exercise, answer)
                except Exception as err:  # a crash is what this script counts
                    crashes += 1
                    print(f"CRASH {exercise} {lang} {type(answer).__name__}: {err!r:.120}")
                    continue
                took = time.perf_counter() - start
                times.append(took)
                slow.append((took, exercise, lang, id(answer)))
                accepted += result.ok
                refused += not result.ok
    # the slowest single verdicts on a busy machine are often a pause of the process:
    # time every verdict over 2 ms again (best of five) to tell the checker's cost from noise
    by_id = {id(a): a for a in answers}
    slow.sort(reverse=True)
    again = []
    for took, exercise, lang, key in [s for s in slow if s[0] > 0.002][:300] or slow[:1]:
        set_language(lang)
        best = min(_timed(exercise, by_id[key]) for _ in range(5))
        again.append((best, took, exercise, checks._short(by_id[key])))
    worst = max(again)
    set_language("en")
    print(
        f"inputs tried:     {len(times) + crashes} ({len(answers)} answers x exercises x languages)"
    )
    print(f"accepted:         {accepted}")
    print(f"refused cleanly:  {refused}")
    print(f"crashes:          {crashes}")
    print(f"median verdict:   {statistics.median(times) * 1000:.3f} ms")
    print(f"99th percentile:  {sorted(times)[int(len(times) * 0.99)] * 1000:.3f} ms")
    print(f"slowest verdict:  {slow[0][0] * 1000:.1f} ms once (a single timing)")
    print(f"slowest, re-run:  {worst[0] * 1000:.1f} ms best of 5 ({worst[2]}, {worst[3]})")


def _timed(exercise: str, answer: Any) -> float:
    start = time.perf_counter()
    checks.check(exercise, answer)
    return time.perf_counter() - start


if __name__ == "__main__":
    main()
