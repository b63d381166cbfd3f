// An admin gives a reader a period by hand: a goodwill month, or what a proven technical error cost her (ADR 018).
// No order is made up: the subscription row has no order, says who gave it and why, and follows the same
// one-running-period rule as a paid renewal (ADR 015): with a period running it is queued behind the last one.
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, subscriptionPlans, users } from "~/db/schema";
import { AppError, defineErrors, isAppError } from "~/lib/app-error";
import type { AdminViewer } from "~/modules/access/policy";
import { recordActivity } from "~/modules/admin/activity.server";
import { addMonths, startSubscription } from "./grants.server";

import { GRANT_MONTHS_MAX } from "~/modules/orders/admin-order-forms";

/** Refusals of a grant by hand; the admin sees the message. */
export const GRANT_ERRORS = defineErrors({
  GRANT_READER_NOT_FOUND: { status: 404, title: "Not Granted", message: "This reader does not exist." },
  GRANT_PLAN_NOT_FOUND: { status: 404, title: "Not Granted", message: "This plan does not exist." },
});

/** A grant refused (any of GRANT_ERRORS), as opposed to a fault. */
export function isGrantError(error: unknown): error is AppError {
  return isAppError(error) && Object.hasOwn(GRANT_ERRORS, error.code);
}

export interface ManualGrantInput {
  userId: string;
  planId: string;
  months: number;
  reason: string;
  /** The order page the grant was made from, for the audit entry (nothing about the order changes). */
  orderId?: string;
}

export async function grantSubscriptionByHand(admin: AdminViewer, input: ManualGrantInput, now = new Date()) {
  const reason = input.reason.trim();
  if (!reason) throw new Error("A grant needs a reason");
  if (!Number.isInteger(input.months) || input.months < 1 || input.months > GRANT_MONTHS_MAX) {
    throw new RangeError("months out of range");
  }
  return getDb().transaction(async (tx) => {
    const [reader] = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!reader) throw new AppError(GRANT_ERRORS.GRANT_READER_NOT_FOUND);
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, input.planId));
    if (!plan) throw new AppError(GRANT_ERRORS.GRANT_PLAN_NOT_FOUND);
    const [order] = input.orderId
      ? await tx.select({ reference: orders.merchantReference }).from(orders).where(eq(orders.id, input.orderId))
      : [];
    const subscription = await startSubscription(tx, {
      userId: reader.id,
      planId: plan.id,
      orderId: null,
      endDate: (start) => addMonths(start, input.months),
      grantedBy: admin.user.id,
      grantReason: reason,
      now,
    });
    const span = `${input.months} month${input.months === 1 ? "" : "s"}`;
    await recordActivity(tx, admin, {
      action: "grant",
      entityType: "subscription",
      entityId: subscription.id,
      summary: `${plan.name} for ${span} to ${reader.email}${
        subscription.status === "scheduled" ? " (queued after the running period)" : ""
      }${order ? ` (from order ${order.reference})` : ""}. Reason: ${reason}`,
      changes: {
        plan: { before: null, after: plan.name },
        startDate: { before: null, after: subscription.startDate.toISOString() },
        endDate: { before: null, after: subscription.endDate?.toISOString() ?? null },
        ...(input.orderId ? { order: { before: null, after: input.orderId } } : {}),
      },
    });
    return subscription;
  });
}
