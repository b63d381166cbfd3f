// Card auto-renew (issue 13, ADR 019): the real checkout, the real Pesapal client and the stand-in over HTTP, and
// the stand-in's IPNs (IPNCHANGE and RECURRING) over HTTP to the real IPN handler. The opt-in's wire body, the
// agreement's life (pending -> active / ended, cancelled, resumed), scheduled charges that extend a plan exactly once,
// a charge for the wrong amount held for review, and a charge after cancelling refunded instead of granted.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  cardRenewalEvents,
  cardRenewals,
  devOutbox,
  offerCodes,
  orders,
  orderStatusHistory,
  payments,
  refunds,
  userSubscriptions,
} from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { loadAdmin } from "../setup/admin-viewer";
import { getOrderForAdmin, listOrdersForAdmin } from "~/modules/payments/admin-orders.server";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { configurePesapal, ensureIpnId, getPesapal } from "~/modules/payments/payment-gateway.server";
import { answerIpn, readIpnRequest } from "~/modules/payments/ipn.server";
import { checkPendingOrders } from "~/modules/payments/pending-orders.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { cancelRenewal, resumeRenewal, sendRenewalReminders } from "~/modules/membership/subscriptions.server";
import { getCurrentSubscription, listBillingHistory } from "~/modules/membership/library.server";
import { getReceipt } from "~/modules/receipts/receipts.server";
import { addMonths } from "~/modules/membership/grants.server";
import { pesapalDate } from "~/modules/membership/card-renewal-schedule";
import { reconcile } from "~/modules/payments/reconciliation.server";
import { currentPlanOf } from "~/modules/membership/membership.server";
import { formatDate } from "~/lib/format";

const DAY = 86_400_000;
let t: TestDatabase;
let pesapal: PesapalStandIn;
let ipnServer: Server;
const ipnAnswers: { type: string; status: number }[] = [];

/** The shop's IPN route in miniature: Pesapal's request -> the real handler -> its answer. */
async function startIpnListener() {
  ipnServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : Buffer.concat(chunks),
    });
    const answer = await answerIpn(await readIpnRequest(request));
    const text = await answer.text();
    const json = JSON.parse(text) as { orderNotificationType: string; status: number };
    ipnAnswers.push({ type: json.orderNotificationType, status: json.status });
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(text);
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  process.env.PUBLIC_URL = await startIpnListener();
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  await createPlan(t.db, { slug: "monthly", name: "Monthly", priceCents: 15000, durationMonths: 1, ebookLimit: 1 });
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 2, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  await new Promise<void>((resolve) => (ipnServer ? ipnServer.close(() => resolve()) : resolve()));
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function newReader() {
  return createUser(t.db, { email: `renew-${randomUUID()}@nuru.test`, fullName: "Njeri Wambui", password: null });
}
type Reader = Awaited<ReturnType<typeof newReader>>;

const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const agreementOf = async (orderId: string) =>
  (await t.db.select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, orderId)))[0]!;
const subsOf = (userId: string) =>
  t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.startDate));
const chargeOrders = (agreementId: string) =>
  t.db.select().from(orders).where(eq(orders.cardRenewalId, agreementId)).orderBy(asc(orders.createdAt));
const submitted = (merchantReference: string) =>
  pesapal.requests.find(
    (r) => r.path.toLowerCase().endsWith("submitorderrequest") && (r.body as { id?: string })?.id === merchantReference,
  )!.body as Record<string, unknown>;

/** Checkout with auto-renew, paid by card with the schedule accepted on the stand-in's page; the IPN verifies it. */
async function buyWithCard(buyer: Reader, slug: string, options: { recurring?: boolean } = {}) {
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE", autoRenew: true });
  const order = await orderOf(orderId);
  if (options.recurring === false) await pesapal.complete(order.gatewayTrackingId!, "mpesa");
  else await pesapal.completeWithRecurring(order.gatewayTrackingId!);
  expect((await orderOf(orderId)).status).toBe("completed");
  return { order, agreement: await agreementOf(orderId) };
}

