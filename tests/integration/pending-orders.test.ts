// Orders whose IPN never arrived are settled by the periodic check, through the same verification.
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { orders, orderStatusHistory, subscriptionPlans } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { startCheckout } from "~/modules/payments/checkout.server";
import { checkPendingOrders } from "~/modules/payments/pending-orders.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { hasActiveSubscription } from "~/modules/access/policy";

const shop = lostNotificationShop();

async function buyer() {
  const user = await createUser(shop.db(), { email: `pending-${crypto.randomUUID()}@nuru.test` });
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
    const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    await shop.pesapal().complete(order.gatewayTrackingId!);
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(false);

    expect(await checkPendingOrders(new Date(order.createdAt.getTime() + 30_000))).toEqual({
      checked: 0,
      changed: 0,
      abandoned: 0,
    });
    const later = await checkPendingOrders(new Date(order.createdAt.getTime() + 10 * 60_000));
    expect(later.changed).toBeGreaterThanOrEqual(1);
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(true);
    const history = await shop.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
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
    const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    await shop.pesapal().fail(order.gatewayTrackingId!);
    await checkPendingOrders(new Date(order.createdAt.getTime() + 5 * 60_000));
    const [after] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    expect(after.status).toBe("failed");
    const [plan] = await shop.db().select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
    expect(after.planId).toBe(plan.id);
  });
});
