// An order read with its buyer (account and profile) and what she bought (the plan or the ebook): receipts, the
// receipt export, refund and receipt mails and the admin's order pages all read it this one way.
import { eq } from "drizzle-orm";
import type { PgSelectBase, SelectedFields } from "drizzle-orm/pg-core";
import { getDb, type Database } from "~/db/client.server";
import { ebooks, orders, profiles, subscriptionPlans, users } from "~/db/schema";

/** What a line of an order list shows of the order itself (the admin's order list, the reconciliation). */
export const orderLineColumns = {
  id: orders.id,
  reference: orders.merchantReference,
  status: orders.status,
  kind: orders.kind,
  amountCents: orders.amountCents,
  currency: orders.currency,
  createdAt: orders.createdAt,
};

/** The buyer's and the item's columns most readers of an order want; spread into the columns of selectOrdersWithBuyer. */
export const buyerAndItemColumns = {
  email: users.email,
  fullName: profiles.fullName,
  planName: subscriptionPlans.name,
  periodUnit: subscriptionPlans.periodUnit,
  periodCount: subscriptionPlans.periodCount,
  ebookTitle: ebooks.title,
};

/**
 * `select columns from orders` joined with its buyer (every order has one; her profile may be missing) and its plan
 * or ebook (an order names one of them). One row per order: add `.where(...)`, or join more (a refund, a status
 * change) for a row per those.
 */
export function selectOrdersWithBuyer<T extends SelectedFields>(
  columns: T,
  db: Pick<Database, "select"> = getDb(),
): PgSelectBase<"orders", T, "partial", BuyerJoins> {
  // Drizzle cannot follow a generic selection through its join types; the result type is written out instead.
  return db
    .select(columns as SelectedFields)
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(profiles, eq(profiles.id, orders.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId)) as unknown as PgSelectBase<"orders", T, "partial", BuyerJoins>;
}

/** Which joined tables may be missing from a row (their columns are then null). */
type BuyerJoins = {
  orders: "not-null";
  users: "not-null";
  profiles: "nullable";
  subscription_plans: "nullable";
  ebooks: "nullable";
};
