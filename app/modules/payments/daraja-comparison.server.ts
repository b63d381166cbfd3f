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
import { askEach, untilUnreachable, type Unreached } from "./gateway-comparison.server";

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

const kes = formatKesCents;

/** True when the shop has anything of Daraja's to compare (configured, or orders taken through it earlier). */
async function darajaInUse(): Promise<boolean> {
  if (darajaConnection()) return true;
  const [any] = await getDb().select({ id: orders.id }).from(orders).where(eq(orders.gateway, "daraja")).limit(1);
  return Boolean(any);
}

/** null when the shop never used Daraja (nothing to compare, nothing to alert on). */
export async function compareWithDaraja(now = new Date()): Promise<DarajaComparison | null> {
  if (!(await darajaInUse())) return null;
  const since = new Date(now.getTime() - QUERY_WINDOW_MS);
  const records = await darajaRecords(since);
  // Ask M-Pesa about every prompt in the window and every prompt still unanswered.
  const toAsk = records.pushes.filter((p) => p.resultCode === null || p.createdAt >= since);
  const answers = await askAboutPrompts(toAsk, now);
  if (!(answers instanceof Map)) return answers;
  const differences = records.recentOrders.flatMap((order) => orderDifferences(order, records, answers));
  differences.push(...(await handPaymentsHeld()));
  return { reached: true, ordersCompared: records.recentOrders.length, promptsAsked: toAsk.length, differences };
}

/** Our Daraja orders made in the query window or still open, with their prompts, Paybill payments and payments. */
async function darajaRecords(since: Date) {
  const db = getDb();
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
  return { recentOrders, pushes, received, paymentRows };
}

type DarajaRecords = Awaited<ReturnType<typeof darajaRecords>>;
type Order = DarajaRecords["recentOrders"][number];
type Push = DarajaRecords["pushes"][number];
type Received = DarajaRecords["received"][number];
/** M-Pesa's answer about each prompt asked: the STK query's, or Daraja's refusal in words. */
type Answers = Map<string, StkQueryAnswer | string>;
/** A difference about one order, before it is named by the order. */
type Finding = Omit<DarajaDifference, "reference" | "orderId" | "recorded">;

async function askAboutPrompts(toAsk: Push[], now: Date): Promise<Answers | Unreached<DarajaDifference>> {
  const answers: Answers = new Map();
  if (toAsk.length === 0) return answers;
  if (!darajaConnection()) {
    return {
      reached: false,
      problem: "M-Pesa direct (Daraja) is not configured: its prompts could not be compared with M-Pesa.",
      differences: [],
    };
  }
  // Fetching the client fails with a DarajaError when its credentials are refused: unreachable too.
  return untilUnreachable(
    "M-Pesa (Daraja)",
    [],
    async () => {
      const client = await getDaraja();
      const ask = askEach((id: string) => client.stkQuery(id, now), isDarajaError, "DARAJA_REJECTED");
      for (const push of toAsk) answers.set(push.checkoutRequestId, await ask(push.checkoutRequestId));
      return answers;
    },
    isDarajaError,
  );
}

function orderDifferences(order: Order, records: DarajaRecords, answers: Answers): DarajaDifference[] {
  const recorded = `${ORDER_STATUS_LABELS[order.status]}, ${kes(order.amountCents)}`;
  const prompts = records.pushes
    .filter((p) => p.orderId === order.id)
    .map((push) => promptFindings(order, push, answers.get(push.checkoutRequestId)));
  const paidHand = records.received.filter((r) => r.orderId === order.id && ["matched", "resolved"].includes(r.status));
  const paidPrompts = prompts.filter((p) => p.paid).length;
  const findings = [
    ...prompts.flatMap((p) => p.findings),
    ...handPaymentFindings(order, paidHand),
    ...paidStateFindings(order, paidPrompts, paidHand.length),
    ...recordedPaymentFindings(order, records.paymentRows),
  ];
  return findings.map((d) => ({ reference: order.merchantReference, orderId: order.id, recorded, ...d }));
}

