import { describe, expect, it } from "vitest";
import { isCardPayment, paymentMethodLabel } from "~/modules/orders/payment-method";

describe("how she paid, as she knows it", () => {
  it("names Pesapal's payment methods in words, never the gateway's code (issue 29 item 8)", () => {
    expect(paymentMethodLabel("MpesaKE")).toBe("M-Pesa");
    expect(paymentMethodLabel("M-Pesa")).toBe("M-Pesa");
    expect(paymentMethodLabel("AirtelKE")).toBe("Airtel Money");
    expect(paymentMethodLabel("Visa")).toBe("Visa card");
    expect(paymentMethodLabel("VISA")).toBe("Visa card");
    expect(paymentMethodLabel("MasterCard")).toBe("Mastercard");
    expect(paymentMethodLabel("Amex")).toBe("American Express card");
    expect(paymentMethodLabel("card")).toBe("Card");
    expect(paymentMethodLabel("")).toBeNull();
    expect(paymentMethodLabel(null)).toBeNull();
  });

  it("still tells a card from mobile money by the raw code", () => {
    expect(isCardPayment("Visa")).toBe(true);
    expect(isCardPayment("MpesaKE")).toBe(false);
  });
});
