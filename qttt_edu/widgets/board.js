// The classroom board of qttt-edu: board, collapse choice, entanglement graph,
// explanation and realities, drawn from the view model Python sends
// (qttt_edu/view.py). The page decides no rule: a click or a key becomes a
// message ({type: "square" | "choose", square}) and Python answers with a new view.
// Plain ES module, no build step (anywidget loads it as it is).

const SVG = "http://www.w3.org/2000/svg";
const MARK = /([XO])([1-9])/g;
const STEP_MS = 220;
// A click with no answer from the kernel for this long: the kernel is gone.
const LOST_MS = 3000;
// A read-only board (the projected dashboard) has no clicks to notice a lost kernel by:
// it asks the kernel this often whether it is there (the kernel answers every message).
const ALIVE_MS = 5000;
// Graph geometry in SVG units: square columns/rows 0-2 scaled by UNIT, plus a margin.
const UNIT = 110;
const PAD = 50;

function el(tag, cls, attrs) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

function svg(tag, attrs) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  return node;
}

// A mark written the one way a student reads it everywhere: a letter and its move
// number as a subscript, in the player's colour (and the letter tells them apart).
function markNode(name, extra) {
  const span = el("span", `qttt-m qttt-mark-${name[0].toLowerCase()}${extra ? " " + extra : ""}`);
  span.append(name[0]);
  const sub = el("sub");
  sub.textContent = name.slice(1);
  span.append(sub);
  return span;
}

// Text with every mark name ("O2") drawn as a mark.
function rich(text) {
  const frag = document.createDocumentFragment();
  let at = 0;
  for (const m of text.matchAll(MARK)) {
    const before = m.index === 0 ? "" : text[m.index - 1];
    const after = text[m.index + 2] || "";
    if (/[\w]/.test(before) || /[\w]/.test(after)) continue;
    frag.append(text.slice(at, m.index), markNode(m[0]));
    at = m.index + 2;
  }
  frag.append(text.slice(at));
  return frag;
}

function fill(node, text) {
  node.replaceChildren(rich(text || ""));
}

const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// --- the board ------------------------------------------------------------------

function squareClasses(sq, view) {
  const c = ["qttt-square", `qttt-square-${sq.square}`];
  if (sq.classical) c.push("qttt-classical", `qttt-mark-${sq.classical.player.toLowerCase()}`);
  else if (sq.spooky.length) c.push("qttt-spooky-square");
  if (sq.selected) c.push("qttt-selected");
  if (sq.last) c.push("qttt-last");
  if (sq.cycle) c.push("qttt-cycle");
  if (sq.stem) c.push("qttt-stem");
  if (sq.choosable) c.push("qttt-choosable");
  if (sq.line) c.push("qttt-line", sq.line === "winner" ? "qttt-line-winner" : "qttt-line-later");
  if (view && IDLE.includes(view.phase)) c.push("qttt-idle");
  return c.join(" ");
}

// The phases in which a square takes no click: the computer thinks, the other player
// of a shared game is to act (a click would only be refused), the game is over.
const IDLE = ["thinking", "waiting", "over"];

function drawSquare(button, sq, view) {
  button.className = squareClasses(sq, view);
  button.title = sq.label;
  button.setAttribute("aria-label", sq.label);
  const resting = view && (view.phase === "thinking" || view.phase === "waiting");
  button.setAttribute("aria-disabled", resting ? "true" : "false");
  const num = el("span", "qttt-num", { "aria-hidden": "true" });
  num.textContent = String(sq.square);
  const body = [num];
  if (sq.classical) {
    const big = el("span", "qttt-classical-mark");
    big.append(markNode(sq.classical.mark));
    body.push(big);
  } else {
    const slots = el("span", "qttt-slots");
    for (const m of sq.spooky) {
      const flags = ["qttt-spooky", `qttt-slot-${m.slot}`];
      if (m.cycle) flags.push("qttt-on-cycle");
      if (m.stem) flags.push("qttt-on-stem");
      if (m.newest) flags.push("qttt-newest");
      const mark = markNode(m.mark, flags.join(" "));
      mark.dataset.partner = String(m.partner);
      mark.dataset.mark = m.mark;
      slots.append(mark);
    }
    body.push(slots);
  }
  button.replaceChildren(...body);
}

