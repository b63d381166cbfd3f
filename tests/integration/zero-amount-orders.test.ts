// Zero-amount orders (ADR 037) on a real database (PGlite and PostgreSQL): one the process left pending is completed
// by the pending-orders job without asking Pesapal, and a completed zero order sends its receipt mail once, like a
// paid one (the dev outbox is the mail stand-in).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { devOutbox, offerCodes, orders, profiles, userSubscriptions, users } from "~/db/schema";
import { createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { quoteCheckout, startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { checkPendingOrders } from "~/modules/payments/pending-orders.server";
import { completeZeroAmountOrder } from "~/modules/payments/zero-amount-orders.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  // No Pesapal at all: a zero order must never need it.
  configurePesapal(undefined);
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `zero-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Achieng O", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Achieng Otieno", role: "guest" });
  return { id, email, fullName: "Achieng Otieno", role: "guest" as const };
}

async function freeCode() {
  const [row] = await t.db
    .insert(offerCodes)
    .values({
      code: `FREE${randomUUID().slice(0, 6).toUpperCase()}`,
      kind: "percent",
      percentOff: "100",
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row!;
}

const receiptsTo = async (email: string) =>
  (await t.db.select().from(devOutbox).where(eq(devOutbox.to, email))).filter((m) =>
    m.subject.startsWith("Your Nuru receipt"),
  );

describe("zero-amount orders", () => {
  it("a checkout a code made free e-mails its receipt once, naming the code and KSh 0.00", async () => {
    const code = await freeCode();
    const buyer = await reader();
    const result = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "premium" },
      countryCode: "KE",
      offerCode: code.code,
    });
    expect(result).toMatchObject({ zeroAmount: true });
    // Asked again (a retry, a second tab): no second mail.
    await completeZeroAmountOrder(result.orderId);
    const mails = await receiptsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toMatch(/Thank you for your payment of KSh\s0\.00 for the Premium plan/);
    expect(mails[0]!.text).toContain(`(offer code ${code.code})`);
    expect(mails[0]!.text).toContain(`/receipts/${result.orderId}`);
  });

  it("a zero order left pending is completed by the pending-orders job, once, with its receipt mail", async () => {
    const code = await freeCode();
    const buyer = await reader();
    const plan = (await quoteCheckout({ kind: "plan", slug: "basic" }, "KE"))!;
    // What the checkout wrote before the process died: pending, gateway 'none', no tracking id.
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
    const later = new Date(Date.now() + 10 * 60_000);
    const run = await checkPendingOrders(later);
    expect(run.changed).toBeGreaterThanOrEqual(1);
    const [done] = await t.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(done).toMatchObject({ status: "completed", gatewayTrackingId: null });
    expect(done!.receiptNumber).toMatch(/^NURU-\d{4}-\d{6}$/);
    const subs = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, order!.id));
    expect(subs).toMatchObject([{ status: "active" }]);
    // The job runs again (and a late checkout call): nothing more, one mail.
    await checkPendingOrders(new Date(later.getTime() + 60 * 60_000));
    await completeZeroAmountOrder(order!.id);
    const mails = await receiptsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Order reference: ${order!.merchantReference}`);
    expect(mails[0]!.text).toContain("Basic");
  });
});
