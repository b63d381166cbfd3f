// The admin's order page action (routes/admin/order.tsx) as the admin's browser posts to it, signed in through
// better-auth and guarded by the admin layout's middleware: each form's refusal answers in the one shape (its
// status, the toast's title and message, the form's errors and what was typed), and a done command reloads the page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { appTestDatabase } from "../setup/app-test-database";
import { orders, refunds } from "~/db/schema";
import { createEbook, createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { getEnv } from "~/lib/env.server";
import { refusalOf } from "~/lib/action-result";
import { getAuth } from "~/modules/accounts/auth.server";
import { adminMiddleware } from "~/modules/access/viewer.server";
import { provideViewer } from "~/modules/accounts/request-viewer.server";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { action } from "~/routes/admin/order";

const { db } = appTestDatabase();
let pesapal: PesapalStandIn;
let cookie: string;
let bookId: string;
let planId: string;

beforeAll(async () => {
  await createPricingData(db());
  planId = (await createPlan(db(), PLAN_CATALOGUE[0])).id;
  bookId = (await createEbook(db(), { accessType: "premium", priceCents: 29900 })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  const email = `order-page-admin-${randomUUID().slice(0, 8)}@nuru.test`;
  await createUser(db(), { email, role: "admin", password: "order-page-pass" });
  const signedIn = await getAuth().api.signInEmail({
    body: { email, password: "order-page-pass" },
    asResponse: true,
  });
  expect(signedIn.ok).toBe(true);
  cookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
});

/** A reader's ebook order through the real checkout; paid on the stand-in and verified unless `paid` is false. */
async function ebookOrder({ paid = true } = {}) {
  const buyer = await createUser(db(), { email: `order-page-${randomUUID()}@nuru.test`, password: null });
  const { orderId } = await startCheckout({ buyer, item: { kind: "ebook", id: bookId }, countryCode: "KE" });
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (paid) {
    await pesapal.complete(order.gatewayTrackingId!, "mpesa");
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", ownerId: buyer.id });
  }
  return { ...order, email: buyer.email };
}

/** Posts a form to the order page as the admin's browser does; a thrown redirect is returned like an answer. */
async function post(orderId: string, fields: Record<string, string>) {
  const request = new Request(`${getEnv().PUBLIC_URL}/admin/orders/${orderId}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields),
  });
  const context = new RouterContextProvider();
  provideViewer(context, request);
  await adminMiddleware({ request, context, params: {}, unstable_pattern: "" } as never, async () => new Response());
  try {
    const answer = (await action({ request, context, params: { id: orderId } } as never)) as unknown as {
      data: unknown;
      init: ResponseInit | null;
    };
    return { status: answer.init?.status ?? 200, refused: refusalOf(answer.data), location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, refused: null, location: thrown.headers.get("Location") };
  }
}

describe("the order page's refusals", () => {
  it("a refund without a reason: 400, 'Refund Not Sent' naming what to fix, the reason's message and what was chosen", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, { intent: "refund", mode: "full", reason: "" });
    expect(answer.status).toBe(400);
    expect(answer.refused!.error).toMatchObject({
      title: "Refund Not Sent",
      message: "Give a reason: it is kept with the record and shown to other admins",
    });
    expect(answer.refused!.form!.error!.reason).toEqual([
      "Give a reason: it is kept with the record and shown to other admins",
    ]);
    expect(answer.refused!.form!.initialValue).toMatchObject({ intent: "refund", mode: "full" });
  });

  it("a refund the refund module refuses (nothing paid yet): 409 with its words on the form", async () => {
    const order = await ebookOrder({ paid: false });
    const answer = await post(order.id, { intent: "refund", mode: "full", reason: "The reader asked twice" });
    expect(answer.status).toBe(409);
    const words = "Only a completed order, or one waiting for review, can be refunded.";
    expect(answer.refused!.error).toMatchObject({ title: "Refund Not Sent", message: words });
    expect(answer.refused!.form!.error![""]).toEqual([words]);
    expect(answer.refused!.form!.initialValue).toMatchObject({ reason: "The reader asked twice" });
    expect(await db().select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([]);
  });

  it("a grant of a plan that does not exist: 404 'Not Granted' with the grant module's words", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, {
      intent: "grant",
      planId: randomUUID(),
      months: "2",
      reason: "Goodwill after the outage",
    });
    expect(answer.status).toBe(404);
    expect(answer.refused!.error).toMatchObject({ title: "Not Granted", message: "This plan does not exist." });
    expect(answer.refused!.form!.initialValue).toMatchObject({ months: "2", reason: "Goodwill after the outage" });
  });

  it("a grant of 13 months: 400 'Not Granted' naming the months' limit", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, { intent: "grant", planId, months: "13", reason: "Goodwill after the outage" });
    expect(answer.status).toBe(400);
    expect(answer.refused!.error).toMatchObject({ title: "Not Granted", message: "At most 12 months" });
    expect(answer.refused!.form!.error!.months).toEqual(["At most 12 months"]);
  });

  it("recording the outcome of a refund that is not unknown: 409 'Not Recorded'", async () => {
    const order = await ebookOrder();
    expect((await post(order.id, { intent: "refund", mode: "full", reason: "Bought it twice" })).location).toBe(
      `/admin/orders/${order.id}`,
    );
    const [refund] = await db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const answer = await post(order.id, {
      intent: "record-refund",
      refundId: refund.id,
      outcome: "refunded",
      note: "The dashboard shows it",
    });
    expect(answer.status).toBe(409);
    expect(answer.refused!.error).toMatchObject({
      title: "Not Recorded",
      message: "This refund's outcome is already known.",
    });
    expect(answer.refused!.form!.initialValue).toMatchObject({ refundId: refund.id, note: "The dashboard shows it" });

    // The refund made the order final: Pesapal's answer cannot change it, so there is nothing to check.
    const check = await post(order.id, { intent: "check-payment" });
    expect(check.status).toBe(409);
    expect(check.refused!.error).toMatchObject({
      title: "Not Checked",
      message: "This order is final: nothing Pesapal says can change it.",
    });
  });

  it("a post naming no form of the page: 400", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, { intent: "delete-everything" });
    expect(answer.status).toBe(400);
    expect(answer.refused!.error.code).toBe("VALIDATION");
  });
});

describe("the order page's commands", () => {
  it("a grant by hand reloads the order page", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, { intent: "grant", planId, months: "1", reason: "Goodwill after the outage" });
    expect(answer).toMatchObject({ status: 302, location: `/admin/orders/${order.id}` });
  });

  it("a check with Pesapal that finds nothing new reloads the order page", async () => {
    const order = await ebookOrder();
    const answer = await post(order.id, { intent: "check-payment" });
    expect(answer).toMatchObject({ status: 302, location: `/admin/orders/${order.id}` });
  });
});
