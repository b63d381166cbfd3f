import { describe, expect, it } from "vitest";
import { checkBody, checkTarget, FORM_BODY_LIMIT, REFUSALS } from "~/lib/request-guards";
import { ARTICLE_FORM_BODY_LIMIT, ARTICLE_LIMITS } from "~/modules/content/article-form";
import { EBOOK_FORM_BODY_LIMIT, EBOOK_LIMITS } from "~/modules/content/ebook-form";

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
    const limits = { upload: limit };
    expect(checkBody("POST", "/admin/uploads", { ...multipart, "content-length": String(limit) }, limits)).toBeNull();
    expect(checkBody("POST", "/admin/uploads", { ...multipart, "content-length": String(limit + 1) }, limits)).toEqual(
      REFUSALS.tooLarge,
    );
    expect(checkBody("POST", "/admin/users", { ...multipart, "content-length": "1000000" }, limits)).toEqual(
      REFUSALS.tooLarge,
    );
  });
  it("gives the article and ebook forms a limit that fits their largest possible body, and only them", () => {
    const largeForms = [
      { path: /^\/admin\/articles\/[^/]+$/, bytes: ARTICLE_FORM_BODY_LIMIT },
      { path: /^\/admin\/ebooks\/[^/]+$/, bytes: EBOOK_FORM_BODY_LIMIT },
    ];
    // Every field at its maximum, in the letters that take the most bytes once urlencoded (3 UTF-8 bytes each).
    const widest = (n: number) => "€".repeat(n);
    const article = new URLSearchParams({
      intent: "save",
      title: widest(ARTICLE_LIMITS.title),
      contentMode: "plain",
      content: widest(ARTICLE_LIMITS.content),
      excerpt: widest(ARTICLE_LIMITS.excerpt),
      metaDescription: widest(ARTICLE_LIMITS.metaDescription),
      imageUrl: widest(ARTICLE_LIMITS.url),
      videoUrl: widest(ARTICLE_LIMITS.url),
      accessType: "subscription",
      published: "on",
    });
    for (let i = 0; i < ARTICLE_LIMITS.tags; i++) article.append("tags", widest(ARTICLE_LIMITS.tag));
    for (let i = 0; i < 20; i++) article.append("categoryIds", "00000000-0000-4000-8000-000000000000");
    const articleBytes = Buffer.byteLength(article.toString());
    expect(articleBytes).toBeLessThanOrEqual(ARTICLE_FORM_BODY_LIMIT);
    // Computed, not padded: within a few percent of the real worst case.
    expect(ARTICLE_FORM_BODY_LIMIT).toBeLessThan(articleBytes * 1.05);
    const ebook = new URLSearchParams({
      title: widest(EBOOK_LIMITS.title),
      description: widest(EBOOK_LIMITS.description),
      coverImageUrl: widest(EBOOK_LIMITS.url),
    });
    expect(Buffer.byteLength(ebook.toString())).toBeLessThanOrEqual(EBOOK_FORM_BODY_LIMIT);

    const form = (bytes: number) => ({ "content-type": FORM, "content-length": String(bytes) });
    for (const path of ["/admin/articles/new", "/admin/articles/0d9f6c1e-8a57-4c6b-9b0e-3f1a2b4c5d6e"]) {
      expect(checkBody("POST", path, form(ARTICLE_FORM_BODY_LIMIT), { largeForms })).toBeNull();
      expect(checkBody("POST", path, form(ARTICLE_FORM_BODY_LIMIT + 1), { largeForms })).toEqual(REFUSALS.tooLarge);
    }
    expect(checkBody("POST", "/admin/ebooks/new", form(EBOOK_FORM_BODY_LIMIT), { largeForms })).toBeNull();
    for (const path of ["/admin/users", "/admin/articles", "/admin/articles/x/y", "/signin"]) {
      expect(checkBody("POST", path, form(FORM_BODY_LIMIT + 1), { largeForms }), path).toEqual(REFUSALS.tooLarge);
    }
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
    // Daraja's callbacks are JSON with a length (ADR 043); chunked or oversized, they are refused like any post.
    expect(checkBody("POST", "/api/payments/daraja/stk", json)).toBeNull();
    expect(checkBody("POST", "/api/payments/daraja/stk", { "transfer-encoding": "chunked" })).toEqual(
      REFUSALS.noLength,
    );
    expect(checkBody("POST", "/api/payments/darajax/stk", json)).toEqual(REFUSALS.notAForm);
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
