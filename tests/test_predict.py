"""qttt_edu.predict: a student's guess is read fairly and set beside the truth."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from qttt_edu import set_language
from qttt_edu.i18n import LANGUAGES, t, t_in
from qttt_edu.predict import NoGuessYet, reveal

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


def test_no_guess_shows_neither_the_result_nor_the_explanation():
    """Run All with the guess left as ``...`` once printed every result: a prediction
    teaches only when the student commits to it first."""
    result = reveal(..., Fraction(5, 6), explain="Five of the six realities...")
    assert result.agrees is None
    assert "No guess yet" in result.message
    assert "5/6" not in str(result) and "5" not in result.message and "six" not in str(result)
    assert result.explanation == "" and result._repr_markdown_() is None


def test_a_reveal_cell_stops_at_its_first_line_until_a_guess_is_written():
    """``reveal.after(guess)`` opens every reveal cell: nothing the cell would print runs
    before the guess (or the exercise's answer) is written; any guess lets it run."""
    for waiting in (..., None):
        with pytest.raises(NoGuessYet) as stopped:
            reveal.after(waiting)
        # IPython shows this list instead of a traceback: the message alone
        assert stopped.value._render_traceback_() == [t("predict_wait")]
    for written in ("?", 0, "no", [1, 2], False):
        assert reveal.after(written) is None


def test_the_wait_is_said_in_the_notebooks_language():
    set_language("fi")
    try:
        with pytest.raises(NoGuessYet, match="arvauksesi tai vastauksesi"):
            reveal.after(...)
    finally:
        set_language("en")


def test_a_sentence_is_shown_for_the_student_to_compare():
    result = reveal("the player who did not close the cycle", "X")
    assert result.agrees is None
    assert "did not close the cycle" in result.message


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


@pytest.mark.parametrize(
    ("guess", "truth"),
    [
        ("O wins", "O"),
        ("X wins", "X"),
        ("0", "O"),  # a zero typed for the letter, as the checkers read it
        ("only X3", ["X3"]),
        ("kun X3", ["X3"]),
        ("vain X3", ["X3"]),
        ("solo X3", ["X3"]),
        ("move 9", [9]),
        (9, [9]),
        (60, 0.576),
        (50, 1 / 2),
        ("half", 1 / 2),
        ("50:50", 1 / 2),
        ("four", 4),
        ("2√2", 2 * 2**0.5),
        ((0, 5), 1 / 2),  # guess = 0,5 typed without quotes
    ],
)
def test_the_guesses_the_review_found_refused_are_read(guess, truth):
    assert reveal(guess, truth, tolerance=0.05).agrees is True, guess


def test_a_small_truth_is_judged_relatively_and_percent_prompts_read_bare_numbers():
    assert reveal("2%", 0.0031).agrees is False  # the review's absolute-tolerance ✓
    assert reveal("0.3 %", 0.0031).agrees is True
    assert reveal(0.2, 0.00187, percent=True).agrees is True
    assert reveal(1, 0.00187, percent=True).agrees is False
    assert "0.187 %" in reveal(0.2, 0.00187, percent=True).message


def test_negated_guesses_are_not_read_as_their_positive():
    assert reveal("not X", "X").agrees is not True
    assert reveal("not X3", ["X3"]).agrees is not True
    assert reveal(0, "O").agrees is None  # the number 0 names no player


def test_a_tuple_from_an_unquoted_decimal_comma_is_explained():
    result = reveal((1, 5), 1.5)
    assert result.agrees is None
    assert "1.5" in result.message and "tuple" in result.message


def test_an_empty_result_is_named():
    assert "The result: nothing." in reveal("X3", []).message
