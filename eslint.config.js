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
      // The static site's page templates: text with build-time placeholders, not yet
      // JavaScript (the site build is being moved onto JupyterLite's own build).
      "qttt_edu/site/templates/",
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
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { sourceType: "module", globals: globals.node },
  },
];
