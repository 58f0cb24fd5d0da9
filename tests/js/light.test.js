// The light app's page (qttt_edu/classroom/light.js) without a browser: the widgets'
// messages as the classroom's process sends them, drawn into happy-dom, and what the
// page sends back for a student's click, choice and typing.
// Run: node --test tests/js/ (tests/test_page_js.py runs it).
import assert from "node:assert/strict";
import { afterEach, beforeEach, describe, it } from "node:test";
import { Window } from "happy-dom";

let window;
beforeEach(() => {
  window = new Window({ url: "http://10.0.0.5:8866/light/" });
  globalThis.window = window;
  globalThis.document = window.document;
});
afterEach(async () => {
  await window.happyDOM.close();
});

const { Page } = await import("../../qttt_edu/classroom/light.js");

const layout = (id, state = {}) => ({
  type: "open",
  id,
  state: { _model_name: "LayoutModel", display: null, width: null, ...state },
});

// An app of three controls in a row: a button, a menu and a text field.
function drawn() {
  const sent = [];
  const page = new Page({ send: (id, data) => sent.push({ id, data }) }, window.document);
  for (const message of [
    layout("L1"),
    layout("L2", { width: "auto" }),
    layout("L3"),
    layout("L4"),
    {
      type: "open",
      id: "B",
      state: {
        _model_name: "ButtonModel", description: "Undo", disabled: true,
        _dom_classes: ["qttt-undo"], layout: "IPY_MODEL_L1", tooltip: null,
      },
    },
    {
      type: "open",
      id: "D",
      state: {
        _model_name: "DropdownModel", description: "Opponent", index: 0,
        _options_labels: ["Human", "Computer"], layout: "IPY_MODEL_L2", _dom_classes: [],
      },
    },
    {
      type: "open",
      id: "T",
      state: {
        _model_name: "TextModel", value: "", placeholder: "room code",
        continuous_update: true, layout: "IPY_MODEL_L3", _dom_classes: ["qttt-room-input"],
      },
    },
    {
      type: "open",
      id: "R",
      state: {
        _model_name: "HBoxModel", children: ["IPY_MODEL_B", "IPY_MODEL_D", "IPY_MODEL_T"],
        layout: "IPY_MODEL_L4", _dom_classes: ["qttt-controls"],
      },
    },
  ]) {
    page.receive(message);
  }
  const node = page.view("R");
  window.document.body.append(node);
  return { page, node, sent };
}

describe("the light app's page", () => {
  it("draws the app's widgets with ipywidgets' classes, words and states", () => {
    const { node } = drawn();
    assert.ok(node.classList.contains("widget-hbox") && node.classList.contains("qttt-controls"));
    const button = node.querySelector("button.widget-button.qttt-undo");
    assert.equal(button.textContent, "Undo");
    assert.equal(button.disabled, true);
    const select = node.querySelector(".widget-dropdown select");
    assert.deepEqual([...select.options].map((o) => o.textContent), ["Human", "Computer"]);
    assert.equal(node.querySelector(".widget-dropdown label").textContent, "Opponent");
    assert.equal(node.querySelector(".widget-dropdown").style.width, "auto");
    assert.equal(node.querySelector(".qttt-room-input input").placeholder, "room code");
  });

  it("sends a click, a choice and typing as a widget page does", () => {
    const { node, sent } = drawn();
    node.querySelector("button").click(); // disabled: a browser sends nothing
    assert.deepEqual(sent, []);
    const select = node.querySelector("select");
    select.value = "1";
    select.dispatchEvent(new window.Event("change"));
    const input = node.querySelector("input");
    input.value = "K7M-Q2P";
    input.dispatchEvent(new window.Event("input"));
    assert.deepEqual(sent, [
      { id: "D", data: { method: "update", state: { index: 1 } } },
      { id: "T", data: { method: "update", state: { value: "K7M-Q2P" } } },
    ]);
  });

  it("follows the server's updates: words, disabled, hidden by its layout", () => {
    const { page, node, sent } = drawn();
    page.receive({ type: "update", id: "B", state: { description: "Angre", disabled: false } });
    const button = node.querySelector("button");
    assert.equal(button.textContent, "Angre");
    button.click();
    assert.deepEqual(sent, [{ id: "B", data: { method: "custom", content: { event: "click" } } }]);
    page.receive({ type: "update", id: "L1", state: { display: "none" } });
    assert.equal(button.style.display, "none");
    const field = node.querySelector(".qttt-room-input");
    page.receive({ type: "update", id: "R", state: { children: ["IPY_MODEL_T"] } });
    assert.equal(node.children.length, 1);
    assert.equal(node.children[0], field); // the same element, not drawn again
  });

  it("draws a view switch whose chosen button is pressed, and sends the other choice", () => {
    const sent = [];
    const page = new Page({ send: (id, data) => sent.push({ id, data }) }, window.document);
    page.receive(layout("LT"));
    page.receive({
      type: "open",
      id: "V",
      state: {
        _model_name: "ToggleButtonsModel", _options_labels: ["Games", "Statistics"],
        index: 0, layout: "IPY_MODEL_LT", _dom_classes: ["qttt-dash-view"],
      },
    });
    const node = page.view("V");
    const [games, stats] = node.querySelectorAll("button.widget-toggle-button");
    assert.equal(games.getAttribute("aria-pressed"), "true");
    assert.ok(games.classList.contains("mod-active") && !stats.classList.contains("mod-active"));
    stats.click();
    assert.deepEqual(sent, [{ id: "V", data: { method: "update", state: { index: 1 } } }]);
    page.receive({ type: "update", id: "V", state: { index: 1 } });
    const now = node.querySelectorAll("button.widget-toggle-button");
    assert.equal(now[1].getAttribute("aria-pressed"), "true");
  });

  it("keeps what a student types while the server echoes it", () => {
    const { page, node } = drawn();
    const input = node.querySelector("input");
    input.focus();
    for (const typed of ["K7M", "K7M-Q"]) {
      input.value = typed;
      input.dispatchEvent(new window.Event("input"));
    }
    page.receive({ type: "update", id: "T", state: { value: "K7M" } }); // the first echo
    assert.equal(input.value, "K7M-Q");
    input.blur();
    page.receive({ type: "update", id: "T", state: { value: "" } }); // the app clears it
    assert.equal(input.value, "");
  });
});
