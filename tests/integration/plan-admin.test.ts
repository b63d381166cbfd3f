// The admin's plan editor (issue 33, ADR 036) against a real database (PGlite and PostgreSQL): a plan made and edited
// from the form's text (prices like 1,500.00 to the cent, periods checked by periodProblem), each change in the
// activity log; an order made before an edit keeps its price while the next one pays the new price and is granted
// the edited period (2 weeks, not 7 days); a plan switched off leaves /pricing and checkout but its members keep it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { loadAdmin } from "../setup/admin-viewer";
import { appDatabase } from "~/db/client.server";
import { adminActivity, orders, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import type { AdminViewer } from "~/modules/access/policy";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { planOffers } from "~/modules/membership/membership.server";
import { getPlanForAdmin, listPlansForAdmin, savePlan } from "~/modules/membership/plan-admin.server";
import {
  checkPlanForm,
  EMPTY_PLAN_FORM,
  parseKes,
  planFormValues,
  type PlanFormValues,
} from "~/modules/membership/plan-form";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";

const DAY = 86_400_000;
let t: TestDatabase;
let pesapal: PesapalStandIn;
let admin: AdminViewer;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  admin = await loadAdmin(await createUser(t.db, { email: "plans-admin@nuru.test", role: "admin" }));
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

const newReader = () =>
  createUser(t.db, { email: `plans-${randomUUID()}@nuru.test`, fullName: "Akinyi Odhiambo", password: null });
const planBySlug = async (slug: string) =>
  (await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, slug)))[0]!;
const logOf = (id: string) =>
  t.db
    .select()
    .from(adminActivity)
    .where(and(eq(adminActivity.entityType, "plan"), eq(adminActivity.entityId, id)));

async function buy(slug: string) {
  const buyer = await newReader();
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE", autoRenew: false });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { buyer, order };
}
async function pay(buyer: { id: string }, order: { id: string; gatewayTrackingId: string | null }) {
  await pesapal.complete(order.gatewayTrackingId!);
  await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
  return (await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.orderId, order.id)))[0]!;
}

const form = (over: Partial<PlanFormValues>): PlanFormValues => ({
  ...EMPTY_PLAN_FORM,
  name: "Fortnight",
  slug: "fortnight",
  price: "250",
  periodUnit: "week",
  periodCount: "2",
  ...over,
});

describe("the plan form's check", () => {
  it("reads KES as typed, exactly, and refuses what is no amount", () => {
    expect(parseKes("1500")).toBe(150000);
    expect(parseKes("1,500.00")).toBe(150000);
    expect(parseKes(" 1,234,567.5 ")).toBe(123456750);
    expect(parseKes("0.10")).toBe(10);
    for (const bad of ["1,50", "15.005", "-5", "abc", "1.2.3", ""]) expect(parseKes(bad)).toBeNull();
  });

  it("says what is wrong beside each field", () => {
    const checked = checkPlanForm(
      form({
        name: " ",
        slug: "Week Pass",
        price: "1,50",
        periodCount: "60",
        ebookLimit: "0",
        trialDays: "x",
        sortKey: "1.5",
      }),
      true,
    );
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      name: "Enter the plan's name",
      slug: "Lower-case letters, digits and dashes, like week-pass",
      price: "Enter the price in KES with at most two decimals, like 1,500.00",
      periodCount: "At most 52 weeks",
      ebookLimit: "A whole number from 1 to 10,000, or empty for unlimited",
      trialDays: "A whole number of days from 0 to 90",
      sortKey: "A whole number, lower is listed first",
    });
    const zero = checkPlanForm(form({ periodCount: "0", price: "" }), true);
    expect(zero.ok || zero.errors).toEqual({
      periodCount: "At least 1",
      price: "Enter the price in KES, like 1500 or 1,500.00",
    });
    const unit = checkPlanForm(form({ periodUnit: "year" }), true);
    expect(unit.ok || unit.errors).toEqual({ periodUnit: "Choose days, weeks or months" });
  });
});

