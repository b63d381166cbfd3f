// A purchase kind (issue 47 item 1, ADR 047): what one kind of order costs (its quote, the only writer of the order's
// amount), what a completed payment of it gives, and what a reversal or a full refund takes back. Each kind is one
// file beside this one and one row in index.server.ts; the checkout, payment verification, refunds and zero-amount
// orders read the kind (from the checkout's input, or from the order) and dispatch. What a kind is called on her
// receipt, in the receipt mail and in "Try again" is its row of membership/purchase-kind-words.ts (`words`): receipts
// read it there, as they may not import payments.
import type { orders } from "~/db/schema";
import type { Decision } from "~/modules/orders/order-transitions";
import type { Grant, Tx } from "~/modules/membership/grants.server";
import type { GiftDetails } from "~/modules/membership/gift-form";
import type { PurchaseKindName, PurchaseKindWords } from "~/modules/membership/purchase-kind-words";
import type { orderPriceColumns, RegionalPrice } from "~/modules/pricing/pricing";
import type { CheckoutBuyer, CheckoutItem, CheckoutQuote } from "../checkout-items.server";

export type Order = typeof orders.$inferSelect;

export type { PurchaseKindName };

/** What the checkout asks a kind to quote: the buyer, the item and her choices, for one instant. */
export interface QuoteRequest {
  buyer: CheckoutBuyer;
  item: CheckoutItem;
  /** The charging country: the order is priced for it. */
  countryCode: string;
  /** The payment provider her method goes to ("pesapal", "daraja"). */
  providerName: string;
  /** Card auto-renew asked for (ADR 019). */
  autoRenew: boolean;
  offerCode: string | null | undefined;
  /** An upgrade's quoted instant (the checkout page's signed token): the credit is worked out for it. */
  upgradeQuotedAt: Date | null | undefined;
  gift: GiftDetails | undefined;
  now: Date;
}

/** The order's amount columns (amount, currency, what the price was made of, code, upgrade credit). */
export type OrderAmountColumns = ReturnType<typeof orderPriceColumns> & Partial<typeof orders.$inferInsert>;

/** What she pays, worked out once by the kind; the order is made from it and nothing else sets its amount. */
export interface Quote {
  /** What she buys, named as the provider's page shows it. */
  item: CheckoutQuote;
  /** The item's regional price with her code (the code's slot is taken with the order). */
  price: RegionalPrice;
  amount: OrderAmountColumns;
  /** Whether a card schedule is made with the order. */
  autoRenew: boolean;
}

export interface PurchaseKind {
  name: PurchaseKindName;
  /** Its receipt line, receipt mail and "Try again" address (the same name's row of PURCHASE_KIND_WORDS). */
  words: PurchaseKindWords;
  /** What she pays for this request at request.now, or the checkout refusal that says why she cannot buy it so. */
  quote(request: QuoteRequest): Promise<Quote>;
  /** Whether a pending order of this kind for the same terms is shown again instead of a new one. */
  reusesPending: boolean;
  /** What the kind keeps beside a new order, in the transaction that inserts it (a gift's recipient). */
  recordOrder?(tx: Tx, order: Order, request: QuoteRequest): Promise<void>;
  /** A kind's own check of a provider's answer before it is applied (an upgrade's locked credit); none by default. */
  recheck?(tx: Tx, order: Order, decision: Decision, now: Date): Promise<Decision>;
  /** What a completed payment gives, inside the transaction that completed the order. */
  grant(tx: Tx, order: Order, now: Date): Promise<Grant>;
  /** What a reversal or a full refund takes back; returns a note for the order history, or null. */
  takeBack(tx: Tx, order: Order, now: Date): Promise<string | null>;
}
