// The admin's plans (issue 33, ADR 036): every plan with its price, period and state, making and editing one. An
// order locks its price when it is made, so an edit never changes orders already made; the period of a grant is read
// from the plan when the payment is confirmed (ADR 036). Switching a plan off hides it from /pricing and checkout;
// members keep what they have. subscription_plans notifies content changes (migration 0017), so cached public pages
// and public reads drop the old plan at once.
import { asc, count, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, subscriptionPlans, userSubscriptions } from "~/db/schema";
import { AppError, defineErrors } from "~/lib/app-error";
import type { AdminViewer } from "~/modules/access/policy";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import type { PlanInput } from "./plan-form";
import { currentAt } from "./membership-state.server";

export type AdminPlan = typeof subscriptionPlans.$inferSelect;

export async function listPlansForAdmin(_admin: AdminViewer) {
  const db = getDb();
  const [plans, members] = await Promise.all([
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.sortKey), asc(subscriptionPlans.name)),
    db
      .select({ planId: userSubscriptions.planId, members: count() })
      .from(userSubscriptions)
      .where(currentAt(sql`now()`))
      .groupBy(userSubscriptions.planId),
  ]);
  const byPlan = new Map(members.map((m) => [m.planId, Number(m.members)]));
  return plans.map((p) => ({ ...p, members: byPlan.get(p.id) ?? 0 }));
}

/** One plan by id, or by slug (the probes and links may name it either way); null when there is none. */
export async function getPlanForAdmin(_admin: AdminViewer, idOrSlug: string, isIdShape: boolean) {
  const [plan] = await getDb()
    .select()
    .from(subscriptionPlans)
    .where(isIdShape ? eq(subscriptionPlans.id, idOrSlug) : eq(subscriptionPlans.slug, idOrSlug))
    .limit(1);
  if (!plan) return null;
  const [{ orders: orderCount }] = await getDb()
    .select({ orders: count() })
    .from(orders)
    .where(eq(orders.planId, plan.id));
  return { ...plan, orders: Number(orderCount) };
}

/** Why a plan was not saved; the editor shows the message (the slug's beside the slug). */
export const PLAN_ERRORS = defineErrors({
  PLAN_GONE: { status: 404, title: "Plan Not Saved", message: "This plan no longer exists." },
  PLAN_SLUG_TAKEN: { status: 409, title: "Plan Not Saved", message: "Another plan already has this slug." },
});

/** Makes a plan (id null) or edits one (its slug stays); records it in the activity log in the same transaction. */
export async function savePlan(
  admin: AdminViewer,
  id: string | null,
  input: PlanInput,
  now = new Date(),
): Promise<{ id: string }> {
  const db = getDb();
  const { slug, ...editable } = input;
  try {
    return await db.transaction(async (tx) => {
      if (id) {
        const [current] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).for("update");
        if (!current) throw new AppError(PLAN_ERRORS.PLAN_GONE);
        await tx
          .update(subscriptionPlans)
          .set({ ...editable, updatedAt: now })
          .where(eq(subscriptionPlans.id, id));
        const changes = changedFields(current, editable);
        await recordActivity(tx, admin, {
          action: editable.isActive === current.isActive ? "update" : editable.isActive ? "activate" : "deactivate",
          entityType: "plan",
          entityId: id,
          summary: `Plan ${editable.name} edited${editable.isActive === current.isActive ? "" : editable.isActive ? " and switched on" : " and switched off"}`,
          changes,
        });
        return { id };
      }
      const [row] = await tx
        .insert(subscriptionPlans)
        .values({ ...editable, slug, createdAt: now, updatedAt: now })
        .returning({ id: subscriptionPlans.id });
      await recordActivity(tx, admin, {
        action: "create",
        entityType: "plan",
        entityId: row.id,
        summary: `Plan ${editable.name} created`,
      });
      return { id: row.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(PLAN_ERRORS.PLAN_SLUG_TAKEN);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
