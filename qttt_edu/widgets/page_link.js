// The page's side of a shared game (anywidget ES module of PageLink).
//
// - Tells the kernel the address links start from (href).
// - Keeps the room in the address bar (?room=K7M-Q2P) but the seat credential out of it:
//   a seat arriving in a link (#seat=... or the older ?seat=...) is read once, kept in
//   this tab's sessionStorage, removed from the address bar, and handed to the kernel
//   ("arrived"), as a login token would be (R9).
// - Says "alive" to the kernel every ALIVE_MS while the page is open: the kernel tells
//   the rooms service the seat's player is away when that stops (a closed tab or lid).
// - On the static site (Voici: the app is <site>/voici/render/app.html; or the classroom's
//   light app, whose page names the site's root in a meta tag), looks for the
//   rooms service beside the site (SERVICE_CONFIG at the site's root, served by
//   `qttt-edu classroom --site`) and tells the kernel its address and the class key this
//   tab holds ("service"; the students' link left it in sessionStorage through the join
//   page), or that there is none. Links then start from the join page, with the class
//   key in the fragment: the join page keeps it in the tab and out of the address bar.

const ALIVE_MS = 10000;
const SERVICE_CONFIG = "qttt-rooms.json";
const JOIN_PAGE = "qttt-join.html";
const CLASS_KEY = "qttt-rooms:class"; // where the join page keeps the class key
// the classroom's light app (qttt_edu/classroom/light.html) names the site's root itself
const rootMeta = () => document.querySelector('meta[name="qttt-site-root"]');
const inVoila = () => location.pathname.includes("/voila/render/");
const inSite = () => location.pathname.includes("/voici/render/") || !!rootMeta();
const inApp = () => inVoila() || inSite();
const normal = (room) => String(room).toUpperCase().replace(/[^0-9A-Z]/g, "");
const seatKey = (room) => "qttt-seat:" + normal(room);
const joinSeatKey = (room) => "qttt-rooms:seat:" + normal(room); // the join page's
const siteRoot = () => new URL(rootMeta() ? rootMeta().content : "../../", location.href);

function storage() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // storage refused (private mode, sandbox): the seat lives in the kernel only
  }
}

// The address a link to this app starts from, in Voila: this very page (its token and
// language kept, no room or seat).
function linkBase() {
  const url = new URL(location.href);
  url.searchParams.delete("room");
  url.searchParams.delete("seat");
  url.hash = "";
  return url.href;
}

// Elsewhere (JupyterLab, Notebook 7) the kernel builds the link from what the server
// says: its real base URL, whether a page without this one's cookie gets in (then the
// other device needs no token), whether it has Voila's extension, and the paths of its
// notebook sessions (the kernel finds its own among them).
async function serverFacts() {
  let base = "";
  try {
    base = JSON.parse(document.getElementById("jupyter-config-data").textContent).baseUrl || "/";
  } catch {
    return { base: "" }; // not a Jupyter server's page (an editor's notebook view): no link
  }
  const at = (path) => new URL(base + path, location.origin).href;
  const rest = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : "";
  const facts = { base: at(""), front: rest.startsWith("notebooks/") ? "notebook" : "lab" };
  const ask = async (path, options) => {
    try {
      return await fetch(at(path), { cache: "no-store", redirect: "manual", ...options });
    } catch {
      return null;
    }
  };
  const [open, voila, sessions] = await Promise.all([
    ask("api/status", { credentials: "omit" }), // as the other device: no cookie, no token
    ask("voila/tree", { method: "HEAD" }), // 404 without Voila's extension
    ask("api/sessions"),
  ]);
  facts.open = !!open && open.ok;
  facts.voila = !!voila && voila.status !== 404 && voila.status !== 0;
  facts.sessions = [];
  try {
    if (sessions && sessions.ok) facts.sessions = (await sessions.json()).map((s) => s.path);
  } catch {
    /* no sessions: the kernel says it cannot tell where the notebook is */
  }
  return facts;
}

