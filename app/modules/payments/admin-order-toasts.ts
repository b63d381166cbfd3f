import type { Flash } from "~/modules/site/flash.server";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-transitions";
import { formatKesCents } from "~/modules/pricing/money";
import type { RefundOutcome } from "./refunds.server";
import { NAIROBI_TIME_ZONE } from "~/lib/nairobi-time";
import type { ProviderWords } from "./provider-words";

// What the admin's order page says after a money action it carried out (ADR 018): the toast the page shows after
// reloading. The attempt is recorded either way, so even a refused or unknown refund reloads the page to show it.

/** After "Request refund": Pesapal accepted, refused, or never answered. */
export function refundToast(outcome: RefundOutcome, words: ProviderWords): Flash {
  if (outcome.kind === "accepted") {
    return {
      kind: "success",
      title: "Refund Accepted",
      message: `${words.name} accepted the refund of ${formatKesCents(outcome.amountCents)}. ${accessWords(outcome.full)} She has been e-mailed.`,
    };
  }
  return {
    kind: "error",
    title: outcome.kind === "refused" ? "Refund Refused" : "Refund Outcome Unknown",
    message:
      outcome.kind === "refused"
        ? `${words.name} refused the refund: ${outcome.message}. Access is unchanged.`
        : `Nobody knows yet whether the money went back (${outcome.message}). Do not refund again: Nuru asks ` +
          `${words.name} on its own; you can check now, or record what ${words.records} shows. Access is unchanged.`,
  };
}

/** After "Check with Pesapal" (or M-Pesa) or "Record outcome" on a refund whose outcome was unknown (issue 30). */
export function settledRefundToast(outcome: RefundOutcome, words: ProviderWords): Flash {
  if (outcome.kind === "accepted") {
    return {
      kind: "success",
      title: "Refund Settled",
      message: `The refund of ${formatKesCents(outcome.amountCents)} is recorded as made. ${accessWords(outcome.full)} She has been e-mailed.`,
    };
  }
  if (outcome.kind === "refused") {
    return {
      kind: "success",
      title: "Recorded: Not Refunded",
      message: "The refund is recorded as not made. The payment can be refunded again.",
    };
  }
  return {
    kind: "error",
    title: "Outcome Still Unknown",
    message: `${outcome.message}. Nuru will ask again; if ${words.records} shows the refund, record it.`,
  };
}

/** After "Check payment with Pesapal" got an answer (ADR 027). */
export function paymentCheckToast(result: { status: OrderStatus; changed: boolean }): Flash {
  return {
    kind: "success",
    title: result.changed ? "Order Updated" : "Nothing Changed",
    message: result.changed
      ? `Pesapal's answer made this order ${ORDER_STATUS_LABELS[result.status]}.`
      : `Pesapal agrees with what is recorded: ${ORDER_STATUS_LABELS[result.status]}.`,
  };
}

/** After "Grant subscription": the period the reader now has. */
export function handGrantToast(email: string, period: { startDate: Date; endDate: Date | null }): Flash {
  const day = (d: Date) => d.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: NAIROBI_TIME_ZONE });
  return {
    kind: "success",
    title: "Subscription Granted",
    message: `${email} has a period from ${day(period.startDate)}${period.endDate ? ` to ${day(period.endDate)}` : ""}.`,
  };
}

const accessWords = (full: boolean) =>
  full ? "The access this order gave has ended." : "The reader keeps her access.";
