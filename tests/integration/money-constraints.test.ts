// The database itself refuses money rows that would break the shop (ADR 008), whatever code writes them.
// Each case starts from a row the database accepts and changes one thing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  exchangeRates,
  orders,
  payments,
  pricingRules,
  subscriptionEbookUnlocks,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";
import {
  createEbook,
  createOrder,
  createPaidOrder,
  createPayment,
  createPlan,
  createPurchase,
  createSubscription,
  createUser,
} from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { canReadEbook, ebookAccess } from "~/modules/access/policy";

let t: TestDatabase;
let plan: typeof subscriptionPlans.$inferSelect;
let ebook: Awaited<ReturnType<typeof createEbook>>;
let users = 0;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestDatabase();
  plan = await createPlan(t.db, { slug: "standard", name: "Standard", priceCents: 50000, ebookLimit: 2 });
  ebook = await createEbook(t.db, { accessType: "premium", priceCents: 29900 });
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

const newUser = () => createUser(t.db, { email: `money${++users}@example.com` });
const planItem = () => ({ kind: "plan" as const, planId: plan.id, basePriceCents: plan.priceCents });
const ebookItem = () => ({ kind: "ebook" as const, ebookId: ebook.id, basePriceCents: 29900 });

/** Rejects with the named constraint (drizzle wraps the driver's error in `cause`). */
async function expectRefused(write: Promise<unknown>, constraint: string) {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the row`).not.toBeNull();
  const messages: string[] = [];
  for (let e = error as { message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    messages.push(String(e.message));
  }
  expect(messages.join(" | ")).toContain(constraint);
}

describe(`money constraints (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("accepts a well-formed order, with its price breakdown", async () => {
    const user = await newUser();
    const order = await createOrder(t.db, {
      userId: user.id,
      item: planItem(),
      countryCode: "US",
      rule: { id: null, countryCode: "US", currency: "USD", markupPercentage: "150", discountPercentage: "0" },
    });
    expect(order).toMatchObject({
      amountCents: 125000,
      basePriceCents: 50000,
      currency: "KES",
      countryCode: "US",
      markupPercentage: "150.00",
      discountPercentage: "0.00",
      exchangeRate: "0.00800000",
      displayCurrency: "USD",
      displayAmount: 1000,
      status: "pending",
    });
  });

  it("refuses an order for nothing: amount 0 or below", async () => {
    const user = await newUser();
    for (const amountCents of [0, -100]) {
      await expectRefused(
        createOrder(t.db, { userId: user.id, item: planItem(), overrides: { amountCents } }),
        "orders_amount_positive",
      );
    }
  });

  it("refuses currencies that are not three capital letters", async () => {
    const user = await newUser();
    for (const currency of ["kes", "KE", "KESH", "K3S"]) {
      await expectRefused(
        createOrder(t.db, { userId: user.id, item: planItem(), overrides: { currency } }),
        "orders_currency_code",
      );
    }
    await expectRefused(
      createOrder(t.db, { userId: user.id, item: planItem(), overrides: { displayCurrency: "usd" } }),
      "orders_display_currency_code",
    );
    const order = await createOrder(t.db, { userId: user.id, item: planItem() });
    await expectRefused(createPayment(t.db, { order, overrides: { currency: "Kes" } }), "payments_currency_code");
    await expectRefused(
      t.db.insert(exchangeRates).values({ currency: "usd", ratePerKes: "0.008" }),
      "exchange_rates_currency_code",
    );
    await expectRefused(
      t.db.insert(pricingRules).values({ countryCode: "XX", countryName: "Nowhere", currency: "dollars" }),
      "pricing_rules_currency_code",
    );
  });

  it("refuses an order for a plan and an ebook at once, or for an item its kind does not name", async () => {
    const user = await newUser();
    const both = { planId: plan.id, ebookId: ebook.id };
    await expectRefused(
      createOrder(t.db, { userId: user.id, item: planItem(), overrides: both }),
      "orders_item_matches_kind",
    );
    await expectRefused(
      createOrder(t.db, { userId: user.id, item: ebookItem(), overrides: { ebookId: null, planId: plan.id } }),
      "orders_item_matches_kind",
    );
    await expectRefused(
      createOrder(t.db, { userId: user.id, item: planItem(), overrides: { planId: null } }),
      "orders_item_matches_kind",
    );
    expect((await createOrder(t.db, { userId: user.id, item: ebookItem() })).kind).toBe("ebook");
  });

  it("grants once per order: a second subscription or purchase for one order is refused", async () => {
    const user = await newUser();
    const { order } = await createPaidOrder(t.db, { userId: user.id, item: planItem() });
    const start = new Date();
    await createSubscription(t.db, {
      userId: user.id,
      planId: plan.id,
      orderId: order.id,
      startDate: start,
      endDate: null,
    });
    await expectRefused(
      createSubscription(t.db, {
        userId: user.id,
        planId: plan.id,
        orderId: order.id,
        startDate: start,
        endDate: null,
        status: "expired",
      }),
      "user_subscriptions_order_id_unique",
    );

    const buyer = await newUser();
    const other = await createEbook(t.db, { accessType: "premium", priceCents: 80000 });
    const paid = await createPaidOrder(t.db, { userId: buyer.id, item: ebookItem() });
    await createPurchase(t.db, { userId: buyer.id, ebookId: ebook.id, orderId: paid.order.id, pricePaidCents: 29900 });
    await expectRefused(
      createPurchase(t.db, { userId: buyer.id, ebookId: other.id, orderId: paid.order.id, pricePaidCents: 29900 }),
      "ebook_purchases_order_id_unique",
    );
  });

  it("allows at most one current subscription (active or cancelled) per reader, however many ended or queued ones", async () => {
    const user = await newUser();
    const start = new Date();
    await createSubscription(t.db, {
      userId: user.id,
      planId: plan.id,
      startDate: start,
      endDate: null,
      status: "expired",
    });
    await createSubscription(t.db, {
      userId: user.id,
      planId: plan.id,
      startDate: start,
      endDate: null,
      status: "expired",
    });
    await createSubscription(t.db, { userId: user.id, planId: plan.id, startDate: start, endDate: null });
    await expectRefused(
      createSubscription(t.db, { userId: user.id, planId: plan.id, startDate: start, endDate: null }),
      "user_subscriptions_one_current_uq",
    );
    // A period whose renewal she cancelled still runs until its end: it is current too.
    await expectRefused(
      createSubscription(t.db, {
        userId: user.id,
        planId: plan.id,
        startDate: start,
        endDate: null,
        status: "cancelled",
      }),
      "user_subscriptions_one_current_uq",
    );
    // Paid renewals wait behind it as rows of their own.
    await createSubscription(t.db, {
      userId: user.id,
      planId: plan.id,
      startDate: start,
      endDate: null,
      status: "scheduled",
    });
    const other = await newUser();
    await createSubscription(t.db, { userId: other.id, planId: plan.id, startDate: start, endDate: null });
  });

  it("starts a subscription as pending unless a grant says otherwise", async () => {
    const user = await newUser();
    const [row] = await t.db.insert(userSubscriptions).values({ userId: user.id, planId: plan.id }).returning();
    expect(row.status).toBe("pending");
  });

  it("spells unlimited ebooks one way: null; a limit is at least one", async () => {
    await expectRefused(
      createPlan(t.db, { slug: "zero", name: "Zero", priceCents: 100, ebookLimit: 0 }),
      "subscription_plans_ebook_limit_positive",
    );
    const unlimited = await createPlan(t.db, {
      slug: "unlimited",
      name: "Unlimited",
      priceCents: 100,
      ebookLimit: null,
    });
    expect(unlimited.ebookLimit).toBeNull();
  });

  it("refuses negative prices and rates, and a rule with both a markup and a discount", async () => {
    await expectRefused(createEbook(t.db, { priceCents: -1 }), "ebooks_price_not_negative");
    await expectRefused(
      createPlan(t.db, { slug: "negative", name: "Negative", priceCents: -1 }),
      "subscription_plans_price_not_negative",
    );
    await expectRefused(
      t.db.insert(exchangeRates).values({ currency: "XYZ", ratePerKes: "0" }),
      "exchange_rates_rate_positive",
    );
    await expectRefused(
      t.db.insert(pricingRules).values({
        countryCode: "XY",
        countryName: "Both",
        currency: "USD",
        markupPercentage: "10",
        discountPercentage: "10",
      }),
      "pricing_rules_markup_or_discount",
    );
  });

  it("has an index for finding pending orders by age", async () => {
    // The database type is shared by pg and PGlite, so the result's shape is only known as text.
    const result = await t.db.execute(
      sql`select indexdef from pg_indexes where indexname = 'orders_status_created_idx'`,
    );
    expect(JSON.stringify(result)).toMatch(/\(status, created_at\)/);
  });

  it("counts ebooks used from the subscription's unlocks, the one record of them", async () => {
    appDatabase.handle = t;
    appDatabase.ready = true;
    const user = await newUser();
    const now = new Date();
    const sub = await createSubscription(t.db, {
      userId: user.id,
      planId: plan.id,
      startDate: now,
      endDate: new Date(now.getTime() + 30 * DAY),
    });
    const books = await Promise.all(
      [1, 2, 3].map(() => createEbook(t.db, { accessType: "subscription", priceCents: null })),
    );
    await t.db
      .insert(subscriptionEbookUnlocks)
      .values({ subscriptionId: sub.id, userId: user.id, ebookId: books[0].id });
    let viewer = await loadViewer({ id: user.id, role: "subscriber" }, now);
    // One of two used: a second title may be unlocked (after she confirms), not read before that.
    expect([ebookAccess(viewer, books[0]), ebookAccess(viewer, books[1])]).toEqual(["read", "unlock"]);
    await t.db
      .insert(subscriptionEbookUnlocks)
      .values({ subscriptionId: sub.id, userId: user.id, ebookId: books[1].id });
    viewer = await loadViewer({ id: user.id, role: "subscriber" }, now);
    // Limit 2, both spent: the unlocked titles stay open, a third does not.
    expect([canReadEbook(viewer, books[0]), canReadEbook(viewer, books[1]), canReadEbook(viewer, books[2])]).toEqual([
      true,
      true,
      false,
    ]);
    expect(ebookAccess(viewer, books[2])).toBe("subscribe");
  });

  it("keeps amounts exact through the database: bigint cents and numeric strings round-trip", async () => {
    const user = await newUser();
    const order = await createOrder(t.db, {
      userId: user.id,
      item: ebookItem(),
      countryCode: "NG",
      rule: { id: null, countryCode: "NG", currency: "NGN", markupPercentage: "20", discountPercentage: "0" },
      ratePerKes: "4.5",
    });
    const [stored] = await t.db
      .select()
      .from(orders)
      .where(sql`${orders.id} = ${order.id}`);
    // 358.80 KES is charged as 358 (whole shillings, issue 46 item 27), the 80 cents recorded as rounded off.
    expect([stored.amountCents, stored.displayAmount, stored.exchangeRate, stored.roundedOffCents]).toEqual([
      35800,
      161100,
      "4.50000000",
      80,
    ]);
    const [payment] = await t.db
      .insert(payments)
      .values({
        orderId: order.id,
        gateway: "test",
        gatewayTrackingId: randomUUID(),
        amountCents: 9_007_199_254_740_991,
        currency: "KES",
        status: "pending",
      })
      .returning();
    expect(payment.amountCents).toBe(Number.MAX_SAFE_INTEGER);
  });
});
