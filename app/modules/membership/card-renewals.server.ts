// Card auto-renew agreements (ADR 019): a reader's opt-in at checkout to Pesapal's recurring card payments. Every
// status change is recorded with its source; scheduled charges are verified and applied in
// payment-verification.server.ts (the one door), the notification that names them is read in
// recurring-charges.server.ts. Pesapal has no API to stop a card schedule, so a charge that arrives for a cancelled
// agreement is refunded, never granted.
import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { cardRenewalEvents, cardRenewals, orders, payments } from "~/db/schema";
import { accountNumberFrom, type RecurringFrequency } from "./card-renewal-schedule";
import type { Tx } from "./grants.server";
import type { Decision } from "~/modules/orders/order-transitions";
import { isCardPayment } from "~/modules/orders/payment-method";
import { orderPaymentStands } from "./membership-state.server";

export type CardRenewal = typeof cardRenewals.$inferSelect;

/** What an agreement reads of a verified gateway answer (fields of Pesapal's TransactionStatus; payments calls in). */
export interface AgreementReport {
  merchantReference: string;
  paymentMethod: string;
  subscriptionTransactionInfo?: { accountReference: string; correlationId: string };
}
export type CardRenewalStatus = CardRenewal["status"];
export type CardRenewalSource = "checkout" | "ipn" | "callback" | "poll" | "admin" | "reader" | "system";

/** Pesapal's account_number for a new agreement: unguessable (128 random bits), unique by the column's index. */
export function newAccountNumber(): string {
  return accountNumberFrom(randomBytes(16));
}

async function recordEvent(
  tx: Tx,
  agreement: CardRenewal,
  entry: { to?: CardRenewalStatus; source: CardRenewalSource; note: string; orderId?: string | null; now: Date },
) {
  await tx.insert(cardRenewalEvents).values({
    cardRenewalId: agreement.id,
    accountNumber: agreement.accountNumber,
    fromStatus: entry.to ? agreement.status : null,
    toStatus: entry.to ?? null,
    orderId: entry.orderId ?? null,
    source: entry.source,
    note: entry.note,
    createdAt: entry.now,
  });
}

/** Moves an agreement and records why; nothing when it is already there. */
async function transition(
  tx: Tx,
  agreement: CardRenewal,
  to: CardRenewalStatus,
  entry: { source: CardRenewalSource; note: string; orderId?: string | null; now: Date },
): Promise<CardRenewal> {
  if (agreement.status === to) return agreement;
  const [updated] = await tx
    .update(cardRenewals)
    .set({
      status: to,
      updatedAt: entry.now,
      ...(to === "active" ? { activatedAt: agreement.activatedAt ?? entry.now, cancelledAt: null } : {}),
      ...(to === "cancelled" ? { cancelledAt: entry.now } : {}),
    })
    .where(eq(cardRenewals.id, agreement.id))
    .returning();
  await recordEvent(tx, agreement, { ...entry, to });
  return updated!;
}

/**
 * Her doing: cancels her live agreements (active, or pending Pesapal's confirmation), each with its event, so a
 * charge that still arrives is refunded (ADR 019). How many there were.
 */
export async function cancelLiveCardRenewals(tx: Tx, userId: string, entry: { note: string; now: Date }) {
  const live = await tx
    .select()
    .from(cardRenewals)
    .where(and(eq(cardRenewals.userId, userId), inArray(cardRenewals.status, ["active", "pending"])))
    .for("update");
  for (const agreement of live) await transition(tx, agreement, "cancelled", { source: "reader", ...entry });
  return live.length;
}

/** At checkout, in the transaction that made the order: the agreement waits for the first payment. */
export async function createCardRenewal(
  tx: Tx,
  input: {
    userId: string;
    planId: string;
    orderId: string;
    amountCents: number;
    currency: string;
    frequency: RecurringFrequency | null;
    now: Date;
  },
): Promise<CardRenewal> {
  const [agreement] = await tx
    .insert(cardRenewals)
    .values({
      userId: input.userId,
      planId: input.planId,
      firstOrderId: input.orderId,
      accountNumber: newAccountNumber(),
      status: "pending",
      amountCents: input.amountCents,
      currency: input.currency,
      frequency: input.frequency,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  await tx.insert(cardRenewalEvents).values({
    cardRenewalId: agreement!.id,
    accountNumber: agreement!.accountNumber,
    fromStatus: null,
    toStatus: "pending",
    orderId: input.orderId,
    source: "checkout",
    note: input.frequency
      ? `opted in at checkout; schedule sent to Pesapal: ${input.frequency}`
      : "opted in at checkout; the buyer picks the schedule on Pesapal's page",
    createdAt: input.now,
  });
  return agreement!;
}

export async function agreementForFirstOrder(orderId: string): Promise<CardRenewal | null> {
  const [row] = await getDb().select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, orderId));
  return row ?? null;
}