// --- the entanglement graph -----------------------------------------------------------

const gx = (v) => PAD + v * UNIT;

// A label's text sits on a baseline this far below its label_at point.
const LABEL_BASELINE = 6;

function graphLabel(edge) {
  const [x, y] = edge.label_at;
  const text = svg("text", {
    x: gx(x),
    y: gy(y) + LABEL_BASELINE,
    class: `qttt-edge-label qttt-mark-${edge.player.toLowerCase()}`,
    "text-anchor": "middle",
  });
  text.append(edge.mark[0]);
  const sub = svg("tspan", { class: "qttt-sub", dy: "5" });
  sub.textContent = edge.mark.slice(1);
  text.append(sub);
  return text;
}

const gy = gx;

function edgeClass(edge) {
  const c = ["qttt-edge", `qttt-edge-${edge.player.toLowerCase()}`];
  if (edge.cycle) c.push("qttt-edge-cycle");
  if (edge.stem) c.push("qttt-edge-stem");
  if (edge.newest) c.push("qttt-edge-newest");
  return c.join(" ");
}

// --- a stem's dashes stop clear of its label ------------------------------------------
// A stem is dashed. Drawn under its label, the label's white halo cut dashes into slivers
// beside the letters; instead each half runs from its node's rim to the edge of a clear
// box round the label, with a whole number of dash periods, so it starts with a dash at
// the node and ends with a gap at the label.
const LABEL_CLEAR = [17, 14]; // half width and height of the box a label keeps clear
const DASH_PERIOD = 15; // a stem's dash and gap (9 + 6, board.css)
const SAMPLES = 96;

const pathOf = (q) => `M ${q[0][0]} ${q[0][1]} Q ${q[1][0]} ${q[1][1]} ${q[2][0]} ${q[2][1]}`;

// The quadratic curve's blossom: at (t, t) its point, and (t0, t0), (t0, t1), (t1, t1)
// are the control points of its piece from t0 to t1 (from t1 back to t0 when t0 > t1).
function blossom(q, s, t) {
  const w = [(1 - s) * (1 - t), (1 - s) * t + s * (1 - t), s * t];
  return [0, 1].map((k) => w[0] * q[0][k] + w[1] * q[1][k] + w[2] * q[2][k]);
}

const piece = (q, t0, t1) => [blossom(q, t0, t0), blossom(q, t0, t1), blossom(q, t1, t1)];

function lengthOf(q) {
  let total = 0;
  let last = q[0];
  for (let i = 1; i <= 16; i++) {
    const p = blossom(q, i / 16, i / 16);
    total += Math.hypot(p[0] - last[0], p[1] - last[1]);
    last = p;
  }
  return total;
}

// The middle of a label's letters: a third of the way up from its baseline, as the move
// number's subscript hangs below it.
function labelCentre(edge) {
  const [x, y] = edge.label_at;
  return [gx(x), gy(y) + LABEL_BASELINE - 4];
}

/** Where along ``curve`` (t from 0 to 1, in SAMPLES steps) a stem's dashes may be: off
 * both nodes (radius ``r``) and outside the label's box. */
function drawable(curve, centre, r) {
  const free = [];
  for (let i = 0; i <= SAMPLES; i++) {
    const [x, y] = blossom(curve, i / SAMPLES, i / SAMPLES);
    const offNodes = [curve[0], curve[2]].every((n) => Math.hypot(x - n[0], y - n[1]) >= r);
    const offLabel =
      Math.abs(x - centre[0]) >= LABEL_CLEAR[0] || Math.abs(y - centre[1]) >= LABEL_CLEAR[1];
    free.push(offNodes && offLabel);
  }
  return free;
}

/** A stem's dashed paths: the runs of the curve off the nodes and the label, each drawn
 * from its node's side, so that its dashes start at the node and end on a gap. */
