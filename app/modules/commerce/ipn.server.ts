// Pesapal's instant payment notification (GET query or POST JSON, as registered). It carries no status: it only
// names an order, which we then verify ourselves. The answer tells Pesapal whether to send it again.
import { checkSoon } from "./pending-orders.server";
import { verifyPayment } from "./payment-verification.server";
import { handleRecurringNotification } from "./recurring-charges.server";

interface IpnFields {
  OrderTrackingId: string;
  OrderMerchantReference: string;
  OrderNotificationType: string;
}

/** Field names as Pesapal sends them, read case-insensitively (as ASP.NET binds them). */
function fieldsOf(source: Record<string, unknown>): IpnFields {
  const read = (name: string) => {
    const key = Object.keys(source).find((k) => k.toLowerCase() === name.toLowerCase());
    const value = key === undefined ? undefined : source[key];
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  return {
    OrderTrackingId: read("OrderTrackingId"),
    OrderMerchantReference: read("OrderMerchantReference"),
    OrderNotificationType: read("OrderNotificationType") || "IPNCHANGE",
  };
}

export async function readIpnRequest(request: Request): Promise<Record<string, unknown>> {
  if (request.method === "GET" || request.method === "HEAD") {
    return Object.fromEntries(new URL(request.url).searchParams);
  }
  const text = await request.text();
  if ((request.headers.get("content-type") ?? "").includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === "object" && json !== null && !Array.isArray(json) ? (json as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function answerIpn(source: Record<string, unknown>): Promise<Response> {
  const fields = fieldsOf(source);
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