describe(`card auto-renew (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("the opt-in sends account_number, with subscription_details only for a period Pesapal's API can name", async () => {
    const buyer = await newReader();
    const before = Date.now();
    const monthly = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "monthly" },
      countryCode: "KE",
      autoRenew: true,
    });
    const monthlyOrder = await orderOf(monthly.orderId);
    const monthlyAgreement = await agreementOf(monthly.orderId);
    expect(monthlyAgreement).toMatchObject({
      status: "pending",
      amountCents: monthlyOrder.amountCents,
      currency: "KES",
    });
    expect(monthlyAgreement.accountNumber).toMatch(/^NR-[0-9A-HJKMNP-TV-Z]{26}$/);
    const body = submitted(monthlyOrder.merchantReference);
    expect(body.account_number).toBe(monthlyAgreement.accountNumber);
    // The first charge falls on the day the paid month ends; the schedule runs five years.
    const periodEnd = addMonths(new Date(before), 1);
    const fiveYears = new Date(periodEnd);
    fiveYears.setUTCFullYear(fiveYears.getUTCFullYear() + 5);
    expect(body.subscription_details).toEqual({
      start_date: pesapalDate(periodEnd),
      end_date: pesapalDate(fiveYears),
      frequency: "MONTHLY",
    });

    // A 2-month plan: account_number alone (the buyer picks the schedule on Pesapal's page).
    const other = await newReader();
    const basic = await startCheckout({
      buyer: other,
      item: { kind: "plan", slug: "basic" },
      countryCode: "KE",
      autoRenew: true,
    });
    const basicBody = submitted((await orderOf(basic.orderId)).merchantReference);
    expect(basicBody.account_number).toBe((await agreementOf(basic.orderId)).accountNumber);
    expect(basicBody).not.toHaveProperty("subscription_details");

    // Without the opt-in: neither, and no agreement. The pending opted-in order is not reused for it.
    const plain = await startCheckout({ buyer: other, item: { kind: "plan", slug: "basic" }, countryCode: "KE" });
    expect(plain.orderId).not.toBe(basic.orderId);
    const plainBody = submitted((await orderOf(plain.orderId)).merchantReference);
    expect(plainBody).not.toHaveProperty("account_number");
    expect(plainBody).not.toHaveProperty("subscription_details");
    expect(await t.db.select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, plain.orderId))).toEqual([]);
    // The same opted-in checkout again reuses its pending order (a double click).
    await expect(
      startCheckout({ buyer: other, item: { kind: "plan", slug: "basic" }, countryCode: "KE", autoRenew: true }),
    ).resolves.toMatchObject({ orderId: basic.orderId });
  });

  it("a card payment with the schedule accepted activates the agreement; a charge extends the plan exactly once", async () => {
    const buyer = await newReader();
    const { order, agreement } = await buyWithCard(buyer, "monthly");
    expect(agreement.status).toBe("active");
    expect(agreement.activatedAt).not.toBeNull();
    const [first] = await subsOf(buyer.id);
    const firstEnd = first!.endDate!;
    expect((await getCurrentSubscription(buyer.id))!.card).toMatchObject({ status: "active" });
    // A second schedule for the same card is refused.
    await expect(
      startCheckout({ buyer, item: { kind: "plan", slug: "monthly" }, countryCode: "KE", autoRenew: true }),
    ).rejects.toMatchObject({
      code: CHECKOUT_ERRORS.AUTO_RENEW_ACTIVE.code,
      message: CHECKOUT_ERRORS.AUTO_RENEW_ACTIVE.message,
    });

    const answersBefore = ipnAnswers.length;
    const { trackingId, deliveries } = await pesapal.chargeRecurring(agreement.accountNumber);
    expect(deliveries.at(-1)).toMatchObject({ notificationType: "RECURRING", acknowledged: true });
    expect(ipnAnswers.slice(answersBefore)).toEqual([{ type: "RECURRING", status: 200 }]);

    // Pesapal repeats itself, several at once, then reconciliation runs: still one charge, one period.
    await Promise.all([pesapal.repeatIpn(trackingId), pesapal.repeatIpn(trackingId), pesapal.repeatIpn(trackingId)]);
    await checkPendingOrders(new Date(Date.now() + 2 * DAY));
    await verifyPayment({ trackingId, source: "poll" });

    const charges = await chargeOrders(agreement.id);
    expect(charges).toHaveLength(1);
    const charge = charges[0]!;
    expect(charge).toMatchObject({
      kind: "plan",
      status: "completed",
      planId: order.planId,
      amountCents: agreement.amountCents,
      gatewayTrackingId: trackingId,
      userId: buyer.id,
    });
    expect(charge.merchantReference).not.toBe(order.merchantReference);
    // The verified answer is kept, with the recurring details Pesapal sent.
    const verified = await t.db.select().from(payments).where(eq(payments.orderId, charge.id));
    expect(verified).toHaveLength(1);
    expect(verified[0]).toMatchObject({
      status: "completed",
      amountCents: agreement.amountCents,
      paymentMethod: "Visa",
    });
    expect(verified[0]!.raw).toMatchObject({
      merchantReference: agreement.accountNumber,
      subscriptionTransactionInfo: { accountReference: agreement.accountNumber, amountCents: agreement.amountCents },
    });
    const history = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, charge.id));
    expect(history.map((h) => h.toStatus).sort()).toEqual(["completed", "pending"]);

    // Queued from the current end, for the plan's month.
    const rows = await subsOf(buyer.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ orderId: charge.id, status: "scheduled" });
    expect(rows[1]!.startDate.getTime()).toBe(firstEnd.getTime());
    expect(rows[1]!.endDate!.getTime()).toBe(addMonths(firstEnd, 1).getTime());

    // Billing lists the charge as its own row with a receipt, and the receipt was e-mailed.
    const billing = await listBillingHistory(buyer.id);
    expect(billing.map((b) => b.orderId)).toEqual([charge.id, order.id]);
    expect(await getReceipt(buyer.id, charge.id)).toMatchObject({ reference: charge.merchantReference });
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.to, buyer.email));
    expect(mails.filter((m) => m.text.includes(charge.merchantReference))).toHaveLength(1);

    // A second scheduled charge extends again, from the new end.
    await pesapal.chargeRecurring(agreement.accountNumber);
    const after = await subsOf(buyer.id);
    expect(after).toHaveLength(3);
    expect(after[2]!.startDate.getTime()).toBe(rows[1]!.endDate!.getTime());
    expect(await chargeOrders(agreement.id)).toHaveLength(2);
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    const report = await reconcile({ from: day(-2 * DAY), to: day(2 * DAY) });
    expect(report.differences.filter((d) => d.orderId === charge.id || d.orderId === order.id)).toEqual([]);
  });

  // Issue 46 item 26: Pesapal's agreement repeats the first payment's amount (research section 4), so the agreement and
  // the first charge must both be what each period costs.
  it("a first-period-only code is not combined with card auto-renew: both amounts are named, nothing is made", async () => {
    const buyer = await newReader();
    const [code] = await t.db
      .insert(offerCodes)
      .values({
        code: `FIRST${randomUUID().slice(0, 6).toUpperCase()}`,
        kind: "percent",
        percentOff: "20",
        firstPeriodOnly: true,
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const checkout = (autoRenew: boolean) =>
      startCheckout({
        buyer,
        item: { kind: "plan", slug: "monthly" },
        countryCode: "KE",
        autoRenew,
        offerCode: code!.code,
      });
    await expect(checkout(true)).rejects.toMatchObject({
      code: CHECKOUT_ERRORS.AUTO_RENEW_FIRST_PERIOD_CODE.code,
      message:
        "This code lowers the first period only, and a card renewal repeats the first payment. Pay KSh\u00a0120.00 now " +
        "and renew by hand at KSh\u00a0150.00 (we remind you before the end), or remove the code to renew " +
        "automatically by card at KSh\u00a0150.00.",
    });
    // Nothing reached Pesapal, and no agreement expects an amount Pesapal will not charge.
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual([]);
    expect(await t.db.select().from(cardRenewals).where(eq(cardRenewals.userId, buyer.id))).toEqual([]);
    // The code still works for this period, renewed by hand.
    const { orderId } = await checkout(false);
    expect(await orderOf(orderId)).toMatchObject({ amountCents: 12_000, priceBeforeCodeCents: 15_000 });
  });

  it("a code for every period with card auto-renew: the agreement expects what Pesapal charges, and a charge extends", async () => {
    const buyer = await newReader();
    const [code] = await t.db
      .insert(offerCodes)
      .values({
        code: `EVERY${randomUUID().slice(0, 6).toUpperCase()}`,
        kind: "percent",
        percentOff: "20",
        startsAt: new Date(Date.now() - DAY),
        endsAt: new Date(Date.now() + DAY),
      })
      .returning();
    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "monthly" },
      countryCode: "KE",
      autoRenew: true,
      offerCode: code!.code,
    });
    const order = await orderOf(orderId);
    await pesapal.completeWithRecurring(order.gatewayTrackingId!);
    const agreement = await agreementOf(orderId);
    expect(agreement).toMatchObject({ status: "active", amountCents: 12_000 });
    const { trackingId } = await pesapal.chargeRecurring(agreement.accountNumber);
    const [charge] = await chargeOrders(agreement.id);
    expect(charge).toMatchObject({ status: "completed", amountCents: 12_000, gatewayTrackingId: trackingId });
    expect((await subsOf(buyer.id)).map((row) => row.orderId)).toEqual([orderId, charge!.id]);
  });

  it("the stand-in's schedule charges when it falls due by the clock it is given, once per period", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly");
    const schedule = pesapal.recurringSchedules().get(agreement.accountNumber)!;
    expect(schedule).toMatchObject({ frequency: "MONTHLY", amountCents: agreement.amountCents, stopped: false });
    const due = schedule.nextChargeAt;
    // The prefilled start: the Nairobi day the paid month ends.
    const [first] = await subsOf(buyer.id);
    expect(pesapalDate(new Date(due))).toBe(pesapalDate(first!.endDate!));
    const mine = (charged: string[]) =>
      charged.filter((id) => pesapal.getOrder(id)?.merchantReference === agreement.accountNumber);
    expect(mine(await pesapal.runDueCharges(new Date(due - 60_000)))).toEqual([]);
    expect(mine(await pesapal.runDueCharges(new Date(due + 60_000)))).toHaveLength(1);
    expect(mine(await pesapal.runDueCharges(new Date(due + 120_000)))).toEqual([]);
    expect(await chargeOrders(agreement.id)).toHaveLength(1);
    expect(await subsOf(buyer.id)).toHaveLength(2);
    // The buyer stops the schedule with Pesapal's link: nothing falls due any more.
    pesapal.stopRecurring(agreement.accountNumber);
    expect(mine(await pesapal.runDueCharges(new Date(due + 40 * DAY)))).toEqual([]);
  });

  it("a charge for another amount is recorded and held for review, not granted", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly");
    await pesapal.chargeRecurring(agreement.accountNumber, { amountCents: agreement.amountCents + 100 });
    const [charge] = await chargeOrders(agreement.id);
    expect(charge).toMatchObject({ status: "review", amountCents: agreement.amountCents });
    expect(await subsOf(buyer.id)).toHaveLength(1);
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, charge!.id));
    expect(payment).toMatchObject({ amountCents: agreement.amountCents + 100 });
    const [history] = await t.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.orderId, charge!.id), eq(orderStatusHistory.toStatus, "review")));
    expect(history!.note).toContain("amount");
    // Not refunded by itself: an admin decides, and finds it first in /admin/orders like every order in review.
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, charge!.id))).toEqual([]);
    const admin = await loadAdmin(await createUser(t.db, { email: `admin-${randomUUID()}@nuru.test`, role: "admin" }));
    const listed = await listOrdersForAdmin(admin, {});
    expect(listed.items[0]).toMatchObject({ id: charge!.id, status: "review" });
    const page = await getOrderForAdmin(admin, charge!.id);
    expect(page!.order.cardRenewal).toMatchObject({ role: "charge", accountNumber: agreement.accountNumber });
  });

  it("a charge after cancelling is refunded and does not extend; resuming lets the next charge extend again", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "basic");
    const [first] = await subsOf(buyer.id);
    const cancelled = await cancelRenewal(buyer.id, first!.id);
    expect(cancelled).toMatchObject({ status: "cancelled", card: "cancelled" });
    expect((await agreementOf(agreement.firstOrderId)).status).toBe("cancelled");
    expect((await getCurrentSubscription(buyer.id))!.card).toMatchObject({ status: "cancelled" });

    // Pesapal's schedule was not stopped (there is no API for it): the charge still arrives.
    const { trackingId } = await pesapal.chargeRecurring(agreement.accountNumber);
    const [charge] = await chargeOrders(agreement.id);
    expect(charge).toMatchObject({ status: "refunded", gatewayTrackingId: trackingId });
    expect(await subsOf(buyer.id)).toHaveLength(1);
    const [refund] = await t.db.select().from(refunds).where(eq(refunds.orderId, charge!.id));
    expect(refund).toMatchObject({
      status: "accepted",
      full: true,
      amountCents: agreement.amountCents,
      requestedBy: null,
    });
    expect(refund!.reason).toContain("cancelled renewal");
    expect(pesapal.getOrder(trackingId)).toMatchObject({ refunded: true, refundedCents: agreement.amountCents });
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.to, buyer.email));
    expect(
      mails.some((m) => m.subject.startsWith("Your Nuru refund") && m.text.includes("after you had cancelled")),
    ).toBe(true);
    // A repeated notification of the refunded charge changes nothing and asks for no second refund.
    await pesapal.repeatIpn(trackingId);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, charge!.id))).toHaveLength(1);

    const resumed = await resumeRenewal(buyer.id, first!.id);
    expect(resumed).toMatchObject({ status: "active", card: "active" });
    await pesapal.chargeRecurring(agreement.accountNumber);
    const charges = await chargeOrders(agreement.id);
    expect(charges.map((c) => c.status)).toEqual(["refunded", "completed"]);
    const rows = await subsOf(buyer.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ orderId: charges[1]!.id, status: "scheduled" });
    expect(rows[1]!.startDate.getTime()).toBe(first!.endDate!.getTime());
    const events = await t.db
      .select()
      .from(cardRenewalEvents)
      .where(eq(cardRenewalEvents.cardRenewalId, agreement.id))
      .orderBy(asc(cardRenewalEvents.createdAt));
    expect(events.filter((e) => e.toStatus).map((e) => `${e.fromStatus ?? ""}>${e.toStatus}`)).toEqual([
      ">pending",
      "pending>active",
      "active>cancelled",
      "cancelled>active",
    ]);
  });

  it("a reversed first payment ends the agreement: a later charge is refunded, not granted", async () => {
    const buyer = await newReader();
    const { order, agreement } = await buyWithCard(buyer, "monthly");
    await pesapal.reverse(order.gatewayTrackingId!);
    expect((await orderOf(order.id)).status).toBe("reversed");
    expect((await agreementOf(order.id)).status).toBe("ended");
    expect((await getCurrentSubscription(buyer.id))!.card).toEqual({ status: "ended", endedBecause: "other" });
    await pesapal.chargeRecurring(agreement.accountNumber);
    const [charge] = await chargeOrders(agreement.id);
    expect(charge!.status).toBe("refunded");
    expect((await subsOf(buyer.id)).filter((s) => s.status !== "revoked")).toEqual([]);
  });

  it("a first payment by M-Pesa never activates the agreement: renewals are by hand", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly", { recurring: false });
    expect(agreement.status).toBe("ended");
    expect(agreement.activatedAt).toBeNull();
    expect(pesapal.recurringSchedules().has(agreement.accountNumber)).toBe(false);
    expect((await getCurrentSubscription(buyer.id))!.card).toEqual({ status: "ended", endedBecause: "not-card" });
    const [event] = await t.db
      .select()
      .from(cardRenewalEvents)
      .where(and(eq(cardRenewalEvents.cardRenewalId, agreement.id), eq(cardRenewalEvents.toStatus, "ended")));
    expect(event!.note).toContain("card only");
  });

  it("reminders for a card renewal say when the card is charged", async () => {
    const buyer = await newReader();
    await buyWithCard(buyer, "monthly");
    const [sub] = await subsOf(buyer.id);
    const sent = await sendRenewalReminders(new Date(sub!.endDate!.getTime() - 6 * DAY));
    expect(sent.sent).toBeGreaterThanOrEqual(1);
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.to, buyer.email));
    const reminder = mails.find((m) => m.subject.includes("renews by card"));
    expect(reminder?.text).toContain("charges your card");
    expect(mails.some((m) => m.subject.includes("ends in 7 days"))).toBe(false);
  });

  it("a card auto-renew member is told her card renews the plan, never that M-Pesa cannot be charged", async () => {
    const day = (d: Date) => formatDate(d.toISOString());
    // The schedule confirmed: renews by card on her last paid day, which moves on with each charge.
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly");
    const [sub] = await subsOf(buyer.id);
    const standing = (await getCurrentSubscription(buyer.id))!.standing;
    expect(standing.renewal).toEqual({ on: true, method: "card" });
    expect(standing.words.renewal).toBe(
      `Renews automatically by card on ${day(sub!.endDate!)}. We e-mail you 7 days and 1 day before your card is charged.`,
    );
    await pesapal.chargeRecurring(agreement.accountNumber);
    const lastEnd = (await subsOf(buyer.id))[1]!.endDate!;
    const afterCharge = (await currentPlanOf(buyer.id))!.standing.words;
    expect(afterCharge).toEqual((await getCurrentSubscription(buyer.id))!.standing.words);
    expect(afterCharge.renewal).toContain(`by card on ${day(lastEnd)}`);
    expect(afterCharge.accessUntil).toBe(`Paid up to ${day(lastEnd)}`);

    // Paid by card with the opt-in, but Pesapal has not confirmed the schedule yet: still her card, not M-Pesa.
    const waiting = await newReader();
    const { orderId } = await startCheckout({
      buyer: waiting,
      item: { kind: "plan", slug: "monthly" },
      countryCode: "KE",
      autoRenew: true,
    });
    await pesapal.complete((await orderOf(orderId)).gatewayTrackingId!, "card");
    expect((await orderOf(orderId)).status).toBe("completed");
    expect((await agreementOf(orderId)).status).toBe("pending");
    const pending = (await getCurrentSubscription(waiting.id))!.standing;
    expect(pending.renewal).toEqual({ on: true, method: "card-pending" });
    expect(pending.words.renewal).toContain("Renews by card once Pesapal confirms your card's schedule");
    expect(pending.words.renewal).not.toContain("M-Pesa");
    const [waitingSub] = await subsOf(waiting.id);
    await sendRenewalReminders(new Date(waitingSub!.endDate!.getTime() - 6 * DAY));
    const mails = await t.db.select().from(devOutbox).where(eq(devOutbox.to, waiting.email));
    const reminder = mails.find((m) => /ends in 7 days/.test(m.subject));
    expect(reminder?.text).toContain("Pesapal has not yet confirmed your card's automatic renewal");
    expect(reminder?.text).not.toContain("M-Pesa");
  });

  it("a charge is matched by whichever field its status answer names the agreement by, and extends the plan", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly");
    const namings = ["account-number", "account-reference", "correlation-id", "first-order-reference"] as const;
    for (const naming of namings) {
      const answersBefore = ipnAnswers.length;
      const { trackingId, deliveries } = await pesapal.chargeRecurring(agreement.accountNumber, { naming });
      expect(deliveries, naming).toHaveLength(1);
      expect(deliveries[0], naming).toMatchObject({ notificationType: "RECURRING", acknowledged: true });
      expect(ipnAnswers.slice(answersBefore), naming).toEqual([{ type: "RECURRING", status: 200 }]);
      const [charge] = await t.db.select().from(orders).where(eq(orders.gatewayTrackingId, trackingId));
      expect(charge, naming).toMatchObject({ cardRenewalId: agreement.id, status: "completed", userId: buyer.id });
    }
    // Each charge extends her plan by one month, one after the other.
    const rows = await subsOf(buyer.id);
    expect(rows).toHaveLength(1 + namings.length);
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.startDate.getTime()).toBe(rows[i - 1]!.endDate!.getTime());
      expect(rows[i]!.endDate!.getTime()).toBe(addMonths(rows[i - 1]!.endDate!, 1).getTime());
    }
    const events = await t.db.select().from(cardRenewalEvents).where(eq(cardRenewalEvents.cardRenewalId, agreement.id));
    const notes = events.map((e) => e.note ?? "").filter((note) => note.startsWith("scheduled charge reported"));
    expect(notes.map((note) => /named by its (.+)\)$/.exec(note)?.[1]).sort()).toEqual([
      "account number",
      "account number",
      "correlation id",
      "first order's reference",
    ]);
  });

  it("a charge whose answer names no agreement is held for review, shown in the reconciliation, and asked again", async () => {
    const buyer = await newReader();
    const { agreement } = await buyWithCard(buyer, "monthly");
    const answersBefore = ipnAnswers.length;
    const { trackingId, deliveries } = await pesapal.chargeRecurring(agreement.accountNumber, { naming: "nothing" });
    // Not acknowledged: Pesapal keeps sending it (the stand-in tries twice here).
    expect(deliveries.map((d) => d.acknowledged)).toEqual([false, false]);
    expect(ipnAnswers.slice(answersBefore)).toEqual([
      { type: "RECURRING", status: 500 },
      { type: "RECURRING", status: 500 },
    ]);
    // Nothing extended, no order made, nothing refunded blindly.
    expect(await chargeOrders(agreement.id)).toEqual([]);
    expect(await subsOf(buyer.id)).toHaveLength(1);
    expect(pesapal.getOrder(trackingId)).not.toMatchObject({ refunded: true });
    // Recorded once, however often Pesapal sends it.
    await pesapal.repeatIpn(trackingId);
    const held = await t.db.select().from(cardRenewalEvents).where(eq(cardRenewalEvents.gatewayTrackingId, trackingId));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ cardRenewalId: null });
    expect(held[0]!.note).toContain(`the notification said ${agreement.accountNumber}`);
    // An admin sees it in the reconciliation, with what to do.
    const day = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 10);
    const report = await reconcile({ from: day(-DAY), to: day(DAY) });
    const difference = report.differences.find((d) => d.detail.includes(trackingId));
    expect(difference).toMatchObject({ kind: "scheduled card charge matching no agreement", orderId: null });
    expect(difference!.detail).toContain(`KES ${(agreement.amountCents / 100).toFixed(2)}`);
    expect(difference!.detail).toContain("find the reader's agreement, or refund it on Pesapal's dashboard");
  });

  it("a charge for an account number we never issued is held for review, not acknowledged, and grants nothing", async () => {
    const client = await getPesapal();
    const accountNumber = "NR-NOTOURS0000000000000000000";
    const foreign = await client.submitOrder({
      merchantReference: `FOREIGN-${randomUUID().slice(0, 8)}`,
      amountCents: 50000,
      currency: "KES",
      description: "Not a Nuru order",
      callbackUrl: "http://127.0.0.1/return",
      notificationId: await ensureIpnId(),
      billingAddress: { emailAddress: "someone@example.test" },
      accountNumber,
    });
    await pesapal.completeWithRecurring(foreign.orderTrackingId);
    const { trackingId, deliveries } = await pesapal.chargeRecurring(accountNumber);
    expect(deliveries.some((d) => d.acknowledged)).toBe(false);
    expect(await t.db.select().from(orders).where(eq(orders.gatewayTrackingId, trackingId))).toEqual([]);
    expect(pesapal.getOrder(trackingId)).not.toMatchObject({ refunded: true });
    const [event] = await t.db
      .select()
      .from(cardRenewalEvents)
      .where(eq(cardRenewalEvents.gatewayTrackingId, trackingId));
    expect(event).toMatchObject({ cardRenewalId: null, accountNumber });
    expect(event!.note).toContain("Needs review");
    await pesapal.repeatIpn(trackingId);
    expect(
      await t.db.select().from(cardRenewalEvents).where(eq(cardRenewalEvents.gatewayTrackingId, trackingId)),
    ).toHaveLength(1);
  });
});
