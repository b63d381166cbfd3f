// M-Pesa direct through Safaricom's Daraja API behind the payment-provider interface (ADR 043). Starting a payment
// gives the order its Paybill account number and sends her to our "check your phone" page, which asks her number
// once and sends the prompt (mpesa-payments.server.ts). The status of an order is what its prompts and hand-paid
// confirmations say: a prompt she has not answered yet is asked about with the STK query.
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mpesaEvents, mpesaPushes, mpesaReceivedPayments, orders } from "~/db/schema";
import { DARAJA_PATHS, darajaUrl, getDaraja } from "./daraja-gateway.server";
import { isDarajaError } from "./daraja/client.server";
import type { PaymentProvider } from "./payment-provider.server";
import type { TransactionStatus } from "./pesapal/types";

/** A Paybill account number: "NR" and 8 letters/digits without look-alikes (at most 12, Daraja's limit). */
export function newMpesaAccount(): string {
  const chars = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  return "NR" + Array.from(randomBytes(8), (b) => chars[b % chars.length]).join("");
}

/** A Daraja answer in the shape every gateway's answer takes before payment-verification applies it. */
export function darajaReport(
  order: { merchantReference: string; currency: string },
  answer: {
    statusCode: 0 | 1 | 2 | 3;
    amountCents: number;
    receipt?: string | null;
    phone?: string | null;
    description: string;
    trackingId: string;
  },
): TransactionStatus {
  const status = (["INVALID", "COMPLETED", "FAILED", "REVERSED"] as const)[answer.statusCode];
  return {
    statusCode: answer.statusCode,
    status,
    statusDescription: answer.description,
    orderTrackingId: answer.trackingId,
    // Daraja names our order by the push or the account number we gave it, both looked up in our rows: the
    // reference is ours by construction.
    merchantReference: order.merchantReference,
    amountCents: answer.amountCents,
    currency: order.currency,
    paymentMethod: "M-Pesa",
    confirmationCode: answer.receipt ?? "",
    paymentAccount: answer.phone ?? "",
    createdDate: new Date().toISOString(),
    description: answer.description,
    paymentStatusCode: "",
  };
}

/** Records what was asked or said about an order (the admin's order page lists every one). */
export async function recordMpesaEvent(event: typeof mpesaEvents.$inferInsert) {
  await getDb().insert(mpesaEvents).values(event);
}

/** Applies an STK result to its push row once; false when the push already had one (a duplicate or late answer). */
export async function settlePush(
  checkoutRequestId: string,
  result: { resultCode: number; resultDesc: string; receipt?: string | null },
  now = new Date(),
): Promise<boolean> {
  const updated = await getDb()
    .update(mpesaPushes)
    .set({
      resultCode: result.resultCode,
      resultDesc: result.resultDesc,
      receipt: result.receipt ?? null,
      settledAt: now,
    })
    .where(and(eq(mpesaPushes.checkoutRequestId, checkoutRequestId), isNull(mpesaPushes.resultCode)))
    .returning({ id: mpesaPushes.id });
  return updated.length > 0;
}

