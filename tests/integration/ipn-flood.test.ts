// Forged IPNs must not amplify (issue 30 item 10): IPNs over HTTP to the real handler, the real client and the
// Pesapal stand-in, which records every request. Checks of one order share one gateway call, IPN-caused calls are
// bounded per process, and a genuine notification answered from a shared answer is answered 500 and its resend counts.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { cardRenewalEvents, gatewayFailureHours, orders, orderStatusHistory } from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal, ensureIpnId, getPesapal } from "~/modules/payments/payment-gateway.server";
import { answerIpn, readIpnRequest } from "~/modules/payments/ipn.server";
import { IPN_GATEWAY_CALLS_LIMIT, ipnCallsPeak, NOT_PAID_REUSE_MS } from "~/modules/payments/gateway-checks.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let ipnServer: Server;
let ipnUrl: string;
/** While true the shop is "down" for Pesapal's IPNs: they are lost. */
let ipnDown = false;

const STATUS_PATH = "/api/Transactions/GetTransactionStatus";

beforeAll(async () => {
  // The shop's IPN route in miniature: Pesapal's (or a forger's) request -> the real handler -> its answer.
  ipnServer = createServer(async (req, res) => {
    if (ipnDown) {
      res.writeHead(503).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : Buffer.concat(chunks),
    });
    const answer = await answerIpn(await readIpnRequest(request));
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, "127.0.0.1", resolve));
  process.env.PUBLIC_URL = `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}`;
  ipnUrl = `${process.env.PUBLIC_URL}/api/payments/ipn`;
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
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

async function newOrder() {
  const buyer = await createUser(t.db, { email: `flood-${randomUUID()}@nuru.test`, password: null });
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug: "standard" }, countryCode: "KE" });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/** A RECURRING notification over HTTP (as Pesapal sends a scheduled charge's): Pesapal's status answer field. */
async function recurringIpn(trackingId: string, accountNumber: string): Promise<number> {
  const query = new URLSearchParams({
    OrderTrackingId: trackingId,
    OrderMerchantReference: accountNumber,
    OrderNotificationType: "RECURRING",
  });
  const response = await fetch(`${ipnUrl}?${query}`);
  return ((await response.json()) as { status: number }).status;
}

/** A forger's IPN over HTTP (GET, as Pesapal's are by default): Pesapal's status answer field. */
async function forgedIpn(trackingId: string, reference: string): Promise<number> {
  const query = new URLSearchParams({
    OrderTrackingId: trackingId,
    OrderMerchantReference: reference,
    OrderNotificationType: "IPNCHANGE",
  });
  const response = await fetch(`${ipnUrl}?${query}`);
  return ((await response.json()) as { status: number }).status;
}

const statusCalls = () => pesapal.requests.filter((r) => r.path === STATUS_PATH).length;