function stemPaths(curve, centre, r) {
  const free = drawable(curve, centre, r);
  const runs = [];
  free.forEach((ok, i) => {
    if (!ok) return;
    const last = runs[runs.length - 1];
    if (last && last[1] === i - 1) last[1] = i;
    else runs.push([i, i]);
  });
  return runs
    .map(([i, j]) => (i / SAMPLES < 1 - j / SAMPLES ? [i, j] : [j, i])) // from the nearer node
    .map(([i, j]) => piece(curve, i / SAMPLES, j / SAMPLES))
    .map((q) => [q, lengthOf(q)])
    .filter(([, length]) => length >= DASH_PERIOD / 3)
    .map(([q, length]) => {
      const periods = Math.max(1, Math.round(length / DASH_PERIOD));
      return svg("path", { d: pathOf(q), class: "qttt-edge-line", pathLength: periods * DASH_PERIOD });
    });
}

// Each board's hatch pattern gets its own id: two boards on one page (the dashboard's
// large game beside a student's, two apps in a notebook) must not share one.
const HATCH_PREFIX = `qttt-hatch-${Math.random().toString(36).slice(2, 8)}`;
let boards = 0;

function drawGraph(host, graph, texts, hatchId) {
  const size = 2 * PAD + 2 * UNIT;
  const root = svg("svg", {
    viewBox: `0 0 ${size} ${size}`,
    class: "qttt-graph-svg",
    role: "img",
    "aria-label": texts.graph_alt,
  });
  const defs = svg("defs");
  const hatch = svg("pattern", {
    id: hatchId,
    width: "8",
    height: "8",
    patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)",
  });
  hatch.append(svg("rect", { width: "8", height: "8", class: "qttt-hatch-bg" }));
  hatch.append(svg("rect", { width: "3.5", height: "8", class: "qttt-hatch-line" }));
  defs.append(hatch);
  root.append(defs);
  const frame = svg("g", { class: "qttt-graph-grid" });
  for (let i = 0; i < 4; i++) {
    const v = PAD - UNIT / 2 + i * UNIT;
    frame.append(svg("line", { x1: v, y1: PAD - UNIT / 2, x2: v, y2: size - PAD + UNIT / 2 }));
    frame.append(svg("line", { x1: PAD - UNIT / 2, y1: v, x2: size - PAD + UNIT / 2, y2: v }));
  }
  root.append(frame);
  const r = graph.radius * UNIT;
  const edges = svg("g", { class: "qttt-edges" });
  const labels = svg("g", { class: "qttt-edge-labels" });
  for (const edge of graph.edges) {
    const [ax, ay] = [graph.nodes[edge.a - 1].x, graph.nodes[edge.a - 1].y];
    const [bx, by] = [graph.nodes[edge.b - 1].x, graph.nodes[edge.b - 1].y];
    const [cx, cy] = edge.control;
    const curve = [[gx(ax), gy(ay)], [gx(cx), gy(cy)], [gx(bx), gy(by)]];
    const d = pathOf(curve);
    const g = svg("g", { class: edgeClass(edge), "data-mark": edge.mark });
    if (edge.cycle) g.append(svg("path", { d, class: "qttt-edge-halo" }));
    if (edge.stem) g.append(...stemPaths(curve, labelCentre(edge), r));
    else g.append(svg("path", { d, class: "qttt-edge-line" }));
    edges.append(g);
    const label = graphLabel(edge);
    label.setAttribute("data-mark", edge.mark);
    labels.append(label);
  }
  root.append(edges);
  const nodes = svg("g", { class: "qttt-nodes" });
  for (const node of graph.nodes) {
    const cls = ["qttt-node", `qttt-node-${node.square}`];
    if (node.classical) cls.push("qttt-node-classical", `qttt-node-${node.classical.player.toLowerCase()}`);
    else if (node.spooky) cls.push("qttt-node-spooky");
    if (node.cycle) cls.push("qttt-node-cycle");
    const g = svg("g", { class: cls.join(" "), "data-square": node.square });
    const [x, y] = [gx(node.x), gy(node.y)];
    g.append(svg("circle", { cx: x, cy: y, r }));
    if (node.cycle) {
      // an inline style: the style sheet's white node fill would beat a fill attribute
      const hatched = `fill: url(#${hatchId})`;
      g.append(svg("circle", { cx: x, cy: y, r: r - 4, class: "qttt-node-hatch", style: hatched }));
    }
    if (node.classical) {
      const text = svg("text", { x, y: y + 7, "text-anchor": "middle", class: "qttt-node-mark" });
      text.append(node.classical.mark[0]);
      const sub = svg("tspan", { class: "qttt-sub", dy: "5" });
      sub.textContent = node.classical.mark.slice(1);
      text.append(sub);
      g.append(text);
    } else {
      const text = svg("text", { x, y: y + 6, "text-anchor": "middle", class: "qttt-node-number" });
      text.textContent = String(node.square);
      g.append(text);
    }
    nodes.append(g);
  }
  root.append(nodes, labels);
  host.replaceChildren(root);
}

