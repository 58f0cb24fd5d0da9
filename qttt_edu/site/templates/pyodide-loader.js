// The site's Pyodide loader: the kernel's web worker loads this file (the site's
// `pyodideUrl`) in place of Pyodide's own pyodide.js, and calls `loadPyodide` from it.
//
// Starting Pyodide means initialising the interpreter (about 1.5 s of CPU on a slow
// laptop) and importing IPython and the widget libraries (about 1 s more), on every
// page load. After a first visit, this loader makes a memory snapshot of an interpreter
// that has done both, in a background worker once the kernel is up, and keeps it in
// the browser's IndexedDB (about 45 MB). The next load restores the snapshot instead (a
// fraction of a second), then installs the wheels as usual, so every file is where
// Python expects it. Nothing else changes: the notebook and the game run as on a first
// visit.
//
// Safety: a snapshot is only used by the same site build with the same Pyodide options
// (its key says so; Pyodide itself refuses one from another build). It is made in a
// worker of its own with Pyodide's `_makeSnapshot` option, never in the kernel that
// serves the page. After a restore, Python's `random` is seeded afresh (the snapshot
// would otherwise give every session the same numbers). A snapshot that cannot be made,
// fails to restore, or twice does not reach a running kernel is not tried again for this
// build;
// any error here falls back to a plain start. No IndexedDB (some private windows): a
// plain start, every time.
"use strict";
(function () {
  var BUILD = "{{build}}"; // Pyodide's version and the site's lock file hash
  var IMPORTS = {{imports}}; // imported before the snapshot is taken
  var LOADER = "{{loader}}"; // this file's name, beside pyodide.js
  var MAKER = "qttt-pyodide-snapshot"; // the background worker's name
  var DELAY_MS = 2000; // after the kernel started, before the snapshot is made
  var RESTORE_LIMIT_MS = 20000; // a restore takes well under a second; then give up
  // Pyodide 0.27's snapshot format: a header (magic number, header length) before a copy
  // of the WebAssembly memory, whose size is a whole number of 64 KiB pages. A snapshot
  // with too little memory would make WebAssembly refuse it and Pyodide hang: such bytes
  // (damaged, cut short) are dropped before Pyodide sees them.
  var SNAPSHOT_MAGIC = 1886286592;
  var PAGE = 65536;
  var DB = "qttt-edu-site";
  var STORE = "pyodide";

  // One transaction: ``work(store)`` makes its requests and returns those whose results
  // it wants (a list); the promise gives those results, once all is written.
  function store(mode, work) {
    return new Promise(function (resolve, reject) {
      var opening = indexedDB.open(DB, 1);
      opening.onupgradeneeded = function () {
        opening.result.createObjectStore(STORE);
      };
      opening.onerror = function () {
        reject(opening.error);
      };
      opening.onsuccess = function () {
        var db = opening.result;
        var tx = db.transaction(STORE, mode);
        var requests = work(tx.objectStore(STORE)) || [];
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
  var get = function (name) {
    return store("readonly", function (s) {
      return [s.get(name)];
    }).then(function (found) {
      return found[0];
    });
  };
  var put = function (name, value) {
    return store("readwrite", function (s) {
      s.put(value, name);
    });
  };
  var remove = function (name) {
    return store("readwrite", function (s) {
      s.delete(name);
    });
  };

  // Everything but the package list: what the interpreter's start depends on.
  function split(options) {
    var core = {};
    Object.keys(options || {}).forEach(function (name) {
      if (name !== "packages") core[name] = options[name];
    });
    return { core: core, packages: (options && options.packages) || [] };
  }
  function keyOf(core) {
    return BUILD + " " + JSON.stringify(core);
  }

  // --- the background worker that makes the snapshot ---------------------------------
  if (self.name === MAKER) {
    self.onmessage = async function (event) {
      var core = event.data.core;
      try {
        importScripts(core.indexURL + "pyodide.js");
        var lock = await (await fetch(core.lockFileURL)).json();
        var wanted = event.data.packages.map(function (name) {
          return name.toLowerCase().replace(/[-_.]+/g, "-");
        });
        var files = await Promise.all(
          Object.keys(lock.packages)
            .filter(function (name) {
              return wanted.indexOf(name) >= 0;
            })
            .map(async function (name) {
              var file = lock.packages[name].file_name;
              var response = await fetch(new URL(file, core.indexURL).href);
              if (!response.ok) throw new Error(file + ": HTTP " + response.status);
              return [file, new Uint8Array(await response.arrayBuffer())];
            })
        );
        var py = await self.loadPyodide(Object.assign({}, core, { _makeSnapshot: true }));
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
        var snapshot = py.makeMemorySnapshot();
        var saved = { key: keyOf(core), size: snapshot.length, bytes: new Blob([snapshot]) };
        await put("snapshot", saved);
        self.postMessage({ stored: snapshot.length });
      } catch (err) {
        self.postMessage({ failed: String(err) });
      }
    };
    return;
  }

  // --- the kernel's loadPyodide ---------------------------------------------------------
  function makeSnapshotLater(core, packages) {
    setTimeout(function () {
      try {
        var maker = new Worker(core.indexURL + LOADER, { name: MAKER });
        maker.onmessage = function (event) {
          maker.terminate();
          if (event.data.failed) {
            // Not again on every visit (a full disk, a browser without the means): this
            // build starts plainly in this browser from now on.
            console.warn("qttt-site: no start-up snapshot was made:", event.data.failed);
            refuse(keyOf(core)).catch(function () {});
          } else {
            console.info("qttt-site: start-up snapshot stored (" + event.data.stored + " bytes)");
          }
        };
        maker.postMessage({ core: core, packages: packages });
      } catch (err) {
        console.warn("qttt-site: no start-up snapshot was made:", err);
      }
    }, DELAY_MS);
  }

  // Calls `then` once the kernel has imported its Python side (the kernel worker runs
  // `import pyodide_kernel` last of its start-up).
  function whenKernelStarted(py, then) {
    var run = py.runPythonAsync;
    py.runPythonAsync = function (code) {
      var result = run.apply(py, arguments);
      if (String(code).indexOf("import pyodide_kernel") >= 0) {
        py.runPythonAsync = run;
        result.then(then, function () {});
      }
      return result;
    };
  }

  // Two restores in a row that never reached a running kernel (not one: a student may
  // close the tab while Python starts) and this build starts plainly from then on.
  async function restore(real, core) {
    var key = keyOf(core);
    var found = await store("readonly", function (s) {
      return [s.get("snapshot"), s.get("refused"), s.get("unconfirmed")];
    });
    var saved = found[0];
    var unconfirmed = found[2];
    if (!saved || saved.key !== key || found[1] === key) return null;
    var count = unconfirmed && unconfirmed.key === key ? unconfirmed.count : 0;
    if (count >= 2) {
      await refuse(key);
      return null;
    }
    await put("unconfirmed", { key: key, count: count + 1 });
    try {
      var bytes = new Uint8Array(await saved.bytes.arrayBuffer());
      if (!wellFormed(bytes, saved.size)) throw new Error("the stored snapshot is damaged");
      var py = await withinLimit(real(Object.assign({}, core, { _loadSnapshot: bytes })));
      py.runPython("import random\nrandom.seed()");
      return py;
    } catch (err) {
      await refuse(key);
      throw err;
    }
  }
  function wellFormed(bytes, size) {
    if (bytes.length !== size || bytes.length < 4 * PAGE) return false;
    var header = new Uint32Array(bytes.buffer, bytes.byteOffset, 2);
    var memory = bytes.length - header[1];
    return header[0] === SNAPSHOT_MAGIC && memory >= 4 * PAGE && memory % PAGE === 0;
  }
  function withinLimit(promise) {
    return new Promise(function (resolve, reject) {
      var timer = setTimeout(function () {
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
  function refuse(key) {
    return store("readwrite", function (s) {
      s.put(key, "refused");
      s.delete("snapshot");
      s.delete("unconfirmed");
    });
  }

  self.loadPyodide = async function loadPyodide(options) {
    var parts = split(options);
    var core = parts.core;
    importScripts(core.indexURL + "pyodide.js"); // defines Pyodide's own loadPyodide
    var real = self.loadPyodide;
    self.loadPyodide = loadPyodide;
    var py = null;
    try {
      py = await restore(real, core);
    } catch (err) {
      console.warn("qttt-site: starting without the snapshot:", err);
    }
    var restored = py !== null;
    if (!restored) py = await real(core);
    whenKernelStarted(py, function () {
      if (restored) {
        remove("unconfirmed").catch(function () {});
        console.info("qttt-site: Python started from this browser's snapshot");
        return;
      }
      get("refused")
        .then(function (refused) {
          if (refused !== keyOf(core)) makeSnapshotLater(core, parts.packages);
        })
        .catch(function () {});
    });
    if (parts.packages.length) await py.loadPackage(parts.packages);
    return py;
  };
})();
