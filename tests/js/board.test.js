// board.js without a browser: render() gets a fake anywidget model (get, on, off, send) and
// view models that the Python of this checkout made (tests/view_fixtures.py), and the tests
// read what a player would see: classes, labels, focus, the collapse animation's steps.
// Run: python -m tests.view_fixtures build/view-fixtures && node --test tests/js/
// (tests/test_page_js.py does both from pytest).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, it, mock } from "node:test";
import { Window } from "happy-dom";

const FIXTURES = process.env.QTTT_VIEW_FIXTURES || "build/view-fixtures";

function fixture(name) {
  const file = path.join(FIXTURES, `${name}.json`);
  try {
    return JSON.parse(readFileSync(file, "utf-8"));
  } catch (err) {
    throw new Error(`${file}: ${err.message} (write them: python -m tests.view_fixtures ${FIXTURES})`, {
      cause: err,
    });
  }
}

// A DOM for board.js's globals, fresh for every test.
let window;
beforeEach(() => {
  window = new Window({ url: "http://localhost/" });
  globalThis.window = window;
  globalThis.document = window.document;
});
// Every board a test shows is taken down as anywidget takes a view down (its cleanup), so
// no timer of a board outlives its test: a click's 3-second "kernel lost" wait would
// otherwise keep Node's runner waiting after the last test.
const shown = [];
afterEach(async () => {
  for (const cleanup of shown.splice(0)) cleanup();
  mock.timers.reset();
  await window.happyDOM.close();
});

const { default: board } = await import("../../qttt_edu/widgets/board.js");

// What anywidget hands render(): a model with get/on/off/send, and the host element.
function fakeModel(view, { readonly = false } = {}) {
  const state = { view, readonly };
  const handlers = new Map();
  const sent = [];
  return {
    sent,
    handlers,
    get: (key) => state[key],
    on: (event, fn) => handlers.set(event, [...(handlers.get(event) || []), fn]),
    off: (event, fn) => handlers.set(event, (handlers.get(event) || []).filter((f) => f !== fn)),
    send: (message) => sent.push(message),
    set(key, value) {
      state[key] = value;
      for (const fn of handlers.get(`change:${key}`) || []) fn();
    },
  };
}

function show(view, options) {
  const host = window.document.createElement("div");
  window.document.body.append(host);
  const model = fakeModel(view, options);
  const cleanup = board.render({ model, el: host });
  shown.push(cleanup);
  const squares = [...host.querySelectorAll(".qttt-board button")];
  return { host, model, cleanup, squares };
}

const classes = (node) => node.className.split(" ");

