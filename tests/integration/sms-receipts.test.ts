// SMS receipts (issue 49 item 5, ADR 044) on a real database (PGlite and PostgreSQL): queued in the transaction that
// grants an M-Pesa order with a receipt number, once per order however many callbacks come; sent through the shop's
// Africa's Talking client over HTTP to the AT stand-in; retried after a transient failure; a 406 (blacklisted) and a
// 403 recorded and never retried; the stand-in's delivery report, posted to our callback route, updates the status.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { orders, payments, smsMessages } from "~/db/schema";
import { createEbook, createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import {
  startAfricasTalkingStandIn,
  STAND_IN_NUMBERS,
  type AfricasTalkingStandIn,
} from "~/stand-ins/sms-stand-in.server";
import { createAfricasTalkingSender } from "~/modules/sms/africas-talking.server";
import { claimSms, processSmsQueue, setSmsAutoDrain } from "~/modules/sms/sms-queue.server";
import { deliveryReportSecret, DELIVERY_REPORT_PATH, useSmsSender } from "~/modules/sms/sms-config.server";
import { orderOfReceiptLink } from "~/modules/sms/sms-reads.server";
import { isGsm7Basic } from "~/modules/sms/gsm7";
import { action as deliveryReportAction } from "~/routes/api-sms-delivery-reports";
import type { SmsSender } from "~/modules/sms/sms-sender";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let at: AfricasTalkingStandIn;
let callbackServer: Server;
let sender: SmsSender;
let bookId: string;
const EBOOK_TITLE = "Living With Endometriosis";

/** Our delivery-report route, served over HTTP so the stand-in posts to it as AT would. */
async function startCallbackServer(): Promise<string> {
  callbackServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = `http://127.0.0.1${req.url}`;
      const secret = decodeURIComponent(url.split("/").pop() ?? "");
      const request = new Request(url, {
        method: "POST",
        headers: { "content-type": String(req.headers["content-type"] ?? "") },
        body: Buffer.concat(chunks),
      });
      (deliveryReportAction({ request, params: { secret } } as never) as Promise<Response>)
        .then(async (r) => res.writeHead(r.status).end(await r.text()))
        .catch((e: unknown) => res.writeHead(e instanceof Response ? e.status : 500).end());
    });
  });
  await new Promise<void>((r) => callbackServer.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(callbackServer.address() as AddressInfo).port}${DELIVERY_REPORT_PATH}/${deliveryReportSecret()}`;
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  bookId = (await createEbook(t.db, { accessType: "premium", priceCents: 45_000, title: EBOOK_TITLE })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  const callbackUrl = await startCallbackServer();
  at = await startAfricasTalkingStandIn({
    username: "nuru",
    apiKey: "at-key",
    callbackUrl,
    reportDelayMs: 50,
    slowMs: 1500,
  });
  sender = createAfricasTalkingSender({
    baseUrl: at.url,
    username: "nuru",
    apiKey: "at-key",
    senderId: "NURU",
    timeoutMs: 500,
  });
  useSmsSender(sender);
  setSmsAutoDrain(false);
});

afterAll(async () => {
  useSmsSender(undefined);
  setSmsAutoDrain(true);
  configurePesapal(undefined);
  await pesapal?.close();
  await at?.close();
  await new Promise((r) => callbackServer?.close(r));
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

beforeEach(async () => {
  // Each test drains only its own rows: earlier tests' leftovers are finished.
  await t.db.update(smsMessages).set({ status: "failed" }).where(eq(smsMessages.status, "queued"));
});

async function checkedOut(item: CheckoutItem, receiptPhone: string | null) {
  const buyer = await createUser(t.db, { email: `sms-${randomUUID()}@nuru.test`, password: null });
  const { orderId } = await startCheckout({ buyer, item, countryCode: "KE" });
  // The M-Pesa checkout sets this when she asks for an SMS receipt (the Daraja work); set here as it would.
  await t.db.update(orders).set({ receiptPhone }).where(eq(orders.id, orderId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

async function pay(order: typeof orders.$inferSelect, method: "mpesa" | "card" = "mpesa") {
  await pesapal.complete(order.gatewayTrackingId!, method);
  const result = await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback" });
  expect(result).toMatchObject({ status: "completed" });
}

const smsOf = (orderId: string) => t.db.select().from(smsMessages).where(eq(smsMessages.orderId, orderId));

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("queueing with the grant", () => {
  it("queues one SMS for an M-Pesa grant however many callbacks, IPNs and checks follow", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, "254712345678");
    await pay(order);
    await Promise.all([
      verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback" }),
      verifyPayment({ trackingId: order.gatewayTrackingId!, source: "ipn" }),
      verifyPayment({ trackingId: order.gatewayTrackingId!, source: "poll" }),
    ]);
    const rows = await smsOf(order.id);
    expect(rows).toHaveLength(1);
    const [done] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    const [payment] = await t.db.select().from(payments).where(eq(payments.orderId, order.id));
    const sms = rows[0];
    expect(sms).toMatchObject({ to: "254712345678", status: "queued", attempts: 0 });
    expect(sms.body.length).toBeLessThanOrEqual(160);
    expect(isGsm7Basic(sms.body)).toBe(true);
    expect(sms.body).toContain(`M-Pesa ${payment.confirmationCode}`);
    expect(sms.body).toContain(`Receipt ${done.receiptNumber}:`);
    expect(sms.body).toMatch(/^Nuru: Paid KES 450, M-Pesa [A-Z0-9]+\. Ebook\. Receipt /);
    expect(sms.body).toContain(`/r/${sms.linkToken}`);
    // Health topics are private: never the ebook's title, nor any word of it.
    for (const word of EBOOK_TITLE.split(" ")) expect(sms.body).not.toContain(word);
  });

  it("names a plan in its generic words and says until when", async () => {
    const order = await checkedOut({ kind: "plan", slug: "week-pass" }, "254112345678");
    await pay(order);
    const [sms] = await smsOf(order.id);
    expect(sms.body).toMatch(/7-day pass until \d{1,2} [A-Z][a-z]{2} \d{4}\. Receipt NURU-/);
  });

  it("sends nothing for a card payment, nor for M-Pesa without a number for receipts", async () => {
    const card = await checkedOut({ kind: "ebook", id: bookId }, "254712345679");
    await pay(card, "card");
    const noPhone = await checkedOut({ kind: "ebook", id: bookId }, null);
    await pay(noPhone);
    expect(await smsOf(card.id)).toHaveLength(0);
    expect(await smsOf(noPhone.id)).toHaveLength(0);
  });

  it("links the short receipt link to the order, and nothing to a forged token", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, "254712345680");
    await pay(order);
    const [sms] = await smsOf(order.id);
    expect(await orderOfReceiptLink(sms.linkToken)).toBe(order.id);
    const forged = `${sms.linkToken.slice(0, 8)}${sms.linkToken.slice(8) === "AAAAAA" ? "BBBBBB" : "AAAAAA"}`;
    expect(await orderOfReceiptLink(forged)).toBeNull();
    expect(await orderOfReceiptLink("not-a-token")).toBeNull();
  });
});

describe("sending", () => {
  it("sends through AT over HTTP, records id and cost, and the delivery report marks it delivered", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, "254712345681");
    await pay(order);
    const run = await processSmsQueue({ sender });
    expect(run).toMatchObject({ claimed: 1, sent: 1 });
    const [sent] = await smsOf(order.id);
    expect(sent).toMatchObject({
      status: "sent",
      providerStatusCode: 101,
      providerStatus: "Success",
      cost: "KES 0.8000",
    });
    expect(sent.providerMessageId).toMatch(/^ATXid_/);
    const taken = at.outbox().find((m) => m.messageId === sent.providerMessageId)!;
    expect(taken).toMatchObject({ to: "254712345681", from: "NURU", body: sent.body });
    const delivered = await waitFor(
      async () => (await smsOf(order.id))[0],
      (r) => r.deliveryStatus !== null,
    );
    expect(delivered).toMatchObject({ deliveryStatus: "Success", deliveryFailureReason: null });
    expect(delivered.deliveredAt).not.toBeNull();
    // The stand-in saw our route answer its report 200.
    const answered = await waitFor(
      async () => at.outbox().find((m) => m.messageId === sent.providerMessageId)!.reportAnswer,
      (a) => a !== null,
    );
    expect(answered).toBe("HTTP 200");
  });

  it("records a failed delivery report (absent subscriber)", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, STAND_IN_NUMBERS.absent);
    await pay(order);
    await processSmsQueue({ sender });
    const row = await waitFor(
      async () => (await smsOf(order.id))[0],
      (r) => r.deliveryStatus !== null,
    );
    expect(row).toMatchObject({ status: "sent", deliveryStatus: "Failed", deliveryFailureReason: "AbsentSubscriber" });
  });

  it("turns away a delivery report without the secret, and leaves the message as it was", async () => {
    const request = new Request("http://127.0.0.1/api/sms/delivery-reports/wrong", {
      method: "POST",
      body: new URLSearchParams({ id: "ATXid_x", status: "Failed" }),
    });
    const answer = await (
      deliveryReportAction({ request, params: { secret: "wrong" } } as never) as Promise<Response>
    ).catch((e: unknown) => e as Response);
    expect((answer as { init?: { status: number }; status?: number }).init?.status ?? (answer as Response).status).toBe(
      404,
    );
  });

  it("retries a failed request with backoff, then sends it once", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, "254712345682");
    await pay(order);
    at.failNext(1);
    const now = new Date();
    expect(await processSmsQueue({ sender, now })).toMatchObject({ claimed: 1, retrying: 1 });
    const [waiting] = await smsOf(order.id);
    expect(waiting).toMatchObject({ status: "queued", attempts: 1, providerStatusCode: 500 });
    expect(waiting.lastError).toContain("HTTP 500");
    expect(waiting.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);
    // Not before its time.
    expect(await processSmsQueue({ sender, now: new Date(now.getTime() + 30_000) })).toMatchObject({ claimed: 0 });
    expect(await processSmsQueue({ sender, now: new Date(now.getTime() + 61_000) })).toMatchObject({ sent: 1 });
    const [sent] = await smsOf(order.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
    expect(at.outbox().filter((m) => m.to === "254712345682")).toHaveLength(1);
  });

  it("retries a request that gets no answer in time", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, STAND_IN_NUMBERS.slow);
    await pay(order);
    expect(await processSmsQueue({ sender })).toMatchObject({ retrying: 1 });
    const [row] = await smsOf(order.id);
    expect(row).toMatchObject({ status: "queued", lastError: "no answer in time" });
  });

  it("gives up after the last attempt on a number the provider always fails", async () => {
    const order = await checkedOut({ kind: "ebook", id: bookId }, STAND_IN_NUMBERS.serverError);
    await pay(order);
    let now = new Date();
    for (let i = 0; i < 6; i += 1) {
      await processSmsQueue({ sender, now });
      now = new Date(now.getTime() + 5 * 60 * 60_000);
    }
    const [row] = await smsOf(order.id);
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    expect(await processSmsQueue({ sender, now })).toMatchObject({ claimed: 0 });
  });

  it("records 406 UserInBlacklist and 403 InvalidPhoneNumber and never retries them", async () => {
    const blacklisted = await checkedOut({ kind: "ebook", id: bookId }, STAND_IN_NUMBERS.blacklisted);
    const invalid = await checkedOut({ kind: "ebook", id: bookId }, STAND_IN_NUMBERS.invalid);
    await pay(blacklisted);
    await pay(invalid);
    expect(await processSmsQueue({ sender })).toMatchObject({ claimed: 2, rejected: 2 });
    expect((await smsOf(blacklisted.id))[0]).toMatchObject({
      status: "rejected",
      providerStatusCode: 406,
      providerStatus: "UserInBlacklist",
      attempts: 1,
    });
    expect((await smsOf(invalid.id))[0]).toMatchObject({ status: "rejected", providerStatusCode: 403 });
    const requests = at.requests();
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    expect(await processSmsQueue({ sender, now: later })).toMatchObject({ claimed: 0 });
    expect(at.requests()).toBe(requests);
  });

  it("lets two workers claim at once without sending any message twice", async () => {
    const bought = await Promise.all(
      Array.from({ length: 6 }, (_, i) => checkedOut({ kind: "ebook", id: bookId }, `25472000010${i}`)),
    );
    for (const order of bought) await pay(order);
    const now = new Date();
    const [a, b] = await Promise.all([claimSms(t.db, 6, now), claimSms(t.db, 6, now)]);
    expect(new Set([...a, ...b].map((r) => r.id)).size).toBe(a.length + b.length);
    // What they claimed goes back to the queue (their claims ran out), and two drains send each one once.
    await t.db.update(smsMessages).set({ status: "queued" }).where(eq(smsMessages.status, "sending"));
    await Promise.all([processSmsQueue({ sender, batchSize: 3 }), processSmsQueue({ sender, batchSize: 3 })]);
    await processSmsQueue({ sender });
    for (const order of bought) {
      const number = order.receiptPhone!;
      expect(at.outbox().filter((m) => m.to === number)).toHaveLength(1);
    }
  });
});
