// Nairobi time as forms take it and the admin's pages show it (issue 47 item 7). Apart from lib/nairobi-time.ts on
// purpose: that one is in every page's shared chunk (lib/format.ts uses it), these only where a form or list needs them.
import { inNairobi, NAIROBI_TIME_ZONE } from "./nairobi-time";

const LOCAL_MINUTE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** A datetime-local field's value ('2026-12-01T09:00') read as Nairobi time, or null. */
export function fromNairobiInput(value: string): Date | null {
  if (!LOCAL_MINUTE.test(value)) return null;
  const date = new Date(`${value}:00+03:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The other way, for an edit form: '' for no date. */
export function toNairobiInput(date: Date | null): string {
  if (!date) return "";
  return inNairobi(date).toISOString().slice(0, 16);
}

/** '29 Nov 2026, 14:05': a moment as the admin's pages show it, in Nairobi time (pure: pages without it drop it). */
export const nairobiDateTime = /* @__PURE__ */ new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: NAIROBI_TIME_ZONE,
});