describe("IPN floods", () => {
  it("100 parallel IPNs naming one unpaid order cost one or two status calls, and its next check comes within a minute", async () => {
    const order = await newOrder();
    await t.db
      .update(orders)
      .set({ nextStatusCheckAt: new Date(Date.now() + 2 * 3600_000) })
      .where(eq(orders.id, order.id));
    pesapal.setDelay(150);
    const before = statusCalls();
    try {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => forgedIpn(order.gatewayTrackingId!, order.merchantReference)),
      );
      // Not paid yet: every one is asked again (as Pesapal would), none is acknowledged.
      expect(answers.filter((a) => a === 500)).toHaveLength(100);
    } finally {
      pesapal.setDelay(0);
    }
    expect(statusCalls() - before).toBeGreaterThanOrEqual(1);
    expect(statusCalls() - before).toBeLessThanOrEqual(2);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("pending");
    expect(after!.nextStatusCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it("100 parallel IPNs naming one paid order cost one or two status calls and complete it once", async () => {
    const order = await newOrder();
    // Paid at Pesapal, its own IPN lost (the listener is not told): then the flood comes.
    ipnDown = true;
    try {
      await pesapal.complete(order.gatewayTrackingId!);
    } finally {
      ipnDown = false;
    }
    expect((await t.db.select().from(orders).where(eq(orders.id, order.id)))[0]!.status).toBe("pending");
    pesapal.setDelay(150);
    const before = statusCalls();
    let answers: number[];
    try {
      answers = await Promise.all(
        Array.from({ length: 100 }, () => forgedIpn(order.gatewayTrackingId!, order.merchantReference)),
      );
    } finally {
      pesapal.setDelay(0);
    }
    expect(statusCalls() - before).toBeLessThanOrEqual(2);
    // The one that asked is acknowledged; the ones that shared its answer are asked to be sent again.
    expect(answers.filter((a) => a === 200).length).toBeGreaterThanOrEqual(1);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe("completed");
    const completions = await t.db.select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(completions.filter((h) => h.toStatus === "completed")).toHaveLength(1);
  });

  it(`IPNs naming 50 different orders never have more than ${IPN_GATEWAY_CALLS_LIMIT} status calls in flight`, async () => {
    const fifty: Awaited<ReturnType<typeof newOrder>>[] = [];
    for (let i = 0; i < 50; i++) fifty.push(await newOrder());
    ipnCallsPeak(true);
    // Pesapal holds every status call until all 50 IPNs are either answered or waiting on it, so the count of
    // calls in flight does not depend on how fast this machine is.
    const slowPesapal = pesapal.holdRequests(STATUS_PATH);
    const before = statusCalls();
    let answered = 0;
    let answers: number[];
    try {
      const all = Promise.all(
        fifty.map((o) => forgedIpn(o.gatewayTrackingId!, o.merchantReference).finally(() => answered++)),
      );
      await vi.waitFor(() => expect(answered + slowPesapal.waiting()).toBe(50), { timeout: 30_000, interval: 20 });
      expect(slowPesapal.waiting()).toBeGreaterThanOrEqual(1);
      expect(slowPesapal.waiting()).toBeLessThanOrEqual(IPN_GATEWAY_CALLS_LIMIT);
      slowPesapal.release();
      answers = await all;
    } finally {
      slowPesapal.release();
    }
    const calls = statusCalls() - before;
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(IPN_GATEWAY_CALLS_LIMIT);
    expect(ipnCallsPeak()).toBeLessThanOrEqual(IPN_GATEWAY_CALLS_LIMIT);
    // Over the bound: answered 500 at once (Pesapal sends it again) and the order is checked within a minute.
    expect(answers.every((a) => a === 500)).toBe(true);
    const rows = await t.db.select().from(orders);
    const waiting = rows.filter((r) => fifty.some((o) => o.id === r.id));
    expect(waiting.every((r) => r.status === "pending")).toBe(true);
    expect(waiting.every((r) => r.nextStatusCheckAt!.getTime() <= Date.now() + 60_000)).toBe(true);
  });

  it("50 parallel RECURRING notifications of one charge cost one or two status calls and record it once", async () => {
    // A card schedule set up outside this shop (its account number names no agreement of ours); its charge's own
    // notification is lost, then 50 copies come at once.
    const accountNumber = `NR-FLOOD${randomUUID().replace(/-/g, "").slice(0, 16).toUpperCase()}`;
    const foreign = await (
      await getPesapal()
    ).submitOrder({
      merchantReference: `FOREIGN-${randomUUID().slice(0, 8)}`,
      amountCents: 50000,
      currency: "KES",
      description: "Not a Nuru order",
      callbackUrl: "http://127.0.0.1/return",
      notificationId: await ensureIpnId(),
      billingAddress: { emailAddress: "someone@example.test" },
      accountNumber,
    });
    ipnDown = true;
    let trackingId: string;
    try {
      await pesapal.completeWithRecurring(foreign.orderTrackingId);
      ({ trackingId } = await pesapal.chargeRecurring(accountNumber));
    } finally {
      ipnDown = false;
    }
    pesapal.setDelay(150);
    const before = statusCalls();
    let answers: number[];
    try {
      answers = await Promise.all(Array.from({ length: 50 }, () => recurringIpn(trackingId, accountNumber)));
    } finally {
      pesapal.setDelay(0);
    }
    expect(statusCalls() - before).toBeGreaterThanOrEqual(1);
    expect(statusCalls() - before).toBeLessThanOrEqual(2);
    // Held for review and never acknowledged: Pesapal keeps sending it until a person has dealt with it.
    expect(answers.every((a) => a === 500)).toBe(true);
    const held = await t.db.select().from(cardRenewalEvents).where(eq(cardRenewalEvents.gatewayTrackingId, trackingId));
    expect(held).toHaveLength(1);
  });

  it("a status call Pesapal does not answer is counted for the admins' alert, and the IPN is asked again", async () => {
    const order = await newOrder();
    const counted = async () =>
      (await t.db.select().from(gatewayFailureHours)).reduce((total, row) => total + row.failures, 0);
    const before = await counted();
    // The client asks three times (two retries of a 5xx); all three fail.
    pesapal.failNext(STATUS_PATH, 3, 503);
    expect(await forgedIpn(order.gatewayTrackingId!, order.merchantReference)).toBe(500);
    expect(await counted()).toBe(before + 1);
    const rows = await t.db.select().from(gatewayFailureHours);
    expect(rows.map((r) => r.lastError)).toContain("GetTransactionStatus: PESAPAL_UNAVAILABLE");
  });

  it("a genuine IPN that comes while a recent 'not paid' answer is reused is answered 500, and its resend completes the order", async () => {
    const order = await newOrder();
    // A forged IPN: Pesapal says "not paid yet", and that answer is kept for a few seconds.
    expect(await forgedIpn(order.gatewayTrackingId!, order.merchantReference)).toBe(500);
    const deliveries = pesapal.ipnDeliveries.length;
    // The buyer pays: Pesapal's own IPN arrives within the reuse window.
    await pesapal.complete(order.gatewayTrackingId!);
    expect(pesapal.ipnDeliveries.slice(deliveries)).toMatchObject([
      { trackingId: order.gatewayTrackingId, acknowledged: false },
    ]);
    const [waiting] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(waiting!.status).toBe("pending");
    // Pesapal sends it again later: asked afresh, the payment completes the order, and the resend is acknowledged.
    // The clock moves past the reuse window instead of the test waiting for it (timers stay real).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + NOT_PAID_REUSE_MS + 100 });
    try {
      const [resend] = await pesapal.repeatIpn(order.gatewayTrackingId!);
      expect(resend).toMatchObject({ acknowledged: true });
    } finally {
      vi.useRealTimers();
    }
    const [paid] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.status).toBe("completed");
  });
});
