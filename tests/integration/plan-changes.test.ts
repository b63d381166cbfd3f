// Plan changes (ADR 039, issue 33): upgrades in the middle of a period priced over a table of cases through the real
// checkout, the real Pesapal client and the stand-in; granted once; the locked credit re-checked when the payment
// completes; a reversed or refunded upgrade puts her back; unlocked ebooks stay; card renewals end; switching down at
// the end of the period, cancelled before, or taking effect by the job. The clock is a parameter.
import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { cardRenewals, orders, orderStatusHistory, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { createEbook, createUser } from "~/db/seed/factories";
import { startCheckout } from "~/modules/payments/checkout.server";
import { applyVerifiedReport, verifyPayment } from "~/modules/payments/payment-verification.server";
import { loadViewer } from "~/modules/access/viewer.server";
import { loadAdmin } from "../setup/admin-viewer";
import { accessForArticle, canReadEbook } from "~/modules/access/policy";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";
import { startFreeTrial } from "~/modules/membership/free-trial.server";
import { isCheckoutError } from "~/modules/orders/checkout-errors";
import { refundOrder } from "~/modules/payments/refunds.server";
import {
  applyDueSwitches,
  cancelSwitch,
  quoteUpgrade,
  scheduledSwitchOf,
  scheduleSwitch,
  switchedPlanOf,
  switchTargets,
  upgradeOffers,
} from "~/modules/membership/upgrades.server";
import { forgetRecentAnswers } from "~/modules/payments/gateway-checks.server";
import { getPesapal } from "~/modules/payments/payment-gateway.server";
import { upgradeQuoteTime, upgradeQuoteToken } from "~/modules/membership/upgrade-quote.server";
import { getReceipt } from "~/modules/receipts/receipts.server";
import { formatKesCents } from "~/modules/pricing/money";
import { routeText } from "../setup/rendered-text";
import AdminOrder from "~/routes/admin/order";
import { getOrderForAdmin, ORDER_STATUS_LABELS } from "~/modules/payments/admin-orders.server";

const DAY = 86_400_000;
const T0 = new Date("2026-01-01T00:00:00Z");
const at = (days: number) => new Date(T0.getTime() + days * DAY);

const shop = lostNotificationShop();

async function reader() {
  const user = await createUser(shop.db(), { email: `upgrade-${randomUUID()}@nuru.test`, fullName: "Wanjiru K" });
  return { id: user.id, email: user.email, fullName: "Wanjiru K", role: "guest" as const };
}
type Reader = Awaited<ReturnType<typeof reader>>;

const orderRow = async (id: string) => (await shop.db().select().from(orders).where(eq(orders.id, id)))[0]!;

async function pay(orderId: string, now: Date, method: "mpesa" | "card" = "mpesa") {
  const order = await orderRow(orderId);
  await shop.pesapal().complete(order.gatewayTrackingId!, method);
  forgetRecentAnswers();
  return verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", now });
}

async function buyPlan(buyer: Reader, slug: string, now: Date, countryCode = "KE") {
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode, now });
  expect(await pay(orderId, now)).toMatchObject({ status: "completed" });
  return orderRow(orderId);
}

const upgradeCheckout = (buyer: Reader, slug: string, now: Date, countryCode = "KE") =>
  startCheckout({ buyer, item: { kind: "plan", slug }, countryCode, upgrade: true, now });

const subsOf = (userId: string) =>
  shop
    .db()
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.createdAt));

