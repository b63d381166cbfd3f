import { describe, expect, it } from "vitest";
import {
  displayMpesaPhone,
  normalizeMpesaCode,
  normalizeMpesaPhone,
  promptOutcome,
} from "~/modules/payments/mpesa-phone";
import { darajaTimestamp, readStkCallback, stkPassword } from "~/modules/payments/daraja/client.server";
import { newMpesaAccount } from "~/modules/payments/daraja-provider.server";

describe("M-Pesa numbers and codes", () => {
  it("accepts 07..., 01..., +254... and 254..., with spaces or dashes", () => {
    for (const typed of [
      "0712345678",
      "0712 345 678",
      "+254712345678",
      "254712345678",
      "+254 712-345-678",
      "712345678",
    ]) {
      expect(normalizeMpesaPhone(typed)).toBe("254712345678");
    }
    expect(normalizeMpesaPhone("0110123456")).toBe("254110123456");
    expect(displayMpesaPhone("254712345678")).toBe("0712 345 678");
  });

  it("refuses what M-Pesa cannot prompt", () => {
    for (const typed of ["", "0812345678", "071234567", "07123456789", "+255712345678", "phone", "0712 34S 678"]) {
      expect(normalizeMpesaPhone(typed)).toBeNull();
    }
  });

  it("reads a code pasted with the rest of the SMS", () => {
    expect(normalizeMpesaCode(" qjk1abcd23 Confirmed. Ksh150.00 sent")).toBe("QJK1ABCD23");
    expect(normalizeMpesaCode("QJK1ABCD2")).toBeNull();
    expect(normalizeMpesaCode("QJK1ABCD23X")).toBeNull();
  });

  it("says each result code in plain words with a next step", () => {
    expect(promptOutcome(1032).title).toBe("You cancelled on your phone");
    expect(promptOutcome(1).message).toMatch(/Top up .* Fuliza.* pay by card/);
    expect(promptOutcome(2001).title).toBe("Wrong M-Pesa PIN");
    expect(promptOutcome(1037).message).toMatch(/send the prompt again/);
    expect(promptOutcome(1001).message).toMatch(/wait a minute/);
    expect(promptOutcome(0).retry).toBe(false);
    expect(promptOutcome(9999).retry).toBe(true);
  });
});

describe("Daraja wire", () => {
  it("builds the STK password from shortcode, passkey and a Nairobi timestamp", () => {
    const timestamp = darajaTimestamp(new Date("2026-11-28T21:30:05Z"));
    expect(timestamp).toBe("20261129003005");
    expect(Buffer.from(stkPassword("174379", "key", timestamp), "base64").toString()).toBe("174379key20261129003005");
  });

  it("reads a callback's metadata and a failure without it", () => {
    const paid = readStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: "m",
          CheckoutRequestID: "ws_CO_1",
          ResultCode: 0,
          ResultDesc: "ok",
          CallbackMetadata: {
            Item: [
              { Name: "Amount", Value: 150 },
              { Name: "MpesaReceiptNumber", Value: "QJK1ABCD23" },
              { Name: "Balance" },
              { Name: "PhoneNumber", Value: 254712345678 },
            ],
          },
        },
      },
    });
    expect(paid).toMatchObject({ resultCode: 0, amountCents: 15000, receipt: "QJK1ABCD23", phone: "254712345678" });
    const cancelled = readStkCallback({
      Body: {
        stkCallback: {
          MerchantRequestID: "m",
          CheckoutRequestID: "ws_CO_2",
          ResultCode: 1032,
          ResultDesc: "Request cancelled by user",
        },
      },
    });
    expect(cancelled).toMatchObject({ resultCode: 1032, amountCents: null, receipt: null });
    expect(readStkCallback({ Body: {} })).toBeNull();
  });

  it("makes Paybill account numbers of at most 12 letters and digits", () => {
    const accounts = new Set(Array.from({ length: 200 }, () => newMpesaAccount()));
    expect(accounts.size).toBe(200);
    for (const account of accounts) expect(account).toMatch(/^[A-Z0-9]{1,12}$/);
  });
});
