// Prices as a page shows them, for the visitor's country: every ebook and plan price on the site goes through the
// pricing module here, on the server, so the browser never computes (or can be told) a price.
import { BASE_CURRENCY, formatPrice } from "./pricing";
import { regionalPricesFor } from "./regional-price.server";

export interface ShownPrice {
  /** 'KSh 1,250.00 ≈ $10.00', or 'KSh 250.00' for a visitor paying in KES. */
  label: string;
  /** The regional KES amount alone ('KSh 1,250.00'): what is charged, for short places like a button. */
  charged: string;
}

/** Adds `shownPrice` to each item with a price above zero (null: free, or subscription only). One read per call. */
export async function withShownPrices<T extends { priceCents: number | null }>(
  countryCode: string,
  items: readonly T[],
): Promise<(T & { shownPrice: ShownPrice | null })[]> {
  const priced = items.filter((i) => i.priceCents !== null && i.priceCents > 0);
  const prices = priced.length
    ? await regionalPricesFor(
        countryCode,
        priced.map((i) => i.priceCents as number),
      )
    : [];
  const byItem = new Map(priced.map((item, n) => [item, prices[n]]));
  return items.map((item) => {
    const price = byItem.get(item);
    return {
      ...item,
      shownPrice: price ? { label: price.label, charged: formatPrice(price.chargedCents, BASE_CURRENCY) } : null,
    };
  });
}
