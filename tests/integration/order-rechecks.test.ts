// Orders whose outcome can still change after pending are re-checked with Pesapal on a schedule that backs off, and
// unpaid orders the shop gives up on are cancelled at Pesapal (issue 30 item 3, ADR 027). Every IPN is lost here
// (lostNotificationShop), so only the shop's own checks can find what happened; the clock is moved, never slept.
import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { orders, orderStatusHistory } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { startCheckout } from "~/modules/payments/checkout.server";
import { recheckOrders } from "~/modules/payments/order-rechecks.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { RECHECK_GAPS_MS, REVERSAL_WINDOW_MS, WEEKLY_MS } from "~/modules/orders/order-recheck-schedule";
import { loadViewer } from "~/modules/access/viewer.server";
import { hasActiveSubscription } from "~/modules/access/policy";

const shop = lostNotificationShop();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

async function newOrder(slug = "standard") {
  const user = await createUser(shop.db(), { email: `recheck-${crypto.randomUUID()}@nuru.test` });
  const buyer = { id: user.id, email: user.email, fullName: "Wanjiru K", role: "guest" as const };
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE" });
  const order = await row(orderId);
  return { buyer, orderId, trackingId: order.gatewayTrackingId!, createdAt: order.createdAt.getTime(), order };
}

async function row(orderId: string) {
  const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

const reads = async (userId: string) => hasActiveSubscription(await loadViewer({ id: userId, role: "guest" }));

function callsTo(operation: "GetTransactionStatus" | "CancelOrder", trackingId: string) {
  return shop
    .pesapal()
    .requests.filter(
      (r) =>
        r.path.toLowerCase().endsWith(operation.toLowerCase()) &&
        (Object.values(r.query).includes(trackingId) ||
          (r.body as { order_tracking_id?: string } | undefined)?.order_tracking_id === trackingId),
    ).length;
}

/** Pays the order through verification at `at` (the IPN was lost; the buyer's return page did this). */
async function paid(trackingId: string, at: Date) {
  await shop.pesapal().complete(trackingId, "card");
  expect(await verifyPayment({ trackingId, source: "callback", now: at })).toMatchObject({ status: "completed" });
}

/** Walks the clock over `instants`, running the job at each; returns when (after `from`) the order was asked about. */
async function walk(instants: number[], trackingId: string, from: number, stop?: () => Promise<boolean>) {
  const checkedAt: number[] = [];
  for (const instant of instants) {
    const before = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(instant), 500);
    if (callsTo("GetTransactionStatus", trackingId) > before) checkedAt.push(instant - from);
    if (stop && (await stop())) break;
  }
  return checkedAt;
}

/** The pay form of the stand-in's page, posted as a buyer's browser would. */
async function payOnPage(redirectUrl: string, form: Record<string, string>) {
  const page = await fetch(redirectUrl);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");
  if (!action) return { status: page.status, html };
  const response = await fetch(new URL(action, redirectUrl), {
    method: "POST",
    body: new URLSearchParams(form),
    redirect: "manual",
  });
  return { status: response.status, html: await response.text() };
}