function legendSample(cls) {
  const s = svg("svg", { viewBox: "0 0 40 12", class: "qttt-legend-sample", "aria-hidden": "true" });
  const g = svg("g", { class: `qttt-edge ${cls}` });
  if (cls.includes("cycle")) g.append(svg("path", { d: "M 2 6 L 38 6", class: "qttt-edge-halo" }));
  g.append(svg("path", { d: "M 2 6 L 38 6", class: "qttt-edge-line" }));
  s.append(g);
  return s;
}

function drawLegend(host, texts) {
  const items = [
    ["qttt-edge-x", texts.graph_mark],
    ["qttt-edge-x qttt-edge-cycle", texts.graph_cycle],
    ["qttt-edge-x qttt-edge-stem", texts.graph_stem],
  ];
  host.replaceChildren(
    ...items.map(([cls, word]) => {
      const item = el("span", "qttt-legend-item");
      item.append(legendSample(cls), word);
      return item;
    }),
  );
}

// --- realities ---------------------------------------------------------------------

// A share as the page's language writes it (the browser's CLDR data, as Babel's on the
// Python side): 58 % in Danish, Finnish and Norwegian, 58% in English and Italian.
function percent(p, lang) {
  const format = new Intl.NumberFormat(lang || "en", { style: "percent", maximumFractionDigits: 0 });
  return p > 0 && p < 0.005 ? `<${format.format(0.01)}` : format.format(p);
}

function drawRealities(host, realities, view, texts) {
  if (!realities) {
    host.replaceChildren();
    return;
  }
  const head = el("div", "qttt-count" + (realities.decided ? " qttt-decided" : ""));
  head.textContent = realities.headline;
  const grid = el("div", "qttt-odds");
  for (const sq of realities.squares) {
    const cell = el("div", "qttt-odds-cell");
    const n = el("span", "qttt-sq");
    n.textContent = String(sq.square);
    cell.append(n);
    const classical = view.squares[sq.square - 1].classical;
    if (classical) {
      const line = el("div");
      line.append(markNode(classical.mark), " ", texts.realities_settled);
      cell.append(line);
    } else {
      for (const m of sq.marks.slice(0, 3)) {
        const line = el("div");
        line.append(markNode(m.mark), ` ${percent(m.p, view.lang)}`);
        cell.append(line);
      }
      if (sq.marks.length > 3) cell.lastChild.append(" …");
      if (sq.empty > 0 && sq.marks.length) {
        const line = el("div", "qttt-odds-empty");
        line.textContent = `${texts.realities_empty} ${percent(sq.empty, view.lang)}`;
        cell.append(line);
      }
    }
    grid.append(cell);
  }
  const note = el("div", "qttt-note");
  note.textContent = texts.realities_note;
  host.replaceChildren(head, grid, note);
}

// --- the whole stage -------------------------------------------------------------------

