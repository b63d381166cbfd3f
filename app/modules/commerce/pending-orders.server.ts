// Orders left pending (the IPN was lost, the buyer closed the page before M-Pesa confirmed) are asked about again
// every few minutes, oldest first, through the same verification as callbacks and IPNs.
import { and, asc, eq, gt, isNotNull, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders } from "~/db/schema";
import { singleton } from "~/lib/singleton.server";
import { verifyPayment } from "./payment-verification.server";

export const PENDING_CHECK_EVERY_MS = 5 * 60 * 1000;
/** Younger orders are still with their buyer (the page re-checks by itself). */
const SETTLE_MS = 2 * 60 * 1000;
/** Older ones are abandoned: Pesapal does not complete an order days later. */
const GIVE_UP_MS = 3 * 24 * 60 * 60 * 1000;

export async function checkPendingOrders(now = new Date(), limit = 50) {
  const due = await getDb()
    .select({ trackingId: orders.gatewayTrackingId, reference: orders.merchantReference })
    .from(orders)
    .where(
      and(
        eq(orders.status, "pending"),
        isNotNull(orders.gatewayTrackingId),
        lt(orders.createdAt, new Date(now.getTime() - SETTLE_MS)),
        gt(orders.createdAt, new Date(now.getTime() - GIVE_UP_MS)),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(limit);
  let changed = 0;
  for (const order of due) {
    const result = await verifyPayment({
      trackingId: order.trackingId!,
      merchantReference: order.reference,
      source: "poll",
      now,
    });
    if (result.kind === "checked" && result.changed) changed++;
  }
  return { checked: due.length, changed };
}

const state = singleton("pending-orders", () => ({ timer: undefined as ReturnType<typeof setInterval> | undefined }));

/** Every process may run it: verification locks the order row, so two checks of one order change it once. */
export function startPendingOrderChecks(log: (message: string) => void = console.error) {
  stopPendingOrderChecks();
  const run = () =>
    checkPendingOrders().catch((error: Error) => log(`Checking pending orders failed: ${error.message}`));
  state.timer = setInterval(run, PENDING_CHECK_EVERY_MS);
  state.timer.unref();
}

export function stopPendingOrderChecks() {
  clearInterval(state.timer);
  state.timer = undefined;
}
