// Vite plugin (issue 50, ADR 048): `import { messages } from "~/locales/sw/messages.po"` gives that catalogue compiled
// for Lingui's runtime. The ICU syntax (plurals, placeholders) is parsed here, at build time, so neither the server
// nor the browser carries a message parser; the PO file stays what translators edit.
import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { catalogueFiles, readCatalogue } from "./check-catalogues.mjs";

/**
 * The language whose catalogue file is `file` as a module: `export const messages = { id: compiled, ... }`. A
 * language's catalogue is every `.po` in its folder (readCatalogue), so importing its `messages.po` gives all of them.
 */
export function compilePoModule(file) {
  const messages = {};
  for (const [id, message] of readCatalogue(dirname(file))) messages[id] = compileMessageOrThrow(message);
  return `export const messages = ${JSON.stringify(messages)};\n`;
}

export function poCatalogues() {
  return {
    name: "nuru:po-catalogues",
    load(id) {
      if (!id.endsWith(".po")) return;
      for (const file of catalogueFiles(dirname(id))) this.addWatchFile(file);
      return { code: compilePoModule(id), moduleSideEffects: false };
    },
    // Vitest keeps transformed modules on disk keyed by the file's own bytes; a catalogue is its whole folder, so its
    // key must change when any file in the folder does (else a new message in checkout.po is missing until the cache
    // is deleted by hand).
    configureVitest({ defineCacheKeyGenerator }) {
      defineCacheKeyGenerator(({ id }) =>
        id.endsWith(".po")
          ? catalogueFiles(dirname(id))
              .map((file) => readFileSync(file, "utf8"))
              .join("\u0000")
          : undefined,
      );
    },
  };
}

/** From `open` (the index just past a call's "("), the index of its closing ")"; strings and templates skipped. */
function closingParen(code, open) {
  let depth = 1;
  for (let i = open; i < code.length; i++) {
    const c = code[i];
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < code.length && code[i] !== c; i++) if (code[i] === "\\") i++;
    } else if (c === "(" || c === "{" || c === "[") depth++;
    else if (c === ")" || c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i;
    }
  }
  throw new Error("Unbalanced call");
}

/** A compiled English message as a template literal's body, its placeholders read from `v`. */
function templateOf(tokens) {
  return tokens
    .map((token) => {
      if (typeof token === "string") return token.replace(/[`\\$]/g, "\\$&");
      const [name, type, choices] = token;
      if (!type) return `\${v.${name}}`;
      if (type !== "plural") throw new Error(`Only plural choices can be inlined, not ${type}`);
      // English's plural rule: "one" is exactly 1; "#" is the count.
      const branch = (key) => templateOf(choices[key].map((t) => (t === "#" ? [name] : t)));
      return `\${v.${name} == 1 ? \`${branch("one")}\` : \`${branch("other")}\`}`;
    })
    .join("");
}

/**
 * Vite plugin for the browser's build only (issue 50, ADR 048): every `t("id")` and `t("id", { values })` in the app's
 * code becomes the English words themselves, and `localHref(x)` becomes `x`. Only English pages run React in the
 * browser (every Swahili page is rendered by the server without it, ADR 045), so the browser needs neither Lingui nor
 * a catalogue: a page that hydrates ships the same words it did before the words moved into the catalogue. A message
 * id the code computes (`t(label)`) cannot be inlined and fails the build.
 */
export function englishInBrowser({ catalogue = "app/locales/en" } = {}) {
  let english;
  return {
    name: "nuru:english-in-browser",
    applyToEnvironment: (environment) => environment.name === "client",
    // The browser never translates at run time (every `t("id")` is inlined below), so its build gets no Lingui and no
    // catalogue: the one module that holds them is replaced by a stand-in that gives the id back.
    load(id) {
      if (/[\\/]app[\\/]lib[\\/]i18n[\\/]i18n\.ts$/.test(id))
        return {
          code: "export const i18nFor = () => undefined;\nexport const translator = () => (id) => id;\n",
          moduleSideEffects: false,
        };
    },
    transform(code, id) {
      if (/[\\/]app[\\/]lib[\\/]i18n[\\/]/.test(id)) return { code, moduleSideEffects: false };
      if (!/[\\/]app[\\/].*\.tsx?$/.test(id) || !/\b(t|localHref)\(/.test(code)) return;
      english ??= new Map([...readCatalogue(catalogue)].map(([key, message]) => [key, compileMessageOrThrow(message)]));
      let out = "";
      let from = 0;
      for (const match of code.matchAll(/(?<![\w.$])(t|localHref)\(/g)) {
        if (match.index < from) continue;
        const open = match.index + match[0].length;
        const close = closingParen(code, open);
        const args = code.slice(open, close);
        let replacement;
        if (match[1] === "localHref") replacement = `(${args})`;
        else {
          const literal = /^\s*"([\w.]+)"\s*(?:,([\s\S]*))?$/.exec(args);
          if (!literal) throw new Error(`${id}: t(${args}) has no literal message id; the browser's build needs one`);
          const message = english.get(literal[1]);
          if (!message) throw new Error(`${id}: no English message "${literal[1]}"`);
          const body = templateOf(message);
          replacement = literal[2]
            ? `((v) => \`${body}\`)(${literal[2]})`
            : JSON.stringify(body.replace(/\\(.)/g, "$1"));
        }
        out += code.slice(from, match.index) + replacement;
        from = close + 1;
      }
      // Every use of `t` and `localHref` is inlined now: their declarations go too, so the hooks are not even called
      // (the bundler keeps a call it cannot prove pure, and with it the hook's module).
      out = (out + code.slice(from)).replace(
        /\b(?:const|let|var) (?:t|localHref) = (?:useT|useLocalHref|metaT)\([^()]*\);?/g,
        "",
      );
      return { code: out, map: null };
    },
  };
}
