// Lint for the page-side code: the widgets' and the dashboard's ES modules (loaded by
// anywidget as they are, no build step) and their unit tests (run by Node's own runner).
import js from "@eslint/js";
import globals from "globals";

export default [
  {
    ignores: [
      // Every dot-folder (virtualenvs such as .venv and .venv-min, caches such as .hub-cache
      // and .site-cache) holds other projects' code, and so does anything the installs write.
      ".*/", "node_modules/", "build/", "dist/", "site-out/", "test-artifacts/", "benchmarks/out/",
    ],
  },
  js.configs.recommended,
  {
    files: ["qttt_edu/**/*.js"],
    languageOptions: { sourceType: "module", globals: globals.browser },
    rules: {
      eqeqeq: ["error", "always", { null: "ignore" }],
      "no-var": "error",
      "prefer-const": "error",
      "no-shadow": "error",
    },
  },
  {
    // The static site's page scripts: classic scripts (put into each page, or loaded by
    // the kernel's worker), not modules. The build fills in the QTTT_ names and the
    // "{{...}}" strings (qttt_edu/site/snapshot.py, pages.py).
    files: ["qttt_edu/site/templates/**/*.js"],
    languageOptions: {
      sourceType: "script",
      globals: {
        ...globals.browser,
        ...globals.worker,
        QTTT_SNAPSHOT: "readonly",
        QTTT_IMPORTS: "readonly",
        QTTT_SIZES: "readonly",
        QTTT_IDLE_SECONDS: "readonly",
        QTTT_LESSON: "readonly",
      },
    },
  },
  {
    files: ["qttt_edu/site/templates/rooms-client.js"], // the static site's rooms client: a module
    languageOptions: { sourceType: "module" },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.mjs"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
