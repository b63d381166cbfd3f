// What M-Pesa (Daraja) says against what we recorded, for `npm run reconcile` and the admin's reconciliation page
// (ADR 043, as pesapal-comparison.server.ts does for Pesapal). Read-only: it asks the STK query about every recent
// prompt and every prompt still unanswered, compares that and our own M-Pesa rows (prompts, hand-paid Paybill
// payments) with each Daraja order's state, and says what a person should do about each difference. Transaction
// status answers by a later callback, never at once, so hand payments are compared with our own rows only.
import { and, asc, eq, gte, inArray, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mpesaPushes, mpesaReceivedPayments, orders, payments } from "~/db/schema";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/orders/order-transitions";
import { formatKesCents } from "~/modules/pricing/money";
import { darajaConnection, getDaraja } from "./daraja-gateway.server";
import { isDarajaError, type StkQueryAnswer } from "./daraja/client.server";
import { paymentStands } from "~/modules/membership/membership-state";

export interface DarajaDifference {
  kind:
    | "paid_not_granted"
    | "granted_not_paid"
    | "paid_twice"
    | "amount_differs"
    | "hand_payment_unmatched"
    | "no_such_prompt";
  /** The order's reference, or the M-Pesa receipt of a hand payment that names no order. */
  reference: string;
  orderId: string | null;
  recorded: string;
  /** What M-Pesa says (the STK query, or the payment M-Pesa confirmed to us), in words. */
  mpesa: string;
  action: string;
}

export type DarajaComparison =
  | { reached: true; ordersCompared: number; promptsAsked: number; differences: DarajaDifference[] }
  | { reached: false; problem: string; differences: DarajaDifference[] };

/** Prompts older than this are compared from our rows only (Daraja's STK query forgets old requests). */
export const QUERY_WINDOW_MS = 7 * 86_400_000;
/** Statuses in which a paid prompt or Paybill payment is accounted for (granted, or its money gone back). */
const ACCOUNTED: OrderStatus[] = ["completed", "partially_refunded", "refunded", "reversed", "review"];
const CHECK = "press “Check payment” on its order page";

class Unreachable extends Error {}

/** True when the shop has anything of Daraja's to compare (configured, or orders taken through it earlier). */
async function darajaInUse(): Promise<boolean> {
  if (darajaConnection()) return true;
  const [any] = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.gateway, "daraja")).limit(1);
  return Boolean(any);
}

