// The request log and /metrics (ADR 042): one JSON line per request with its id, route pattern, status and duration,
// and nothing personal (no query string, cookie or e-mail address, no slug of what a reader reads); /metrics only
// for the bearer of METRICS_TOKEN.
import { Writable } from "node:stream";
import type { AddressInfo } from "node:net";
import express from "express";
import { pino } from "pino";
import { afterAll, describe, expect, it } from "vitest";
import routes from "~/routes";
import type { BuildRoutes } from "~/lib/route-facts";
import { routePatternMatcher } from "~/lib/route-patterns";
import { requestLog } from "~/lib/request-log.server";
import { metricsEndpoint } from "~/lib/metrics-endpoint.server";
import { countGatewayCall, countJobRun, metricsRegistry } from "~/lib/metrics.server";

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}

/** The build's route tree from app/routes.ts (the patterns need no route module). */
function sourceRoutes(): BuildRoutes {
  const build: BuildRoutes = { root: { id: "root", path: "", module: {} } };
  const visit = (entries: ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, "");
      build[id] = { id, parentId, path: entry.path, index: entry.index, module: {} };
      if (entry.children) visit(entry.children, id);
    }
  };
  visit(routes as ConfigEntry[], "root");
  return build;
}

const routeOf = routePatternMatcher(sourceRoutes());
const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((server) => server.close()));

async function serve(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** An app with the request log in front of a page, and the lines it writes. */
async function loggedApp({ trustProxy = false } = {}) {
  const lines: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(chunk.toString());
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog({ logger: pino(sink), routeOf, trustProxy }));
  app.get("/{*splat}", (_req, res) => void res.status(200).send("a page"));
  const url = await serve(app);
  /** Waits for the line of the request answered with `requestId`. */
  const lineOf = async (requestId: string | null) => {
    await expect.poll(() => lines.some((line) => line.reqId === requestId)).toBe(true);
    return { line: lines.find((line) => line.reqId === requestId)!, raw: raw.join("") };
  };
  return { url, lineOf };
}

describe("route patterns", () => {
  it("name a request by its route, never by what it asks for", () => {
    expect(routeOf("/article/how-i-left-him")).toBe("/article/:id");
    expect(routeOf("/article/how-i-left-him.data")).toBe("/article/:id.data");
    expect(routeOf("/_root.data")).toBe("/.data");
    expect(routeOf("/")).toBe("/");
    expect(routeOf("/pricing")).toBe("/pricing");
    expect(routeOf("/assets/entry.client-abc123.js")).toBe("/assets/*");
    expect(routeOf("/metrics")).toBe("/metrics");
    expect(routeOf("/api/payments/ipn")).toBe("/api/payments/ipn");
  });
});

describe("request log", () => {
  it("writes one JSON line per request: id, method, route pattern, status, duration, and nothing personal", async () => {
    const { url, lineOf } = await loggedApp();
    const res = await fetch(`${url}/article/leaving-an-abusive-marriage?code=482913&email=wanjiru%40example.com`, {
      headers: { Cookie: "nuru.session_token=secret-session-value", "X-Request-Id": "chosen-by-the-client-1" },
    });
    expect(res.status).toBe(200);
    const requestId = res.headers.get("x-request-id");
    // Without a trusted proxy, a client does not choose the id written into the shop's log.
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    const { line, raw } = await lineOf(requestId);
    expect(line).toMatchObject({ msg: "request", method: "GET", route: "/article/:id", status: 200 });
    expect(typeof line.ms).toBe("number");
    for (const secret of ["482913", "wanjiru", "example.com", "secret-session-value", "leaving-an-abusive", "?"])
      expect(raw).not.toContain(secret);
  });

  it("logs build assets only at debug level", async () => {
    const { url, lineOf } = await loggedApp();
    const asset = await fetch(`${url}/assets/entry.client-abc123.js`);
    await asset.text();
    // The page's line is written after the asset's would have been.
    const page = await fetch(`${url}/about`);
    await page.text();
    const { raw } = await lineOf(page.headers.get("x-request-id"));
    expect(raw).not.toContain(asset.headers.get("x-request-id")!);
  });

  it("keeps the request id a trusted proxy sends, and replaces one that is not an id", async () => {
    const { url, lineOf } = await loggedApp({ trustProxy: true });
    const kept = await fetch(`${url}/pricing`, { headers: { "X-Request-Id": "haproxy-0a1b2c3d" } });
    expect(kept.headers.get("x-request-id")).toBe("haproxy-0a1b2c3d");
    expect((await lineOf("haproxy-0a1b2c3d")).line.route).toBe("/pricing");
    const replaced = await fetch(`${url}/pricing`, { headers: { "X-Request-Id": "x {injected: true}" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("/metrics", () => {
  async function metricsApp(token: string | undefined) {
    const app = express();
    app.get("/metrics", metricsEndpoint(token));
    return serve(app);
  }

  it("is not there without METRICS_TOKEN", async () => {
    const url = await metricsApp(undefined);
    expect((await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer anything-at-all-here" } })).status).toBe(
      404,
    );
  });

  it("refuses a missing or wrong token and gives the figures to the token's bearer", async () => {
    const url = await metricsApp("a-long-enough-metrics-token");
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer a-long-enough-metrics-tokeN" } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
    countJobRun("unit-test-job", "ran");
    await countGatewayCall("SubmitOrderRequest", () => Promise.reject(Object.assign(new Error("x"), { code: "T" })))
      // The failure is the caller's to handle; it is counted on the way.
      .catch(() => {});
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: "Bearer a-long-enough-metrics-token" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(metricsRegistry.contentType);
    const text = await res.text();
    expect(text).toContain("# TYPE nuru_http_request_duration_seconds histogram");
    expect(text).toContain('nuru_job_runs_total{job="unit-test-job",outcome="ran"} 1');
    expect(text).toContain('nuru_gateway_calls_total{operation="SubmitOrderRequest"} 1');
    expect(text).toContain('nuru_gateway_failures_total{operation="SubmitOrderRequest",code="T"} 1');
    // The request log of the tests above observed its requests by route pattern and status class.
    expect(text).toMatch(
      /nuru_http_request_duration_seconds_count\{method="GET",route="\/pricing",status_class="2xx"\} \d/,
    );
  });
});
