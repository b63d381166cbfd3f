// Money integrity, randomized: the real checkout, the real Pesapal client and the stand-in over HTTP, IPNs over
// HTTP to the real IPN handler, and every order of events a gateway and a browser can produce. After each sequence:
// no access without a verified COMPLETED for the order's amount and currency, at most one grant per order, a
// reversal takes access back, and the status history explains the final state.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { ebookPurchases, orders, orderStatusHistory, payments, userSubscriptions } from "~/db/schema";
import { createEbook, createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/commerce/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/commerce/checkout.server";
import { configurePesapal } from "~/modules/commerce/payment-gateway.server";
import { verifyPayment } from "~/modules/commerce/payment-verification.server";
import { answerIpn, readIpnRequest } from "~/modules/commerce/ipn.server";
import { checkPendingOrders } from "~/modules/commerce/pending-orders.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/modules/commerce/pesapal/stand-in.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { reconcile } from "~/modules/commerce/reconciliation.server";
import { revenueCents } from "~/modules/commerce/revenue.server";
import { refundOrder } from "~/modules/commerce/refunds.server";
import { createUser } from "~/db/seed/factories";
import { canReadEbook, hasActiveSubscription } from "~/modules/access/policy";

const target = process.env.DB_TARGET ?? "pglite";
// 1,000 on PGlite (the floor); the PostgreSQL run repeats a shorter walk and the full concurrent part.
const SEQUENCES = Number(process.env.PAYMENT_SEQUENCES ?? (target === "postgres" ? 200 : 1000));
const SEED = Number(process.env.PAYMENT_SEED ?? Date.now() % 1_000_000);

let t: TestDatabase;
let pesapal: PesapalStandIn;
let ipnServer: Server;
let ipnsHandled = 0;
/** While true the shop is "down" for Pesapal's IPNs: they are lost. */
let ipnDown = false;
let ebookIds: string[] = [];
/** Orders a test settled with a clock ahead of real time: a later real-time refund would sort before that step. */
const settledAhead = new Set<string>();

/** mulberry32: a small seeded PRNG, so a failing run can be repeated with PAYMENT_SEED. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** The shop's IPN route in miniature: Pesapal's request -> the real handler -> its answer. */
async function startIpnListener() {
  ipnServer = createServer(async (req, res) => {
    if (ipnDown) {
      res.writeHead(503).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : body,
    });
    const answer = await answerIpn(await readIpnRequest(request));
    ipnsHandled++;
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  // Mismatches and unreachable gateways are logged on purpose; thousands of them would bury the test output.
  vi.spyOn(console, "warn").mockImplementation(() => {});
  // Before anything reads the configuration: the IPN URL Pesapal is given is this test's listener.
  process.env.PUBLIC_URL = await startIpnListener();
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  ebookIds = await Promise.all(
    [29900, 45050].map(async (priceCents) => (await createEbook(t.db, { accessType: "premium", priceCents })).id),
  );
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

/** A reader row without a password (these readers never sign in through a form). */
async function newReader() {
  return createUser(t.db, { email: `integrity-${randomUUID()}@nuru.test`, fullName: "Wanjiru K", password: null });
}

async function orderRow(orderId: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** Whether this order gives its buyer access right now, read the way pages read it. */
async function hasAccessFrom(order: typeof orders.$inferSelect): Promise<boolean> {
  const viewer = await loadViewer({ id: order.userId, role: "guest" });
  return order.kind === "plan"
    ? hasActiveSubscription(viewer)
    : canReadEbook(viewer, { id: order.ebookId!, accessType: "premium" });
}

/** The invariants, checked after every sequence. */
async function expectIntegrity(orderId: string, label: string) {
  const order = await orderRow(orderId);
  const [subs, purchases, verified, history] = await Promise.all([
    t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, orderId)),
    t.db.select().from(ebookPurchases).where(eq(ebookPurchases.orderId, orderId)),
    t.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.orderId, orderId),
          eq(payments.status, "completed"),
          eq(payments.amountCents, order.amountCents),
          eq(payments.currency, order.currency),
        ),
      ),
    t.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
  ]);
  const access = await hasAccessFrom(order);
  // At most one grant per order.
  expect(subs.length + purchases.length, `${label}: grants`).toBeLessThanOrEqual(1);
  // No access without a verified COMPLETED payment for exactly the order's amount and currency.
  if (access) {
    // A partial card refund keeps access (ADR 018); a full one ends it.
    expect(["completed", "partially_refunded"], `${label}: access needs a completed order`).toContain(order.status);
    expect(verified.length, `${label}: access needs a verified matching payment`).toBeGreaterThan(0);
  }
  // A completed order did grant; anything else holds no live grant.
  if (order.status === "completed") expect(access, `${label}: completed grants`).toBe(true);
  if (["reversed", "review", "failed", "refunded"].includes(order.status)) {
    expect(access, `${label}: ${order.status} gives no access`).toBe(false);
  }
  if (order.status === "review") expect(subs.length + purchases.length, `${label}: review grants nothing`).toBe(0);
  // The history is one chain from "pending" to the order's status, each step from where the last one ended.
  expect(history[0]).toMatchObject({ fromStatus: null, toStatus: "pending" });
  for (let i = 1; i < history.length; i++) {
    expect(history[i].fromStatus, `${label}: history step ${i}`).toBe(history[i - 1].toStatus);
  }
  expect(history.at(-1)!.toStatus, `${label}: history ends in the status`).toBe(order.status);
  return order;
}

