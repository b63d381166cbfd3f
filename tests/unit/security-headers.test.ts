import { describe, expect, it } from "vitest";
import { baseSecurityHeaders, contentSecurityPolicy } from "~/lib/security-headers.server";

describe("security headers", () => {
  it("allows scripts only from the shop itself, or by nonce on documents", () => {
    expect(contentSecurityPolicy(null, false)).toContain("script-src 'self';");
    expect(contentSecurityPolicy("abc", false)).toContain("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    for (const csp of [contentSecurityPolicy(null, true), contentSecurityPolicy("abc", true)]) {
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
    }
  });

  it("adds HSTS only in production", () => {
    expect(baseSecurityHeaders(false)["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/max-age=\d+/);
    expect(baseSecurityHeaders(true)["X-Content-Type-Options"]).toBe("nosniff");
  });
});