describe("the squares", () => {
  it("carry their number, the view's label and no marks on an empty board", () => {
    const view = fixture("empty");
    const { squares } = show(view);
    assert.equal(squares.length, 9);
    squares.forEach((b, i) => {
      assert.deepEqual(classes(b), ["qttt-square", `qttt-square-${i + 1}`]);
      assert.equal(b.getAttribute("aria-label"), view.squares[i].label);
      assert.equal(b.title, view.squares[i].label);
      assert.equal(b.getAttribute("aria-disabled"), "false");
      assert.equal(b.querySelector(".qttt-num").textContent, String(i + 1));
      assert.equal(b.querySelectorAll(".qttt-spooky").length, 0);
    });
  });

  it("show spooky marks as a letter with its move number, coloured by player", () => {
    const { squares } = show(fixture("spooky"));
    const marks = [...squares[1].querySelectorAll(".qttt-spooky")];
    assert.deepEqual(marks.map((m) => m.textContent), ["X1", "O2"]);
    assert.deepEqual(marks.map((m) => m.querySelector("sub").textContent), ["1", "2"]);
    assert.ok(classes(marks[0]).includes("qttt-mark-x"));
    assert.ok(classes(marks[1]).includes("qttt-mark-o"));
    assert.equal(marks[1].dataset.partner, "5");
    assert.ok(classes(squares[1]).includes("qttt-spooky-square"));
    assert.ok(!classes(squares[2]).includes("qttt-spooky-square"));
  });

  it("mark the first square of a pair as selected and nothing else", () => {
    const view = fixture("selected");
    const { squares } = show(view);
    const selected = squares.filter((b) => classes(b).includes("qttt-selected"));
    assert.deepEqual(selected.map((b) => b.dataset.square), ["5"]);
    assert.equal(view.phase, "second");
  });

  it("show the cycle, the choosable squares and the last move while a collapse waits", () => {
    const view = fixture("pending");
    const { squares } = show(view);
    const having = (cls) => squares.filter((b) => classes(b).includes(cls)).map((b) => +b.dataset.square);
    assert.deepEqual(having("qttt-cycle"), view.pending.cycle);
    assert.deepEqual(having("qttt-choosable"), view.pending.choices);
    assert.deepEqual(having("qttt-last"), [1, 5]);
    const newest = squares[0].querySelector(".qttt-newest");
    assert.equal(newest.dataset.mark, "X3");
    assert.ok(classes(newest).includes("qttt-on-cycle"));
  });

  it("draw classical marks large, and the winner's line apart from a later one", () => {
    const view = fixture("two_lines");
    const { host, squares } = show(view);
    const big = squares[6].querySelector(".qttt-classical-mark");
    assert.equal(big.textContent, view.squares[6].classical.mark);
    assert.ok(classes(squares[6]).includes(`qttt-mark-${view.squares[6].classical.player.toLowerCase()}`));
    for (const sq of [7, 8, 9]) assert.ok(classes(squares[sq - 1]).includes("qttt-line-winner"));
    for (const sq of [4, 5, 6]) assert.ok(classes(squares[sq - 1]).includes("qttt-line-later"));
    // a finished game takes no more clicks: every square shows it is idle
    assert.ok(squares.every((b) => classes(b).includes("qttt-idle")));
    const lines = [...host.querySelectorAll(".qttt-winline line")];
    assert.deepEqual(lines.map((l) => l.getAttribute("class")), ["qttt-winline-o qttt-winline-first", "qttt-winline-x"]);
    assert.equal(host.querySelector(".qttt-turn-letter").textContent, "O");
    assert.equal(host.querySelector(".qttt-turn-word").textContent, view.outcome.banner);
  });

  it("move the focus to the banner when the game ends there, and not on a game that is over already", () => {
    const won = fixture("two_lines");
    window.document.body.focus();
    const { host, model, squares } = show(fixture("pending"));
    const banner = host.querySelector(".qttt-turn");
    assert.equal(banner.getAttribute("aria-hidden"), "true");
    assert.equal(banner.getAttribute("tabindex"), null);
    squares[0].focus();
    model.set("view", { ...won, event: { seq: 2, animate: false, focus: null } });
    assert.equal(window.document.activeElement, banner);
    assert.equal(banner.getAttribute("tabindex"), "-1"); // focusable, but no Tab stop
    assert.equal(banner.getAttribute("aria-hidden"), null);
    assert.equal(banner.getAttribute("aria-label"), won.outcome.banner);
    // a page opened on a finished game leaves the focus where it is
    window.document.body.focus();
    const again = show(won);
    assert.notEqual(window.document.activeElement, again.host.querySelector(".qttt-turn"));
  });

  it("refuse clicks while the computer thinks, and say so to a screen reader", () => {
    const { model, squares } = show(fixture("thinking"));
    assert.ok(squares.every((b) => b.getAttribute("aria-disabled") === "true"));
    assert.ok(squares.every((b) => classes(b).includes("qttt-idle")));
    squares[2].click();
    assert.deepEqual(model.sent, []);
  });

  it("take no click while the other player of a shared game is to act", () => {
    const { model, squares } = show({ ...fixture("empty"), phase: "waiting" });
    assert.ok(squares.every((b) => b.getAttribute("aria-disabled") === "true"));
    assert.ok(squares.every((b) => classes(b).includes("qttt-idle")));
    squares[4].click();
    assert.deepEqual(model.sent, []);
  });

  it("use the language of the view", () => {
    const view = fixture("danish");
    const { host, squares } = show(view);
    assert.equal(host.querySelector(".qttt-stage").lang, "da");
    assert.equal(squares[0].getAttribute("aria-label"), view.squares[0].label);
    assert.match(view.squares[0].label, /^Felt 1/);
    assert.equal(host.querySelector(".qttt-board").getAttribute("aria-label"), view.texts.board_label);
    // a page of its own (the light page) says the language for the whole page; another
    // page's (JupyterLab's) is left alone
    assert.notEqual(window.document.documentElement.lang, "da");
    window.document.body.setAttribute("data-qttt-page", "");
    show(view);
    assert.equal(window.document.documentElement.lang, "da");
    // and in its address: a reload keeps the language chosen in the app's menu
    assert.equal(new URL(window.location.href).searchParams.get("lang"), "da");
  });
});

