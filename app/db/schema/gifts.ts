import { sql } from "drizzle-orm";
import { check, date, index, integer, pgEnum, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { orders } from "./commerce";
import { createdAt, updatedAt, uuidId, timestamptz } from "./columns";

// A gift (issue 33, ADR 038): an order bought for someone else. The row is written with the order at checkout
// ('awaiting_payment'); the verified completion makes it 'paid' instead of granting the buyer; sending the claim mail
// (at completion, or on the Nairobi delivery date) makes it 'unclaimed'; the recipient's claim makes it 'claimed'
// and starts her grant (tied to the same order, so a reversal or full refund revokes it as for any order); a
// reversal or refund makes it 'revoked'. Only the claim link's SHA-256 is kept; each send issues a new link.
export const giftStatus = pgEnum("gift_status", ["awaiting_payment", "paid", "unclaimed", "claimed", "revoked"]);

export const gifts = pgTable(
  "gifts",
  {
    id: uuidId(),
    // One gift per order: a completion applied twice (IPN and callback) can only ever find this one row.
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    recipientEmail: text("recipient_email").notNull(),
    // Shown as text in the message only (no SMS is sent).
    recipientPhone: text("recipient_phone"),
    note: text("note"),
    // The Nairobi calendar day the claim mail goes out; null: at completion.
    deliverOn: date("deliver_on", { mode: "string" }),
    status: giftStatus("status").notNull().default("awaiting_payment"),
    tokenHash: text("token_hash").unique(),
    tokenExpiresAt: timestamptz("token_expires_at"),
    sentAt: timestamptz("sent_at"),
    sendCount: integer("send_count").notNull().default(0),
    claimedBy: text("claimed_by").references(() => users.id, { onDelete: "set null" }),
    claimedAt: timestamptz("claimed_at"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("gifts_due_idx").on(t.status, t.deliverOn),
    check("gifts_note_length", sql`${t.note} is null or char_length(${t.note}) <= 500`),
    check("gifts_claimed_has_recipient", sql`${t.status} <> 'claimed' or ${t.claimedAt} is not null`),
  ],
);
