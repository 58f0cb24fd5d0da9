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
  var DB = "{{db}}";
  var STORE = "pyodide";
  var CHANNEL = "{{channel}}";
  var LEFT = "qttt-site-left"; // localStorage: times at which a page was left
  var KEEP_MS = 24 * 3600 * 1000;
  if (window.location.protocol === "file:") return; // the page says why it cannot run

  window.addEventListener("pagehide", function () {
    try {
      var left = JSON.parse(window.localStorage.getItem(LEFT) || "[]");
      left.push(Date.now());
      window.localStorage.setItem(LEFT, JSON.stringify(left.slice(-20)));
    } catch (err) {
      // no localStorage (a private window may refuse it): nothing to note
    }
  });

  (function moveNotes() {
    var noted;
    try {
      noted = JSON.parse(window.localStorage.getItem(LEFT) || "[]");
    } catch (err) {
      return;
    }
    if (!noted.length || !window.indexedDB) return;
    var opening = indexedDB.open(DB, 1);
    opening.onupgradeneeded = function () {
      opening.result.createObjectStore(STORE);
    };
    opening.onsuccess = function () {
      var db = opening.result;
      var tx = db.transaction(STORE, "readwrite");
      var store = tx.objectStore(STORE);
      var reading = store.get("left");
      reading.onsuccess = function () {
        var now = Date.now();
        var all = (reading.result || []).concat(noted).filter(function (at) {
          return now - at < KEEP_MS;
        });
        store.put(all.slice(-20), "left");
      };
      tx.oncomplete = function () {
        db.close();
        try {
          window.localStorage.removeItem(LEFT);
        } catch (err) {
          // kept: moved again next time, which does no harm
        }
      };
    };
  })();

  var params = new URLSearchParams(window.location.search);
  var idleMs = 1000 * (params.has("idle") ? Number(params.get("idle")) || 0 : {{idle}});
  var lastInput = Date.now();
  ["pointerdown", "keydown", "wheel", "touchstart"].forEach(function (name) {
    window.addEventListener(
      name,
      function () {
        lastInput = Date.now();
      },
      { capture: true, passive: true }
    );
  });
  var channel;
  try {
    channel = new BroadcastChannel(CHANNEL);
  } catch (err) {
    return; // no BroadcastChannel: the loader makes no snapshot
  }
  var settled = false;
  channel.onmessage = function (event) {
    if (event.data && event.data.snapshot) settled = true; // made, kept or refused
  };
  var lastSaid = 0;
  var later = window.requestIdleCallback || function (then) { setTimeout(then, 0); };
  var check = setInterval(function () {
    if (settled) {
      clearInterval(check);
      return;
    }
    var loading = window.qtttSite; // the game page's loading screen, if this page has one
    if (loading && !loading.done && !document.hidden) return; // still starting
    var since = Math.max(lastInput, (loading && loading.doneAt) || 0);
    var idle = document.hidden || Date.now() - since >= idleMs;
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
