// The member mail queue's depth for the /metrics gauge (ADR 042): deliveries still to send (queued, or claimed by a
// worker and not yet marked), counted from the mail_deliveries_due_idx index.
import { count, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mailDeliveries } from "~/db/schema";

export async function memberMailQueueDepth(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(mailDeliveries)
    .where(inArray(mailDeliveries.status, ["queued", "sending"]));
  return row?.n ?? 0;
}
