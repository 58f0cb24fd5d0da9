// The light app's page (qttt_edu/classroom/light.py): draws the game app that runs in the
// classroom's process, from the state its ipywidgets send over one WebSocket.
//
// A small widget page, for the kinds of widget the app is made of: boxes, buttons, menus,
// text fields, HTML, a slider, and the kit's anywidgets (the board, the page link), whose
// own ES modules draw them as in Voila. The elements carry ipywidgets' class names, so the
// app's style sheets (board.css, shared.css) style them as they do in Voila.
//
// To the server it sends what a widget page sends: {id, data: {method: "update", state}}
// when a student changes a value, {id, data: {method: "custom", content}} for a click or
// an anywidget's message. The server answers with batches of {type: "open" | "update" |
// "custom" | "close" | "root" | "refused" | "failed"}.

const WIDGET_PREFIX = "IPY_MODEL_";
const RETRY_MS = 2000; // how often a page whose server went away asks whether it is back

/** A widget's model as an anywidget's module sees it: get, set, save_changes, on, off, send. */
export class Model {
  constructor(id, state, link) {
    this.id = id;
    this.state = { ...state };
    this.link = link;
    this.handlers = new Map();
    this.unsaved = {};
  }

  get(name) {
    return this.state[name];
  }

  set(name, value) {
    this.state[name] = value;
    this.unsaved[name] = value;
    this.emit(`change:${name}`, value);
  }

  save_changes() {
    const state = this.unsaved;
    this.unsaved = {};
    if (Object.keys(state).length) this.link.send(this.id, { method: "update", state });
  }

  send(content) {
    this.link.send(this.id, { method: "custom", content });
  }

  on(event, handler) {
    for (const name of event.split(/\s+/)) {
      if (!this.handlers.has(name)) this.handlers.set(name, new Set());
      this.handlers.get(name).add(handler);
    }
  }

  off(event, handler) {
    for (const name of event.split(/\s+/)) {
      if (this.handlers.has(name)) this.handlers.get(name).delete(handler);
    }
  }

  emit(name, ...args) {
    for (const handler of [...(this.handlers.get(name) || [])]) handler(...args);
  }

  /** The server's update: the state changes, and each changed value is announced. */
  update(state) {
    const changed = Object.keys(state).filter(
      (name) => JSON.stringify(this.state[name]) !== JSON.stringify(state[name]),
    );
    Object.assign(this.state, state);
    for (const name of changed) this.emit(`change:${name}`, state[name]);
    if (changed.length) this.emit("change");
  }
}

const ref = (value) =>
  typeof value === "string" && value.startsWith(WIDGET_PREFIX)
    ? value.slice(WIDGET_PREFIX.length)
    : null;

const kebab = (name) => name.replace(/_/g, "-");

// The Layout model's properties that are CSS properties of the same name.
const LAYOUT = [
  "align_content", "align_items", "align_self", "bottom", "display", "flex", "flex_flow",
  "grid_area", "grid_gap", "height", "justify_content", "justify_items", "left", "margin",
  "max_height", "max_width", "min_height", "min_width", "order", "overflow", "padding",
  "right", "top", "visibility", "width",
];

/** The widgets of one page, drawn into elements. */
export class Page {
  constructor(link, doc = document) {
    this.link = link;
    this.doc = doc;
    this.models = new Map();
    this.modules = new Map();
    this.styles = new Set();
  }

  receive(message) {
    if (message.type === "open") {
      this.models.set(message.id, new Model(message.id, message.state, this.link));
    } else if (message.type === "update") {
      const model = this.models.get(message.id);
      if (model) model.update(message.state);
    } else if (message.type === "custom") {
      const model = this.models.get(message.id);
      if (model) model.emit("msg:custom", message.content, []);
    } else if (message.type === "close") {
      const model = this.models.get(message.id);
      if (model) model.emit("destroy");
      this.models.delete(message.id);
    }
  }

  model(value) {
    const id = ref(value) ?? value;
    return this.models.get(id) || null;
  }

  el(tag, cls) {
    const node = this.doc.createElement(tag);
    if (cls) node.className = cls;
    return node;
  }

  /** The element of a widget, kept up to date as its model changes. */
  view(id) {
    const model = this.model(id);
    if (!model) return this.el("div");
    const kind = model.get("_model_name");
    const make =
      {
        VBoxModel: () => this.box(model, "widget-vbox"),
        HBoxModel: () => this.box(model, "widget-hbox"),
        BoxModel: () => this.box(model, ""),
        ButtonModel: () => this.button(model),
        DropdownModel: () => this.dropdown(model),
        ToggleButtonsModel: () => this.toggles(model),
        TextModel: () => this.text(model),
        HTMLModel: () => this.html(model),
        IntSliderModel: () => this.slider(model),
        AnyModel: () => this.any(model),
      }[kind] || (() => this.el("div"));
    const node = make();
    this.common(model, node);
    return node;
  }

