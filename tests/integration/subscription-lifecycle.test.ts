// After the purchase (issue 13, ADR 015): renewals before and after the end, cancelling and undoing renewal,
// reminders and the ended e-mail (each once), expiry and the display role, and reconciliation of payments whose
// notifications were lost. The real checkout, the real Pesapal client and the stand-in over HTTP; the clock is a
// parameter, so time moves without sleeping.
import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { devOutbox, orders, orderStatusHistory, profiles, userSubscriptions } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { startCheckout } from "~/modules/payments/checkout.server";
import { forgetRecentAnswers } from "~/modules/payments/gateway-checks.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { checkPendingOrders, STATUS_CHECK_GAPS_MS } from "~/modules/payments/pending-orders.server";
import {
  cancelRenewal,
  expireSubscriptions,
  resumeRenewal,
  sendEndedNotices,
  sendRenewalReminders,
} from "~/modules/membership/subscriptions.server";
import { getCurrentSubscription, listBillingHistory } from "~/modules/membership/library.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { loadAdmin } from "../setup/admin-viewer";
import { accessForArticle, hasActiveSubscription } from "~/modules/access/policy";
import type { Mailer } from "~/lib/mail/mailer.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import { getOrderForAdmin } from "~/modules/payments/admin-orders.server";
import { getSubscriptionsOverview } from "~/modules/payments/revenue.server";
import { getReceipt, receiptLines } from "~/modules/receipts/receipts.server";
import { formatDate } from "~/lib/format";
import { standingSummaries } from "~/modules/membership/member-standing.server";

const DAY = 86_400_000;
const MINUTE = 60_000;

const shop = lostNotificationShop();

async function reader() {
  const user = await createUser(shop.db(), { email: `life-${crypto.randomUUID()}@nuru.test`, fullName: "Achieng O" });
  return { id: user.id, email: user.email, fullName: "Achieng O", role: "guest" as const };
}
type Reader = Awaited<ReturnType<typeof reader>>;

/** Checkout at `now`, paid on the stand-in, verified by the callback at `now`. */
async function buyPlan(buyer: Reader, slug: string, now: Date) {
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE", now });
  const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
  await shop.pesapal().complete(order.gatewayTrackingId!);
  const result = await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", now });
  expect(result).toMatchObject({ kind: "checked", status: "completed" });
  return order;
}

const subsOf = (userId: string) =>
  shop
    .db()
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.startDate));

const roleOf = async (userId: string) =>
  (await shop.db().select().from(profiles).where(eq(profiles.id, userId)))[0]!.role;

const mailsTo = (email: string) =>
  shop.db().select().from(devOutbox).where(eq(devOutbox.to, email)).orderBy(asc(devOutbox.createdAt));

/** Premium article access as a page would decide it, at `now`. */
async function reads(userId: string, now: Date) {
  return accessForArticle(await loadViewer({ id: userId, role: "guest" }, now), { accessType: "premium" });
}

