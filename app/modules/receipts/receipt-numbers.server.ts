// A receipt is issued in the transaction that completes its order (payment-verification.server.ts applyReport):
// the next number of the year, and a snapshot of seller, buyer PIN and VAT. The counter row stays locked until
// that transaction ends, so concurrent completions take turns and a rolled-back one gives its number back: the
// numbers of a year run 1, 2, 3 ... without gaps, as KRA and an accountant expect.
import { and, eq, isNull, sql } from "drizzle-orm";
import { orders, profiles, receiptCounters } from "~/db/schema";
import type { Tx } from "~/modules/membership/grants.server";
import { getReceiptSettings, vatAppliesAt } from "./receipt-settings.server";
import { formatReceiptNumber, nairobiYear, vatIncludedIn } from "./receipt-rules";

/** Issues the receipt of a completed order once; returns its number (the existing one when already issued). */
export async function issueReceipt(
  tx: Tx,
  order: { id: string; userId: string; amountCents: number },
  now: Date,
): Promise<string> {
  const [existing] = await tx.select({ number: orders.receiptNumber }).from(orders).where(eq(orders.id, order.id));
  // CASE: an order completed, reversed and then paid again keeps its first receipt number.
  if (existing?.number) return existing.number;
  const year = nairobiYear(now);
  const [counter] = await tx
    .insert(receiptCounters)
    .values({ year, lastNumber: 1 })
    .onConflictDoUpdate({ target: receiptCounters.year, set: { lastNumber: sql`${receiptCounters.lastNumber} + 1` } })
    .returning({ lastNumber: receiptCounters.lastNumber });
  const number = formatReceiptNumber(year, counter.lastNumber);
  const settings = await getReceiptSettings(tx);
  const [buyer] = await tx.select({ kraPin: profiles.kraPin }).from(profiles).where(eq(profiles.id, order.userId));
  await tx
    .update(orders)
    .set({
      receiptNumber: number,
      receiptSellerName: settings.businessName,
      receiptSellerAddress: settings.address || null,
      receiptSellerPin: settings.kraPin || null,
      receiptBuyerPin: buyer?.kraPin ?? null,
      receiptVatCents: vatAppliesAt(settings, now) ? vatIncludedIn(order.amountCents) : null,
    })
    .where(and(eq(orders.id, order.id), isNull(orders.receiptNumber)));
  return number;
}
