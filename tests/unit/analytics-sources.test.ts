// Where readers come from (issue 46): only another site's domain and the link's campaign words are counted, never a
// path or query, and the shop's own pages are no source.
import { describe, expect, it } from "vitest";
import { arrivalSource, normalizeCampaign, referrerDomain } from "~/modules/analytics/sources.server";
import { failureReason } from "~/modules/analytics/failure-reasons";

describe("arrival sources", () => {
  it("keeps the other site's domain only, without www., and names an app by its package", () => {
    expect(referrerDomain("https://www.Google.com/search?q=fibroids", "nuru.co.ke")).toBe("google.com");
    expect(referrerDomain("android-app://com.whatsapp/", "nuru.co.ke")).toBe("com.whatsapp");
    expect(referrerDomain("https://www.nuru.co.ke/article/1", "nuru.co.ke")).toBe("");
    expect(referrerDomain("not a url", "nuru.co.ke")).toBe("");
    expect(referrerDomain(undefined, "nuru.co.ke")).toBe("");
  });

  it("reads the campaign from utm_ parameters, in lower case and bounded, and nothing else", () => {
    const url = new URL(
      `https://nuru.co.ke/pricing?utm_source=WhatsApp&utm_medium=%20Social%20&utm_campaign=${"x".repeat(90)}&q=secret`,
    );
    expect(arrivalSource(url, undefined)).toEqual({
      domain: "",
      utmSource: "whatsapp",
      utmMedium: "social",
      utmCampaign: "x".repeat(60),
    });
    expect(arrivalSource(new URL("https://nuru.co.ke/"), "https://nuru.co.ke/articles")).toBeNull();
    expect(normalizeCampaign("a\u0000b\n  c")).toBe("ab c");
  });
});

describe("payment failure reasons", () => {
  it("groups the gateway's wordings by what they mean", () => {
    expect(failureReason("Insufficient balance").words).toBe("Not enough money in the account");
    expect(failureReason("The balance is insufficient for the transaction").words).toBe(
      "Not enough money in the account",
    );
    expect(failureReason("Request cancelled by user").words).toBe("She cancelled the prompt");
    expect(failureReason("DS timeout user cannot be reached").words).toBe("The M-Pesa prompt was not answered in time");
    expect(failureReason("The initiator information is invalid.").words).toBe("Wrong PIN entered");
    expect(failureReason("Do not honour").words).toBe("Declined by her bank");
    expect(failureReason("  ").words).toBe("No reason given");
    expect(failureReason("Something new").words).toBe("Another reason");
  });
});
