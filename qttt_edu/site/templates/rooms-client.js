// The browser's client of the rooms service (protocol 1, lessons/shared_games.md).
//
// An ES module with no dependencies. A page served beside a rooms service
// (`qttt-edu classroom --site`) finds the service in `qttt-rooms.json` at the site's
// root; a site with no service has no such file, and findService() answers null so the
// page can say that shared games need a server.
//
// Keys: the class key, a room and a seat credential may arrive in the link's fragment
// (`#class=...&room=K7M-Q2P&seat=...`; a fragment never reaches a server or its log).
// takeKeys() reads them once, keeps them in this tab's sessionStorage and removes them
// from the address bar, as a login token would be (R9). They travel in request headers
// only, never in a URL.
//
// A change notice only wakes the client: watch() then reads the room from the service
// and hands the page what that answer holds; nothing shown comes from a notice.

export const PROTOCOL = 1;
export const CONFIG_FILE = "qttt-rooms.json";
const STORE_PREFIX = "qttt-rooms:";
const BACKOFF_FIRST_MS = 500;
const BACKOFF_MAX_MS = 10000;
const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A room code as the service keys it: `k7m-q2p` -> `K7MQ2P`. */
export const normalCode = (code) => String(code).toUpperCase().replace(/[^0-9A-Z]/g, "");

/** A random id of `length` URL-safe characters (client ids, action ids). */
export function randomId(length = 22) {
  const bytes = new Uint8Array(length);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ID_CHARS[b % 64]).join("");
}

function storage() {
  try {
    return window.sessionStorage;
  } catch {
    return null; // refused (private mode, sandbox): keys live in the page only
  }
}

const remember = (name, value) => {
  const store = storage();
  if (store && value) store.setItem(STORE_PREFIX + name, value);
};
const recall = (name) => {
  const store = storage();
  return (store && store.getItem(STORE_PREFIX + name)) || "";
};

/** The seat credential this tab holds for a room, if any. */
export const seatFor = (code) => recall("seat:" + normalCode(code));

/**
 * Keys from the address: read the fragment's class, room and seat once, keep them in
 * the tab's sessionStorage, take them out of the address bar (history.replaceState).
 * The room stays in the query (`?room=K7M-Q2P`), so a reload comes back to it.
 * Returns {classKey, room, seat} (each "" when unknown).
 */
export function takeKeys(win = window) {
  const url = new URL(win.location.href);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const classKey = hash.get("class") || "";
  const room = hash.get("room") || url.searchParams.get("room") || "";
  const seat = hash.get("seat") || "";
  if (classKey) remember("class", classKey);
  if (room && seat) remember("seat:" + normalCode(room), seat);
  if (hash.has("class") || hash.has("seat") || hash.has("room")) {
    for (const name of ["class", "seat", "room"]) hash.delete(name);
    if (room) url.searchParams.set("room", room);
    url.hash = hash.toString();
    win.history.replaceState(win.history.state, "", url.href);
  }
  return {
    classKey: classKey || recall("class"),
    room,
    seat: seat || (room ? seatFor(room) : ""),
  };
}

/**
 * Where the students' link lands (`qttt-join.html`): take the link's keys into the tab
 * (takeKeys), then open the site itself (or `page`: `qttt-edu classroom --site` opens its
 * light app, `light/`), on the link's room if it names one, keeping the
 * link's other query parameters (`?lang=fi`). The join page's address, keys and all,
 * leaves the history (location.replace). Returns the address opened.
 */
export function joinSite(win = window, page = "./") {
  takeKeys(win); // leaves the link's room, if any, in the address's query
  const next = new URL(page, win.location.href);
  next.search = new URL(win.location.href).search;
  win.location.replace(next.href);
  return next.href;
}

/**
 * The rooms service beside this site: its absolute URL, or null when the site is served
 * without one (no config file, or not this protocol).
 */
