import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { readerId, users } from "./accounts";
import { articles, ebookOf, ebooks } from "./content";
import { createdAt, updatedAt, uuidId, timestamptz, cents, stringList } from "./columns";

// Money is integer minor units (cents) in bigint columns, read as safe JavaScript integers; rates and
// percentages are exact numerics read as strings. app/modules/pricing/money.ts does the arithmetic (ADR 008).
const isCurrencyCode = (column: unknown) => sql`${column} ~ '^[A-Z]{3}$'`;

export const planAccessLevel = pgEnum("plan_access_level", ["premium", "subscription"]);

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: uuidId(),
    slug: text("slug").notNull().unique(),
    name: text("name").notNull(),
    description: text("description"),
    // Base price in KES cents, before the regional rule.
    priceCents: cents("price_cents").notNull(),
    // How long one period lasts: period_count days, weeks or months (issue 33, ADR 036; plan-period.ts adds it to a
    // date). Rows from before were months.
    periodUnit: text("period_unit", { enum: ["day", "week", "month"] })
      .notNull()
      .default("month"),
    periodCount: integer("period_count").notNull(),
    accessLevel: planAccessLevel("access_level").notNull().default("subscription"),
    // null means unlimited; a limit is always at least one ebook (0 no longer doubles as "unlimited").
    ebookLimit: integer("ebook_limit"),
    features: stringList("features"),
    badge: text("badge"),
    trialDays: integer("trial_days").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    sortKey: integer("sort_key").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("subscription_plans_price_not_negative", sql`${t.priceCents} >= 0`),
    check("subscription_plans_ebook_limit_positive", sql`${t.ebookLimit} is null or ${t.ebookLimit} > 0`),
    check("subscription_plans_period_unit_known", sql`${t.periodUnit} in ('day', 'week', 'month')`),
    check("subscription_plans_period_count_positive", sql`${t.periodCount} > 0`),
  ],
);

export const orderKind = pgEnum("order_kind", ["plan", "ebook"]);
// review: the gateway reported a payment that does not match the order (amount, currency or reference); nothing
// is granted and an admin decides. abandoned: still unpaid after the last scheduled status check (ADR 015); a
// payment Pesapal completes later still completes it. refunded / partially_refunded: Pesapal accepted an admin's
// RefundRequest for all / part of the payment; a full refund takes back what the order gave (ADR 018).
export const orderStatus = pgEnum("order_status", [
  "pending",
  "completed",
  "failed",
  "reversed",
  "cancelled",
  "review",
  "abandoned",
  "refunded",
  "partially_refunded",
]);

