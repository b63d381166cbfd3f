import { describe, expect, it } from "vitest";
import { TokenCache } from "~/lib/gateway-http/token-cache";
import { amountCentsSchema, transactionStatusSchema } from "~/modules/payments/pesapal/wire-schemas";

describe("Pesapal amounts", () => {
  it.each([
    [10, 1000],
    [10.5, 1050],
    [1250.05, 125005],
    [0.01, 1],
    [99999999.99, 9999999999],
  ])("%s -> %i cents, exactly", (amount, cents) => {
    expect(amountCentsSchema.parse(JSON.parse(JSON.stringify(amount)))).toBe(cents);
  });

  it.each([0.1 + 0.2, 10.005, 1e21])("refuses %s rather than rounding", (amount) => {
    expect(amountCentsSchema.safeParse(amount).success).toBe(false);
  });

  it("reads the doc sample of a failed card payment, zone-less date and all", () => {
    const body = transactionStatusSchema.parse({
      payment_method: "Visa",
      amount: 100,
      created_date: "2022-04-30T07:41:09.763",
      confirmation_code: "6513008693186320103009",
      payment_status_description: "Failed",
      description: "Unable to Authorize Transaction.Kindly contact your bank for assistance",
      message: "Request processed successfully",
      payment_account: "476173**0010",
      call_back_url: "https://test.com/?OrderTrackingId=7e6b62d9&OrderMerchantReference=1515111111",
      status_code: 2,
      merchant_reference: "1515111111",
      payment_status_code: "",
      currency: "KES",
      error: { error_type: null, code: null, message: null, call_back_url: null },
      status: "200",
    });
    expect(body).toMatchObject({ amount: 10000, status_code: 2, created_date: "2022-04-30T07:41:09.763" });
  });

  it("refuses a status code the API does not define", () => {
    expect(transactionStatusSchema.shape.status_code.safeParse(4).success).toBe(false);
  });
});

describe("TokenCache", () => {
  it("shares one request, reuses the token and refreshes a fifth of its life before expiry", async () => {
    let now = 0;
    let issued = 0;
    const cache = new TokenCache(
      async () => ({ value: `t${++issued}`, expiresAt: now + 1000 }),
      60_000,
      () => now,
    );
    expect(await Promise.all([cache.get(), cache.get()])).toEqual(["t1", "t1"]);
    now = 799;
    expect(await cache.get()).toBe("t1");
    now = 800;
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t1");
    expect(await cache.get()).toBe("t2");
    cache.invalidate("t2");
    expect(await cache.get()).toBe("t3");
  });

  it("does not keep a failed request", async () => {
    let calls = 0;
    const cache = new TokenCache(async () => {
      calls += 1;
      if (calls === 1) throw new Error("down");
      return { value: "ok", expiresAt: Date.now() + 60_000 };
    }, 1000);
    await expect(cache.get()).rejects.toThrow("down");
    expect(await cache.get()).toBe("ok");
  });
});
