// Pesapal's instant payment notification (GET query or POST body, as registered). It carries no status: it only
// names an order, which we then verify ourselves. The answer tells Pesapal whether to send it again.
import { NOTIFICATION_BODY_LIMIT, REFUSALS } from "~/lib/request-guards";
import { checkSoon } from "./order-rechecks.server";
import { verifyPayment } from "./payment-verification.server";
import { handleRecurringNotification } from "./recurring-charges.server";

export interface IpnFields {
  OrderTrackingId: string;
  OrderMerchantReference: string;
  OrderNotificationType: string;
}

/** Field names as Pesapal sends them, read case-insensitively (as ASP.NET binds them). */
export function ipnFieldsOf(source: Record<string, unknown>): IpnFields {
  const read = (name: string) => {
    const key = Object.keys(source).find((k) => k.toLowerCase() === name.toLowerCase());
    const value = key === undefined ? undefined : source[key];
    return typeof value === "string" ? value.trim().slice(0, 200) : "";
  };
  return {
    OrderTrackingId: read("OrderTrackingId"),
    OrderMerchantReference: read("OrderMerchantReference"),
    OrderNotificationType: read("OrderNotificationType") || "IPNCHANGE",
  };
}

/** A notification body larger than this is not Pesapal's (three short fields): 413 before the rest is read. */
const TOO_LARGE = () =>
  new Response(REFUSALS.tooLarge.message, {
    status: 413,
    headers: { "Content-Type": "text/plain; charset=utf-8", Connection: "close" },
  });

/** The body as text, reading no more than the notification limit even when no Content-Length bounds it (chunked). */
async function boundedText(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    // Stop reading, but leave the stream alone: cancelling it would destroy the socket before the 413 is sent. The
    // answer closes the connection, so the unread rest is dropped with it.
    if (size > NOTIFICATION_BODY_LIMIT) {
      reader.releaseLock();
      throw TOO_LARGE();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The notification's fields from a GET query, or from a POST body in whichever shape Pesapal sends it: JSON (typed
 * application/json, text/plain or not at all), a urlencoded form, or a chunked body. A POST body that names no
 * order falls back to the query (an unconfirmed variant). Throws a 413 Response when the body is larger than a notification can be.
 */
export async function readIpnRequest(request: Request): Promise<Record<string, unknown>> {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  if (request.method === "GET" || request.method === "HEAD") return query;
  const body = parseNotificationBody(await boundedText(request));
  return ipnFieldsOf(body).OrderTrackingId ? body : { ...query, ...body };
}

function parseNotificationBody(text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (!trimmed) return {};
  // CASE: JSON whatever the Content-Type says (Pesapal's one captured POST IPN is JSON; its type is unconfirmed).
  if (trimmed.startsWith("{")) {
    try {
      const json: unknown = JSON.parse(trimmed);
      return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  // CASE: a urlencoded form, typed or not (OrderTrackingId=...&OrderMerchantReference=...).
  return trimmed.includes("=") ? Object.fromEntries(new URLSearchParams(trimmed)) : {};
}

export async function answerIpn(source: Record<string, unknown>): Promise<Response> {
  const fields = ipnFieldsOf(source);
  const reply = (status: 200 | 500, httpStatus = 200) =>
    Response.json(
      {
        orderNotificationType: fields.OrderNotificationType,
        orderTrackingId: fields.OrderTrackingId,
        orderMerchantReference: fields.OrderMerchantReference,
        status,
      },
      { status: httpStatus },
    );
  // Not a notification Pesapal sends (it always names the order).
  if (!fields.OrderTrackingId) return reply(500, 400);
  try {
    // CASE: a scheduled card charge (ADR 019) -> named by the agreement's account_number, with a tracking id of its own.
    const result =
      fields.OrderNotificationType.toUpperCase() === "RECURRING"
        ? await handleRecurringNotification({
            trackingId: fields.OrderTrackingId,
            accountNumber: fields.OrderMerchantReference,
            source: "ipn",
          })
        : await verifyPayment({
            trackingId: fields.OrderTrackingId,
            merchantReference: fields.OrderMerchantReference || null,
            source: "ipn",
          });
    // CASE: answered from another check's answer, or too many IPN-caused gateway calls in flight (a flood) -> 500, so
    // Pesapal sends it again and its resend is checked afresh; the order is checked within a minute meanwhile.
    if (result.kind === "deferred") {
      if (result.orderId) await checkSoon(result.orderId);
      return reply(500);
    }
    // CASE: Pesapal still says 0 (not paid yet) for the order it notified us about -> 500, so Pesapal sends it
    // again, and the order's next status check is brought forward instead of waiting for the poll schedule.
    if (result.kind === "checked" && result.status === "pending") {
      await checkSoon(result.orderId);
      return reply(500);
    }
    // CASE: not an order of ours -> received, and nothing to do (a retry would not change that). Pesapal could
    // not be asked, a charge names no agreement of ours (held for review), or the database failed -> 500, so
    // Pesapal sends it again.
    return reply(result.kind === "unreachable" || result.kind === "unmatched" ? 500 : 200);
  } catch (error) {
    console.error("IPN could not be recorded:", error);
    return reply(500);
  }
}
