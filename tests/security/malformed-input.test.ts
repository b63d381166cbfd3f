import { beforeAll, describe, expect, it } from "vitest";
import { signInCookie } from "../setup/http-session";
import { expectNoCrash, raw } from "../setup/attacker";
import { probeIds } from "../setup/probe-ids";
import { INTENTIONAL_ERRORS, routeProbes, type RouteProbe } from "../setup/route-probes";

// Threat: knocking the shop over (or making it show internals) with bytes and bodies no page sends. The suite
// walks every route in app/routes.ts: each answers a clear 4xx (or its normal page), never a 500 or a stack trace.

let probes: RouteProbe[];
let admin: string;

beforeAll(async () => {
  probes = routeProbes(await probeIds());
  admin = await signInCookie("admin@nuru.test");
});

const BAD_QUERIES = [
  "q=a%00b",
  "q=%E0%A4%A",
  "q=%ZZ",
  "redirectTo=%2F%0D%0ALocation%3A%20https%3A%2F%2Fother.example",
  "page=-1&access=__proto__",
  "page=99999999999999999999",
  `q=${"a".repeat(5000)}`,
];

const BAD_BODIES: { name: string; headers: Record<string, string>; body: string }[] = [
  { name: "JSON", headers: { "Content-Type": "application/json" }, body: '{"intent":"signin","email":"a@b.c"}' },
  { name: "text", headers: { "Content-Type": "text/plain" }, body: "intent=signin" },
  { name: "no type", headers: {}, body: "intent=signin" },
  {
    name: "broken multipart",
    headers: { "Content-Type": "multipart/form-data; boundary=zz" },
    body: '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nsig',
  },
  { name: "multipart without boundary", headers: { "Content-Type": "multipart/form-data" }, body: "x" },
  {
    name: "NUL in a field",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "intent=signin&email=a%00b%40c.d&password=x%00y&fullName=%00&body=%00",
  },
  {
    name: "prototype keys",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "__proto__=x&constructor=y&intent=__proto__",
  },
  {
    name: "malformed Referer",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Referer: "http://[::1",
      "Sec-Fetch-Mode": "navigate",
    },
    body: "intent=bookmark",
  },
];

describe("malformed input on every route", () => {
  it("knows every route (the walk is open-world)", () => {
    expect(probes.length).toBeGreaterThan(30);
  });

  it("answers bad query bytes with 4xx or the page, never 500", async () => {
    for (const probe of probes) {
      for (const path of [...probe.paths, ...probe.dataPaths]) {
        if (INTENTIONAL_ERRORS.has(path)) continue;
        for (const query of BAD_QUERIES) {
          const url = `${path}${path.includes("?") ? "&" : "?"}${query}`;
          for (const cookie of [undefined, admin]) expectNoCrash(await raw(url, { cookie }), `GET ${url}`);
        }
      }
    }
  });

  it("answers bad path bytes and prototype names with 4xx", async () => {
    for (const path of [
      "/category/x%00",
      "/article/%00",
      "/ebook/%E0%A4%A",
      "/admin/__proto__",
      "/admin/constructor",
      "/admin/hasOwnProperty",
      "/media/%00",
      "/%2e%2e/%2e%2e/etc/passwd",
    ]) {
      for (const cookie of [undefined, admin]) {
        const res = await raw(path, { cookie });
        expectNoCrash(res, `GET ${path}`);
        if (cookie) expect([302, 400, 404], path).toContain(res.status);
      }
    }
  });

  it("answers bodies no form sends with 4xx on every route, signed in or not", async () => {
    for (const probe of probes) {
      const path = probe.paths[0] ?? `/${probe.pattern.replace("*", "x")}`;
      for (const bad of BAD_BODIES) {
        for (const cookie of probe.pattern === "signout" ? [undefined] : [undefined, admin]) {
          for (const target of [path, ...probe.dataPaths.slice(0, 1)].filter((p) => !INTENTIONAL_ERRORS.has(p))) {
            const res = await raw(target, { method: "POST", cookie, headers: bad.headers, body: bad.body });
            expectNoCrash(res, `POST ${target} (${bad.name}, ${cookie ? "admin" : "guest"})`);
            // Pesapal's IPN reads a notification from any body shape, or from its query (issue 30 item 2; its
            // shapes and 413 are in payments.test.ts): no crash is all that holds for it here.
            const anyBody = target.startsWith("/api/payments/ipn");
            if (
              probe.takesPosts &&
              cookie &&
              !anyBody &&
              bad.name !== "malformed Referer" &&
              bad.name !== "prototype keys"
            )
              expect(res.status, `POST ${target} (${bad.name})`).toBeGreaterThanOrEqual(400);
          }
        }
      }
    }
  });

  it("explains a refused body in words", async () => {
    const res = await raw("/signin", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("This request could not be read. Please reload the page and try again.");
  });
});
