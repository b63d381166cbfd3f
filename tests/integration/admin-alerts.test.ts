// Admins are told (issue 30 item 7): orders in review, refunds with an unknown outcome, unmatched card charges and
// repeated Pesapal failures are e-mailed to every admin (new items only, at most one mail per kind an hour, through
// the dev outbox), counted in the admin menu, and an unmatched charge can be marked resolved with a note.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { adminActivity, cardRenewalEvents, orders, refunds, userSubscriptions } from "~/db/schema";
import { devOutbox } from "~/db/schema/mail";
import { createPaidOrder, createPlan, createSubscription, createUser } from "~/db/seed/factories";
import { getEnv } from "~/lib/env.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { loadAdmin } from "../setup/admin-viewer";
import type { AdminViewer } from "~/modules/access/policy";
import { adminViewer } from "~/modules/access/policy";
import { ATTENTION_FILTER, attentionCount, listOrdersForAdmin } from "~/modules/payments/admin-orders.server";
import {
  ALERT_MAIL_GAP_MS,
  GATEWAY_FAILURES_ALERT_THRESHOLD,
  sendAdminAlerts,
} from "~/modules/payments/admin-alerts.server";
import { recordGatewayFailure } from "~/modules/payments/gateway-failures.server";
import { PesapalError } from "~/modules/payments/pesapal/errors";
import { reconcile } from "~/modules/payments/reconciliation.server";
import { listUnmatchedCharges, resolveUnmatchedCharge } from "~/modules/payments/unmatched-charges.server";

let t: TestDatabase;
let planId: string;
let admin: AdminViewer;
const adminEmails: string[] = [];
let readerEmail: string;
let readerId: string;

// A fixed hour, so "the same hour" and "the next hour" do not depend on when the test runs.
const T = new Date("2031-05-01T10:10:00Z");
const WIDE = { from: "2000-01-01", to: "2100-12-31" };

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  planId = (await createPlan(t.db, { slug: `alerts-${randomUUID().slice(0, 6)}`, name: "Alerts", priceCents: 50000 }))
    .id;
  for (const name of ["amina", "baraka"]) {
    const email = `alerts-${name}-${randomUUID().slice(0, 6)}@nuru.test`;
    const user = await createUser(t.db, { email, role: "admin" });
    adminEmails.push(email);
    if (!admin) admin = await loadAdmin(user);
  }
  readerEmail = `alerts-reader-${randomUUID().slice(0, 6)}@nuru.test`;
  readerId = (await createUser(t.db, { email: readerEmail, role: "subscriber" })).id;
});

afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function orderInReview() {
  const { order } = await createPaidOrder(t.db, {
    userId: readerId,
    item: { kind: "plan", planId, basePriceCents: 50000 },
  });
  await t.db.update(orders).set({ status: "review" }).where(eq(orders.id, order.id));
  return order;
}

async function refundWithUnknownOutcome() {
  const { order, payment } = await createPaidOrder(t.db, {
    userId: readerId,
    item: { kind: "plan", planId, basePriceCents: 50000 },
  });
  await t.db.insert(refunds).values({
    orderId: order.id,
    paymentId: payment.id,
    amountCents: order.amountCents,
    currency: "KES",
    full: true,
    reason: "Reader asked",
    status: "unconfirmed",
    gatewayMessage: "PESAPAL_TIMEOUT",
  });
  return order;
}

async function unmatchedCharge() {
  const trackingId = randomUUID();
  const [row] = await t.db
    .insert(cardRenewalEvents)
    .values({
      cardRenewalId: null,
      accountNumber: `UNKNOWN-${trackingId.slice(0, 8)}`,
      gatewayTrackingId: trackingId,
      source: "ipn",
      note: "scheduled card charge of KES 500.00 matches no agreement. Needs review.",
      createdAt: T,
    })
    .returning();
  return row!;
}

async function mailsTo(addresses: string[]) {
  return t.db.select().from(devOutbox).where(inArray(devOutbox.to, addresses));
}

