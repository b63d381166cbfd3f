// M-Pesa direct through Safaricom's Daraja API (issue 49, ADR 043): every prompt sent to a phone, every answer about
// it (callbacks, queries, transaction-status results, reversals) and every Paybill/Till payment made by hand. The
// order's status and grant stay where every gateway's are (orders, order_status_history, payments); these rows are
// the evidence, and the keys that make a callback or confirmation count once.
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { orders } from "./commerce";
import { createdAt, uuidId, timestamptz, cents } from "./columns";

/** One STK push (M-Pesa Express prompt). CheckoutRequestID is Daraja's key for its callback and its query. */
export const mpesaPushes = pgTable(
  "mpesa_pushes",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    checkoutRequestId: text("checkout_request_id").notNull().unique(),
    merchantRequestId: text("merchant_request_id").notNull(),
    // International digits, 2547XXXXXXXX / 2541XXXXXXXX.
    phone: text("phone").notNull(),
    // What the prompt asked for (whole shillings, as cents).
    amountCents: cents("amount_cents").notNull(),
    // Daraja's ResultCode once known (callback or query); null while she has not answered.
    resultCode: integer("result_code"),
    resultDesc: text("result_desc"),
    // The M-Pesa receipt (e.g. QJK1ABCD23), from the callback only.
    receipt: text("receipt"),
    settledAt: timestamptz("settled_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mpesa_pushes_order_idx").on(t.orderId, t.createdAt)],
);

/** Everything Daraja said or was asked about an order, in order: the admin's order page lists them. */
export const mpesaEvents = pgTable(
  "mpesa_events",
  {
    id: uuidId(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    // push | callback | query | confirmation | validation | status | reversal | code
    kind: text("kind").notNull(),
    // CheckoutRequestID, M-Pesa receipt (TransID) or ConversationID: what the event is about.
    reference: text("reference"),
    summary: text("summary").notNull(),
    raw: jsonb("raw"),
    createdAt: createdAt(),
  },
  (t) => [index("mpesa_events_order_idx").on(t.orderId, t.createdAt)],
);

/**
 * A payment by Paybill/Till by hand (a C2B confirmation), or a code a reader pasted and transaction status
 * confirmed. The M-Pesa receipt is unique, so one payment grants once. matched: it paid order_id. unmatched: wrong or
 * missing account number or amount, waiting in the admin's "Needs attention"; resolved: an admin matched it to an
 * order; reversal_requested / reversed: refunded by the reversal API.
 */
export const mpesaReceivedPayments = pgTable(
  "mpesa_received_payments",
  {
    id: uuidId(),
    receipt: text("receipt").notNull().unique(),
    // The account number she typed (BillRefNumber); empty when she typed none.
    accountNumber: text("account_number").notNull(),
    amountCents: cents("amount_cents").notNull(),
    // Who paid, as Daraja reports it (sandbox and production mask or hash it; kept as sent).
    payerPhone: text("payer_phone"),
    payerName: text("payer_name"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: text("status").notNull(),
    note: text("note"),
    // Reversal: Daraja's ConversationID while its result is awaited.
    reversalConversationId: text("reversal_conversation_id"),
    createdAt: createdAt(),
    resolvedAt: timestamptz("resolved_at"),
  },
  (t) => [
    index("mpesa_received_payments_status_idx").on(t.status, t.createdAt),
    check(
      "mpesa_received_payments_status_known",
      sql`${t.status} in ('matched', 'unmatched', 'resolved', 'reversal_requested', 'reversed')`,
    ),
    check("mpesa_received_payments_amount_positive", sql`${t.amountCents} > 0`),
  ],
);
