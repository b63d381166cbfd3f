import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl } from "../setup/pages";
import { signInCookie } from "../setup/http-session";
import { freshAddress, newReader, postForm, raw, rawHttp } from "../setup/attacker";

// Threat: a link on the shop's address that lands the reader on another site (phishing after sign-in).
// Every redirect target taken from a request goes through one helper (app/lib/safe-redirect.ts).

const BYPASSES = [
  "//other.example",
  "///other.example",
  "/\\other.example",
  "/%5Cother.example",
  "/\t/other.example",
  "/\n/other.example",
  "/\r\n/other.example",
  "/%09/other.example",
  "/%0a/other.example",
  "/..//other.example",
  "/%2e%2e//other.example",
  "/.%2e//other.example",
  "https://other.example",
  "http:other.example",
  "\\\\other.example",
  "javascript:alert(1)",
  "/\r\nSet-Cookie: x=1",
];

/** The Location must be on the shop: a path of ours, or our own origin. */
function expectOnSite(location: string | null, what: string) {
  expect(location, what).toBeTruthy();
  const url = new URL(location!, baseUrl());
  expect(url.origin, `${what} -> ${location}`).toBe(baseUrl());
  expect(location!.startsWith("//"), `${what} -> ${location}`).toBe(false);
  expect(/[\r\n\t\\]/.test(location!), `${what} -> ${JSON.stringify(location)}`).toBe(false);
}

let cookie: string;
beforeAll(async () => {
  cookie = await signInCookie(await newReader("redirect-pass-1"), "redirect-pass-1");
});

describe("redirect targets from requests stay on the shop", () => {
  it.each(BYPASSES)("signed-in visit to /signin?redirectTo=%j", async (target) => {
    const res = await raw(`/signin?redirectTo=${encodeURIComponent(target)}`, { cookie });
    expect(res.status).toBe(302);
    expectOnSite(res.headers.get("location"), target);
  });

  it.each(BYPASSES)("sign-in form with redirectTo=%j", async (target) => {
    const res = await postForm(
      "/signin",
      { intent: "signin", email: "buyer@nuru.test", password: "nuru-demo-2026", redirectTo: target },
      { from: freshAddress() },
    );
    expect(res.status).toBe(302);
    expectOnSite(res.headers.get("location"), target);
  });

  it.each([...BYPASSES.map((b) => `${baseUrl()}${b.startsWith("/") ? b : `/${b}`}`), "http://[::1", "not a url"])(
    "plain-form /engagement post with Referer %j",
    async (referer) => {
      let res;
      try {
        res = await rawHttp("/engagement", {
          method: "POST",
          headers: {
            Cookie: cookie,
            Referer: referer,
            "Sec-Fetch-Mode": "navigate",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: "intent=bookmark&contentType=article&contentId=00000000-0000-0000-0000-000000000000",
        });
      } catch {
        return; // node:http refuses header values with line breaks: nothing reached the shop
      }
      expect(res.status).toBe(302);
      expectOnSite(res.location, referer);
    },
  );

  it("keeps good local targets", async () => {
    const res = await raw(`/signin?redirectTo=${encodeURIComponent("/articles?page=2")}`, { cookie });
    expect(res.headers.get("location")).toBe("/articles?page=2");
  });

  it("sends a guest to sign in and back to a path of ours only", async () => {
    const res = await raw("//other.example/account");
    expect(res.status).toBeLessThan(500);
    const location = res.headers.get("location");
    if (location) expectOnSite(location, "//other.example/account");
    const confirm = await raw("/confirm-email?token=x&callbackURL=https://other.example");
    expect(confirm.headers.get("location")).toBe("/signin?confirm=invalid");
  });
});