describe("payment alerts for admins", () => {
  it("mails each kind once an hour to admins only, naming new items with links, and again next hour for new ones", async () => {
    const review = await orderInReview();
    const unknown = await refundWithUnknownOutcome();
    const charge = await unmatchedCharge();
    const timeout = new PesapalError("PESAPAL_TIMEOUT", "no answer within 15000 ms", {
      operation: "GetTransactionStatus",
    });
    for (let i = 0; i < GATEWAY_FAILURES_ALERT_THRESHOLD; i++) {
      await recordGatewayFailure("GetTransactionStatus", timeout, new Date(T.getTime() - i * 60_000));
    }
    // A refusal is an answer, not a failure: it does not count.
    await recordGatewayFailure(
      "RefundRequest",
      new PesapalError("PESAPAL_REJECTED", "no", { operation: "RefundRequest" }),
      T,
    );

    const first = await sendAdminAlerts(T);
    expect(first.sent).toEqual({ review: 2, "refund-unknown": 2, "unmatched-charge": 2, "gateway-failures": 2 });
    const origin = getEnv().PUBLIC_URL;
    for (const to of adminEmails) {
      const mails = await mailsTo([to]);
      expect(mails.map((m) => m.subject).sort()).toEqual([
        "Nuru: 1 card charge matches no subscription",
        "Nuru: 1 order needs review",
        "Nuru: 1 refund has an unknown outcome",
        "Nuru: Pesapal calls keep failing",
      ]);
      const reviewMail = mails.find((m) => m.subject.includes("review"))!;
      expect(reviewMail.text).toContain(`Order ${review.merchantReference}`);
      expect(reviewMail.text).toContain(`${origin}/admin/orders/${review.id}`);
      const refundMail = mails.find((m) => m.subject.includes("refund"))!;
      expect(refundMail.text).toContain(`Order ${unknown.merchantReference}: refund of`);
      expect(refundMail.text).toContain(`${origin}/admin/orders/${unknown.id}`);
      expect(mails.find((m) => m.subject.includes("card charge"))!.text).toContain(charge.gatewayTrackingId!);
      expect(mails.find((m) => m.subject.includes("failing"))!.text).toContain(
        `${GATEWAY_FAILURES_ALERT_THRESHOLD} Pesapal calls failed`,
      );
    }
    expect(await mailsTo([readerEmail])).toEqual([]);

    // Same hour: a new order in review waits; nothing already mailed is mailed again.
    const later = await orderInReview();
    const second = await sendAdminAlerts(new Date(T.getTime() + 20 * 60_000));
    expect(second.sent).toEqual({});
    expect(second.waiting).toEqual(["review"]);
    expect(await mailsTo(adminEmails)).toHaveLength(8);

    // An hour after the first mail: the new one is mailed, alone; the other kinds have nothing new.
    const third = await sendAdminAlerts(new Date(T.getTime() + ALERT_MAIL_GAP_MS + 60_000));
    expect(third.sent).toEqual({ review: 2 });
    const newest = (await mailsTo([adminEmails[0]!])).filter((m) => m.subject === "Nuru: 1 order needs review");
    expect(newest).toHaveLength(2);
    const secondReviewMail = newest.find((m) => m.text.includes(later.merchantReference))!;
    expect(secondReviewMail.text).not.toContain(review.merchantReference);
  });

  it("counts what needs attention for the admin menu, and lists it under one filter", async () => {
    const before = await attentionCount(admin);
    await orderInReview();
    await refundWithUnknownOutcome();
    await unmatchedCharge();
    expect(await attentionCount(admin)).toBe(before + 3);
    const list = await listOrdersForAdmin(admin, { status: ATTENTION_FILTER });
    expect(list.filters.status).toBe(ATTENTION_FILTER);
    expect(list.items.every((o) => o.status === "review" || o.refundUnknown)).toBe(true);
    // A reader never holds an AdminViewer: the admin check is the only way to make one.
    expect(adminViewer(await loadViewer({ id: readerId, role: "subscriber" }))).toBeNull();
  });

  it("an admin marks an unmatched charge resolved with a note: no longer a difference, an alert or counted", async () => {
    const charge = await unmatchedCharge();
    const count = await attentionCount(admin);
    const differencesBefore = (await reconcile(WIDE)).differences.filter((d) =>
      d.detail.includes(charge.gatewayTrackingId!),
    );
    expect(differencesBefore).toHaveLength(1);

    await expect(resolveUnmatchedCharge(admin, { chargeId: charge.id, note: "  " })).rejects.toMatchObject({
      code: "CHARGE_NOTE_INVALID",
      message: "Write what was done (for example: refunded on Pesapal's dashboard).",
    });

    await resolveUnmatchedCharge(admin, { chargeId: charge.id, note: "Refunded on Pesapal's dashboard (ref R-77)" });
    expect(await attentionCount(admin)).toBe(count - 1);
    expect((await listUnmatchedCharges(admin)).map((c) => c.id)).not.toContain(charge.id);
    const differencesAfter = (await reconcile(WIDE)).differences.filter((d) =>
      d.detail.includes(charge.gatewayTrackingId!),
    );
    expect(differencesAfter).toEqual([]);
    const [row] = await t.db.select().from(cardRenewalEvents).where(eq(cardRenewalEvents.id, charge.id));
    expect(row!.resolutionNote).toBe("Refunded on Pesapal's dashboard (ref R-77)");
    expect(row!.resolvedBy).toBe(admin.user!.id);
    const logged = await t.db.select().from(adminActivity).where(eq(adminActivity.actorId, admin.user!.id));
    expect(logged.map((a) => a.summary)).toContain(
      `Scheduled card charge Pesapal ${charge.gatewayTrackingId}: Refunded on Pesapal's dashboard (ref R-77)`,
    );
    // Once only.
    await expect(resolveUnmatchedCharge(admin, { chargeId: charge.id, note: "again" })).rejects.toMatchObject({
      code: "CHARGE_ALREADY_RESOLVED",
      message: `This charge was already marked resolved by ${adminEmails[0]}.`,
    });
    // A resolved charge is never mailed, even in a later hour.
    const run = await sendAdminAlerts(new Date(T.getTime() + 5 * ALERT_MAIL_GAP_MS));
    const chargeMails = (await mailsTo(adminEmails)).filter((m) => m.text.includes(charge.gatewayTrackingId!));
    expect(chargeMails).toEqual([]);
    expect(run.sent["unmatched-charge"]).toBe(2); // the unresolved one from the count test
  });
  // Issue 46 item 25: what the reconciliation finds reaches the admins too, once per finding.
  it("mails the reconciliation's findings to admins with a link to the order, each finding once", async () => {
    const when = new Date(T.getTime() + 10 * ALERT_MAIL_GAP_MS);
    const { order } = await createPaidOrder(t.db, {
      userId: readerId,
      item: { kind: "plan", planId, basePriceCents: 50000 },
      createdAt: new Date(when.getTime() - 86_400_000),
    });
    await t.db.update(orders).set({ status: "reversed" }).where(eq(orders.id, order.id));
    // The plan still runs with its payment reversed: access with no payment standing behind it.
    const period = await createSubscription(t.db, {
      userId: readerId,
      planId,
      orderId: order.id,
      startDate: new Date(when.getTime() - 86_400_000),
      endDate: new Date(when.getTime() + 30 * 86_400_000),
    });
    await t.db
      .update(userSubscriptions)
      .set({ createdAt: new Date(when.getTime() - 86_400_000) })
      .where(eq(userSubscriptions.id, period!.id));

    const run = await sendAdminAlerts(when);
    expect(run.sent["reconcile-difference"]).toBe(2);
    const origin = getEnv().PUBLIC_URL;
    const [mail] = (await mailsTo([adminEmails[1]!])).filter((m) => m.subject.includes("reconciliation"));
    expect(mail!.subject).toBe("Nuru: the reconciliation found 2 differences");
    expect(mail!.text).toContain(
      `Refund or reversal not matched by a revocation: order ${order.merchantReference}: order is reversed, access still given`,
    );
    expect(mail!.text).toContain(`Grant without a paid order: order ${order.merchantReference}:`);
    expect(mail!.text).toContain(`${origin}/admin/orders/${order.id}`);
    expect(await mailsTo([readerEmail])).toEqual([]);

    // The same findings a few hours later are not mailed again.
    const again = await sendAdminAlerts(new Date(when.getTime() + 3 * ALERT_MAIL_GAP_MS));
    expect(again.sent["reconcile-difference"]).toBeUndefined();
    const all = (await mailsTo(adminEmails)).filter((m) => m.subject.includes("reconciliation"));
    expect(all).toHaveLength(2);
  });
});
