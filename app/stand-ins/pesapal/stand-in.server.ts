// A local Pesapal API 3.0 stand-in: same paths, field names and quirks as the real gateway (see
// /work/shared/research/pesapal-v3-detail.md section 7), plus a hosted payment page. Development and tests only.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { kesToCents, type MinorUnits } from "~/modules/pricing/money";
import { deliverIpn, type IpnDelivery, type IpnPostShape, type RegisteredIpnUrl } from "./stand-in-ipn.server";
import { PAGE_PATH, PAY_PATH, closedOrderPage, notFoundPage, paymentPage } from "./stand-in-page.server";
import {
  callbackUrlWith,
  confirmationCodeFor,
  nextChargeAfter,
  STAND_IN_FREQUENCIES,
  errorBody,
  invalidParameters,
  invalidToken,
  jwtLikeToken,
  transactionStatusBody,
  utcDate,
  type StandInFrequency,
  type StandInOrder,
  type StandInRefundReport,
  type StandInPaymentMethod,
  type StandInSchedule,
} from "./stand-in-wire.server";
import { fromNairobiWallClock, inNairobi } from "~/lib/nairobi-time";

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
  /** Run the recurring schedules' due charges this often (the dev shop); tests call runDueCharges with a clock. */
  recurringEveryMs?: number;
}

