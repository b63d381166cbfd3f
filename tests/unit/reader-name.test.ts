import { describe, expect, it } from "vitest";
import { readerNameOf, roleLabelOf } from "~/modules/accounts/reader-name";

// Issue 46, item 22: a signed-in reader is never "Guest".
describe("what the shop calls a signed-in reader", () => {
  it("uses her name, else the part of her address before the @", () => {
    expect(readerNameOf({ fullName: "  Amani Njoroge ", email: "amani@example.com" })).toBe("Amani Njoroge");
    expect(readerNameOf({ fullName: null, email: "wanjiku.k@example.com" })).toBe("wanjiku.k");
    expect(readerNameOf({ fullName: "   ", email: "zawadi@example.com" })).toBe("zawadi");
  });

  it("labels the no-plan role as a reader, not a guest", () => {
    expect(roleLabelOf("guest")).toBe("Reader");
    expect(roleLabelOf("subscriber")).toBe("Subscriber");
    expect(roleLabelOf("admin")).toBe("Admin");
  });
});