type Step = (ctx: { trackingId: string; reference: string; ownerId: string; random: () => number }) => Promise<void>;

const verify = (ctx: Parameters<Step>[0], source: "callback" | "poll") =>
  verifyPayment({ trackingId: ctx.trackingId, merchantReference: ctx.reference, source, ownerId: ctx.ownerId });
const ipn = (ctx: Parameters<Step>[0]) =>
  answerIpn({
    OrderTrackingId: ctx.trackingId,
    OrderMerchantReference: ctx.reference,
    OrderNotificationType: "IPNCHANGE",
  });

const STEPS: Record<string, Step> = {
  async complete(ctx) {
    if (pesapal.getOrder(ctx.trackingId)?.state === "pending") {
      await pesapal.complete(ctx.trackingId, ctx.random() < 0.5 ? "mpesa" : "card");
    }
  },
  // The gateway settles but its IPN is lost: only a callback or poll will tell the shop.
  async completeIpnLost(ctx) {
    if (pesapal.getOrder(ctx.trackingId)?.state !== "pending") return;
    ipnDown = true;
    try {
      await pesapal.complete(ctx.trackingId);
    } finally {
      ipnDown = false;
    }
  },
  async fail(ctx) {
    if (pesapal.getOrder(ctx.trackingId)?.state === "pending") await pesapal.fail(ctx.trackingId);
  },
  async reverse(ctx) {
    if (pesapal.getOrder(ctx.trackingId)?.state === "completed") await pesapal.reverse(ctx.trackingId);
  },
  async repeatIpn(ctx) {
    await pesapal.repeatIpn(ctx.trackingId);
  },
  async callback(ctx) {
    expect((await verify(ctx, "callback")).kind).not.toBe("unknown");
  },
  async poll(ctx) {
    await verify(ctx, "poll");
  },
  async ipn(ctx) {
    const answer = ((await (await ipn(ctx)).json()) as { status: number }).status;
    // Still unpaid at Pesapal -> Pesapal is asked to send it again; anything else is received and processed.
    const [order] = await t.db.select().from(orders).where(eq(orders.gatewayTrackingId, ctx.trackingId));
    expect(answer).toBe(order!.status === "pending" ? 500 : 200);
  },
  async burst(ctx) {
    const n = 2 + Math.floor(ctx.random() * 4);
    await Promise.all(
      Array.from({ length: n }, (_, i) => (i % 2 === 0 ? verify(ctx, "callback") : ipn(ctx).then((r) => r.json()))),
    );
  },
  async forged(ctx) {
    const forgedId = randomUUID();
    expect((await verifyPayment({ trackingId: forgedId, source: "callback", ownerId: ctx.ownerId })).kind).toBe(
      "unknown",
    );
    const answer = (await (
      await answerIpn({ OrderTrackingId: forgedId, OrderMerchantReference: ctx.reference })
    ).json()) as {
      status: number;
    };
    expect(answer.status).toBe(200);
    // A real tracking id with another order's reference is not this order either.
    expect(
      (await verifyPayment({ trackingId: ctx.trackingId, merchantReference: "NURU-OTHER", source: "callback" })).kind,
    ).toBe("unknown");
  },
  async otherReader(ctx) {
    const before = await t.db.select().from(orders).where(eq(orders.gatewayTrackingId, ctx.trackingId));
    const result = await verifyPayment({ trackingId: ctx.trackingId, source: "callback", ownerId: randomUUID() });
    expect(result.kind).toBe("unknown");
    const after = await t.db.select().from(orders).where(eq(orders.gatewayTrackingId, ctx.trackingId));
    expect(after[0].status).toBe(before[0].status);
  },
  async tamper(ctx) {
    const roll = ctx.random();
    const order = pesapal.getOrder(ctx.trackingId)!;
    if (roll < 0.4) pesapal.setAmountForNextStatus(order.amountCents - 100, undefined, ctx.trackingId);
    else if (roll < 0.7) pesapal.setAmountForNextStatus(order.amountCents + 5, undefined, ctx.trackingId);
    else pesapal.setAmountForNextStatus(order.amountCents, "USD", ctx.trackingId);
    await verify(ctx, "callback");
  },
};
const STEP_NAMES = Object.keys(STEPS);
// Payments mostly complete: weight the gateway's own moves up so every final state is common.
const WEIGHTED = [...STEP_NAMES, "complete", "completeIpnLost", "tamper", "callback", "ipn", "reverse"];

