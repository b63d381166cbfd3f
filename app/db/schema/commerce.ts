import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ebooks } from "./content";

export const planAccessLevel = pgEnum("plan_access_level", ["premium", "subscription"]);

export const subscriptionPlans = pgTable("subscription_plans", {
  id: uuid("id").primaryKey().defaultRandom(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  description: text("description"),
  // Base price in KES.
  price: numeric("price", { precision: 12, scale: 2, mode: "number" }).notNull(),
  durationMonths: integer("duration_months").notNull(),
  accessLevel: planAccessLevel("access_level").notNull().default("subscription"),
  // null or 0 means unlimited.
  ebookLimit: integer("ebook_limit"),
  features: jsonb("features").$type<string[]>().notNull().default([]),
  badge: text("badge"),
  trialDays: integer("trial_days").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  sortKey: integer("sort_key").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const orderKind = pgEnum("order_kind", ["plan", "ebook"]);
export const orderStatus = pgEnum("order_status", ["pending", "completed", "failed", "reversed", "cancelled"]);

// One checkout. Amount and currency are locked when the order is created and every
// gateway report is checked against them.
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    merchantReference: text("merchant_reference").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: orderKind("kind").notNull(),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    ebookId: uuid("ebook_id").references(() => ebooks.id, { onDelete: "restrict" }),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull().default("KES"),
    countryCode: text("country_code"),
    status: orderStatus("status").notNull().default("pending"),
    gateway: text("gateway").notNull(),
    gatewayTrackingId: text("gateway_tracking_id").unique(),
    redirectUrl: text("redirect_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [index("orders_user_idx").on(t.userId, t.createdAt)],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    // ipn | callback | poll | admin | system
    source: text("source").notNull(),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId)],
);

// A verified answer from the gateway (GetTransactionStatus), kept as evidence.
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    gatewayTrackingId: text("gateway_tracking_id").notNull(),
    amount: numeric("amount", { precision: 12, scale: 2, mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    status: orderStatus("status").notNull(),
    paymentMethod: text("payment_method"),
    confirmationCode: text("confirmation_code"),
    raw: jsonb("raw"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("payments_order_idx").on(t.orderId)],
);

export const subscriptionStatus = pgEnum("subscription_status", [
  "active",
  "pending",
  "cancelled",
  "expired",
  "revoked",
]);

export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    status: subscriptionStatus("status").notNull().default("active"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull().defaultNow(),
    // null means open-ended.
    endDate: timestamp("end_date", { withTimezone: true }),
    ebooksUsed: integer("ebooks_used").notNull().default(0),
    autoRenew: boolean("auto_renew").notNull().default(true),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_subscriptions_user_idx").on(t.userId, t.status, t.endDate)],
);

// Which ebooks a subscription has spent its ebook allowance on.
export const subscriptionEbookUnlocks = pgTable(
  "subscription_ebook_unlocks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("subscription_ebook_unlocks_uq").on(t.subscriptionId, t.ebookId)],
);

export const ebookPurchases = pgTable(
  "ebook_purchases",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "restrict" }),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    pricePaid: numeric("price_paid", { precision: 12, scale: 2, mode: "number" }),
    currency: text("currency").notNull().default("KES"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("ebook_purchases_user_ebook_uq").on(t.userId, t.ebookId)],
);

// Regional pricing (spec section 9): one row per country; a country without a row pays the base price.
export const pricingRules = pgTable("pricing_rules", {
  id: uuid("id").primaryKey().defaultRandom(),
  countryCode: text("country_code").notNull().unique(),
  countryName: text("country_name").notNull(),
  currency: text("currency").notNull(),
  markupPercentage: numeric("markup_percentage", { precision: 7, scale: 2, mode: "number" }).notNull().default(0),
  discountPercentage: numeric("discount_percentage", { precision: 7, scale: 2, mode: "number" }).notNull().default(0),
  notes: text("notes"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const exchangeRates = pgTable("exchange_rates", {
  currency: text("currency").primaryKey(),
  // Units of this currency per 1 KES.
  ratePerKes: numeric("rate_per_kes", { precision: 18, scale: 8, mode: "number" }).notNull(),
  source: text("source").notNull().default("fallback"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
