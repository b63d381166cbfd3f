// Checkout's rules against a real database and the Pesapal stand-in: prices locked in, refusals, plan ebook
// unlocks and free trials spent once even when asked twice at the same moment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  formerAllowances,
  orders,
  profiles,
  subscriptionEbookUnlocks,
  subscriptionPlans,
  userSubscriptions,
  users,
} from "~/db/schema";
import { createEbook, createPlan, createPricingData, createPurchase, createSubscription } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { isCheckoutError } from "~/modules/orders/checkout-errors";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { hasUsedTrial, startFreeTrial } from "~/modules/membership/free-trial.server";
import { deleteAccount } from "~/modules/privacy/account-deletion.server";
import { addressHash } from "~/modules/orders/former-allowances.server";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { ebookAccess } from "~/modules/access/policy";
import { latestOutboxMailTo } from "~/stand-ins/dev-outbox.server";

let t: TestDatabase;
let pesapal: PesapalStandIn;
const plans = new Map<string, string>();
let books: string[];

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) plans.set(plan.slug, (await createPlan(t.db, plan)).id);
  books = await Promise.all(
    [1, 2, 3].map(async (n) => (await createEbook(t.db, { accessType: "premium", priceCents: 29900 + n })).id),
  );
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
});
afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `rules-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Njoki M", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Njoki Mwangi", role: "guest" });
  return { id, email, fullName: "Njoki Mwangi", role: "guest" as const };
}

async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
  } catch (error) {
    if (isCheckoutError(error)) return error.code;
    throw error;
  }
  return "no refusal";
}

async function paid(buyer: Awaited<ReturnType<typeof reader>>, slug: string) {
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE" });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await pesapal.complete(order.gatewayTrackingId!);
  await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
  return order;
}

describe(`checkout rules (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("locks a US visitor's price into the order (2.5x in KES, dollars shown) and sends Pesapal that KES amount", async () => {
    const buyer = await reader();
    const { orderId, redirectUrl } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "US",
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({
      amountCents: 125000,
      currency: "KES",
      basePriceCents: 50000,
      countryCode: "US",
      markupPercentage: "150.00",
      exchangeRate: "0.00800000",
      displayCurrency: "USD",
      displayAmount: 1000,
      status: "pending",
      gateway: "pesapal",
    });
    expect(order.merchantReference).toMatch(/^NURU-[0-9A-F]{24}$/);
    expect(redirectUrl).toBe(order.redirectUrl);
    expect(pesapal.getOrder(order.gatewayTrackingId!)).toMatchObject({ amountCents: 125000, currency: "KES" });
    // Asked again (a double click, the back button): the same order, not a second one.
    const again = await startCheckout({ buyer, item: { kind: "plan", slug: "standard" }, countryCode: "US" });
    expect(again.orderId).toBe(orderId);
  });

  it("records the charging country's evidence on the order: its source and the country she had picked", async () => {
    const buyer = await reader();
    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "premium" },
      countryCode: "US",
      countryEvidence: { source: "cdn", picked: "KE" },
    });
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // The US price (2.5 x KSh 1,500), not Kenya's, with the evidence beside it.
    expect(order).toMatchObject({
      amountCents: 375000,
      countryCode: "US",
      countrySource: "cdn",
      pickedCountryCode: "KE",
    });
    expect(pesapal.getOrder(order.gatewayTrackingId!)).toMatchObject({ amountCents: 375000 });
  });

  it("a paid plan makes her a subscriber with a receipt; a third plan or an owned ebook is refused", async () => {
    const buyer = await reader();
    await paid(buyer, "basic");
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, buyer.id));
    expect(profile.role).toBe("subscriber");
    const receipt = await latestOutboxMailTo(t.db, buyer.email);
    expect(receipt?.subject).toBe("Your Nuru receipt: the Basic plan (2 months)");
    expect(receipt?.text).toContain("KSh\u00a0250.00");
    // Another plan while one runs is a renewal (ADR 015), queued behind it; a further one waits until that starts.
    await paid(buyer, "premium");
    expect(await refusal(startCheckout({ buyer, item: { kind: "plan", slug: "standard" }, countryCode: "KE" }))).toBe(
      "RENEWAL_QUEUED",
    );
    await createPurchase(t.db, { userId: buyer.id, ebookId: books[0] });
    expect(await refusal(startCheckout({ buyer, item: { kind: "ebook", id: books[0] }, countryCode: "KE" }))).toBe(
      "ALREADY_OWNED",
    );
    expect(await refusal(startCheckout({ buyer, item: { kind: "plan", slug: "gold" }, countryCode: "KE" }))).toBe(
      "ITEM_NOT_FOUND",
    );
  });

  it("spends a plan's ebook once however many confirmations arrive, and refuses past the allowance", async () => {
    const buyer = await reader();
    await createSubscription(t.db, {
      userId: buyer.id,
      planId: plans.get("standard")!,
      startDate: new Date(),
      endDate: new Date(Date.now() + 86_400_000),
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => unlockEbookWithPlan({ userId: buyer.id, ebookId: books[0] })),
    );
    expect(results.filter((r) => r === "unlocked")).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(subscriptionEbookUnlocks)
      .where(eq(subscriptionEbookUnlocks.userId, buyer.id));
    expect(rows).toHaveLength(1);
    // Two titles at once with one left: one is unlocked, the other refused.
    const [a, b] = await Promise.allSettled([
      unlockEbookWithPlan({ userId: buyer.id, ebookId: books[1] }),
      unlockEbookWithPlan({ userId: buyer.id, ebookId: books[2] }),
    ]);
    expect([a.status, b.status].sort()).toEqual(["fulfilled", "rejected"]);
    const viewer = await loadViewer({ id: buyer.id, role: "subscriber" });
    expect(viewer.unlockedEbookIds.size).toBe(2);
    const locked = books.find((id) => !viewer.unlockedEbookIds.has(id))!;
    expect(ebookAccess(viewer, { id: locked, accessType: "premium" })).toBe("purchase");
    expect(await refusal(unlockEbookWithPlan({ userId: buyer.id, ebookId: locked }))).toBe("ALLOWANCE_SPENT");
  });

  it("refuses an unlock without an active plan", async () => {
    const buyer = await reader();
    expect(await refusal(unlockEbookWithPlan({ userId: buyer.id, ebookId: books[0] }))).toBe("NOT_UNLOCKABLE");
  });

  it("gives a free trial once per account, even to two requests at the same moment", async () => {
    const buyer = await reader();
    const [first, second] = await Promise.allSettled([
      startFreeTrial({ userId: buyer.id, planSlug: "basic" }),
      startFreeTrial({ userId: buyer.id, planSlug: "basic" }),
    ]);
    expect([first.status, second.status].sort()).toEqual(["fulfilled", "rejected"]);
    const trials = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, buyer.id));
    expect(trials).toHaveLength(1);
    expect(trials[0]).toMatchObject({ isTrial: true, status: "active", orderId: null });
    const days = (trials[0].endDate!.getTime() - trials[0].startDate.getTime()) / 86_400_000;
    expect(days).toBe(7);
    // Ended early: still used.
    await t.db.update(userSubscriptions).set({ status: "expired" }).where(eq(userSubscriptions.userId, buyer.id));
    expect(await refusal(startFreeTrial({ userId: buyer.id, planSlug: "basic" }))).toBe("TRIAL_USED");
    expect(await refusal(startFreeTrial({ userId: buyer.id, planSlug: "standard" }))).toBe("TRIAL_UNAVAILABLE");
    const [basic] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
    expect(basic.trialDays).toBe(7);
  });

  it("keeps the free trial used across a deleted account: the same address signing up again gets no second trial (issue 46 item 5)", async () => {
    const first = await reader();
    await startFreeTrial({ userId: first.id, planSlug: "basic" });
    expect(await deleteAccount(first.id, { word: "DELETE" })).toMatchObject({ ok: true });
    // What is kept says nothing of her: a keyed hash of the address, the allowance and a count.
    const kept = await t.db.select().from(formerAllowances).where(eq(formerAllowances.allowance, "trial"));
    expect(kept.some((row) => row.addressHash === addressHash(first.email))).toBe(true);
    expect(JSON.stringify(kept)).not.toContain(first.email);
    // She signs up again with the same address (another case of letters): no second trial.
    const againId = randomUUID();
    const again = first.email.toUpperCase();
    await t.db.insert(users).values({ id: againId, name: "Njoki M", email: again, emailVerified: true, role: "user" });
    await t.db.insert(profiles).values({ id: againId, email: again, fullName: "Njoki Mwangi", role: "guest" });
    expect(await hasUsedTrial(againId)).toBe(true);
    expect(await refusal(startFreeTrial({ userId: againId, planSlug: "basic" }))).toBe("TRIAL_USED");
    // Another address still has its trial.
    const other = await reader();
    expect(await hasUsedTrial(other.id)).toBe(false);
    await startFreeTrial({ userId: other.id, planSlug: "basic" });
  });

  it("lets a reader on a free trial buy a plan, whose paid months start when the trial ends", async () => {
    const buyer = await reader();
    const { endDate: trialEnd } = await startFreeTrial({ userId: buyer.id, planSlug: "basic" });
    await paid(buyer, "premium");
    const rows = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.userId, buyer.id));
    // The trial runs on; the paid plan is its own row, queued to start when the trial ends (ADR 015).
    expect(rows.filter((r) => r.status === "active").map((r) => r.isTrial)).toEqual([true]);
    const queued = rows.filter((r) => r.status === "scheduled");
    expect(queued).toHaveLength(1);
    expect(queued[0].isTrial).toBe(false);
    expect(queued[0].planId).toBe(plans.get("premium"));
    expect(queued[0].startDate.getTime()).toBe(trialEnd.getTime());
    const active = queued;
    // Premium is 3 months, counted from the trial's end.
    const expected = new Date(trialEnd);
    expected.setUTCMonth(expected.getUTCMonth() + 3);
    expect(Math.abs(active[0].endDate!.getTime() - expected.getTime())).toBeLessThan(3 * 86_400_000);
    expect(active[0].endDate!.getTime()).toBeGreaterThan(trialEnd.getTime() + 85 * 86_400_000);
  });
});
