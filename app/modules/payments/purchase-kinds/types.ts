// A purchase kind (issue 47 item 1, ADR 047): what a completed payment of one kind of order gives, and what a
// reversal or a full refund takes back. Each kind is one file beside this one and one row in index.server.ts;
// payment verification, refunds and zero-amount orders read the kind from the order and dispatch.
import type { orders } from "~/db/schema";
import type { Grant, Tx } from "~/modules/membership/grants.server";

export type Order = typeof orders.$inferSelect;

export type PurchaseKindName = "plan" | "ebook" | "gift" | "upgrade";

export interface PurchaseKind {
  name: PurchaseKindName;
  /** What a completed payment gives, inside the transaction that completed the order. */
  grant(tx: Tx, order: Order, now: Date): Promise<Grant>;
  /** What a reversal or a full refund takes back; returns a note for the order history, or null. */
  takeBack(tx: Tx, order: Order, now: Date): Promise<string | null>;
}
