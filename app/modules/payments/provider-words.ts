// How the admin pages name the provider that took a payment and the place its own records can be read, so a refund of
// an M-Pesa direct payment never tells her to look in Pesapal's dashboard (issue 49). Plain data: the order page's
// components use it too.

export interface ProviderWords {
  /** The provider as the admin knows it: "Pesapal", "M-Pesa". */
  name: string;
  /** Where she reads the provider's own record of a payment or refund, after "what ... shows". */
  records: string;
  /** Whose answer an order's status history quotes: "Pesapal: paid, ...", "M-Pesa direct: paid, ...". */
  historyName: string;
}

const WORDS: Record<string, ProviderWords> = {
  pesapal: { name: "Pesapal", records: "the Pesapal dashboard", historyName: "Pesapal" },
  // A reversal of an M-Pesa direct payment is listed in Safaricom's M-PESA Org Portal for the shop's Paybill or Till.
  daraja: { name: "M-Pesa", records: "the M-PESA Org Portal", historyName: "M-Pesa direct" },
};

/** The words for an order's provider (orders.gateway); an order from before providers existed is Pesapal's. */
export function providerWords(gateway: string | null | undefined): ProviderWords {
  return WORDS[gateway ?? "pesapal"] ?? WORDS.pesapal!;
}

/** Whose answer an order's status history quotes; a gateway of no provider (test orders) by its own name. */
export function historyName(gateway: string): string {
  return WORDS[gateway]?.historyName ?? gateway;
}
