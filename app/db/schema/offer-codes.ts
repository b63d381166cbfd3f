import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { readerId, users } from "./accounts";
import { orders } from "./commerce";
import { createdAt, updatedAt, uuidId, timestamptz, cents, stringList } from "./columns";

// Offer codes (issue 33, ADR 037). A code takes a percentage or a fixed KES amount off the regional price, for every
// item, for plans or for ebooks (optionally only the listed ones), between starts_at and ends_at, at most
// total_limit times in all and per_reader_limit times per reader. redeemed_count is the number of redemptions that
// hold a slot (not released); it is raised with a conditional UPDATE, so it never passes total_limit.
export const offerCodes = pgTable(
  "offer_codes",
  {
    id: uuidId(),
    // Upper case, as typed in links and at checkout (compared upper-cased).
    code: text("code").notNull().unique(),
    description: text("description"),
    // 'percent': percent_off of the price; 'fixed': amount_off_cents KES off.
    kind: text("kind").notNull(),
    percentOff: numeric("percent_off", { precision: 5, scale: 2 }),
    amountOffCents: cents("amount_off_cents"),
    // 'all' | 'plans' | 'ebooks'; with ids, only those plans / ebooks.
    appliesTo: text("applies_to").notNull().default("all"),
    planIds: stringList("plan_ids"),
    ebookIds: stringList("ebook_ids"),
    startsAt: timestamptz("starts_at").notNull(),
    endsAt: timestamptz("ends_at"),
    // null: no limit.
    totalLimit: integer("total_limit"),
    perReaderLimit: integer("per_reader_limit"),
    redeemedCount: integer("redeemed_count").notNull().default(0),
    // The discount is for the first paid period only: card renewals charge the full price.
    firstPeriodOnly: boolean("first_period_only").notNull().default(false),
    isActive: boolean("is_active").notNull().default(true),
    // The one code offered, once, to a card payer who turns auto-renew off.
    isRetentionOffer: boolean("is_retention_offer").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("offer_codes_code_shape", sql`${t.code} ~ '^[A-Z0-9-]{3,32}$'`),
    check(
      "offer_codes_kind",
      sql`(${t.kind} = 'percent' and ${t.percentOff} > 0 and ${t.percentOff} <= 100 and ${t.amountOffCents} is null) or (${t.kind} = 'fixed' and ${t.amountOffCents} > 0 and ${t.percentOff} is null)`,
    ),
    check("offer_codes_applies_to", sql`${t.appliesTo} in ('all', 'plans', 'ebooks')`),
    check("offer_codes_window", sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    check("offer_codes_total_limit_positive", sql`${t.totalLimit} is null or ${t.totalLimit} > 0`),
    check("offer_codes_per_reader_limit_positive", sql`${t.perReaderLimit} is null or ${t.perReaderLimit} > 0`),
    // The backstop of the conditional UPDATE: the count can never pass the limit.
    check(
      "offer_codes_within_limit",
      sql`${t.redeemedCount} >= 0 and (${t.totalLimit} is null or ${t.redeemedCount} <= ${t.totalLimit})`,
    ),
    uniqueIndex("offer_codes_one_retention_offer_uq")
      .on(t.isRetentionOffer)
      .where(sql`is_retention_offer`),
  ],
);

// One row per order that used a code. It holds a slot of the code from the moment the order is made; released_at is
// set (and the code's count lowered) when the order can no longer be paid: not submitted to Pesapal, or abandoned
// and cancelled at Pesapal. A paid, failed, reversed or refunded order keeps its slot (ADR 037).
export const offerCodeRedemptions = pgTable(
  "offer_code_redemptions",
  {
    id: uuidId(),
    codeId: uuid("code_id")
      .notNull()
      .references(() => offerCodes.id, { onDelete: "restrict" }),
    userId: readerId(),
    orderId: uuid("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    releasedAt: timestamptz("released_at"),
  },
  (t) => [index("offer_code_redemptions_code_user_idx").on(t.codeId, t.userId)],
);

// The retention offer shown to a reader when she turned card auto-renew off: once per reader, ever.
export const retentionOffers = pgTable("retention_offers", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  codeId: uuid("code_id")
    .notNull()
    .references(() => offerCodes.id, { onDelete: "restrict" }),
  offeredAt: timestamptz("offered_at").notNull().defaultNow(),
});

// One-per-reader allowances that outlive a deleted account (issue 46 item 5): a free trial and the uses of a code
// with a per-reader limit, under a keyed hash of her e-mail address (HMAC with AUTH_SECRET) and nothing else, so
// deleting the account and signing up again with the same address does not hand them out again. Written only when
// an account is deleted; /privacy says so.
export const formerAllowances = pgTable(
  "former_allowances",
  {
    addressHash: text("address_hash").notNull(),
    /** "trial", or "code:<offer code id>". */
    allowance: text("allowance").notNull(),
    uses: integer("uses").notNull(),
    recordedAt: timestamptz("recorded_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.addressHash, t.allowance] }),
    check("former_allowances_uses_positive", sql`${t.uses} > 0`),
  ],
);
