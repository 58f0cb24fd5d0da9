"""What the class sees: the app at projector, laptop and phone sizes, in Voilà and JupyterLab.

Measured in the page: the panels a teacher needs at the moment a cycle closes are
all in view without scrolling, the phone never scrolls sideways, graph labels are
at least 14 CSS px, X and O marks differ in colour, touch targets are at least
44 px, and nothing on the board or graph moves when a cycle closes, a click is
refused or a square is chosen. A whole game is played by keyboard alone.
Screenshots of each size go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from qttt_edu.i18n import LANGUAGES

from .browser_harness import (
    APP,
    APP_TIMEOUT,
    FINAL_RECORD,
    GAME,
    check_board,
    open_app,
    open_in_lab,
    screenshot,
    settle,
    speak,
    status_text,
    wait_for_status,
    wait_until_idle,
)

pytestmark = pytest.mark.browser

SIZES = {
    "projector-1920x1080": {"width": 1920, "height": 1080},
    "laptop-1366x768": {"width": 1366, "height": 768},
    "phone-390x844": {"width": 390, "height": 844},
}
# What must be in view together when a cycle has closed (the key moment of a lesson).
PANELS = [".qttt-status", ".qttt-board", ".qttt-choices", ".qttt-graph", ".qttt-explain"]
# The app page (Voila, and the site's Voici) also shows a new game, the opponent and the
# language without scrolling, on a laptop too. (In JupyterLab the notebook's own bars
# leave less room, and its test asks for the game's panels only.)
APP_PANELS = [*PANELS, ".qttt-new", ".qttt-opponent select", ".qttt-language select"]
PHONE_PANELS = [".qttt-status", ".qttt-board", ".qttt-choices"]
# On a phone the explanation follows the choice buttons at its full length: its start is
# in view (60 px: two lines), the rest a scroll of the page away (see
# test_every_explanation_is_read_whole_on_a_phone).
# The parts whose place must not change between states.
STEADY = [f".qttt-square-{s}" for s in range(1, 10)] + [".qttt-graph", ".qttt-status"]
# On a phone the graph comes after the explanation, which is as long as it needs to be
# (a box of fixed height cut it off), so the graph, below the fold, follows its length;
# the squares and the status stay put.
PHONE_STEADY = [sel for sel in STEADY if sel != ".qttt-graph"]

BOXES_JS = """(root, selectors) => {
    const out = {};
    for (const sel of selectors) {
        const el = root.querySelector(sel);
        if (!el) { out[sel] = null; continue; }
        const r = el.getBoundingClientRect();
        out[sel] = [r.left + window.scrollX, r.top + window.scrollY, r.width, r.height];
    }
    return out;
}"""


def boxes(app: Any, selectors: list[str]) -> dict[str, list[float]]:
    return app.evaluate(BOXES_JS, selectors)


def click_and_wait(app: Any, target: str, status: str) -> None:
    app.locator(f".{target}").click()
    wait_for_status(app, status)
    settle(app, quiet_ms=350)


def to_cycle(app: Any) -> None:
    """Goff's Fig. 4: X1 on 1-2, O2 on 2-5, X3 on 1-5 closes the cycle 1-2-5."""
    for a, b, status in [
        (1, 2, r"^O, move 2"),
        (2, 5, r"^X, move 3"),
        (1, 5, r"X3 closed a cycle"),
    ]:
        click_and_wait(app, f"qttt-square-{a}", r"square \d chosen")
        click_and_wait(app, f"qttt-square-{b}", status)


def in_view(box: list[float], size: dict[str, int]) -> bool:
    x, y, w, h = box
    return x >= -1 and y >= -1 and x + w <= size["width"] + 1 and y + h <= size["height"] + 1


def graph_label_px(app: Any) -> list[float]:
    """The rendered size, in CSS px, of every label in the graph (font size times SVG scale)."""
    return app.evaluate(
        """root => [...root.querySelectorAll('.qttt-graph svg text')].map(t => {
            const scale = t.ownerSVGElement.getScreenCTM().a;
            const tspan = t.querySelector('tspan');
            const own = parseFloat(getComputedStyle(t).fontSize);
            const sub = tspan ? parseFloat(getComputedStyle(tspan).fontSize) : own;
            return Math.min(own, sub) * scale;
        })"""
    )


def mark_colours(app: Any) -> dict[str, str]:
    return app.evaluate(
        """root => {
            const c = sel => { const e = root.querySelector(sel);
                               return e ? getComputedStyle(e).color : null; };
            return {x: c('.qttt-spooky.qttt-mark-x'), o: c('.qttt-spooky.qttt-mark-o')};
        }"""
    )


