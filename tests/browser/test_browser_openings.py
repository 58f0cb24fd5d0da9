"""The warm-up menu in a real browser: a teacher picks a lesson's position and the
projected board shows it, at the three screen sizes, by mouse and by keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_harness import APP, check_board, open_app, screenshot, settle

pytestmark = pytest.mark.browser

SIZES = {
    "projector-1920x1080": {"width": 1920, "height": 1080},
    "laptop-1366x768": {"width": 1366, "height": 768},
    "phone-390x844": {"width": 390, "height": 844},
}


@pytest.mark.parametrize("name", list(SIZES))
def test_a_warm_up_from_the_menu_is_shown_on_the_board(
    voila: Any, offline_page: Any, name: str
) -> None:
    size = SIZES[name]
    page = offline_page(viewport=size)
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    settle(app, quiet_ms=300)
    menu = app.locator(".qttt-opening select")
    # ipywidgets' <select> knows the options by their labels (here in English).
    menu.select_option(label="Lesson 03 · A triangle (Goff, Fig. 4)")
    check_board(app, "1-2 2-5 1-5", timeout=15)
    # The arrow key steps on to the next position of the same warm-up.
    menu.focus()
    page.keyboard.press("ArrowDown")
    check_board(app, "1-2 2-5 1-5 c1", timeout=15)
    box = menu.bounding_box()
    assert box is not None and box["height"] >= 30 and box["x"] + box["width"] <= size["width"]
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size["width"], f"at {name} the page scrolls sideways ({width} px)"
    menu.scroll_into_view_if_needed()
    screenshot(page, f"openings-voila-{name}")

    # What the class is asked about waits for the Show button in the status line.
    status = app.locator(".qttt-status")
    assert "the class answers first" in status.inner_text()
    assert app.locator(".qttt-realities .qttt-count").count() == 0
    assert app.locator(".qttt-turn-letter").inner_text() == "?"
    show = status.get_by_role("button", name="Show")
    show.scroll_into_view_if_needed()
    screenshot(page, f"openings-held-{name}")
    shown = show.bounding_box()
    assert shown is not None and shown["height"] >= 44 and shown["width"] >= 44
    if name.startswith("phone"):
        show.click()
    else:  # by keyboard, as a teacher at the projector's laptop
        show.focus()
        page.keyboard.press("Enter")
    app.locator(".qttt-realities .qttt-count").wait_for(timeout=15_000)
    assert "the class answers first" not in status.inner_text()
    assert app.locator(".qttt-turn-letter").inner_text() == "O"
