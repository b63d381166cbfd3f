// A local Pesapal API 3.0 stand-in: same paths, field names and quirks as the real gateway (see
// /work/shared/research/pesapal-v3-detail.md section 7), plus a hosted payment page. Development and tests only.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { kesToCents, type MinorUnits } from "../money";
import { deliverIpn, type IpnDelivery, type RegisteredIpnUrl } from "./stand-in-ipn.server";
import { PAGE_PATH, PAY_PATH, closedOrderPage, notFoundPage, paymentPage } from "./stand-in-page.server";
import {
  callbackUrlWith,
  confirmationCodeFor,
  errorBody,
  invalidParameters,
  invalidToken,
  jwtLikeToken,
  transactionStatusBody,
  utcDate,
  type StandInOrder,
  type StandInPaymentMethod,
} from "./stand-in-wire.server";

export interface PesapalStandInOptions {
  /** 0 (the default) picks a free port. The server binds 127.0.0.1 only. */
  port?: number;
  consumerKey: string;
  consumerSecret: string;
  /** Token lifetime; the docs say 5 minutes (the default), the sandbox gave an hour. */
  tokenTtlMs?: number;
  /** Delay before every /api/ answer, to exercise client timeouts. */
  delayMs?: number;
  /** HTTP status sent with error bodies. The sandbox sends 200; other values test clients against 401/500. */
  errorHttpStatus?: number;
  ipnAttempts?: number;
  ipnRetryDelayMs?: number;
}

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** JSON or form body with consumer_secret redacted. */
  body: unknown;
  bearer: boolean;
}

export type PesapalStandIn = Awaited<ReturnType<typeof startPesapalStandIn>>;

const API = {
  token: "/api/auth/requesttoken",
  registerIpn: "/api/urlsetup/registeripn",
  ipnList: "/api/urlsetup/getipnlist",
  submit: "/api/transactions/submitorderrequest",
  status: "/api/transactions/gettransactionstatus",
  refund: "/api/transactions/refundrequest",
  cancel: "/api/transactions/cancelorder",
};

class Reply {
  constructor(
    readonly httpStatus: number,
    readonly body: string,
    readonly contentType = "application/json; charset=utf-8",
    readonly location?: string,
  ) {}
  static json(body: unknown, httpStatus = 200) {
    return new Reply(httpStatus, JSON.stringify(body));
  }
  static html(body: string, httpStatus = 200) {
    return new Reply(httpStatus, body, "text/html; charset=utf-8");
  }
}

