// Offer codes against a real database (PGlite and PostgreSQL) and the Pesapal stand-in (ADR 037): the code's price
// locked into the order and asked of Pesapal to the cent, limits that hold however many checkouts race, slots given
// back when an order can no longer be paid, and an order a code brings to zero completed once without Pesapal.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  offerCodeRedemptions,
  offerCodes,
  orders,
  orderStatusHistory,
  payments,
  profiles,
  userSubscriptions,
  users,
} from "~/db/schema";
import { createEbook, createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { CHECKOUT_ERRORS, isCheckoutError } from "~/modules/orders/checkout-errors";
import { isAppError } from "~/lib/app-error";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { completeZeroAmountOrder } from "~/modules/payments/zero-amount-orders.server";
import { offerRetention, quoteWithCode } from "~/modules/orders/offer-codes.server";
import { quoteCheckout } from "~/modules/payments/checkout.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { getReceipt, receiptLines } from "~/modules/receipts/receipts.server";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let books: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  books = await Promise.all(
    Array.from(
      { length: 8 },
      async (_, n) => (await createEbook(t.db, { accessType: "premium", priceCents: 30000 + n * 5 })).id,
    ),
  );
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
});
afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `codes-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Wanjiru K", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Wanjiru Kamau", role: "guest" });
  return { id, email, fullName: "Wanjiru Kamau", role: "guest" as const };
}

async function newCode(values: Partial<typeof offerCodes.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(offerCodes)
    .values({
      code: `T${randomUUID().slice(0, 8).toUpperCase()}`,
      kind: "percent",
      percentOff: "20",
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
      ...values,
    })
    .returning();
  return row;
}

async function refusalOf(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isCheckoutError(error)) return `${error.code}: ${error.message}`;
    throw error;
  }
  return "no refusal";
}

async function countOf(codeId: string) {
  const [row] = await t.db.select().from(offerCodes).where(eq(offerCodes.id, codeId));
  const live = await t.db
    .select()
    .from(offerCodeRedemptions)
    .where(and(eq(offerCodeRedemptions.codeId, codeId), isNull(offerCodeRedemptions.releasedAt)));
  return { counted: row.redeemedCount, live: live.length };
}

describe(`offer codes (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("a 20 % code: the order locks price before, discount and code, and Pesapal is asked for the amount to the cent", async () => {
    const buyer = await reader();
    const code = await newCode({ code: `KARIBU${randomUUID().slice(0, 4).toUpperCase()}` });
    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      offerCode: code.code.toLowerCase(),
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      amountCents: 40000,
      priceBeforeCodeCents: 50000,
      codeDiscountCents: 10000,
      offerCode: code.code,
      offerCodeId: code.id,
      zeroAmountReason: null,
      gateway: "pesapal",
      displayAmount: 40000,
    });
    expect(pesapal.getOrder(order.gatewayTrackingId!)).toMatchObject({ amountCents: 40000, currency: "KES" });
    await pesapal.complete(order.gatewayTrackingId!);
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid.status).toBe("completed");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.amountCents).toBe(40000);
    expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
  });

  it("a 15 % code on KSh 299.00: charged whole shillings, KSh 254.00, the 15 cents left off recorded; Pesapal and the receipt agree", async () => {
    const buyer = await reader();
    const ebook = await createEbook(t.db, { accessType: "premium", priceCents: 29900 });
    const code = await newCode({ percentOff: "15" });
    const item = { kind: "ebook" as const, id: ebook.id };
    // What the checkout page shows her: KSh 254.15 after the code, charged as KSh 254.00.
    const quote = (await quoteCheckout(item, "KE"))!;
    const shown = await quoteWithCode({ price: quote.price, item: quote, code: code.code, userId: buyer.id });
    expect(shown.kind).toBe("applied");
    expect([shown.price.chargedCents, shown.price.roundedOffCents, shown.price.label]).toEqual([
      25400,
      15,
      "KSh\u00a0254.00",
    ]);
    const { orderId } = await startCheckout({ buyer, item, countryCode: "KE", offerCode: code.code });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      amountCents: 25400,
      priceBeforeCodeCents: 29900,
      codeDiscountCents: 4485,
      roundedOffCents: 15,
      displayAmount: 25400,
    });
    // Before, less the code, less the cents left off: exactly what she pays.
    expect(order.priceBeforeCodeCents! - order.codeDiscountCents! - order.roundedOffCents!).toBe(order.amountCents);
    expect(pesapal.getOrder(order.gatewayTrackingId!)).toMatchObject({ amountCents: 25400, currency: "KES" });
    await pesapal.complete(order.gatewayTrackingId!);
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment.amountCents).toBe(25400);
    const lines = receiptLines((await getReceipt(buyer.id, orderId))!);
    expect(lines).toEqual(
      expect.arrayContaining([
        ["Price before offer code", "KSh\u00a0299.00"],
        [`Offer code ${code.code}`, "-KSh\u00a044.85"],
        ["Rounded off to whole shillings", "-KSh\u00a00.15"],
        ["Amount", "KSh\u00a0254.00"],
      ]),
    );
  });

  it("a failed M-Pesa payment gives her code back: the retry gets the discount; the limit holds if she pays the failed one", async () => {
    const buyer = await reader();
    const code = await newCode({ totalLimit: 1, perReaderLimit: 1 });
    const first = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      offerCode: code.code,
    });
    // CASE: in flight -> the one slot is held: nobody else takes it meanwhile.
    expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
    const other = await reader();
    expect(
      await refusalOf(
        startCheckout({
          buyer: other,
          item: { kind: "plan", slug: "standard" },
          countryCode: "KE",
          offerCode: code.code,
        }),
      ),
    ).toBe("OFFER_CODE_REFUSED: This offer code cannot be used for this purchase. The normal price applies.");
    const [firstOrder] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    await pesapal.fail(firstOrder.gatewayTrackingId!);
    await verifyPayment({ trackingId: firstOrder.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
    const [failed] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(failed.status).toBe("failed");
    expect(await countOf(code.id)).toEqual({ counted: 0, live: 0 });
    // CASE: her retry -> the discount, not "already used".
    const retry = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      offerCode: code.code,
    });
    const [retried] = await t.db.select().from(orders).where(eq(orders.id, retry.orderId));
    expect(retried).toMatchObject({ amountCents: 40000, codeDiscountCents: 10000, offerCodeId: code.id });
    expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
    // CASE: she pays the failed order after all -> it completes; the one slot is already her retry's (the limit holds).
    await pesapal.complete(firstOrder.gatewayTrackingId!);
    await verifyPayment({ trackingId: firstOrder.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, first.orderId));
    expect(paid.status).toBe("completed");
    expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
  });

  it("regional price first, then the code: a US visitor's 2.5x shillings less 20 %, dollars shown to match", async () => {
    const buyer = await reader();
    const code = await newCode();
    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "US",
      offerCode: code.code,
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      amountCents: 100000,
      priceBeforeCodeCents: 125000,
      displayCurrency: "USD",
      displayAmount: 800,
    });
  });

  it("refuses a code that does not apply with one message for every reason, and the order is not made", async () => {
    const buyer = await reader();
    const expired = await newCode({
      startsAt: new Date(Date.now() - 3 * 86_400_000),
      endsAt: new Date(Date.now() - 86_400_000),
    });
    const ebooksOnly = await newCode({ appliesTo: "ebooks" });
    const before = await t.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(
      await refusalOf(
        startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: expired.code }),
      ),
    ).toBe("OFFER_CODE_REFUSED: This offer code cannot be used for this purchase. The normal price applies.");
    expect(
      await refusalOf(
        startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: ebooksOnly.code }),
      ),
    ).toBe("OFFER_CODE_REFUSED: This offer code cannot be used for this purchase. The normal price applies.");
    expect(
      await refusalOf(
        startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: "NO-SUCH-CODE" }),
      ),
    ).toBe("OFFER_CODE_REFUSED: This offer code cannot be used for this purchase. The normal price applies.");
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.id))).toHaveLength(before.length);
    // On the pricing page: the same reason, and the normal price.
    const quote = (await quoteCheckout({ kind: "plan", slug: "basic" }, "KE"))!;
    const shown = await quoteWithCode({ price: quote.price, item: quote, code: expired.code });
    expect(shown).toMatchObject({ kind: "refused", reason: "EXPIRED", price: { chargedCents: 25000 } });
  });

  it("a code limited to 5 is redeemed 5 times when 12 readers race for it", async () => {
    const code = await newCode({ totalLimit: 5, perReaderLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 12 }, () => reader()));
    const results = await Promise.allSettled(
      buyers.map((buyer) =>
        startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: code.code }),
      ),
    );
    const made = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter(
      (r) => r.status === "rejected" && isAppError(r.reason, CHECKOUT_ERRORS.OFFER_CODE_REFUSED),
    );
    expect(made).toHaveLength(5);
    expect(refused).toHaveLength(7);
    expect(await countOf(code.id)).toEqual({ counted: 5, live: 5 });
    const coded = await t.db.select().from(orders).where(eq(orders.offerCodeId, code.id));
    expect(coded).toHaveLength(5);
  });

  it("a reader limited to 2 uses gets 2 however many of her checkouts race", async () => {
    const code = await newCode({ totalLimit: null, perReaderLimit: 2 });
    const buyer = await reader();
    const results = await Promise.allSettled(
      books
        .slice(0, 6)
        .map((id) => startCheckout({ buyer, item: { kind: "ebook", id }, countryCode: "KE", offerCode: code.code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    const reasons = results.flatMap((r) => (r.status === "rejected" ? [String(r.reason?.message)] : []));
    expect(reasons).toEqual(
      Array(4).fill("This offer code cannot be used for this purchase. The normal price applies."),
    );
    expect(await countOf(code.id)).toEqual({ counted: 2, live: 2 });
  });

  it("an order Pesapal never took gives its slot back", async () => {
    const code = await newCode({ totalLimit: 1 });
    const buyer = await reader();
    // Pesapal refuses the order (a 400, not a timeout): it cannot be paid, so the order is cancelled.
    pesapal.failNext("/api/Transactions/SubmitOrderRequest", 1, 400);
    expect(
      await refusalOf(
        startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: code.code }),
      ),
    ).toMatch(/^GATEWAY_UNAVAILABLE/);
    expect(await countOf(code.id)).toEqual({ counted: 0, live: 0 });
    // The slot is free for her next try.
    await startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE", offerCode: code.code });
    expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
  });

  it("an order a code brings to zero is completed without Pesapal, with its reason and a receipt, and grants once", async () => {
    const code = await newCode({ percentOff: "100", totalLimit: 10, perReaderLimit: 1 });
    const buyer = await reader();
    const result = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "premium" },
      countryCode: "KE",
      offerCode: code.code,
    });
    expect(result).toMatchObject({ zeroAmount: true, redirectUrl: `/receipts/${result.orderId}` });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, result.orderId));
    expect(order).toMatchObject({
      status: "completed",
      amountCents: 0,
      displayAmount: 0,
      priceBeforeCodeCents: 150000,
      codeDiscountCents: 150000,
      zeroAmountReason: `offer code ${code.code}`,
      gateway: "none",
      gatewayTrackingId: null,
    });
    expect(order.receiptNumber).toMatch(/^NURU-\d{4}-\d{6}$/);
    expect(await t.db.select().from(payments).where(eq(payments.orderId, order.id))).toHaveLength(0);
    const subs = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, buyer.id));
    expect(subs).toMatchObject([{ orderId: order.id, status: "active" }]);
    // Asked to complete it again, many times at once: nothing more happens.
    const again = await Promise.all(Array.from({ length: 5 }, () => completeZeroAmountOrder(order.id)));
    expect(again.every((r) => !r.completed)).toBe(true);
    expect(await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, buyer.id))).toHaveLength(1);
  });

  it("a pending zero order completed by many callers at once grants once", async () => {
    const code = await newCode({ percentOff: "100" });
    const buyer = await reader();
    const plan = (await quoteCheckout({ kind: "plan", slug: "basic" }, "KE"))!;
    const [order] = await t.db
      .insert(orders)
      .values({
        merchantReference: `NURU-ZERO-${randomUUID().slice(0, 8)}`,
        userId: buyer.id,
        kind: "plan",
        planId: plan.itemId,
        amountCents: 0,
        basePriceCents: 25000,
        countryCode: "KE",
        exchangeRate: "1",
        displayCurrency: "KES",
        displayAmount: 0,
        offerCodeId: code.id,
        offerCode: code.code,
        priceBeforeCodeCents: 25000,
        codeDiscountCents: 25000,
        zeroAmountReason: `offer code ${code.code}`,
        gateway: "none",
      })
      .returning();
    const results = await Promise.all(Array.from({ length: 6 }, () => completeZeroAmountOrder(order.id)));
    expect(results.filter((r) => r.completed)).toHaveLength(1);
    expect(await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, order.id))).toHaveLength(1);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.toStatus === "completed")).toHaveLength(1);
  });

  it("the database refuses a zero order without its reason, and code columns that do not add up", async () => {
    const buyer = await reader();
    const plan = (await quoteCheckout({ kind: "plan", slug: "basic" }, "KE"))!;
    const base = {
      userId: buyer.id,
      kind: "plan" as const,
      planId: plan.itemId,
      basePriceCents: 25000,
      countryCode: "KE",
      exchangeRate: "1",
      displayCurrency: "KES",
      gateway: "pesapal",
    };
    await expect(
      t.db
        .insert(orders)
        .values({ ...base, merchantReference: `NURU-${randomUUID().slice(0, 8)}`, amountCents: 0, displayAmount: 0 }),
    ).rejects.toThrow();
    await expect(
      t.db.insert(orders).values({
        ...base,
        merchantReference: `NURU-${randomUUID().slice(0, 8)}`,
        amountCents: 20000,
        displayAmount: 20000,
        offerCode: "KARIBU20",
        priceBeforeCodeCents: 25000,
        codeDiscountCents: 4000,
      }),
    ).rejects.toThrow();
  });

  it("redeems the retention code only for the readers it was offered to, with the one refusal message", async () => {
    const offered = await reader();
    const stranger = await reader();
    const plan = (await quoteCheckout({ kind: "plan", slug: "standard" }, "KE"))!;
    const item = { kind: "plan" as const, itemId: plan.itemId };
    const code = await newCode({ isRetentionOffer: true, percentOff: "30", perReaderLimit: 1 });
    try {
      expect((await offerRetention(offered.id, item))?.code).toBe(code.code);
      // CASE: someone who was never shown it types its text -> refused, on the page and at checkout.
      const guessed = await quoteWithCode({ price: plan.price, item, code: code.code, userId: stranger.id });
      expect(guessed).toMatchObject({
        kind: "refused",
        message: "This offer code cannot be used for this purchase. The normal price applies.",
      });
      expect(await quoteWithCode({ price: plan.price, item, code: code.code })).toMatchObject({ kind: "refused" });
      expect(
        await refusalOf(
          startCheckout({
            buyer: stranger,
            item: { kind: "plan", slug: "standard" },
            countryCode: "KE",
            offerCode: code.code,
          }),
        ),
      ).toBe("OFFER_CODE_REFUSED: This offer code cannot be used for this purchase. The normal price applies.");
      // CASE: the reader it was offered to -> the discount.
      const order = await startCheckout({
        buyer: offered,
        item: { kind: "plan", slug: "standard" },
        countryCode: "KE",
        offerCode: code.code,
      });
      expect(order).toBeTruthy();
      expect(await countOf(code.id)).toEqual({ counted: 1, live: 1 });
    } finally {
      await t.db.update(offerCodes).set({ isRetentionOffer: false }).where(eq(offerCodes.id, code.id));
    }
  });

  it("offers the retention code once per reader, even when asked twice at once", async () => {
    const buyer = await reader();
    const plan = (await quoteCheckout({ kind: "plan", slug: "standard" }, "KE"))!;
    const item = { kind: "plan" as const, itemId: plan.itemId };
    expect(await offerRetention(buyer.id, item)).toBeNull(); // no retention offer chosen yet
    const code = await newCode({ isRetentionOffer: true, percentOff: "30" });
    try {
      const both = await Promise.all([offerRetention(buyer.id, item), offerRetention(buyer.id, item)]);
      expect(both.filter(Boolean).map((c) => c!.code)).toEqual([code.code]);
      expect(await offerRetention(buyer.id, item)).toBeNull();
    } finally {
      await t.db.update(offerCodes).set({ isRetentionOffer: false }).where(eq(offerCodes.id, code.id));
    }
  });
});
