"""One reader for what students write: checkers and predictions agree, in five languages.

The answers are generated from ``tests/data/answer_forms.json`` (families of templates,
the forms each language writes for their slots, sentence frames), drawn by hypothesis
per family and language and varied in case and spacing. Every right form must be
accepted by ``checks.check`` and, where a prediction asks the same question, agree in
``predict.reveal``; no wrong form may be accepted by either. The test proves it has
teeth: with the negation step or the even-chance step of the reader taken out, the
same judgement finds the faults.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu import answers, checks, set_language
from qttt_edu.predict import reveal

from .answer_forms import LANGS, Form, fillings, forms, framed, load, truth_of

DATA = load()
CASES = [(ex, family) for ex, spec in DATA["exercises"].items() for family in spec["families"]]
VARIANTS: list[Callable[[str], str]] = [
    lambda s: s,
    str.lower,
    str.upper,
    lambda s: f"  {s} ",
    lambda s: s.replace(", ", ","),
    lambda s: f"\n{s}\n",
]


@st.composite
def generated(draw: st.DrawFn, lang: str, right: bool) -> Form:
    """One form of a random family of a random exercise, in ``lang``."""
    exercise, family = draw(st.sampled_from(CASES))
    spec = DATA["exercises"][exercise]
    templates = spec["families"][family]["right" if right else "wrong"]
    template = draw(st.sampled_from(templates))
    filled = draw(st.sampled_from(fillings(DATA, template, lang)))
    answer: Any = draw(st.sampled_from(framed(DATA, filled, lang)))
    if isinstance(answer, str):
        answer = draw(st.sampled_from(VARIANTS))(answer)
    return Form(exercise, family, lang, answer, right, truth_of(spec["reveal"]))


def problems(batch: Iterable[Form]) -> list[str]:
    """Every form the checker or the reveal judges against its label, said plainly."""
    found = []
    for form in batch:
        set_language(form.lang)
        accepted = checks.check(form.exercise, form.answer).ok
        agrees = None
        if form.reveal is not None:
            agrees = reveal(form.answer, form.reveal, tolerance=0.01).agrees is True
        if accepted != form.right or (agrees is not None and agrees != form.right):
            found.append(f"{form.lang} {form.exercise} {form.answer!r}: {accepted}, {agrees}")
    set_language("en")
    return found


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_right_answers_are_accepted_by_the_checker_and_the_reveal(lang, data):
    form = data.draw(generated(lang, right=True))
    assert not problems([form])


@pytest.mark.parametrize("lang", LANGS)
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_wrong_answers_stay_wrong_in_the_checker_and_the_reveal(lang, data):
    form = data.draw(generated(lang, right=False))
    assert not problems([form])


def test_the_generated_set_is_large_enough_and_every_language_has_every_family():
    everything = list(forms(DATA))
    assert len(everything) >= 2000
    for lang in LANGS:
        mine = [f for f in everything if f.lang == lang]
        assert {f.family for f in mine} == {family for _, family in CASES}
        assert any(f.right for f in mine) and any(not f.right for f in mine)


def _family(name: str, right: bool | None = None) -> list[Form]:
    return [f for f in forms(DATA) if f.family == name and (right is None or f.right == right)]


def test_the_reader_test_catches_a_reader_without_its_negation_step(monkeypatch):
    negated = [f for f in _family("negation", right=False) if f.lang in ("en", "fi", "it")]
    assert not problems(negated)  # sound as it is
    monkeypatch.setattr(answers, "without_negated", lambda text: (text, False))
    monkeypatch.setattr(answers, "is_negated", lambda text: False)
    found = problems(negated)
    assert found, "with negation read as nothing, 'not X' must be accepted somewhere"
    assert any("not" in line or " ei " in line or "non" in line for line in found)


def test_the_reader_test_catches_a_reader_without_its_even_chances(monkeypatch):
    even = [f for f in _family("even", right=True) if f.lang == "en"]
    assert not problems(even)
    monkeypatch.setattr(answers, "_even_chances", lambda text: text)
    assert any("50" in line for line in problems(even))


def test_a_refused_right_answer_never_gets_a_hint_that_agrees_with_it():
    """The review's 07-1: '50:50' refused with 'a fair coin decides' (which is 50:50)."""
    for form in _family("even", right=True):
        set_language(form.lang)
        result = checks.check(form.exercise, form.answer)
        assert result.ok, result.message
    set_language("en")
