// The site's Pyodide loader: the kernel's web worker loads this file (the site's
// `pyodideUrl`) in place of Pyodide's own pyodide.js, and calls `loadPyodide` from it.
//
// Two jobs.
//
// 1. Files the server does not hand out as built are named at once. A missing or
//    half-uploaded file under static/pyodide/ (HTTP error, or fewer bytes than the build
//    wrote), or a .wasm the server sends with the wrong type: Pyodide 0.27 only logs
//    such a failure and never settles, so the page would wait minutes and then blame the
//    browser. Here the failure is posted to the page (`{qtttSite: {...}}`, which the
//    loading screen turns into a message in the student's language) and `loadPyodide`
//    rejects with the file's name. A .wasm of the wrong type is compiled from its bytes
//    instead (a little slower; the console says which server setting to fix).
//
// 2. The start-up snapshot (when the build has it: `SNAPSHOT` below). Starting Pyodide
//    means initialising the interpreter and importing IPython and the widget libraries,
//    on every page load. After a first visit, a background worker makes a memory snapshot
//    of an interpreter that has done both and keeps it in the browser's IndexedDB (about
//    45 MB); the next load restores it (a fraction of a second), then installs the wheels
//    as usual. Everything that depends on Pyodide's private snapshot interface sits in
//    `ADAPTER`, so an upgrade of Pyodide replaces that one object (see
//    qttt_edu/site/snapshot.py, which refuses a Pyodide version it was not written for).
//
// The snapshot is made only when the student is idle: a page of the site broadcasts
// "idle" (no input for a while, or the tab hidden; site-page.js) on the BroadcastChannel
// `CHANNEL`, and one tab at a time (a Web Lock) makes it, never during the first game.
// A snapshot is used only by the same site build with the same Pyodide options (its key
// says so). After a restore, Python's `random` is seeded afresh. A snapshot that cannot
// be made, or fails to restore, is not tried again for this build for a day; nor is one
// whose restores twice ended without a running kernel, counting only restores that are
// over (older than CONFIRM_LIMIT_MS, not still running in another tab) and that no page
// was closed or reloaded during (those the student gave up; site-page.js notes them).
// Any error here falls back to a plain start. No IndexedDB (some private windows): a
// plain start, every time.
"use strict";
(function () {
  const BUILD = "{{build}}"; // Pyodide's version and the site's lock file hash
  const SNAPSHOT = QTTT_SNAPSHOT; // false: this build makes and restores no snapshot
  const IMPORTS = QTTT_IMPORTS; // imported before the snapshot is taken
  const SIZES = QTTT_SIZES; // bytes of each file the build put beside this loader
  const LOADER = "{{loader}}"; // this file's name, beside pyodide.js
  const DB = "{{db}}"; // the IndexedDB database (and its one store) the loader keeps
  const STORE = "pyodide";
  const CHANNEL = "{{channel}}"; // where pages say that their student is idle
  const MAKER = "qttt-pyodide-snapshot"; // the background worker's name
  const RESTORE_LIMIT_MS = 20000; // a restore takes well under a second; then give up
  const CONFIRM_LIMIT_MS = 60000; // a start not confirmed by then has ended
  const REFUSAL_MS = 24 * 3600 * 1000; // a refused snapshot is tried again after a day

  // --- everything that knows Pyodide's private snapshot interface (0.27) -------------
  const ADAPTER = {
    // loadPyodide's option that prepares an interpreter for makeMemorySnapshot()
    makeOptions: function (core) {
      return Object.assign({}, core, { _makeSnapshot: true });
    },
    make: function (py) {
      return py.makeMemorySnapshot();
    },
    // loadPyodide's option that starts from a snapshot's bytes
    loadOptions: function (core, bytes) {
      return Object.assign({}, core, { _loadSnapshot: bytes });
    },
    // A header (magic number, header length) before a copy of the WebAssembly memory,
    // a whole number of 64 KiB pages. Too little memory would make WebAssembly refuse
    // it and Pyodide hang: such bytes (damaged, cut short) never reach Pyodide.
    wellFormed: function (bytes, size) {
      const PAGE = 65536;
      if (bytes.length !== size || bytes.length < 4 * PAGE) return false;
      const header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
      const memory = bytes.length - header[1];
      return header[0] === 1886286592 && memory >= 4 * PAGE && memory % PAGE === 0;
    },
  };

  // --- the store ---------------------------------------------------------------------
  // One transaction: ``work(store)`` makes its requests and returns those whose results
  // it wants (a list); the promise gives those results, once all is written.
  function store(mode, work) {
    return new Promise(function (resolve, reject) {
      const opening = indexedDB.open(DB, 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore(STORE);
      };
      opening.onerror = function () {
        reject(opening.error);
      };
      opening.onsuccess = function () {
        const db = opening.result;
        const tx = db.transaction(STORE, mode);
        const requests = work(tx.objectStore(STORE)) || [];
        tx.oncomplete = function () {
          db.close();
          resolve(
            requests.map(function (request) {
              return request.result;
            })
          );
        };
        tx.onerror = tx.onabort = function () {
          db.close();
          reject(tx.error);
        };
      };
    });
  }
  // Read, change and write one entry in one transaction.
  function update(name, change) {
    return store("readwrite", function (s) {
      const reading = s.get(name);
      reading.onsuccess = function () {
        const value = change(reading.result);
        if (value === undefined) s.delete(name);
        else s.put(value, name);
      };
    });
  }

  // Everything but the package list: what the interpreter's start depends on.
  function split(options) {
    const core = {};
    Object.keys(options || {}).forEach(function (name) {
      if (name !== "packages") core[name] = options[name];
    });
    return { core: core, packages: (options && options.packages) || [] };
  }
  function keyOf(core) {
    return BUILD + " " + JSON.stringify(core);
  }
  function isRefused(refused, key) {
    return !!refused && refused.key === key && Date.now() - refused.at < REFUSAL_MS;
  }
  function refuse(key) {
    return store("readwrite", function (s) {
      s.put({ key: key, at: Date.now() }, "refused");
      s.delete("snapshot");
      s.delete("attempts");
    });
  }
  function announce(message) {
    try {
      const channel = new BroadcastChannel(CHANNEL);
      channel.postMessage(message);
      channel.close();
    } catch {
      // no BroadcastChannel: the pages keep saying "idle", which costs nothing
    }
  }

  // --- the background worker that makes the snapshot ---------------------------------
  if (self.name === MAKER) {
    self.onmessage = async function (event) {
      const core = event.data.core;
      try {
        importScripts(core.indexURL + "pyodide.js");
        const lock = await (await fetch(core.lockFileURL)).json();
        const wanted = event.data.packages.map(function (name) {
          return name.toLowerCase().replace(/[-_.]+/g, "-");
        });
        const files = await Promise.all(
          Object.keys(lock.packages)
            .filter(function (name) {
              return wanted.indexOf(name) >= 0;
            })
            .map(async function (name) {
              const file = lock.packages[name].file_name;
              const response = await fetch(new URL(file, core.indexURL).href);
              if (!response.ok) throw new Error(file + ": HTTP " + response.status);
              return [file, new Uint8Array(await response.arrayBuffer())];
            })
        );
        const py = await self.loadPyodide(ADAPTER.makeOptions(core));
        // Pyodide's loadPackage keeps JavaScript objects a snapshot cannot hold: unpack
        // the wheels from Python instead (the restored kernel installs them again).
        py.FS.mkdirTree("/tmp/qttt-wheels");
        files.forEach(function (pair) {
          py.FS.writeFile("/tmp/qttt-wheels/" + pair[0], pair[1]);
        });
        py.runPython(
          [
            "import importlib, importlib.util, os, shutil, sysconfig, zipfile",
            "for name in os.listdir('/tmp/qttt-wheels'):",
            "    with zipfile.ZipFile('/tmp/qttt-wheels/' + name) as wheel:",
            "        wheel.extractall(sysconfig.get_paths()['purelib'])",
            "shutil.rmtree('/tmp/qttt-wheels')",
            "importlib.invalidate_caches()",
            "for name in " + JSON.stringify(IMPORTS) + ":",
            "    if importlib.util.find_spec(name.split('.')[0]) is not None:",
            "        importlib.import_module(name)",
            "del name",
          ].join("\n")
        );
        const snapshot = ADAPTER.make(py);
        const saved = { key: keyOf(core), size: snapshot.length, bytes: new Blob([snapshot]) };
        await store("readwrite", function (s) {
          s.put(saved, "snapshot");
        });
        self.postMessage({ stored: snapshot.length });
      } catch (err) {
        self.postMessage({ failed: String(err) });
      }
    };
    return;
  }

  // --- files the server does not hand out as built -----------------------------------
  let failStart;
  const failed = new Promise(function (resolve, reject) {
    failStart = reject;
  });
  failed.catch(function () {}); // handled where it is raced
  let reported = false;

  function fileOf(url) {
    return String(url).split("?")[0].split("#")[0].split("/").pop();
  }
  // problem: {file, kind: "status" | "short" | "compile" | "network", ...}
  function report(problem) {
    if (reported) return;
    reported = true;
    const text =
      problem.kind === "status"
        ? problem.file + ": the server answered HTTP " + problem.status
        : problem.kind === "short"
          ? problem.file + ": the server has " + problem.got + " of its " + problem.expected +
            " bytes (an unfinished upload?)"
          : problem.kind === "compile"
            ? problem.file + " could not be compiled (damaged?): " + problem.detail
            : problem.file + " could not be fetched: " + problem.detail;
    try {
      self.postMessage({ qtttSite: problem });
    } catch {
      // not in a worker that has a page: the rejection below says it all the same
    }
    failStart(new Error("qttt-site: " + text));
  }

  function checkResponse(response, file) {
    if (!response.ok) {
      report({ file: file, kind: "status", status: response.status });
      return;
    }
    const expected = SIZES[file];
    const length = response.headers.get("Content-Length");
    const encoded = response.headers.get("Content-Encoding");
    if (expected && length !== null && !encoded && Number(length) < expected) {
      report({ file: file, kind: "short", got: Number(length), expected: expected });
    }
  }

  // Every fetch of a file beside this loader (Pyodide, the lock, the wheels) is checked.
  function watchFiles(indexURL) {
    const folder = new URL(indexURL, self.location.href).href;
    const plain = self.fetch;
    self.fetch = function (input) {
      const raw = typeof Request !== "undefined" && input instanceof Request ? input.url : input;
      const url = new URL(String(raw), self.location.href); // a string, a URL or a Request
      const ours = url.href.indexOf(folder) === 0;
      return plain.apply(this, arguments).then(
        function (response) {
          if (ours) checkResponse(response, fileOf(url.pathname));
          return response;
        },
        function (err) {
          if (ours) report({ file: fileOf(url.pathname), kind: "network", detail: String(err) });
          throw err;
        }
      );
    };
    const streaming = WebAssembly.instantiateStreaming;
    if (!streaming) return;
    WebAssembly.instantiateStreaming = function (source, imports) {
      return Promise.resolve(source).then(function (response) {
        const file = fileOf(response.url);
        checkResponse(response, file); // Pyodide fetched it without the check above
        if (reported) return failed;
        const broken = function (err) {
          report({ file: file, kind: "compile", detail: String(err) });
          throw err;
        };
        const type = (response.headers.get("Content-Type") || "").split(";")[0].trim();
        if (type === "application/wasm") {
          return streaming.call(WebAssembly, response, imports).catch(broken);
        }
        console.warn(
          "qttt-site: the server sends " + file + " as '" + type + "', not 'application/wasm'" +
            " (add the type to the server, as the site's .htaccess and web.config do):" +
            " compiling it after the download instead"
        );
        return response
          .arrayBuffer()
          .then(function (bytes) {
            return WebAssembly.instantiate(bytes, imports);
          })
          .catch(broken);
      });
    };
  }

  // --- the kernel's loadPyodide ------------------------------------------------------
  // The snapshot is made once a page says its student is idle, by one tab at a time.
  function makeSnapshotWhenIdle(core, packages) {
    let channel;
    try {
      channel = new BroadcastChannel(CHANNEL);
    } catch {
      return; // no way to hear the pages: no snapshot
    }
    channel.onmessage = function (event) {
      if (!event.data || !event.data.idle) return;
      channel.close();
      const make = function () {
        return makeSnapshot(core, packages);
      };
      if (navigator.locks) {
        navigator.locks
          .request("qttt-site-snapshot", { ifAvailable: true }, function (lock) {
            return lock ? make() : null; // another tab is making it
          })
          .catch(function () {});
      } else {
        make();
      }
    };
  }

  async function makeSnapshot(core, packages) {
    const key = keyOf(core);
    const found = await store("readonly", function (s) {
      return [s.get("snapshot"), s.get("refused")];
    });
    if ((found[0] && found[0].key === key) || isRefused(found[1], key)) {
      announce({ snapshot: "have" });
      return;
    }
    const maker = new Worker(core.indexURL + LOADER, { name: MAKER });
    const result = await new Promise(function (resolve) {
      maker.onmessage = function (event) {
        resolve(event.data);
      };
      maker.onerror = function (event) {
        resolve({ failed: event.message || "the snapshot worker failed" });
      };
      maker.postMessage({ core: core, packages: packages });
    });
    maker.terminate();
    if (result.failed) {
      // Not again on every visit (a full disk, a browser without the means).
      console.warn("qttt-site: no start-up snapshot was made:", result.failed);
      await refuse(key).catch(function () {});
    } else {
      console.info("qttt-site: start-up snapshot stored (" + result.stored + " bytes)");
    }
    announce({ snapshot: result.failed ? "refused" : "stored" });
  }

  // Calls `then` once the kernel has imported its Python side (the kernel worker runs
  // `import pyodide_kernel` last of its start-up).
  function whenKernelStarted(py, then) {
    const run = py.runPythonAsync;
    py.runPythonAsync = function (code) {
      const result = run.apply(py, arguments);
      if (String(code).indexOf("import pyodide_kernel") >= 0) {
        py.runPythonAsync = run;
        result.then(then, function () {});
      }
      return result;
    };
  }

  // Restores that ended without a running kernel, of those in ``attempts`` (see above).
  function endedBadly(attempts, left, now) {
    return attempts.filter(function (attempt) {
      const over = now - attempt.started > CONFIRM_LIMIT_MS;
      const givenUp = left.some(function (at) {
        return at >= attempt.started && at - attempt.started <= CONFIRM_LIMIT_MS;
      });
      return over && !givenUp;
    });
  }

  async function restore(real, core, attempt) {
    const key = keyOf(core);
    const found = await store("readonly", function (s) {
      return [s.get("snapshot"), s.get("refused"), s.get("attempts"), s.get("left")];
    });
    const saved = found[0];
    if (!saved || saved.key !== key || isRefused(found[1], key)) return null;
    const attempts = found[2] && found[2].key === key ? found[2].list : [];
    const now = Date.now();
    const bad = endedBadly(attempts, found[3] || [], now);
    if (bad.length >= 2) {
      await refuse(key);
      return null;
    }
    // Keep the young (maybe running elsewhere) and the bad; drop those given up.
    const kept = attempts.filter(function (a) {
      return now - a.started <= CONFIRM_LIMIT_MS || bad.indexOf(a) >= 0;
    });
    await store("readwrite", function (s) {
      s.put({ key: key, list: kept.concat([attempt]) }, "attempts");
    });
    try {
      const bytes = new Uint8Array(await saved.bytes.arrayBuffer());
      if (!ADAPTER.wellFormed(bytes, saved.size)) throw new Error("the stored snapshot is damaged");
      const py = await withinLimit(real(ADAPTER.loadOptions(core, bytes)));
      py.runPython("import random\nrandom.seed()");
      return py;
    } catch (err) {
      await refuse(key);
      throw err;
    }
  }
  function confirm(core, attempt) {
    return update("attempts", function (value) {
      if (!value || value.key !== keyOf(core)) return value;
      const list = value.list.filter(function (a) {
        return a.id !== attempt.id;
      });
      return list.length ? { key: value.key, list: list } : undefined;
    });
  }
  function withinLimit(promise) {
    return new Promise(function (resolve, reject) {
      const timer = setTimeout(function () {
        reject(new Error("restoring the snapshot took over " + RESTORE_LIMIT_MS + " ms"));
      }, RESTORE_LIMIT_MS);
      promise.then(
        function (value) {
          clearTimeout(timer);
          resolve(value);
        },
        function (err) {
          clearTimeout(timer);
          reject(err);
        }
      );
    });
  }

  async function start(real, parts) {
    const core = parts.core;
    let py = null;
    const attempt = { id: Math.random().toString(36).slice(2), started: Date.now() };
    if (SNAPSHOT) {
      try {
        py = await restore(real, core, attempt);
      } catch (err) {
        console.warn("qttt-site: starting without the snapshot:", err);
      }
    }
    const restored = py !== null;
    if (!restored) py = await real(core);
    if (SNAPSHOT) {
      whenKernelStarted(py, function () {
        if (restored) {
          confirm(core, attempt).catch(function () {});
          console.info("qttt-site: Python started from this browser's snapshot");
          announce({ snapshot: "have" });
          return;
        }
        makeSnapshotWhenIdle(core, parts.packages);
      });
    }
    if (parts.packages.length) await py.loadPackage(parts.packages);
    return py;
  }

  self.loadPyodide = async function loadPyodide(options) {
    const parts = split(options);
    watchFiles(parts.core.indexURL);
    importScripts(parts.core.indexURL + "pyodide.js"); // defines Pyodide's own loadPyodide
    const real = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    return Promise.race([start(real, parts), failed]);
  };
})();