/** Whether her card already renews a plan (a second agreement would mean two schedules charging her card). */
export async function hasActiveCardRenewal(userId: string, db: Pick<Tx, "select"> = getDb()): Promise<boolean> {
  const rows = await db
    .select({ id: cardRenewals.id })
    .from(cardRenewals)
    .where(and(eq(cardRenewals.userId, userId), eq(cardRenewals.status, "active")))
    .limit(1);
  return rows.length > 0;
}

/**
 * The first payment of an opted-in order was verified and granted (inside that transaction). By card with the
 * schedule confirmed by Pesapal (subscription_transaction_info naming our account_number) -> active. By card
 * without that confirmation -> stays pending; its first scheduled charge will confirm it. Anything else (M-Pesa)
 * -> ended: recurring payments are card only, she renews by hand.
 */
export async function settleFirstPayment(tx: Tx, orderId: string, report: AgreementReport, now: Date) {
  const [agreement] = await tx.select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, orderId)).for("update");
  if (!agreement || agreement.status !== "pending") return;
  const method = report.paymentMethod || "an unnamed method";
  if (!isCardPayment(report.paymentMethod)) {
    await transition(tx, agreement, "ended", {
      source: "system",
      note: `first payment by ${method}: recurring payments are card only, renewals are by hand`,
      orderId,
      now,
    });
    return;
  }
  const info = report.subscriptionTransactionInfo;
  if (info?.accountReference === agreement.accountNumber) {
    await transition(tx, agreement, "active", {
      source: "system",
      note: `first payment by ${method} verified; Pesapal confirmed the recurring schedule (correlation ${info.correlationId || "none"})`,
      orderId,
      now,
    });
    return;
  }
  await recordEvent(tx, agreement, {
    source: "system",
    note: `first payment by ${method} verified; Pesapal did not confirm a recurring schedule yet (its first charge will)`,
    orderId,
    now,
  });
}

/** The first payment was reversed or refunded in full: its agreement ends (later charges are refunded). */
export async function endCardRenewalOf(tx: Tx, firstOrderId: string, why: string, now: Date) {
  const [agreement] = await tx
    .select()
    .from(cardRenewals)
    .where(eq(cardRenewals.firstOrderId, firstOrderId))
    .for("update");
  if (!agreement || agreement.status === "ended") return;
  await transition(tx, agreement, "ended", { source: "system", note: why, orderId: firstOrderId, now });
}

/** What a scheduled charge's verified report does, given its agreement (locked here); refundDue names why not granted. */
export async function decideCharge(
  tx: Tx,
  order: typeof orders.$inferSelect,
  decision: Decision,
  now: Date,
): Promise<{ decision: Decision; refundDue?: string }> {
  const [agreement] = await tx
    .select()
    .from(cardRenewals)
    .where(eq(cardRenewals.id, order.cardRenewalId!))
    .for("update");
  if (!agreement) throw new Error(`Order ${order.merchantReference}: its card renewal is missing`);
  if (decision.effect !== "grant") {
    if (decision.to === "review") {
      await recordEvent(tx, agreement, { source: "system", note: decision.reason, orderId: order.id, now });
    }
    return { decision };
  }
  let current = agreement;
  // CASE: Pesapal did not confirm the schedule with the first payment, and this is its first charge: a charge for
  // our account_number after a verified card payment is the confirmation (the reader never cancelled).
  if (current.status === "pending" && (await firstPaidByCard(tx, current.firstOrderId))) {
    current = await transition(tx, current, "active", {
      source: "system",
      note: "a verified scheduled charge confirms the recurring schedule",
      orderId: order.id,
      now,
    });
  }
  if (current.status === "active") {
    await recordEvent(tx, current, {
      source: "system",
      note: "scheduled charge verified: plan extended",
      orderId: order.id,
      now,
    });
    return { decision };
  }
  const why =
    current.status === "cancelled"
      ? "card charge after the reader cancelled renewal: refund due"
      : `card charge for a renewal that is ${current.status}: refund due`;
  await recordEvent(tx, current, { source: "system", note: why, orderId: order.id, now });
  return { decision: { to: "review", effect: "none", reason: why }, refundDue: why };
}

async function firstPaidByCard(tx: Tx, firstOrderId: string): Promise<boolean> {
  const rows = await tx
    .select({ method: payments.paymentMethod })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.orderId, firstOrderId), eq(payments.status, "completed"), orderPaymentStands()));
  return rows.some((row) => isCardPayment(row.method));
}

