// Gifts (issue 33, ADR 038) against a real database and the Pesapal stand-in: the buyer is never granted, the
// completion racing its IPN and callback makes one paid gift and one claim mail, concurrent claims grant once, a
// refunded or reversed gift cannot be claimed, a claimed gift reversed takes the recipient's plan back, and a dated
// gift is sent by the job on its Nairobi day.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  devOutbox,
  ebookPurchases,
  gifts,
  orders,
  profiles,
  subscriptionPlans,
  userSubscriptions,
  users,
} from "~/db/schema";
import { createEbook, createPlan, createPricingData, createSubscription } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { adminViewer, canReadEbook, hasActiveSubscription, type Viewer } from "~/modules/access/policy";
import {
  claimGift,
  giftDetailsForRetry,
  giftsOfBuyer,
  shareGiftLinkForBuyer,
  listGiftsForAdmin,
  resendGiftForBuyer,
  sendDueGifts,
  viewClaim,
} from "~/modules/membership/gifts.server";
import { giftFormSchema } from "~/modules/membership/gift-form";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let ebookId: string;
let admin: Viewer;
const target = process.env.DB_TARGET ?? "pglite";

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  ebookId = (await createEbook(t.db, { accessType: "premium", priceCents: 45000 })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  const adminUser = await person("admin");
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, adminUser.id));
  admin = await loadViewer({ id: adminUser.id, role: "admin" });
});
afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function person(name = "reader") {
  const id = randomUUID();
  const email = `${name}-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name, email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: `${name} Wanjiru`, role: "guest" });
  return { id, email, fullName: `${name} Wanjiru`, role: "guest" as const };
}

const details = (recipientEmail: string, extra: Record<string, string> = {}) =>
  giftFormSchema.parse({ recipientEmail, note: "Happy birthday, Amani!", ...extra });

async function giftOrder(kind: "plan" | "ebook", recipientEmail: string, extra: Record<string, string> = {}) {
  const buyer = await person("buyer");
  const { orderId } = await startCheckout({
    buyer,
    item: kind === "plan" ? { kind: "plan", slug: "standard" } : { kind: "ebook", id: ebookId },
    countryCode: "KE",
    gift: details(recipientEmail, extra),
  });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { buyer, order, trackingId: order.gatewayTrackingId! };
}

async function mailsTo(email: string) {
  return t.db.select().from(devOutbox).where(eq(devOutbox.to, email));
}

async function claimLink(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const newest = mails.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
  const token = newest?.text.match(/\/gift\/([A-Za-z0-9_-]{43})/)?.[1];
  if (!token) throw new Error(`no claim link in the mail to ${email}`);
  return token;
}

async function paidGift(kind: "plan" | "ebook" = "plan") {
  const recipientEmail = `amani-${randomUUID()}@nuru.test`;
  const made = await giftOrder(kind, recipientEmail);
  await pesapal.complete(made.trackingId, "mpesa", "254712345678", { notify: false });
  await verifyPayment({ trackingId: made.trackingId, source: "callback" });
  return { ...made, recipientEmail, token: await claimLink(recipientEmail) };
}

describe(`gifts (${target})`, () => {
  it("a completion raced by IPN and callback makes one paid gift and one claim mail, and grants the buyer nothing", async () => {
    const recipientEmail = `amani-${randomUUID()}@nuru.test`;
    const { buyer, trackingId, order } = await giftOrder("plan", recipientEmail);
    await pesapal.complete(trackingId, "mpesa", "254712345678", { notify: false });
    const results = await Promise.all([
      verifyPayment({ trackingId, source: "ipn" }),
      verifyPayment({ trackingId, source: "callback" }),
      verifyPayment({ trackingId, source: "poll" }),
    ]);
    expect(results.filter((r) => r.kind === "checked" && r.changed)).toHaveLength(1);
    const rows = await t.db.select().from(gifts).where(eq(gifts.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].status).toBe("unclaimed");
    expect(await mailsTo(recipientEmail)).toHaveLength(1);
    const mail = (await mailsTo(recipientEmail))[0];
    expect(mail.text).toContain("Happy birthday, Amani!");
    expect(mail.text).toContain("Standard plan");
    // The recipient never sees the price.
    expect(mail.text).not.toMatch(/KSh|KES|\d+\.\d\d/);
    expect(hasActiveSubscription(await loadViewer({ id: buyer.id, role: "guest" }))).toBe(false);
    const subs = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, order.id));
    expect(subs).toHaveLength(0);
    // The buyer's receipt says gift.
    const [receipt] = (await mailsTo(buyer.email)).filter((m) => m.subject.includes("receipt"));
    expect(receipt.text).toContain(`a gift for ${recipientEmail}`);
    expect((await giftsOfBuyer(buyer.id)).map((g) => g.statusLabel)).toEqual(["Sent, unclaimed"]);
  });

  it("a gift is claimed once under concurrent claims; the plan starts at the claim", async () => {
    const { token, order } = await paidGift("plan");
    const claimers = await Promise.all([person("amani"), person("other")]);
    const claimedAt = new Date();
    const outcomes = await Promise.all([
      claimGift(token, claimers[0].id, claimedAt),
      claimGift(token, claimers[1].id, claimedAt),
      claimGift(token, claimers[0].id, claimedAt),
    ]);
    expect(outcomes.filter((o) => o.kind === "claimed")).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind !== "claimed").every((o) => o.kind === "already-claimed")).toBe(true);
    const subs = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, order.id));
    expect(subs).toHaveLength(1);
    expect(subs[0].startDate.getTime()).toBe(claimedAt.getTime());
    const winner = claimers.find((c) => c.id === subs[0].userId)!;
    expect(hasActiveSubscription(await loadViewer({ id: winner.id, role: "guest" }))).toBe(true);
    expect(await viewClaim(token)).toEqual({ kind: "claimed" });
    expect(await claimGift(token, claimers[1].id)).toEqual({ kind: "already-claimed" });
  });

  it("a gifted plan claimed by a subscriber starts after her running plan", async () => {
    const { token } = await paidGift("plan");
    const amani = await person("amani");
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
    const end = new Date(Date.now() + 10 * 86_400_000);
    await createSubscription(t.db, { userId: amani.id, planId: plan.id, startDate: new Date(), endDate: end });
    const outcome = await claimGift(token, amani.id);
    expect(outcome.kind).toBe("claimed");
    if (outcome.kind === "claimed") expect(outcome.startDate?.getTime()).toBe(end.getTime());
  });

  it("the claim page shows the gift and the note, never the price, and an unknown link is invalid", async () => {
    const { token } = await paidGift("ebook");
    const view = await viewClaim(token);
    expect(view).toMatchObject({ kind: "open", itemKind: "ebook", note: "Happy birthday, Amani!" });
    expect(JSON.stringify(view)).not.toMatch(/450|KSh|price/i);
    expect(await viewClaim("x".repeat(43))).toEqual({ kind: "invalid" });
    expect(await viewClaim("short")).toEqual({ kind: "invalid" });
  });

  it("a resend replaces the link (the old one stops working) and is rate-limited", async () => {
    const { token, buyer, recipientEmail } = await paidGift("ebook");
    const [gift] = await giftsOfBuyer(buyer.id);
    expect(await resendGiftForBuyer(buyer.id, gift.id)).toBe("sent");
    const fresh = await claimLink(recipientEmail);
    expect(fresh).not.toBe(token);
    expect(await viewClaim(token)).toEqual({ kind: "invalid" });
    expect((await viewClaim(fresh)).kind).toBe("open");
    const other = await person("other");
    expect(await resendGiftForBuyer(other.id, gift.id)).toBe("not-found");
    expect(await resendGiftForBuyer(buyer.id, gift.id)).toBe("sent");
    expect(await resendGiftForBuyer(buyer.id, gift.id)).toBe("sent");
    expect(await resendGiftForBuyer(buyer.id, gift.id)).toBe("rate-limited");
  });

  it("a link to share replaces the e-mailed one, is only for the buyer, and counts with resends (issue 46)", async () => {
    const { token, buyer } = await paidGift("ebook");
    const [gift] = await giftsOfBuyer(buyer.id);
    const shared = await shareGiftLinkForBuyer(buyer.id, gift.id);
    if (typeof shared === "string") throw new Error(shared);
    const fresh = /\/gift\/([A-Za-z0-9_-]{43})$/.exec(shared.url)![1];
    expect((await viewClaim(fresh)).kind).toBe("open");
    expect(await viewClaim(token)).toEqual({ kind: "invalid" });
    const other = await person("other");
    expect(await shareGiftLinkForBuyer(other.id, gift.id)).toBe("not-found");
    expect(typeof (await shareGiftLinkForBuyer(buyer.id, gift.id))).toBe("object");
    expect(typeof (await shareGiftLinkForBuyer(buyer.id, gift.id))).toBe("object");
    expect(await shareGiftLinkForBuyer(buyer.id, gift.id)).toBe("rate-limited");
  });

  it("Try again fills the gift from her own failed order only (issue 46)", async () => {
    const recipientEmail = `wanjiru-${randomUUID()}@nuru.test`;
    const deliverOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const { buyer, order, trackingId } = await giftOrder("plan", recipientEmail, {
      recipientPhone: "0712 345 678",
      deliverOn,
    });
    // Still pending: nothing to retry yet.
    expect(await giftDetailsForRetry(buyer.id, order.merchantReference)).toBeNull();
    await pesapal.fail(trackingId, "mpesa", { notify: false });
    await verifyPayment({ trackingId, source: "callback" });
    expect(await giftDetailsForRetry(buyer.id, order.merchantReference)).toEqual({
      recipientEmail,
      recipientPhone: "+254712345678",
      note: "Happy birthday, Amani!",
      deliverOn,
    });
    const other = await person("other");
    expect(await giftDetailsForRetry(other.id, order.merchantReference)).toBeNull();
  });

  it("a refunded unclaimed gift cannot be claimed; the admin list says refunded", async () => {
    const { token, order } = await paidGift("plan");
    const listed = (await listGiftsForAdmin(adminViewer(admin)!)).find((g) => g.orderId === order.id)!;
    expect(listed).toMatchObject({ statusLabel: "Sent, unclaimed", refundable: true });
    const outcome = await refundOrder(adminViewer(admin)!, {
      orderId: order.id,
      amount: "full",
      reason: "gift not wanted",
    });
    expect(outcome.kind).toBe("accepted");
    const amani = await person("amani");
    expect(await claimGift(token, amani.id)).toEqual({ kind: "invalid" });
    expect(hasActiveSubscription(await loadViewer({ id: amani.id, role: "guest" }))).toBe(false);
    const after = (await listGiftsForAdmin(adminViewer(admin)!)).find((g) => g.orderId === order.id)!;
    expect(after).toMatchObject({ statusLabel: "Refunded", refundable: false });
  });

  it("a reversed unclaimed gift cannot be claimed", async () => {
    const { token, trackingId } = await paidGift("ebook");
    await pesapal.reverse(trackingId, { notify: false });
    await verifyPayment({ trackingId, source: "poll" });
    const amani = await person("amani");
    expect(await claimGift(token, amani.id)).toEqual({ kind: "invalid" });
  });

  it("a claimed gift whose payment is reversed takes the recipient's grant back (plan and ebook)", async () => {
    for (const kind of ["plan", "ebook"] as const) {
      const { token, trackingId, order } = await paidGift(kind);
      const amani = await person("amani");
      expect((await claimGift(token, amani.id)).kind).toBe("claimed");
      const before = await loadViewer({ id: amani.id, role: "guest" });
      if (kind === "plan") expect(hasActiveSubscription(before)).toBe(true);
      else expect(canReadEbook(before, { id: ebookId, accessType: "premium" } as never)).toBe(true);
      await pesapal.reverse(trackingId, { notify: false });
      await verifyPayment({ trackingId, source: "poll" });
      const after = await loadViewer({ id: amani.id, role: "guest" });
      expect(hasActiveSubscription(after)).toBe(false);
      const purchases = await t.db
        .select()
        .from(ebookPurchases)
        .where(and(eq(ebookPurchases.orderId, order.id), sql`${ebookPurchases.revokedAt} is null`));
      expect(purchases).toHaveLength(0);
      const [gift] = await t.db.select().from(gifts).where(eq(gifts.orderId, order.id));
      expect(gift.status).toBe("revoked");
      const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, amani.id));
      expect(profile.role).toBe("guest");
    }
  });

  it("a recipient who already owns the ebook cannot claim it; the gift stays unclaimed", async () => {
    const { token } = await paidGift("ebook");
    const amani = await person("amani");
    const first = await paidGift("ebook");
    expect((await claimGift(first.token, amani.id)).kind).toBe("claimed");
    expect(await claimGift(token, amani.id)).toEqual({ kind: "already-owned" });
    expect((await viewClaim(token)).kind).toBe("open");
  });

  it("the buyer's own rules do not apply: a subscriber gifts a plan, an owner gifts her ebook", async () => {
    const buyer = await person("buyer");
    const [plan] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "standard"));
    await createSubscription(t.db, { userId: buyer.id, planId: plan.id, startDate: new Date(), endDate: null });
    const made = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      gift: details("someone@nuru.test"),
    });
    expect(made.redirectUrl).toBeTruthy();
    // A pending gift order is never reused by her own checkout of the same thing, nor the other way.
    const again = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      gift: details("someone@nuru.test"),
    });
    expect(again.orderId).not.toBe(made.orderId);
  });

  it("a dated gift is sent by the job on its Nairobi day, not before", async () => {
    const recipientEmail = `dated-${randomUUID()}@nuru.test`;
    const now = new Date("2026-12-01T12:00:00Z");
    const made = await giftOrder("plan", recipientEmail, { deliverOn: "2026-12-25" });
    await pesapal.complete(made.trackingId, "mpesa", "254712345678", { notify: false });
    await verifyPayment({ trackingId: made.trackingId, source: "callback", now });
    expect(await mailsTo(recipientEmail)).toHaveLength(0);
    expect((await giftsOfBuyer(made.buyer.id))[0].statusLabel).toBe("Paid, not sent yet");
    await sendDueGifts(new Date("2026-12-24T20:59:00Z"));
    expect(await mailsTo(recipientEmail)).toHaveLength(0);
    // 21:00 UTC on the 24th is midnight of the 25th in Nairobi.
    await sendDueGifts(new Date("2026-12-24T21:00:00Z"));
    expect(await mailsTo(recipientEmail)).toHaveLength(1);
  });

  it("validates the recipient's e-mail, the phone and the note", () => {
    expect(giftFormSchema.safeParse({ recipientEmail: "not-an-email" }).success).toBe(false);
    expect(giftFormSchema.parse({ recipientEmail: " A@Nuru.Test ", recipientPhone: "0712 345 678" })).toMatchObject({
      recipientEmail: "a@nuru.test",
      recipientPhone: "+254712345678",
      note: null,
      deliverOn: null,
    });
    expect(
      giftFormSchema.parse({ recipientEmail: "a@nuru.test", recipientPhone: "+44 7700 900123" }).recipientPhone,
    ).toBe("+447700900123");
    expect(giftFormSchema.safeParse({ recipientEmail: "a@nuru.test", recipientPhone: "12ab" }).success).toBe(false);
    expect(giftFormSchema.safeParse({ recipientEmail: "a@nuru.test", note: "x".repeat(501) }).success).toBe(false);
  });
});
