// IPN delivery by the stand-in: GET with a query string or POST with a body, as registered, carrying only the
// three fields Pesapal sends (never the payment status). Retried until the shop acknowledges with status 200.
// How Pesapal types and frames a POST body is unconfirmed (research section 3): the stand-in can send each shape.
import type { StandInOrder } from "./stand-in-wire.server";

export interface RegisteredIpnUrl {
  ipnId: string;
  url: string;
  method: "GET" | "POST";
  createdAt: number;
  numericId: number;
  /** A listed registration of a kind the stand-in never calls (e.g. made elsewhere by hand): its listed type. */
  otherType?: string;
}

export interface IpnDelivery {
  trackingId: string;
  method: "GET" | "POST";
  url: string;
  notificationType: IpnNotification;
  postShape?: IpnPostShape;
  httpStatus?: number;
  /** The shop answered `{"status":200, ...}`. */
  acknowledged: boolean;
  error?: string;
}

/**
 * A POST IPN's body: JSON typed application/json (the default), JSON typed text/plain, JSON with no Content-Type, a
 * urlencoded form, or JSON sent chunked (no Content-Length).
 */
export type IpnPostShape = "json" | "text" | "untyped" | "form" | "chunked";
export const IPN_POST_SHAPES: readonly IpnPostShape[] = ["json", "text", "untyped", "form", "chunked"];

/** IPNCHANGE for a payment's status; RECURRING for a scheduled card charge (its reference is the account_number). */
export type IpnNotification = "IPNCHANGE" | "RECURRING";

export async function deliverIpn(
  order: StandInOrder,
  ipn: RegisteredIpnUrl,
  options: {
    attempts: number;
    retryDelayMs: number;
    timeoutMs: number;
    notificationType?: IpnNotification;
    postShape?: IpnPostShape;
  },
): Promise<IpnDelivery[]> {
  const deliveries: IpnDelivery[] = [];
  for (let attempt = 0; attempt < options.attempts; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs));
    const delivery = await sendOnce(
      order,
      ipn,
      options.timeoutMs,
      options.notificationType ?? "IPNCHANGE",
      options.postShape ?? "json",
    );
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
  postShape: IpnPostShape,
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
    ...(ipn.method === "POST" ? { postShape } : {}),
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
        ...postBody(fields, postShape),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: "manual",
      } as RequestInit);
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

/** Headers and body for one POST shape. fetch adds no Content-Type to bytes, and sends a stream chunked. */
function postBody(fields: Record<string, string>, shape: IpnPostShape): RequestInit & { duplex?: "half" } {
  const json = JSON.stringify(fields);
  switch (shape) {
    case "json":
      return { headers: { "Content-Type": "application/json" }, body: json };
    case "text":
      return { headers: { "Content-Type": "text/plain" }, body: json };
    case "untyped":
      return { body: new TextEncoder().encode(json) };
    case "form":
      return {
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(fields).toString(),
      };
    case "chunked": {
      const bytes = new TextEncoder().encode(json);
      const middle = Math.floor(bytes.length / 2);
      const stream = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, middle));
          controller.enqueue(bytes.slice(middle));
          controller.close();
        },
      });
      return { headers: { "Content-Type": "application/json" }, body: stream, duplex: "half" };
    }
  }
}
