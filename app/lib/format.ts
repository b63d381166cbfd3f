import { formatKesCents } from "~/modules/commerce/money";

/** 'KSh 299.00' (spec style) from KES cents; money is never a float (ADR 008). */
export function formatKes(cents: number): string {
  return formatKesCents(cents);
}

// One formatter for every date: building one per call (toLocaleDateString) cost more than the rest of a card.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Africa/Nairobi",
});

export function formatDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}
