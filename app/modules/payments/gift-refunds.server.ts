// An admin's refund of a gift nobody has claimed (ADR 038): the existing refund path (refunds.server.ts, ADR 018),
// in full; its revocation marks the gift refunded so its link stops working.
import { AppError, defineErrors } from "~/lib/app-error";
import type { AdminViewer } from "~/modules/access/policy";
import { unclaimedGiftOrder } from "~/modules/membership/gifts.server";
import { refundOrder, type RefundOutcome } from "./refunds.server";

export const GIFT_REFUND_ERRORS = defineErrors({
  GIFT_NOT_REFUNDABLE: {
    status: 409,
    title: "Refund Not Sent",
    message: "Only a paid gift nobody has claimed can be refunded here.",
  },
});

/** Refunds the gift's order in full; refused (an AppError) when the gift is not a paid, unclaimed one. */
export async function refundUnclaimedGift(
  admin: AdminViewer,
  giftId: string,
  reason: string,
  now = new Date(),
): Promise<RefundOutcome> {
  const orderId = await unclaimedGiftOrder(admin, giftId);
  if (!orderId) throw new AppError(GIFT_REFUND_ERRORS.GIFT_NOT_REFUNDABLE);
  return refundOrder(admin, { orderId, amount: "full", reason: reason.trim() || "unclaimed gift" }, now);
}
