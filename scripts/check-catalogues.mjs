#!/usr/bin/env node
// Fails when the English and Swahili catalogues disagree (issue 50, ADR 048): a key missing in either, an empty
// translation, a Swahili message identical to the English one (unless allowlisted: brand names), or placeholders that
// differ between the languages.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** Brand and system names that read the same in both languages (docs/glossary-sw.md, "Register"). */
export const SAME_IN_BOTH = new Set([
  "M-Pesa",
  "Nuru",
  "PIN",
  "Paybill",
  "Till",
  "VAT",
  "KRA PIN",
  "English",
  "Kiswahili",
  "KSh",
]);

function unquote(line) {
  return JSON.parse(line.trim());
}

/** Parses a PO file's msgid/msgstr pairs (multi-line strings joined; the header entry skipped). */
export function parsePo(text) {
  const entries = new Map();
  let id = null;
  let str = null;
  let field = null;
  const flush = () => {
    if (id !== null && id !== "") entries.set(id, str ?? "");
    id = null;
    str = null;
    field = null;
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    if (line.startsWith("msgid ")) {
      flush();
      id = unquote(line.slice(6));
      field = "id";
    } else if (line.startsWith("msgstr ")) {
      str = unquote(line.slice(7));
      field = "str";
    } else if (line.startsWith('"')) {
      if (field === "id") id += unquote(line);
      else if (field === "str") str += unquote(line);
    } else {
      throw new Error(`Unreadable catalogue line: ${raw}`);
    }
  }
  flush();
  return entries;
}

/** The argument names a message uses: "{count, plural, one {# kitabu} other {...}}" and "{name}" -> count, name. */
export function placeholders(message) {
  const names = new Set();
  for (const match of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*(?=[,}])/g)) names.add(match[1]);
  return [...names].sort();
}

/** Whether a message has words to translate once brand names, "KSh" and placeholders are taken out. */
function hasWords(message) {
  let rest = message.replace(/\{[^{}]*\}/g, " ");
  for (const name of SAME_IN_BOTH) rest = rest.split(name).join(" ");
  return /\p{L}/u.test(rest);
}

/** Every problem between the two catalogues, as sentences; empty when they agree. */
export function checkCatalogues(en, sw) {
  const problems = [];
  for (const [id, english] of en) {
    if (!sw.has(id)) problems.push(`"${id}" is missing from the Swahili catalogue`);
    if (english.trim() === "") problems.push(`"${id}" has an empty English message`);
  }
  for (const [id, swahili] of sw) {
    if (!en.has(id)) {
      problems.push(`"${id}" is missing from the English catalogue`);
      continue;
    }
    const english = en.get(id);
    if (swahili.trim() === "") {
      problems.push(`"${id}" has an empty Swahili translation`);
      continue;
    }
    if (swahili === english && hasWords(english)) {
      problems.push(`"${id}" is not translated (the Swahili is the English "${english}")`);
    }
    const a = placeholders(english).join(", ");
    const b = placeholders(swahili).join(", ");
    if (a !== b) problems.push(`"${id}" has placeholders {${a}} in English but {${b}} in Swahili`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = new URL("../app/locales/", import.meta.url);
  const en = parsePo(readFileSync(new URL("en/messages.po", dir), "utf8"));
  const sw = parsePo(readFileSync(new URL("sw/messages.po", dir), "utf8"));
  const problems = checkCatalogues(en, sw);
  if (problems.length > 0) {
    console.error(`Catalogues disagree (${problems.length}):\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log(`Catalogues agree: ${en.size} messages in English and Swahili.`);
}