/** null when the shop never used Daraja (nothing to compare, nothing to alert on). */
export async function compareWithDaraja(now = new Date()): Promise<DarajaComparison | null> {
  if (!(await darajaInUse())) return null;
  const db = getDb();
  const since = new Date(now.getTime() - QUERY_WINDOW_MS);
  const differences: DarajaDifference[] = [];
  const kes = formatKesCents;

  const recentOrders = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.gateway, "daraja"),
        or(gte(orders.createdAt, since), inArray(orders.status, ["pending", "review", "completed"])),
      ),
    )
    .orderBy(asc(orders.createdAt));
  const ids = recentOrders.map((o) => o.id);
  const pushes = ids.length ? await db.select().from(mpesaPushes).where(inArray(mpesaPushes.orderId, ids)) : [];
  const received = ids.length
    ? await db.select().from(mpesaReceivedPayments).where(inArray(mpesaReceivedPayments.orderId, ids))
    : [];
  const paymentRows = ids.length ? await db.select().from(payments).where(inArray(payments.orderId, ids)) : [];

  // Ask M-Pesa about every prompt in the window and every prompt still unanswered.
  const toAsk = pushes.filter((p) => p.resultCode === null || p.createdAt >= since);
  const answers = new Map<string, StkQueryAnswer | string>();
  if (toAsk.length > 0) {
    if (!darajaConnection()) {
      return {
        reached: false,
        problem: "M-Pesa direct (Daraja) is not configured: its prompts could not be compared with M-Pesa.",
        differences,
      };
    }
    try {
      const client = await getDaraja();
      for (const push of toAsk) {
        try {
          answers.set(push.checkoutRequestId, await client.stkQuery(push.checkoutRequestId, now));
        } catch (error) {
          // CASE: Daraja answered "no" about this one prompt -> a difference of its own; anything else means
          // Daraja cannot be asked at all.
          if (isDarajaError(error, "DARAJA_REJECTED")) answers.set(push.checkoutRequestId, error.message);
          else throw new Unreachable(isDarajaError(error) ? `${error.code}: ${error.message}` : String(error));
        }
      }
    } catch (error) {
      if (!(error instanceof Unreachable) && !isDarajaError(error)) throw error;
      return { reached: false, problem: `M-Pesa (Daraja) could not be reached (${error.message}).`, differences };
    }
  }

  for (const order of recentOrders) {
    const recorded = `${ORDER_STATUS_LABELS[order.status]}, ${kes(order.amountCents)}`;
    const add = (d: Omit<DarajaDifference, "reference" | "orderId" | "recorded">) =>
      differences.push({ reference: order.merchantReference, orderId: order.id, recorded, ...d });
    const own = pushes.filter((p) => p.orderId === order.id);
    const paidHand = received.filter((r) => r.orderId === order.id && ["matched", "resolved"].includes(r.status));
    let paidAtMpesa = paidHand.length > 0;
    let paidPrompts = 0;
    for (const push of own) {
      const answer = answers.get(push.checkoutRequestId);
      const prompt = `prompt ${push.checkoutRequestId} for ${kes(push.amountCents)}`;
      if (typeof answer === "string") {
        add({
          kind: "no_such_prompt",
          mpesa: `no such prompt (${answer})`,
          action: "Look the payment up on the M-Pesa portal by the order's account number before doing anything.",
        });
        continue;
      }
      const paidByQuery = answer?.kind === "done" && answer.resultCode === 0;
      const failedByQuery = answer?.kind === "done" && answer.resultCode !== 0;
      if (paidByQuery || push.resultCode === 0) {
        paidAtMpesa = true;
        paidPrompts++;
      }
      if (push.amountCents !== order.amountCents && (paidByQuery || push.resultCode === 0)) {
        add({
          kind: "amount_differs",
          mpesa: `${prompt} paid`,
          action: `M-Pesa took a different amount than the order's: ${CHECK}, then settle the difference by hand.`,
        });
      }
      if (push.resultCode === 0 && failedByQuery) {
        add({
          kind: "granted_not_paid",
          mpesa: `${prompt}: result ${answer.resultCode} (${answer.resultDesc})`,
          action:
            "We recorded this prompt paid but M-Pesa says it was not: look it up on the M-Pesa portal; the reader keeps access until you decide.",
        });
      }
    }
    for (const r of paidHand) {
      if (r.amountCents !== order.amountCents) {
        add({
          kind: "amount_differs",
          mpesa: `Paybill ${r.receipt}: ${kes(r.amountCents)}`,
          action: "The Paybill payment matched to this order is of another amount: refund or settle the difference.",
        });
      }
    }
    // CASE: she approved a second prompt, or approved one after paying by Paybill -> M-Pesa took the money twice and
    // the order was granted once: one of them goes back.
    if (paidPrompts + paidHand.length > 1) {
      add({
        kind: "paid_twice",
        mpesa: `paid ${paidPrompts + paidHand.length} times (${paidPrompts} prompts, ${paidHand.length} by Paybill)`,
        action: "M-Pesa took this order's money more than once: refund the extra payment by reversal.",
      });
    }
    const grantedHere = paymentStands(order.status);
    if (paidAtMpesa && !ACCOUNTED.includes(order.status)) {
      add({
        kind: "paid_not_granted",
        mpesa: "paid",
        action: `M-Pesa shows this order paid: ${CHECK} to give the reader what she paid for.`,
      });
    }
    if (grantedHere && !paidAtMpesa) {
      add({
        kind: "granted_not_paid",
        mpesa: "no paid prompt or Paybill payment",
        action:
          "We gave access without an M-Pesa payment we can show: look it up on the M-Pesa portal; the reader keeps access until you decide.",
      });
    }
    const verified = paymentRows.filter(
      (p) => p.orderId === order.id && p.status === "completed" && p.amountCents !== order.amountCents,
    );
    for (const p of verified) {
      add({
        kind: "amount_differs",
        mpesa: `payment recorded as ${kes(p.amountCents)}`,
        action: "The recorded payment's amount is not the order's: look it up on the M-Pesa portal.",
      });
    }
  }

  // Paybill payments by hand that name no order, or not this amount: never granted, waiting for the admin.
  const held = await db
    .select({ payment: mpesaReceivedPayments, reference: orders.merchantReference })
    .from(mpesaReceivedPayments)
    .leftJoin(orders, eq(orders.id, mpesaReceivedPayments.orderId))
    .where(or(eq(mpesaReceivedPayments.status, "unmatched"), eq(mpesaReceivedPayments.status, "reversal_requested")))
    .orderBy(asc(mpesaReceivedPayments.createdAt));
  for (const { payment, reference } of held) {
    differences.push({
      kind: "hand_payment_unmatched",
      reference: reference ?? payment.receipt,
      orderId: payment.orderId,
      recorded:
        payment.status === "unmatched"
          ? `held, not granted${payment.note ? ` (${payment.note})` : ""}`
          : "reversal asked, result not yet known",
      mpesa: `Paybill ${payment.receipt}: ${kes(payment.amountCents)}, account “${payment.accountNumber}”`,
      action:
        payment.status === "unmatched"
          ? "Match it to an order or refund it by reversal under Orders, “Needs attention”."
          : "Wait for M-Pesa's reversal result, or record what the M-Pesa statement shows.",
    });
  }
  return { reached: true, ordersCompared: recentOrders.length, promptsAsked: toAsk.length, differences };
}
