"""qttt_edu.predict: a student's guess is read fairly and set beside the truth."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from qttt_edu import set_language
from qttt_edu.i18n import LANGUAGES, t_in
from qttt_edu.predict import reveal

YES = ["yes", "Yes.", "ja", "JA!", "kyllä", "sì", "si", True]
NO = ["no", "No!", "nej", "nei", "ei", "no?", False]


@pytest.mark.parametrize("word", YES)
def test_yes_in_every_language_agrees_with_true_and_not_with_false(word):
    assert reveal(word, True).agrees is True
    assert reveal(word, False).agrees is False


@pytest.mark.parametrize("word", NO)
def test_no_in_every_language_agrees_with_false(word):
    assert reveal(word, False).agrees is True
    assert reveal(word, True).agrees is False


@given(st.fractions(min_value=0, max_value=1, max_denominator=50))
def test_a_probability_written_as_fraction_decimal_or_percent_is_read(p):
    for form in (f"{p.numerator}/{p.denominator}", f"{float(p):.3f}", f"{float(p) * 100:.1f} %"):
        assert reveal(form, float(p)).agrees, form
        assert reveal(form, p).agrees, form
    assert reveal(f"{float(p):.3f}".replace(".", ","), float(p)).agrees


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=1, max_value=5))
def test_a_count_must_be_exact(n, off):
    assert reveal(n, n).agrees
    assert reveal(str(n), n).agrees
    assert reveal(n + off, n).agrees is False


def test_collections_are_read_in_any_order_and_notation():
    assert reveal([7, 5, 3], {3, 5, 7}).agrees
    assert reveal("3, 5 and 7", [3, 5, 7]).agrees
    assert reveal("x3", ["X3"]).agrees
    assert reveal(["X3", "O4"], ["X3"]).agrees is False


def test_numpy_results_are_shown_as_plain_values():
    result = reveal("no", np.bool_(False))
    assert result.agrees and "The result: no." in result.message
    assert reveal(0.5, np.float64(0.5)).agrees


def test_no_guess_shows_the_result_and_asks_for_a_guess_next_time():
    result = reveal(..., Fraction(5, 6))
    assert result.agrees is None
    assert "No guess written above" in result.message
    assert "5/6" in result.message


def test_a_sentence_is_shown_for_the_student_to_compare():
    result = reveal("X, because O closed the cycle", "X")
    assert result.agrees is None
    assert "because O closed the cycle" in result.message


def test_an_unreadable_guess_says_what_kind_of_answer_was_expected():
    result = reveal("maybe", True)
    assert result.agrees is None
    assert "yes or no" in result.message


def test_the_verdict_never_rests_on_colour_alone():
    assert str(reveal(4, 4)).startswith("✓")
    assert str(reveal(3, 4)).startswith("✗")


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_the_lines_speak_the_notebook_language(lang):
    set_language(lang)
    result = reveal(t_in(lang, "predict_yes"), True)
    assert result.agrees
    assert result.message.startswith("✓")
    assert "Your guess" not in result.message
    assert result.message == t_in(
        lang, "predict_right", guess=t_in(lang, "predict_yes"), truth=t_in(lang, "predict_yes")
    )


def test_an_explanation_comes_only_with_the_reveal_and_after_the_verdict():
    result = reveal("yes", False, explain="\n    **No**: the chain\n    just grows.\n    ")
    assert result.explanation == "**No**: the chain\njust grows."
    assert str(result).index("✗") < str(result).index("the chain")
    markdown = result._repr_markdown_()
    assert markdown is not None and markdown.endswith("**No**: the chain\njust grows.")
    assert reveal("yes", False)._repr_markdown_() is None  # plain text as before
    assert "\n" not in str(reveal("yes", False))


def test_a_guess_cannot_inject_markup_into_the_verdict_line():
    markdown = reveal("<img src=x onerror=alert(1)> *4*", 4, explain="why")._repr_markdown_()
    assert markdown is not None
    line = markdown.split("\n\n")[0]
    assert "<img" not in line and "*4*" not in line