function build(el0) {
  const root = el("div", "qttt-stage");
  const head = el("div", "qttt-head");
  const turn = el("div", "qttt-turn", { "aria-hidden": "true" });
  const turnLetter = el("span", "qttt-turn-letter");
  const turnWord = el("span", "qttt-turn-word");
  turn.append(turnLetter, turnWord);
  const status = el("div", "qttt-status", { role: "status", "aria-live": "polite" });
  head.append(turn, status);
  const boardWrap = el("div", "qttt-board-wrap");
  const board = el("div", "qttt-board", { role: "group" });
  const buttons = [];
  for (let s = 1; s <= 9; s++) {
    const b = el("button", `qttt-square qttt-square-${s}`, { type: "button" });
    b.dataset.square = String(s);
    buttons.push(b);
    board.append(b);
  }
  const winline = svg("svg", { class: "qttt-winline", viewBox: "0 0 300 300", "aria-hidden": "true" });
  boardWrap.append(board, winline);
  const choices = el("div", "qttt-choices", { role: "group" });
  const graphBox = el("div", "qttt-graph-box");
  const graphTitle = el("div", "qttt-panel-title");
  const graph = el("div", "qttt-graph");
  const legend = el("div", "qttt-legend");
  graphBox.append(graphTitle, graph, legend);
  const side = el("div", "qttt-side");
  const explainTitle = el("div", "qttt-panel-title");
  const explain = el("div", "qttt-explain", { "aria-live": "polite" });
  const realitiesTitle = el("div", "qttt-panel-title");
  const realities = el("div", "qttt-realities");
  side.append(explainTitle, explain, realitiesTitle, realities);
  const right = el("div", "qttt-right");
  right.append(graphBox, side);
  root.append(head, boardWrap, choices, right);
  el0.append(root);
  return {
    root, turn, turnLetter, turnWord, status, board, buttons, winline, choices,
    graph, graphTitle, legend, explain, explainTitle, realities, realitiesTitle,
  };
}

function drawHead(ui, view, send) {
  const over = view.outcome;
  const player = over ? over.winner : view.to_act;
  ui.turn.className = "qttt-turn" + (player ? ` qttt-turn-${player.toLowerCase()}` : "") +
    (over ? " qttt-banner" : "") + (view.phase === "thinking" ? " qttt-thinking" : "");
  // The banner of a finished game can take the focus (update() moves it there when the
  // game ends); while it is only the turn badge it is no stop and not read out (the
  // status line says the same).
  for (const name of ["tabindex", "role", "aria-label", "aria-hidden"]) ui.turn.removeAttribute(name);
  if (over) {
    ui.turnLetter.textContent = over.winner || "=";
    ui.turnWord.textContent = over.banner;
    ui.turn.setAttribute("tabindex", "-1");
    ui.turn.setAttribute("role", "img");
    ui.turn.setAttribute("aria-label", over.banner);
  } else {
    ui.turn.setAttribute("aria-hidden", "true");
    ui.turnLetter.textContent = view.to_act || "?"; // a warm-up: whose turn is the question
    const computer = view.computer && view.computer === view.to_act;
    ui.turnWord.textContent = computer ? view.texts.turn_computer : view.texts.turn_label;
  }
  const parts = [];
  const msg = view.status.message;
  if (msg) {
    const m = el("span", msg.kind === "note" ? "qttt-note" : "qttt-refusal", { role: "alert" });
    fill(m, msg.text);
    parts.push(m);
  }
  const prompt = el("span", "qttt-prompt");
  fill(prompt, view.status.prompt);
  parts.push(prompt);
  // a shared game whose opponent is gone: why, and the button that lets the computer
  // take the seat, where the player looks (not at the foot of the page)
  const offer = view.status.offer;
  if (offer) {
    const line = el("span", "qttt-offer");
    if (offer.note) {
      const why = el("span", "qttt-offer-note");
      why.textContent = offer.note;
      line.append(why);
    }
    const take = el("button", "qttt-offer-button", { type: "button", title: offer.tooltip });
    take.textContent = offer.button;
    if (send) take.addEventListener("click", () => send(offer.action || "offer", 0));
    line.append(take);
    parts.push(line);
  }
  ui.status.replaceChildren(...parts);
  ui.status.className = "qttt-status" + (view.to_act ? ` qttt-turn-${view.to_act.toLowerCase()}` : "") +
    (offer ? " qttt-has-offer" : "");
}

