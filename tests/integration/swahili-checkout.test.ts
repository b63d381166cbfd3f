// Her language survives the payment (issue 50, ADR 048): a checkout started from the Swahili page gives Pesapal
// the Swahili way back (/sw/payment/return, and the Swahili page behind Cancel), one started in English the English
// addresses as before. The amount and the order are the same either way.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { orders, profiles, users } from "~/db/schema";
import { createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { getEnv } from "~/lib/env.server";

let t: TestDatabase;
let pesapal: PesapalStandIn;

beforeAll(async () => {
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
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `sw-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Wanjiku K", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Wanjiku Kamau", role: "guest" });
  return { id, email, fullName: "Wanjiku Kamau", role: "guest" as const };
}

/** The order she started, and what the shop told Pesapal about the way back. */
async function started(locale: "en" | "sw" | undefined) {
  const buyer = await reader();
  const { orderId, redirectUrl } = await startCheckout({
    buyer,
    item: { kind: "plan", slug: "basic" },
    countryCode: "KE",
    ...(locale ? { locale } : {}),
  });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const submitted = pesapal.requests
    .filter((r) => r.path.endsWith("/SubmitOrderRequest"))
    .map((r) => r.body as { id: string; callback_url: string; cancellation_url: string })
    .find((body) => body.id === order.merchantReference)!;
  return { order, redirectUrl, stored: pesapal.getOrder(order.gatewayTrackingId!)!, submitted };
}

describe("the way back from Pesapal follows her language", () => {
  it("a Swahili checkout comes back to /sw/payment/return, Cancel to the Swahili plans", async () => {
    const { order, stored, submitted } = await started("sw");
    const site = getEnv().PUBLIC_URL;
    expect(stored.callbackUrl).toBe(`${site}/sw/payment/return`);
    expect(submitted.callback_url).toBe(`${site}/sw/payment/return`);
    expect(submitted.cancellation_url).toBe(`${site}/sw/pricing`);
    expect(order.status).toBe("pending");
  });

  it("an English checkout (and one that names no language) keeps the English addresses and the same amount", async () => {
    const site = getEnv().PUBLIC_URL;
    const sw = await started("sw");
    for (const locale of ["en", undefined] as const) {
      const { order, submitted } = await started(locale);
      expect(submitted.callback_url).toBe(`${site}/payment/return`);
      expect(submitted.cancellation_url).toBe(`${site}/pricing`);
      expect(order.amountCents).toBe(sw.order.amountCents);
      expect(order.currency).toBe(sw.order.currency);
    }
  });
});