describe(`re-checks after pending (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("finds a silent reversal a day after the payment and takes access back", async () => {
    const { buyer, orderId, trackingId, createdAt } = await newOrder();
    const paidAt = createdAt + 2 * MINUTE;
    await paid(trackingId, new Date(paidAt));
    expect(await reads(buyer.id)).toBe(true);

    // Pesapal reverses it (a chargeback) and no IPN reaches the shop.
    await shop.pesapal().reverse(trackingId, { notify: false });
    const asked = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(paidAt + 20 * HOUR), 500);
    expect(callsTo("GetTransactionStatus", trackingId)).toBe(asked);
    expect((await row(orderId)).status).toBe("completed");

    await recheckOrders(new Date(paidAt + DAY + MINUTE), 500);
    const after = await row(orderId);
    expect(after.status).toBe("reversed");
    expect(await reads(buyer.id)).toBe(false);
    const [history] = await shop
      .db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "reversed")));
    expect(history).toMatchObject({ fromStatus: "completed", source: "poll" });
    // Reversed is final: never asked about again.
    const final = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(paidAt + 30 * DAY), 500);
    expect(callsTo("GetTransactionStatus", trackingId)).toBe(final);
  });

  it("asks about a completed payment after 1, 2, 4 and 7 days, then weekly, and not after the 120-day window", async () => {
    const { orderId, trackingId, createdAt } = await newOrder("basic");
    const paidAt = createdAt + MINUTE;
    await paid(trackingId, new Date(paidAt));
    const step = 6 * HOUR;
    const instants = Array.from({ length: Math.ceil((130 * DAY) / step) }, (_, i) => paidAt + (i + 1) * step);
    const checkedAt = await walk(instants, trackingId, paidAt);
    const gaps = checkedAt.map((at, i) => at - (i === 0 ? 0 : checkedAt[i - 1]!));
    const expected = [...RECHECK_GAPS_MS.completed];
    expected.forEach((gap, i) => {
      expect(gaps[i]).toBeGreaterThanOrEqual(gap);
      expect(gaps[i]).toBeLessThan(gap + step);
    });
    // Weekly afterwards, until the window ends.
    for (const gap of gaps.slice(expected.length)) {
      expect(gap).toBeGreaterThanOrEqual(WEEKLY_MS);
      expect(gap).toBeLessThan(WEEKLY_MS + step);
    }
    expect(checkedAt.at(-1)!).toBeLessThanOrEqual(REVERSAL_WINDOW_MS);
    expect(checkedAt.at(-1)!).toBeGreaterThan(REVERSAL_WINDOW_MS - WEEKLY_MS);
    expect(checkedAt.length).toBeGreaterThan(15);
    expect(checkedAt.length).toBeLessThan(25);
    expect((await row(orderId)).status).toBe("completed");
  });

  it("grants a failed card order the buyer paid on Pesapal's page later, with no IPN", async () => {
    const { buyer, orderId, trackingId, createdAt, order } = await newOrder();
    await shop.pesapal().fail(trackingId, "card", { notify: false });
    await recheckOrders(new Date(createdAt + 2 * MINUTE), 500);
    expect((await row(orderId)).status).toBe("failed");
    const failedAt = createdAt + 2 * MINUTE;

    // She tries again on Pesapal's page with another card: it goes through, and the IPN is lost.
    const retry = await payOnPage(order.redirectUrl!, { method: "card", outcome: "complete" });
    expect(retry.status).toBe(303);
    expect(await reads(buyer.id)).toBe(false);

    await recheckOrders(new Date(failedAt + RECHECK_GAPS_MS.failed[0] + MINUTE), 500);
    expect((await row(orderId)).status).toBe("completed");
    expect(await reads(buyer.id)).toBe(true);
  });

  it("abandons a failed order after 5 min, 30 min, 2 h and 24 h and cancels it at Pesapal: it cannot be paid after", async () => {
    const { orderId, trackingId, createdAt, order } = await newOrder("basic");
    await shop.pesapal().fail(trackingId, "mpesa", { notify: false });
    const failedAt = createdAt + 2 * MINUTE;
    await recheckOrders(new Date(failedAt), 500);
    expect((await row(orderId)).status).toBe("failed");
    const instants = Array.from({ length: 60 }, (_, i) => failedAt + (i + 1) * 30 * MINUTE);
    const checkedAt = await walk(instants, trackingId, failedAt, async () => (await row(orderId)).status !== "failed");
    const gaps = checkedAt.map((at, i) => at - (i === 0 ? 0 : checkedAt[i - 1]!));
    expect(gaps).toHaveLength(RECHECK_GAPS_MS.failed.length);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(RECHECK_GAPS_MS.failed[i]!);
      expect(gap).toBeLessThan(RECHECK_GAPS_MS.failed[i]! + 30 * MINUTE);
    });
    const abandoned = await row(orderId);
    expect(abandoned.status).toBe("abandoned");
    expect(abandoned.gatewayCancelledAt).not.toBeNull();
    expect(callsTo("CancelOrder", trackingId)).toBe(1);
    expect(shop.pesapal().getOrder(trackingId)?.state).toBe("cancelled");

    // The buyer comes back to Pesapal's page: the order is closed.
    const page = await payOnPage(order.redirectUrl!, { method: "mpesa", phone: "0712345678", outcome: "complete" });
    expect(page.html).toContain("This order is cancelled");
    expect(shop.pesapal().getOrder(trackingId)?.state).toBe("cancelled");
    // Cancelled at Pesapal: no more questions about it.
    const asked = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(failedAt + 20 * DAY), 500);
    expect(callsTo("GetTransactionStatus", trackingId)).toBe(asked);
  });

  it("cancels an unpaid pending order at Pesapal when it abandons it", async () => {
    const { orderId, trackingId, createdAt } = await newOrder("basic");
    const instants = [1, 6, 36, 156, 24 * 60 + 156].map((m) => createdAt + m * MINUTE + 30_000);
    await walk(instants, trackingId, createdAt);
    const abandoned = await row(orderId);
    expect(abandoned).toMatchObject({ status: "abandoned" });
    expect(abandoned.gatewayCancelledAt).not.toBeNull();
    expect(shop.pesapal().getOrder(trackingId)?.state).toBe("cancelled");
    const history = await shop
      .db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "abandoned")));
    expect(history).toMatchObject([{ fromStatus: "pending", source: "system" }]);
    expect(history[0]!.note).toContain("cancelled at Pesapal");
    await expect(shop.pesapal().complete(trackingId)).rejects.toThrow(/cancelled/);
  });

  it("completes an order paid by M-Pesa at the moment it was abandoned: CancelOrder is refused, the payment counts", async () => {
    const { buyer, orderId, trackingId, createdAt } = await newOrder();
    const instants = [1, 6, 36, 156].map((m) => createdAt + m * MINUTE + 30_000);
    await walk(instants, trackingId, createdAt);
    expect((await row(orderId)).status).toBe("pending");
    // The M-Pesa lands just after the last status check said "not paid yet"; its IPN is lost.
    await shop.pesapal().complete(trackingId, "mpesa", "254712345678", { notify: false });
    shop.pesapal().answerNotPaidYet(trackingId);
    await recheckOrders(new Date(createdAt + (24 * 60 + 157) * MINUTE), 500);
    expect(callsTo("CancelOrder", trackingId)).toBe(1);
    expect((await row(orderId)).status).toBe("completed");
    expect(await reads(buyer.id)).toBe(true);
  });

  it("grants a late M-Pesa on an abandoned order Pesapal could not cancel, with no IPN, then stops asking", async () => {
    const { buyer, orderId, trackingId, createdAt } = await newOrder();
    const instants = [1, 6, 36, 156].map((m) => createdAt + m * MINUTE + 30_000);
    await walk(instants, trackingId, createdAt);
    // Pesapal's CancelOrder is down when the shop gives up on the order.
    shop.pesapal().failNext("/api/Transactions/CancelOrder", 1, 503);
    const abandonedAt = createdAt + (24 * 60 + 157) * MINUTE;
    await recheckOrders(new Date(abandonedAt), 500);
    const abandoned = await row(orderId);
    expect(abandoned.status).toBe("abandoned");
    expect(abandoned.gatewayCancelledAt).toBeNull();
    expect(abandoned.nextStatusCheckAt!.getTime()).toBe(abandonedAt + RECHECK_GAPS_MS.abandoned[0]);

    // Her M-Pesa settles late; the IPN never arrives.
    await shop.pesapal().complete(trackingId, "mpesa", "254712345678", { notify: false });
    const asked = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(abandonedAt + 12 * HOUR), 500);
    expect(callsTo("GetTransactionStatus", trackingId)).toBe(asked);
    await recheckOrders(new Date(abandonedAt + DAY + MINUTE), 500);
    expect((await row(orderId)).status).toBe("completed");
    expect(await reads(buyer.id)).toBe(true);
  });

  it("asks Pesapal again to cancel an abandoned order it could not cancel, and stops once it has", async () => {
    const { orderId, trackingId, createdAt } = await newOrder("basic");
    await walk(
      [1, 6, 36, 156].map((m) => createdAt + m * MINUTE + 30_000),
      trackingId,
      createdAt,
    );
    shop.pesapal().failNext("/api/Transactions/CancelOrder", 1, 503);
    const abandonedAt = createdAt + (24 * 60 + 157) * MINUTE;
    await recheckOrders(new Date(abandonedAt), 500);
    expect((await row(orderId)).gatewayCancelledAt).toBeNull();
    await recheckOrders(new Date(abandonedAt + DAY + MINUTE), 500);
    const cancelled = await row(orderId);
    expect(cancelled.status).toBe("abandoned");
    expect(cancelled.gatewayCancelledAt).not.toBeNull();
    expect(shop.pesapal().getOrder(trackingId)?.state).toBe("cancelled");
    expect(callsTo("CancelOrder", trackingId)).toBe(2);
    const asked = callsTo("GetTransactionStatus", trackingId);
    await recheckOrders(new Date(abandonedAt + 60 * DAY), 500);
    expect(callsTo("GetTransactionStatus", trackingId)).toBe(asked);
  });

  it("asks about at most `limit` orders per run, the most overdue first", async () => {
    const first = await newOrder("basic");
    const second = await newOrder("basic");
    const at = new Date(Math.max(first.createdAt, second.createdAt) + 2 * MINUTE);
    const before = shop.pesapal().requests.length;
    const result = await recheckOrders(at, 1);
    expect(result.checked).toBe(1);
    const statusCalls = shop
      .pesapal()
      .requests.slice(before)
      .filter((r) => /gettransactionstatus/i.test(r.path));
    expect(statusCalls).toHaveLength(1);
  });
});
