// Signed-in pages rendered once per access level (ADR 049). A page is rendered for a stand-in reader who has the
// real reader's access (plan, ebooks, role) and nothing of her own: her name, address, offline library key and the
// page's nonce are tokens, and each bookmark toggle is rendered both ways. That rendering is kept as a template; every
// request fills the tokens in from her own small payload. The stand-in is given to the render through this scope
// (the request's viewer, accounts/request-viewer.server.ts, and the shell, site/shell.server.ts, ask for it), so the
// template never sees anyone's personal data: a part of a page that is not a token is the same for every reader with
// that access.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/** Per process, unguessable: text from content can never be read as a token (a title holding these characters). */
const SECRET = randomBytes(12).toString("base64url");
const FIELD_OPEN = `\uE000${SECRET}`;
const FIELD_CLOSE = "\uE001";
const CHOICE_OPEN = `\uE002${SECRET}`;
const CHOICE_OR = `\uE003${SECRET}`;
const CHOICE_END = `\uE004${SECRET}`;

/** What a template leaves for each request: text in the page (escaped when filled in). */
export type PersonalField = "name" | "email" | "initial" | "owner" | "nonce";

/** The scope of one template render: the stand-in's request viewer (typed by its owner, accounts). */
interface Scope {
  who: unknown;
}

const scope = new AsyncLocalStorage<Scope>();

/** Runs `render` as a template render for the stand-in `who`. */
export function renderAsTemplate<T>(who: unknown, render: () => Promise<T>): Promise<T> {
  return scope.run({ who }, render);
}

/** The stand-in of the template render in progress, or undefined (any other render: the real reader's). */
export function templateViewer<T>(): T | undefined {
  return scope.getStore()?.who as T | undefined;
}

/** Whether this render is a template (the page's personal parts must be tokens). */
export function renderingTemplate(): boolean {
  return scope.getStore() !== undefined;
}

/** The token a template holds in place of one of her fields. */
export function personalToken(field: PersonalField): string {
  return `${FIELD_OPEN}${field}${FIELD_CLOSE}`;
}

/** The three texts around a part rendered both ways (`off` then `on`); the request picks one by its slot. */
export function choiceMarks(slot: string): { open: string; or: string; end: string } {
  return { open: `${CHOICE_OPEN}${slot}${CHOICE_OR}`, or: CHOICE_OR, end: CHOICE_END };
}

/** A template split once, when kept: text, fields and choices in order. */
export type TemplatePart =
  string | { field: PersonalField } | { slot: string; off: TemplatePart[]; on: TemplatePart[] };

const FIELDS = new Set<string>(["name", "email", "initial", "owner", "nonce"]);

function splitFields(text: string, into: TemplatePart[]): boolean {
  let at = 0;
  for (;;) {
    const start = text.indexOf(FIELD_OPEN, at);
    if (start === -1) break;
    const end = text.indexOf(FIELD_CLOSE, start + FIELD_OPEN.length);
    const field = end === -1 ? "" : text.slice(start + FIELD_OPEN.length, end);
    if (!FIELDS.has(field)) return false;
    if (start > at) into.push(text.slice(at, start));
    into.push({ field: field as PersonalField });
    at = end + FIELD_CLOSE.length;
  }
  if (at < text.length) into.push(text.slice(at));
  return true;
}

/** The template's parts, or null when it is not well formed (then it is never kept). */
export function splitTemplate(html: string): TemplatePart[] | null {
  const parts: TemplatePart[] = [];
  let at = 0;
  for (;;) {
    const start = html.indexOf(CHOICE_OPEN, at);
    if (start === -1) break;
    const slotEnd = html.indexOf(CHOICE_OR, start + CHOICE_OPEN.length);
    const or = slotEnd === -1 ? -1 : html.indexOf(CHOICE_OR, slotEnd + CHOICE_OR.length);
    const end = or === -1 ? -1 : html.indexOf(CHOICE_END, or + CHOICE_OR.length);
    if (end === -1) return null;
    const slot = html.slice(start + CHOICE_OPEN.length, slotEnd);
    const off: TemplatePart[] = [];
    const on: TemplatePart[] = [];
    const offText = html.slice(slotEnd + CHOICE_OR.length, or);
    const onText = html.slice(or + CHOICE_OR.length, end);
    if (offText.includes(CHOICE_OPEN) || onText.includes(CHOICE_OPEN)) return null;
    if (!splitFields(html.slice(at, start), parts) || !splitFields(offText, off) || !splitFields(onText, on))
      return null;
    parts.push({ slot, off, on });
    at = end + CHOICE_END.length;
  }
  if (!splitFields(html.slice(at), parts)) return null;
  return parts;
}

/** React's escaping of text and attribute values, so a filled page is byte for byte what React would render. */
export function escapeHtml(text: string): string {
  return text.replace(/["&'<>]/g, (c) =>
    c === "&" ? "&amp;" : c === "<" ? "&lt;" : c === ">" ? "&gt;" : c === '"' ? "&quot;" : "&#x27;",
  );
}

/** Her parts of a page: her fields (plain text) and, for each choice's slot, whether it is on. */
export interface PersonalParts {
  fields: Record<PersonalField, string>;
  on(slot: string): boolean;
}

/** The page for her: every token filled in, every choice made. Null if anything of the template was left. */
export function fillTemplate(parts: readonly TemplatePart[], personal: PersonalParts): string | null {
  const escaped = {} as Record<PersonalField, string>;
  for (const field of FIELDS) escaped[field as PersonalField] = escapeHtml(personal.fields[field as PersonalField]);
  const out: string[] = [];
  const write = (list: readonly TemplatePart[]) => {
    for (const part of list) {
      if (typeof part === "string") out.push(part);
      else if ("field" in part) out.push(escaped[part.field]);
      else write(personal.on(part.slot) ? part.on : part.off);
    }
  };
  write(parts);
  const page = out.join("");
  // A token the split did not see (it cannot happen with a well-formed template): never sent.
  return page.includes(SECRET) ? null : page;
}
