// Reads of the SMS table for pages: the admin's order page (what was sent, its delivery), the short receipt link.
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { smsMessages } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { isSignedReceiptToken } from "./receipt-links.server";

export interface OrderSms {
  id: string;
  to: string;
  body: string;
  status: "queued" | "sending" | "sent" | "rejected" | "failed";
  attempts: number;
  providerStatusCode: number | null;
  providerStatus: string | null;
  lastError: string | null;
  providerMessageId: string | null;
  cost: string | null;
  deliveryStatus: string | null;
  deliveryFailureReason: string | null;
  createdAt: Date;
  sentAt: Date | null;
  deliveredAt: Date | null;
  nextAttemptAt: Date;
}

/** An order's SMS for its admin page (the AdminViewer proves the caller passed the admin check). */
export async function smsForOrder(_admin: AdminViewer, orderId: string): Promise<OrderSms[]> {
  return getDb()
    .select({
      id: smsMessages.id,
      to: smsMessages.to,
      body: smsMessages.body,
      status: smsMessages.status,
      attempts: smsMessages.attempts,
      providerStatusCode: smsMessages.providerStatusCode,
      providerStatus: smsMessages.providerStatus,
      lastError: smsMessages.lastError,
      providerMessageId: smsMessages.providerMessageId,
      cost: smsMessages.cost,
      deliveryStatus: smsMessages.deliveryStatus,
      deliveryFailureReason: smsMessages.deliveryFailureReason,
      createdAt: smsMessages.createdAt,
      sentAt: smsMessages.sentAt,
      deliveredAt: smsMessages.deliveredAt,
      nextAttemptAt: smsMessages.nextAttemptAt,
    })
    .from(smsMessages)
    .where(eq(smsMessages.orderId, orderId))
    .orderBy(asc(smsMessages.createdAt));
}

/** The order a short receipt link names, or null (unsigned, unknown). Says nothing about who may see it. */
export async function orderOfReceiptLink(token: string): Promise<string | null> {
  return (await receiptOfLink(token))?.orderId ?? null;
}

/**
 * The receipt a short link leads to: its order and the language the SMS was written in (issue 50), so a Swahili
 * reader's link opens the Swahili receipt. Null as orderOfReceiptLink.
 */
export async function receiptOfLink(token: string): Promise<{ orderId: string; locale: Locale } | null> {
  if (!isSignedReceiptToken(token)) return null;
  const [row] = await getDb()
    .select({ orderId: smsMessages.orderId, facts: smsMessages.facts })
    .from(smsMessages)
    .where(eq(smsMessages.linkToken, token));
  return row ? { orderId: row.orderId, locale: row.facts?.locale === "sw" ? "sw" : DEFAULT_LOCALE } : null;
}

/** The admin's words for an SMS's state: "Sent (101 Success), delivered" ... */
export function smsStateWords(
  sms: Pick<
    OrderSms,
    "status" | "providerStatusCode" | "providerStatus" | "deliveryStatus" | "deliveryFailureReason" | "lastError"
  >,
): string {
  const code = sms.providerStatusCode ? `${sms.providerStatusCode} ${sms.providerStatus ?? ""}`.trim() : null;
  switch (sms.status) {
    case "queued":
      return sms.lastError ? `Waiting to retry (${sms.lastError})` : "Waiting to be sent";
    case "sending":
      return "Being sent";
    case "sent":
      return `Sent${code ? ` (${code})` : ""}`;
    case "rejected":
      return `Refused by the provider${code ? ` (${code})` : ""}, not retried`;
    case "failed":
      return `Gave up after retries${sms.lastError ? ` (${sms.lastError})` : ""}`;
  }
}

export function deliveryWords(sms: Pick<OrderSms, "status" | "deliveryStatus" | "deliveryFailureReason">): string {
  if (!sms.deliveryStatus) return sms.status === "sent" ? "No delivery report yet" : "Not delivered";
  if (sms.deliveryStatus === "Success") return "Delivered to her phone";
  return `${sms.deliveryStatus}${sms.deliveryFailureReason ? ` (${sms.deliveryFailureReason})` : ""}`;
}
