"""Answers as students write them: each family of forms generated, not listed.

Every test builds answers the way a student might (labels in either order, any
separator, any case, words around them, number words of the five languages,
floating-point noise, equivalent arithmetic) and checks that right answers are
accepted and that wrong ones stay wrong, also with swapped labels or an extra item.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from qttt_edu import answers, checks
from qttt_edu.i18n import LANGUAGES, set_language

LANGS = list(LANGUAGES)
FAST = settings(max_examples=100, deadline=None)


def _case(draw: st.DrawFn, text: str) -> str:
    return draw(st.sampled_from([text, text.lower(), text.upper(), text.capitalize()]))


# --- numbers ------------------------------------------------------------------------

# Small number words of the five languages (the ones answers.py promises to read).
WORDS = {
    1: ["one", "en", "yksi", "uno"],
    2: ["two", "to", "kaksi", "due"],
    3: ["three", "tre", "kolme"],
    4: ["four", "fire", "neljä", "quattro"],
    8: ["eight", "otte", "åtte", "kahdeksan", "otto"],
    16: ["sixteen", "seksten", "kuusitoista", "sedici"],
    36: ["thirty-six", "thirty six"],
}
# the language each word belongs to, so "to" (two) is written where it means two
WORD_LANG = {"en": "da", "to": "nb", "yksi": "fi", "uno": "it", "tre": "it", "fire": "da"}


def _noise(value: Fraction) -> st.SearchStrategy[str]:
    """The value as a float with the last bits off, either side, as Python prints it."""
    x = float(value)
    ulps = st.integers(-4, 4)
    return ulps.map(lambda k: repr(x + k * abs(x) * 2**-52 if x else k * 2**-60))


@st.composite
def fraction_forms(draw: st.DrawFn, value: Fraction) -> tuple[str, str]:
    """(text, language) that means ``value`` (a probability 0..1)."""
    p, q = value.numerator, value.denominator
    k = draw(st.integers(1, 6))
    lang = draw(st.sampled_from(LANGS))
    forms = [
        f"{p * k}/{q * k}",
        f"{p * k} / {q * k}",
        f"{p * k}:{q * k}",
        f"{p * k} out of {q * k}",
        f"{p * k} of {q * k}",
        f"{p * k} ud af {q * k}",
        f"{p * k} av {q * k}",
        f"{p * k} su {q * k}",
        f"({p}*{k})/({q}*{k})",
        f"{p * k}/{q}/{k}",
        f"{float(value) * 100:.1f} %",
        f"{float(value) * 100:.2f}%",
        f"{float(value) * 100:.1f} percent",
        f"{float(value) * 100:.1f} procent",
        f"{float(value):.3f}",
        f"{float(value):.3f}".replace(".", ","),
        f"{float(value) * 100:.1f}".replace(".", ",") + " %",
        draw(_noise(value)),
    ]
    text = draw(st.sampled_from(forms))
    wrapper = draw(
        st.sampled_from(["{}", "{}.", "I think {}", "about {}", "≈ {}", "p = {}", "  {}  "])
    )
    return wrapper.format(text), lang


FRACTION_WORDS = {
    Fraction(1, 2): ["a half", "one half", "half", "en halv", "puolet", "metà", "un mezzo"],
    Fraction(2, 3): [
        *["two thirds", "to tredjedele", "to tredjedeler", "kaksi kolmasosaa"],
        *["due terzi", "2 thirds"],
    ],
    Fraction(1, 3): ["one third", "a third", "en tredjedel", "un terzo", "kolmasosa"],
    Fraction(3, 4): [
        *["three quarters", "three fourths", "tre fjerdedele", "tre quarti"],
        *["kolme neljäsosaa", "3 quarters"],
    ],
}
PROBABILITY = {"02-2": Fraction(2, 3), "07-1": Fraction(1, 2), "07-2": Fraction(1, 3)}


@FAST
@given(st.sampled_from(sorted(PROBABILITY)), st.data())
def test_probability_words_of_every_language_are_accepted(exercise, data):
    words = FRACTION_WORDS[PROBABILITY[exercise]]
    text = data.draw(st.sampled_from(words))
    text = data.draw(st.sampled_from([text, text.capitalize(), f"{text}.", f"about {text}"]))
    set_language(data.draw(st.sampled_from(LANGS)))
    assert checks.check(exercise, text).ok, text


@FAST
@given(st.sampled_from(sorted(PROBABILITY)), st.sampled_from(sorted(set(FRACTION_WORDS))))
def test_a_different_probability_stays_wrong_in_every_form(exercise, other):
    if other == PROBABILITY[exercise]:
        return
    for form in (f"{other.numerator}/{other.denominator}", f"{float(other):.3f}"):
        assert not checks.check(exercise, form).ok
    for words in FRACTION_WORDS[other]:
        assert not checks.check(exercise, words).ok, words


def test_noise_on_one_is_one_not_a_percentage():
    for text in ("1.0000000000000002", "0.9999999999999999", "0.5 + 0.5", "(1/√2)**2 * 2"):
        assert checks.check("07-3", text).ok, text
    assert checks.check("07-3", 1.0000000000000002).ok


WHOLE = {"01-1": 4, "01-2": 16, "02-1": 3, "06-1": 36, "06-2": 1296, "06-3": 8}


@st.composite
def whole_forms(draw: st.DrawFn, value: int) -> tuple[str, str]:
    lang = "en"
    forms = [str(value), f"{value}.0", draw(_noise(Fraction(value)))]
    if value in WORDS:
        word = draw(st.sampled_from(WORDS[value]))
        lang = WORD_LANG.get(word, draw(st.sampled_from(LANGS)))
        forms.append(word)
    a = draw(st.integers(1, 12))
    forms += [f"{value + a} - {a}", f"{value * a}/{a}", f"{a}*{value}/{a}", f"({value}+{a})-{a}"]
    root = round(value**0.5)
    if root * root == value:
        forms += [f"{root}**2", f"{root}^2", f"{root}²", f"{root} × {root}"]
    if value >= 1000:
        forms += [f"{value:,}", f"{value:,}".replace(",", " ")]
    text = draw(st.sampled_from(forms))
    wrapper = draw(st.sampled_from(["{}", "{}.", "there are {}", "{} in all", "= {}", "{} pairs"]))
    return wrapper.format(text), lang


@pytest.mark.parametrize(
    ("table", "forms"),
    [(PROBABILITY, fraction_forms), (WHOLE, whole_forms)],
    ids=["probabilities", "whole_numbers"],
)
@FAST
@given(data=st.data())
def test_answers_in_every_form_are_accepted(table, forms, data):
    exercise = data.draw(st.sampled_from(sorted(table)))
    text, lang = data.draw(forms(table[exercise]))
    set_language(lang)
    assert checks.check(exercise, text).ok, (text, lang)


@FAST
@given(st.sampled_from(sorted(WHOLE)), st.integers(1, 50), st.booleans())
def test_a_different_whole_number_stays_wrong(exercise, offset, below):
    value = WHOLE[exercise] + (-offset if below else offset)
    for form in (str(value), f"{value} - 0", f"{value}.0"):
        assert not checks.check(exercise, form).ok, form


def test_equations_are_read_by_their_value_and_must_agree():
    assert checks.check("06-1", "9*8/2 = 36").ok
    assert checks.check("06-4", "9!² = 131,681,894,400").ok
    assert checks.check("07-2", "1/3 ≈ 0.333").ok
    assert not checks.check("06-1", "9*8 = 72").ok
    refused = checks.check("06-1", "9*8/2 = 35")
    assert not refused.ok and "several numbers" in refused.message


# --- labelled answers: Goff's points (X 1, O 1/2) ------------------------------------

ONE = ["1", "1.0", "one", "2/2", "100 %", "1/1", "0.5*2", "1.0000000000000002"]
HALF = ["1/2", "0.5", "0,5", "½", "a half", "half a point", "50 %", "1:2", "2/4"]
HALF += ["0.49999999999999994", "en halv", "puoli", "mezzo", "one half"]


@st.composite
def labelled_scores(draw: st.DrawFn, scores: dict[str, list[str]]) -> str:
    """Text giving each player's score next to its label, in any order and notation."""
    order = draw(st.permutations(sorted(scores)))
    value_first = draw(st.booleans())
    parts = []
    for label in order:
        value = draw(st.sampled_from(scores[label]))
        who = draw(st.sampled_from([label, label.lower(), f"player {label}", f"{label}'s"]))
        if value_first:
            link = draw(st.sampled_from([" for ", " → ", " til "]))
            parts.append(f"{value}{link}{who}")
        else:
            link = draw(st.sampled_from(["=", ": ", " ", " gets ", " = ", " has ", " -> "]))
            parts.append(f"{who}{link}{value}")
    joint = draw(st.sampled_from([", ", "; ", " and ", "\n", "  ", " og ", " e ", ";"]))
    text = joint.join(parts)
    wrapper = draw(st.sampled_from(["{}", "Goff gives {}", "{} points", "I think {}.", "({})"]))
    return _case(draw, wrapper.format(text)) if draw(st.booleans()) else wrapper.format(text)