async function premiumAccess(userId: string, now: Date) {
  return accessForArticle(await loadViewer({ id: userId, role: "guest" }, now), { accessType: "premium" });
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

describe(`upgrades in the middle of a plan (${process.env.DB_TARGET ?? "pglite"})`, () => {
  // Standard: KSh 500.00 for 2 months (1 Jan -> 1 Mar 2026: 59 days); Premium: KSh 1,500.00; the US pays x2.5.
  // The charge is whole shillings, the cents of the exact difference left off in her favour (issue 46 item 27).
  it.each([
    // from, to, country, days used, paid, credit, charge, rounded off
    ["standard", "premium", "KE", 0, 50_000, 50_000, 100_000, null],
    ["standard", "premium", "KE", 10, 50_000, 41_525, 108_400, 75], // 41,525.42; exact 108,475
    ["standard", "premium", "KE", 29.5, 50_000, 25_000, 125_000, null], // exactly half
    ["standard", "premium", "KE", 58, 50_000, 847, 149_100, 53], // 847.46; exact 149,153
    ["standard", "premium", "US", 10, 125_000, 103_814, 271_100, 86], // 103,813.56; both regional; exact 271,186
    ["basic", "standard", "KE", 29.5, 25_000, 12_500, 37_500, null], // same level, higher price per day
  ] as const)(
    "%s -> %s in %s after %s days: paid %i, credit %i, charge %i (rounded off %s); Premium at once",
    async (from, to, country, days, paid, credit, charge, roundedOff) => {
      const buyer = await reader();
      const first = await buyPlan(buyer, from, T0, country);
      expect(first.amountCents).toBe(paid);
      const now = at(days);
      const quote = await quoteUpgrade({ userId: buyer.id, slug: to, countryCode: country, now });
      expect({ credit: quote.creditCents, charge: quote.chargeCents }).toEqual({ credit, charge });
      expect((await upgradeOffers(buyer.id, country, now))[to]).toEqual({ chargeCents: charge, creditCents: credit });

      const { orderId } = await upgradeCheckout(buyer, to, now, country);
      const order = await orderRow(orderId);
      expect(order).toMatchObject({
        amountCents: charge,
        upgradeCreditCents: credit,
        roundedOffCents: roundedOff,
        kind: "plan",
      });
      expect(order.upgradeFromSubscriptionId).toBe((await subsOf(buyer.id))[0]!.id);
      expect(shop.pesapal().getOrder(order.gatewayTrackingId!)?.amountCents).toBe(charge);

      expect(await pay(orderId, now)).toMatchObject({ status: "completed" });
      const receipt = await getReceipt(buyer.id, orderId);
      expect(receipt!.item).toContain(`upgrade: less ${formatKesCents(credit)} credit for the unused part`);
      if (roundedOff)
        expect(receipt!.item).toContain(`and ${formatKesCents(roundedOff)} rounded off to whole shillings`);
      else expect(receipt!.item).not.toContain("rounded off");
      expect(receipt!.amount).toBe(formatKesCents(charge));
      const [old, upgraded] = await subsOf(buyer.id);
      expect(old).toMatchObject({ status: "expired", orderId: first.id, upgradedAt: now, endDate: now });
      expect(old!.endDateBeforeUpgrade).toEqual(new Date("2026-03-01T00:00:00Z"));
      expect(upgraded).toMatchObject({ status: "active", orderId, startDate: now });
      const viewer = await loadViewer({ id: buyer.id, role: "guest" }, now);
      expect(viewer.subscription).toMatchObject({
        id: upgraded!.id,
        plan: { accessLevel: to === "premium" ? "premium" : "subscription" },
      });
    },
  );

  it("the admin's order page shows the upgrade's credit and the plan it upgraded from", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    const { orderId } = await upgradeCheckout(buyer, "premium", at(10));
    expect(await pay(orderId, at(10))).toMatchObject({ status: "completed" });
    const admin = await loadAdmin(
      await createUser(shop.db(), { email: `admin-${randomUUID()}@nuru.test`, role: "admin" }),
    );
    const details = await getOrderForAdmin(admin, orderId, at(10));
    const loaderData = { ...details!, sms: [], mpesa: null, statusLabels: ORDER_STATUS_LABELS };
    const text = routeText(AdminOrder as never, "/admin/orders/:id", `/admin/orders/${orderId}`, loaderData);
    // The page's text with every space one plain space (the amount's no-break space included).
    const credit = formatKesCents(41_525).replace(/\s+/g, " ");
    expect(text).toContain(`Plan Premium Upgrade From the Standard plan: credit −${credit} for its unused part`);
    // The cents left off the charge (whole shillings, issue 46 item 27) are shown beside the credit.
    expect(text).toContain(`; ${formatKesCents(75).replace(/\s+/g, " ")} rounded off to whole shillings`);
    // A plain purchase shows no upgrade line.
    const plain = await buyPlan(await reader(), "basic", T0);
    expect((await getOrderForAdmin(admin, plain.id, T0))!.order.upgrade).toBeNull();
  });

  it("a free trial credits nothing: the upgrade charges the whole regional price", async () => {
    const buyer = await reader();
    await startFreeTrial({ userId: buyer.id, planSlug: "basic", now: T0 });
    const quote = await quoteUpgrade({ userId: buyer.id, slug: "premium", countryCode: "KE", now: at(3) });
    expect({ credit: quote.creditCents, charge: quote.chargeCents }).toEqual({ credit: 0, charge: 150_000 });
  });

  it("refuses what is not an upgrade: no plan, the same or a lower plan, a renewal already queued", async () => {
    const nobody = await reader();
    expect(await refusal(upgradeCheckout(nobody, "premium", T0))).toBe("UPGRADE_NO_PLAN");
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    expect(await refusal(upgradeCheckout(buyer, "standard", at(1)))).toBe("UPGRADE_NOT_HIGHER");
    expect(await refusal(upgradeCheckout(buyer, "basic", at(1)))).toBe("UPGRADE_NOT_HIGHER");
    expect(
      await refusal(
        startCheckout({
          buyer,
          item: { kind: "plan", slug: "premium" },
          countryCode: "KE",
          upgrade: true,
          autoRenew: true,
          now: at(1),
        }),
      ),
    ).toBe("AUTO_RENEW_PLANS_ONLY");
    await buyPlan(buyer, "standard", at(2)); // a renewal, queued behind the running period
    expect(await refusal(upgradeCheckout(buyer, "premium", at(3)))).toBe("RENEWAL_QUEUED");
  });

  it("charges what the checkout page quoted, not a minute later's price, and the payment's re-check agrees", async () => {
    // Premium over Standard on day 10: her credit shrinks by a cent about every 17 minutes.
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    const shown = at(10);
    const page = await quoteUpgrade({ userId: buyer.id, slug: "premium", countryCode: "KE", now: shown });
    const token = upgradeQuoteToken(buyer.id, "premium", shown);
    const paidAt = new Date(shown.getTime() + 40 * 60_000);
    const later = await quoteUpgrade({ userId: buyer.id, slug: "premium", countryCode: "KE", now: paidAt });
    // The exact difference grows (the charge is its whole shillings, so it may not move within the hour).
    expect(later.creditCents).toBeLessThan(page.creditCents);
    expect(later.chargeCents + later.roundedOffCents).toBeGreaterThan(page.chargeCents + page.roundedOffCents);

    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "premium" },
      countryCode: "KE",
      upgrade: true,
      upgradeQuotedAt: upgradeQuoteTime(token, buyer.id, "premium", paidAt),
      now: paidAt,
    });
    const order = await orderRow(orderId);
    expect(order).toMatchObject({ amountCents: page.chargeCents, upgradeCreditCents: page.creditCents });
    expect(order.upgradeCreditAt).toEqual(shown);
    expect(shop.pesapal().getOrder(order.gatewayTrackingId!)?.amountCents).toBe(page.chargeCents);
    expect(await pay(orderId, paidAt)).toMatchObject({ status: "completed" });
    expect((await subsOf(buyer.id)).map((row) => row.status)).toEqual(["expired", "active"]);
  });

  it("takes no quote instant that is forged, someone else's, another plan's, from the future or over an hour old", () => {
    const now = at(10);
    const token = upgradeQuoteToken("buyer-a", "premium", now);
    expect(upgradeQuoteTime(token, "buyer-a", "premium", new Date(now.getTime() + 3_600_000))).toEqual(now);
    expect(upgradeQuoteTime(token, "buyer-a", "premium", new Date(now.getTime() + 3_601_000))).toBeNull();
    expect(upgradeQuoteTime(token, "buyer-b", "premium", now)).toBeNull();
    expect(upgradeQuoteTime(token, "buyer-a", "standard", now)).toBeNull();
    expect(upgradeQuoteTime(token, "buyer-a", "premium", new Date(now.getTime() - 1_000))).toBeNull();
    const [seconds, sig] = token.split(".");
    expect(upgradeQuoteTime(`${Number(seconds) - 600}.${sig}`, "buyer-a", "premium", now)).toBeNull();
    expect(upgradeQuoteTime(`${seconds}.${sig}.x`, "buyer-a", "premium", now)).toBeNull();
    expect(upgradeQuoteTime(null, "buyer-a", "premium", now)).toBeNull();
  });

  it("an upgrade order completing twice grants once", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    const { orderId } = await upgradeCheckout(buyer, "premium", at(5));
    const order = await orderRow(orderId);
    await shop.pesapal().complete(order.gatewayTrackingId!);
    const report = await (await getPesapal()).getTransactionStatus(order.gatewayTrackingId!);
    const results = await Promise.all([
      applyVerifiedReport(orderId, order.gatewayTrackingId!, report, "ipn", at(5)),
      applyVerifiedReport(orderId, order.gatewayTrackingId!, report, "callback", at(5)),
    ]);
    expect(results.filter((r) => r.kind === "checked" && r.changed)).toHaveLength(1);
    await applyVerifiedReport(orderId, order.gatewayTrackingId!, report, "poll", at(6));
    const rows = await subsOf(buyer.id);
    expect(rows.map((r) => r.status)).toEqual(["expired", "active"]);
    expect(rows.filter((r) => r.orderId === orderId)).toHaveLength(1);
  });

  it("ebooks unlocked on the old plan stay readable; the new plan's allowance is its own", async () => {
    const buyer = await reader();
    const book = await createEbook(shop.db(), { accessType: "premium", priceCents: 29_900 });
    await buyPlan(buyer, "standard", T0);
    expect(await unlockEbookWithPlan({ userId: buyer.id, ebookId: book.id, now: at(1) })).toBe("unlocked");
    const { orderId } = await upgradeCheckout(buyer, "premium", at(2));
    await pay(orderId, at(2));
    const viewer = await loadViewer({ id: buyer.id, role: "guest" }, at(3));
    expect(canReadEbook(viewer, { id: book.id, accessType: "premium" })).toBe(true);
    expect(viewer.unlockedEbookIds.has(book.id)).toBe(true);
    expect(viewer.ebooksUsed).toBe(0);
  });

  // Issue 46 item 27: Pesapal reports the whole shillings M-Pesa collected; a fractional difference went to review.
  it("an upgrade with a fractional difference paid by M-Pesa completes when Pesapal reports whole shillings", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    const { orderId } = await upgradeCheckout(buyer, "premium", at(10));
    const order = await orderRow(orderId);
    // The exact difference is KSh 1,084.75: she is asked for KSh 1,084, the 75 cents recorded as hers.
    expect(order).toMatchObject({ amountCents: 108_400, roundedOffCents: 75 });
    shop.pesapal().setMpesaWholeShillings(true);
    try {
      expect(await pay(orderId, at(10), "mpesa")).toMatchObject({ status: "completed" });
    } finally {
      shop.pesapal().setMpesaWholeShillings(false);
    }
    const [, upgraded] = await subsOf(buyer.id);
    expect(upgraded).toMatchObject({ status: "active", orderId });
    expect(await premiumAccess(buyer.id, at(10))).toBe("full");
    const receipt = await getReceipt(buyer.id, orderId);
    expect(receipt!.amount).toBe(formatKesCents(108_400));
    expect(receipt!.item).toContain(`${formatKesCents(75)} rounded off to whole shillings`);
  });

  it("a reversed upgrade puts her back on her old plan to its old end; unlocks of the upgrade period go", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "standard", T0);
    const { orderId } = await upgradeCheckout(buyer, "premium", at(10));
    await pay(orderId, at(10));
    const book = await createEbook(shop.db(), { accessType: "premium", priceCents: 29_900 });
    await unlockEbookWithPlan({ userId: buyer.id, ebookId: book.id, now: at(11) });
    const order = await orderRow(orderId);
    await shop.pesapal().reverse(order.gatewayTrackingId!, { notify: false });
    forgetRecentAnswers();
    expect(await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "poll", now: at(12) })).toMatchObject({
      status: "reversed",
    });
    const [old, upgraded] = await subsOf(buyer.id);
    expect(old).toMatchObject({ status: "active", endDate: new Date("2026-03-01T00:00:00Z"), upgradedAt: null });
    expect(upgraded).toMatchObject({ status: "revoked" });
    const viewer = await loadViewer({ id: buyer.id, role: "guest" }, at(12));
    expect(viewer.subscription).toMatchObject({ id: old!.id });
    expect(viewer.subscription!.plan).toEqual({ accessLevel: "subscription", ebookLimit: 2 });
    expect(accessForArticle(viewer, { accessType: "subscription" })).toBe("full");
    expect(viewer.unlockedEbookIds.has(book.id)).toBe(false);
    const [history] = await shop
      .db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt))
      .offset(2);
    expect(history!.note).toContain("earlier plan restored");
  });

  it("a fully refunded upgrade after her old end puts the old period back as ended, and she has no plan", async () => {
    const buyer = await reader();
    const admin = await loadAdmin(
      await createUser(shop.db(), { email: `admin-${randomUUID()}@nuru.test`, role: "admin" }),
    );
    await buyPlan(buyer, "standard", T0);
    const { orderId } = await upgradeCheckout(buyer, "premium", at(50));
    await pay(orderId, at(50));
    const outcome = await refundOrder(admin, { orderId, amount: "full", reason: "Asked by the reader" }, at(70));
    expect(outcome.kind).toBe("accepted");
    const [old, upgraded] = await subsOf(buyer.id);
    expect(old).toMatchObject({ status: "expired", endDate: new Date("2026-03-01T00:00:00Z") });
    expect(upgraded).toMatchObject({ status: "revoked" });
    expect(await premiumAccess(buyer.id, at(70))).toBe("preview");
  });

  // Issue 46 item 25: the old plan's own payment taken back after the upgrade, then the upgrade's too -> no plan.
  it.each(["reversed", "refunded"] as const)(
    "her old plan %s after the upgrade, then the upgrade reversed: nothing comes back, she has no plan",
    async (how) => {
      const buyer = await reader();
      const admin = await loadAdmin(
        await createUser(shop.db(), { email: `admin-${randomUUID()}@nuru.test`, role: "admin" }),
      );
      const first = await buyPlan(buyer, "standard", T0);
      const { orderId } = await upgradeCheckout(buyer, "premium", at(10));
      await pay(orderId, at(10));
      if (how === "reversed") {
        await shop.pesapal().reverse(first.gatewayTrackingId!, { notify: false });
        forgetRecentAnswers();
        expect(
          await verifyPayment({ trackingId: first.gatewayTrackingId!, source: "poll", now: at(11) }),
        ).toMatchObject({ status: "reversed" });
      } else {
        const outcome = await refundOrder(admin, { orderId: first.id, amount: "full", reason: "Asked" }, at(11));
        expect(outcome.kind).toBe("accepted");
      }
      const upgrade = await orderRow(orderId);
      await shop.pesapal().reverse(upgrade.gatewayTrackingId!, { notify: false });
      forgetRecentAnswers();
      expect(
        await verifyPayment({ trackingId: upgrade.gatewayTrackingId!, source: "poll", now: at(12) }),
      ).toMatchObject({ status: "reversed" });

      const [old, upgraded] = await subsOf(buyer.id);
      expect(old).toMatchObject({ status: "revoked", upgradedAt: null, endDateBeforeUpgrade: null });
      expect(upgraded).toMatchObject({ status: "revoked" });
      const viewer = await loadViewer({ id: buyer.id, role: "guest" }, at(12));
      expect(viewer.subscription).toBeNull();
      expect(accessForArticle(viewer, { accessType: "subscription" })).toBe("preview");
      const notes = await shop
        .db()
        .select({ note: orderStatusHistory.note })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.orderId, orderId));
      expect(notes.map((n) => n.note).join(" | ")).toContain("nothing was restored");
    },
  );

  it("the credit is re-checked when the payment completes: a plan changed meanwhile, or a payment a day late, goes to review", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "basic", T0);
    const toStandard = await upgradeCheckout(buyer, "standard", at(5));
    const toPremium = await upgradeCheckout(buyer, "premium", at(5));
    expect(await pay(toStandard.orderId, at(5))).toMatchObject({ status: "completed" });
    // The basic period the second order's credit came from has ended (upgraded): nothing granted twice.
    expect(await pay(toPremium.orderId, at(5))).toMatchObject({ status: "review" });
    const review = await shop
      .db()
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, toPremium.orderId));
    expect(review.at(-1)!.note).toContain("upgrade no longer matches her plan (that plan is expired): refund due");
    expect((await subsOf(buyer.id)).map((r) => r.status)).toEqual(["expired", "active"]);

    const late = await reader();
    await buyPlan(late, "standard", T0);
    const { orderId } = await upgradeCheckout(late, "premium", at(5));
    expect(await pay(orderId, at(6.5))).toMatchObject({ status: "review" });
    expect((await subsOf(late.id)).map((r) => r.status)).toEqual(["active"]);
  });

  it("card auto-renew on the old plan ends with the upgrade", async () => {
    const buyer = await reader();
    const { orderId: first } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "standard" },
      countryCode: "KE",
      autoRenew: true,
      now: T0,
    });
    await pay(first, T0, "card");
    const { orderId } = await upgradeCheckout(buyer, "premium", at(3));
    await pay(orderId, at(3));
    const [agreement] = await shop.db().select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, first));
    expect(agreement!.status).toBe("ended");
  });
});

