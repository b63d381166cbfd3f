// IPN delivery by the stand-in: GET with a query string or POST with a JSON body, as registered, carrying only the
// three fields Pesapal sends (never the payment status). Retried until the shop acknowledges with status 200.
import type { StandInOrder } from "./stand-in-wire.server";

export interface RegisteredIpnUrl {
  ipnId: string;
  url: string;
  method: "GET" | "POST";
  createdAt: number;
  numericId: number;
}

export interface IpnDelivery {
  trackingId: string;
  method: "GET" | "POST";
  url: string;
  notificationType: IpnNotification;
  httpStatus?: number;
  /** The shop answered `{"status":200, ...}`. */
  acknowledged: boolean;
  error?: string;
}

/** IPNCHANGE for a payment's status; RECURRING for a scheduled card charge (its reference is the account_number). */
export type IpnNotification = "IPNCHANGE" | "RECURRING";

export async function deliverIpn(
  order: StandInOrder,
  ipn: RegisteredIpnUrl,
  options: { attempts: number; retryDelayMs: number; timeoutMs: number; notificationType?: IpnNotification },
): Promise<IpnDelivery[]> {
  const deliveries: IpnDelivery[] = [];
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    const delivery = await sendOnce(order, ipn, options.timeoutMs, options.notificationType ?? "IPNCHANGE");
    deliveries.push(delivery);
    if (delivery.acknowledged) break;
  }
  return deliveries;
}

async function sendOnce(
  order: StandInOrder,
  ipn: RegisteredIpnUrl,
  timeoutMs: number,
  notificationType: IpnNotification,
): Promise<IpnDelivery> {
  const fields = {
    OrderTrackingId: order.trackingId,
    OrderNotificationType: notificationType,
    OrderMerchantReference: order.merchantReference,
  };
  const delivery: IpnDelivery = {
    trackingId: order.trackingId,
    method: ipn.method,
    url: ipn.url,
    notificationType,
    acknowledged: false,
  };
  try {
    let response: Response;
    if (ipn.method === "GET") {
      const url = new URL(ipn.url);
      for (const [name, value] of Object.entries(fields)) url.searchParams.set(name, value);
      response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    } else {
      response = await fetch(ipn.url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(fields),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      });
    }
    delivery.httpStatus = response.status;
    const ack: unknown = await response.json().catch(() => undefined);
    delivery.acknowledged =
      response.ok && typeof ack === "object" && ack !== null && (ack as { status?: unknown }).status === 200;
  } catch (error) {
    delivery.error = error instanceof Error ? error.message : String(error);
  }
  return delivery;
}
