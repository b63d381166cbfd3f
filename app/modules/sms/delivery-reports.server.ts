// Africa's Talking's delivery reports (ADR 044): AT posts a form (id, status, phoneNumber, networkCode, retryCount,
// failureReason) to the callback URL set in its dashboard. AT signs nothing, so the URL carries a secret derived from
// AUTH_SECRET (deliveryReportSecret); a post without it is answered 404. A report only updates the delivery status of
// the message AT named by its id: it grants, sends or changes nothing else.
import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { smsMessages } from "~/db/schema";
import { deliveryReportSecret } from "./sms-config.server";

/** AT's final and intermediate delivery statuses. */
const STATUSES = new Set([
  "Sent",
  "Submitted",
  "Buffered",
  "Rejected",
  "Success",
  "Failed",
  "AbsentSubscriber",
  "Expired",
]);

export function isDeliveryReportSecret(secret: string): boolean {
  const expected = Buffer.from(deliveryReportSecret());
  const given = Buffer.from(secret);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export type ReportResult = "updated" | "unknown-message" | "invalid";

/** Applies one report; the caller has checked the secret. */
export async function applyDeliveryReport(form: URLSearchParams, now = new Date()): Promise<ReportResult> {
  const id = form.get("id") ?? "";
  const status = form.get("status") ?? "";
  if (!id || id.length > 200 || !STATUSES.has(status)) return "invalid";
  const reason = (form.get("failureReason") ?? "").replace(/[^A-Za-z0-9 _-]/g, "").slice(0, 100) || null;
  const updated = await getDb()
    .update(smsMessages)
    .set({
      deliveryStatus: status,
      deliveryFailureReason: reason,
      deliveredAt: now,
      updatedAt: now,
    })
    .where(eq(smsMessages.providerMessageId, id))
    .returning({ id: smsMessages.id });
  return updated.length > 0 ? "updated" : "unknown-message";
}
