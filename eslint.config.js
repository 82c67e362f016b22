// ESLint for the browser client (src/igroteka/web, and each game's src/igroteka/games/<name>/web)
// and its unit tests (tests/js): the recommended rules, and a few more that catch real mistakes
// in plain ES modules. `make js` runs it; see CONTRIBUTING.md, "The client's checks".
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["node_modules/", ".venv/", "wip-*/", "docs/", "bench/", "build/", "dist/"] },
  js.configs.recommended,
  {
    files: ["src/igroteka/web/**/*.js", "src/igroteka/games/*/web/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
  {
    rules: {
      eqeqeq: ["error", "always"],
      "no-implicit-coercion": ["error", { boolean: false }],
      "no-shadow": "off",
      "no-unused-vars": ["error", { args: "after-used", argsIgnorePattern: "^_", caughtErrors: "none" }],
      "no-var": "error",
      "prefer-const": "error",
    },
  },
];
