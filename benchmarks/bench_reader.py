"""How well the one reader reads students' answers: right forms accepted, wrong refused.

Expands every generator of ``tests/data/answer_forms.json`` (templates x the forms
each language writes for their slots x sentence frames, in en, da, nb, fi and it),
gives each form to ``checks.check`` in the student's language and, where a prediction
asks the same question, to ``predict.reveal``. Prints, per language and per family:
right forms accepted, wrong forms accepted (the target is 0), and the forms where the
checker and the reveal disagree (the target is 0: one reader). Lists the first misses.

    python benchmarks/bench_reader.py            # all forms
    python benchmarks/bench_reader.py --misses 50
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from qttt_edu import checks, set_language
from qttt_edu.predict import reveal
from tests.answer_forms import LANGS, Form, forms


def judge(form: Form) -> tuple[bool, bool | None, float]:
    """(the checker accepts, the reveal agrees or None if no prediction asks, seconds)."""
    set_language(form.lang)
    start = time.perf_counter()
    accepted = checks.check(form.exercise, form.answer).ok
    took = time.perf_counter() - start
    agrees = None
    if form.reveal is not None:
        agrees = reveal(form.answer, form.reveal, tolerance=0.01).agrees is True
    return accepted, agrees, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", type=int, default=20, help="misses listed (default 20)")
    args = parser.parse_args()
    all_forms = list(forms())
    right, right_ok, wrong, wrong_ok, split = Counter(), Counter(), Counter(), Counter(), Counter()
    times: list[float] = []
    misses: list[str] = []
    for form in all_forms:
        accepted, agrees, took = judge(form)
        times.append(took)
        keys = (form.lang, f"family {form.family}", "all")
        for key in keys:
            (right if form.right else wrong)[key] += 1
            if accepted:
                (right_ok if form.right else wrong_ok)[key] += 1
            if agrees is not None and agrees != accepted:
                split[key] += 1
        if accepted != form.right or (agrees is not None and agrees != accepted):
            misses.append(
                f"{form.lang} {form.exercise} {'right' if form.right else 'wrong'} "
                f"{form.answer!r}: check {'✓' if accepted else '✗'}, reveal {agrees}"
            )
    set_language("en")
    print(f"forms: {len(all_forms)} ({right['all']} right, {wrong['all']} wrong)")
    print(f"{'':20} {'right accepted':>22} {'wrong accepted':>16} {'check≠reveal':>13}")
    rows = ["all", *LANGS, *sorted(k for k in right if k.startswith("family"))]
    for key in rows:
        share = 100 * right_ok[key] / right[key] if right[key] else 100.0
        print(
            f"{key:20} {right_ok[key]:>7}/{right[key]:<6} {share:6.2f} % "
            f"{wrong_ok[key]:>8}/{wrong[key]:<6} {split[key]:>10}"
        )
    print(f"median verdict: {statistics.median(times) * 1000:.3f} ms (checks.check only)")
    print(f"misses: {len(misses)}")
    for line in misses[: args.misses]:
        print("  " + line)


if __name__ == "__main__":
    main()
