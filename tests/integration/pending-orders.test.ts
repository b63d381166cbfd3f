// Orders whose IPN never arrived are settled by the periodic check, through the same verification.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { orders, orderStatusHistory, subscriptionPlans } from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/commerce/catalogue-data";
import { startCheckout } from "~/modules/commerce/checkout.server";
import { configurePesapal } from "~/modules/commerce/payment-gateway.server";
import { checkPendingOrders } from "~/modules/commerce/pending-orders.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/modules/commerce/pesapal/stand-in.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { hasActiveSubscription } from "~/modules/access/policy";

let t: TestDatabase;
let pesapal: PesapalStandIn;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  // No IPN listener at the registered address: every notification is lost, as when the shop was down.
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

async function buyer() {
  const user = await createUser(t.db, { email: `pending-${crypto.randomUUID()}@nuru.test` });
  return { id: user.id, email: user.email, fullName: "Amina W", role: "guest" as const };
}

describe(`pending orders (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("settles a paid order whose IPN was lost, once it is a few minutes old, and leaves younger ones to the page", async () => {
    const reader = await buyer();
    const { orderId } = await startCheckout({
      buyer: reader,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await pesapal.complete(order.gatewayTrackingId!);
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(false);

    expect(await checkPendingOrders(new Date(order.createdAt.getTime() + 30_000))).toEqual({
      checked: 0,
      changed: 0,
      abandoned: 0,
    });
    const later = await checkPendingOrders(new Date(order.createdAt.getTime() + 10 * 60_000));
    expect(later.changed).toBeGreaterThanOrEqual(1);
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(true);
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.source])).toEqual([
      [null, "pending", "checkout"],
      ["pending", "completed", "poll"],
    ]);
    // Checked again: nothing more to do, nothing granted twice.
    const again = await checkPendingOrders(new Date(order.createdAt.getTime() + 11 * 60_000));
    expect(again.changed).toBe(0);
  });

  it("records a failure", async () => {
    const reader = await buyer();
    const { orderId } = await startCheckout({
      buyer: reader,
      item: { kind: "plan", slug: "basic" },
      countryCode: "KE",
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await pesapal.fail(order.gatewayTrackingId!);
    await checkPendingOrders(new Date(order.createdAt.getTime() + 5 * 60_000));
    const [after] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(after.status).toBe("failed");
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
    expect(after.planId).toBe(plan.id);
  });
});