@FAST
@given(labelled_scores({"X": ONE, "O": HALF}), st.sampled_from(LANGS))
def test_scores_are_read_by_their_labels_in_any_order(text, lang):
    set_language(lang)
    result = checks.check("04-2", text)
    assert result.ok, (text, result.message)


@FAST
@given(labelled_scores({"X": HALF, "O": ONE}))
def test_swapped_scores_stay_wrong(text):
    assert not checks.check("04-2", text).ok, text


@FAST
@given(labelled_scores({"X": ONE, "O": HALF}), st.sampled_from([", 3", " and 0", " X 0", " O=1"]))
def test_an_extra_score_is_never_accepted(text, extra):
    result = checks.check("04-2", text + extra)
    assert not result.ok, text + extra


@FAST
@given(labelled_scores({"X": ONE, "O": ["0", "zero", "nothing 0"]}))
def test_o_without_its_half_point_gets_the_specific_hint(text):
    result = checks.check("04-2", text)
    assert not result.ok
    assert "later line still earns something" in result.message, (text, result.message)


def test_ambiguous_scores_are_refused_with_the_form_expected():
    for text in ("X 1 1/2 O", "X=1, O=1/2, X=0", "1 1/2 1", "X O 1 1/2"):
        result = checks.check("04-2", text)
        assert not result.ok
        assert "X=1, O=1/2" in result.message, result.message