function drawChoices(ui, view, send) {
  const pending = view.pending;
  ui.choices.setAttribute("aria-label", view.texts.choices_label);
  if (!pending || view.phase === "over") {
    ui.choices.replaceChildren();
    ui.choices.classList.remove("qttt-choices-open");
    return;
  }
  ui.choices.classList.add("qttt-choices-open");
  const thinking = view.phase === "thinking";
  // another screen's choice (a shared game: the other player, or a spectator): the
  // buttons stay in view, disabled, with who chooses on them
  const locked = pending.locked;
  ui.choices.classList.toggle("qttt-choices-locked", !!locked);
  ui.choices.replaceChildren(
    ...pending.buttons.map((choice) => {
      const b = el("button", `qttt-choose qttt-choose-${choice.square}`, {
        type: "button",
        title: choice.tooltip,
      });
      fill(b, choice.text);
      if (locked) {
        const who = el("span", "qttt-choose-who");
        who.textContent = locked;
        b.append(who);
      }
      if (thinking || locked) b.disabled = true;
      b.addEventListener("click", () => send("choose", choice.square));
      return b;
    }),
  );
}

function drawWinLine(ui, view) {
  ui.winline.replaceChildren();
  const outcome = view.outcome;
  if (!outcome) return;
  for (const line of outcome.lines) {
    const [a, , c] = line.squares;
    const p = (s) => [50 + ((s - 1) % 3) * 100, 50 + Math.floor((s - 1) / 3) * 100];
    const [x1, y1] = p(a);
    const [x2, y2] = p(c);
    const dx = (x2 - x1) * 0.12;
    const dy = (y2 - y1) * 0.12;
    ui.winline.append(svg("line", {
      x1: x1 - dx, y1: y1 - dy, x2: x2 + dx, y2: y2 + dy,
      class: `qttt-winline-${line.player.toLowerCase()}` + (line.winner ? " qttt-winline-first" : ""),
    }));
  }
}

function drawSide(ui, view) {
  const t = view.texts;
  ui.graphTitle.textContent = t.graph_title;
  ui.explainTitle.textContent = t.explain_title;
  ui.realitiesTitle.textContent = t.realities_title;
  const paragraphs = view.explain.map((s) => {
    const p = el("p");
    fill(p, s);
    return p;
  });
  const metaphor = el("p", "qttt-metaphor");
  metaphor.textContent = view.metaphor;
  ui.explain.replaceChildren(...paragraphs, metaphor);
  // The box is as tall as its text at every size (board.css); should a page's own style
  // ever cut it to a height, a keyboard can reach it to scroll; otherwise it is no stop on
  // the way to the squares. Checked once the board is drawn and the page is idle, so the
  // click's own frame is not slowed.
  const later = window.requestIdleCallback || ((fn) => setTimeout(fn, 50));
  later(() => {
    const overflows = ui.explain.scrollHeight > ui.explain.clientHeight + 1;
    if (overflows) ui.explain.setAttribute("tabindex", "0");
    else ui.explain.removeAttribute("tabindex");
  });
  drawRealities(ui.realities, view.realities, view, t);
}

// Hover or focus on a square (or one of its spooky marks) lights up the partner
// squares and the links in the graph.
function highlight(ui, marks) {
  ui.root.querySelectorAll(".qttt-partner, .qttt-hot").forEach((n) =>
    n.classList.remove("qttt-partner", "qttt-hot"));
  for (const mark of marks) {
    const partner = ui.buttons[Number(mark.partner) - 1];
    if (partner) partner.classList.add("qttt-partner");
    // the mark in both squares, its arc and its label in the graph
    ui.root.querySelectorAll(`[data-mark="${mark.mark}"]`).forEach((n) => n.classList.add("qttt-hot"));
  }
}