/** One prompt of the order: whether M-Pesa took its money, and what disagrees about it. */
function promptFindings(
  order: Order,
  push: Push,
  answer: StkQueryAnswer | string | undefined,
): { paid: boolean; findings: Finding[] } {
  if (typeof answer === "string") {
    const action = "Look the payment up on the M-Pesa portal by the order's account number before doing anything.";
    return { paid: false, findings: [{ kind: "no_such_prompt", mpesa: `no such prompt (${answer})`, action }] };
  }
  const prompt = `prompt ${push.checkoutRequestId} for ${kes(push.amountCents)}`;
  const paidByQuery = answer?.kind === "done" && answer.resultCode === 0;
  const failedByQuery = answer?.kind === "done" && answer.resultCode !== 0;
  const paid = paidByQuery || push.resultCode === 0;
  const findings: Finding[] = [];
  if (push.amountCents !== order.amountCents && paid) {
    findings.push({
      kind: "amount_differs",
      mpesa: `${prompt} paid`,
      action: `M-Pesa took a different amount than the order's: ${CHECK}, then settle the difference by hand.`,
    });
  }
  if (push.resultCode === 0 && failedByQuery) {
    findings.push({
      kind: "granted_not_paid",
      mpesa: `${prompt}: result ${answer.resultCode} (${answer.resultDesc})`,
      action:
        "We recorded this prompt paid but M-Pesa says it was not: look it up on the M-Pesa portal; the reader keeps access until you decide.",
    });
  }
  return { paid, findings };
}

/** Paybill payments matched to the order whose amount is not the order's. */
function handPaymentFindings(order: Order, paidHand: Received[]): Finding[] {
  return paidHand
    .filter((r) => r.amountCents !== order.amountCents)
    .map((r) => ({
      kind: "amount_differs",
      mpesa: `Paybill ${r.receipt}: ${kes(r.amountCents)}`,
      action: "The Paybill payment matched to this order is of another amount: refund or settle the difference.",
    }));
}

/** Whether M-Pesa took the money (once) and whether we granted: each must follow the other. */
function paidStateFindings(order: Order, paidPrompts: number, paidHand: number): Finding[] {
  const paidAtMpesa = paidPrompts + paidHand > 0;
  const findings: Finding[] = [];
  // CASE: she approved a second prompt, or approved one after paying by Paybill -> M-Pesa took the money twice and
  // the order was granted once: one of them goes back.
  if (paidPrompts + paidHand > 1) {
    findings.push({
      kind: "paid_twice",
      mpesa: `paid ${paidPrompts + paidHand} times (${paidPrompts} prompts, ${paidHand} by Paybill)`,
      action: "M-Pesa took this order's money more than once: refund the extra payment by reversal.",
    });
  }
  if (paidAtMpesa && !ACCOUNTED.includes(order.status)) {
    findings.push({
      kind: "paid_not_granted",
      mpesa: "paid",
      action: `M-Pesa shows this order paid: ${CHECK} to give the reader what she paid for.`,
    });
  }
  if (paymentStands(order.status) && !paidAtMpesa) {
    findings.push({
      kind: "granted_not_paid",
      mpesa: "no paid prompt or Paybill payment",
      action:
        "We gave access without an M-Pesa payment we can show: look it up on the M-Pesa portal; the reader keeps access until you decide.",
    });
  }
  return findings;
}

/** Verified payments of the order recorded with another amount than the order's. */
function recordedPaymentFindings(order: Order, paymentRows: DarajaRecords["paymentRows"]): Finding[] {
  return paymentRows
    .filter((p) => p.orderId === order.id && p.status === "completed" && p.amountCents !== order.amountCents)
    .map((p) => ({
      kind: "amount_differs",
      mpesa: `payment recorded as ${kes(p.amountCents)}`,
      action: "The recorded payment's amount is not the order's: look it up on the M-Pesa portal.",
    }));
}

/** Paybill payments by hand that name no order, or not this amount: never granted, waiting for the admin. */
async function handPaymentsHeld(): Promise<DarajaDifference[]> {
  const held = await getDb()
    .select({ payment: mpesaReceivedPayments, reference: orders.merchantReference })
    .from(mpesaReceivedPayments)
    .leftJoin(orders, eq(orders.id, mpesaReceivedPayments.orderId))
    .where(or(eq(mpesaReceivedPayments.status, "unmatched"), eq(mpesaReceivedPayments.status, "reversal_requested")))
    .orderBy(asc(mpesaReceivedPayments.createdAt));
  return held.map(({ payment, reference }) => ({
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
  }));
}