describe(`subscription lifecycle (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("a renewal paid before the end starts at the current end date, as its own row for its own order", async () => {
    const buyer = await reader();
    const t0 = new Date();
    const first = await buyPlan(buyer, "basic", t0);
    const [current] = await subsOf(buyer.id);
    const end = current!.endDate!;
    // Ten days before the end she renews, choosing another plan.
    const renewAt = new Date(end.getTime() - 10 * DAY);
    const second = await buyPlan(buyer, "standard", renewAt);
    const rows = await subsOf(buyer.id);
    expect(rows.map((r) => [r.status, r.orderId])).toEqual([
      ["active", first.id],
      ["scheduled", second.id],
    ]);
    expect(rows[1]!.startDate.getTime()).toBe(end.getTime());
    // Standard is 2 months, from the old end: no paid day lost.
    const expectedEnd = new Date(end);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 2);
    expect(Math.abs(rows[1]!.endDate!.getTime() - expectedEnd.getTime())).toBeLessThan(3 * DAY);

    const library = await getCurrentSubscription(buyer.id, renewAt);
    // Days left count to the last paid day (the renewal's end), not to the end of the period running now.
    expect(library).toMatchObject({
      planName: "Basic",
      renewal: "renews",
      daysLeft: Math.ceil((rows[1]!.endDate!.getTime() - renewAt.getTime()) / DAY),
    });
    expect(library!.next).toMatchObject({ planName: "Standard", startDate: end.toISOString(), status: "scheduled" });
    // A renewal is queued: no reminders for the ending period.
    expect(await sendRenewalReminders(renewAt)).toMatchObject({ sent: 0 });

    // At the boundary, before the expiry job runs, the queued period already gives access.
    const justAfter = new Date(end.getTime() + 1000);
    expect(await reads(buyer.id, justAfter)).toBe("full");
    expect((await getCurrentSubscription(buyer.id, justAfter))!.planName).toBe("Standard");
    const settled = await expireSubscriptions(new Date(end.getTime() + MINUTE));
    expect(settled).toMatchObject({ expired: 1, started: 1 });
    expect((await subsOf(buyer.id)).map((r) => r.status)).toEqual(["expired", "active"]);
    expect(await roleOf(buyer.id)).toBe("subscriber");
    // The old period ended into a new one: that is no "ended" news.
    expect(await sendEndedNotices(new Date(end.getTime() + 2 * MINUTE))).toMatchObject({ sent: 0 });
    expect((await expireSubscriptions(new Date(end.getTime() + 2 * MINUTE))).expired).toBe(0);
  });

  it("an early renewal: My Library, /pricing, the receipt, the reminder and the admin give the same dates and words; renewal off stays Active", async () => {
    const buyer = await reader();
    const admin = await loadAdmin(
      await createUser(shop.db(), { email: `life-admin-${crypto.randomUUID()}@nuru.test`, role: "admin" }),
    );
    const first = await buyPlan(buyer, "basic", new Date());
    const firstEnd = (await subsOf(buyer.id))[0]!.endDate!;
    const renewAt = new Date(firstEnd.getTime() - 10 * DAY);
    const second = await buyPlan(buyer, "standard", renewAt);
    const rows = await subsOf(buyer.id);
    const lastEnd = rows[1]!.endDate!;
    const day = (d: Date) => formatDate(d.toISOString());

    // My Library and /pricing read one standing: her access runs to the paid-ahead period's end.
    const library = (await getCurrentSubscription(buyer.id, renewAt))!.standing;
    const pricing = (await currentPlanOf(buyer.id, renewAt))!.standing;
    expect(pricing.words).toEqual(library.words);
    expect(library.words).toMatchObject({
      status: "Active · renewal on",
      accessUntil: `Paid up to ${day(lastEnd)}`,
      paidAhead: `Standard plan paid ahead: ${day(firstEnd)} to ${day(lastEnd)}`,
      summary: `Basic plan · Active · renewal on · paid up to ${day(lastEnd)}`,
    });
    expect(library.words.renewal).toContain(`before ${day(lastEnd)}`);
    // She chose no card: nothing about M-Pesa or a card, and no word names the first period's end as her plan's end.
    expect(library.words.renewal).not.toMatch(/M-Pesa|card/);
    expect(library.words.accessUntil + library.words.summary).not.toContain(day(firstEnd));
    // The receipt of the renewal names the period it bought, with the same dates.
    const receipt = (await getReceipt(buyer.id, second.id))!;
    expect(receiptLines(receipt)).toContainEqual(["Period", `${day(firstEnd)} to ${day(lastEnd)}`]);

    // She turns renewal off: she still holds both periods, and every screen says so in the same words.
    const state = await cancelRenewal(buyer.id, rows[0]!.id, renewAt);
    expect(state.accessUntil.getTime()).toBe(lastEnd.getTime());
    const off = (await getCurrentSubscription(buyer.id, renewAt))!.standing.words;
    expect((await currentPlanOf(buyer.id, renewAt))!.standing.words).toEqual(off);
    expect(off.status).toBe("Active · renewal off");
    expect(off.renewal).toContain(`You keep full access until ${day(lastEnd)}`);
    // The admin: her order pages and the dashboard's recent subscriptions say Active, renewal off, never 'cancelled'.
    const firstOrder = (await getOrderForAdmin(admin, first.id, renewAt))!;
    expect(firstOrder.order.memberStanding).toBe(`Basic plan · Active · renewal off · paid up to ${day(lastEnd)}`);
    expect(firstOrder.grants.map((g) => g.words)).toEqual(["Active · renewal off"]);
    expect(await standingSummaries([buyer.id], renewAt)).toEqual({ [buyer.id]: firstOrder.order.memberStanding });
    const secondOrder = (await getOrderForAdmin(admin, second.id, renewAt))!;
    expect(secondOrder.grants.map((g) => g.words)).toEqual([`Paid ahead · starts ${day(firstEnd)} · renewal off`]);
    const recent = (await getSubscriptionsOverview(admin, renewAt)).recent.filter((r) => r.email === buyer.email);
    expect(recent.map((r) => r.statusWords).sort()).toEqual([
      "Active · renewal off",
      `Paid ahead · starts ${day(firstEnd)} · renewal off`,
    ]);
    expect(JSON.stringify([firstOrder.grants, secondOrder.grants, recent])).not.toMatch(
      /"(statusW|w)ords":"cancelled"/i,
    );

    // Renewal back on: the reminder is about the last paid day, the same date My Library shows.
    await resumeRenewal(buyer.id, rows[0]!.id, renewAt);
    const weekBefore = new Date(lastEnd.getTime() - 6 * DAY);
    await expireSubscriptions(weekBefore);
    expect((await getCurrentSubscription(buyer.id, weekBefore))!.standing.words.accessUntil).toBe(
      `Paid up to ${day(lastEnd)}`,
    );
    await sendRenewalReminders(weekBefore);
    const reminder = (await mailsTo(buyer.email)).find((m) => /ends in 7 days/.test(m.subject));
    expect(reminder?.text).toContain(`paid up to ${day(lastEnd)}`);
    expect(reminder?.text).not.toContain("M-Pesa cannot be charged");
  });

  it("a renewal paid after the end starts now; the role follows the subscription", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "basic", new Date());
    const end = (await subsOf(buyer.id))[0]!.endDate!;
    const later = new Date(end.getTime() + 3 * DAY);
    expect(await reads(buyer.id, later)).toBe("preview");
    await expireSubscriptions(later);
    expect(await roleOf(buyer.id)).toBe("guest");
    expect((await getCurrentSubscription(buyer.id, later))!.renewal).toBe("expired");

    const renewAt = new Date(later.getTime() + 10 * MINUTE);
    await buyPlan(buyer, "basic", renewAt);
    const rows = await subsOf(buyer.id);
    expect(rows.map((r) => r.status)).toEqual(["expired", "active"]);
    expect(rows[1]!.startDate.getTime()).toBe(renewAt.getTime());
    expect(await roleOf(buyer.id)).toBe("subscriber");
    expect(await reads(buyer.id, renewAt)).toBe("full");
  });

  it("cancelling keeps access until the end, stops reminders, can be undone until then, and the server enforces it", async () => {
    const buyer = await reader();
    const other = await reader();
    const t0 = new Date();
    await buyPlan(buyer, "standard", t0);
    const [sub] = await subsOf(buyer.id);
    const end = sub!.endDate!;

    // Only her own subscription, and nothing is revealed about anyone else's.
    await expect(cancelRenewal(other.id, sub!.id, t0)).rejects.toMatchObject({ code: "SUBSCRIPTION_NOT_FOUND" });
    await expect(cancelRenewal(buyer.id, "not-a-uuid", t0)).rejects.toMatchObject({
      code: "SUBSCRIPTION_NOT_FOUND",
      message: "We could not find that plan on your account.",
    });

    const cancelled = await cancelRenewal(buyer.id, sub!.id, t0);
    expect(cancelled).toMatchObject({ status: "cancelled", renews: false });
    expect(await cancelRenewal(buyer.id, sub!.id, t0)).toMatchObject({ status: "cancelled" });
    // Cancelled but not ended: still premium, through the policy as pages read it.
    const weekBefore = new Date(end.getTime() - 6 * DAY);
    expect(await reads(buyer.id, weekBefore)).toBe("full");
    expect(hasActiveSubscription(await loadViewer({ id: buyer.id, role: "subscriber" }, weekBefore))).toBe(true);
    expect(await getCurrentSubscription(buyer.id, weekBefore)).toMatchObject({ renewal: "cancelled", daysLeft: 6 });
    // No reminders after cancelling.
    expect(await sendRenewalReminders(weekBefore)).toMatchObject({ sent: 0 });
    expect((await mailsTo(buyer.email)).filter((m) => /ends/.test(m.subject))).toHaveLength(0);

    // Undo, and the reminders come back.
    expect(await resumeRenewal(buyer.id, sub!.id, weekBefore)).toMatchObject({ status: "active", renews: true });
    expect(await sendRenewalReminders(weekBefore)).toMatchObject({ sent: 1 });

    // Cancelled again; after the end it cannot be undone, and access is gone.
    await cancelRenewal(buyer.id, sub!.id, weekBefore);
    const after = new Date(end.getTime() + 1000);
    expect(await reads(buyer.id, after)).toBe("preview");
    await expect(resumeRenewal(buyer.id, sub!.id, after)).rejects.toMatchObject({ code: "SUBSCRIPTION_ENDED" });
    await expireSubscriptions(after);
    expect((await subsOf(buyer.id))[0]!.status).toBe("expired");
    await expect(resumeRenewal(buyer.id, sub!.id, after)).rejects.toMatchObject({ code: "SUBSCRIPTION_ENDED" });
    await expect(cancelRenewal(buyer.id, sub!.id, after)).rejects.toMatchObject({ code: "SUBSCRIPTION_ENDED" });
  });

  it("sends the 7-day and 1-day reminders once each and the ended e-mail once, with a one-click renew link", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "premium", new Date());
    const end = (await subsOf(buyer.id))[0]!.endDate!;
    const at = (msBeforeEnd: number) => new Date(end.getTime() - msBeforeEnd);

    expect(await sendRenewalReminders(at(8 * DAY))).toMatchObject({ sent: 0 });
    const reminders = async () => (await mailsTo(buyer.email)).filter((m) => /ends/.test(m.subject));
    await sendRenewalReminders(at(7 * DAY));
    await sendRenewalReminders(at(6 * DAY));
    await sendRenewalReminders(at(2 * DAY));
    expect((await reminders()).map((m) => m.subject)).toEqual(["Your Nuru Premium plan ends in 7 days"]);
    await sendRenewalReminders(at(DAY - MINUTE));
    await sendRenewalReminders(at(60 * MINUTE));
    const sent = await reminders();
    expect(sent.map((m) => m.subject)).toEqual([
      "Your Nuru Premium plan ends in 7 days",
      "Your Nuru Premium plan ends tomorrow",
    ]);
    for (const mail of sent) expect(mail.text).toContain("/checkout/plan/premium");

    const after = new Date(end.getTime() + MINUTE);
    await expireSubscriptions(after);
    expect(await sendEndedNotices(after)).toMatchObject({ sent: 1 });
    expect(await sendEndedNotices(new Date(after.getTime() + MINUTE))).toMatchObject({ sent: 0 });
    const ended = (await mailsTo(buyer.email)).filter((m) => /has ended/.test(m.subject));
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain("/checkout/plan/premium");
    expect(await roleOf(buyer.id)).toBe("guest");
  });

  it("a mailer failing mid-run loses nothing and sends nothing twice when the run is repeated", async () => {
    const a = await reader();
    const b = await reader();
    const now = new Date();
    await buyPlan(a, "basic", now);
    await buyPlan(b, "basic", now);
    const end = (await subsOf(a.id))[0]!.endDate!;
    const at = new Date(end.getTime() - 5 * DAY);
    const failing: Mailer = {
      async send(message) {
        if (message.to === b.email) throw new Error("SMTP down");
        await shop
          .db()
          .insert(devOutbox)
          .values({ ...message });
      },
    };
    const first = await sendRenewalReminders(at, { mailer: failing });
    expect(first.failed).toBeGreaterThanOrEqual(1);
    await sendRenewalReminders(new Date(at.getTime() + MINUTE));
    await sendRenewalReminders(new Date(at.getTime() + 2 * MINUTE));
    expect(await mailsTo(a.email).then((m) => m.filter((x) => /ends/.test(x.subject)).length)).toBe(1);
    expect(await mailsTo(b.email).then((m) => m.filter((x) => /ends/.test(x.subject)).length)).toBe(1);
  });

  it("reconciliation grants a payment whose IPN and callback were both lost", async () => {
    const buyer = await reader();
    const t0 = new Date();
    const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug: "standard" }, countryCode: "KE" });
    const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    // Paid at Pesapal; its IPN goes nowhere and she never comes back to the callback page.
    await shop.pesapal().complete(order.gatewayTrackingId!);
    expect(await reads(buyer.id, t0)).toBe("preview");
    const result = await checkPendingOrders(new Date(order.createdAt.getTime() + 2 * MINUTE));
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect(await reads(buyer.id, new Date())).toBe("full");
    const history = await shop.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));
    expect(history.map((h) => [h.toStatus, h.source])).toEqual([
      ["pending", "checkout"],
      ["completed", "poll"],
    ]);

    const billing = await listBillingHistory(buyer.id);
    expect(billing).toHaveLength(1);
    expect(billing[0]).toMatchObject({
      itemName: "Standard",
      amountCents: 50000,
      currency: "KES",
      displayCurrency: "KES",
      merchantReference: order.merchantReference,
      status: "completed",
      paymentMethod: "M-Pesa",
    });
    expect(billing[0]!.confirmationCode).toMatch(/^[0-9A-F]{10}$/);
  });

  it("re-checks an unpaid order after 1 min, 5 min, 30 min, 2 h and 24 h, then abandons it; a late payment still counts", async () => {
    // Pesapal cannot cancel it when the shop gives up on it (ADR 027), so a late M-Pesa can still land.
    const buyer = await reader();
    const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug: "basic" }, countryCode: "KE" });
    const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    const created = order.createdAt.getTime();
    const statusCalls = () =>
      shop
        .pesapal()
        .requests.filter(
          (r) => /gettransactionstatus/i.test(r.path) && Object.values(r.query).includes(order.gatewayTrackingId!),
        ).length;
    const checkedAt: number[] = [];
    // Walk the clock minute by minute through the first 3 hours, then hour by hour to 30 hours.
    shop.pesapal().failNext("/api/Transactions/CancelOrder", 1, 503);
    const instants = [
      ...Array.from({ length: 180 }, (_, i) => created + (i + 1) * 30_000),
      ...Array.from({ length: 28 }, (_, i) => created + (3 + i) * 60 * MINUTE),
    ];
    for (const instant of instants) {
      const before = statusCalls();
      await checkPendingOrders(new Date(instant));
      if (statusCalls() > before) checkedAt.push(instant - created);
      const [row] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
      if (row.status !== "pending") break;
    }
    // Gaps between checks: 1, 5, 30, 120 and 1440 minutes (to the half-minute/hour the walk moves by).
    const gaps = checkedAt.map((at, i) => at - (i === 0 ? 0 : checkedAt[i - 1]!));
    expect(gaps).toHaveLength(STATUS_CHECK_GAPS_MS.length);
    gaps.forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(STATUS_CHECK_GAPS_MS[i]!);
      expect(gap).toBeLessThanOrEqual(STATUS_CHECK_GAPS_MS[i]! + 60 * MINUTE);
    });
    const [abandoned] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
    expect(abandoned.status).toBe("abandoned");
    const history = await shop
      .db()
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "abandoned")));
    expect(history).toMatchObject([{ fromStatus: "pending", source: "system" }]);
    // Nothing more is asked about it as a pending order (the re-checks of abandoned ones come a day later).
    const calls = statusCalls();
    await checkPendingOrders(new Date(created + 40 * 60 * MINUTE));
    expect(statusCalls()).toBe(calls);

    // She paid after all (M-Pesa settled late): the IPN or an admin's check completes it and grants.
    await shop.pesapal().complete(order.gatewayTrackingId!);
    // Seconds after the shop's own "not paid" answer an IPN would share that answer (issue 30 item 10): the IPN here
    // comes later, as Pesapal's resend does.
    forgetRecentAnswers();
    const late = await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "ipn" });
    expect(late).toMatchObject({ kind: "checked", status: "completed", changed: true });
    expect(await reads(buyer.id, new Date())).toBe("full");
  });
});
