import { formatKesCents } from "~/modules/commerce/money";

/** 'KSh 299.00' (spec style) from KES cents; money is never a float (ADR 008). */
export function formatKes(cents: number): string {
  return formatKesCents(cents);
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Africa/Nairobi",
  });
}