describe("what the page sends", () => {
  it("sends a click on a square as one message and nothing else", () => {
    const { model, squares } = show(fixture("spooky"));
    squares[4].click();
    assert.deepEqual(model.sent, [{ type: "square", square: 5, ping: 1 }]);
  });

  it("offers the two choices of a collapse as buttons that send 'choose'", () => {
    const view = fixture("pending");
    const { host, model } = show(view);
    const buttons = [...host.querySelectorAll(".qttt-choices button")];
    assert.deepEqual(
      buttons.map((b) => b.className),
      view.pending.buttons.map((c) => `qttt-choose qttt-choose-${c.square}`),
    );
    assert.deepEqual(buttons.map((b) => b.textContent), view.pending.buttons.map((c) => c.text));
    assert.deepEqual(buttons.map((b) => b.title), view.pending.buttons.map((c) => c.tooltip));
    buttons[1].click();
    assert.deepEqual(model.sent, [
      { type: "choose", square: view.pending.buttons[1].square, ping: 1 },
    ]);
  });

  it("sends a click on a square as a choice while a collapse is pending", () => {
    const view = fixture("pending");
    const { model, squares } = show(view);
    const offered = view.squares.findIndex((sq) => sq.choosable);
    const other = view.squares.findIndex((sq) => !sq.choosable);
    squares[offered].click();
    squares[other].click(); // Python says why it is no choice
    assert.deepEqual(model.sent, [
      { type: "choose", square: offered + 1, ping: 1 },
      { type: "choose", square: other + 1, ping: 2 },
    ]);
  });

  it("sends nothing from a read-only board (the teacher's dashboard)", () => {
    const { host, model, squares } = show(fixture("pending"), { readonly: true });
    squares[0].click();
    host.querySelector(".qttt-choices button").click();
    assert.deepEqual(model.sent, []);
    // and Tab passes it by: nine squares that take no move are no stops on the way
    assert.ok(squares.every((b) => b.tabIndex === -1));
  });

  it("asks its kernel every 5 s when read-only, and says so when no answer comes", () => {
    mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
    const { host, model } = show(fixture("pending"), { readonly: true });
    mock.timers.tick(4999);
    assert.deepEqual(model.sent, []);
    mock.timers.tick(1);
    assert.deepEqual(model.sent, [{ type: "alive", ping: 1 }]);
    mock.timers.tick(2999);
    assert.equal(host.querySelector(".qttt-lost"), null);
    mock.timers.tick(1); // 3 s without an answer: the projector says the kernel is gone
    assert.ok(host.querySelector(".qttt-lost"));
    for (const fn of model.handlers.get("msg:custom")) fn({ type: "ack", ping: 1 });
    assert.equal(host.querySelector(".qttt-lost"), null);
  });

  it("asks nothing on a timer when it can be played (its clicks are answered)", () => {
    mock.timers.enable({ apis: ["setTimeout", "setInterval"] });
    const { model } = show(fixture("empty"));
    mock.timers.tick(60000);
    assert.deepEqual(model.sent, []);
  });

  it("plays a square from its digit key and moves focus with the arrows", () => {
    const { model, squares } = show(fixture("empty"));
    squares[0].focus();
    const key = (target, k) => target.dispatchEvent(new window.KeyboardEvent("keydown", { key: k, bubbles: true }));
    key(squares[0], "ArrowRight");
    assert.equal(window.document.activeElement, squares[1]);
    key(squares[1], "ArrowDown");
    assert.equal(window.document.activeElement, squares[4]);
    key(squares[4], "ArrowUp");
    key(squares[1], "ArrowUp"); // off the board: focus stays
    assert.equal(window.document.activeElement, squares[1]);
    key(squares[1], "9");
    assert.equal(window.document.activeElement, squares[8]);
    assert.deepEqual(model.sent, [{ type: "square", square: 9, ping: 1 }]);
  });
});

