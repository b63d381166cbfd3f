import { describe, expect, it } from "vitest";
import { failureReasonOf } from "~/modules/payments/failure-reason";

// Issue 46, item 16: the failed page says what Pesapal reported in her words, never its raw text.
describe("a failed payment's reason in her words", () => {
  it.each([
    [
      { paymentStatusCode: "request_terminated_by_user", description: "" },
      "The payment was cancelled before it finished.",
    ],
    [
      { description: "Unable to Authorize Transaction.Kindly contact your bank for assistance" },
      "Your bank declined the card payment.",
    ],
    [
      { description: "The balance is insufficient for the transaction." },
      "Your balance was not enough for this payment.",
    ],
    [
      { description: "DS timeout user cannot be reached" },
      "The M-Pesa prompt timed out before the payment was confirmed.",
    ],
    [{ description: "The initiator information is invalid." }, "The PIN entered was not accepted."],
    [{ description: "Card declined" }, "Your bank declined the card payment."],
  ])("%j -> %s", (report, reason) => {
    const words = failureReasonOf(report);
    expect(words.reason).toBe(reason);
    expect(words.next.length).toBeGreaterThan(10);
  });

  it("says something plain, and no gateway text, when Pesapal gave nothing known", () => {
    for (const report of [null, {}, { statusDescription: "FAILED" }, { description: "ERR_0x19 gw_rejected" }]) {
      const words = failureReasonOf(report);
      expect(words.reason).toBe("Pesapal could not complete the payment.");
      expect(`${words.reason} ${words.next}`).not.toMatch(/ERR_|gw_|FAILED/);
    }
  });
});