// One checkout. Amount and currency are locked when the order is created and every gateway report is
// checked against them. The order also keeps what its price was made of, so a later change to a plan, a
// pricing rule or an exchange rate never changes what a reader was shown or charged.
export const orders = pgTable(
  "orders",
  {
    id: uuidId(),
    merchantReference: text("merchant_reference").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    kind: orderKind("kind").notNull(),
    planId: uuid("plan_id").references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    ebookId: uuid("ebook_id").references(() => ebooks.id, { onDelete: "restrict" }),
    // The KES amount charged: what the gateway is asked for and every payment is compared with.
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull().default("KES"),
    // The price's making: base KES price, the visitor's country, the rule applied (a snapshot, as rules
    // change), the exchange rate used and the local amount shown beside the KES price.
    basePriceCents: cents("base_price_cents").notNull(),
    countryCode: text("country_code").notNull(),
    // The evidence for countryCode, the charging country (ADR 026): how it was verified ('cdn': the trusted CDN
    // header, 'ip': the IP database, 'default': Kenya, nothing else known) and the country the buyer had picked on
    // /country, if any (it changes what she is shown, never what she pays). Null on orders made before 2026-11-26.
    countrySource: text("country_source"),
    pickedCountryCode: text("picked_country_code"),
    pricingRuleId: uuid("pricing_rule_id").references(() => pricingRules.id, { onDelete: "set null" }),
    markupPercentage: numeric("markup_percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    discountPercentage: numeric("discount_percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    exchangeRate: numeric("exchange_rate", { precision: 18, scale: 8 }).notNull(),
    displayCurrency: text("display_currency").notNull(),
    // In the display currency's minor units.
    displayAmount: cents("display_amount").notNull(),
    status: orderStatus("status").notNull().default("pending"),
    gateway: text("gateway").notNull(),
    gatewayTrackingId: text("gateway_tracking_id").unique(),
    redirectUrl: text("redirect_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestamptz("completed_at"),
    // Reconciliation of a pending order (ADR 015): how many GetTransactionStatus checks answered "not paid yet",
    // and when the next one is due (null: one minute after the order was made).
    statusChecks: integer("status_checks").notNull().default(0),
    nextStatusCheckAt: timestamptz("next_status_check_at"),
    // After it leaves pending (ADR 027) the same two columns schedule the re-checks of an order whose outcome can
    // still change (completed within the reversal window, failed, abandoned): reset at every change of status.
    // When Pesapal confirmed our CancelOrder of an abandoned order: it can no longer be paid, nor need re-checking.
    gatewayCancelledAt: timestamptz("gateway_cancelled_at"),
    // A scheduled card charge of a card auto-renew agreement (ADR 019): Pesapal names it by the agreement's
    // account_number, not by this order's reference. Null for orders a reader made at checkout.
    cardRenewalId: uuid("card_renewal_id").references((): AnyPgColumn => cardRenewals.id, { onDelete: "restrict" }),
    // The receipt (ADR receipt-numbering-vat-snapshots), written once in the transaction that completes the order:
    // its gapless number ('NURU-2026-000123', from receipt_counters), and what it says about seller, buyer and VAT as
    // they were then (a receipt never changes when settings or her profile do). Kept for a later KRA eTIMS submission.
    receiptNumber: text("receipt_number").unique(),
    receiptSellerName: text("receipt_seller_name"),
    receiptSellerAddress: text("receipt_seller_address"),
    receiptSellerPin: text("receipt_seller_pin"),
    receiptBuyerPin: text("receipt_buyer_pin"),
    // VAT included in amount_cents (16 %), null when the shop was not VAT-registered at completion.
    receiptVatCents: cents("receipt_vat_cents"),
    // The article whose paywall led to this checkout (the pricing page's ?from=, carried to checkout): purchases per
    // article on the analytics screen (issue 35). An article, never a person or a page history.
    fromArticleId: uuid("from_article_id").references(() => articles.id, { onDelete: "set null" }),
    // An upgrade in the middle of a period (ADR 039): the subscription it ends and the credit locked at checkout (the
    // unused part of what she paid for it), so amount_cents = the new plan's price less this credit (minimum KSh 10).
    // The order is an upgrade when the credit is set; the subscription id goes with an account's deletion (the order stays).
    upgradeFromSubscriptionId: uuid("upgrade_from_subscription_id").references(
      (): AnyPgColumn => userSubscriptions.id,
      {
        onDelete: "set null",
      },
    ),
    upgradeCreditCents: cents("upgrade_credit_cents"),
    // The instant the credit was worked out for: the checkout page she saw (its signed quote), so she pays the amount
    // its button named; the payment's re-check works the credit out for the same instant. Set with the credit.
    upgradeCreditAt: timestamptz("upgrade_credit_at"),
    // The cents left off an upgrade's charge so it is whole shillings, in her favour (issue 46 item 27): M-Pesa moves
    // whole shillings, so an amount with cents could come back from Pesapal as another amount. amount_cents = the
    // exact charge less this. Null when nothing was left off.
    roundedOffCents: cents("rounded_off_cents"),
    // The phone number she asked her receipt to be sent to by SMS (issue 49), in international digits
    // ('2547XXXXXXXX'); null when she did not ask. Transactional only: never used for anything but this order's
    // receipt and its delivery status (app/modules/sms).
    receiptPhone: text("receipt_phone"),
    // M-Pesa direct (ADR 043): the account number she types to pay this order by Paybill by hand (at most 12 letters
    // and digits, no special characters: Daraja refuses them), also the STK push's AccountReference. Null for orders
    // not offered M-Pesa direct.
    mpesaAccount: text("mpesa_account").unique(),
    // An offer code locked into the order at checkout (ADR 037): which code (its redemption row in offer-codes.ts
    // holds the foreign key), its text as typed then, the KES amount before the code and the discount it gave
    // (amount_cents = price_before_code_cents - code_discount_cents). Null without a code.
    offerCodeId: uuid("offer_code_id"),
    offerCode: text("offer_code"),
    priceBeforeCodeCents: cents("price_before_code_cents"),
    codeDiscountCents: cents("code_discount_cents"),
    // Why an order of amount 0 was completed without a payment ('offer code NURU100'): the only way an order may be
    // zero, and the trace of its grant in place of a verified payment (no gateway call, no payments row).
    zeroAmountReason: text("zero_amount_reason"),
  },
  (t) => [
    index("orders_user_idx").on(t.userId, t.createdAt),
    index("orders_card_renewal_idx").on(t.cardRenewalId),
    // Jobs look for orders left pending, oldest first.
    index("orders_status_created_idx").on(t.status, t.createdAt),
    check(
      "orders_amount_positive",
      sql`${t.amountCents} > 0 or (${t.amountCents} = 0 and ${t.zeroAmountReason} is not null)`,
    ),
    check("orders_zero_reason_only_zero", sql`${t.zeroAmountReason} is null or ${t.amountCents} = 0`),
    check(
      "orders_offer_code_adds_up",
      sql`(${t.offerCode} is null and ${t.priceBeforeCodeCents} is null and ${t.codeDiscountCents} is null) or (${t.offerCode} is not null and ${t.codeDiscountCents} > 0 and ${t.priceBeforeCodeCents} = ${t.amountCents} + ${t.codeDiscountCents} + coalesce(${t.roundedOffCents}, 0))`,
    ),
    check("orders_country_source_known", sql`${t.countrySource} in ('cdn', 'ip', 'default')`),
    check("orders_base_price_positive", sql`${t.basePriceCents} > 0`),
    check(
      "orders_display_amount_positive",
      sql`${t.displayAmount} > 0 or (${t.amountCents} = 0 and ${t.displayAmount} = 0)`,
    ),
    check("orders_exchange_rate_positive", sql`${t.exchangeRate} > 0`),
    check("orders_currency_code", isCurrencyCode(t.currency)),
    check("orders_display_currency_code", isCurrencyCode(t.displayCurrency)),
    check("orders_country_code", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check(
      "orders_upgrade_credit_with_subscription",
      sql`(${t.upgradeFromSubscriptionId} is null or ${t.upgradeCreditCents} is not null) and (${t.upgradeCreditCents} is null or (${t.kind} = 'plan' and ${t.upgradeCreditCents} >= 0)) and ((${t.upgradeCreditCents} is null) = (${t.upgradeCreditAt} is null))`,
    ),
    check(
      "orders_rounded_off_cents",
      sql`${t.roundedOffCents} is null or (${t.roundedOffCents} > 0 and ${t.roundedOffCents} < 100)`,
    ),
    check(
      "orders_receipt_vat_in_range",
      sql`${t.receiptVatCents} >= 0 and (${t.receiptVatCents} < ${t.amountCents} or ${t.receiptVatCents} = 0)`,
    ),
    // An order buys exactly one thing, and the thing its kind says.
    check(
      "orders_item_matches_kind",
      sql`(${t.kind} = 'plan' and ${t.planId} is not null and ${t.ebookId} is null) or (${t.kind} = 'ebook' and ${t.ebookId} is not null and ${t.planId} is null)`,
    ),
  ],
);

/** The last receipt number given in a year (Nairobi time): bumped with UPDATE ... RETURNING in the transaction that
 *  completes an order, so numbers have no gaps (a rolled-back transaction gives its number back). */
export const receiptCounters = pgTable(
  "receipt_counters",
  {
    year: integer("year").primaryKey(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (t) => [check("receipt_counters_last_number_nonnegative", sql`${t.lastNumber} >= 0`)],
);

export const orderStatusHistory = pgTable(
  "order_status_history",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status"),
    toStatus: orderStatus("to_status").notNull(),
    // ipn | callback | poll | admin | system
    source: text("source").notNull(),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_history_order_idx").on(t.orderId)],
);

// A verified answer from the gateway (GetTransactionStatus), kept as evidence.
export const payments = pgTable(
  "payments",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    gateway: text("gateway").notNull(),
    gatewayTrackingId: text("gateway_tracking_id").notNull(),
    // What the gateway reported; compared with the order's amount and currency before anything is granted.
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: orderStatus("status").notNull(),
    paymentMethod: text("payment_method"),
    confirmationCode: text("confirmation_code"),
    raw: jsonb("raw"),
    verifiedAt: timestamptz("verified_at").notNull().defaultNow(),
  },
  (t) => [
    index("payments_order_idx").on(t.orderId),
    check("payments_amount_not_negative", sql`${t.amountCents} >= 0`),
    check("payments_currency_code", isCurrencyCode(t.currency)),
  ],
);

// active: running, renews (reminders go out). cancelled: renewal cancelled; still runs until its end date.
// scheduled: a paid renewal queued behind the running period; it starts at its start date. expired: ended.
// revoked: its payment was reversed. pending: the column default, never a grant (ADR 015).
export const subscriptionStatus = pgEnum("subscription_status", [
  "active",
  "pending",
  "cancelled",
  "expired",
  "revoked",
  "scheduled",
]);

export const userSubscriptions = pgTable(
  "user_subscriptions",
  {
    id: uuidId(),
    userId: readerId(),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    // One order grants once.
    orderId: uuid("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "set null" }),
    // A subscription becomes active only when a verified payment (or a trial grant) says so.
    status: subscriptionStatus("status").notNull().default("pending"),
    startDate: timestamptz("start_date").notNull().defaultNow(),
    // null means open-ended.
    endDate: timestamptz("end_date"),
    autoRenew: boolean("auto_renew").notNull().default(true),
    // A free trial (no order): one per account, enforced by the partial unique index below.
    isTrial: boolean("is_trial").notNull().default(false),
    // A period an admin gave by hand (goodwill, a proven technical error): no order, who gave it and why (ADR 018).
    grantedBy: text("granted_by").references(() => users.id, { onDelete: "set null" }),
    grantReason: text("grant_reason"),
    cancelledAt: timestamptz("cancelled_at"),
    // Ended early by an upgrade (ADR 039): when, and the end it had, so a reversed upgrade can put it back.
    upgradedAt: timestamptz("upgraded_at"),
    endDateBeforeUpgrade: timestamptz("end_date_before_upgrade"),
    // A switch to a lower plan at the end of this period (ADR 039): the plan, when she asked, when it took effect,
    // and whether scheduling it cancelled her card agreement (cancelling the switch resumes only that one).
    switchToPlanId: uuid("switch_to_plan_id").references((): AnyPgColumn => subscriptionPlans.id, {
      onDelete: "restrict",
    }),
    switchScheduledAt: timestamptz("switch_scheduled_at"),
    switchedAt: timestamptz("switched_at"),
    switchPausedCardRenewal: boolean("switch_paused_card_renewal").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("user_subscriptions_user_idx").on(t.userId, t.status, t.endDate),
    // One running period per reader: active, or cancelled but not yet ended. Renewals wait as 'scheduled'.
    uniqueIndex("user_subscriptions_one_current_uq")
      .on(t.userId)
      .where(sql`status in ('active', 'cancelled')`),
    uniqueIndex("user_subscriptions_one_trial_uq")
      .on(t.userId)
      .where(sql`is_trial`),
  ],
);

// An admin's RefundRequest for a verified payment and Pesapal's answer (ADR 018). requesting: sent, no answer yet
// (the row is written first, so two admins cannot both send one); accepted: Pesapal said 200 ("received"); refused:
// Pesapal said no (its message kept); unconfirmed: no answer (timeout, network), so nobody knows: check with Pesapal.
export const refundStatus = pgEnum("refund_status", ["requesting", "accepted", "refused", "unconfirmed"]);

export const refunds = pgTable(
  "refunds",
  {
    id: uuidId(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "restrict" }),
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull(),
    // The whole payment, or part of a card payment.
    full: boolean("full").notNull(),
    reason: text("reason").notNull(),
    requestedBy: text("requested_by").references(() => users.id, { onDelete: "set null" }),
    status: refundStatus("status").notNull().default("requesting"),
    // Pesapal's answer: its message, and its error code when it refused.
    gatewayMessage: text("gateway_message"),
    gatewayCode: text("gateway_code"),
    createdAt: createdAt(),
    answeredAt: timestamptz("answered_at"),
    // An outcome nobody knows (unconfirmed, or requesting left by a crash) is settled by asking Pesapal for the
    // payment's status (issue 30): when it was last asked, how often, what it said, and when to ask next.
    checkedAt: timestamptz("checked_at"),
    checkCount: integer("check_count").notNull().default(0),
    checkMessage: text("check_message"),
    nextCheckAt: timestamptz("next_check_at"),
  },
  (t) => [
    index("refunds_order_idx").on(t.orderId),
    // Pesapal takes one refund per payment: at most one sent or accepted (a refused or unanswered one may be retried).
    uniqueIndex("refunds_one_per_payment_uq")
      .on(t.paymentId)
      .where(sql`status in ('requesting', 'accepted')`),
    check("refunds_amount_positive", sql`${t.amountCents} > 0`),
    check("refunds_currency_code", isCurrencyCode(t.currency)),
    check("refunds_reason_given", sql`length(trim(${t.reason})) > 0`),
  ],
);

// E-mails about a subscription's period (renewal reminders, the end), each at most once per subscription row: the
// row is claimed before the mail is sent and released if sending fails (ADR 015).
export const subscriptionNotices = pgTable(
  "subscription_notices",
  {
    id: uuidId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique("subscription_notices_uq").on(t.subscriptionId, t.kind),
    check("subscription_notices_kind", sql`${t.kind} in ('reminder_7d', 'reminder_1d', 'ended')`),
  ],
);

// Which ebooks a subscription has spent its ebook allowance on: the only record of ebooks used (a counter
// beside it could disagree with it).
export const subscriptionEbookUnlocks = pgTable(
  "subscription_ebook_unlocks",
  {
    id: uuidId(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => userSubscriptions.id, { onDelete: "cascade" }),
    userId: readerId(),
    ebookId: ebookOf(),
    createdAt: createdAt(),
  },
  (t) => [unique("subscription_ebook_unlocks_uq").on(t.subscriptionId, t.ebookId)],
);

export const ebookPurchases = pgTable(
  "ebook_purchases",
  {
    id: uuidId(),
    userId: readerId(),
    ebookId: uuid("ebook_id")
      .notNull()
      .references(() => ebooks.id, { onDelete: "restrict" }),
    // One order grants once.
    orderId: uuid("order_id")
      .unique()
      .references(() => orders.id, { onDelete: "set null" }),
    // null for a grant without payment (e.g. by an admin).
    pricePaidCents: cents("price_paid_cents"),
    currency: text("currency").notNull().default("KES"),
    revokedAt: timestamptz("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("ebook_purchases_user_ebook_uq").on(t.userId, t.ebookId),
    check("ebook_purchases_price_not_negative", sql`${t.pricePaidCents} is null or ${t.pricePaidCents} >= 0`),
    check("ebook_purchases_currency_code", isCurrencyCode(t.currency)),
  ],
);

// Regional pricing (spec section 9): one row per country; a country without a row pays the base price.
// Percentages are exact numerics read as strings ("150.00"); a markup wins over a discount, so a rule has one.
export const pricingRules = pgTable(
  "pricing_rules",
  {
    id: uuidId(),
    countryCode: text("country_code").notNull().unique(),
    countryName: text("country_name").notNull(),
    currency: text("currency").notNull(),
    markupPercentage: numeric("markup_percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    discountPercentage: numeric("discount_percentage", { precision: 7, scale: 2 }).notNull().default("0"),
    notes: text("notes"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pricing_rules_country_code", sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check("pricing_rules_currency_code", isCurrencyCode(t.currency)),
    check("pricing_rules_markup_not_negative", sql`${t.markupPercentage} >= 0`),
    check("pricing_rules_discount_range", sql`${t.discountPercentage} >= 0 and ${t.discountPercentage} < 100`),
    check("pricing_rules_markup_or_discount", sql`${t.markupPercentage} = 0 or ${t.discountPercentage} = 0`),
  ],
);

export const exchangeRates = pgTable(
  "exchange_rates",
  {
    currency: text("currency").primaryKey(),
    // Units of this currency per 1 KES, exact ("0.00800000").
    ratePerKes: numeric("rate_per_kes", { precision: 18, scale: 8 }).notNull(),
    source: text("source").notNull().default("fallback"),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("exchange_rates_currency_code", isCurrencyCode(t.currency)),
    check("exchange_rates_rate_positive", sql`${t.ratePerKes} > 0`),
  ],
);

// Card auto-renew (ADR 019): a reader's opt-in at checkout to Pesapal recurring card payments. pending: asked for at
// checkout, first payment not verified as a card payment with the schedule set up; active: scheduled charges extend
// her plan; cancelled: she cancelled renewal (a charge that still arrives is refunded); ended: never to be charged
// (e.g. the first payment was M-Pesa: recurring is card only). Amount and currency are the first order's, locked.
export const cardRenewalStatus = pgEnum("card_renewal_status", ["pending", "active", "cancelled", "ended"]);

export const cardRenewals = pgTable(
  "card_renewals",
  {
    id: uuidId(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    firstOrderId: uuid("first_order_id")
      .notNull()
      .unique()
      .references((): AnyPgColumn => orders.id, { onDelete: "restrict" }),
    // Pesapal's account_number: unguessable, and the OrderMerchantReference of every scheduled charge.
    accountNumber: text("account_number").notNull().unique(),
    status: cardRenewalStatus("status").notNull().default("pending"),
    amountCents: cents("amount_cents").notNull(),
    currency: text("currency").notNull(),
    // The subscription_details frequency we sent (MONTHLY / YEARLY), or null when the buyer picked it on Pesapal's page.
    frequency: text("frequency"),
    activatedAt: timestamptz("activated_at"),
    cancelledAt: timestamptz("cancelled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("card_renewals_user_idx").on(t.userId, t.status),
    check("card_renewals_amount_positive", sql`${t.amountCents} > 0`),
    check("card_renewals_currency_code", isCurrencyCode(t.currency)),
    check("card_renewals_account_number", sql`${t.accountNumber} ~ '^[A-Za-z0-9-]{1,50}$'`),
  ],
);

// Every status change of an agreement and every scheduled charge Pesapal reported, with its source (checkout, ipn,
// poll, reader, system) and a note; a charge for an account_number we do not know is kept here too (no agreement).
export const cardRenewalEvents = pgTable(
  "card_renewal_events",
  {
    id: uuidId(),
    cardRenewalId: uuid("card_renewal_id").references(() => cardRenewals.id, { onDelete: "cascade" }),
    accountNumber: text("account_number").notNull(),
    fromStatus: cardRenewalStatus("from_status"),
    toStatus: cardRenewalStatus("to_status"),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    // The scheduled charge this event is about (Pesapal's OrderTrackingId), when it is about one.
    gatewayTrackingId: text("gateway_tracking_id"),
    source: text("source").notNull(),
    note: text("note"),
    createdAt: createdAt(),
    // A charge matching no agreement, once an admin has dealt with it (found the reader's agreement, refunded it on
    // Pesapal's dashboard): when, by whom and what was done. Resolved, it is no longer a reconciliation difference.
    resolvedAt: timestamptz("resolved_at"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolutionNote: text("resolution_note"),
  },
  (t) => [
    index("card_renewal_events_renewal_idx").on(t.cardRenewalId, t.createdAt),
    // A charge for an unknown account_number is recorded (and refunded) once.
    uniqueIndex("card_renewal_events_unknown_charge_uq")
      .on(t.gatewayTrackingId)
      .where(sql`card_renewal_id is null`),
  ],
);