/**
 * Her renewal switch (My Library's cancel / resume, in the transaction that changed the subscription): cancelling
 * cancels her live agreements (a charge that still arrives is refunded); resuming brings back the one she cancelled
 * last, as it was (active, or pending if Pesapal had not confirmed it yet).
 */
export async function setCardRenewals(
  tx: Tx,
  userId: string,
  renews: boolean,
  now: Date,
): Promise<CardRenewalStatus | null> {
  if (!renews) {
    const cancelled = await cancelLiveCardRenewals(tx, userId, { note: "renewal cancelled in My Library", now });
    return cancelled > 0 ? "cancelled" : null;
  }
  const [last] = await tx
    .select()
    .from(cardRenewals)
    .where(
      and(eq(cardRenewals.userId, userId), eq(cardRenewals.status, "cancelled"), isNotNull(cardRenewals.cancelledAt)),
    )
    .orderBy(desc(cardRenewals.cancelledAt))
    .limit(1)
    .for("update");
  if (!last) return (await hasActiveCardRenewal(userId, tx)) ? "active" : null;
  const resumed = await transition(tx, last, last.activatedAt ? "active" : "pending", {
    source: "reader",
    note: "renewal resumed in My Library",
    now,
  });
  return resumed.status;
}

export interface CardRenewalView {
  status: CardRenewalStatus;
  /** Why it ended, for the reader: "not-card" when the first payment was not by card (e.g. M-Pesa). */
  endedBecause: "not-card" | "other" | null;
}

/** The agreement My Library talks about: a live one, else her latest. Null when she never opted in. */
export async function cardRenewalFor(userId: string): Promise<CardRenewalView | null> {
  const rows = await getDb()
    .select()
    .from(cardRenewals)
    .where(eq(cardRenewals.userId, userId))
    .orderBy(desc(cardRenewals.createdAt))
    .limit(20);
  // CASE: a pending agreement whose checkout was never paid says nothing to her.
  const relevant = [];
  for (const row of rows) {
    if (row.status === "pending") {
      const [first] = await getDb()
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, row.firstOrderId));
      if (first?.status !== "completed") continue;
    }
    relevant.push(row);
  }
  const best = relevant.find((row) => row.status === "active") ?? relevant[0];
  if (!best) return null;
  if (best.status !== "ended") return { status: best.status, endedBecause: null };
  const [first] = await getDb()
    .select({ method: payments.paymentMethod })
    .from(payments)
    .where(and(eq(payments.orderId, best.firstOrderId), eq(payments.status, "completed")))
    .limit(1);
  return { status: best.status, endedBecause: first && !isCardPayment(first.method) ? "not-card" : "other" };
}

/**
 * The agreement a scheduled charge's status answer names, by any field that can name it (issue 30): Pesapal's
 * `merchant_reference` or `subscription_transaction_info.account_reference` may carry our account_number or the
 * first order's merchant reference (which one is unconfirmed upstream), and `correlation_id` is the schedule's own id,
 * seen in an earlier verified answer of the same agreement (its first payment or an earlier charge). Null: nothing known.
 */
export async function agreementNamedBy(
  report: AgreementReport,
  db: Pick<Tx, "select"> = getDb(),
): Promise<{ agreement: CardRenewal; by: string } | null> {
  const info = report.subscriptionTransactionInfo;
  const names = [report.merchantReference, info?.accountReference].filter((name): name is string => Boolean(name));
  if (names.length > 0) {
    const [byAccount] = await db.select().from(cardRenewals).where(inArray(cardRenewals.accountNumber, names));
    if (byAccount) return { agreement: byAccount, by: "account number" };
    const [byFirstOrder] = await db
      .select({ agreement: cardRenewals })
      .from(cardRenewals)
      .innerJoin(orders, eq(orders.id, cardRenewals.firstOrderId))
      .where(inArray(orders.merchantReference, names));
    if (byFirstOrder) return { agreement: byFirstOrder.agreement, by: "first order's reference" };
  }
  if (info?.correlationId) {
    const [byCorrelation] = await db
      .select({ agreement: cardRenewals })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(cardRenewals, or(eq(cardRenewals.firstOrderId, orders.id), eq(cardRenewals.id, orders.cardRenewalId)))
      .where(sql`${payments.raw}->'subscriptionTransactionInfo'->>'correlationId' = ${info.correlationId}`)
      .limit(1);
    if (byCorrelation) return { agreement: byCorrelation.agreement, by: "correlation id" };
  }
  return null;
}
