// The receipt SMS (issue 49 item 5): one GSM-7 part of at most 160 characters, plain ASCII, with the M-Pesa code,
// what she bought in generic words, until when, the receipt number and the short link; never a title.
import { describe, expect, it } from "vitest";
import { GSM7_BASIC, isGsm7Basic, toPlainSmsText } from "~/modules/sms/gsm7";
import { composeReceiptSms, smsAmount, smsDate, SMS_MAX_CHARS, type ReceiptSmsFacts } from "~/modules/sms/receipt-sms";
import { outcomeOfRecipient } from "~/modules/sms/africas-talking.server";

const facts: ReceiptSmsFacts = {
  mpesaCode: "QJK1ABCD23",
  amountCents: 15_000,
  item: "Week pass",
  until: new Date("2026-12-05T09:00:00Z"),
  receiptNumber: "NURU-2026-000123",
  link: "nuru.co.ke/r/AbCdEfGh123456",
};

/** Every character must be one GSM-7 septet and printable ASCII. */
function expectOnePart(text: string) {
  expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
  expect(isGsm7Basic(text)).toBe(true);
  expect(text).toMatch(/^[\x20-\x7e]*$/);
}

describe("receipt SMS composer", () => {
  it("says the amount, the M-Pesa code, what she bought, until when, the receipt number and the link", () => {
    const text = composeReceiptSms(facts);
    expect(text).toBe(
      "Nuru: Paid KES 150, M-Pesa QJK1ABCD23. Week pass until 5 Dec 2026. Receipt NURU-2026-000123: nuru.co.ke/r/AbCdEfGh123456",
    );
    expectOnePart(text);
  });

  it("leaves out the date for what has no end (an ebook) and keeps the word generic", () => {
    const text = composeReceiptSms({ ...facts, item: "Ebook", until: null, amountCents: 45_050 });
    expect(text).toContain("KES 450.50, M-Pesa QJK1ABCD23. Ebook. Receipt");
    expect(text).not.toContain("until");
    expectOnePart(text);
  });

  it("stays one part with a very long plan name and a long shop address: the item is shortened, never the code", () => {
    const text = composeReceiptSms({
      ...facts,
      amountCents: 1_234_567_00,
      item: "Premium Wellness Everything Included For The Whole Family Annual plan",
      link: "shop.nuru-wellness-for-women.co.ke/r/AbCdEfGh123456",
    });
    expectOnePart(text);
    expect(text).toContain("M-Pesa QJK1ABCD23");
    expect(text).toContain("KES 1,234,567");
    expect(text).toContain("Receipt NURU-2026-000123: shop.nuru-wellness-for-women.co.ke/r/AbCdEfGh123456");
    expect(text).toContain("until 5 Dec 2026");
    expect(text).toMatch(/Premium.*\.\.\. until/);
  });

  it("turns typographic characters into plain ones: no en dash, no no-break space, no curly quote", () => {
    const intl = new Intl.NumberFormat("en-KE", { style: "currency", currency: "KES" }).format(150);
    expect(intl).toContain("\u00a0"); // the trap this guards against
    const text = composeReceiptSms({ ...facts, item: `Premium\u00a0plan \u2013 \u201cgold\u201d caf\u00e9 ~[x]` });
    expectOnePart(text);
    expect(text).toContain(`Premium plan - "gold" cafe -(x)`);
    expect(toPlainSmsText(intl)).toBe("Ksh 150.00");
  });

  it("writes a Nairobi date and whole shillings", () => {
    expect(smsDate(new Date("2026-12-04T22:30:00Z"))).toBe("5 Dec 2026"); // 01:30 in Nairobi
    expect(smsAmount(15_000)).toBe("KES 150");
    expect(smsAmount(100_000)).toBe("KES 1,000");
  });

  it("carries no title: the composer is given generic words only, and prints nothing else of the order", () => {
    const text = composeReceiptSms({ ...facts, item: "Ebook" });
    const words = text.split(/[^A-Za-z]+/).filter(Boolean);
    expect(new Set(words)).toEqual(
      new Set([
        "Nuru",
        "Paid",
        "KES",
        "M",
        "Pesa",
        "QJK",
        "ABCD",
        "Ebook",
        "until",
        "Dec",
        "Receipt",
        "NURU",
        "nuru",
        "co",
        "ke",
        "r",
        "AbCdEfGh",
      ]),
    );
  });

  it("knows the GSM-7 basic set: ASCII's backtick, braces and tilde are not one septet", () => {
    expect(isGsm7Basic("Hello @ 100%")).toBe(true);
    for (const ch of ["`", "{", "~", "\u2013", "\u00a0", "€"]) expect(isGsm7Basic(ch)).toBe(false);
    expect(GSM7_BASIC).toHaveLength(127);
  });

  it("without a code (never expected) still names M-Pesa", () => {
    expect(composeReceiptSms({ ...facts, mpesaCode: "" })).toContain("Paid KES 150 by M-Pesa. Week pass");
  });
});

describe("Africa's Talking recipient status codes", () => {
  it("101 Sent and 102 Queued are accepted with their id and cost", () => {
    expect(
      outcomeOfRecipient({ statusCode: 101, status: "Success", messageId: "ATXid_1", cost: "KES 0.8000" }),
    ).toEqual({
      kind: "accepted",
      statusCode: 101,
      status: "Success",
      messageId: "ATXid_1",
      cost: "KES 0.8000",
    });
    expect(outcomeOfRecipient({ statusCode: 102, status: "Queued", messageId: "ATXid_2" }).kind).toBe("accepted");
  });

  it("403 InvalidPhoneNumber and 406 UserInBlacklist are refusals for good; 405 and 500 are retried", () => {
    expect(outcomeOfRecipient({ statusCode: 403, status: "InvalidPhoneNumber" }).kind).toBe("rejected");
    expect(outcomeOfRecipient({ statusCode: 406, status: "UserInBlacklist" }).kind).toBe("rejected");
    expect(outcomeOfRecipient({ statusCode: 405, status: "InsufficientBalance" }).kind).toBe("retry");
    expect(outcomeOfRecipient({ statusCode: 500, status: "InternalServerError" }).kind).toBe("retry");
  });
});
