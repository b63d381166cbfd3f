import { describe, expect, it } from "vitest";
import { pageAddressOf } from "~/lib/sign-in-href";

// Issue 46, item 18: a guest sent to sign in from a client-side navigation comes back to the page, not its `.data`.
describe("the page to come back to after signing in", () => {
  it("drops React Router's data-request suffix and its _routes parameter", () => {
    expect(pageAddressOf("http://x.test/checkout/plan/week-pass.data?from=abc&_routes=routes%2Fcheckout")).toBe(
      "/checkout/plan/week-pass?from=abc",
    );
    expect(pageAddressOf("http://x.test/checkout/plan/basic?code=SAVE")).toBe("/checkout/plan/basic?code=SAVE");
    expect(pageAddressOf("http://x.test/_root.data")).toBe("/");
  });
});