describe("making and editing plans", () => {
  it("creates a plan from the form, logs it, and refuses a slug another plan has", async () => {
    const checked = checkPlanForm(
      form({ price: "1,500.50", ebookLimit: "", features: "All articles\n\n 2 ebooks \n", badge: "New" }),
      true,
    );
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const saved = await savePlan(admin, null, checked.plan);
    const plan = await planBySlug("fortnight");
    expect(plan).toMatchObject({
      id: saved.id,
      name: "Fortnight",
      priceCents: 150050,
      periodUnit: "week",
      periodCount: 2,
      ebookLimit: null,
      features: ["All articles", "2 ebooks"],
      badge: "New",
      isActive: true,
    });
    expect((await logOf(saved.id)).map((a) => a.summary)).toEqual(["Plan Fortnight created"]);
    expect(planFormValues(plan)).toMatchObject({
      price: "1500.50",
      periodCount: "2",
      features: "All articles\n2 ebooks",
    });
    await expect(savePlan(admin, null, checked.plan)).rejects.toMatchObject({
      code: "PLAN_SLUG_TAKEN",
      message: "Another plan already has this slug.",
    });
    expect((await listPlansForAdmin(admin)).filter((p) => p.slug === "fortnight")).toHaveLength(1);
  });

  it("an edit never changes an order already made; the next order pays the new price and gets the new period", async () => {
    const pass = await planBySlug("week-pass");
    const before = await buy("week-pass");
    expect(before.order.amountCents).toBe(pass.priceCents);

    const values = planFormValues(pass);
    const checked = checkPlanForm({ ...values, price: "150", periodUnit: "week", periodCount: "2" }, false);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(await savePlan(admin, pass.id, checked.plan)).toEqual({ id: pass.id });
    const edited = await getPlanForAdmin(admin, "week-pass", false);
    expect(edited).toMatchObject({ slug: "week-pass", priceCents: 15000, periodUnit: "week", periodCount: 2 });
    const [log] = await logOf(pass.id);
    expect(log.summary).toBe("Plan 7-day pass edited");
    expect(log.changes).toEqual({
      priceCents: { before: pass.priceCents, after: 15000 },
      periodUnit: { before: "day", after: "week" },
      periodCount: { before: 7, after: 2 },
    });

    // The order made before keeps its locked price.
    const [kept] = await t.db.select().from(orders).where(eq(orders.id, before.order.id));
    expect(kept.amountCents).toBe(pass.priceCents);

    // The next order: the new price, and exactly two weeks once paid.
    const after = await buy("week-pass");
    expect(after.order.amountCents).toBe(15000);
    const period = await pay(after.buyer, after.order);
    expect(period.status).toBe("active");
    expect(period.endDate!.getTime() - period.startDate.getTime()).toBe(14 * DAY);
    expect((await planOffers("KE")).plans.find((p) => p.slug === "week-pass")).toMatchObject({
      periodUnit: "week",
      periodCount: 2,
    });
  });

  it("switching a plan off hides it from /pricing and checkout, and its members keep it", async () => {
    const basic = await planBySlug("basic");
    const { buyer, order } = await buy("basic");
    const period = await pay(buyer, order);
    expect(period.status).toBe("active");

    const checked = checkPlanForm({ ...planFormValues(basic), isActive: false }, false);
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    expect(await savePlan(admin, basic.id, checked.plan)).toEqual({ id: basic.id });
    expect((await logOf(basic.id)).map((a) => [a.action, a.summary])).toEqual([
      ["deactivate", "Plan Basic edited and switched off"],
    ]);

    expect((await planOffers("KE")).plans.map((p) => p.slug)).not.toContain("basic");
    await expect(buy("basic")).rejects.toThrow();
    const [still] = await t.db.select().from(userSubscriptions).where(eq(userSubscriptions.id, period.id));
    expect(still).toMatchObject({ status: "active", endDate: period.endDate });
    expect((await listPlansForAdmin(admin)).find((p) => p.slug === "basic")).toMatchObject({
      isActive: false,
      members: 1,
    });
  });
});