describe("the status line", () => {
  it("shows a refusal as an alert above the prompt, with marks drawn as marks", () => {
    const view = fixture("refusal");
    const { host } = show(view);
    const alert = host.querySelector(".qttt-status [role=alert]");
    assert.ok(classes(alert).includes("qttt-refusal"));
    assert.equal(alert.textContent, view.status.message.text);
    assert.equal(alert.querySelector(".qttt-m").textContent, "X1");
    assert.equal(host.querySelector(".qttt-prompt").textContent, view.status.prompt);
  });

  it("makes a shared game's offer below the prompt, and its button sends the offer", () => {
    const view = fixture("offer");
    const { host, model } = show(view);
    const status = host.querySelector(".qttt-status");
    assert.ok(classes(status).includes("qttt-has-offer"));
    assert.equal(status.querySelector(".qttt-offer-note").textContent, "Bo (O) is away");
    const take = status.querySelector("button.qttt-offer-button");
    assert.equal(take.textContent, "Let the computer play O");
    assert.equal(take.getAttribute("title"), view.status.offer.tooltip);
    take.click();
    assert.deepEqual(model.sent, [{ type: "offer", square: 0, ping: 1 }]);
  });

  it("holds a warm-up's answers back, and its Show button sends 'show'", () => {
    const view = fixture("warm_up");
    const { host, model } = show(view);
    const status = host.querySelector(".qttt-status");
    assert.equal(host.querySelector(".qttt-prompt").textContent, view.status.prompt);
    assert.ok(!/qttt-turn-[xo]/.test(status.className), "no player's colour gives the turn away");
    assert.equal(host.querySelector(".qttt-turn-letter").textContent, "?");
    assert.equal(host.querySelector(".qttt-realities").children.length, 0);
    for (const button of host.querySelectorAll(".qttt-choices button")) {
      assert.ok(!button.getAttribute("title").includes("→"), "a tooltip tells where marks land");
    }
    const reveal = status.querySelector("button.qttt-offer-button");
    assert.equal(reveal.textContent, "Show");
    reveal.click();
    assert.deepEqual(model.sent, [{ type: "show", square: 0, ping: 1 }]);
  });

  it("makes no offer when the view has none", () => {
    const { host } = show(fixture("refusal"));
    assert.equal(host.querySelector(".qttt-offer"), null);
    assert.ok(!classes(host.querySelector(".qttt-status")).includes("qttt-has-offer"));
  });
});

describe("the collapse animation", () => {
  it("starts from the board before and lands one mark per step, then shows the result", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    const view = fixture("collapsed");
    const steps = view.last_action.cascade;
    window.document.body.focus();
    const { host, squares } = show(view);
    const stage = host.querySelector(".qttt-stage");
    assert.ok(classes(stage).includes("qttt-animating"));
    // the first frame is the board before the collapse: the cycle's marks still spooky
    assert.equal(squares[0].querySelectorAll(".qttt-spooky").length, 2);
    assert.equal(squares[0].querySelector(".qttt-classical-mark"), null);
    const caption = host.querySelector(".qttt-caption");
    steps.forEach((step, k) => {
      mock.timers.tick(k === 0 ? 0 : 220);
      const landed = squares[step.square - 1];
      assert.equal(landed.querySelector(".qttt-classical-mark").textContent, step.mark);
      assert.ok(classes(landed).includes("qttt-landing"));
      assert.equal(caption.textContent, step.reason);
      // the mark has left every other square
      for (const other of squares) {
        const spooky = [...other.querySelectorAll(".qttt-spooky")].map((m) => m.dataset.mark);
        assert.ok(!spooky.includes(step.mark));
      }
    });
    mock.timers.tick(220 + 120);
    assert.ok(!classes(stage).includes("qttt-animating"));
    squares.forEach((b, i) => assert.equal(b.getAttribute("aria-label"), view.squares[i].label));
    // focus goes to the square the chosen mark landed in
    assert.equal(window.document.activeElement, squares[view.event.focus - 1]);
  });

  it("is skipped when the player asked for reduced motion", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    window.matchMedia = (query) => ({ matches: query.includes("reduce"), media: query });
    const view = fixture("collapsed");
    const { host, squares } = show(view);
    assert.ok(!classes(host.querySelector(".qttt-stage")).includes("qttt-animating"));
    assert.equal(squares[0].querySelector(".qttt-classical-mark").textContent, "X3");
  });

  it("does not replay when the same event arrives again", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    const view = fixture("collapsed");
    const { host, model } = show(view);
    mock.timers.tick(5000);
    model.set("view", { ...view });
    assert.ok(!classes(host.querySelector(".qttt-stage")).includes("qttt-animating"));
  });
});

