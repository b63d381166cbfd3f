// An admin refunds a verified payment through Pesapal's RefundRequest (ADR 018). Pesapal takes one refund per
// payment, mobile money only in full, cards in full or in part, never more than was collected. Its 200 means
// "received": we count that as the refund accepted, move the order to refunded / partially_refunded, and a full
// refund takes back what the order gave (the same revocation as a reversal). A partial card refund keeps access.
import { and, asc, desc, eq, inArray, isNull, lt, lte, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory, payments, refunds, users } from "~/db/schema";
import { AppError, defineErrors, isAppError } from "~/lib/app-error";
import type { AdminViewer } from "~/modules/access/policy";
import { recordActivity } from "~/modules/admin/activity.server";
import { sendQueuedMailNow } from "~/lib/mail/mail-queue.server";
import { queueRefundMail, refundMailKey } from "./refund-mail.server";
import { purchaseKindOf } from "./purchase-kinds/index.server";
import { formatKesCents, type MinorUnits } from "~/modules/pricing/money";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { providerFor, providerOfOrder, type RefundAnswer } from "./payment-provider.server";
import { providerWords } from "./provider-words";
import { isCardPayment } from "~/modules/orders/payment-method";
import { endCardRenewalOf } from "~/modules/membership/card-renewals.server";
import { isPesapalError } from "./pesapal/errors";
import { recordGatewayFailure } from "./gateway-failures.server";
import { isId } from "~/lib/ids";

/** Refunds the shop refuses before asking Pesapal; the admin sees the message (titles: the order page's toasts). */
export const REFUND_ERRORS = defineErrors({
  REFUND_ORDER_NOT_FOUND: { status: 404, title: "Refund Not Sent", message: "This order does not exist." },
  NOT_REFUNDABLE: {
    status: 409,
    title: "Refund Not Sent",
    message: "Only a completed order, or one waiting for review, can be refunded.",
  },
  NO_PAYMENT: {
    status: 409,
    title: "Refund Not Sent",
    message: "This order has no verified payment with a Pesapal confirmation code to refund.",
  },
  ALREADY_REFUNDED: {
    status: 409,
    title: "Refund Not Sent",
    message: "This payment has already been refunded: Pesapal takes one refund per payment.",
  },
  REFUND_IN_PROGRESS: {
    status: 409,
    title: "Refund Not Sent",
    message: "A refund of this payment is being sent to Pesapal right now.",
  },
  REFUND_OUTCOME_UNKNOWN: {
    status: 409,
    title: "Refund Not Sent",
    message:
      "A refund of this payment was sent and the answer never arrived. Check again, or record what the provider's " +
      "records show (the Pesapal dashboard, or the M-PESA Org Portal for M-Pesa direct), before refunding again.",
  },
  REFUND_NOT_FOUND: { status: 404, title: "Not Checked", message: "This refund does not exist." },
  REFUND_OUTCOME_KNOWN: { status: 409, title: "Not Checked", message: "This refund's outcome is already known." },
  PARTIAL_NOT_ALLOWED: {
    status: 409,
    title: "Refund Not Sent",
    message: "Mobile money payments can only be refunded in full.",
  },
  REFUND_AMOUNT_INVALID: {
    status: 409,
    title: "Refund Not Sent",
    message: "The amount must be more than KSh 0.00 and no more than what was paid.",
  },
});

export type RefundErrorCode = keyof typeof REFUND_ERRORS;

/** A refund refused before Pesapal was asked (any of REFUND_ERRORS), as opposed to a fault. */
export function isRefundError(error: unknown): error is AppError & { code: RefundErrorCode } {
  return isAppError(error) && Object.hasOwn(REFUND_ERRORS, error.code);
}

/** Orders an admin may refund: paid and granted, or paid but waiting for review (nothing granted). */
const REFUNDABLE: readonly OrderStatus[] = ["completed", "review"];

// Card payments may be refunded in part; anything else (M-Pesa, other mobile money, unknown) only in full.
export { isCardPayment };

export type RefundOutcome =
  | { kind: "accepted"; refundId: string; amountCents: MinorUnits; full: boolean; status: OrderStatus; message: string }
  | { kind: "refused"; refundId: string; message: string }
  /** No answer from Pesapal (timeout, network): it may or may not have the request. Outcome unknown. */
  | { kind: "unconfirmed"; refundId: string; message: string };

