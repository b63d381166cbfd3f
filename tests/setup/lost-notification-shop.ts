// A shop on its own database with the plans and pricing seeded, paid through a Pesapal stand-in whose IPNs go
// nowhere (every notification is lost, as when the shop was down): for tests of what the shop does without them.
import { afterAll, beforeAll } from "vitest";
import { createTestDatabase, type TestDatabase } from "./test-database";
import { appDatabase } from "~/db/client.server";
import { createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";

export function lostNotificationShop(): {
  db: () => TestDatabase["db"];
  database: () => TestDatabase;
  pesapal: () => PesapalStandIn;
} {
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
  return { db: () => t.db, database: () => t, pesapal: () => pesapal };
}