export type StandInChargeNaming =
  "usual" | "account-number" | "account-reference" | "correlation-id" | "first-order-reference" | "nothing";

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
  /** Requests waiting, per lower-cased API path, until a test releases them (see holdRequests). */
  const holds = new Map<string, Array<() => void>>();
  let ipnPostShape: IpnPostShape = "json";
  let nextStatusOverride: { amountCents: MinorUnits; currency?: string } | undefined;
  // Overrides for one order only, so an unused one never leaks into another order's answer.
  const orderStatusOverrides = new Map<string, { amountCents: MinorUnits; currency?: string }>();
  // Orders whose next status answers still say 0 ("not paid yet") whatever their state: Pesapal's status lagging its IPN.
  const unpaidAnswers = new Map<string, number>();
  const tokens = new Map<string, number>();
  const ipns = new Map<string, RegisteredIpnUrl>();
  const orders = new Map<string, StandInOrder>();
  const injectedFailures: { path: string; httpStatus: number }[] = [];
  // Paths whose next request is read and never answered (a gateway that hangs), once per entry.
  const hangs: string[] = [];
  let lowerCaseCurrency = false;
  // M-Pesa moves whole shillings: with this on, an order paid by M-Pesa reports what M-Pesa collected, the amount
  // asked for without its cents (issue 46 item 27), as a gateway that does not pass the cents on would.
  let mpesaWholeShillings = false;
  // Refusals for otherwise valid refund requests (Pesapal's finance team or the merchant's balance says no).
  const refundRefusals: string[] = [];
  // Refunds performed at once but answered this many ms later (after the client's timeout: the answer is lost).
  const lateRefundAnswers: number[] = [];
  let refundReport: StandInRefundReport = "reversed";
  const requests: StandInRequest[] = [];
  const ipnDeliveries: IpnDelivery[] = [];
  const timers = new Set<NodeJS.Timeout>();
  // Recurring card schedules by account_number (research section 4).
  const schedules = new Map<string, StandInSchedule>();
  let correlationIds = 111222;
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
    if (!ipn || ipn.otherType !== undefined) return [];
    const sent = await deliverIpn(order, ipn, {
      attempts: options.ipnAttempts ?? 3,
      retryDelayMs: options.ipnRetryDelayMs ?? 50,
      timeoutMs: 5_000,
      postShape: ipnPostShape,
      // A scheduled charge is named by the account_number (its merchant reference) and notified as RECURRING.
      notificationType:
        order.recurring && order.merchantReference === order.recurring.accountReference ? "RECURRING" : "IPNCHANGE",
    });
    ipnDeliveries.push(...sent);
    return sent;
  }

  /**
   * Moves a pending order to its final state and sends the IPN (awaited, so tests need no polling), unless `notify`
   * is false: the IPN is lost, as when the shop was down. CASE: a failed order can be paid again (the buyer retries
   * on Pesapal's page with another card or M-Pesa); a cancelled, completed or reversed one cannot.
   */
  async function settle(
    trackingId: string,
    outcome: "completed" | "failed",
    method: StandInPaymentMethod,
    phone?: string,
    recurring?: { frequency?: string; start?: string },
    notifyShop = true,
  ) {
    const order = orderOrThrow(trackingId);
    if (order.state !== "pending" && order.state !== "failed") {
      throw new Error(`Pesapal stand-in: order ${trackingId} is ${order.state}`);
    }
    order.state = outcome;
    order.method = method;
    order.phone = phone ?? order.phone;
    order.confirmationCode = confirmationCodeFor(method);
    if (outcome === "completed" && method === "card" && recurring) setUpSchedule(order, recurring);
    if (notifyShop) await notify(order);
  }

  /** The buyer accepted recurring payments on the page (card only): the schedule, prefilled or as she chose it. */
  function setUpSchedule(order: StandInOrder, choice: { frequency?: string; start?: string }) {
    if (!order.accountNumber) throw new Error(`Pesapal stand-in: order ${order.trackingId} has no account_number`);
    const details = order.subscriptionDetails;
    const frequency = (details?.frequency ?? choice.frequency ?? "MONTHLY").toUpperCase() as StandInFrequency;
    const now = Date.now();
    const start = details ? parseDdMmYyyy(details.startDate) : choice.start ? Date.parse(choice.start) : NaN;
    const end = details ? parseDdMmYyyy(details.endDate) : NaN;
    const firstCharge = Number.isNaN(start) || start <= now ? nextChargeAfter(now, frequency) : start;
    const correlationId = correlationIds++;
    schedules.set(order.accountNumber, {
      accountNumber: order.accountNumber,
      frequency,
      nextChargeAt: firstCharge,
      // The buyer picked no end: five years, like the shop's own prefilled schedules.
      endAt: Number.isNaN(end) ? firstCharge + 5 * 365 * 86_400_000 : end,
      amountCents: order.amountCents,
      currency: order.currency,
      description: order.description,
      callbackUrl: order.callbackUrl,
      notificationId: order.notificationId,
      firstName: order.firstName ?? "",
      lastName: order.lastName ?? "",
      correlationId,
      firstTrackingId: order.trackingId,
      charges: [],
      stopped: false,
    });
    order.recurring = {
      accountReference: order.accountNumber,
      amountCents: order.amountCents,
      firstName: order.firstName ?? "",
      lastName: order.lastName ?? "",
      correlationId,
    };
  }

  /**
   * One scheduled charge: a new transaction (new tracking id) named by the account_number, and its RECURRING IPN.
   * `naming` picks how its status answer names the agreement: "usual" (merchant_reference and account_reference both
   * the account_number), by one field only ("account-number", "account-reference", "correlation-id",
   * "first-order-reference"), or "nothing" known; in every case the IPN names the account_number.
   */
  async function chargeRecurring(
    accountNumber: string,
    override: { amountCents?: MinorUnits; currency?: string; naming?: StandInChargeNaming } = {},
  ): Promise<{ trackingId: string; deliveries: IpnDelivery[] }> {
    const schedule = schedules.get(accountNumber);
    if (!schedule) throw new Error(`Pesapal stand-in: no recurring schedule ${accountNumber}`);
    if (schedule.stopped) throw new Error(`Pesapal stand-in: recurring schedule ${accountNumber} was stopped`);
    const amountCents = override.amountCents ?? schedule.amountCents;
    const charge: StandInOrder = {
      trackingId: randomUUID(),
      merchantReference: accountNumber,
      amountCents,
      currency: override.currency ?? schedule.currency,
      description: schedule.description,
      callbackUrl: schedule.callbackUrl,
      notificationId: schedule.notificationId,
      createdAt: Date.now(),
      state: "completed",
      method: "card",
      confirmationCode: confirmationCodeFor("card"),
      firstName: schedule.firstName,
      lastName: schedule.lastName,
      recurring: {
        accountReference: accountNumber,
        amountCents,
        firstName: schedule.firstName,
        lastName: schedule.lastName,
        correlationId: schedule.correlationId,
      },
    };
    const naming = override.naming ?? "usual";
    // Pesapal's own reference for a charge, when the answer does not carry ours.
    const pesapalReference = `PSP${randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
    if (naming === "account-number") charge.statusNames = { merchantReference: accountNumber, noInfo: true };
    if (naming === "account-reference") {
      charge.statusNames = { merchantReference: pesapalReference, accountReference: accountNumber };
    }
    if (naming === "correlation-id") {
      charge.statusNames = { merchantReference: pesapalReference, correlationId: schedule.correlationId };
    }
    if (naming === "first-order-reference") {
      charge.statusNames = {
        merchantReference: orderOrThrow(schedule.firstTrackingId).merchantReference,
        noInfo: true,
      };
    }
    if (naming === "nothing") {
      charge.statusNames = { merchantReference: pesapalReference, accountReference: `ACC-${pesapalReference}` };
    }
    orders.set(charge.trackingId, charge);
    schedule.charges.push(charge.trackingId);
    schedule.nextChargeAt = nextChargeAfter(schedule.nextChargeAt, schedule.frequency);
    return { trackingId: charge.trackingId, deliveries: await notify(charge) };
  }

  /** Charges every schedule whose next charge is due at `now` (once each per run) and has not passed its end. */
  async function runDueCharges(now: Date = new Date()) {
    const charged: string[] = [];
    for (const schedule of schedules.values()) {
      if (schedule.stopped || schedule.nextChargeAt > now.getTime() || schedule.nextChargeAt > schedule.endAt) continue;
      charged.push((await chargeRecurring(schedule.accountNumber)).trackingId);
    }
    return charged;
  }

  /** The schedule a first payment set up, shown (with test controls) on its closed page. */
  function scheduleOf(order: StandInOrder): StandInSchedule | undefined {
    const schedule = order.accountNumber ? schedules.get(order.accountNumber) : undefined;
    return schedule?.firstTrackingId === order.trackingId ? schedule : undefined;
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
    const accountNumber = body.account_number;
    if (
      accountNumber !== undefined &&
      (typeof accountNumber !== "string" || !/^[A-Za-z0-9._:-]{1,50}$/.test(accountNumber))
    ) {
      return fail(invalidParameters("Invalid account_number"));
    }
    const details = body.subscription_details as Record<string, unknown> | undefined;
    if (details !== undefined) {
      const valid =
        typeof accountNumber === "string" &&
        typeof details === "object" &&
        details !== null &&
        typeof details.start_date === "string" &&
        typeof details.end_date === "string" &&
        !Number.isNaN(parseDdMmYyyy(details.start_date)) &&
        parseDdMmYyyy(details.end_date) > parseDdMmYyyy(details.start_date) &&
        ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].includes(String(details.frequency));
      if (!valid) return fail(invalidParameters("Invalid subscription_details"));
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
      firstName: typeof address.first_name === "string" ? address.first_name : "",
      lastName: typeof address.last_name === "string" ? address.last_name : "",
      ...(typeof accountNumber === "string" ? { accountNumber } : {}),
      ...(details
        ? {
            subscriptionDetails: {
              startDate: String(details.start_date),
              endDate: String(details.end_date),
              frequency: String(details.frequency),
            },
          }
        : {}),
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
    const collected =
      mpesaWholeShillings && order.method === "mpesa" && order.state !== "pending"
        ? order.amountCents - (order.amountCents % 100)
        : order.amountCents;
    const amount = override?.amountCents ?? collected;
    const currency = override?.currency ?? order.currency;
    const spelt = lowerCaseCurrency ? currency.toLowerCase() : currency;
    const lagging = unpaidAnswers.get(order.trackingId) ?? 0;
    if (lagging > 0) {
      if (lagging === 1) unpaidAnswers.delete(order.trackingId);
      else unpaidAnswers.set(order.trackingId, lagging - 1);
      return Reply.json(transactionStatusBody({ ...order, state: "pending" }, amount, spelt));
    }
    return Reply.json(transactionStatusBody(order, amount, spelt));
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
    // Pesapal takes one refund per payment; its wording for a second one is unconfirmed (research 2.6).
    if (order.refunded) return refusal(DUPLICATE_REFUND_MESSAGE);
    if (!amount || amount <= 0 || amount > order.amountCents) {
      return refusal("Refund amount cannot be more than the amount collected");
    }
    if (order.method === "mpesa" && amount !== order.amountCents) return refusal("Mobile money refunds must be full");
    if (refundRefusals.length > 0) return refusal(refundRefusals.shift()!);
    order.refunded = true;
    order.refundedCents = amount;
    order.refundReport = refundReport;
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
      return Reply.html(closedOrderPage(order, scheduleOf(order)));
    }
    // A developer (or a browser test) makes the schedule's next charge fall due now, or stops it as the buyer can.
    const schedule = scheduleOf(order);
    if (form.outcome === "charge-recurring" && schedule && !schedule.stopped) {
      const { deliveries } = await chargeRecurring(schedule.accountNumber);
      const heard = deliveries.some((delivery) => delivery.acknowledged);
      return Reply.html(
        closedOrderPage(
          order,
          schedule,
          `Charged; the shop ${heard ? "acknowledged" : "did not acknowledge"} the IPN.`,
        ),
      );
    }
    if (form.outcome === "stop-recurring" && schedule) {
      schedule.stopped = true;
      return Reply.html(closedOrderPage(order, schedule, "The schedule is stopped."));
    }
    if (order.state !== "pending" && order.state !== "failed") return Reply.html(closedOrderPage(order, schedule), 409);
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
    const recurring =
      method === "card" && order.accountNumber && form.recurring === "on"
        ? { frequency: STAND_IN_FREQUENCIES.find((f) => f === form.recurringFrequency), start: form.recurringStart }
        : undefined;
    await settle(order.trackingId, outcome === "complete" ? "completed" : "failed", method, order.phone, recurring);
    return new Reply(303, "", "text/plain", callbackUrlWith(order, true));
  }

  async function route(request: IncomingMessage, path: string, query: Record<string, string>, body: unknown) {
    const lower = path.toLowerCase();
    const record = (body ?? {}) as Record<string, unknown>;
    if (request.method === "GET" && lower === PAGE_PATH.toLowerCase()) {
      const order = orders.get(queryValue(query, "OrderTrackingId") ?? "");
      if (!order) return Reply.html(notFoundPage(), 404);
      // A failed attempt may be retried on the same page; anything else is closed.
      if (order.state === "failed") return Reply.html(paymentPage(order, "The last attempt failed. Try again."));
      return Reply.html(order.state === "pending" ? paymentPage(order) : closedOrderPage(order, scheduleOf(order)));
    }
    if (request.method === "POST" && lower === PAY_PATH.toLowerCase()) {
      return payReply(query, record as Record<string, string>);
    }
    if (!lower.startsWith("/api/")) return new Reply(404, "Not Found", "text/plain");
    if (delayMs > 0) await sleep(delayMs, timers);
    const held = holds.get(lower);
    if (held) await new Promise<void>((go) => held.push(go));
    const hang = hangs.findIndex((hungPath) => hungPath.toLowerCase() === lower);
    if (hang >= 0) {
      hangs.splice(hang, 1);
      // Longer than any client waits; close() drops the connection and clears the timer.
      await sleep(10 * 60_000, timers);
    }
    const injected = injectedFailures.findIndex((failure) => failure.path.toLowerCase() === lower);
    if (injected >= 0) {
      const [failure] = injectedFailures.splice(injected, 1);
      return new Reply(failure!.httpStatus, "<html><body>Service Unavailable</body></html>", "text/html");
    }
    if (request.method === "POST" && lower === API.token) return tokenReply(record);
    if (!authorized(request)) return fail(invalidToken());
    if (request.method === "POST" && lower === API.registerIpn) return registerIpnReply(record);
    if (request.method === "GET" && lower === API.ipnList)
      return Reply.json([...ipns.values()].map((ipn) => ipnFields(ipn)));
    if (request.method === "POST" && lower === API.submit) return submitReply(record);
    if (request.method === "GET" && lower === API.status) return statusReply(query);
    if (request.method === "POST" && lower === API.refund) {
      const reply = refundReply(record);
      const late = lateRefundAnswers.shift();
      if (late !== undefined) await sleep(late, timers);
      return reply;
    }
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
  const scheduleTimer = options.recurringEveryMs
    ? setInterval(() => {
        runDueCharges().catch((error: unknown) => console.error("Pesapal stand-in: a recurring charge failed", error));
      }, options.recurringEveryMs)
    : undefined;
  scheduleTimer?.unref();

  return {
    url,
    requests,
    ipnDeliveries,
    getOrder: (trackingId: string): Readonly<StandInOrder> | undefined => orders.get(trackingId),
    /**
     * The buyer pays (a pending order, or a failed one she retries). `{ notify: false }`: no IPN reaches the shop
     * (a late M-Pesa on an order the shop gave up on, a retry paid while the shop was down).
     */
    complete: (
      trackingId: string,
      method: StandInPaymentMethod = "mpesa",
      phone = "254712345678",
      options: { notify?: boolean } = {},
    ) => settle(trackingId, "completed", method, phone, undefined, options.notify ?? true),
    /** Pays by card and accepts the recurring schedule on the page, as a buyer who ticks the opt-in does. */
    completeWithRecurring: (trackingId: string, choice: { frequency?: StandInFrequency; start?: string } = {}) =>
      settle(trackingId, "completed", "card", undefined, choice),
    recurringSchedules: (): ReadonlyMap<string, Readonly<StandInSchedule>> => schedules,
    chargeRecurring,
    runDueCharges,
    /** The buyer stops her schedule with the link in Pesapal's e-mail: no more charges. */
    stopRecurring(accountNumber: string) {
      const schedule = schedules.get(accountNumber);
      if (schedule) schedule.stopped = true;
    },
    fail: (trackingId: string, method: StandInPaymentMethod = "mpesa", options: { notify?: boolean } = {}) =>
      settle(trackingId, "failed", method, undefined, undefined, options.notify ?? true),
    /**
     * A completed payment becomes REVERSED (a chargeback or an effected refund) and the shop hears about it, or with
     * `{ notify: false }` does not: a silent reversal only the shop's own re-checks can find.
     */
    async reverse(trackingId: string, options: { notify?: boolean } = {}) {
      const order = orderOrThrow(trackingId);
      if (order.state !== "completed") throw new Error(`Pesapal stand-in: order ${trackingId} is ${order.state}`);
      order.state = "reversed";
      if (options.notify ?? true) await notify(order);
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
    /**
     * A registration for `url` already on Pesapal's list (made by hand on the dashboard or by an earlier install):
     * GET or POST, or another listed type that never delivers an IPN the shop could read.
     */
    listIpn(ipnUrl: string, type: string): string {
      const upper = type.toUpperCase();
      const ipn: RegisteredIpnUrl = {
        ipnId: randomUUID(),
        url: ipnUrl,
        method: upper === "POST" ? "POST" : "GET",
        createdAt: Date.now(),
        numericId: 4000 + ipns.size + 1,
        ...(upper === "GET" || upper === "POST" ? {} : { otherType: type }),
      };
      ipns.set(ipn.ipnId, ipn);
      return ipn.ipnId;
    },
    /** How POST IPNs are typed and framed from now on (Pesapal's is unconfirmed: the shop must read each). */
    setIpnPostShape(shape: IpnPostShape) {
      ipnPostShape = shape;
    },
    /**
     * The next `times` status answers for this order say 0 ("not paid yet", status "500") whatever its state, as when
     * Pesapal's IPN arrives before its status shows the payment.
     */
    answerNotPaidYet(trackingId: string, times = 1) {
      unpaidAnswers.set(trackingId, times);
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /**
     * Requests to `path` wait unanswered until `release()`, as when Pesapal is slow: the test sees how many are
     * in flight at once without depending on how fast this machine is.
     */
    holdRequests(path: string) {
      const waiting: Array<() => void> = [];
      holds.set(path.toLowerCase(), waiting);
      return {
        waiting: () => waiting.length,
        release() {
          holds.delete(path.toLowerCase());
          for (const go of waiting.splice(0)) go();
        },
      };
    },
    /** The next `times` requests to `path` (e.g. "/api/Transactions/GetTransactionStatus") get a bare HTTP error. */
    failNext(path: string, times = 1, httpStatus = 503) {
      for (let i = 0; i < times; i++) injectedFailures.push({ path, httpStatus });
    },
    /** The next `times` requests to `path` are read and never answered, as a hanging gateway does. */
    hangNext(path: string, times = 1) {
      for (let i = 0; i < times; i++) hangs.push(path);
    },
    /** Orders paid by M-Pesa report the whole shillings M-Pesa collected (the cents dropped), not the amount asked. */
    setMpesaWholeShillings(on: boolean) {
      mpesaWholeShillings = on;
    },
    /** Status answers spell the currency in lower case ("kes"), as some gateways' answers do. */
    setLowerCaseCurrency(on: boolean) {
      lowerCaseCurrency = on;
    },
    /** The next valid RefundRequest is refused with this message (body status "500"), as Pesapal may refuse one. */
    refuseNextRefund(message = "Refund request could not be processed") {
      refundRefusals.push(message);
    },
    /**
     * The next RefundRequest is performed at once but answered `ms` later: past the client's timeout its answer is
     * lost, and the shop cannot know the money went back.
     */
    answerNextRefundLate(ms: number) {
      lateRefundAnswers.push(ms);
    },
    /**
     * How GetTransactionStatus shows refunds accepted from now on (see StandInRefundReport), or, given a tracking
     * id, that payment's refund (e.g. "unchanged" then "reversed" once Pesapal's finance team has effected it).
     */
    reportRefundsAs(report: StandInRefundReport, trackingId?: string) {
      if (trackingId) orderOrThrow(trackingId).refundReport = report;
      else refundReport = report;
    },
    /** Every issued token stops working, as after a key rotation or an early expiry. */
    revokeTokens() {
      tokens.clear();
    },
    async close() {
      if (scheduleTimer) clearInterval(scheduleTimer);
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A second refund of one payment: Pesapal's exact wording is unconfirmed; this is a plausible one. */
export const DUPLICATE_REFUND_MESSAGE = "Duplicate refund request: a refund already exists for this transaction";

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
    notification_type: ipn.otherType !== undefined ? 2 : ipn.method === "GET" ? 0 : 1,
    ipn_notification_type_description: ipn.otherType ?? ipn.method,
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

/** Pesapal's "dd-MM-yyyy" as epoch ms (midnight in Nairobi), NaN when it is not a date. */
function parseDdMmYyyy(text: string): number {
  const match = /^(\d{2})-(\d{2})-(\d{4})$/.exec(text);
  if (!match) return Number.NaN;
  const time = fromNairobiWallClock(Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1]))).getTime();
  return inNairobi(new Date(time)).getUTCDate() === Number(match[1]) ? time : Number.NaN;
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
