// Put into every page of the site that starts a kernel (the game and the lesson), before
// the page's own scripts. It tells the site's Pyodide loader (pyodide-loader.js) two
// things the kernel's worker cannot see for itself:
//
// * when the student is idle: no key, click or touch for IDLE seconds (?idle=<seconds>
//   sets another wait, for tests and benchmarks) counted from the game's appearance on a
//   page with a loading screen (loading.js's `qtttSite`), or the tab hidden. Only then
//   does the loader make its start-up snapshot, so that the second interpreter it needs
//   never competes with the page's start or a first game;
// * that a page was closed or reloaded: a start of Python that was under way then was
//   given up by the student and does not count against the snapshot. The time is noted
//   at once (localStorage, the only store a closing page can still write) and moved to
//   the loader's IndexedDB when a page of the site opens next.
(function () {
  "use strict";
  const DB = "{{db}}";
  const STORE = "pyodide";
  const CHANNEL = "{{channel}}";
  const LEFT = "qttt-site-left"; // localStorage: times at which a page was left
  const KEEP_MS = 24 * 3600 * 1000;
  if (window.location.protocol === "file:") return; // the page says why it cannot run

  window.addEventListener("pagehide", function () {
    try {
      const left = JSON.parse(window.localStorage.getItem(LEFT) || "[]");
      left.push(Date.now());
      window.localStorage.setItem(LEFT, JSON.stringify(left.slice(-20)));
    } catch {
      // no localStorage (a private window may refuse it): nothing to note
    }
  });

  (function moveNotes() {
    let noted;
    try {
      noted = JSON.parse(window.localStorage.getItem(LEFT) || "[]");
    } catch {
      return;
    }
    if (!noted.length || !window.indexedDB) return;
    const opening = indexedDB.open(DB, 1);
    opening.onupgradeneeded = function () {
      opening.result.createObjectStore(STORE);
    };
    opening.onsuccess = function () {
      const db = opening.result;
      const tx = db.transaction(STORE, "readwrite");
      const store = tx.objectStore(STORE);
      const reading = store.get("left");
      reading.onsuccess = function () {
        const now = Date.now();
        const all = (reading.result || []).concat(noted).filter(function (at) {
          return now - at < KEEP_MS;
        });
        store.put(all.slice(-20), "left");
      };
      tx.oncomplete = function () {
        db.close();
        try {
          window.localStorage.removeItem(LEFT);
        } catch {
          // kept: moved again next time, which does no harm
        }
      };
    };
  })();

  const params = new URLSearchParams(window.location.search);
  const idleMs = 1000 * (params.has("idle") ? Number(params.get("idle")) || 0 : QTTT_IDLE_SECONDS);
  let lastInput = Date.now();
  ["pointerdown", "keydown", "wheel", "touchstart"].forEach(function (name) {
    window.addEventListener(
      name,
      function () {
        lastInput = Date.now();
      },
      { capture: true, passive: true }
    );
  });
  let channel;
  try {
    channel = new BroadcastChannel(CHANNEL);
  } catch {
    return; // no BroadcastChannel: the loader makes no snapshot
  }
  let settled = false;
  channel.onmessage = function (event) {
    if (event.data && event.data.snapshot) settled = true; // made, kept or refused
  };
  let lastSaid = 0;
  const later = window.requestIdleCallback || function (then) { setTimeout(then, 0); };
  const check = setInterval(function () {
    if (settled) {
      clearInterval(check);
      return;
    }
    const loading = window.qtttSite; // the game page's loading screen, if this page has one
    if (loading && !loading.done && !document.hidden) return; // still starting
    const since = Math.max(lastInput, (loading && loading.doneAt) || 0);
    const idle = document.hidden || Date.now() - since >= idleMs;
    if (idle && Date.now() - lastSaid >= 5000) {
      lastSaid = Date.now();
      later(
        function () {
          channel.postMessage({ idle: true });
        },
        { timeout: 2000 }
      );
    }
  }, 1000);
  document.addEventListener("visibilitychange", function () {
    if (document.hidden && !settled) channel.postMessage({ idle: true });
  });
})();
