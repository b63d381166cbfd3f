// Pesapal behind the payment-provider interface (ADR 043): the hosted page for M-Pesa and cards, its status check
// (GetTransactionStatus, shared between concurrent callers) and CancelOrder. The submission is what checkout did
// before the interface existed, moved here unchanged.
import { getEnv } from "~/lib/env.server";
import { localeHref, localizedHref } from "~/lib/locale";
import { ITEM_WORDS } from "~/modules/membership/purchase-kind-words";
import { ensureIpnId, forgetIpnId, getPesapal } from "./payment-gateway.server";
import { isPesapalError } from "./pesapal/errors";
import { checkTransactionStatus } from "./gateway-checks.server";
import { recordGatewayFailure } from "./gateway-failures.server";
import type { CheckoutQuote } from "./checkout.server";
import { isDuplicateRefundAnswer, statusShowsRefund } from "./refund-rules";
import type { PaymentProvider, StartInput } from "./payment-provider.server";

export const pesapalProvider: PaymentProvider = {
  name: "pesapal",

  async start({ order, quote, buyer, recurring, locale = "en" }: StartInput) {
    const env = getEnv();
    const [firstName, ...rest] = (buyer.fullName ?? "").trim().split(/\s+/);
    const request = (notificationId: string) => ({
      merchantReference: order.merchantReference,
      amountCents: order.amountCents,
      currency: order.currency,
      description: describe(quote).slice(0, 100),
      // In the language she checked out in: "/sw/payment/return" from the Swahili checkout (ADR 048).
      callbackUrl: `${env.PUBLIC_URL}${localeHref("/payment/return", locale)}`,
      // Cancel on her page leads back as the checkout's own back link does.
      cancellationUrl: `${env.PUBLIC_URL}${localizedHref(ITEM_WORDS[quote.kind].backPath(quote.itemId), locale)}`,
      notificationId,
      billingAddress: {
        emailAddress: buyer.email,
        countryCode: order.countryCode,
        firstName: firstName ?? "",
        lastName: rest.join(" "),
      },
      // Recurring payments (card only): Pesapal's page offers the opt-in; with details the schedule is prefilled.
      ...(recurring ? { accountNumber: recurring.accountNumber } : {}),
      ...(recurring?.details ? { subscriptionDetails: recurring.details } : {}),
    });
    const client = await getPesapal();
    let submitted;
    try {
      submitted = await client.submitOrder(request(await ensureIpnId()));
    } catch (error) {
      // CASE: our stored IPN id belongs to another Pesapal environment -> look it up again, once. A refused order
      // was not created, so the same merchant reference may be sent again.
      if (!isPesapalError(error, "PESAPAL_REJECTED") || !/ipn/i.test(error.message)) throw error;
      await forgetIpnId();
      submitted = await client.submitOrder(request(await ensureIpnId()));
    }
    return { trackingId: submitted.orderTrackingId, redirectUrl: submitted.redirectUrl };
  },

  checkStatus(order, cause) {
    return checkTransactionStatus(order.trackingId, cause);
  },

  async refund(input) {
    try {
      const ack = await (
        await getPesapal()
      ).refund({
        confirmationCode: input.confirmationCode,
        amountCents: input.amountCents,
        username: input.username,
        remarks: input.remarks.slice(0, 250),
      });
      return { kind: "accepted", message: ack.message || "Refund request received" };
    } catch (error) {
      const duplicate = isPesapalError(error, "PESAPAL_REJECTED") && isDuplicateRefundAnswer(error.message);
      if (isPesapalError(error, "PESAPAL_REJECTED") && !duplicate) {
        return { kind: "refused", message: error.message.replace(/^RefundRequest: /, ""), code: error.gatewayCode };
      }
      if (isPesapalError(error, "PESAPAL_REJECTED")) {
        // CASE: "duplicate refund" -> a refund of this payment exists (an earlier one whose answer was lost, or one
        // made on the dashboard): the outcome is unknown until the payment's status says so.
        return {
          kind: "unconfirmed",
          message: `Pesapal says a refund already exists: ${error.message.replace(/^RefundRequest: /, "")}`,
          code: error.gatewayCode,
          duplicate: true,
        };
      }
      console.error(`Refund ${input.refundId}: no answer from Pesapal`, error);
      await recordGatewayFailure("RefundRequest", error, input.now);
      return { kind: "unconfirmed", message: isPesapalError(error) ? error.code : "no answer" };
    }
  },

  async refundSettled(order) {
    const status = await (await getPesapal()).getTransactionStatus(order.trackingId);
    return {
      refunded: statusShowsRefund(status),
      message: `Pesapal says the payment is ${status.statusDescription || status.status} (status ${status.statusCode})`,
    };
  },

  async cancel(order) {
    try {
      await (await getPesapal()).cancelOrder(order.trackingId);
      return { kind: "cancelled" };
    } catch (error) {
      if (isPesapalError(error, "PESAPAL_REJECTED")) return { kind: "refused", message: error.message };
      return { kind: "unreachable", message: isPesapalError(error) ? error.code : String(error) };
    }
  },
};

function describe(quote: CheckoutQuote): string {
  return ITEM_WORDS[quote.kind].gatewayText({
    planName: quote.name,
    ebookTitle: quote.name,
    periodUnit: quote.period?.periodUnit,
    periodCount: quote.period?.periodCount,
  });
}