function pickItem(random: () => number): CheckoutItem {
  const roll = random();
  if (roll < 0.6) return { kind: "plan", slug: PLAN_CATALOGUE[Math.floor(random() * 3)].slug };
  return { kind: "ebook", id: ebookIds[Math.floor(random() * ebookIds.length)] };
}

describe(`payment integrity, randomized (${target}, seed ${SEED})`, () => {
  it("an IPN that comes before Pesapal's status shows the payment asks to be sent again, and the order is checked within a minute", async () => {
    const reader = await newReader();
    const { orderId } = await startCheckout({
      buyer: reader,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
    });
    const created = await orderRow(orderId);
    const trackingId = created.gatewayTrackingId!;
    // First in the file, so the poll below has no other due orders to get through. The order is a few checks old: the schedule would next ask Pesapal in two hours.
    const now = Date.now();
    await t.db
      .update(orders)
      .set({ statusChecks: 3, nextStatusCheckAt: new Date(now + 2 * 3600_000) })
      .where(eq(orders.id, orderId));
    pesapal.answerNotPaidYet(trackingId);
    const deliveriesBefore = pesapal.ipnDeliveries.length;
    await pesapal.complete(trackingId);
    // Pesapal said 0 when the shop asked: the IPN is answered "not processed" (status 500) and nothing changes yet.
    expect(pesapal.ipnDeliveries.slice(deliveriesBefore)).toMatchObject([{ trackingId, acknowledged: false }]);
    const waiting = await orderRow(orderId);
    expect(waiting.status).toBe("pending");
    expect(waiting.nextStatusCheckAt!.getTime()).toBeLessThanOrEqual(Date.now() + 60_000);
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(false);
    // The check a minute later finds it paid, long before the two hours were up.
    const result = await checkPendingOrders(new Date(now + 61_000));
    settledAhead.add(orderId);
    expect(result.changed).toBeGreaterThanOrEqual(1);
    expect((await expectIntegrity(orderId, "IPN before status")).status).toBe("completed");
    expect(hasActiveSubscription(await loadViewer({ id: reader.id, role: "guest" }))).toBe(true);
    // Pesapal's resend is then acknowledged, and changes nothing twice.
    const [resend] = await pesapal.repeatIpn(trackingId);
    expect(resend).toMatchObject({ acknowledged: true });
  });

  it(
    `holds over ${SEQUENCES} random sequences of gateway, browser and attacker events`,
    { timeout: 600_000 },
    async () => {
      const random = prng(SEED);
      const finals = new Map<string, number>();
      for (let n = 0; n < SEQUENCES; n++) {
        const reader = await newReader();
        const countryCode = ["KE", "US", "NG", "AE"][Math.floor(random() * 4)];
        const { orderId } = await startCheckout({ buyer: reader, item: pickItem(random), countryCode });
        const created = await orderRow(orderId);
        const ctx = {
          trackingId: created.gatewayTrackingId!,
          reference: created.merchantReference,
          ownerId: reader.id,
          random,
        };
        const steps: string[] = [];
        const length = 2 + Math.floor(random() * 6);
        for (let s = 0; s < length; s++) {
          const name = WEIGHTED[Math.floor(random() * WEIGHTED.length)];
          steps.push(name);
          await STEPS[name](ctx);
        }
        // The buyer comes back once more (no tampering outstanding): the order must agree with the gateway.
        pesapal.setAmountForNextStatus(created.amountCents, created.currency, ctx.trackingId);
        await verify(ctx, "poll");
        const label = `seed ${SEED}, sequence ${n} [${steps.join(" ")}]`;
        const order = await expectIntegrity(orderId, label);
        const gateway = pesapal.getOrder(ctx.trackingId)!.state;
        const expected: Record<string, string[]> = {
          pending: ["pending"],
          failed: ["failed"],
          completed: ["completed", "review"],
          reversed: ["reversed"],
        };
        expect(expected[gateway], `${label}: gateway ${gateway}, order ${order.status}`).toContain(order.status);
        finals.set(order.status, (finals.get(order.status) ?? 0) + 1);
      }
      // The random walk reached every outcome (otherwise the test proves less than it says).
      for (const status of ["pending", "completed", "failed", "reversed", "review"]) {
        expect(finals.get(status) ?? 0, `sequences ending ${status}`).toBeGreaterThan(0);
      }
      expect(ipnsHandled).toBeGreaterThan(0);
    },
  );

  it("grants once when many callbacks and IPNs verify the same payment at the same moment", async () => {
    for (let round = 0; round < 10; round++) {
      const reader = await newReader();
      const item: CheckoutItem = round % 2 ? { kind: "plan", slug: "premium" } : { kind: "ebook", id: ebookIds[0] };
      const { orderId } = await startCheckout({ buyer: reader, item, countryCode: "KE" });
      const created = await orderRow(orderId);
      const trackingId = created.gatewayTrackingId!;
      // The gateway settles without telling the shop yet (its IPN is lost), then everyone asks at once.
      ipnDown = true;
      await pesapal.complete(trackingId);
      ipnDown = false;
      expect((await orderRow(orderId)).status).toBe("pending");
      const ctx = { trackingId, reference: created.merchantReference, ownerId: reader.id, random: Math.random };
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          i % 3 === 0 ? verify(ctx, "callback") : i % 3 === 1 ? ipn(ctx).then((r) => r.json()) : verify(ctx, "poll"),
        ),
      );
      const order = await expectIntegrity(orderId, `concurrent round ${round}`);
      expect(order.status).toBe("completed");
      const grants =
        (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, orderId))).length +
        (await t.db.select().from(ebookPurchases).where(eq(ebookPurchases.orderId, orderId))).length;
      expect(grants).toBe(1);
      const completions = await t.db
        .select()
        .from(orderStatusHistory)
        .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatus, "completed")));
      expect(completions).toHaveLength(1);
    }
  });

  it("reconciles with zero differences after the run, and after admins refund some of its payments", async () => {
    const range = { from: "2000-01-01", to: "2100-12-31" };
    const before = await reconcile(range);
    expect(before.differences, JSON.stringify(before.differences.slice(0, 5))).toEqual([]);
    expect(before.payments.length).toBeGreaterThan(0);
    expect(before.totals.netCents).toBe((await revenueCents()).netCents);

    const admin = await loadViewer(
      await createUser(t.db, { email: `integrity-admin-${SEED}@nuru.test`, role: "admin" }),
    );
    const completed = (await t.db.select().from(orders).where(eq(orders.status, "completed")).limit(7))
      .filter((order) => !settledAhead.has(order.id))
      .slice(0, 6);
    let refunded = 0;
    for (const [i, order] of completed.entries()) {
      const [payment] = await t.db
        .select()
        .from(payments)
        .where(and(eq(payments.orderId, order.id), eq(payments.status, "completed")));
      const card = /visa/i.test(payment.paymentMethod ?? "");
      const outcome = await refundOrder(admin, {
        orderId: order.id,
        amount: card && i % 2 === 0 ? Math.max(1, Math.floor(order.amountCents / 3)) : "full",
        reason: "Integrity run refund",
      });
      expect(outcome.kind).toBe("accepted");
      refunded++;
      await expectIntegrity(order.id, `refunded order ${order.merchantReference}`);
    }
    expect(refunded).toBeGreaterThan(0);
    const after = await reconcile(range);
    expect(after.differences, JSON.stringify(after.differences.slice(0, 5))).toEqual([]);
    expect(after.totals.refunds).toBe(refunded);
    expect(after.totals.netCents).toBe(before.totals.netCents - after.totals.refundsCents);
  });
});