describe("the entanglement graph", () => {
  it("draws a node per square and an edge per spooky mark", () => {
    const view = fixture("pending");
    const { host } = show(view);
    assert.equal(host.querySelectorAll(".qttt-node").length, 9);
    const edges = [...host.querySelectorAll(".qttt-edges > g")];
    assert.deepEqual(edges.map((g) => g.dataset.mark), view.graph.edges.map((e) => e.mark));
    assert.equal(host.querySelectorAll(".qttt-edges .qttt-edge-cycle").length, view.pending.cycle.length);
  });

  it("stops a stem's dashes clear of its label, each piece ending on a gap", () => {
    const view = fixture("stems");
    const { host } = show(view);
    const [UNIT, PAD] = [110, 50]; // board.js's graph units
    const at = (v) => PAD + v * UNIT;
    const stems = view.graph.edges.filter((e) => e.stem);
    assert.deepEqual(stems.map((e) => e.mark), ["O2", "X3"]);
    for (const edge of view.graph.edges) {
      const lines = [...host.querySelectorAll(`.qttt-edges > g[data-mark="${edge.mark}"] .qttt-edge-line`)];
      if (!edge.stem) {
        assert.equal(lines.length, 1, edge.mark); // a solid edge: one path, node to node
        assert.equal(lines[0].getAttribute("pathLength"), null);
        continue;
      }
      assert.equal(lines.length, 2, `${edge.mark}: a piece on each side of the label`);
      const [lx, ly] = [at(edge.label_at[0]), at(edge.label_at[1])];
      for (const line of lines) {
        // the whole piece: every point of its curve stays out of the label's letters
        const n = line.getAttribute("d").match(/-?[\d.]+/g).map(Number);
        for (let i = 0; i <= 20; i++) {
          const t = i / 20;
          const w = [(1 - t) ** 2, 2 * t * (1 - t), t * t];
          const x = w[0] * n[0] + w[1] * n[2] + w[2] * n[4];
          const y = w[0] * n[1] + w[1] * n[3] + w[2] * n[5];
          assert.ok(Math.abs(x - lx) > 14 || Math.abs(y - ly - 2) > 11, `${edge.mark} at (${x}, ${y})`);
        }
        assert.equal(Number(line.getAttribute("pathLength")) % 15, 0, "whole dash periods");
      }
    }
  });

  it("gives each board its own hatch pattern, so two boards on a page share no id", () => {
    const a = show(fixture("pending"));
    const b = show(fixture("pending"));
    const ids = [...window.document.querySelectorAll("pattern")].map((p) => p.id);
    assert.equal(ids.length, 2);
    assert.notEqual(ids[0], ids[1]);
    for (const { host } of [a, b]) {
      const id = host.querySelector("pattern").id;
      for (const circle of host.querySelectorAll(".qttt-node-hatch")) {
        // inline: a fill attribute loses to the style sheet's white node fill
        assert.equal(circle.getAttribute("style"), `fill: url(#${id})`);
      }
      assert.equal(host.querySelectorAll(".qttt-node-hatch").length, 3);
    }
    assert.equal(new Set([...window.document.querySelectorAll("[id]")].map((n) => n.id)).size,
      window.document.querySelectorAll("[id]").length);
  });
});

describe("cleanup", () => {
  it("stops listening to the model and cancels a running animation", () => {
    mock.timers.enable({ apis: ["setTimeout"] });
    const { model, cleanup, host } = show(fixture("collapsed"));
    assert.ok(model.handlers.get("change:view").length > 0);
    cleanup();
    assert.equal(model.handlers.get("change:view").length, 0);
    mock.timers.tick(5000);
    assert.ok(classes(host.querySelector(".qttt-stage")).includes("qttt-animating"));
  });
});