// The room and seat this page was opened with; the seat (and on the site a class key)
// is moved out of the address bar.
function arrival() {
  if (!inApp()) return { room: "", seat: "" };
  const url = new URL(location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const room = url.searchParams.get("room") || hash.get("room") || "";
  let seat = hash.get("seat") || url.searchParams.get("seat") || "";
  const store = storage();
  if (room && seat && store) store.setItem(seatKey(room), seat);
  if (room && !seat && store) {
    seat = store.getItem(seatKey(room)) || store.getItem(joinSeatKey(room)) || "";
  }
  if (inSite() && hash.get("class") && store) store.setItem(CLASS_KEY, hash.get("class"));
  if (url.searchParams.has("seat") || hash.has("seat") || hash.has("class")) {
    url.searchParams.delete("seat");
    hash.delete("seat");
    hash.delete("class");
    if (room) url.searchParams.set("room", room);
    hash.delete("room");
    url.hash = hash.toString();
    history.replaceState(history.state, "", url.href);
  }
  return { room, seat };
}

// The rooms service beside the static site: its address, or "" when there is none
// (no config file: a plain web host, or not JSON: a host that answers every address).
async function findService() {
  try {
    const answer = await fetch(new URL(SERVICE_CONFIG, siteRoot()), {
      cache: "no-cache",
      credentials: "same-origin",
    });
    if (!answer.ok) return "";
    const config = await answer.json();
    if (!config || typeof config.service !== "string") return "";
    const url = new URL(config.service, answer.url);
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return url.href;
  } catch {
    return "";
  }
}

// The site's links start from its join page: the page's own query (its language) and
// the class key in the fragment, which never reaches a server.
function siteLinkBase(classKey) {
  const url = new URL(JOIN_PAGE, siteRoot());
  for (const [name, value] of new URL(location.href).searchParams) {
    if (!["room", "seat", "idle"].includes(name)) url.searchParams.set(name, value);
  }
  if (classKey) url.hash = new URLSearchParams({ class: classKey }).toString();
  return url.href;
}

function tellService(model) {
  const said = model.get("service") || {};
  if ("url" in said) return;
  findService().then((url) => {
    const store = storage();
    const classKey = (store && store.getItem(CLASS_KEY)) || "";
    if (url) model.set("href", siteLinkBase(classKey));
    model.set("service", url ? { url, class_key: classKey } : { url: "" });
    model.save_changes();
  });
}

function render({ model, el }) {
  el.classList.add("qttt-page-link");
  if (inSite()) {
    // the static site: tellService (below) sets href once it knows the service
  } else if (inVoila() && !model.get("href")) {
    model.set("href", linkBase());
  } else if (!inVoila() && model.get("ask") && !model.get("href") && !model.get("server").base) {
    serverFacts().then((facts) => {
      model.set("server", facts);
      model.save_changes();
    });
  }
  if (!model.get("arrived_sent")) {
    model.set("arrived", arrival());
    model.set("arrived_sent", true);
  }
  if (!inSite() && !("url" in (model.get("service") || {}))) {
    model.set("service", { url: "" }); // a browser kernel elsewhere (a lesson): no service
  }
  model.save_changes();
  if (inSite()) tellService(model);

  // Keep the room (not the seat) in the location bar, so a reload comes back to it;
  // the seat stays in this tab's storage.
  function keep() {
    if (!inApp()) return;
    const url = new URL(location.href);
    const params = model.get("params") || {};
    if (params.room) url.searchParams.set("room", params.room);
    else url.searchParams.delete("room");
    url.searchParams.delete("seat");
    const store = storage();
    if (store && params.room && params.seat) store.setItem(seatKey(params.room), params.seat);
    if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  }
  const alive = () => model.send({ type: "alive", visible: document.visibilityState !== "hidden" });
  const timer = setInterval(alive, ALIVE_MS);
  document.addEventListener("visibilitychange", alive);
  model.on("change:params", keep);
  keep();
  alive();
  return () => {
    clearInterval(timer);
    document.removeEventListener("visibilitychange", alive);
    model.off("change:params", keep);
  };
}

export default { render };