# --- players, yes/no, letters -----------------------------------------------------------

DRAW_WORDS = {"en": "draw", "da": "uafgjort", "fi": "tasapeli", "nb": "uavgjort", "it": "patta"}


@st.composite
def player_forms(draw: st.DrawFn, who: str) -> str:
    name = draw(st.sampled_from([who, who.lower()]))
    form = draw(
        st.sampled_from(
            [
                *["{}", "player {}", "{} wins", "{}'s turn", "I think {}", "{} chooses"],
                *["{}:n vuoro", "{} vinder", "vince {}", "{}s tur", "it is {}", "{}!", " {} "],
                *["'{}'", "{}."],
            ]
        )
    )
    return form.format(name)


PLAYER_EXERCISES = ["00-2", "03-1", "04-1"]  # all answered by X


@FAST
@given(st.sampled_from(PLAYER_EXERCISES), player_forms("X"), st.sampled_from(LANGS))
def test_players_are_read_in_words_and_sentences(exercise, text, lang):
    set_language(lang)
    assert checks.check(exercise, text).ok, text


@FAST
@given(st.sampled_from(PLAYER_EXERCISES), player_forms("O"))
def test_the_other_player_stays_wrong(exercise, text):
    assert not checks.check(exercise, text).ok, text


@pytest.mark.parametrize("lang", LANGS)
def test_every_language_has_its_draw_word_read_and_named(lang):
    set_language(lang)
    for word in DRAW_WORDS.values():
        assert answers.player(word, lang) is None
        assert not checks.check("04-1", word).ok
    message = checks.check("04-1", 42).message
    assert DRAW_WORDS[lang] in message, message
    assert "None" not in message


YES = ["yes", "yeah", "yep", "true", "ja", "jo", "kyllä", "joo", "sì", "si", "certo"]
NO = ["no", "nope", "nah", "false", "nej", "nei", "ei", "non", "falso", "n"]


