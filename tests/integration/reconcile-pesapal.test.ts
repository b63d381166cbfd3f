// `npm run reconcile` compares with Pesapal too (issue 30 item 6, ADR 027): every order that can still change and
// every refund with an unknown outcome, what we recorded against what Pesapal says, each with the action to take;
// it changes nothing, and exits 1 on any difference or when Pesapal cannot be asked.
import { describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { asc, count, eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { migratedSnapshot } from "../setup/test-database";
import { appDatabase, openDatabase } from "~/db/client.server";
import { orders, orderStatusHistory, payments } from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { abandonOrder } from "~/modules/payments/abandon-order.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { runReconcile } from "~/modules/payments/reconcile-report.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { loadAdmin } from "../setup/admin-viewer";

const shop = lostNotificationShop();
const MINUTE = 60_000;
const run = promisify(execFile);

async function newOrder(slug = "basic") {
  const user = await createUser(appDatabase.handle!.db, { email: `reconcile-${crypto.randomUUID()}@nuru.test` });
  const buyer = { id: user.id, email: user.email, fullName: "Achieng O", role: "guest" as const };
  const { orderId } = await startCheckout({ buyer, item: { kind: "plan", slug }, countryCode: "KE" });
  const [order] = await appDatabase.handle!.db.select().from(orders).where(eq(orders.id, orderId));
  return order!;
}

/** A completed payment Pesapal reversed without an IPN, and an abandoned order paid late without one. */
async function silentCases() {
  const pesapal = shop.pesapal();
  // Given up on after its last check while Pesapal's CancelOrder was down (the job's own path is covered in
  // order-rechecks.test.ts; here only this order may meet the injected failure).
  const late = await newOrder();
  pesapal.failNext("/api/Transactions/CancelOrder", 1, 503);
  const abandonedAt = new Date(late.createdAt.getTime() + (24 * 60 + 157) * MINUTE);
  const given = { id: late.id, trackingId: late.gatewayTrackingId, reference: late.merchantReference };
  expect(await abandonOrder({ ...given, status: "pending" }, 5, abandonedAt)).toBe("abandoned");
  await pesapal.complete(late.gatewayTrackingId!, "mpesa", "254712345678", { notify: false });

  const reversed = await newOrder("standard");
  await pesapal.complete(reversed.gatewayTrackingId!, "card");
  await verifyPayment({ trackingId: reversed.gatewayTrackingId!, source: "callback" });
  await pesapal.reverse(reversed.gatewayTrackingId!, { notify: false });

  const fine = await newOrder();
  await pesapal.complete(fine.gatewayTrackingId!, "card");
  await verifyPayment({ trackingId: fine.gatewayTrackingId!, source: "callback" });
  return { reversed, late, fine };
}

/** Today and tomorrow in Nairobi, as the command takes them. */
function range() {
  const day = (offset: number) => new Date(Date.now() + 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
  return { from: day(-1), to: day(1) };
}

async function ordersSnapshot() {
  const db = appDatabase.handle!.db;
  return {
    orders: await db
      .select({
        id: orders.id,
        status: orders.status,
        updatedAt: orders.updatedAt,
        next: orders.nextStatusCheckAt,
        checks: orders.statusChecks,
        cancelled: orders.gatewayCancelledAt,
      })
      .from(orders)
      .orderBy(asc(orders.id)),
    history: (await db.select({ n: count() }).from(orderStatusHistory))[0]!.n,
    payments: (await db.select({ n: count() }).from(payments))[0]!.n,
  };
}

describe(`reconciliation with Pesapal (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("lists a silent reversal and a late payment with what to do, exits 1, and changes nothing", async () => {
    const { reversed, late, fine } = await silentCases();
    const before = await ordersSnapshot();
    const requestsBefore = shop.pesapal().requests.length;

    const result = await runReconcile(range());

    expect(result.exitCode).toBe(1);
    expect(result.pesapal).toMatchObject({ reached: true });
    const differences = result.pesapal!.differences;
    expect(differences.find((d) => d.reference === reversed.merchantReference)).toMatchObject({
      recorded: expect.stringMatching(/^Completed, KSh\s[\d,]+\.\d{2}$/),
      pesapal: expect.stringMatching(/^Reversed/),
      action:
        "Pesapal reversed this payment: press “Check payment with Pesapal” on its order page to take access back.",
    });
    expect(differences.find((d) => d.reference === late.merchantReference)).toMatchObject({
      recorded: expect.stringMatching(/^Abandoned, KSh\s250\.00$/),
      pesapal: expect.stringMatching(/^Paid \(“Completed”\), KSh\s250\.00 \(status 1\)$/),
      action: expect.stringMatching(/^Pesapal shows this order paid: .* to give the reader what she paid for\.$/),
    });
    expect(differences.map((d) => d.reference)).not.toContain(fine.merchantReference);
    expect(result.text).toContain(`    - ${reversed.merchantReference}: we recorded Completed`);
    expect(result.text).toContain("      To do: Pesapal reversed this payment");
    expect(result.text).toMatch(/Differences with Pesapal: \d+/);

    // Read-only: no order, history or payment row changed; Pesapal was only asked for statuses.
    expect(await ordersSnapshot()).toEqual(before);
    const asked = shop.pesapal().requests.slice(requestsBefore);
    expect(asked.filter((r) => !/gettransactionstatus|requesttoken/i.test(r.path))).toEqual([]);
    expect(asked.some((r) => Object.values(r.query).includes(reversed.gatewayTrackingId!))).toBe(true);

    // Offline: only our own tables, which agree with each other.
    const offline = await runReconcile({ ...range(), offline: true });
    expect(offline.text).toContain("Compared with Pesapal: skipped (--offline).");
    expect(offline.exitCode).toBe(offline.report.differences.length > 0 ? 1 : 0);
  });

  it("lists a refund whose outcome is unknown with what Pesapal's status shows", async () => {
    const order = await newOrder();
    await shop.pesapal().complete(order.gatewayTrackingId!, "card");
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback" });
    const admin = await loadAdmin(
      await createUser(appDatabase.handle!.db, { email: `admin-${crypto.randomUUID()}@nuru.test`, role: "admin" }),
    );
    // Pesapal makes the refund but its answer comes after the client gave up: nobody knows the outcome.
    configurePesapal({ baseUrl: shop.pesapal().url, consumerKey: "k", consumerSecret: "s", timeoutMs: 1_500 });
    try {
      shop.pesapal().answerNextRefundLate(3_000);
      const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Bought by mistake" });
      expect(outcome.kind).toBe("unconfirmed");
    } finally {
      configurePesapal({ baseUrl: shop.pesapal().url, consumerKey: "k", consumerSecret: "s" });
    }
    const result = await runReconcile(range());
    const listed = result.pesapal!.differences.filter((d) => d.reference === order.merchantReference);
    expect(listed).toEqual([
      {
        reference: order.merchantReference,
        orderId: order.id,
        recorded: expect.stringMatching(/^refund of KSh\s250\.00 asked for, outcome unknown \(order Completed\)$/),
        pesapal: expect.stringMatching(/^Reversed/),
        action: expect.stringMatching(/^Pesapal shows the money went back: use “Check with Pesapal”/),
      },
    ]);
    expect(result.exitCode).toBe(1);
  });

  it("says so and exits 1 when Pesapal cannot be reached", async () => {
    await newOrder();
    configurePesapal({ baseUrl: "http://127.0.0.1:9", consumerKey: "k", consumerSecret: "s", timeoutMs: 2_000 });
    try {
      const result = await runReconcile(range());
      expect(result.exitCode).toBe(1);
      expect(result.pesapal).toMatchObject({ reached: false });
      expect(result.text).toContain("Compared with Pesapal: NOT DONE. Pesapal could not be reached");
      expect(result.text).toContain("or with --offline to compare only our own records");
    } finally {
      configurePesapal({ baseUrl: shop.pesapal().url, consumerKey: "k", consumerSecret: "s" });
    }
  });

  it("npm run reconcile: the command against the stand-in", { timeout: 120_000 }, async () => {
    // The command opens the database itself: its own PGlite directory, or this run's PostgreSQL database.
    const saved = appDatabase.handle!;
    const url = shop.database().url;
    const dataDir = mkdtempSync(path.join(tmpdir(), "nuru-reconcile-"));
    const disk = url ? null : openDatabase({ dataDir, loadDataDir: await migratedSnapshot() });
    let cases: Awaited<ReturnType<typeof silentCases>>;
    try {
      if (disk) {
        appDatabase.handle = disk;
        await createPricingData(disk.db);
        for (const plan of PLAN_CATALOGUE) await createPlan(disk.db, plan);
      }
      cases = await silentCases();
    } finally {
      appDatabase.handle = saved;
      await disk?.close();
    }
    const command = (...args: string[]) =>
      run(process.execPath, ["--import", "./scripts/register.mjs", "scripts/reconcile.ts", ...args], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          DATABASE_URL: url ?? "",
          PESAPAL_CONSUMER_KEY: "k",
          PESAPAL_CONSUMER_SECRET: "s",
          PESAPAL_BASE_URL: shop.pesapal().url,
        },
        encoding: "utf8",
      }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (failed: { code: number; stdout: string }) => ({ code: failed.code, stdout: failed.stdout }),
      );
    const { from, to } = range();
    const online = await command("--from", from, "--to", to);
    expect(online.code).toBe(1);
    expect(online.stdout).toContain(`- ${cases.reversed.merchantReference}: we recorded Completed`);
    expect(online.stdout).toContain(`- ${cases.late.merchantReference}: we recorded Abandoned`);
    expect(online.stdout).toContain("To do: Pesapal reversed this payment");
    const offline = await command("--from", from, "--to", to, "--offline");
    expect(offline.stdout).toContain("Compared with Pesapal: skipped (--offline).");
    expect(offline.stdout).not.toContain(cases.reversed.merchantReference);
  });
});
