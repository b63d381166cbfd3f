// What /metrics counts in the running code (ADR 042): each Pesapal exchange and its failure, each job offer by
// outcome, and the database gauges read at the scrape (orders by state, the member mail queue).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { mailDeliveries, mailSends, mailSubscribers } from "~/db/schema";
import { createOrder, createPaidOrder, createPlan, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { createScheduler } from "~/modules/jobs/scheduler.server";
import { createPesapalClient } from "~/modules/payments/pesapal/client.server";
import { metricsRegistry } from "~/lib/metrics.server";
import { observability } from "~/server/observability.server";
import { parseEnv } from "~/lib/env.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

/** One series' value in Prometheus' text format (0 when absent). */
async function sample(series: string): Promise<number> {
  const text = await metricsRegistry.metrics();
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe("operational metrics", () => {
  it("counts every Pesapal exchange and each failure by its code", async () => {
    const calls = 'nuru_gateway_calls_total{operation="RequestToken"}';
    const failures = 'nuru_gateway_failures_total{operation="RequestToken",code="PESAPAL_NETWORK"}';
    const [callsBefore, failuresBefore] = [await sample(calls), await sample(failures)];
    const client = createPesapalClient({
      baseUrl: "http://pesapal.invalid",
      consumerKey: "k",
      consumerSecret: "s",
      retries: 1,
      retryDelayMs: 1,
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });
    await expect(client.requestToken()).rejects.toThrow();
    // The first attempt and its one retry.
    expect((await sample(calls)) - callsBefore).toBe(2);
    expect((await sample(failures)) - failuresBefore).toBe(2);
  });

  it("counts each job offer by outcome", async () => {
    const job = { name: "metrics-probe", everySeconds: 60, run: async () => "done" };
    const scheduler = createScheduler({ handle: t, jobs: [job], log: () => {} });
    const now = new Date("2026-11-28T10:00:00Z");
    await scheduler.runDue(now);
    await scheduler.runDue(new Date(now.getTime() + 1000));
    expect(await sample('nuru_job_runs_total{job="metrics-probe",outcome="ran"}')).toBe(1);
    expect(await sample('nuru_job_runs_total{job="metrics-probe",outcome="already-ran"}')).toBe(1);
  });

  it("reads orders by state and the mail queue's depth from the database at each scrape", async () => {
    observability({}, parseEnv({}), false);
    const plan = (await createPlan(t.db, PLAN_CATALOGUE[0]!))!;
    const user = await createUser(t.db, { email: "metrics@nuru.test" });
    const item = { kind: "plan" as const, planId: plan.id, basePriceCents: plan.priceCents };
    await createPaidOrder(t.db, { userId: user.id, item });
    await createOrder(t.db, { userId: user.id, item });
    await createOrder(t.db, { userId: user.id, item });
    const [subscriber] = await t.db
      .insert(mailSubscribers)
      .values({ email: "metrics@nuru.test", status: "active" })
      .returning({ id: mailSubscribers.id });
    const [send] = await t.db
      .insert(mailSends)
      .values({ kind: "digest", audience: "digest", subject: "week", week: "metrics-week" })
      .returning({ id: mailSends.id });
    await t.db.insert(mailDeliveries).values({ sendId: send!.id, subscriberId: subscriber!.id, status: "queued" });

    expect(await sample('nuru_orders{state="completed"}')).toBe(1);
    expect(await sample('nuru_orders{state="pending"}')).toBe(2);
    expect(await sample("nuru_member_mail_queue_depth")).toBe(1);
  });
});