@st.composite
def yes_no_forms(draw: st.DrawFn, words: list[str]) -> str:
    word = _case(draw, draw(st.sampled_from(words)))
    punct = draw(st.sampled_from(["", "!", ".", "!!", ",", " :)"]))
    rest = draw(st.sampled_from(["", " it is", " I think", " definitely", " (entangled?)"]))
    if word.lower() in ("n", "jo"):  # single letters and weak words only as the whole answer
        return word + draw(st.sampled_from(["", "!", "."]))
    return draw(st.sampled_from([f"{word}{punct}{rest}", f"I think {word.lower()}{punct}"]))


@FAST
@given(yes_no_forms(NO), st.sampled_from(LANGS))
def test_no_is_read_in_every_language_and_form(text, lang):
    set_language(lang)
    assert checks.check("02-4", text).ok, text


@FAST
@given(yes_no_forms(YES), st.sampled_from(["en", "da", "nb", "it"]))
def test_yes_stays_wrong_where_no_is_right(text, lang):
    set_language(lang)
    assert not checks.check("02-4", text).ok, text


def test_finnish_ja_is_and_not_yes():
    assert answers.yes_no("ja", "da") is True
    with pytest.raises(answers.Unreadable):
        answers.yes_no("X ja O", "fi")
    with pytest.raises(answers.Unreadable):
        answers.yes_no("yes and no")


@st.composite
def letter_forms(draw: st.DrawFn, chosen: str) -> str:
    letters = list(draw(st.permutations(chosen)))
    upper = draw(st.booleans())
    letters = [c.upper() if upper else c.lower() for c in letters]
    joint = draw(st.sampled_from([", ", " and ", " & ", " og ", " ja ", " e ", " ", "", ";", "/"]))
    text = joint.join(letters)
    if upper:  # in a sentence only capitals are option letters (the article "a" is not)
        text = draw(st.sampled_from(["{}", "I think {}", "{} hold", "Statements {} are true"]))
        text = text.format(joint.join(letters))
    return text


@FAST
@given(letter_forms("AD"))
def test_option_letters_are_read_in_any_order_and_sentence(text):
    assert checks.check("07-4", text).ok, text


@FAST
@given(st.sampled_from(["A", "D", "ABD", "ACD", "C", "B", "ADB"]).flatmap(letter_forms))
def test_wrong_sets_of_letters_stay_wrong(text):
    assert not checks.check("07-4", text).ok, text


# --- squares and moves --------------------------------------------------------------------

SQUARE_WORDS = dict(
    enumerate(["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"])
)


@st.composite
def square_forms(draw: st.DrawFn, squares: tuple[int, ...]) -> object:
    order = draw(st.permutations(squares))
    if draw(st.booleans()):
        return draw(st.sampled_from([list(order), tuple(order), set(order)]))
    names = [SQUARE_WORDS[s] if draw(st.booleans()) else str(s) for s in order]
    joint = draw(st.sampled_from([", ", " and ", "-", " ", ";", " og ", " e ", " ja ", "\n"]))
    if all(n.isdigit() for n in names) and draw(st.booleans()):
        joint = ""
    wrapper = draw(st.sampled_from(["{}", "squares {}", "the line {}", "[{}]", "{}."]))
    return wrapper.format(joint.join(names))


@FAST
@given(st.sampled_from([("00-1", (3, 5, 7)), ("03-2", (2, 5, 8))]), st.data())
def test_sets_of_squares_are_read_in_any_order_and_form(case, data):
    exercise, squares = case
    answer = data.draw(square_forms(squares))
    assert checks.check(exercise, answer).ok, answer


@FAST
@given(
    st.sampled_from([("00-1", (3, 5, 7)), ("03-2", (2, 5, 8))]),
    st.integers(1, 9),
    st.booleans(),
    st.data(),
)
def test_a_set_with_a_square_missing_or_extra_stays_wrong(case, square, drop, data):
    exercise, squares = case
    changed = squares[1:] if drop else tuple(sorted(set(squares) | {square}))
    if set(changed) == set(squares):
        return
    answer = data.draw(square_forms(changed))
    assert not checks.check(exercise, answer).ok, answer