/** A `requesting` row older than this was left by a crash (the request itself times out within seconds). */
export const STALE_REQUEST_MS = 5 * 60_000;
const MINUTE_MS = 60_000;
/** Gaps between automatic checks of an unknown outcome: 1 min, 5 min, 30 min, 2 h, then daily until settled. */
export const REFUND_CHECK_GAPS_MS = [1, 5, 30, 120, 24 * 60].map((minutes) => minutes * MINUTE_MS);
/** Pesapal could not be asked: ask again this soon, without counting it as a check. */
const UNREACHABLE_RETRY_MS = 5 * MINUTE_MS;

export { isDuplicateRefundAnswer, statusShowsRefund } from "./refund-rules";

type RefundRow = typeof refunds.$inferSelect;

/** An outcome nobody knows yet: no answer came, or a crash left the request half done. */
export function isOutcomeUnknown(refund: Pick<RefundRow, "status" | "createdAt">, now = new Date()): boolean {
  return (
    refund.status === "unconfirmed" ||
    (refund.status === "requesting" && now.getTime() - refund.createdAt.getTime() >= STALE_REQUEST_MS)
  );
}

export interface RefundInput {
  orderId: string;
  /** "full", or an amount in cents (card payments only; the whole amount counts as full). */
  amount: "full" | MinorUnits;
  reason: string;
}

/** The verified completed payment of an order (the newest, should there ever be two). */
async function paymentOf(db: Pick<ReturnType<typeof getDb>, "select">, orderId: string) {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.status, "completed")))
    .orderBy(desc(payments.verifiedAt))
    .limit(1);
  return payment ?? null;
}

export async function refundOrder(admin: AdminViewer, input: RefundInput, now = new Date()): Promise<RefundOutcome> {
  return requestRefund({ viewer: admin }, input, now);
}

/**
 * A refund the shop owes without anyone asking (ADR 019): a card charge for a renewal the reader had cancelled. The
 * same three steps as an admin's; the order's history (source system) and the refund row say who and why.
 */
export function refundForSystem(input: RefundInput & { mailNote?: string }, now = new Date()): Promise<RefundOutcome> {
  return requestRefund({ viewer: null, mailNote: input.mailNote }, input, now);
}

type Actor = { viewer: AdminViewer | null; mailNote?: string };

async function requestRefund(actor: Actor, input: RefundInput, now: Date): Promise<RefundOutcome> {
  if (!isId(input.orderId)) throw new AppError(REFUND_ERRORS.REFUND_ORDER_NOT_FOUND);
  const reason = input.reason.trim();
  if (!reason) throw new Error("A refund needs a reason");
  const { refund, payment } = await claimRefund(actor.viewer, input, reason, now);
  const { answer, who } = await askProviderToRefund(actor.viewer, refund, payment.confirmationCode!, reason, now);
  const outcome = await recordRefundAnswer(actor, { ...refund, reason }, answer, who, now);
  // Queued with the settlement (ADR 046), sent now; the "mail" job sends it if this fails.
  if (outcome.kind === "accepted") await sendQueuedMailNow(refundMailKey(refund.id), now);
  // A duplicate answer means a refund exists: ask the payment's status now rather than leave it to the schedule.
  if (outcome.kind === "unconfirmed" && answer.duplicate) {
    return checkRefund(refund.id, actor.viewer, now);
  }
  return outcome;
}

/**
 * Step 1, the checks and the claim: a 'requesting' row, unique per payment, so two admins (or a double click) send
 * one refund.
 */