function marksOf(target) {
  const spooky = target.closest(".qttt-spooky");
  if (spooky) return [spooky.dataset];
  const square = target.closest(".qttt-square");
  if (!square) return [];
  return [...square.querySelectorAll(".qttt-spooky")].map((n) => n.dataset);
}

function render({ model, el: host }) {
  host.classList.add("qttt-stage-host");
  const ui = build(host);
  const hatchId = `${HATCH_PREFIX}-${++boards}`;
  let timers = [];
  let lastSeq = null;
  let wasOver = null; // the last view's game was over (null: no view yet)
  // A click the kernel does not answer within LOST_MS (it answers every one, and
  // redraws the board for most): the kernel is gone (restarted, a laptop that slept,
  // the server stopped). The board says so and offers to reload; a late answer takes
  // the notice away again.
  let pings = 0;
  let waiting = null;
  const answered = () => {
    if (waiting) clearTimeout(waiting);
    waiting = null;
    const notice = host.querySelector(".qttt-lost");
    if (notice) notice.remove();
  };
  const lost = () => {
    waiting = null;
    if (host.querySelector(".qttt-lost")) return;
    const words = model.get("lost") || {};
    const notice = el("div", "qttt-lost", { role: "alert" });
    const text = el("p");
    text.textContent = words.message || "⚠";
    const again = el("button", "qttt-lost-reload", { type: "button" });
    again.textContent = words.reload || "⟳";
    again.addEventListener("click", () => window.location.reload());
    notice.append(text, again);
    host.prepend(notice);
    again.focus({ preventScroll: true });
    notice.scrollIntoView({ block: "nearest" });
  };
  const onMessage = (msg) => {
    if (msg && msg.type === "ack") answered();
  };
  const ask = (message) => {
    pings += 1;
    if (!waiting) waiting = setTimeout(lost, LOST_MS);
    try {
      model.send({ ...message, ping: pings });
    } catch {
      lost(); // the comm is closed already
    }
  };
  // A read-only board (the teacher's dashboard) shows the game and sends no action; it
  // only asks, every ALIVE_MS, whether its kernel still answers.
  const send = (type, square) => {
    if (!model.get("readonly")) ask({ type, square });
  };
  const alive = model.get("readonly") ? setInterval(() => ask({ type: "alive" }), ALIVE_MS) : null;

  // While a collapse is pending a square is a choice, like the buttons ("choose"; Python
  // says why a square the collapse does not offer is no choice); else it is a mark
  // ("square"). Python refuses each where it is not that, so a click sent before the
  // board changed cannot be taken for the other.
  const choosing = () => {
    const view = model.get("view");
    return Boolean(view && view.pending && view.phase !== "over");
  };
  // a read-only board (the dashboard's large game) is no stop on the way through the
  // page by Tab: its squares take no move (each still says what it holds, on hover)
  if (model.get("readonly")) ui.buttons.forEach((b) => (b.tabIndex = -1));
  ui.buttons.forEach((b, i) => {
    b.addEventListener("click", () => {
      if (b.getAttribute("aria-disabled") === "true") return;
      send(choosing() ? "choose" : "square", i + 1);
    });
    b.addEventListener("keydown", (e) => {
      const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -3, ArrowDown: 3 };
      if (e.key in moves) {
        const next = i + moves[e.key];
        if (next >= 0 && next < 9) ui.buttons[next].focus();
        e.preventDefault();
      } else if (/^[1-9]$/.test(e.key)) {
        ui.buttons[Number(e.key) - 1].focus();
        ui.buttons[Number(e.key) - 1].click();
        e.preventDefault();
      }
    });
  });
  const light = (e) => highlight(ui, marksOf(e.target));
  const dark = () => highlight(ui, []);
  ui.board.addEventListener("pointerover", light);
  ui.board.addEventListener("pointerleave", dark);
  ui.board.addEventListener("focusin", light);
  ui.board.addEventListener("focusout", dark);

  function drawBoard(view, squares) {
    ui.board.setAttribute("aria-label", view.texts.board_label);
    squares.forEach((sq, i) => drawSquare(ui.buttons[i], sq, view));
  }

  function finish(view, focus, fresh) {
    drawBoard(view, view.squares);
    drawWinLine(ui, view);
    drawChoices(ui, view, send);
    ui.root.classList.remove("qttt-animating");
    if (focus) {
      const target = focus === "banner" ? ui.turn : ui.buttons[focus - 1];
      if (target) target.focus({ preventScroll: true });
    }
    // A cycle just closed: the choice buttons must be in view (in JupyterLab and
    // Notebook 7 on a laptop, the notebook's toolbars leave them below the fold).
    if (fresh && view.pending && view.phase !== "over") {
      const box = ui.choices.getBoundingClientRect();
      if (box.bottom > window.innerHeight - 28 || box.top < 0) {
        ui.choices.scrollIntoView({ block: "nearest", behavior: reducedMotion() ? "auto" : "smooth" });
      }
    }
  }

  // The collapse, mark by mark: start from the board just before, then each step
  // puts its mark as a classical mark in its square and takes it out of the other.
  function animate(view, focus) {
    const last = view.last_action;
    const before = last.before.map((sq) => ({ ...sq, spooky: [...sq.spooky] }));
    drawBoard(view, before);
    ui.root.classList.add("qttt-animating");
    const caption = el("div", "qttt-caption", { "aria-hidden": "true" });
    ui.choices.replaceChildren(caption);
    last.cascade.forEach((step, k) => {
      timers.push(setTimeout(() => {
        for (const sq of before) sq.spooky = sq.spooky.filter((m) => m.mark !== step.mark);
        const sq = before[step.square - 1];
        sq.classical = { mark: step.mark, player: step.player };
        sq.spooky = [];
        drawBoard(view, before);
        ui.buttons[step.square - 1].classList.add("qttt-landing");
        fill(caption, step.reason);
      }, STEP_MS * k));
    });
    timers.push(setTimeout(() => finish(view, focus), STEP_MS * last.cascade.length + 120));
  }

  function update() {
    const view = model.get("view");
    if (!view || !view.squares) return;
    timers.forEach(clearTimeout);
    timers = [];
    ui.root.dataset.phase = view.phase;
    ui.root.lang = view.lang;
    // a page that holds the app alone (the classroom's light page) speaks its language,
    // and keeps it in its address, so a reload keeps the language chosen in the menu
    if (document.body && document.body.hasAttribute("data-qttt-page") && view.lang) {
      document.documentElement.lang = view.lang;
      const url = new URL(window.location.href);
      if (url.searchParams.get("lang") !== view.lang) {
        url.searchParams.set("lang", view.lang);
        window.history.replaceState(window.history.state, "", url.href);
      }
    }
    drawHead(ui, view, send);
    drawSide(ui, view);
    drawGraph(ui.graph, view.graph, view.texts, hatchId);
    drawLegend(ui.legend, view.texts);
    const event = view.event || {};
    const fresh = event.seq !== undefined && event.seq !== lastSeq;
    lastSeq = event.seq;
    const had = ui.root.contains(document.activeElement) || document.activeElement === document.body;
    // The game has just ended: the focus goes to the banner that says how, where a
    // keyboard player sees it (else to the square where a collapse put the mark).
    const ended = wasOver === false && Boolean(view.outcome);
    wasOver = Boolean(view.outcome);
    const focus = fresh && had ? (ended ? "banner" : event.focus || null) : null;
    const last = view.last_action;
    if (fresh && event.animate && last && last.kind === "collapse" && last.before && !reducedMotion()) {
      animate(view, focus);
    } else {
      finish(view, focus, fresh);
    }
  }

  model.on("change:view", update);
  model.on("change:view", answered);
  model.on("msg:custom", onMessage);
  update();
  return () => {
    timers.forEach(clearTimeout);
    if (waiting) clearTimeout(waiting);
    clearInterval(alive);
    model.off("change:view", update);
    model.off("change:view", answered);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
