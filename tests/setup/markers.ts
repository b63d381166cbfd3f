export const MARKERS = {
  premium: "LEAKMARK-PREMIUM-7f3a91",
  subscription: "LEAKMARK-SUBSCRIPTION-c42e17",
  draft: "LEAKMARK-DRAFT-0b9d55",
  /** Drawn on every page of the marker ebooks' PDFs and written in their metadata. */
  pdf: "LEAKMARK-PDF-5e8c22",
} as const;

/** Published ebooks whose PDFs carry MARKERS.pdf; the premium one may be downloaded. */
export const MARKER_EBOOK_TITLES = {
  premium: "Marker ebook for the leak suite (premium)",
  subscription: "Marker ebook for the leak suite (subscription)",
} as const;

export const MARKER_TITLES = {
  premium: "Evening walks that add up (premium marker)",
  subscription: "Evening walks for members (subscription marker)",
} as const;

/** Free ebooks whose files are broken or missing, for the reader's error views (listed last: old dates). */
export const BROKEN_EBOOK_TITLES = {
  damaged: "Damaged file ebook for the reader test",
  missing: "Missing file ebook for the reader test",
} as const;

/** A failed order the e2e seed makes for the demo buyer, so the admin order page has an id to probe. */
export const PROBE_ORDER_ID = "0f1e2d3c-4b5a-4697-8877-665544332211";

/** An offer code the e2e seed makes (20 % off everything, no limits), for the admin codes screen's probes and the
 *  coded checkout journey. */
export const PROBE_OFFER_CODE_ID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
export const PROBE_OFFER_CODE = "KARIBU20";