function claimRefund(viewer: AdminViewer | null, input: RefundInput, reason: string, now: Date) {
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new AppError(REFUND_ERRORS.REFUND_ORDER_NOT_FOUND);
    if (!REFUNDABLE.includes(order.status)) {
      const refunded = order.status === "refunded" || order.status === "partially_refunded";
      throw new AppError(refunded ? REFUND_ERRORS.ALREADY_REFUNDED : REFUND_ERRORS.NOT_REFUNDABLE);
    }
    const payment = await paymentOf(tx, order.id);
    if (!payment?.confirmationCode) throw new AppError(REFUND_ERRORS.NO_PAYMENT);
    // A refund whose outcome is unknown may have reached Pesapal: settle it (check, or record by hand), never resend.
    const earlier = await tx
      .select({ status: refunds.status, createdAt: refunds.createdAt })
      .from(refunds)
      .where(
        and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ["requesting", "accepted", "unconfirmed"])),
      );
    if (earlier.some((r) => r.status === "accepted")) throw new AppError(REFUND_ERRORS.ALREADY_REFUNDED);
    if (earlier.some((r) => isOutcomeUnknown(r, now))) throw new AppError(REFUND_ERRORS.REFUND_OUTCOME_UNKNOWN);
    if (earlier.length > 0) throw new AppError(REFUND_ERRORS.REFUND_IN_PROGRESS);
    const amountCents = input.amount === "full" ? payment.amountCents : input.amount;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents) {
      throw new AppError(REFUND_ERRORS.REFUND_AMOUNT_INVALID);
    }
    const full = amountCents === payment.amountCents;
    if (!full && !isCardPayment(payment.paymentMethod)) throw new AppError(REFUND_ERRORS.PARTIAL_NOT_ALLOWED);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: order.id,
        paymentId: payment.id,
        amountCents,
        currency: payment.currency,
        full,
        reason,
        requestedBy: viewer?.user?.id ?? null,
        status: "requesting",
        createdAt: now,
      })
      .returning();
    return { refund, payment };
  });
}

/**
 * Step 2, the provider, outside any transaction (a slow gateway must not hold the order row, or PGlite's one
 * connection): Pesapal's RefundRequest, or M-Pesa direct's reversal (its result comes later: unconfirmed until then).
 * Returns its answer and who asked, as the history names her.
 */
async function askProviderToRefund(
  viewer: AdminViewer | null,
  refund: RefundRow,
  confirmationCode: string,
  reason: string,
  now: Date,
) {
  const db = getDb();
  const [admin] = viewer
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.user!.id))
    : [{ email: "Nuru (automatic refund)" }];
  const [paid] = await db.select({ gateway: orders.gateway }).from(orders).where(eq(orders.id, refund.orderId));
  const provider = await providerFor(paid?.gateway ?? "pesapal");
  const answer = await provider.refund({
    refundId: refund.id,
    confirmationCode,
    amountCents: refund.amountCents,
    username: admin?.email ?? "admin",
    remarks: reason,
    now,
  });
  return { answer, who: admin?.email };
}

/** Step 3, the answer, the order's new status, the revocation, the refund mail and the audit entry, together. */
function recordRefundAnswer(
  actor: Actor,
  refund: RefundRow,
  answer: RefundAnswer,
  who: string | undefined,
  now: Date,
): Promise<RefundOutcome> {
  return getDb().transaction(async (tx): Promise<RefundOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    await tx
      .update(refunds)
      .set({
        status: answer.kind,
        gatewayMessage: answer.message,
        gatewayCode: answer.code ?? null,
        answeredAt: now,
        nextCheckAt: answer.kind === "unconfirmed" ? new Date(now.getTime() + REFUND_CHECK_GAPS_MS[0]!) : null,
      })
      .where(eq(refunds.id, refund.id));
    if (answer.kind !== "accepted") {
      return recordUnaccepted(tx, actor.viewer, refund, order, { ...answer, kind: answer.kind }, now);
    }
    return settleAccepted(tx, refund, order, {
      viewer: actor.viewer,
      who: who ?? "an admin",
      how: `accepted by Pesapal (${answer.message})`,
      mailNote: actor.mailNote,
      now,
    });
  });
}

/** A refund the provider refused or did not answer: the history (a system refund) or the audit log says so. */
async function recordUnaccepted(
  tx: Tx,
  viewer: AdminViewer | null,
  refund: RefundRow,
  order: typeof orders.$inferSelect,
  answer: RefundAnswer & { kind: "refused" | "unconfirmed" },
  now: Date,
): Promise<RefundOutcome> {
  const amount = formatKesCents(refund.amountCents);
  // CASE: an automatic refund Pesapal refused or did not answer -> the order stays where it was (review, first in the
  // admin's list) and its history says what happened.
  if (!viewer) {
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      source: "system",
      note: `Automatic refund of ${amount} ${answer.kind} (${answer.message}); reason: ${refund.reason}`,
      createdAt: now,
    });
    return { kind: answer.kind, refundId: refund.id, message: answer.message };
  }
  await recordActivity(tx, viewer, {
    action: answer.kind === "refused" ? "refund refused" : "refund outcome unknown",
    entityType: "order",
    entityId: order.id,
    summary: `${order.merchantReference}: ${refund.full ? "full" : "partial"} refund of ${amount} ${
      answer.kind === "refused" ? `refused by Pesapal (${answer.message})` : `sent, outcome unknown (${answer.message})`
    }. Reason: ${refund.reason}`,
  });
  return { kind: answer.kind, refundId: refund.id, message: answer.message };
}

