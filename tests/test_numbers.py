"""Numbers as each language writes them, wherever the kit prints one for a person."""

from __future__ import annotations

import pytest

from qttt_edu import i18n
from qttt_edu.classroom.dashboard import statistics_html
from qttt_edu.classroom.stats import GameStatistics
from qttt_edu.predict import reveal

NBSP = "\u00a0"
# (language, 2.8284 to two places, 0.578 as a percentage, 1296, 0.0019 to two places)
WRITTEN = [
    ("en", "2.83", "58%", "1,296", "0.19%"),
    ("da", "2,83", f"58{NBSP}%", "1.296", f"0,19{NBSP}%"),
    ("fi", "2,83", f"58{NBSP}%", f"1{NBSP}296", f"0,19{NBSP}%"),
    ("nb", "2,83", f"58{NBSP}%", f"1{NBSP}296", f"0,19{NBSP}%"),
    ("it", "2,83", "58%", "1.296", "0,19%"),
]


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "decimal", "share", "whole", "small"), WRITTEN)
def test_numbers_are_written_the_way_the_language_writes_them(lang, decimal, share, whole, small):
    assert i18n.number(2.8284, 2, lang=lang) == decimal
    assert i18n.percent(0.578, lang=lang) == share
    assert i18n.number(1296, lang=lang) == whole
    assert i18n.percent(0.0019, 2, lang=lang) == small


def test_every_language_has_a_number_locale():
    assert set(i18n.NUMBER_LOCALES) == set(i18n.LANGUAGES)


@pytest.mark.parametrize(("lang", "shown"), [("en", "0.578"), ("da", "0,578"), ("it", "0,578")])
def test_reveal_writes_the_result_in_the_language(lang, shown):
    i18n.set_language(lang)
    message = str(reveal(0.5, 0.57812))
    assert f" {shown}." in message, message


def test_a_count_of_a_thousand_or_more_is_grouped_in_a_plural_message():
    template = "{n:plural:one=# position|other=# positions}"
    assert i18n.format_message("en", template, n=131681894400) == "131,681,894,400 positions"
    assert i18n.format_message("fi", template, n=1296) == f"1{NBSP}296 positions"
    assert i18n.format_message("da", template, n=7) == "7 positions"


def test_the_dashboard_statistics_use_the_teachers_language():
    stats = GameStatistics(
        games=3,
        finished=2,
        x_wins=1,
        o_wins=1,
        draws=0,
        collapses_per_game=2.5,
        plies_per_game=11.25,
        decisive_collapses=1,
        chooser_helped=1,
    )
    i18n.set_language("da")
    page = statistics_html(stats, stats)
    assert f"50{NBSP}%" in page and "2,5" in page and "11,2" in page
    assert "2.5" not in page and "50 %" not in page.replace(NBSP, "x")