  // What every widget has: its CSS classes, its Layout, its tooltip.
  common(model, node) {
    const base = node.className;
    const classes = () => {
      node.className = [base, ...(model.get("_dom_classes") || [])].join(" ").trim();
    };
    classes();
    model.on("change:_dom_classes", classes);
    const layout = this.model(model.get("layout"));
    if (layout) {
      const apply = () => {
        for (const name of LAYOUT) {
          const value = layout.get(name);
          node.style.setProperty(kebab(name === "grid_gap" ? "gap" : name), value ?? "");
        }
      };
      apply();
      layout.on("change", apply);
    }
    const tip = () => {
      const tooltip = model.get("tooltip");
      if (tooltip) node.title = tooltip;
      else node.removeAttribute("title");
    };
    tip();
    model.on("change:tooltip", tip);
  }

  box(model, kind) {
    const node = this.el("div", `widget-container widget-box ${kind}`.trim());
    // a child already drawn keeps its element (an anywidget is rendered once, not again)
    let drawn = new Map();
    const fill = () => {
      const next = new Map();
      for (const child of model.get("children") || []) {
        next.set(child, drawn.get(child) || this.view(child));
      }
      drawn = next;
      node.replaceChildren(...next.values());
    };
    fill();
    model.on("change:children", fill);
    return node;
  }

  // A widget's label before its control (ipywidgets' widget-label), hidden when empty.
  label(model, node, control) {
    const label = this.el("label", "widget-label");
    const say = () => {
      label.textContent = model.get("description") || "";
      label.style.display = label.textContent ? "" : "none";
    };
    say();
    model.on("change:description", say);
    if (control) {
      control.id = `qttt-light-${model.id}`;
      label.htmlFor = control.id;
    }
    node.prepend(label);
  }

  button(model) {
    const node = this.el("button", "jupyter-widgets jupyter-button widget-button");
    node.type = "button";
    const draw = () => {
      node.textContent = model.get("description") || "";
      node.disabled = !!model.get("disabled");
    };
    draw();
    model.on("change:description change:disabled", draw);
    node.addEventListener("click", () => model.send({ event: "click" }));
    return node;
  }

  dropdown(model) {
    const node = this.el("div", "widget-inline-hbox widget-dropdown");
    const select = this.el("select");
    node.append(select);
    this.label(model, node, select);
    const draw = () => {
      const labels = model.get("_options_labels") || [];
      if (select.options.length !== labels.length || [...select.options].some((o, i) => o.text !== labels[i])) {
        select.replaceChildren(
          ...labels.map((text, i) => {
            const option = this.el("option");
            option.value = String(i);
            option.textContent = text;
            return option;
          }),
        );
      }
      const index = model.get("index");
      select.value = index === null || index === undefined ? "" : String(index);
      select.disabled = !!model.get("disabled");
    };
    draw();
    model.on("change:_options_labels change:index change:disabled", draw);
    select.addEventListener("change", () => {
      model.set("index", Number(select.value));
      model.save_changes();
    });
    return node;
  }

  // One button per option; the chosen one is pressed (mod-active, as ipywidgets marks it).
  toggles(model) {
    const node = this.el("div", "widget-inline-hbox widget-toggle-buttons");
    const row = this.el("div", "widget-toggle-buttons-row");
    row.setAttribute("role", "group");
    node.append(row);
    this.label(model, node, null);
    const draw = () => {
      const labels = model.get("_options_labels") || [];
      const index = model.get("index");
      row.replaceChildren(
        ...labels.map((text, i) => {
          const button = this.el("button", "widget-toggle-button jupyter-button");
          button.type = "button";
          button.textContent = text;
          button.disabled = !!model.get("disabled");
          button.classList.toggle("mod-active", i === index);
          button.setAttribute("aria-pressed", i === index ? "true" : "false");
          button.addEventListener("click", () => {
            if (model.get("index") === i) return;
            model.set("index", i);
            model.save_changes();
          });
          return button;
        }),
      );
    };
    draw();
    model.on("change:_options_labels change:index change:disabled", draw);
    return node;
  }

  text(model) {
    const node = this.el("div", "widget-inline-hbox widget-text");
    const input = this.el("input");
    input.type = "text";
    node.append(input);
    this.label(model, node, input);
    const draw = () => {
      const value = model.get("value") || "";
      // the server's echo of what was typed a moment ago must not take back what the
      // student typed since
      const echo = this.doc.activeElement === input && input.value.startsWith(value);
      if (input.value !== value && !echo) input.value = value;
      input.placeholder = model.get("placeholder") || "";
      input.disabled = !!model.get("disabled");
    };
    draw();
    model.on("change:value change:placeholder change:disabled", draw);
    const save = () => {
      if (input.value === model.get("value")) return;
      model.set("value", input.value);
      model.save_changes();
    };
    input.addEventListener(model.get("continuous_update") ? "input" : "change", save);
    input.addEventListener("keydown", (event) => {
      if (event.key === "Enter") {
        save();
        model.send({ event: "submit" });
      }
    });
    return node;
  }

