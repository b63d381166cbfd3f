// Refunds whose outcome nobody knows (issue 30 item 1), against a real database and the Pesapal stand-in over HTTP:
// Pesapal performs a refund but its answer comes after the client's timeout; a second request is refused as a
// duplicate; a crash leaves a 'requesting' row. None of them may end with the money refunded and the access kept,
// and none may be settled by sending a second RefundRequest.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { adminActivity, orders, payments, refunds } from "~/db/schema";
import { createEbook, createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { configurePesapal, getPesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import {
  checkRefund,
  recordRefundOutcome,
  refundOrder,
  isRefundError,
  settleUnknownRefunds,
} from "~/modules/payments/refunds.server";
import { getOrderForAdmin, listOrdersForAdmin } from "~/modules/payments/admin-orders.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { loadAdmin } from "../setup/admin-viewer";
import type { AdminViewer } from "~/modules/access/policy";
import { canReadEbook, hasActiveSubscription } from "~/modules/access/policy";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let admin: AdminViewer;
let bookId: string;
const MINUTE = 60_000;
/**
 * The client gives up after this while a refund's answer is to be lost; the stand-in's late answers come well after
 * it. Every other call has the client's usual timeout: on a loaded CI machine even a prompt answer took over 800 ms.
 */
const CLIENT_TIMEOUT_MS = 2_000;
const LATE_MS = 4_000;
const connection = (timeoutMs?: number) => ({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s", timeoutMs });

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  bookId = (await createEbook(t.db, { accessType: "premium", priceCents: 29900 })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal(connection());
  admin = await loadAdmin(
    await createUser(t.db, { email: `unknown-${randomUUID().slice(0, 8)}@nuru.test`, role: "admin" }),
  );
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function bought(item: CheckoutItem, method: "mpesa" | "card" = "mpesa") {
  const buyer = await createUser(t.db, { email: `buyer-${randomUUID()}@nuru.test`, password: null });
  const { orderId } = await startCheckout({ buyer, item, countryCode: "KE" });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await pesapal.complete(order.gatewayTrackingId!, method);
  await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
  const [paid] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  expect(paid.status).toBe("completed");
  return paid;
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
const refundRow = async (id: string) => (await t.db.select().from(refunds).where(eq(refunds.id, id)))[0];
const refundCalls = () => pesapal.requests.filter((r) => r.path.toLowerCase() === "/api/transactions/refundrequest");

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isRefundError(error)) return error.code;
    throw error;
  }
  return "no refusal";
}

/** A refund Pesapal performs but answers too late: the shop stores it with an unknown outcome. */
async function lostAnswerRefund(order: typeof orders.$inferSelect, amount: "full" | number = "full", now = new Date()) {
  pesapal.answerNextRefundLate(LATE_MS);
  configurePesapal(connection(CLIENT_TIMEOUT_MS));
  const outcome = await refundOrder(admin, { orderId: order.id, amount, reason: "Bought by mistake" }, now).finally(
    () => configurePesapal(connection()),
  );
  expect(outcome.kind).toBe("unconfirmed");
  expect(pesapal.getOrder(order.gatewayTrackingId!)?.refunded).toBe(true);
  return outcome.refundId;
}

describe("refunds whose outcome is unknown", () => {
  it("a lost answer is never retried: the Refund button goes, 'Check with Pesapal' settles it and access ends", async () => {
    const order = await ebookOrder("mpesa");
    const sentBefore = refundCalls().length;
    const refundId = await lostAnswerRefund(order);
    expect(await statusOf(order.id)).toBe("completed");

    // The order page shows the outcome as unknown and offers no second refund.
    const page = await getOrderForAdmin(admin, order.id);
    expect(page!.refund).toBeNull();
    expect(page!.refunds[0]).toMatchObject({ status: "unconfirmed", outcomeUnknown: true });
    const listed = await listOrdersForAdmin(admin, { status: "refund_unknown" });
    expect(listed.items.find((i) => i.id === order.id)).toMatchObject({ refundUnknown: true });
    expect(listed.refundsUnknown).toBeGreaterThan(0);

    // A second refund (a retry, a second admin) is refused before Pesapal is asked.
    expect(await refusal(refundOrder(admin, { orderId: order.id, amount: "full", reason: "Again" }))).toBe(
      "REFUND_OUTCOME_UNKNOWN",
    );
    expect(refundCalls().length - sentBefore).toBe(1);

    // Check with Pesapal: the payment's status shows it reversed -> the refund was accepted, access ends.
    const checked = await checkRefund(refundId, admin);
    expect(checked).toMatchObject({ kind: "accepted", status: "refunded" });
    expect(await statusOf(order.id)).toBe("refunded");
    expect(await access(order)).toBe(false);
    expect(await refundRow(refundId)).toMatchObject({ status: "accepted" });
    expect((await refundRow(refundId)).checkMessage).toContain("Reversed");
    expect(refundCalls().length - sentBefore).toBe(1);
    expect((await listOrdersForAdmin(admin, { status: "refund_unknown" })).items.map((i) => i.id)).not.toContain(
      order.id,
    );
  });

  it("the scheduled job settles unknown refunds on a backing-off schedule, in each way Pesapal may show a refund", async () => {
    const start = new Date();
    // Full refund shown as status_code 1 "REFUNDED"; a partial card refund shown as "Partially Refunded".
    pesapal.reportRefundsAs("refunded-description");
    const full = await ebookOrder("card");
    const fullRefund = await lostAnswerRefund(full, "full", start);
    const partial = await bought({ kind: "plan", slug: "standard" }, "card");
    const partialRefund = await lostAnswerRefund(partial, 10000, start);
    // Pesapal's finance team has not effected this one yet: still COMPLETED.
    pesapal.reportRefundsAs("unchanged");
    const pending = await ebookOrder("mpesa");
    const pendingRefund = await lostAnswerRefund(pending, "full", start);
    pesapal.reportRefundsAs("reversed");

    // Not due yet: nobody is asked.
    expect((await settleUnknownRefunds(new Date(start.getTime() + 30_000))).checked).toBe(0);
    const first = new Date(start.getTime() + 2 * MINUTE);
    await settleUnknownRefunds(first);
    expect(await statusOf(full.id)).toBe("refunded");
    expect(await access(full)).toBe(false);
    expect(await statusOf(partial.id)).toBe("partially_refunded");
    expect(await access(partial)).toBe(true);
    expect(await refundRow(fullRefund)).toMatchObject({ status: "accepted" });
    expect(await refundRow(partialRefund)).toMatchObject({ status: "accepted" });

    // Still completed at Pesapal: stays unknown, with the time of the check and the next one further away.
    const still = await refundRow(pendingRefund);
    expect(still).toMatchObject({ status: "unconfirmed", checkCount: 1 });
    expect(still.checkedAt?.getTime()).toBe(first.getTime());
    expect(still.nextCheckAt!.getTime()).toBe(first.getTime() + 5 * MINUTE);
    expect(still.checkMessage).toContain("Completed");
    expect(await statusOf(pending.id)).toBe("completed");
    expect((await settleUnknownRefunds(new Date(first.getTime() + 4 * MINUTE))).checked).toBe(0);

    // Effected later (REVERSED): the next due check settles it.
    pesapal.reportRefundsAs("reversed", pending.gatewayTrackingId!);
    const second = await settleUnknownRefunds(new Date(first.getTime() + 6 * MINUTE));
    expect(second).toMatchObject({ settled: 1 });
    expect(await statusOf(pending.id)).toBe("refunded");
    expect(await access(pending)).toBe(false);
  });

  it("a 'duplicate refund' answer means a refund exists: never stored refused, settled from the payment's status", async () => {
    // A refund made outside the shop (the Pesapal dashboard, or an earlier request whose row was lost).
    const order = await ebookOrder("mpesa");
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "completed")));
    await (
      await getPesapal()
    ).refund({
      confirmationCode: payment.confirmationCode!,
      amountCents: 29900,
      username: "ops",
      remarks: "Dashboard",
    });
    const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Asked by the reader" });
    expect(outcome).toMatchObject({ kind: "accepted", status: "refunded" });
    const [row] = await t.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(row.status).toBe("accepted");
    expect(row.gatewayMessage).toMatch(/already exists/);
    expect(await access(order)).toBe(false);

    // The same with the refund not yet showing at Pesapal: unknown and checked, not refused; no new refund offered.
    pesapal.reportRefundsAs("unchanged");
    const other = await ebookOrder("card");
    const [otherPayment] = await t.db.select().from(payments).where(eq(payments.orderId, other.id));
    await (
      await getPesapal()
    ).refund({ confirmationCode: otherPayment.confirmationCode!, amountCents: 29900, username: "ops", remarks: "x" });
    pesapal.reportRefundsAs("reversed");
    const unknown = await refundOrder(admin, { orderId: other.id, amount: "full", reason: "Asked by the reader" });
    expect(unknown.kind).toBe("unconfirmed");
    const otherRow = await refundRow(unknown.refundId);
    expect(otherRow).toMatchObject({ status: "unconfirmed", checkCount: 1 });
    expect(otherRow.checkedAt).not.toBeNull();
    expect(await statusOf(other.id)).toBe("completed");
    expect((await getOrderForAdmin(admin, other.id))!.refund).toBeNull();
  });

  it("a 'requesting' row left by a crash blocks a new request only until it is checked or recorded by hand", async () => {
    const order = await ebookOrder("mpesa");
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const now = new Date();
    const [crashed] = await t.db
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment.id,
        amountCents: order.amountCents,
        currency: order.currency,
        full: true,
        reason: "Interrupted",
        requestedBy: admin.user!.id,
        status: "requesting",
        createdAt: new Date(now.getTime() - 10 * MINUTE),
      })
      .returning();
    const sentBefore = refundCalls().length;
    expect(await refusal(refundOrder(admin, { orderId: order.id, amount: "full", reason: "Again" }, now))).toBe(
      "REFUND_OUTCOME_UNKNOWN",
    );
    const page = await getOrderForAdmin(admin, order.id);
    expect(page!.refunds[0]).toMatchObject({ status: "requesting", outcomeUnknown: true });

    // Checked: Pesapal shows the payment completed (the request never left) -> unknown, with the check's time.
    expect(await checkRefund(crashed.id, admin, now)).toMatchObject({ kind: "unconfirmed" });
    expect(await refundRow(crashed.id)).toMatchObject({ status: "unconfirmed", checkCount: 1 });

    // The admin reads the Pesapal dashboard: not refunded, with a note -> refused, and the Refund button returns.
    expect(
      await recordRefundOutcome(admin, { refundId: crashed.id, refunded: false, note: "No refund listed for it" }, now),
    ).toMatchObject({ kind: "refused" });
    expect((await refundRow(crashed.id)).checkMessage).toContain("No refund listed for it");
    const audit = await t.db.select().from(adminActivity).where(eq(adminActivity.entityId, order.id));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["refund checked", "refund not made"]));
    expect(audit.find((a) => a.action === "refund not made")!.summary).toContain("No refund listed for it");
    expect((await getOrderForAdmin(admin, order.id))!.refund).not.toBeNull();
    expect(refundCalls().length).toBe(sentBefore);

    const retried = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Now for real" });
    expect(retried).toMatchObject({ kind: "accepted", status: "refunded" });
    expect(await access(order)).toBe(false);
  });

  it("records 'refunded' from the Pesapal dashboard by hand: the order is refunded, access ends, the note is logged", async () => {
    pesapal.reportRefundsAs("unchanged");
    const order = await bought({ kind: "plan", slug: "standard" }, "mpesa");
    const refundId = await lostAnswerRefund(order);
    pesapal.reportRefundsAs("reversed");
    expect(await checkRefund(refundId, admin)).toMatchObject({ kind: "unconfirmed" });
    expect(await access(order)).toBe(true);
    await expect(recordRefundOutcome(admin, { refundId, refunded: true, note: "   " })).rejects.toThrow(
      "Say what the Pesapal dashboard shows",
    );
    const recorded = await recordRefundOutcome(admin, {
      refundId,
      refunded: true,
      note: "Dashboard lists refund RF-1234 as paid",
    });
    expect(recorded).toMatchObject({ kind: "accepted", status: "refunded" });
    expect(await statusOf(order.id)).toBe("refunded");
    expect(await access(order)).toBe(false);
    const audit = await t.db.select().from(adminActivity).where(eq(adminActivity.entityId, order.id));
    expect(audit.find((a) => a.action === "refund")!.summary).toContain("RF-1234");
    // Settled: neither a check nor a second record applies any more.
    expect(await refusal(checkRefund(refundId, admin))).toBe("REFUND_OUTCOME_KNOWN");
  });
});