export const darajaProvider: PaymentProvider = {
  name: "daraja",

  async start({ order }) {
    return {
      trackingId: null,
      redirectUrl: `/pay/mpesa/${order.id}`,
      orderColumns: { mpesaAccount: newMpesaAccount() },
    };
  },

  async checkStatus(order) {
    const db = getDb();
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    const report = (
      statusCode: 0 | 1 | 2 | 3,
      amountCents: number,
      description: string,
      receipt?: string | null,
      phone?: string | null,
    ) => ({
      kind: "answered" as const,
      shared: false,
      report: darajaReport(row!, {
        statusCode,
        amountCents,
        description,
        receipt,
        phone,
        trackingId: order.trackingId,
      }),
    });
    // CASE: paid by Paybill by hand (or a pasted code) -> that payment is the answer; M-Pesa has nothing to poll.
    const [received] = await db
      .select()
      .from(mpesaReceivedPayments)
      .where(
        and(
          eq(mpesaReceivedPayments.orderId, order.id),
          inArray(mpesaReceivedPayments.status, ["matched", "resolved"]),
        ),
      );
    if (received) return report(1, received.amountCents, "paid by Paybill", received.receipt, received.payerPhone);
    const pushes = await db
      .select()
      .from(mpesaPushes)
      .where(eq(mpesaPushes.orderId, order.id))
      .orderBy(desc(mpesaPushes.createdAt));
    const paid = pushes.find((p) => p.resultCode === 0);
    if (paid) return report(1, paid.amountCents, paid.resultDesc ?? "paid", paid.receipt, paid.phone);
    const latest = pushes[0];
    if (!latest) return report(0, row!.amountCents, "no prompt sent yet");
    // Every prompt she has not answered here yet is asked about, newest first, not only the latest: she may have
    // approved an earlier prompt whose callback was lost, then asked for another (found by the randomized walk).
    const unanswered = pushes.filter((p) => p.resultCode === null);
    if (unanswered.length === 0) {
      return report(2, latest.amountCents, latest.resultDesc ?? "not paid", null, latest.phone);
    }
    const client = await getDaraja();
    let processing: (typeof pushes)[number] | null = null;
    for (const push of unanswered) {
      const answer = await client.stkQuery(push.checkoutRequestId);
      await recordMpesaEvent({
        orderId: order.id,
        kind: "query",
        reference: push.checkoutRequestId,
        summary:
          answer.kind === "processing" ? "still processing" : `result ${answer.resultCode}: ${answer.resultDesc}`,
        raw: answer,
      });
      if (answer.kind === "processing") {
        processing ??= push;
        continue;
      }
      await settlePush(push.checkoutRequestId, { resultCode: answer.resultCode, resultDesc: answer.resultDesc });
      // CASE: paid, known from the query only (the callback with the receipt is late or lost) -> the amount is the
      // one the prompt asked for; the receipt is added when the callback comes.
      if (answer.resultCode === 0) return report(1, push.amountCents, answer.resultDesc, null, push.phone);
    }
    if (processing) return report(0, processing.amountCents, "still processing", null, processing.phone);
    const [newest] = await db.select().from(mpesaPushes).where(eq(mpesaPushes.id, latest.id));
    return report(2, newest!.amountCents, newest!.resultDesc ?? "not paid", null, newest!.phone);
  },

  // A refund is M-Pesa's reversal of the whole payment (M-Pesa is refunded in full only, ADR 018). Daraja answers
  // "accepted for processing" now and the result later (recordReversalResult): unconfirmed until then.
  async refund(input) {
    try {
      const accepted = await (
        await getDaraja()
      ).reversal({
        receipt: input.confirmationCode,
        amountCents: input.amountCents,
        resultUrl: darajaUrl(DARAJA_PATHS.result, { kind: "refund", refund: input.refundId }),
        timeoutUrl: darajaUrl(DARAJA_PATHS.timeout, { refund: input.refundId }),
        remarks: input.remarks,
      });
      const [row] = await getDb()
        .select({ orderId: mpesaPushes.orderId })
        .from(mpesaPushes)
        .where(eq(mpesaPushes.receipt, input.confirmationCode));
      const [received] = row
        ? []
        : await getDb()
            .select({ orderId: mpesaReceivedPayments.orderId })
            .from(mpesaReceivedPayments)
            .where(eq(mpesaReceivedPayments.receipt, input.confirmationCode));
      await recordMpesaEvent({
        orderId: row?.orderId ?? received?.orderId ?? null,
        kind: "reversal",
        reference: input.confirmationCode,
        summary: `refund by reversal asked (ConversationID ${accepted.conversationId})`,
        raw: accepted,
      });
      return {
        kind: "unconfirmed",
        message: `M-Pesa reversal asked; its result comes later (${accepted.conversationId})`,
      };
    } catch (error) {
      if (isDarajaError(error, "DARAJA_REJECTED") || isDarajaError(error, "DARAJA_NOT_CONFIGURED")) {
        return { kind: "refused", message: error.message, code: error.darajaCode };
      }
      console.error(`Refund ${input.refundId}: no answer from Daraja`, error);
      return { kind: "unconfirmed", message: isDarajaError(error) ? error.code : "no answer" };
    }
  },

  // The reversal's result is pushed to us. When it never came, "Check with M-Pesa" asks the transaction status of
  // the payment; its result (also pushed) settles the refund when M-Pesa shows the payment reversed
  // (handleAsyncResult, kind refund-check). Until then the refund stays unknown; an admin can record what the
  // M-PESA Org Portal shows.
  async refundSettled(_order, refund) {
    if (!refund.confirmationCode) return { refunded: false, message: "waiting for M-Pesa's reversal result" };
    const accepted = await (
      await getDaraja()
    ).transactionStatus({
      receipt: refund.confirmationCode,
      resultUrl: darajaUrl(DARAJA_PATHS.result, { kind: "refund-check", refund: refund.id }),
      timeoutUrl: darajaUrl(DARAJA_PATHS.timeout, { refund: refund.id }),
    });
    return {
      refunded: false,
      message: `M-Pesa asked for ${refund.confirmationCode}'s status; its answer settles the refund (${accepted.conversationId})`,
    };
  },

  // A prompt expires by itself, and nothing else is waiting at Daraja: nothing to cancel. A hand-paid Paybill with
  // this order's account number still completes it (order-transitions honours money for an abandoned order).
  async cancel() {
    return { kind: "cancelled" };
  },
};
