import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";

export default tseslint.config(
  {
    ignores: ["build/**", "node_modules/**", ".react-router/**", "data/**", "app/db/migrations/**", "bench/results/**"],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
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
        { patterns: [{ group: ["~/db", "~/db/*", "**/db/*"], message: "Routes call modules, never the database." }] },
      ],
    },
  },
);
