// What operations see of a running shop (issue 48 item 6, ADR 042): a request id on every response and one JSON log
// line per request with nothing personal in it, and /metrics only for the bearer of METRICS_TOKEN.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../setup/pages";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";

const TOKEN = "e2e-metrics-token-0123456789";

describe("operations", () => {
  let demo: DemoShopCopy;
  let app: RunningApp;

  beforeAll(async () => {
    demo = await copyDemoShop();
    app = await startApp({ ...demo.env, SEED_DEMO: "false", METRICS_TOKEN: TOKEN });
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await demo?.dispose();
  });

  it("has no /metrics without METRICS_TOKEN", async () => {
    const res = await fetch(`${baseUrl()}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  it("logs one JSON line per request: its id, route pattern, status and time, never the query or a cookie", async () => {
    const res = await fetch(`${app.url}/article/not-an-article-at-all?code=482913&email=wanjiru%40example.com`, {
      headers: { Cookie: "nuru.session_token=e2e-secret-cookie" },
    });
    expect(res.status).toBe(404);
    const requestId = res.headers.get("x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    await expect.poll(() => app.output()).toContain(requestId);
    const line = app
      .output()
      .split("\n")
      .find((text) => text.includes(requestId))!;
    expect(JSON.parse(line)).toMatchObject({
      level: "info",
      msg: "request",
      reqId: requestId,
      method: "GET",
      route: "/article/:id",
      status: 404,
    });
    for (const secret of ["482913", "wanjiru", "e2e-secret-cookie", "not-an-article"])
      expect(app.output()).not.toContain(secret);
  });

  it("answers /metrics to the token's bearer only, with the shop's figures", async () => {
    expect((await fetch(`${app.url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${app.url}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all" } });
    expect(wrong.status).toBe(401);
    expect((await (await fetch(`${app.url}/pricing`)).text()).length).toBeGreaterThan(0);
    // A request is counted when its response has finished on the server, a moment after the client read it.
    const pricingCount =
      /nuru_http_request_duration_seconds_count\{method="GET",route="\/pricing",status_class="2xx"\} \d/;
    let res = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    let text = await res.text();
    for (let i = 0; i < 20 && !pricingCount.test(text); i++) {
      await new Promise((r) => setTimeout(r, 100));
      res = await fetch(`${app.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      text = await res.text();
    }
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(text).toMatch(pricingCount);
    // The demo shop's paid orders, read from the database at the scrape.
    expect(text).toMatch(/nuru_orders\{state="completed"\} [1-9]/);
    expect(text).toMatch(/nuru_member_mail_queue_depth \d/);
    for (const name of ["nuru_gateway_calls_total", "nuru_gateway_failures_total", "nuru_job_runs_total"])
      expect(text).toContain(`# TYPE ${name} counter`);
  });
});
