"""The kit's loading page (the ``qttt`` Voilà template) in Chromium, as a student waits on it.

When a class opens the link together, thirty pages wait on it for a minute: it must show
progress without redrawing for ever (an endless pulse and a gliding bar took about a fifth
of a CPU core per waiting page, benchmarks/bench_page.py), and after a minute say what to do.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2

from .browser_harness import REPO

TEMPLATE = REPO / "share" / "jupyter" / "voila" / "templates" / "qttt"
ADDRESS = "http://127.0.0.1:9/voila/render/app.ipynb"


def loading_page(folder: Path = TEMPLATE) -> str:
    """The loading page as Voilà's lab template puts the kit's macros into the app's page."""
    macros: Any = (
        jinja2.Environment(loader=jinja2.FileSystemLoader(folder))
        .get_template("spinner.macro.html.j2")
        .module
    )
    return f"<!DOCTYPE html><html><head>{macros.css()}</head><body>{macros.html()}</body></html>"


def open_loading(offline_page: Any, motion: str = "no-preference") -> Any:
    page = offline_page()
    page.emulate_media(reduced_motion=motion)
    html = loading_page()
    kind = "text/html; charset=utf-8"
    page.route(ADDRESS + "*", lambda route: route.fulfill(body=html, content_type=kind))
    return page


# Every running animation or transition: how often it repeats, and on what.
ANIMATIONS = """() => document.getAnimations().map(a => ({
    iterations: a.effect.getComputedTiming().iterations,
    end: a.effect.getComputedTiming().endTime,
    target: a.effect.target ? a.effect.target.className : ''}))"""


def test_the_loading_page_shows_progress_but_nothing_moves_for_ever(offline_page: Any) -> None:
    page = open_loading(offline_page)
    page.clock.install()
    page.goto(ADDRESS)
    running = page.evaluate(ANIMATIONS)
    assert running, "the squares do not pulse at all"
    # Infinity comes back as null; every animation ends within six seconds
    endless = [a for a in running if a["iterations"] is None or (a["end"] or 1e9) > 6000]
    assert not endless, f"animations that go on: {endless}"
    bar = page.locator("#qttt-loading-bar")
    assert bar.evaluate("b => getComputedStyle(b).transitionDuration") == "0s"
    page.clock.run_for(8_000)
    counted = page.locator("#qttt-loading-seconds").inner_text()  # yet it counts
    assert counted.endswith(" s") and int(counted[:-2]) >= 8, counted
    assert bar.evaluate("b => parseFloat(b.style.width)") > 30
    assert page.locator(".qttt-loading-slow").count() == 0


def test_under_reduced_motion_nothing_pulses(offline_page: Any) -> None:
    page = open_loading(offline_page, "reduce")
    page.goto(ADDRESS)
    assert page.evaluate(ANIMATIONS) == []
    assert page.locator("#qttt-loading-title").inner_text() == "Setting up the board…"


def test_after_a_minute_the_page_says_what_to_do_in_the_class_language(
    offline_page: Any,
) -> None:
    page = open_loading(offline_page)
    page.clock.install()
    page.goto(ADDRESS + "?lang=fi")
    page.clock.run_for(61_000)
    alert = page.get_by_role("alert")
    assert "kerro opettajallesi" in alert.inner_text()
    assert alert.get_by_role("button", name="Lataa sivu uudelleen").is_visible()