export async function startPesapalStandIn(options: PesapalStandInOptions) {
  if (process.env.NODE_ENV === "production") {
    throw new Error(
      "The Pesapal stand-in is a development and test server and refuses to run in production; configure " +
        "PESAPAL_CONSUMER_KEY, PESAPAL_CONSUMER_SECRET and PESAPAL_ENV instead.",
    );
  }
  const tokenTtlMs = options.tokenTtlMs ?? 5 * 60_000;
  const errorHttpStatus = options.errorHttpStatus ?? 200;
  let delayMs = options.delayMs ?? 0;
  let nextStatusOverride: { amountCents: MinorUnits; currency?: string } | undefined;
  // Overrides for one order only, so an unused one never leaks into another order's answer.
  const orderStatusOverrides = new Map<string, { amountCents: MinorUnits; currency?: string }>();
  const tokens = new Map<string, number>();
  const ipns = new Map<string, RegisteredIpnUrl>();
  const orders = new Map<string, StandInOrder>();
  const injectedFailures: { path: string; httpStatus: number }[] = [];
  // Refusals for otherwise valid refund requests (Pesapal's finance team or the merchant's balance says no).
  const refundRefusals: string[] = [];
  const requests: StandInRequest[] = [];
  const ipnDeliveries: IpnDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let url = "";

  const fail = (body: unknown) => Reply.json(body, errorHttpStatus);

  function authorized(request: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? "");
    const expiresAt = match ? tokens.get(match[1]!) : undefined;
    return expiresAt !== undefined && Date.now() < expiresAt;
  }

  function orderOrThrow(trackingId: string): StandInOrder {
    const order = orders.get(trackingId);
    if (!order) throw new Error(`Pesapal stand-in: no order ${trackingId}`);
    return order;
  }

  async function notify(order: StandInOrder): Promise<IpnDelivery[]> {
    const ipn = ipns.get(order.notificationId);
    if (!ipn) return [];
    const sent = await deliverIpn(order, ipn, {
      attempts: options.ipnAttempts ?? 3,
      retryDelayMs: options.ipnRetryDelayMs ?? 50,
      timeoutMs: 5_000,
    });
    ipnDeliveries.push(...sent);
    return sent;
  }

  /** Moves a pending order to its final state and sends the IPN (awaited, so tests need no polling). */
  async function settle(
    trackingId: string,
    outcome: "completed" | "failed",
    method: StandInPaymentMethod,
    phone?: string,
  ) {
    const order = orderOrThrow(trackingId);
    if (order.state !== "pending") throw new Error(`Pesapal stand-in: order ${trackingId} is ${order.state}`);
    order.state = outcome;
    order.method = method;
    order.phone = phone ?? order.phone;
    order.confirmationCode = confirmationCodeFor(method);
    await notify(order);
  }

  function tokenReply(body: Record<string, unknown>): Reply {
    if (body.consumer_key !== options.consumerKey || body.consumer_secret !== options.consumerSecret) {
      return fail(invalidToken());
    }
    const now = Date.now();
    const expiresAt = now + tokenTtlMs;
    const token = jwtLikeToken(options.consumerKey, now, expiresAt);
    tokens.set(token, expiresAt);
    return Reply.json({
      token,
      expiryDate: utcDate(expiresAt),
      error: null,
      status: "200",
      message: "Request processed successfully",
    });
  }

  function registerIpnReply(body: Record<string, unknown>): Reply {
    const type = String(body.ipn_notification_type ?? "GET").toUpperCase();
    if (!isHttpUrl(body.url) || (type !== "GET" && type !== "POST")) return fail(invalidParameters());
    const ipn: RegisteredIpnUrl = {
      ipnId: randomUUID(),
      url: body.url,
      method: type,
      createdAt: Date.now(),
      numericId: 4000 + ipns.size + 1,
    };
    ipns.set(ipn.ipnId, ipn);
    return Reply.json({ id: ipn.numericId, ...ipnFields(ipn), message: "Request processed successfully" });
  }

  function submitReply(body: Record<string, unknown>): Reply {
    const id = body.id;
    if (typeof id !== "string" || !/^[A-Za-z0-9._:-]{1,50}$/.test(id)) return fail(invalidParameters("Invalid id"));
    const amountCents = typeof body.amount === "number" ? centsOrUndefined(String(body.amount)) : undefined;
    if (!amountCents || amountCents <= 0) return fail(invalidParameters("Invalid amount"));
    if (typeof body.currency !== "string" || !/^[A-Z]{3}$/.test(body.currency)) return fail(invalidParameters());
    if (typeof body.description !== "string" || body.description.length < 1 || body.description.length > 100) {
      return fail(invalidParameters("Invalid description"));
    }
    if (!isHttpUrl(body.callback_url)) return fail(invalidParameters("Invalid callback url"));
    if (typeof body.notification_id !== "string" || !ipns.has(body.notification_id)) {
      return fail(invalidParameters("Invalid IPN URL ID provided.Check format and try again"));
    }
    const address = (body.billing_address ?? {}) as Record<string, unknown>;
    if (!address.email_address && !address.phone_number) {
      return fail(
        errorBody(
          "api_error",
          "missing_mandatory_billing_address",
          "Please provide billing details information on your API request.",
        ),
      );
    }
    // Reusing a reference is unconfirmed upstream; refusing it keeps our code honest about "new id per attempt".
    if ([...orders.values()].some((order) => order.merchantReference === id)) {
      return fail(invalidParameters("Duplicate merchant reference"));
    }
    const order: StandInOrder = {
      trackingId: randomUUID(),
      merchantReference: id,
      amountCents,
      currency: body.currency,
      description: body.description,
      callbackUrl: body.callback_url,
      notificationId: body.notification_id,
      createdAt: Date.now(),
      state: "pending",
    };
    orders.set(order.trackingId, order);
    return Reply.json({
      order_tracking_id: order.trackingId,
      merchant_reference: order.merchantReference,
      redirect_url: `${url}${PAGE_PATH}?OrderTrackingId=${order.trackingId}`,
      error: null,
      status: "200",
    });
  }

  function statusReply(query: Record<string, string>): Reply {
    const order = orders.get(queryValue(query, "orderTrackingId") ?? "");
    if (!order) return fail(invalidParameters("Invalid OrderTrackingId"));
    const override = orderStatusOverrides.get(order.trackingId) ?? nextStatusOverride;
    if (orderStatusOverrides.has(order.trackingId)) orderStatusOverrides.delete(order.trackingId);
    else nextStatusOverride = undefined;
    const amount = override?.amountCents ?? order.amountCents;
    return Reply.json(transactionStatusBody(order, amount, override?.currency ?? order.currency));
  }

  function refundReply(body: Record<string, unknown>): Reply {
    const refusal = (message: string) => Reply.json({ status: "500", message }, errorHttpStatus);
    if (typeof body.confirmation_code !== "string" || !body.confirmation_code) {
      return fail(invalidParameters("confirmation_code is required"));
    }
    if (typeof body.username !== "string" || !body.username.trim())
      return fail(invalidParameters("username is required"));
    if (typeof body.remarks !== "string" || !body.remarks.trim()) return fail(invalidParameters("remarks is required"));
    const order = [...orders.values()].find((o) => o.confirmationCode && o.confirmationCode === body.confirmation_code);
    // The docs' sample sends the amount as a string ("100.00"); a JSON number is read the same way.
    const amount =
      typeof body.amount === "string" || typeof body.amount === "number"
        ? centsOrUndefined(String(body.amount))
        : undefined;
    if (!order || order.state !== "completed") return refusal("Refund only allowed for completed payments");
    if (order.refunded) return refusal("A refund was already requested for this payment");
    if (!amount || amount <= 0 || amount > order.amountCents) {
      return refusal("Refund amount cannot be more than the amount collected");
    }
    if (order.method === "mpesa" && amount !== order.amountCents) return refusal("Mobile money refunds must be full");
    if (refundRefusals.length > 0) return refusal(refundRefusals.shift()!);
    order.refunded = true;
    order.refundedCents = amount;
    return Reply.json({ status: "200", message: "Refund request successfully" });
  }

  function cancelReply(body: Record<string, unknown>): Reply {
    const order = orders.get(String(body.order_tracking_id ?? ""));
    if (!order || (order.state !== "pending" && order.state !== "failed")) {
      return Reply.json({ status: "500", message: "Order could not be cancelled." }, errorHttpStatus);
    }
    order.state = "cancelled";
    return Reply.json({ status: "200", message: "Order successfully cancelled." });
  }

  async function payReply(query: Record<string, string>, form: Record<string, string>): Promise<Reply> {
    const order = orders.get(queryValue(query, "OrderTrackingId") ?? "");
    if (!order) return Reply.html(notFoundPage(), 404);
    // A developer (or a browser test) reverses a completed payment from its page, as a chargeback would.
    if (form.outcome === "reverse" && order.state === "completed") {
      order.state = "reversed";
      await notify(order);
      return Reply.html(closedOrderPage(order));
    }
    if (order.state !== "pending") return Reply.html(closedOrderPage(order), 409);
    const method: StandInPaymentMethod = form.method === "card" ? "card" : "mpesa";
    const outcome = form.outcome;
    if (method === "mpesa") {
      const phone = normalizeKenyanPhone(form.phone ?? "");
      if (!phone) return Reply.html(paymentPage(order, "Enter a Kenyan M-Pesa number, e.g. 0712345678."), 400);
      order.phone = phone;
      if (outcome === "pending") {
        order.method = "mpesa";
        return new Reply(303, "", "text/plain", callbackUrlWith(order, true));
      }
    }
    if (outcome !== "complete" && outcome !== "fail") return Reply.html(paymentPage(order, "Choose an outcome."), 400);
    await settle(order.trackingId, outcome === "complete" ? "completed" : "failed", method, order.phone);
    return new Reply(303, "", "text/plain", callbackUrlWith(order, true));
  }

  async function route(request: IncomingMessage, path: string, query: Record<string, string>, body: unknown) {
    const lower = path.toLowerCase();
    const record = (body ?? {}) as Record<string, unknown>;
    if (request.method === "GET" && lower === PAGE_PATH.toLowerCase()) {
      const order = orders.get(queryValue(query, "OrderTrackingId") ?? "");
      if (!order) return Reply.html(notFoundPage(), 404);
      return Reply.html(order.state === "pending" ? paymentPage(order) : closedOrderPage(order));
    }
    if (request.method === "POST" && lower === PAY_PATH.toLowerCase()) {
      return payReply(query, record as Record<string, string>);
    }
    if (!lower.startsWith("/api/")) return new Reply(404, "Not Found", "text/plain");
    if (delayMs > 0) await sleep(delayMs, timers);
    const injected = injectedFailures.findIndex((failure) => failure.path.toLowerCase() === lower);
    if (injected >= 0) {
      const [failure] = injectedFailures.splice(injected, 1);
      return new Reply(failure!.httpStatus, "<html><body>Service Unavailable</body></html>", "text/html");
    }
    if (request.method === "POST" && lower === API.token) return tokenReply(record);
    if (!authorized(request)) return fail(invalidToken());
    if (request.method === "POST" && lower === API.registerIpn) return registerIpnReply(record);
    if (request.method === "GET" && lower === API.ipnList) return Reply.json([...ipns.values()].map(ipnFields));
    if (request.method === "POST" && lower === API.submit) return submitReply(record);
    if (request.method === "GET" && lower === API.status) return statusReply(query);
    if (request.method === "POST" && lower === API.refund) return refundReply(record);
    if (request.method === "POST" && lower === API.cancel) return cancelReply(record);
    return new Reply(404, "Not Found", "text/plain");
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const target = new URL(request.url ?? "/", "http://127.0.0.1");
    const query = Object.fromEntries(target.searchParams);
    let reply: Reply;
    let body: unknown;
    try {
      body = await readBody(request);
    } catch {
      body = undefined;
    }
    requests.push({
      method: request.method ?? "",
      path: target.pathname,
      query,
      body: redact(body),
      bearer: authorized(request),
    });
    try {
      reply = body === INVALID_JSON ? fail(invalidParameters()) : await route(request, target.pathname, query, body);
    } catch (error) {
      reply = new Reply(500, error instanceof Error ? error.message : "error", "text/plain");
    }
    if (response.destroyed) return;
    response.writeHead(reply.httpStatus, {
      "Content-Type": reply.contentType,
      "Cache-Control": "no-cache",
      ...(reply.location ? { Location: reply.location } : {}),
    });
    response.end(reply.body);
  }

  const server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    ipnDeliveries,
    getOrder: (trackingId: string): Readonly<StandInOrder> | undefined => orders.get(trackingId),
    complete: (trackingId: string, method: StandInPaymentMethod = "mpesa", phone = "254712345678") =>
      settle(trackingId, "completed", method, phone),
    fail: (trackingId: string, method: StandInPaymentMethod = "mpesa") => settle(trackingId, "failed", method),
    /** A completed payment becomes REVERSED (a chargeback or an effected refund) and the shop hears about it. */
    async reverse(trackingId: string) {
      const order = orderOrThrow(trackingId);
      if (order.state !== "completed") throw new Error(`Pesapal stand-in: order ${trackingId} is ${order.state}`);
      order.state = "reversed";
      await notify(order);
    },
    /** Pesapal repeats IPNs (four identical ones in a second were seen): send this order's IPN again. */
    repeatIpn: (trackingId: string) => notify(orderOrThrow(trackingId)),
    /**
     * The next GetTransactionStatus answer reports this amount, e.g. to simulate tampering: for the given order
     * only, or for whichever order is asked about next when none is given.
     */
    setAmountForNextStatus(amountCents: MinorUnits, currency?: string, trackingId?: string) {
      if (trackingId) orderStatusOverrides.set(trackingId, { amountCents, currency });
      else nextStatusOverride = { amountCents, currency };
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** The next `times` requests to `path` (e.g. "/api/Transactions/GetTransactionStatus") get a bare HTTP error. */
    failNext(path: string, times = 1, httpStatus = 503) {
      for (let i = 0; i < times; i++) injectedFailures.push({ path, httpStatus });
    },
    /** The next valid RefundRequest is refused with this message (body status "500"), as Pesapal may refuse one. */
    refuseNextRefund(message = "Refund request could not be processed") {
      refundRefusals.push(message);
    },
    /** Every issued token stops working, as after a key rotation or an early expiry. */
    revokeTokens() {
      tokens.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const INVALID_JSON = Symbol("invalid json");

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 64 * 1024) throw new Error("body too large");
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (!text) return undefined;
  if ((request.headers["content-type"] ?? "").includes("application/x-www-form-urlencoded")) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return INVALID_JSON;
  }
}

