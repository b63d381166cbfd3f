#!/usr/bin/env node
// Fails when the English and Swahili catalogues disagree (issue 50, ADR 048): a key missing in either, an empty
// translation, a Swahili message identical to the English one (unless allowlisted: brand names), placeholders that
// differ between the languages, or a Swahili message that leaves the glossary's terms (docs/glossary-sw.md).
import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
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

/**
 * A language's whole catalogue: every `.po` file in its folder (`app/locales/<lang>/`), read in name order. The files
 * split the words by area (messages.po, account.po, checkout.po...) so that areas are written apart; an id in two files
 * is an error, not an override.
 */
export function readCatalogue(folder) {
  const entries = new Map();
  for (const file of catalogueFiles(folder))
    for (const [id, message] of parsePo(readFileSync(file, "utf8"))) {
      if (entries.has(id)) throw new Error(`"${id}" is in two files of ${folder} (the second: ${file})`);
      entries.set(id, message);
    }
  return entries;
}

/** The files a language's catalogue is read from (for a bundler to watch). */
export function catalogueFiles(folder) {
  return readdirSync(folder)
    .filter((name) => name.endsWith(".po"))
    .sort()
    .map((name) => join(folder, name));
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

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The terms of docs/glossary-sw.md's table: `{ english: [...], swahili: [...], never: [...] }` per row. English forms
 * are split at " / " (a note in brackets dropped), Swahili forms at " / ", the words never to use at ", ".
 */
export function glossaryTerms(markdown) {
  const terms = [];
  for (const line of markdown.split(/\r?\n/)) {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 3 || cells[0] === "English" || /^-+$/.test(cells[0])) continue;
    const split = (cell, at) =>
      cell
        ? cell
            .split(at)
            .map((form) => form.trim())
            .filter(Boolean)
        : [];
    terms.push({
      english: split(cells[0].replace(/\(.*?\)/g, ""), " / "),
      swahili: split(cells[1], " / "),
      never: split(cells[2], ", "),
    });
  }
  return terms;
}

/**
 * Every message that breaks the glossary: an English term (placeholders aside; longer terms first, each taking its
 * words out of the sentence, so "for review" is not also "review") whose Swahili uses none of the term's forms, and
 * any Swahili message with a word the glossary says never to use.
 */
export function checkGlossary(en, sw, terms) {
  const problems = [];
  const ordered = [...terms].sort(
    (a, b) => Math.max(...b.english.map((f) => f.length)) - Math.max(...a.english.map((f) => f.length)),
  );
  for (const [id, swahili] of sw) {
    let english = (en.get(id) ?? "").replace(/\{[^{}]*\}/g, " ");
    const said = swahili.toLowerCase();
    for (const term of ordered) {
      const pattern = new RegExp(`\\b(?:${term.english.map((form) => escapeRegExp(form)).join("|")})\\b`, "gi");
      if (!pattern.test(english)) continue;
      english = english.replace(pattern, " ");
      if (!term.swahili.some((form) => said.includes(form.toLowerCase())))
        problems.push(`"${id}" says "${term.english[0]}" but not ${term.swahili.map((f) => `"${f}"`).join(" or ")}`);
    }
    for (const term of terms)
      for (const word of term.never)
        if (new RegExp(`(?<![\\p{L}-])${escapeRegExp(word)}(?![\\p{L}-])`, "u").test(swahili))
          problems.push(`"${id}" uses "${word}" (docs/glossary-sw.md: never)`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = new URL("../app/locales/", import.meta.url);
  const names = (lang) => catalogueFiles(fileURLToPath(new URL(`${lang}/`, dir))).map((file) => basename(file));
  const [enFiles, swFiles] = [names("en"), names("sw")];
  if (enFiles.join() !== swFiles.join()) {
    console.error(`Catalogue files differ: en has ${enFiles.join(", ")}; sw has ${swFiles.join(", ")}`);
    process.exit(1);
  }
  const en = readCatalogue(fileURLToPath(new URL("en/", dir)));
  const sw = readCatalogue(fileURLToPath(new URL("sw/", dir)));
  const glossary = glossaryTerms(readFileSync(new URL("../docs/glossary-sw.md", import.meta.url), "utf8"));
  const problems = [...checkCatalogues(en, sw), ...checkGlossary(en, sw, glossary)];
  if (problems.length > 0) {
    console.error(`Catalogues disagree (${problems.length}):\n- ${problems.join("\n- ")}`);
    process.exit(1);
  }
  console.log(
    `Catalogues agree: ${en.size} messages in English and Swahili, with the ${glossary.length} terms of the glossary.`,
  );
}
