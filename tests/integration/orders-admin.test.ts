// The admin's side of the money (ADR 018) against a real database and the Pesapal stand-in over HTTP: refunds through
// the real client (full M-Pesa, partial card, once per payment, refusals), revocation and the reader's e-mail, grants
// by hand, the Subscriptions tab's revenue and the reconciliation report.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  adminActivity,
  ebookPurchases,
  orders,
  orderStatusHistory,
  payments,
  refunds,
  userSubscriptions,
} from "~/db/schema";
import { createEbook, createPlan, createPricingData, createPurchase, createUser } from "~/db/seed/factories";
import { seedDemo } from "~/db/seed/demo";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { configurePesapal, getPesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { isRefundError, refundOrder } from "~/modules/payments/refunds.server";
import { grantSubscriptionByHand } from "~/modules/membership/admin-grants.server";
import { getSubscriptionsOverview, revenueCents } from "~/modules/payments/revenue.server";
import { reconcile } from "~/modules/payments/reconciliation.server";
import { getOrderForAdmin, listOrdersForAdmin } from "~/modules/payments/admin-orders.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { loadAdmin } from "../setup/admin-viewer";
import type { AdminViewer } from "~/modules/access/policy";
import { adminViewer, canReadEbook, hasActiveSubscription } from "~/modules/access/policy";
import { latestOutboxMailTo } from "~/stand-ins/dev-outbox.server";
import { createFileStorage } from "~/modules/storage/storage.server";

const target = process.env.DB_TARGET ?? "pglite";
let t: TestDatabase;
let pesapal: PesapalStandIn;
let admin: AdminViewer;
let adminEmail: string;
const plans = new Map<string, string>();
let bookId: string;

const WIDE = { from: "2000-01-01", to: "2100-12-31" };

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) plans.set(plan.slug, (await createPlan(t.db, plan)).id);
  bookId = (await createEbook(t.db, { accessType: "premium", priceCents: 29900 })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  adminEmail = `refund-admin-${randomUUID().slice(0, 8)}@nuru.test`;
  admin = await loadAdmin(await createUser(t.db, { email: adminEmail, role: "admin" }));
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  return createUser(t.db, { email: `buyer-${randomUUID()}@nuru.test`, fullName: "Akinyi Otieno", password: null });
}

/** Buys through the real checkout, pays on the stand-in and verifies, as the callback page does. */
async function bought(item: CheckoutItem, method: "mpesa" | "card" = "mpesa") {
  const buyer = await reader();
  const { orderId } = await startCheckout({ buyer, item, countryCode: "KE" });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await pesapal.complete(order.gatewayTrackingId!, method);
  await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
  const [paid] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  expect(paid.status).toBe("completed");
  return { buyer, order: paid };
}

const ebookOrder = (method: "mpesa" | "card" = "mpesa") => bought({ kind: "ebook", id: bookId }, method);

async function access(order: typeof orders.$inferSelect) {
  const viewer = await loadViewer({ id: order.userId, role: "guest" });
  return order.kind === "plan"
    ? hasActiveSubscription(viewer)
    : canReadEbook(viewer, { id: order.ebookId!, accessType: "premium" });
}

const statusOf = async (orderId: string) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0].status;

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isRefundError(error)) return error.code;
    throw error;
  }
  return "no refusal";
}

const refundCalls = () => pesapal.requests.filter((r) => r.path.toLowerCase() === "/api/transactions/refundrequest");

