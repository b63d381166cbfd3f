// An admin gives a reader a period by hand: a goodwill month, or what a proven technical error cost her (ADR 018).
// No order is made up: the subscription row has no order, says who gave it and why, and follows the same
// one-running-period rule as a paid renewal (ADR 015): with a period running it is queued behind the last one.
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, subscriptionPlans, users } from "~/db/schema";
import { isAdmin, type Viewer } from "~/modules/access/policy";
import { recordActivity } from "~/modules/admin/activity.server";
import { addMonths, startSubscription } from "./grants.server";

import { GRANT_MONTHS_MAX } from "~/modules/orders/admin-order-forms";

export class GrantError extends Error {
  constructor(readonly code: "NOT_FOUND" | "PLAN_NOT_FOUND") {
    super(code === "NOT_FOUND" ? "This reader does not exist." : "This plan does not exist.");
    this.name = "GrantError";
  }
}

export interface ManualGrantInput {
  userId: string;
  planId: string;
  months: number;
  reason: string;
  /** The order page the grant was made from, for the audit entry (nothing about the order changes). */
  orderId?: string;
}

export async function grantSubscriptionByHand(viewer: Viewer, input: ManualGrantInput, now = new Date()) {
  if (!isAdmin(viewer)) throw new Error("Only admins grant subscriptions by hand");
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
    if (!reader) throw new GrantError("NOT_FOUND");
    const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, input.planId));
    if (!plan) throw new GrantError("PLAN_NOT_FOUND");
    const [order] = input.orderId
      ? await tx.select({ reference: orders.merchantReference }).from(orders).where(eq(orders.id, input.orderId))
      : [];
    const subscription = await startSubscription(tx, {
      userId: reader.id,
      planId: plan.id,
      orderId: null,
      endDate: (start) => addMonths(start, input.months),
      grantedBy: viewer.user!.id,
      grantReason: reason,
      now,
    });
    const span = `${input.months} month${input.months === 1 ? "" : "s"}`;
    await recordActivity(tx, viewer, {
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