  html(model) {
    const node = this.el("div", "widget-inline-hbox widget-html");
    const content = this.el("div", "widget-html-content");
    node.append(content);
    this.label(model, node, null);
    // The app's own HTML, made by the kit's Python (which escapes what people type), as
    // Voila shows it.
    const draw = () => {
      content.innerHTML = model.get("value") || "";
    };
    draw();
    model.on("change:value", draw);
    return node;
  }

  slider(model) {
    const node = this.el("div", "widget-inline-hbox widget-slider widget-hslider");
    const input = this.el("input", "slider-container");
    input.type = "range";
    const readout = this.el("div", "widget-readout");
    node.append(input, readout);
    this.label(model, node, input);
    const draw = () => {
      input.min = model.get("min");
      input.max = model.get("max");
      input.step = model.get("step") || 1;
      input.value = model.get("value");
      input.disabled = !!model.get("disabled");
      readout.textContent = model.get("readout") ? String(model.get("value")) : "";
    };
    draw();
    model.on("change:min change:max change:step change:value change:disabled", draw);
    input.addEventListener("change", () => {
      model.set("value", Number(input.value));
      model.save_changes();
    });
    return node;
  }

  // An anywidget: its own module draws it (the board, the page link); its style sheet
  // goes into the page once.
  any(model) {
    const node = this.el("div", "widget-anywidget");
    const css = model.get("_css");
    if (css && !this.styles.has(css)) {
      this.styles.add(css);
      const style = this.el("style");
      style.textContent = css;
      this.doc.head.append(style);
    }
    this.module(model.get("_esm")).then((mod) => {
      const widget = mod.default || mod;
      const render = typeof widget === "function" ? widget().render : widget.render;
      if (render) render({ model, el: node });
    });
    return node;
  }

  module(source) {
    if (!this.modules.has(source)) {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      this.modules.set(source, import(url));
    }
    return this.modules.get(source);
  }
}

/** The socket to the page's app, and what the page shows while it is gone. */
export function start({ win = window, doc = document } = {}) {
  const root = doc.getElementById("qttt-light");
  // the page's own query goes along (its language; the dashboard's ?room=, one game large)
  const url = new URL(root.dataset.socket || "socket", win.location.href);
  url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
  url.search = new URL(win.location.href).search;
  url.hash = "";
  const ws = new win.WebSocket(url.href);
  const link = {
    send(id, data) {
      if (ws.readyState !== 1) throw new Error("closed");
      ws.send(JSON.stringify({ id, data }));
    },
  };
  const page = new Page(link, doc);
  const notice = doc.getElementById("qttt-light-notice");
  const say = (text, reload = false) => {
    notice.querySelector("p").textContent = text;
    notice.querySelector("button").hidden = !reload;
    notice.hidden = false;
    doc.getElementById("qttt-light-loading").hidden = true;
  };
  notice.querySelector("button").addEventListener("click", () => win.location.reload());
  // the link to the site's own app takes this page's query along: its language, and the
  // room it plays (the seat is in the tab, where the site's app finds it too)
  const site = doc.querySelector(".qttt-light-foot a");
  if (site) site.addEventListener("click", () => (site.search = win.location.search));
  let drawn = false; // the app is on the page
  let refused = false; // the server said no before drawing it (a limit, a signed-out teacher)
  ws.addEventListener("message", (event) => {
    for (const message of JSON.parse(event.data)) {
      if (message.type === "root") {
        root.replaceChildren(page.view(message.id));
        drawn = true;
        doc.getElementById("qttt-light-loading").hidden = true;
      } else if (message.type === "refused" || message.type === "failed") {
        refused = !drawn;
        say(message.text, drawn);
      } else {
        page.receive(message);
      }
    }
  });
  ws.addEventListener("close", () => {
    // the app is gone (the server stopped, the network dropped): say so at once, above
    // the board, with a button to reload; a refused page keeps its refusal
    if (refused) return;
    say(notice.dataset.lost, true);
    // and once the server answers again (a restart, the network back), reload: the app
    // comes back, a shared game to its seat (kept in the tab)
    const again = async () => {
      try {
        const answer = await win.fetch(win.location.href, { cache: "no-store" });
        if (answer.ok) {
          win.location.reload();
          return;
        }
      } catch {
        /* still away */
      }
      win.setTimeout(again, RETRY_MS);
    };
    win.setTimeout(again, RETRY_MS);
  });
  return { ws, page };
}