describe(`refunds (${target})`, () => {
  it("refunds an M-Pesa ebook order in full: Pesapal gets the documented body, access ends, the reader is e-mailed", async () => {
    const { buyer, order } = await ebookOrder("mpesa");
    expect(await access(order)).toBe(true);
    const before = refundCalls().length;
    const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Paid twice by mistake" });
    expect(outcome).toMatchObject({ kind: "accepted", full: true, amountCents: order.amountCents, status: "refunded" });

    // The wire format of the research notes: amount as a decimal string, the payment's confirmation code.
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "completed")));
    const sent = refundCalls().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", bearer: true });
    expect(sent[0].body).toEqual({
      confirmation_code: payment.confirmationCode,
      amount: "299.00",
      username: adminEmail,
      remarks: "Paid twice by mistake",
    });

    expect(await statusOf(order.id)).toBe("refunded");
    expect(await access(order)).toBe(false);
    const [purchase] = await t.db.select().from(ebookPurchases).where(eq(ebookPurchases.orderId, order.id));
    expect(purchase.revokedAt).not.toBeNull();
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({
      status: "accepted",
      amountCents: 29900,
      full: true,
      reason: "Paid twice by mistake",
      requestedBy: admin.user!.id,
      gatewayMessage: "Refund request successfully",
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.at(-1)).toMatchObject({ fromStatus: "completed", toStatus: "refunded", source: "admin" });
    expect(history.at(-1)!.note).toContain("Paid twice by mistake");
    const audit = await t.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.entityType, "order"), eq(adminActivity.entityId, order.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "refund", actorId: admin.user!.id });
    expect(audit[0].summary).toContain("KSh\u00a0299.00");

    const mail = await latestOutboxMailTo(t.db, buyer.email);
    expect(mail?.subject).toBe("Your Nuru refund: KSh\u00a0299.00");
    expect(mail?.text).toContain("has ended");

    // The order page shows it all, and no second refund is offered.
    const page = await getOrderForAdmin(admin, order.id);
    expect(page!.refund).toBeNull();
    expect(page!.refunds).toHaveLength(1);
    expect(page!.activity.map((a) => a.action)).toEqual(["refund"]);

    // Pesapal later reports the refund effected as REVERSED: nothing changes, access stays ended.
    await pesapal.reverse(order.gatewayTrackingId!);
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "poll" });
    expect(await statusOf(order.id)).toBe("refunded");
    expect(await access(order)).toBe(false);
  });

  it("refunds part of a card payment for a plan: the order is partly refunded and the reader keeps her plan", async () => {
    const { buyer, order } = await bought({ kind: "plan", slug: "standard" }, "card");
    const outcome = await refundOrder(admin, { orderId: order.id, amount: 12550, reason: "Goodwill: slow support" });
    expect(outcome).toMatchObject({ kind: "accepted", full: false, amountCents: 12550, status: "partially_refunded" });
    expect(refundCalls().at(-1)!.body).toMatchObject({ amount: "125.50" });
    expect(pesapal.getOrder(order.gatewayTrackingId!)?.refundedCents).toBe(12550);
    expect(await statusOf(order.id)).toBe("partially_refunded");
    expect(await access(order)).toBe(true);
    expect((await latestOutboxMailTo(t.db, buyer.email))?.text).toContain("you keep your access");
    // A reversal of the rest ends the plan.
    await pesapal.reverse(order.gatewayTrackingId!);
    // (No IPN listener here: the shop learns it on its next check, as the reconciliation job would ask.)
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "poll" });
    expect(await statusOf(order.id)).toBe("reversed");
    expect(await access(order)).toBe(false);
  });

  it("takes one refund per payment, refuses partial M-Pesa and amounts above the payment without asking Pesapal", async () => {
    const { order } = await ebookOrder("mpesa");
    const before = refundCalls().length;
    expect(await refusal(refundOrder(admin, { orderId: order.id, amount: 100, reason: "Partial please" }))).toBe(
      "PARTIAL_NOT_ALLOWED",
    );
    const card = await ebookOrder("card");
    expect(await refusal(refundOrder(admin, { orderId: card.order.id, amount: 29901, reason: "Too much" }))).toBe(
      "REFUND_AMOUNT_INVALID",
    );
    expect(await refusal(refundOrder(admin, { orderId: card.order.id, amount: 0, reason: "Nothing" }))).toBe(
      "REFUND_AMOUNT_INVALID",
    );
    expect(refundCalls().length).toBe(before);

    // Two admins at the same moment: one request reaches Pesapal.
    const both = await Promise.allSettled([
      refundOrder(admin, { orderId: order.id, amount: "full", reason: "Double payment" }),
      refundOrder(admin, { orderId: order.id, amount: "full", reason: "Double payment" }),
    ]);
    expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = both.find((r) => r.status === "rejected") as PromiseRejectedResult;
    // The other sees the first one in flight (or, if it came later, done).
    expect(["REFUND_IN_PROGRESS", "ALREADY_REFUNDED"]).toContain(
      isRefundError(rejected.reason) && rejected.reason.code,
    );
    expect(refundCalls().length).toBe(before + 1);
    expect(await refusal(refundOrder(admin, { orderId: order.id, amount: "full", reason: "Again" }))).toBe(
      "ALREADY_REFUNDED",
    );
    // Not paid: nothing to refund.
    const buyer = await reader();
    const { orderId: unpaid } = await startCheckout({ buyer, item: { kind: "ebook", id: bookId }, countryCode: "KE" });
    expect(await refusal(refundOrder(admin, { orderId: unpaid, amount: "full", reason: "Unpaid" }))).toBe(
      "NOT_REFUNDABLE",
    );
    expect(await refusal(refundOrder(admin, { orderId: randomUUID(), amount: "full", reason: "Ghost" }))).toBe(
      "REFUND_ORDER_NOT_FOUND",
    );
  });

  it("a refund Pesapal refuses changes nothing: access stays, the attempt and the refusal are recorded, no e-mail", async () => {
    const { buyer, order } = await ebookOrder("card");
    pesapal.refuseNextRefund("Insufficient merchant balance");
    const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Customer asked" });
    expect(outcome).toMatchObject({ kind: "refused", message: "Insufficient merchant balance" });
    expect(await statusOf(order.id)).toBe("completed");
    expect(await access(order)).toBe(true);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row).toMatchObject({ status: "refused", gatewayMessage: "Insufficient merchant balance" });
    const audit = await t.db.select().from(adminActivity).where(eq(adminActivity.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(["refund refused"]);
    expect((await latestOutboxMailTo(t.db, buyer.email))?.subject).not.toContain("refund");
    // A refused request does not use up the payment's one refund.
    expect(await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Customer asked" })).toMatchObject({
      kind: "accepted",
    });
    expect(await access(order)).toBe(false);
  });

  it("a payment already refunded at Pesapal (from its dashboard): the duplicate answer means a refund exists, settled as refunded", async () => {
    const { order } = await ebookOrder("mpesa");
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "completed")));
    await (
      await getPesapal()
    ).refund({
      confirmationCode: payment.confirmationCode!,
      amountCents: payment.amountCents,
      username: "finance@nuru.test",
      remarks: "Refunded from the dashboard",
    });
    const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Paid twice" });
    // Pesapal refuses a second refund as a duplicate; its payment status (REVERSED) shows the refund was made.
    expect(outcome).toMatchObject({ kind: "accepted", status: "refunded" });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row.status).toBe("accepted");
    expect(row.gatewayMessage).toContain("a refund already exists");
    expect(await statusOf(order.id)).toBe("refunded");
    expect(await access(order)).toBe(false);
  });

  it("a refund for an order waiting for review (wrong amount paid) returns what was paid; nothing was granted", async () => {
    const buyer = await reader();
    const { orderId } = await startCheckout({ buyer, item: { kind: "ebook", id: bookId }, countryCode: "KE" });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    await pesapal.complete(order.gatewayTrackingId!, "mpesa");
    pesapal.setAmountForNextStatus(order.amountCents, "USD", order.gatewayTrackingId!);
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
    expect(await statusOf(order.id)).toBe("review");
    const listed = await listOrdersForAdmin(admin, {});
    expect(listed.items[0].status).toBe("review");
    expect(await refundOrder(admin, { orderId, amount: "full", reason: "Paid in the wrong currency" })).toMatchObject({
      kind: "accepted",
      status: "refunded",
    });
  });

  it("only admins refund: a reader's viewer is no AdminViewer, so the compiler refuses her refund", async () => {
    const { order } = await ebookOrder();
    const someone = await loadViewer({ id: order.userId, role: "guest" });
    expect(adminViewer(someone)).toBeNull();
    // @ts-expect-error a plain Viewer is not an AdminViewer (typecheck fails if refundOrder ever takes one)
    void (() => refundOrder(someone, { orderId: order.id, amount: "full", reason: "Me" }));
    expect(await statusOf(order.id)).toBe("completed");
  });
});