@st.composite
def pair_forms(draw: st.DrawFn, a: int, b: int) -> object:
    first, second = draw(st.permutations([a, b]))
    return draw(
        st.sampled_from(
            [
                [first, second],
                (first, second),
                [str(first), str(second)],
                f"{first}-{second}",
                f"{first} - {second}",
                f"{first}–{second}",
                f"{first} and {second}",
                f"squares {first} and {second}",
                f"{first}{second}",
                f"({first}, {second})",
                f"1-3 1-2 {first}-{second}",
            ]
        )
    )


@FAST
@given(st.sampled_from([(1, 4), (2, 4), (2, 9), (1, 7)]).flatmap(lambda p: pair_forms(*p)))
def test_one_pair_is_read_from_a_list_or_a_sentence(answer):
    assert checks.check("02-3", answer).ok, answer


@FAST
@given(st.sampled_from([(3, 4), (4, 5), (2, 3), (3, 9)]).flatmap(lambda p: pair_forms(*p)))
def test_a_wrong_pair_stays_wrong_in_every_form(answer):
    assert not checks.check("02-3", answer).ok, answer


@st.composite
def record_forms(draw: st.DrawFn, record: str) -> object:
    tokens = record.split()
    if draw(st.booleans()):
        return [
            tuple(int(s) for s in t.split("-")) if "-" in t and draw(st.booleans()) else t
            for t in tokens
        ]
    dash = draw(st.sampled_from(["-", "–", " - ", "—"]))
    tokens = [t.replace("-", dash) for t in tokens]
    tokens = [t.upper() if t.startswith("c") and draw(st.booleans()) else t for t in tokens]
    joint = draw(st.sampled_from([" ", ", ", "; ", "\n", "  ", " | ", ","]))
    return joint.join(tokens)


# Records for the open questions, right and wrong. The property holds whatever an exercise
# asks: a record written with other separators gets the verdict of the plain record.
RECORDS = {
    "00-3": ["1-5 1-5 c1", "5-9 5-9 c9", "2-5 2-5 c2", "1-5 1-5 c5", "1-5 1-5"],
    "01-3": ["1-2 4-5 7-8", "1-9 3-7 2-8", "1-2 2-5 7-8", "1-2 4-5"],
    "03-4": ["1-2 2-3 1-3", "1-2 5-9 2-3 4-6 1-3", "1-2 2-3 3-4 7-9 1-4", "1-2 2-3 1-3 c1"],
    "04-4": ["1-2 1-2 c2 4-5 4-5 c5 3-9 8-9 8-9 c9", "1-2 1-2 c1 4-5 4-5 c4 7-8 7-8 c7"],
    "05-2": ["2-8 3-8", "3-8 2-8", "2-8", "2-3 2-8 3-8"],
}


def test_each_exercise_has_right_and_wrong_plain_records_here():
    for exercise, records in RECORDS.items():
        verdicts = {checks.check(exercise, record).ok for record in records}
        assert verdicts == {True, False}, exercise


@FAST
@given(st.sampled_from([(e, r) for e, rs in RECORDS.items() for r in rs]), st.data())
def test_records_get_the_same_verdict_with_any_separator(case, data):
    exercise, record = case
    answer = data.draw(record_forms(record))
    plain = checks.check(exercise, record)
    written = checks.check(exercise, answer)
    assert written.ok == plain.ok, (answer, written.message)
    if plain.ok is False:
        assert written.message == plain.message.replace(repr(record), repr(answer)) or (
            "not yet" in written.message and "not yet" in plain.message
        ), (answer, written.message, plain.message)


@FAST
@given(st.permutations([(2, "X1"), (5, "O2"), (8, "O4"), (9, "X3")]), st.data())
def test_a_placement_is_read_as_a_dict_or_text_in_any_order(pairs, data):
    mark_first = data.draw(st.booleans())
    form = data.draw(st.sampled_from(["dict", "list", "text"]))
    if form == "dict":
        answer: object = {m: s for s, m in pairs} if mark_first else dict(pairs)
    elif form == "list":
        answer = [(m, s) if mark_first else (s, m) for s, m in pairs]
    else:
        link = data.draw(st.sampled_from([" in ", ": ", " → ", " ", "="]))
        joint = data.draw(st.sampled_from([", ", "; ", "\n", " "]))
        if mark_first:
            answer = joint.join(f"{m}{link}{s}" for s, m in pairs)
        else:
            answer = joint.join(f"{s}{link}{m}" for s, m in pairs)
    assert checks.check("03-3", answer).ok, answer


