// An order an offer code brought to zero (ADR 037): completed here without Pesapal, with the order row locked, once.
// Its grant is traced to the order's recorded zero_amount_reason instead of a verified payment; no payments row is
// written (nothing was paid), and it gets a receipt number like every completed order (a KSh 0.00 receipt with the
// code and the discount on it), so the year's numbers stay gapless and the accountant sees the sale. The receipt mail
// is queued with the completion and sent after the commit like a paid one's (ADR 046). An order the process left
// pending (it died between creating and completing it) is completed by the pending-orders job
// (pending-orders.server.ts), never sent to Pesapal.
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory } from "~/db/schema";
import type { Grant } from "~/modules/membership/grants.server";
import { deliverCompletedGift } from "~/modules/membership/gifts.server";
import { purchaseKindOf } from "./purchase-kinds/index.server";
import { issueReceipt } from "~/modules/receipts/receipt-numbers.server";
import { sendQueuedMailNow } from "~/lib/mail/mail-queue.server";
import { queueReceiptMail, receiptMailKey } from "./receipt-mail.server";

export type ZeroAmountOutcome =
  { completed: true; grant: Grant; reason: string } | { completed: false; status: string };

export async function completeZeroAmountOrder(orderId: string, now = new Date()): Promise<ZeroAmountOutcome> {
  const outcome = await completeInTransaction(orderId, now);
  // The receipt mail, queued with the completion, sent after the commit as after a Pesapal payment (ADR 046).
  if (outcome.completed && !outcome.grant.note) await sendQueuedMailNow(receiptMailKey(orderId), now);
  // A gift made free by a code: its claim mail goes out as after a paid one (ADR 038).
  if (outcome.completed) await deliverCompletedGift(outcome.grant, now);
  return outcome;
}

function completeInTransaction(orderId: string, now: Date): Promise<ZeroAmountOutcome> {
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
    if (!order) return { completed: false, status: "missing" };
    // CASE: completed by a concurrent call, or not a zero order -> nothing to do (one grant per order).
    if (order.status !== "pending" || order.amountCents !== 0 || !order.zeroAmountReason) {
      return { completed: false, status: order.status };
    }
    await tx
      .update(orders)
      .set({ status: "completed", completedAt: now, updatedAt: now, nextStatusCheckAt: null, statusChecks: 0 })
      .where(eq(orders.id, order.id));
    await issueReceipt(tx, order, now);
    // The order's kind gives: a gift order gives the buyer nothing, its gift waits for the recipient's claim (ADR 038).
    const grant = await (await purchaseKindOf(tx, order)).grant(tx, order, now);
    if (!grant.note) await queueReceiptMail(tx, order.id, { method: order.zeroAmountReason }, grant, now);
    await tx.insert(orderStatusHistory).values({
      orderId: order.id,
      fromStatus: "pending",
      toStatus: "completed",
      source: "system",
      note: [`completed without payment: ${order.zeroAmountReason}`, grant.note].filter(Boolean).join("; "),
      createdAt: now,
    });
    return { completed: true, grant, reason: order.zeroAmountReason };
  });
}