function redact(body: unknown): unknown {
  if (typeof body !== "object" || body === null || !("consumer_secret" in body)) return body;
  return { ...body, consumer_secret: "[redacted]" };
}

function ipnFields(ipn: RegisteredIpnUrl) {
  return {
    url: ipn.url,
    created_date: utcDate(ipn.createdAt),
    ipn_id: ipn.ipnId,
    notification_type: ipn.method === "GET" ? 0 : 1,
    ipn_notification_type_description: ipn.method,
    ipn_status: 1,
    // Misspelt exactly as the real API spells it.
    ipn_status_decription: "Active",
    error: null,
    status: "200",
  };
}

/** ASP.NET binds query names case-insensitively; so does the stand-in. */
function queryValue(query: Record<string, string>, name: string): string | undefined {
  const key = Object.keys(query).find((k) => k.toLowerCase() === name.toLowerCase());
  return key === undefined ? undefined : query[key];
}

function centsOrUndefined(text: string): MinorUnits | undefined {
  try {
    return kesToCents(text);
  } catch {
    return undefined;
  }
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    return ["http:", "https:"].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** 0712345678, 712345678, +254712345678 or 254712345678 (also 01xx numbers) -> 254712345678. */
function normalizeKenyanPhone(input: string): string | undefined {
  const digits = input.replace(/[\s-]/g, "").replace(/^\+/, "");
  const match = /^(?:254|0)?([17]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : undefined;
}

function sleep(ms: number, timers: Set<NodeJS.Timeout>): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      resolve();
    }, ms);
    timers.add(timer);
  });
}
