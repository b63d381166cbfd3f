import { describe, expect, it } from "vitest";
import { checkBody, checkTarget, FORM_BODY_LIMIT, REFUSALS } from "~/lib/request-guards";

const FORM = "application/x-www-form-urlencoded";

describe("checkTarget", () => {
  it.each(["/", "/articles?q=walk%20more", "/category/weight-loss", "/article/abc?x=%E2%9C%93"])(
    "lets %s in",
    (url) => {
      expect(checkTarget(url)).toBeNull();
    },
  );
  it.each(["/articles?q=a%00b", "/category/x%00", "/%00", "/articles?q=%E0%A4%A", "/x%ZZ"])("refuses %s", (url) => {
    expect(checkTarget(url)).toEqual(REFUSALS.badAddress);
  });
});

describe("checkBody", () => {
  it("lets reads and small forms through", () => {
    expect(checkBody("GET", "/", {})).toBeNull();
    expect(checkBody("POST", "/signin", { "content-type": FORM, "content-length": "40" })).toBeNull();
    expect(
      checkBody("POST", "/engagement", { "content-type": "multipart/form-data; boundary=x", "content-length": "400" }),
    ).toBeNull();
    expect(checkBody("POST", "/signout", {})).toBeNull();
  });
  it("refuses bodies above the limit before they are read", () => {
    expect(
      checkBody("POST", "/signin", { "content-type": FORM, "content-length": String(FORM_BODY_LIMIT + 1) }),
    ).toEqual(REFUSALS.tooLarge);
    expect(checkBody("POST", "/signin", { "content-type": FORM, "content-length": "300000000" })).toEqual(
      REFUSALS.tooLarge,
    );
  });
  it("lets only the upload path carry large bodies, up to the upload limit", () => {
    const multipart = { "content-type": "multipart/form-data; boundary=x" };
    const limit = 200 * 1024 * 1024;
    expect(checkBody("POST", "/admin/uploads", { ...multipart, "content-length": String(limit) }, limit)).toBeNull();
    expect(checkBody("POST", "/admin/uploads", { ...multipart, "content-length": String(limit + 1) }, limit)).toEqual(
      REFUSALS.tooLarge,
    );
    expect(checkBody("POST", "/admin/articles/new", { ...multipart, "content-length": "1000000" }, limit)).toEqual(
      REFUSALS.tooLarge,
    );
  });
  it("refuses bodies of unknown length", () => {
    expect(checkBody("POST", "/signin", { "content-type": FORM, "transfer-encoding": "chunked" })).toEqual(
      REFUSALS.noLength,
    );
    expect(checkBody("POST", "/signin", { "content-type": FORM, "content-length": "-1" })).toEqual(REFUSALS.noLength);
  });
  it("refuses bodies that are not forms", () => {
    for (const type of ["application/json", "text/plain", "", "application/x-www-form-urlencodedx"]) {
      expect(checkBody("POST", "/signin", { "content-type": type, "content-length": "10" }), type).toEqual(
        REFUSALS.notAForm,
      );
    }
    expect(checkBody("GET", "/", { "content-length": "10" })).toEqual(REFUSALS.notAForm);
  });
  it("lets Pesapal's IPN (and only it) send a small body in any type, or chunked", () => {
    const json = { "content-type": "application/json", "content-length": "120" };
    expect(checkBody("POST", "/api/payments/ipn", json)).toBeNull();
    expect(checkBody("POST", "/API/Payments/IPN/", json)).toBeNull();
    expect(checkBody("POST", "/api/payments/ipn", { ...json, "content-length": String(8 * 1024 + 1) })).toEqual(
      REFUSALS.tooLarge,
    );
    expect(checkBody("POST", "/api/payments/ipnx", json)).toEqual(REFUSALS.notAForm);
    // Pesapal's POST IPN: its Content-Type and framing are unconfirmed; the route bounds what it reads.
    for (const type of ["text/plain", "", FORM, "application/octet-stream"]) {
      expect(checkBody("POST", "/api/payments/ipn", { ...json, "content-type": type }), type).toBeNull();
    }
    expect(checkBody("POST", "/api/payments/ipn", { "transfer-encoding": "chunked" })).toBeNull();
    expect(checkBody("POST", "/api/payments/ipnx", { ...json, "content-type": "text/plain" })).toEqual(
      REFUSALS.notAForm,
    );
    expect(checkBody("POST", "/signin", { "transfer-encoding": "chunked" })).toEqual(REFUSALS.noLength);
  });
});