def small_targets(app: Any) -> list[str]:
    return app.evaluate(
        """root => [...root.querySelectorAll(
                '.qttt-square, .qttt-choose, .qttt-undo, .qttt-redo, .qttt-new, .qttt-load')]
            .filter(e => e.offsetParent !== null)
            .map(e => [e.className, e.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 44 || r.height < 44)
            .map(([c, r]) => `${c}: ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )


def clipped_rings(app: Any, ring: float = 7) -> list[str]:
    """Controls whose focus ring (4 px at a 3 px offset) an ancestor that clips would cut."""
    return app.evaluate(
        """(root, ring) => [...root.querySelectorAll(
                '.qttt-square, .qttt-choose, .qttt-turn, .widget-button')]
            .filter(e => e.offsetParent !== null)
            .flatMap(e => {
                const r = e.getBoundingClientRect();
                const out = [];
                for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
                    const s = getComputedStyle(a);
                    if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
                    const c = a.getBoundingClientRect();
                    if (r.left - ring < c.left - 0.5 || r.right + ring > c.right + 0.5)
                        out.push(`${e.className.split(' ')[0]} in ${a.className}`);
                }
                return out.slice(0, 1);
            })""",
        ring,
    )


def small_type(app: Any) -> list[str]:
    """Text of the realities, legend, controls, panel titles, the turn's word and the
    metaphor note under 18 CSS px (a mark's subscript, part of the mark, excepted). The
    room strip of a shared game is checked in ``test_browser_shared.py``: a game on its
    own has none."""
    return app.evaluate(
        """root => [...root.querySelectorAll(
                '.qttt-realities *, .qttt-legend *, .widget-label, .widget-button, '
                + 'select, .qttt-timeline-length, .qttt-panel-title, .qttt-turn-word, '
                + '.qttt-metaphor')]
            .filter(e => e.offsetParent !== null && e.tagName !== 'SUB' && [...e.childNodes].some(
                n => n.nodeType === 3 && n.textContent.trim()))
            .map(e => [e.className || e.tagName, parseFloat(getComputedStyle(e).fontSize)])
            .filter(([_, px]) => px < 18)
            .map(([c, px]) => `${c}: ${px}`)"""
    )


def moved(before: dict[str, list[float]], after: dict[str, list[float]], limit: float = 3) -> list:
    out = []
    for sel, box in before.items():
        other = after[sel]
        if box is None or other is None:
            continue
        if max(abs(a - b) for a, b in zip(box, other, strict=True)) > limit:
            out.append((sel, box, other))
    return out


def assert_cycle_nodes_hatched(app: Any) -> None:
    """The graph's cycle nodes are hatched, as the board's squares are (not only amber):
    the fill Chromium paints is the board's own pattern, whatever the style sheet says."""
    fills = app.locator(".qttt-graph .qttt-node-hatch").evaluate_all(
        "els => els.map(e => getComputedStyle(e).fill)"
    )
    pattern = app.locator(".qttt-graph pattern").get_attribute("id")
    assert len(fills) == 3 and all(f'url("#{pattern}")' in fill for fill in fills), (pattern, fills)


@pytest.mark.parametrize("name", list(SIZES))
def test_voila_layout_at_each_size(voila: Any, offline_page: Any, name: str) -> None:
    size = SIZES[name]
    page = offline_page(viewport=size)
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    settle(app, quiet_ms=300)
    steady = PHONE_STEADY if size["width"] < 600 else STEADY
    start = boxes(app, steady)
    to_cycle(app)
    cycle = boxes(app, steady)
    assert not moved(start, cycle), f"closing a cycle moved: {moved(start, cycle)}"
    assert_cycle_nodes_hatched(app)
    screenshot(page, f"layout-voila-{name}-cycle")

    panels = PHONE_PANELS if size["width"] < 600 else APP_PANELS
    shown = boxes(app, panels)
    outside = {sel: box for sel, box in shown.items() if box is None or not in_view(box, size)}
    assert not outside, f"at {name}, not in view without scrolling: {outside}"
    if size["width"] < 600:
        explain = boxes(app, [".qttt-explain"])[".qttt-explain"]
        assert explain[1] + 60 <= size["height"], f"the explanation starts at {explain}"
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size["width"], f"at {name} the page scrolls sideways ({width} px)"

    clipped = app.evaluate(
        """root => { const s = root.querySelector('.qttt-status');
                    return s.scrollHeight > s.clientHeight + 1 ? s.innerText : null; }"""
    )
    assert clipped is None, f"at {name} the status line is cut off: {clipped!r}"
    labels = graph_label_px(app)
    assert labels and min(labels) >= 14, f"graph labels at {name}: {sorted(labels)[:5]} px"
    colours = mark_colours(app)
    assert colours["x"] and colours["o"] and colours["x"] != colours["o"], colours
    assert not small_targets(app), f"touch targets under 44 px: {small_targets(app)}"
    handle = page.locator(".qttt-timeline .noUi-handle").first
    if handle.count() and handle.is_visible():
        box = handle.bounding_box()
        assert box and min(box["width"], box["height"]) >= 44, f"timeline handle {box}"
    cut = clipped_rings(app)
    assert not cut, f"at {name} focus rings would be cut off: {cut}"
    if size["width"] >= 1600:
        small = small_type(app)
        assert not small, f"type under 18 px on the projector: {small}"

    # A refused click (square 3 is fine, so refuse a square during the collapse) moves nothing.
    click_and_wait(app, "qttt-square-9", r"^⚠ Not allowed")
    refused = boxes(app, steady)
    assert not moved(cycle, refused), f"a refusal moved: {moved(cycle, refused)}"
    click_and_wait(app, "qttt-choose-1", r"^O, move 4")
    check_board(app, "1-2 2-5 1-5 c1")
    after = boxes(app, steady)
    assert not moved(cycle, after), f"the collapse moved: {moved(cycle, after)}"
    screenshot(page, f"layout-voila-{name}-collapsed")


def test_voila_app_in_another_language_from_the_url(voila: Any, offline_page: Any) -> None:
    page = offline_page(viewport=SIZES["laptop-1366x768"])
    page.goto(voila.url(f"voila/render/{APP}?lang=fi"), timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    wait_for_status(app, r"^X, siirto 1: valitse kaksi ruutua$")
    to_cycle_fi = [(1, 2), (2, 5), (1, 5)]
    for i, (a, b) in enumerate(to_cycle_fi):
        app.locator(f".qttt-square-{a}").click()
        wait_for_status(app, r"valittu")
        app.locator(f".qttt-square-{b}").click()
        wait_for_status(app, r"^(O|X)(, siirto|:)")
        if i == 0:  # the odds as Finnish writes a percentage: 50 % (CLDR, a no-break space)
            # the odds are drawn a frame after the status: wait for them, not for the board
            odds_box = app.locator(".qttt-odds").filter(has_text="%")
            odds_box.wait_for(timeout=15_000)
            odds = odds_box.inner_text()
            assert "50\u00a0%" in odds and "50%" not in odds, odds
    settle(app, quiet_ms=350)
    # Long Finnish words stay inside their boxes.
    overflow = app.evaluate(
        """root => [...root.querySelectorAll('.qttt-choose, .qttt-turn, .qttt-status')]
            .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.className)"""
    )
    assert not overflow, overflow
    screenshot(page, "layout-voila-fi-1366x768-cycle")


# Text a student cannot read: a line of an explanation (or of the status, a choice button,
# the banner, the realities) outside a box of the app that clips it (overflow other than
# visible: a fixed height that scrolls), or inside a box that fades (a mask, a gradient).
HIDDEN_TEXT_JS = """root => {
    const out = [];
    const boxes = root.querySelectorAll('.qttt-explain, .qttt-status, .qttt-caption, '
        + '.qttt-choose, .qttt-turn-word, .qttt-realities .qttt-note, .qttt-odds-cell');
    for (const box of boxes) {
        if (box.offsetParent === null) continue;
        const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            if (!n.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            const lines = [...range.getClientRects()].filter(r => r.width >= 1);
            for (let a = n.parentElement; a && a !== root.parentElement; a = a.parentElement) {
                const s = getComputedStyle(a);
                const fades = [s.maskImage, s.webkitMaskImage].some(m => m && m !== 'none')
                              || /gradient/.test(s.backgroundImage);
                const clips = s.overflowX !== 'visible' || s.overflowY !== 'visible';
                if (!clips && !fades) continue;
                const b = a.getBoundingClientRect();
                const left = b.left + a.clientLeft, top = b.top + a.clientTop;
                const right = left + a.clientWidth, bottom = top + a.clientHeight;
                const cut = lines.some(r => r.left < left - 0.5 || r.top < top - 0.5
                    || r.right > right + 0.5 || r.bottom > bottom + 0.5);
                if (cut || fades) {
                    out.push(`"${n.textContent.trim().slice(0, 50)}" ${fades ? 'fades' : 'is cut'}`
                             + ` in ${String(a.className).split(' ')[0] || a.tagName}`);
                    break;
                }
            }
        }
    }
    return out;
}"""
# The moments of GAME (by its step number) whose explanations are checked.
MOMENTS = {4: "a cycle closed", 5: "collapsed", 6: "a refusal", len(GAME): "won"}


def test_every_explanation_is_read_whole_on_a_phone(voila: Any, offline_page: Any) -> None:
    """Every sentence the app explains with (the metaphor note too) is on the page, whole,
    in every language, at phone size (and laptop and projector): no box cuts it off or
    fades it out. A box of fixed height, planted back, is caught.

    One page plays the game, and at each moment its language menu goes through the five
    languages: one kernel instead of five, and the same texts as a page opened with
    ``?lang=`` (test_voila_app_in_another_language_from_the_url opens one)."""
    page = offline_page(viewport=SIZES["phone-390x844"])
    page.goto(voila.url(f"voila/render/{APP}"), timeout=APP_TIMEOUT)
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    settle(app, quiet_ms=400, timeout=APP_TIMEOUT)
    metaphor = app.locator(".qttt-metaphor")
    for number, step in enumerate(GAME, 1):
        app.locator(f".{step.target}").click()
        settle(app, quiet_ms=350)
        if number not in MOMENTS:
            continue
        for lang in LANGUAGES:
            speak(app, lang)
            for name, size in SIZES.items():
                page.set_viewport_size(size)
                settle(app, quiet_ms=250)
                hidden = app.evaluate(HIDDEN_TEXT_JS)
                assert not hidden, f"{lang}, {MOMENTS[number]}, {name}: {hidden}"
                assert metaphor.is_visible() and metaphor.inner_text().strip()
            page.set_viewport_size(SIZES["phone-390x844"])
        speak(app, "en")
        settle(app, quiet_ms=250)
    # the checker sees the fault it guards against: the phone's old explanation box
    page.add_style_tag(
        content=".qttt-app .qttt-stage .qttt-explain { height: 7.4em; overflow-y: auto; }"
    )
    settle(app, quiet_ms=250)
    planted = app.evaluate(HIDDEN_TEXT_JS)
    assert any("is cut in qttt-explain" in h for h in planted), planted


def play_by_keyboard(page: Any, app: Any) -> None:
    """Play ``GAME`` with the keyboard alone: a digit plays a square, Tab and Enter a choice.

    After a collapse the focus is on the square where the mark landed; after the collapse
    that wins, on the banner that says who won.
    """
    for number, step in enumerate(GAME, 1):
        square = re.fullmatch(r"qttt-(square|choose)-(\d)", step.target)
        assert square is not None
        kind, n = square.groups()
        if kind == "square":
            page.keyboard.press(n)  # a digit jumps to that square and plays it
        else:
            for _ in range(12):
                page.keyboard.press("Tab")
                if step.target in page.evaluate("() => document.activeElement.className"):
                    break
            else:
                raise AssertionError(f"Tab never reached {step.target}")
            page.keyboard.press("Enter")
        wait_for_status(app, step.status)
        if step.record is not None:
            check_board(app, step.record)
        if kind == "choose":
            settle(app, quiet_ms=300)
            focused = page.evaluate("() => document.activeElement.className")
            expected = "qttt-banner" if number == len(GAME) else f"qttt-square-{n}"
            assert expected in focused, f"focus after the collapse: {focused!r}"


def test_whole_game_by_keyboard_alone(voila: Any, offline_page: Any) -> None:
    page = offline_page(viewport=SIZES["laptop-1366x768"])
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    page.keyboard.press("Tab")
    focused = page.evaluate("() => document.activeElement.className")
    assert "qttt-square-1" in focused, f"the first Tab stop is {focused!r}, not square 1"
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                   return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"""
    )
    assert ring[0] != "none" and ring[1] >= 3, f"square 1's focus ring: {ring}"
    play_by_keyboard(page, app)
    assert status_text(app).startswith("X wins")
    assert FINAL_RECORD in app.locator(".qttt-log").inner_text()


# The focused element's ring (outline, outline-offset, box-shadow) against every ancestor
# that clips (overflow other than visible, paint containment), up to the page's own
# scroller: what lies outside such a box is not drawn.
RING_CUT_JS = r"""() => {
    const e = document.activeElement;
    const s = getComputedStyle(e);
    if (s.outlineStyle === 'none' || parseFloat(s.outlineWidth) < 3 || !e.matches(':focus-visible'))
        return [`${e.className}: no focus ring (${s.outlineStyle} ${s.outlineWidth})`];
    let reach = Math.max(0, parseFloat(s.outlineWidth) + parseFloat(s.outlineOffset));
    for (const shadow of (s.boxShadow === 'none' ? '' : s.boxShadow).split(/,(?![^(]*\))/)) {
        if (!shadow.trim() || /inset/.test(shadow)) continue;
        const [x, y, blur, spread] = (shadow.replace(/rgba?\([^)]*\)/, '').match(/-?[\d.]+px/g)
                                      || []).map(parseFloat).concat([0, 0, 0, 0]);
        reach = Math.max(reach, Math.max(Math.abs(x), Math.abs(y)) + blur + spread);
    }
    e.scrollIntoView({block: 'center', inline: 'center'});
    const r = e.getBoundingClientRect();
    const ring = {left: r.left - reach, top: r.top - reach,
                  right: r.right + reach, bottom: r.bottom + reach};
    const cut = [];
    const page = document.scrollingElement;
    for (let a = e.parentElement; a && a !== document.body && a !== page; a = a.parentElement) {
        const c = getComputedStyle(a);
        const clips = c.overflowX !== 'visible' || c.overflowY !== 'visible'
                      || /paint|strict|content/.test(c.contain);
        if (!clips) continue;
        const b = a.getBoundingClientRect();
        const box = {left: b.left + a.clientLeft, top: b.top + a.clientTop};
        box.right = box.left + a.clientWidth;
        box.bottom = box.top + a.clientHeight;
        const sides = ['left', 'top'].filter(k => ring[k] < box[k] - 0.5)
            .concat(['right', 'bottom'].filter(k => ring[k] > box[k] + 0.5));
        if (sides.length)
            cut.push(`${e.className.split(' ')[0]}'s ${reach}px ring cut at ${sides} by `
                     + `${a.tagName}.${String(a.className).split(' ').slice(0, 3).join('.')}`);
    }
    return cut;
}"""


def test_focus_rings_of_the_win_banner_and_square_1_are_whole(
    voila: Any, offline_page: Any
) -> None:
    """The game ends by keyboard: the focus is on the banner, whose whole ring (outline
    at its offset, outside the banner's frame) is drawn at every size; Tab goes on to
    square 1, whose ring is whole too. A container that clips, planted, is caught."""
    page = offline_page(viewport=SIZES["laptop-1366x768"])
    app = open_app(page, voila.url(f"voila/render/{APP}"))
    page.keyboard.press("Tab")
    play_by_keyboard(page, app)
    for name, size in [*SIZES.items(), ("laptop-1366x768", SIZES["laptop-1366x768"])]:
        page.set_viewport_size(size)
        settle(app, quiet_ms=300)
        assert "qttt-banner" in page.evaluate("() => document.activeElement.className")
        cut = page.evaluate(RING_CUT_JS)
        assert not cut, f"at {name} the win banner's focus ring is cut: {cut}"
        screenshot(page, f"focus-banner-{name}")
    # the checker sees a cut: the banner's row made to clip, as the stage's host did
    planted = page.add_style_tag(content=".qttt-app .qttt-head { overflow: hidden; }")
    assert page.evaluate(RING_CUT_JS), "a clipping container around the banner went unseen"
    planted.evaluate("node => node.remove()")
    page.keyboard.press("Tab")
    assert "qttt-square-1" in page.evaluate("() => document.activeElement.className")
    for name, size in SIZES.items():
        page.set_viewport_size(size)
        settle(app, quiet_ms=300)
        cut = page.evaluate(RING_CUT_JS)
        assert not cut, f"at {name} square 1's focus ring is cut: {cut}"


def test_jupyterlab_layout_at_each_size(lab: Any, offline_page: Any) -> None:
    page = offline_page(viewport=SIZES["projector-1920x1080"])
    panel = open_in_lab(page, lab, APP, workspace="layout")
    panel.locator(".jp-Cell").first.click()
    page.keyboard.press("Escape")
    page.keyboard.press("Shift+Enter")
    app = page.locator(".qttt-app")
    app.wait_for(timeout=APP_TIMEOUT)
    wait_until_idle(page)
    wait_for_status(app, r"^X, move 1")
    to_cycle(app)
    # JupyterLab itself has no phone layout (at 390 px its notebook area folds to
    # nothing); a phone opens the app in Voilà, measured above.
    for name, size in SIZES.items():
        if size["width"] < 600:
            continue
        page.set_viewport_size(size)
        settle(app, quiet_ms=400)
        app.evaluate("root => root.scrollIntoView({block: 'start'})")
        panel = page.locator(".jp-NotebookPanel:visible .jp-OutputArea-output").last
        area = panel.bounding_box()
        stage = app.locator(".qttt-stage").bounding_box()
        assert stage["x"] + stage["width"] <= area["x"] + area["width"] + 1, (
            f"at {name} the app is wider than the notebook's output area: {stage} vs {area}"
        )
        labels = graph_label_px(app)
        assert min(labels) >= 14, f"graph labels in JupyterLab at {name}: {min(labels)} px"
        # Scrolled to the app's top, the panels of the key moment fit in the notebook's
        # visible area (the explanation at least begins there; the realities may lie below).
        view = page.locator(".jp-NotebookPanel:visible .jp-WindowedPanel-outer").bounding_box()
        shown = boxes(app, PANELS)
        scroll_y = page.evaluate("() => window.scrollY")
        below = {
            sel: box
            for sel, box in shown.items()
            if box[1] - scroll_y + (60 if sel == ".qttt-explain" else box[3])
            > view["y"] + view["height"] + 1
        }
        assert not below, f"at {name} in JupyterLab, below the notebook's view: {below}, {view}"
        screenshot(page, f"layout-lab-{name}-cycle")


ANIMATION_JS = """root => new Promise(resolve => {
    // Record which squares hold a classical mark and what the caption says: at every
    // change of the app (a MutationObserver sees each step, however late its frame is
    // painted on a busy machine) and at every frame, for 2 s and until nothing animates.
    const frames = [];
    const t0 = performance.now();
    const look = () => {
        const classical = [...root.querySelectorAll('.qttt-square')]
            .filter(b => b.querySelector('.qttt-classical-mark'))
            .map(b => Number(b.dataset.square));
        const caption = root.querySelector('.qttt-caption');
        const busy = root.querySelector('.qttt-animating') !== null;
        frames.push([Math.round(performance.now() - t0), classical.join(','),
                     caption ? caption.textContent : '', busy]);
        return busy;
    };
    const observer = new MutationObserver(look);
    observer.observe(root, {subtree: true, childList: true, characterData: true,
                            attributes: true});
    const frame = () => {
        const busy = look();
        const spent = performance.now() - t0;
        if (spent < 2000 || (busy && spent < 10000)) requestAnimationFrame(frame);
        else { observer.disconnect(); resolve(frames); }
    };
    root.querySelector('.qttt-choose-1').click();
    requestAnimationFrame(frame);
})"""


def test_collapse_is_drawn_step_by_step_and_at_once_under_reduced_motion(
    voila: Any, offline_page: Any
) -> None:
    """Goff's Fig. 5: X3 to square 1 forces X1 to 2, then O2 to 5, one step at a time."""
    for motion in ("no-preference", "reduce"):
        page = offline_page(viewport=SIZES["laptop-1366x768"])
        page.emulate_media(reduced_motion=motion)
        app = open_app(page, voila.url(f"voila/render/{APP}"))
        to_cycle(app)
        frames = app.evaluate(ANIMATION_JS)
        boards = []
        for _, classical, _, _ in frames:
            if classical and (not boards or boards[-1] != classical):
                boards.append(classical)
        if motion == "reduce":
            assert boards == ["1,2,5"], boards
            assert not any(animating for *_, animating in frames)
        else:
            # one square at a time, in the order the collapse forces the marks
            assert boards == ["1", "1,2", "1,2,5"], boards
            captions = [c for _, _, c, _ in frames if c]
            assert any("must leave square 1" in c for c in captions), set(captions)
            steps = {}
            for ms, classical, _, _ in frames:
                steps.setdefault(classical, ms)
            # about a fifth of a second a step: the mean of both gaps, since one late
            # timer on a busy machine shortens one gap and lengthens the next
            gap = (steps["1,2,5"] - steps["1"]) / 2
            assert 150 <= gap <= 320, f"{gap} ms between steps ({steps})"
        check_board(app, "1-2 2-5 1-5 c1")
        if motion == "no-preference":
            screenshot(page, "layout-voila-laptop-1366x768-after-cascade")