type Tx = Parameters<Parameters<ReturnType<typeof getDb>["transaction"]>[0]>[0];

/**
 * A refund known to be accepted (Pesapal's 200, the payment's status, or the dashboard as an admin read it): the
 * order becomes refunded or partially refunded, a full refund takes back what it gave, and the history and the
 * audit log say so, and the buyer's refund mail is queued. The caller holds the order row and has set the refund row's
 * status.
 */
async function settleAccepted(
  tx: Tx,
  refund: Pick<RefundRow, "id" | "full" | "amountCents" | "reason">,
  order: typeof orders.$inferSelect,
  by: { viewer: AdminViewer | null; who: string; how: string; mailNote?: string; now: Date },
): Promise<RefundOutcome> {
  const { viewer, now } = by;
  // The buyer's mail, queued with the settlement so no crash or SMTP outage loses it (ADR 046).
  const facts = { orderId: order.id, amountCents: refund.amountCents, full: refund.full, note: by.mailNote ?? null };
  await queueRefundMail(tx, refund.id, facts, now);
  const amount = formatKesCents(refund.amountCents);
  // CASE: the order changed while Pesapal was asked (a reversal's IPN) -> the refund is recorded, the status stays.
  const to: OrderStatus | null = REFUNDABLE.includes(order.status)
    ? refund.full
      ? "refunded"
      : "partially_refunded"
    : null;
  if (to) {
    await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
    if (refund.full) {
      // The order's kind takes back what it gave: a refunded upgrade puts her earlier period back as it was
      // (ADR 039), a refunded gift can no longer be claimed (ADR 038).
      await (await purchaseKindOf(tx, order)).takeBack(tx, order, now);
      // A plan refunded in full is not renewed by her card either (a charge that still arrives is refunded).
      await endCardRenewalOf(tx, order.id, "full refund of the first payment", now);
    }
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: to,
      source: viewer ? "admin" : "system",
      note: `${refund.full ? "Full" : "Partial"} refund of ${amount} ${by.how}; ${
        refund.full ? "access revoked" : "access kept"
      }; by ${by.who}; reason: ${refund.reason}`,
      createdAt: now,
    });
  }
  if (viewer)
    await recordActivity(tx, viewer, {
      action: "refund",
      entityType: "order",
      entityId: order.id,
      summary: `${order.merchantReference}: ${refund.full ? "full" : "partial"} refund of ${amount} ${by.how}${
        refund.full ? ", access revoked" : ", access kept"
      }. Reason: ${refund.reason}`,
      changes: to ? { status: { before: order.status, after: to } } : {},
    });
  return {
    kind: "accepted",
    refundId: refund.id,
    amountCents: refund.amountCents,
    full: refund.full,
    status: to ?? order.status,
    message: by.how,
  };
}

/** The refund and the Pesapal tracking id of the payment it refunds. */
async function refundWithPayment(refundId: string) {
  if (!isId(refundId)) throw new AppError(REFUND_ERRORS.REFUND_NOT_FOUND);
  const [row] = await getDb()
    .select({ refund: refunds, trackingId: payments.gatewayTrackingId, confirmationCode: payments.confirmationCode })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.id, refundId));
  if (!row) throw new AppError(REFUND_ERRORS.REFUND_NOT_FOUND);
  return row;
}

/**
 * Settles a refund whose outcome is unknown by asking Pesapal for the payment's status: refunded or reversed ->
 * accepted (as if its 200 had arrived); still completed -> stays unknown, with the time of the check and the next
 * one. Never sends a second RefundRequest. `viewer` null: the scheduled job.
 */
