// An admin refunds a verified payment through Pesapal's RefundRequest (ADR 018). Pesapal takes one refund per
// payment, mobile money only in full, cards in full or in part, never more than was collected. Its 200 means
// "received": we count that as the refund accepted, move the order to refunded / partially_refunded, and a full
// refund takes back what the order gave (the same revocation as a reversal). A partial card refund keeps access.
import { and, desc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebooks, orders, orderStatusHistory, payments, profiles, refunds, subscriptionPlans, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { isAdmin, type Viewer } from "~/modules/access/policy";
import { recordActivity } from "~/modules/admin/activity.server";
import { getMailer } from "~/modules/mail/mailer.server";
import { refundMail } from "~/modules/mail/templates.server";
import { revokeOrder } from "./grants.server";
import { formatKesCents, type MinorUnits } from "./money";
import type { OrderStatus } from "./order-transitions";
import { getPesapal } from "./payment-gateway.server";
import { isCardPayment } from "./payment-method";
import { endCardRenewalOf } from "./card-renewals.server";
import { isPesapalError } from "./pesapal/errors";

export type RefundErrorCode =
  "NOT_FOUND" | "NOT_REFUNDABLE" | "NO_PAYMENT" | "ALREADY_REFUNDED" | "PARTIAL_NOT_ALLOWED" | "AMOUNT_INVALID";

const MESSAGES: Record<RefundErrorCode, string> = {
  NOT_FOUND: "This order does not exist.",
  NOT_REFUNDABLE: "Only a completed order, or one waiting for review, can be refunded.",
  NO_PAYMENT: "This order has no verified payment with a Pesapal confirmation code to refund.",
  ALREADY_REFUNDED: "This payment has already been refunded: Pesapal takes one refund per payment.",
  PARTIAL_NOT_ALLOWED: "Mobile money payments can only be refunded in full.",
  AMOUNT_INVALID: "The amount must be more than KSh 0.00 and no more than what was paid.",
};

/** A refund the shop refused before asking Pesapal; `message` is for the admin. */
export class RefundError extends Error {
  constructor(readonly code: RefundErrorCode) {
    super(MESSAGES[code]);
    this.name = "RefundError";
  }
}

/** Orders an admin may refund: paid and granted, or paid but waiting for review (nothing granted). */
const REFUNDABLE: readonly OrderStatus[] = ["completed", "review"];

// Card payments may be refunded in part; anything else (M-Pesa, other mobile money, unknown) only in full.
export { isCardPayment };

export type RefundOutcome =
  | { kind: "accepted"; refundId: string; amountCents: MinorUnits; full: boolean; status: OrderStatus; message: string }
  | { kind: "refused"; refundId: string; message: string }
  /** No answer from Pesapal (timeout, network): it may or may not have the request. */
  | { kind: "unconfirmed"; refundId: string; message: string };

export interface RefundInput {
  orderId: string;
  /** "full", or an amount in cents (card payments only; the whole amount counts as full). */
  amount: "full" | MinorUnits;
  reason: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

export async function refundOrder(viewer: Viewer, input: RefundInput, now = new Date()): Promise<RefundOutcome> {
  if (!isAdmin(viewer)) throw new Error("Only admins refund payments");
  return requestRefund({ viewer }, input, now);
}

/**
 * A refund the shop owes without anyone asking (ADR 019): a card charge for a renewal the reader had cancelled. The
 * same three steps as an admin's; the order's history (source system) and the refund row say who and why.
 */
export function refundForSystem(input: RefundInput & { mailNote?: string }, now = new Date()): Promise<RefundOutcome> {
  return requestRefund({ viewer: null, mailNote: input.mailNote }, input, now);
}

async function requestRefund(
  actor: { viewer: Viewer | null; mailNote?: string },
  input: RefundInput,
  now: Date,
): Promise<RefundOutcome> {
  const viewer = actor.viewer;
  if (!UUID.test(input.orderId)) throw new RefundError("NOT_FOUND");
  const reason = input.reason.trim();
  if (!reason) throw new Error("A refund needs a reason");
  const db = getDb();

  // 1. Checks and the claim: a 'requesting' row, unique per payment, so two admins (or a double click) send one.
  const claim = await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!order) throw new RefundError("NOT_FOUND");
    if (!REFUNDABLE.includes(order.status)) {
      throw new RefundError(
        order.status === "refunded" || order.status === "partially_refunded" ? "ALREADY_REFUNDED" : "NOT_REFUNDABLE",
      );
    }
    const payment = await paymentOf(tx, order.id);
    if (!payment?.confirmationCode) throw new RefundError("NO_PAYMENT");
    const earlier = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ["requesting", "accepted"])));
    if (earlier.length > 0) throw new RefundError("ALREADY_REFUNDED");
    const amountCents = input.amount === "full" ? payment.amountCents : input.amount;
    if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > payment.amountCents) {
      throw new RefundError("AMOUNT_INVALID");
    }
    const full = amountCents === payment.amountCents;
    if (!full && !isCardPayment(payment.paymentMethod)) throw new RefundError("PARTIAL_NOT_ALLOWED");
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
  const { refund, payment } = claim;

  // 2. Pesapal, outside any transaction: a slow gateway must not hold the order row (or PGlite's one connection).
  const [admin] = viewer
    ? await db.select({ email: users.email }).from(users).where(eq(users.id, viewer.user!.id))
    : [{ email: "Nuru (automatic refund)" }];
  let answer: { kind: "accepted" | "refused" | "unconfirmed"; message: string; code?: string };
  try {
    const ack = await (
      await getPesapal()
    ).refund({
      confirmationCode: payment.confirmationCode!,
      amountCents: refund.amountCents,
      username: admin?.email ?? "admin",
      remarks: reason.slice(0, 250),
    });
    answer = { kind: "accepted", message: ack.message || "Refund request received" };
  } catch (error) {
    if (isPesapalError(error, "PESAPAL_REJECTED")) {
      answer = { kind: "refused", message: error.message.replace(/^RefundRequest: /, ""), code: error.gatewayCode };
    } else {
      console.error(`Refund for order ${refund.orderId}: no answer from Pesapal`, error);
      answer = {
        kind: "unconfirmed",
        message: isPesapalError(error) ? error.code : "no answer",
      };
    }
  }

  // 3. The answer, the order's new status, the revocation and the audit entry, together.
  const amount = formatKesCents(refund.amountCents);
  const outcome = await db.transaction(async (tx): Promise<RefundOutcome> => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId)).for("update");
    await tx
      .update(refunds)
      .set({ status: answer.kind, gatewayMessage: answer.message, gatewayCode: answer.code ?? null, answeredAt: now })
      .where(eq(refunds.id, refund.id));
    if (answer.kind !== "accepted") {
      // CASE: an automatic refund Pesapal refused or did not answer -> the order stays where it was (review, first
      // in the admin's list) and its history says what happened.
      if (!viewer) {
        await tx.insert(orderStatusHistory).values({
          orderId: order.id,
          fromStatus: order.status,
          toStatus: order.status,
          source: "system",
          note: `Automatic refund of ${amount} ${answer.kind} (${answer.message}); reason: ${reason}`,
          createdAt: now,
        });
        return { kind: answer.kind, refundId: refund.id, message: answer.message };
      }
      await recordActivity(tx, viewer, {
        action: answer.kind === "refused" ? "refund refused" : "refund unconfirmed",
        entityType: "order",
        entityId: order.id,
        summary: `${order.merchantReference}: ${refund.full ? "full" : "partial"} refund of ${amount} ${
          answer.kind === "refused" ? `refused by Pesapal (${answer.message})` : "sent, no answer from Pesapal"
        }. Reason: ${reason}`,
      });
      return { kind: answer.kind, refundId: refund.id, message: answer.message };
    }
    // CASE: the order changed while Pesapal was asked (a reversal's IPN) -> the refund is recorded, the status stays.
    const to: OrderStatus | null = REFUNDABLE.includes(order.status)
      ? refund.full
        ? "refunded"
        : "partially_refunded"
      : null;
    if (to) {
      await tx.update(orders).set({ status: to, updatedAt: now }).where(eq(orders.id, order.id));
      if (refund.full) {
        await revokeOrder(tx, order, now);
        // A plan refunded in full is not renewed by her card either (a charge that still arrives is refunded).
        await endCardRenewalOf(tx, order.id, "full refund of the first payment", now);
      }
      await tx.insert(orderStatusHistory).values({
        orderId: order.id,
        fromStatus: order.status,
        toStatus: to,
        source: viewer ? "admin" : "system",
        note: `${refund.full ? "Full" : "Partial"} refund of ${amount} accepted by Pesapal (${answer.message}); ${
          refund.full ? "access revoked" : "access kept"
        }; by ${admin?.email ?? "an admin"}; reason: ${reason}`,
        createdAt: now,
      });
    }
    if (viewer)
      await recordActivity(tx, viewer, {
        action: "refund",
        entityType: "order",
        entityId: order.id,
        summary: `${order.merchantReference}: ${refund.full ? "full" : "partial"} refund of ${amount} accepted by Pesapal${
          refund.full ? ", access revoked" : ", access kept"
        }. Reason: ${reason}`,
        changes: to ? { status: { before: order.status, after: to } } : {},
      });
    return {
      kind: "accepted",
      refundId: refund.id,
      amountCents: refund.amountCents,
      full: refund.full,
      status: to ?? order.status,
      message: answer.message,
    };
  });
  if (outcome.kind === "accepted") {
    await sendRefundMail(refund.orderId, refund.amountCents, refund.full, actor.mailNote);
  }
  return outcome;
}

async function sendRefundMail(orderId: string, amountCents: MinorUnits, full: boolean, note?: string) {
  try {
    const [row] = await getDb()
      .select({
        email: users.email,
        name: profiles.fullName,
        reference: orders.merchantReference,
        planName: subscriptionPlans.name,
        ebookTitle: ebooks.title,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(profiles, eq(profiles.id, orders.userId))
      .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
      .leftJoin(ebooks, eq(ebooks.id, orders.ebookId))
      .where(eq(orders.id, orderId));
    if (!row) return;
    await getMailer().send(
      refundMail({
        to: row.email,
        name: row.name ?? "",
        item: row.planName ? `the ${row.planName} plan` : `the ebook "${row.ebookTitle}"`,
        amount: formatKesCents(amountCents),
        reference: row.reference,
        full,
        note,
        url: `${getEnv().PUBLIC_URL}/dashboard`,
      }),
    );
  } catch (error) {
    // The refund stands; a lost e-mail is logged, not a reason to undo it.
    console.error(`Refund e-mail for order ${orderId} not sent:`, error);
  }
}
