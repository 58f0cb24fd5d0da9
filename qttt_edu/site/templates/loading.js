// The site's loading screen and start-up watchdog (put into each page before voici.js).
//
// * Chooses the language (?lang=, else the browser's, else English) and writes it into
//   the notebook the page is about to run, so the app opens in that language.
// * Says what is happening while Pyodide starts, with the seconds elapsed.
// * Never spins forever: a kernel that fails to start (the error comes back from the
//   kernel's web worker), a file the server does not hand out as built (named by the
//   site's Pyodide loader, or a script of the page that fails to load), a notebook that
//   ends without showing the game, or three times the time limit (?giveup=<seconds>)
//   turns the screen into a clear message with the technical details underneath. At the
//   time limit itself (?timeout=<seconds>, default 180) it only says the start is slow
//   and goes on waiting.
(function () {
  "use strict";
  const data = JSON.parse(document.getElementById("qttt-site-data").textContent);
  const params = new URLSearchParams(window.location.search);
  const wanted = (params.get("lang") || "").toLowerCase();
  let lang = data.languages.indexOf(wanted) >= 0 ? wanted : null;
  if (lang === null) {
    const browser = (navigator.languages || [navigator.language || ""]).map(function (l) {
      const two = String(l).toLowerCase().slice(0, 2);
      return two === "no" || two === "nn" ? "nb" : two;
    });
    for (let i = 0; i < browser.length && lang === null; i++) {
      if (data.languages.indexOf(browser[i]) >= 0) lang = browser[i];
    }
  }
  lang = lang || data["default"];
  document.documentElement.lang = lang;
  document.title = data.titles[lang];
  const m = data.messages[lang];
  // The line of a traceback that says what went wrong: its first "...Error: ..." line
  // (later lines are often advice or a URL), else its last line.
  const reasonLine = function (text) {
    const lines = String(text).split("\n").map(function (l) { return l.trim(); })
      .filter(function (l) { return l; });
    for (let i = 0; i < lines.length; i++) {
      if (/^[\w.]*(Error|Exception)\b.*:/.test(lines[i])) return lines[i];
    }
    return lines.length ? lines[lines.length - 1] : "";
  };
  const fill = function (text, values) {
    return text.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  };

  // The notebook's first cell sets the language: give it the one chosen here.
  const configElement = document.getElementById("jupyter-config-data");
  try {
    const config = JSON.parse(configElement.textContent);
    const cells = (config.notebookSrc && config.notebookSrc.cells) || [];
    const line = data.placeholder.replace('"en"', JSON.stringify(lang));
    cells.forEach(function (cell) {
      const source = Array.isArray(cell.source) ? cell.source.join("") : cell.source;
      if (typeof source === "string" && source.indexOf(data.placeholder) >= 0) {
        cell.source = source.split(data.placeholder).join(line);
      }
    });
    configElement.textContent = JSON.stringify(config);
  } catch (err) {
    console.error("qttt-site: could not set the language", err);
  }

  const screen = document.getElementById("qttt-loading");
  const $ = function (id) { return document.getElementById(id); };
  $("qttt-loading-title").textContent = data.titles[lang];
  $("qttt-loading-headline").textContent = m.site_loading;
  const steps = {};
  Array.prototype.forEach.call(screen.querySelectorAll("[data-step]"), function (li) {
    steps[li.getAttribute("data-step")] = li;
    li.textContent = m["site_step_" + li.getAttribute("data-step")];
  });
  const order = ["page", "python", "game"];
  // marks: milliseconds since navigation start at which each step began (for benchmarks)
  const state = { step: null, done: false, failed: false, errors: [], marks: {} };
  const started = Date.now();
  window.qtttSite = state;  // for tests and the curious: what the loader has seen

  function step(name) {
    if (state.done || state.failed) return;
    const reached = order.indexOf(name);
    if (reached < order.indexOf(state.step)) return;
    state.step = name;
    state.marks[name] = performance.now();
    order.forEach(function (other, index) {
      const li = steps[other];
      li.className = index < reached ? "qttt-past" : index === reached ? "qttt-now" : "";
    });
  }

  let ticker = null; // the elapsed-seconds ticker, set once the screen shows
  function reload() { window.location.reload(); }
  function finish() {
    if (state.done || state.failed) return;
    state.done = true;
    state.seconds = (Date.now() - started) / 1000;
    state.doneAt = Date.now(); // site-page.js counts the student's idle time from here
    state.interactiveMs = performance.now();  // since the page's navigation started
    screen.className = "qttt-done";
    screen.setAttribute("aria-hidden", "true");
    clearInterval(ticker);
  }

  function fail(reason, details) {
    if (state.done || state.failed) return;
    state.failed = true;
    state.reason = reason;
    clearInterval(ticker);
    screen.className = "qttt-failed";
    screen.removeAttribute("aria-hidden");
    $("qttt-loading-error").hidden = false;
    $("qttt-error-title").textContent = m.site_failed_title;
    $("qttt-error-body").textContent = m.site_failed_body;
    $("qttt-error-reason").textContent = reason;
    $("qttt-error-summary").textContent = m.site_failed_details;
    const lines = (details ? [details] : []).concat(state.errors);
    $("qttt-error-details").textContent = lines.join("\n\n") || reason;
    $("qttt-error-reload").textContent = m.site_reload;
    $("qttt-error-reload").onclick = reload;
  }
  state.fail = fail;

  // What the site's Pyodide loader says about a file the server did not hand out as built.
  function fileProblem(problem) {
    const file = problem.file;
    if (problem.kind === "status") {
      return fill(m.site_file_status, { file: file, status: problem.status });
    }
    if (problem.kind === "short") {
      return fill(m.site_file_short, {
        file: file, got: problem.got.toLocaleString(lang),
        expected: problem.expected.toLocaleString(lang)
      });
    }
    if (problem.kind === "compile") return fill(m.site_file_broken, { file: file });
    return fill(m.site_file_unreachable, { file: file });
  }

  ticker = setInterval(function () {
    const seconds = Math.round((Date.now() - started) / 1000);
    $("qttt-loading-elapsed").textContent = seconds + " s";
  }, 500);

  if (window.location.protocol === "file:") {
    // Nothing on this page can help (not a reload, not another browser): only the way out.
    fail(m.site_failed_file, "");
    screen.className = "qttt-failed qttt-file";
    return;
  }
  if (typeof WebAssembly !== "object") {
    fail(m.site_failed_browser, "WebAssembly is not available in this browser");
    return;
  }
  step("page");

  // Everything the page logs as an error is kept for the details box.
  const originalError = console.error;
  console.error = function () {
    const text = Array.prototype.map.call(arguments, function (a) {
      if (a && a.stack) return a.stack;
      return typeof a === "string" ? a : JSON.stringify(a) || String(a); // undefined: "undefined"
    }).join(" ");
    // JupyterLite's lookup of the service worker the site leaves out, on every load: noise.
    const noise = text === "undefined" || /service-?worker/i.test(text);
    if (!noise && state.errors.length < 20) state.errors.push(text);
    // The page's kernel extension did not load (a mismatched upgrade, a missing file):
    // nothing will start, so say so now, with the first error, not after the time limit.
    if (/No kernel available/.test(text)) {
      const first = state.errors.filter(function (e) { return /Error/.test(e); })[0] || text;
      setTimeout(function () { fail(reasonLine(first), state.errors.join("\n\n")); }, 0);
    }
    return originalError.apply(console, arguments);
  };
  // A script or style sheet of the page that does not load: a file missing on the server.
  window.addEventListener("error", function (event) {
    const target = event.target;
    if (!target || target === window || !(target.src || target.href)) return;
    const url = target.src || target.href;
    const file = String(url).split("?")[0].split("/").pop();
    if (state.errors.length < 20) state.errors.push("could not load " + url);
    if (target.tagName === "SCRIPT" && url.indexOf(window.location.origin) === 0) {
      fail(fill(m.site_file_unreachable, { file: file }), "could not load " + url);
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    const reason = event.reason;
    if (state.errors.length < 20) state.errors.push(String(reason && reason.stack || reason));
  });

  // The kernel runs in a web worker, and Voici never shows its start-up errors: watch the
  // worker. A failed call comes back as a comlink "throw" message carrying the error.
  const NativeWorker = window.Worker;
  if (NativeWorker) {
    const Watched = function (url, options) {
      const worker = new NativeWorker(url, options);
      step("python");
      worker.addEventListener("error", function (event) {
        const text = "Worker error: " + (event.message || String(url));
        fail(text, text);
      });
      worker.addEventListener("message", function (event) {
        const msg = event.data;
        if (msg && msg.qtttSite && msg.qtttSite.file) {
          const problem = msg.qtttSite;
          fail(fileProblem(problem), JSON.stringify(problem));
          return;
        }
        if (msg && msg.type === "HANDLER" && msg.name === "throw" && !state.done) {
          const error = (msg.value && msg.value.value) || {};
          const text = (error.name ? error.name + ": " : "") + (error.message || String(error));
          fail(reasonLine(error.message || text), text + (error.stack ? "\n" + error.stack : ""));
        }
      });
      return worker;
    };
    Watched.prototype = NativeWorker.prototype;
    window.Worker = Watched;
  }

  // Voici reports its progress through these two hooks: the kernel is up once it runs
  // cells; once all have run, the game must be on the page.
  const voiciText = window.update_loading_text;
  window.update_loading_text = function (index) {
    if (index > 0) step("game");
    if (voiciText) return voiciText.apply(this, arguments);
  };
  const voiciDisplay = window.display_cells;
  window.display_cells = function () {
    const result = voiciDisplay ? voiciDisplay.apply(this, arguments) : undefined;
    setTimeout(checkGame, 4000);
    return result;
  };

  function gameShown() {
    const app = document.querySelector(".qttt-app");
    return !!app && app.getClientRects().length > 0;
  }

  function checkGame() {
    if (gameShown()) { finish(); return; }
    const errors = document.querySelectorAll(
      ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], " +
      ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']"
    );
    let text = Array.prototype.map.call(errors, function (e) { return e.textContent; }).join("\n");
    text = text || "The notebook ran but showed no game.";
    fail(reasonLine(text), text);
  }

  const observer = new MutationObserver(function () {
    if (gameShown()) { observer.disconnect(); finish(); }
  });
  document.addEventListener("DOMContentLoaded", function () {
    observer.observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["style", "class"]
    });
  });

  // At the time limit the screen says the start is slow and what to do, and goes on
  // waiting: a class that starts together on one network, or a weak computer, can need a
  // few minutes, and a page that then comes up must play, not stay on an error (thirty
  // browsers on one 2-core machine took about six minutes, and all thirty had been
  // failed at three). Only at three times the limit (?giveup=<seconds>) does it give up.
  const limit = Number(params.get("timeout")) || 180;
  const giveUp = Number(params.get("giveup")) || 3 * limit;
  function slow() {
    if (state.done || state.failed) return;
    state.slow = true;
    $("qttt-slow-text").textContent = fill(m.site_slow, { seconds: limit });
    $("qttt-slow-reload").textContent = m.site_reload;
    $("qttt-slow-reload").onclick = reload;
    $("qttt-loading-slow").hidden = false;
  }
  setTimeout(slow, limit * 1000);
  setTimeout(function () {
    if (!state.done) fail(fill(m.site_failed_timeout, { seconds: giveUp }), "");
  }, giveUp * 1000);
})();