describe(`grants by hand (${target})`, () => {
  it("gives a reader without a plan a period now, and queues one behind a running plan, with who and why", async () => {
    const buyer = await reader();
    const now = new Date();
    const first = await grantSubscriptionByHand(admin, {
      userId: buyer.id,
      planId: plans.get("basic")!,
      months: 1,
      reason: "Goodwill month after the outage",
    });
    expect(first).toMatchObject({ status: "active", orderId: null, grantedBy: admin.user!.id });
    expect(first.grantReason).toBe("Goodwill month after the outage");
    expect(hasActiveSubscription(await loadViewer({ id: buyer.id, role: "guest" }))).toBe(true);
    const second = await grantSubscriptionByHand(
      admin,
      { userId: buyer.id, planId: plans.get("premium")!, months: 2, reason: "Proven double charge" },
      now,
    );
    expect(second.status).toBe("scheduled");
    expect(second.startDate.getTime()).toBe(first.endDate!.getTime());
    const audit = await t.db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.entityType, "subscription"), inArray(adminActivity.entityId, [first.id, second.id])));
    expect(audit).toHaveLength(2);
    expect(audit.every((a) => a.action === "grant" && a.actorId === admin.user!.id)).toBe(true);
    // Grants by hand with a reason are not differences.
    expect((await reconcile(WIDE)).differences.filter((d) => d.detail.includes(buyer.email))).toEqual([]);
  });

  it("is shown on the order page of the reader's order, with the admin's action", async () => {
    const { buyer, order } = await ebookOrder();
    await grantSubscriptionByHand(admin, {
      userId: buyer.id,
      planId: plans.get("standard")!,
      months: 3,
      reason: "The reader could not open her ebook for a week",
      orderId: order.id,
    });
    const page = await getOrderForAdmin(admin, order.id);
    expect(page!.handGrants).toHaveLength(1);
    expect(page!.handGrants[0]).toMatchObject({
      by: adminEmail,
      reason: "The reader could not open her ebook for a week",
    });
    expect(page!.activity.map((a) => a.action)).toEqual(["grant"]);
  });
});

