import { describe, expect, it } from "vitest";
import { limitAddress } from "~/modules/security/client-address";

describe("limitAddress", () => {
  it("keeps IPv4 addresses and unwraps IPv4-mapped IPv6", () => {
    expect(limitAddress("197.232.1.9")).toBe("197.232.1.9");
    expect(limitAddress("::ffff:197.232.1.9")).toBe("197.232.1.9");
  });
  it("counts an IPv6 client as its /64", () => {
    expect(limitAddress("2001:db8:85a3:1:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:85a3:1::/64");
    expect(limitAddress("2001:db8:85a3:1::7")).toBe("2001:db8:85a3:1::/64");
    expect(limitAddress("2001:0db8:0000:0001:ffff::1")).toBe("2001:db8:0:1::/64");
    expect(limitAddress("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(limitAddress("::1")).toBe("0:0:0:0::/64");
  });
  it("leaves anything else as it is", () => {
    expect(limitAddress("unknown")).toBe("unknown");
  });
});