export async function findService(siteRoot) {
  let where;
  try {
    where = new URL(CONFIG_FILE, siteRoot);
  } catch {
    return null;
  }
  let config;
  try {
    const answer = await fetch(where, { cache: "no-cache", credentials: "same-origin" });
    if (!answer.ok) return null;
    config = await answer.json();
  } catch {
    return null; // no server (a file:// page), or not JSON
  }
  if (!config || typeof config.service !== "string") return null;
  const url = new URL(config.service, where);
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return url.href;
}

/** A refusal or failure of the service, with the protocol's kind and its words. */
export class RoomsError extends Error {
  constructor(kind, status, message, extra = {}) {
    super(message);
    this.name = "RoomsError";
    this.kind = kind;
    this.status = status;
    this.key = extra.key || null;
    this.fields = extra.fields || {};
    this.room = extra.room || null;
    this.retryAfter = extra.retry_after ?? null;
  }
}

/** Link for the opponent: this site, the class key and the room (they join its free seat). */
export function inviteLink(siteUrl, classKey, code) {
  const url = new URL(siteUrl);
  url.hash = new URLSearchParams({ class: classKey, room: code }).toString();
  return url.href;
}

export class RoomsClient {
  /**
   * serviceUrl: the service's base URL (findService()); classKey: the class key;
   * lang: the language of the service's messages (en, da, fi, nb, it).
   */
  constructor(serviceUrl, { classKey = "", lang = "", onStatus = null } = {}) {
    this.url = serviceUrl.endsWith("/") ? serviceUrl : serviceUrl + "/";
    this.classKey = classKey;
    this.lang = lang || document.documentElement.lang || navigator.language || "en";
    this.onStatus = onStatus;
    this.clientId = recall("client") || randomId(22);
    remember("client", this.clientId);
    this.watchers = new Map(); // code -> Set of callbacks
    this.versions = new Map(); // code -> version last handed to the page
    this.held = new Map(); // code -> credential this socket holds
    this.socket = null;
    this.ready = false;
    this.closed = false;
    this.backoff = BACKOFF_FIRST_MS;
    this.retryTimer = null;
  }

  status(text) {
    if (this.onStatus) {
      try {
        this.onStatus(text);
      } catch {
        /* the page's trouble is not the client's */
      }
    }
  }

  /** One request; the answer's JSON, or a RoomsError carrying the service's words. */
  async request(method, path, body = null, { seat = "" } = {}) {
    const headers = {
      "X-Qttt-Client": this.clientId,
      "Accept-Language": this.lang,
    };
    if (this.classKey) headers["X-Qttt-Class"] = this.classKey;
    if (seat) headers["X-Qttt-Seat"] = seat;
    if (body !== null) headers["Content-Type"] = "application/json";
    let answer;
    try {
      answer = await fetch(this.url + path, {
        method,
        headers,
        body: body === null ? undefined : JSON.stringify(body),
        cache: "no-store",
        credentials: "same-origin",
      });
    } catch (e) {
      const error = new RoomsError("store_unavailable", 0, String(e.message || e));
      this.status(error.message);
      throw error;
    }
    let data;
    try {
      data = await answer.json();
    } catch {
      data = null;
    }
    if (!answer.ok) {
      const e = (data && data.error) || {};
      const error = new RoomsError(e.kind || "http", answer.status, e.message || `HTTP ${answer.status}`, e);
      if (error.kind === "store_unavailable") this.status(error.message);
      throw error;
    }
    this.status(null);
    return data;
  }

  info() {
    return this.request("GET", "api/v1/info");
  }

  /** Open a room; the seat's credential is kept in this tab. */
  async createRoom({ nickname = null, seat = "X" } = {}) {
    const body = { seat };
    if (nickname) body.nickname = nickname;
    const made = await this.request("POST", "api/v1/rooms", body);
    remember("seat:" + made.room.code, made.credential);
    return made;
  }

  /** Take the free seat of a room; its credential is kept in this tab. */
  async join(code, { nickname = null } = {}) {
    const body = nickname ? { nickname } : {};
    const joined = await this.request("POST", `api/v1/rooms/${normalCode(code)}/join`, body);
    remember("seat:" + joined.room.code, joined.credential);
    return joined;
  }