describe(`revenue and reconciliation (${target})`, () => {
  it("revenue is the verified completed payments less accepted refunds, and matches the database", async () => {
    const { rows } = (await t.db.execute(sql`
      select
        (select coalesce(sum(p.amount_cents), 0) from payments p join orders o on o.id = p.order_id
          where p.status = 'completed' and o.status in ('completed', 'partially_refunded', 'refunded')) as paid,
        (select coalesce(sum(r.amount_cents), 0) from refunds r join orders o on o.id = r.order_id
          where r.status = 'accepted' and o.status in ('completed', 'partially_refunded', 'refunded')) as refunded
    `)) as unknown as { rows: { paid: string; refunded: string }[] };
    const expected = Number(rows[0].paid) - Number(rows[0].refunded);
    const all = await revenueCents();
    expect(all.netCents).toBe(expected);
    expect(all.refundsCents).toBeGreaterThan(0);
    const overview = await getSubscriptionsOverview(admin);
    expect(overview.revenue.allTime.netCents).toBe(expected);
    expect(overview.revenue.last30Days.netCents).toBe(expected);
    expect(overview.recent.length).toBeLessThanOrEqual(10);
    expect(overview.recent[0]).toMatchObject({ planName: expect.any(String), email: expect.any(String) });
  });

  it("shows zero differences after every refund and grant above, and finds each kind of difference", async () => {
    const clean = await reconcile(WIDE);
    expect(clean.differences).toEqual([]);
    expect(clean.refunds.length).toBeGreaterThan(0);
    expect(clean.totals.netCents).toBe((await revenueCents()).netCents);

    // A grant nobody paid for, and a refunded order whose access comes back.
    const stray = await reader();
    await createPurchase(t.db, { userId: stray.id, ebookId: bookId });
    const [refunded] = await t.db.select().from(orders).where(eq(orders.status, "refunded")).limit(1);
    await t.db.update(ebookPurchases).set({ revokedAt: null }).where(eq(ebookPurchases.orderId, refunded.id));
    const { differences } = await reconcile(WIDE);
    expect(differences.map((d) => d.kind).sort()).toEqual([
      "grant without a paid order",
      "grant without a paid order",
      "refund or reversal not matched by a revocation",
    ]);
    // Put things back for the other tests.
    await t.db.update(ebookPurchases).set({ revokedAt: new Date() }).where(eq(ebookPurchases.orderId, refunded.id));
    await t.db.delete(ebookPurchases).where(eq(ebookPurchases.userId, stray.id));
    expect((await reconcile(WIDE)).differences).toEqual([]);
  });
});

describe(`the demo data (${target})`, () => {
  let demo: TestDatabase;
  let shop: typeof appDatabase.handle;

  beforeAll(async () => {
    shop = appDatabase.handle;
    demo = await createTestDatabase();
    expect(await seedDemo(demo.db, createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-storage-"))))).toBe(true);
    appDatabase.handle = demo;
  }, 120_000);
  afterAll(async () => {
    appDatabase.handle = shop;
    await demo?.dispose();
  });

  it("reconciles with zero differences, and its revenue is the sum of the seeded completed payments", async () => {
    const report = await reconcile(WIDE);
    expect(report.differences).toEqual([]);
    const seeded = await demo.db
      .select({ amount: payments.amountCents })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(and(eq(payments.status, "completed"), eq(orders.status, "completed")));
    expect(seeded.length).toBeGreaterThanOrEqual(3);
    const total = seeded.reduce((sum, p) => sum + p.amount, 0);
    expect(total).toBeGreaterThan(0);
    expect((await revenueCents()).netCents).toBe(total);
    const subscribed = await demo.db.select().from(userSubscriptions);
    expect(subscribed.length).toBeGreaterThan(0);
  });
});