export async function checkRefund(
  refundId: string,
  viewer: AdminViewer | null,
  now = new Date(),
): Promise<RefundOutcome> {
  const { refund, trackingId, confirmationCode } = await refundWithPayment(refundId);
  if (!isOutcomeUnknown(refund, now)) throw new AppError(REFUND_ERRORS.REFUND_OUTCOME_KNOWN);
  const provider = await providerOfOrder(refund.orderId);
  const words = providerWords(provider.name);
  let seen: { refunded: boolean; message: string; reached: boolean };
  try {
    const answer = await provider.refundSettled(
      { id: refund.orderId, trackingId },
      { id: refund.id, confirmationCode },
    );
    seen = { ...answer, reached: true };
  } catch (error) {
    console.error(`Refund ${refundId}: could not ask ${words.name} for the payment's status`, error);
    if (provider.name === "pesapal") await recordGatewayFailure("GetTransactionStatus (refund check)", error, now);
    seen = { refunded: false, reached: false, message: `${words.name} could not be asked (${errorCode(error)})` };
  }
  const admin = viewer?.user
    ? (await getDb().select({ email: users.email }).from(users).where(eq(users.id, viewer.user.id)))[0]
    : undefined;
  const outcome = await getDb().transaction(async (tx): Promise<RefundOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for("update");
    // CASE: settled meanwhile (another process's check, an admin's record) -> nothing to do.
    if (!current || !isOutcomeUnknown(current, now)) return currentOutcome(current ?? refund);
    if (seen.refunded) {
      await tx
        .update(refunds)
        .set({ status: "accepted", answeredAt: current.answeredAt ?? now, checkedAt: now, checkMessage: seen.message })
        .where(eq(refunds.id, current.id));
      return settleAccepted(tx, current, order!, {
        viewer,
        who: admin?.email ?? `Nuru's check with ${words.name}`,
        how: `confirmed by ${words.name}'s payment status (${seen.message})`,
        now,
      });
    }
    const checks = current.checkCount + (seen.reached ? 1 : 0);
    const gap = seen.reached
      ? REFUND_CHECK_GAPS_MS[Math.min(checks, REFUND_CHECK_GAPS_MS.length - 1)]!
      : UNREACHABLE_RETRY_MS;
    await tx
      .update(refunds)
      .set({
        // A crash's 'requesting' row becomes an ordinary unknown outcome once it has been looked at.
        status: "unconfirmed",
        gatewayMessage: current.gatewayMessage ?? "No answer recorded (the request was interrupted)",
        answeredAt: current.answeredAt ?? now,
        checkedAt: now,
        checkCount: checks,
        checkMessage: seen.message,
        nextCheckAt: new Date(now.getTime() + gap),
      })
      .where(eq(refunds.id, current.id));
    if (viewer)
      await recordActivity(tx, viewer, {
        action: "refund checked",
        entityType: "order",
        entityId: order!.id,
        summary: `${order!.merchantReference}: refund of ${formatKesCents(current.amountCents)} checked with ${words.name}, outcome still unknown (${seen.message}).`,
      });
    return { kind: "unconfirmed", refundId: current.id, message: seen.message };
  });
  if (outcome.kind === "accepted") await sendQueuedMailNow(refundMailKey(refund.id), now);
  return outcome;
}

/** A refund's final answer recorded: accepted or refused, with what was seen, and no further checks due. */
function answerRefund(
  tx: Tx,
  current: Pick<RefundRow, "id" | "answeredAt">,
  status: "accepted" | "refused",
  checkMessage: string,
  now: Date,
) {
  return tx
    .update(refunds)
    .set({ status, answeredAt: current.answeredAt ?? now, checkedAt: now, checkMessage, nextCheckAt: null })
    .where(eq(refunds.id, current.id));
}

function currentOutcome(refund: RefundRow): RefundOutcome {
  if (refund.status === "accepted") {
    return {
      kind: "accepted",
      refundId: refund.id,
      amountCents: refund.amountCents,
      full: refund.full,
      status: "refunded",
      message: refund.checkMessage ?? refund.gatewayMessage ?? "",
    };
  }
  if (refund.status === "refused")
    return { kind: "refused", refundId: refund.id, message: refund.gatewayMessage ?? "" };
  return { kind: "unconfirmed", refundId: refund.id, message: refund.checkMessage ?? refund.gatewayMessage ?? "" };
}

function errorCode(error: unknown): string {
  return isPesapalError(error) ? error.code : "no answer";
}

/**
 * M-Pesa direct's reversal result for a refund (asynchronous, to our result URL): 0 -> the refund is accepted and the
 * order settled as for Pesapal's 200; any other code -> refused, and the payment may be refunded again. Once only.
 */