  /** The room as the service has it now: {room, you}. */
  room(code, credential = seatFor(code)) {
    return this.request("GET", `api/v1/rooms/${normalCode(code)}`, null, { seat: credential });
  }

  /**
   * Play `action` ("1-5", "3", ...) for the held seat. `expectedPly` is the ply the page
   * showed; `actionId` makes a resend safe (the same id is never played twice).
   */
  act(code, action, expectedPly, { credential = seatFor(code), actionId = randomId(16) } = {}) {
    const body = { action: String(action), expected_ply: expectedPly, action_id: actionId };
    return this.request("POST", `api/v1/rooms/${normalCode(code)}/actions`, body, { seat: credential });
  }

  leave(code, credential = seatFor(code)) {
    return this.request("POST", `api/v1/rooms/${normalCode(code)}/leave`, {}, { seat: credential });
  }

  /**
   * Call onRoom({room, you}) with the room now and after every change, read from the
   * service. With a seat credential, the socket holds the seat: it is present while
   * this page is open. Returns a function that stops watching.
   */
  watch(code, onRoom, credential = seatFor(code)) {
    const key = normalCode(code);
    if (!this.watchers.has(key)) this.watchers.set(key, new Set());
    this.watchers.get(key).add(onRoom);
    if (credential) this.held.set(key, credential);
    this.ensureSocket();
    if (this.ready) {
      if (credential) this.send({ type: "seat", code: key, credential });
      else this.send({ type: "watch", code: key });
    }
    this.refresh(key, null, true);
    return () => {
      const set = this.watchers.get(key);
      if (set) set.delete(onRoom);
      if (set && set.size === 0) {
        this.watchers.delete(key);
        this.held.delete(key);
        this.send({ type: "unwatch", code: key });
      }
    };
  }

  /** Tell the service whether the page showing a held seat is there (presence). */
  setHere(code, here) {
    this.send({ type: "here", code: normalCode(code), here: Boolean(here) });
  }

  send(message) {
    if (this.socket && this.ready && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
    }
  }

  async refresh(code, version, force = false) {
    const set = this.watchers.get(code);
    if (!set || set.size === 0) return;
    if (!force && Number.isInteger(version) && this.versions.get(code) === version) return;
    let answer;
    try {
      answer = await this.room(code, this.held.get(code) || "");
    } catch (e) {
      this.status(e.message);
      return;
    }
    this.versions.set(code, answer.room.version);
    for (const callback of Array.from(set)) {
      try {
        callback(answer);
      } catch {
        /* one view's fault must not stop the others */
      }
    }
  }

  ensureSocket() {
    if (this.socket || this.closed) return;
    const url = new URL("api/v1/socket", this.url);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url.href);
    this.socket = socket;
    socket.addEventListener("open", () => {
      const hello = {
        type: "hello",
        client: this.clientId,
        watch: Array.from(this.watchers.keys()).filter((c) => !this.held.has(c)),
        seats: Array.from(this.held, ([code, credential]) => ({ code, credential })),
      };
      if (this.classKey) hello.class = this.classKey;
      socket.send(JSON.stringify(hello));
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch {
        return;
      }
      if (data.type === "ready") {
        this.ready = true;
        this.backoff = BACKOFF_FIRST_MS;
        this.status(null);
        for (const code of this.watchers.keys()) this.refresh(code, null, true); // caught up
      } else if (data.type === "changed" && typeof data.code === "string") {
        this.refresh(normalCode(data.code), data.version);
      } else if (data.type === "error" && data.error) {
        this.status(data.error.message || data.error.kind);
      }
    });
    socket.addEventListener("close", () => {
      this.socket = null;
      this.ready = false;
      if (this.closed) return;
      this.retryTimer = setTimeout(() => this.ensureSocket(), this.backoff);
      this.backoff = Math.min(BACKOFF_MAX_MS, this.backoff * 2);
    });
  }

  /** Close the socket: held seats become away at once. */
  close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.socket) this.socket.close(1000);
    this.socket = null;
  }
}