describe(`switching to a lower plan at the end of the period (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("is scheduled, can be cancelled before the end, and takes effect at the end by the job", async () => {
    const buyer = await reader();
    await buyPlan(buyer, "premium", T0); // 3 months: ends 1 Apr 2026
    expect(await switchTargets(buyer.id, at(1))).toEqual(
      expect.arrayContaining([
        { slug: "standard", name: "Standard" },
        { slug: "basic", name: "Basic" },
      ]),
    );
    expect(await refusal(scheduleSwitch({ userId: buyer.id, slug: "premium", now: at(1) }))).toBe("SWITCH_NOT_LOWER");
    const scheduled = await scheduleSwitch({ userId: buyer.id, slug: "standard", now: at(1) });
    expect(scheduled.at).toEqual(new Date("2026-04-01T00:00:00Z"));
    expect(await scheduledSwitchOf(buyer.id, at(2))).toMatchObject({ toPlan: { slug: "standard" } });
    // Nothing changes now: Premium to the end.
    expect(await premiumAccess(buyer.id, at(2))).toBe("full");
    expect(await cancelSwitch({ userId: buyer.id, now: at(3) })).toBe(true);
    expect(await scheduledSwitchOf(buyer.id, at(3))).toBeNull();
    await scheduleSwitch({ userId: buyer.id, slug: "basic", now: at(4) });

    expect(await applyDueSwitches(at(80))).toEqual({ switched: 0 });
    expect(await switchedPlanOf(buyer.id)).toBeNull();
    expect(await applyDueSwitches(new Date("2026-04-01T00:01:00Z"))).toMatchObject({ switched: 1 });
    expect(await applyDueSwitches(new Date("2026-04-01T00:02:00Z"))).toMatchObject({ switched: 0 });
    expect(await switchedPlanOf(buyer.id)).toEqual({ slug: "basic", name: "Basic" });
    const [plan] = await shop.db().select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
    expect((await subsOf(buyer.id))[0]!.switchToPlanId).toBe(plan!.id);
    // She renews on Basic: the switch is history, no longer her renewal.
    await buyPlan(buyer, "basic", new Date("2026-04-02T00:00:00Z"));
    expect(await switchedPlanOf(buyer.id)).toBeNull();
  });

  it("pauses her card renewal while scheduled, and cancelling the switch resumes it", async () => {
    const buyer = await reader();
    const { orderId } = await startCheckout({
      buyer,
      item: { kind: "plan", slug: "premium" },
      countryCode: "KE",
      autoRenew: true,
      now: T0,
    });
    await pay(orderId, T0, "card");
    const agreement = async () =>
      (await shop.db().select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, orderId)))[0]!.status;
    const before = await agreement();
    await scheduleSwitch({ userId: buyer.id, slug: "standard", now: at(1) });
    expect(await agreement()).toBe("cancelled");
    await cancelSwitch({ userId: buyer.id, now: at(2) });
    expect(await agreement()).toBe(before);
  });
});
