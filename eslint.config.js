import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import unicorn from "eslint-plugin-unicorn";

// The local stand-ins are reached only through loadStandIns() (app/lib/stand-ins.server.ts), so the production build,
// which compiles that door shut, holds none of them (ADR 031). Tests import them directly.
const STAND_INS = {
  group: ["~/stand-ins", "~/stand-ins/*", "**/stand-ins/*"],
  message: "Load stand-ins through loadStandIns() (app/lib/stand-ins.server.ts): the production build leaves them out.",
};

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "app/db/migrations/**", "bench/results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks, unicorn },
    rules: {
      // `list.map(fn)` hands fn the index and the array too: a function with an optional second parameter then
      // gets the index as that argument (issue 29: card excerpts cut to the card's position). Write the arrow.
      "unicorn/no-array-callback-reference": "error",
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Routes stay thin: data access goes through modules, which apply the access rules.
    files: ["app/routes/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["~/db", "~/db/*", "**/db/*"], message: "Routes call modules, never the database." },
            STAND_INS,
          ],
        },
      ],
    },
  },
  {
    // Imports point one way: routes -> components/modules -> lib/db. lib is the bottom: it knows no feature.
    files: ["app/lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            STAND_INS,
            {
              group: [
                "~/modules/*",
                "~/components/*",
                "~/routes/*",
                "~/server/*",
                "**/modules/*",
                "**/components/*",
                "**/routes/*",
              ],
              message:
                "lib/ imports nothing from modules, components, routes or the server: move the shared part into lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // Modules hold the rules and the data; what draws them (components, routes) depends on them, never the reverse.
    files: ["app/modules/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            STAND_INS,
            {
              group: ["~/components/*", "~/routes/*", "~/server/*", "**/components/*", "**/routes/*"],
              message:
                "Modules never import components, routes or the server: move the type or helper into the module.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/server/**", "app/components/**", "app/db/**", "app/*.ts", "app/*.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: [STAND_INS] }] },
  },
);