export async function recordReversalResult(
  refundId: string,
  result: { resultCode: number; resultDesc: string },
  now = new Date(),
): Promise<RefundOutcome | null> {
  if (!isId(refundId)) return null;
  const { refund } = await refundWithPayment(refundId);
  const outcome = await getDb().transaction(async (tx): Promise<RefundOutcome | null> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for("update");
    if (!current || !isOutcomeUnknown(current, now)) return null;
    const message = `M-Pesa reversal result ${result.resultCode}: ${result.resultDesc}`;
    if (result.resultCode === 0) {
      await answerRefund(tx, current, "accepted", message, now);
      return settleAccepted(tx, current, order!, {
        viewer: null,
        who: "M-Pesa reversal",
        how: `reversed by M-Pesa (${message})`,
        now,
      });
    }
    await answerRefund(tx, current, "refused", message, now);
    await tx.insert(orderStatusHistory).values({
      orderId: order!.id,
      fromStatus: order!.status,
      toStatus: order!.status,
      source: "system",
      note: `Refund of ${formatKesCents(current.amountCents)} refused by M-Pesa (${message}); it may be refunded again`,
      createdAt: now,
    });
    return { kind: "refused", refundId: current.id, message };
  });
  if (outcome?.kind === "accepted") await sendQueuedMailNow(refundMailKey(refund.id), now);
  return outcome;
}

/**
 * An admin records what the provider's records show (the Pesapal dashboard, the M-PESA Org Portal) for a refund whose outcome is unknown, with a note saying what
 * she saw. Refunded -> settled as accepted (access ends for a full refund); not refunded -> refused, and the
 * payment may be refunded again. Both go in the activity log.
 */
export async function recordRefundOutcome(
  viewer: AdminViewer,
  input: { refundId: string; refunded: boolean; note: string },
  now = new Date(),
): Promise<RefundOutcome> {
  const note = input.note.trim();
  const { refund } = await refundWithPayment(input.refundId);
  const words = providerWords((await providerOfOrder(refund.orderId)).name);
  if (!note) throw new Error(`Say what ${words.records} shows`);
  const [admin] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, viewer.user.id));
  const who = admin?.email ?? "an admin";
  const outcome = await getDb().transaction(async (tx): Promise<RefundOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    const [current] = await tx.select().from(refunds).where(eq(refunds.id, refund.id)).for("update");
    if (!current || !isOutcomeUnknown(current, now)) throw new AppError(REFUND_ERRORS.REFUND_OUTCOME_KNOWN);
    const seen = `recorded by ${who} from ${words.records}: ${note}`;
    if (input.refunded) {
      await tx
        .update(refunds)
        .set({ status: "accepted", answeredAt: current.answeredAt ?? now, checkedAt: now, checkMessage: seen })
        .where(eq(refunds.id, current.id));
      return settleAccepted(tx, current, order!, {
        viewer,
        who,
        how: `shown as refunded on ${words.name} (${seen})`,
        now,
      });
    }
    await answerRefund(tx, current, "refused", `Not refunded, ${seen}`, now);
    await recordActivity(tx, viewer, {
      action: "refund not made",
      entityType: "order",
      entityId: order!.id,
      summary: `${order!.merchantReference}: refund of ${formatKesCents(current.amountCents)} not made, per ${words.records} (${note}); the payment may be refunded again.`,
    });
    return { kind: "refused", refundId: current.id, message: `Not refunded, ${seen}` };
  });
  if (outcome.kind === "accepted") await sendQueuedMailNow(refundMailKey(refund.id), now);
  return outcome;
}

/**
 * The scheduled job (ADR 015): refunds whose outcome is unknown are asked about when their next check is due, and
 * 'requesting' rows a crash left are picked up once stale. Each check is its own transaction; running twice only
 * asks again.
 */
export async function settleUnknownRefunds(now = new Date(), limit = 20) {
  const stale = new Date(now.getTime() - STALE_REQUEST_MS);
  const due = await getDb()
    .select({ id: refunds.id })
    .from(refunds)
    .where(
      or(
        and(eq(refunds.status, "unconfirmed"), or(isNull(refunds.nextCheckAt), lte(refunds.nextCheckAt, now))),
        and(eq(refunds.status, "requesting"), lt(refunds.createdAt, stale)),
      ),
    )
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
  let settled = 0;
  let unknown = 0;
  for (const { id } of due) {
    try {
      const outcome = await checkRefund(id, null, now);
      if (outcome.kind === "accepted") settled++;
      else unknown++;
    } catch (error) {
      if (!isRefundError(error)) console.error(`Refund ${id}: the scheduled check failed`, error);
    }
  }
  return { checked: due.length, settled, unknown };
}