@FAST
@given(st.permutations([(2, "O2"), (5, "X1"), (8, "O4"), (9, "X3")]), st.sampled_from([", ", " "]))
def test_a_placement_with_two_marks_swapped_stays_wrong(pairs, joint):
    answer = joint.join(f"{m} in {s}" for s, m in pairs)
    assert not checks.check("03-3", answer).ok, answer


# --- arithmetic: a tiny parser, never eval ---------------------------------------------


@st.composite
def expressions(draw: st.DrawFn, depth: int = 0) -> tuple[str, Fraction]:
    """A random sum as a student might type it, with its exact value."""
    if depth >= 3 or draw(st.booleans()):
        n = draw(st.integers(0, 20))
        return draw(st.sampled_from([str(n), f"{n}.0", f"({n})"])), Fraction(n)
    left, a = draw(expressions(depth + 1))
    right, b = draw(expressions(depth + 1))
    op = draw(st.sampled_from(["+", "-", "*", "×", "·", "/", "÷", ":", "^", "**"]))
    space = draw(st.sampled_from(["", " "]))
    if op in ("/", "÷", ":") and b == 0:
        op = "+"
    if op == ":" and depth == 0 and left == right and left.isdigit():
        op = "/"  # a whole answer "3:3" is even odds (1/2), as "1:1" is: see test_even_chances
    if op in ("^", "**"):
        b = Fraction(draw(st.integers(0, 3)))
        right = str(b.numerator)
        if a == 0 and b == 0:
            b, right = Fraction(1), "1"
    if op in ("+",):
        value = a + b
    elif op == "-":
        value = a - b
    elif op in ("*", "×", "·"):
        value = a * b
    elif op in ("/", "÷", ":"):
        value = a / b
    else:
        value = a ** int(b)
    return f"({left}{space}{op}{space}{right})", value


@settings(max_examples=300, deadline=None)
@given(expressions())
def test_arithmetic_is_read_exactly(case):
    text, value = case
    assert answers.number(text) == value, text


def test_nothing_is_evaluated_as_python():
    for text in ("__import__('os').getcwd()", "open('x')", "[1][0]", "len('ab')", "2 if 1 else 3"):
        with pytest.raises(answers.Unreadable):
            answers.number(text)


@FAST
@given(
    st.sampled_from(["131", "131.7", "131,7", "132"]),
    st.sampled_from(["billion", "milliarder", "miljardia", "miliardi", "milliard"]),
    st.sampled_from(["{}", "about {}", "≈ {}", "roughly {}."]),
)
def test_goffs_131_billion_is_read_with_its_scale_word(figure, scale, wrapper):
    assert checks.check("06-4", wrapper.format(f"{figure} {scale}")).ok
    assert not checks.check("06-4", wrapper.format(f"{figure} million")).ok


@pytest.mark.parametrize(
    ("right", "wrong"),
    [
        ("entangled", "separable"),
        ("sammenfiltret", "separabel"),
        ("lomittunut", "separoituva"),
        ("in entanglement", "separabile"),
        ("Ikke separabel.", "Ja, separabel"),
        ("non separabile", "sì"),
        ("ei separoituva", "kyllä"),
    ],
)
def test_entangled_and_separable_are_read_in_every_language(right, wrong):
    assert checks.check("02-4", right).ok
    assert not checks.check("02-4", wrong).ok


@pytest.mark.parametrize(
    "text",
    [
        "O4 closed a cycle; X chooses between (7, 9)",
        "refused: 2-3 must wait: O4 closed a cycle, and X must first choose, c7 or c9",
        "X is the player who has to make the next choice in this game after the cycle",
    ],
)
def test_text_about_squares_or_running_on_is_not_read_as_a_player(text):
    with pytest.raises(answers.Unreadable):
        answers.player(text)
    assert not checks.check("00-2", text).ok
