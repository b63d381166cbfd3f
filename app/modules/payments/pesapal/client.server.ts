// A typed Pesapal API 3.0 client over fetch. Decisions: docs/decisions/010-pesapal-client.md.
import type { z } from "zod";
import { centsToDecimal } from "~/modules/pricing/money";
import { isPesapalError, PesapalError, type PesapalOperation } from "./errors";
import { countGatewayCall } from "~/lib/metrics.server";
import { TokenCache } from "~/lib/gateway-http/token-cache";
import { assertSuccess, exchange, type Answer } from "./transport.server";
import {
  envelopeSchema,
  ipnListSchema,
  ipnSchema,
  submitOrderSchema,
  tokenSchema,
  transactionStatusSchema,
} from "./wire-schemas";
import {
  PAYMENT_STATUS_BY_CODE,
  type GatewayAcknowledgement,
  type IpnNotificationType,
  type OrderRequest,
  type RefundRequest,
  type RegisteredIpn,
  type SubmittedOrder,
  type TransactionStatus,
} from "./types";

export const PESAPAL_BASE_URLS = {
  sandbox: "https://cybqa.pesapal.com/pesapalv3",
  live: "https://pay.pesapal.com/v3",
} as const;

export interface PesapalClientOptions {
  /** A PESAPAL_BASE_URLS entry or a stand-in's URL; paths start with /api/. */
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** Per HTTP attempt. Pesapal's own plugin allows 30 s in total; a checkout should not wait that long. */
  timeoutMs?: number;
  /**
   * Per GetTransactionStatus attempt (default 8 s, never above timeoutMs). A status call that hangs is asked once
   * more: it changes nothing at Pesapal, and a buyer's return page and every IPN wait on it.
   */
  statusTimeoutMs?: number;
  /** Extra attempts for reads that are safe to repeat (token, status, IPN list) on network errors and 5xx. */
  retries?: number;
  retryDelayMs?: number;
  /** Refresh this long before `expiryDate` (capped at a fifth of the token's life). */
  tokenRefreshMarginMs?: number;
  fetch?: typeof fetch;
}

export type PesapalClient = ReturnType<typeof createPesapalClient>;

interface Call<T> {
  operation: PesapalOperation;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Only for requests that change nothing at Pesapal: a lost answer to SubmitOrderRequest may be an order. */
  retrySafe: boolean;
  /** This call's own timeout per attempt, and how often it is asked again after one (only when retrySafe). */
  timeout?: { ms: number; retries: number };
  read: (answer: Answer) => T;
}

/** How one client talks to Pesapal: its options with their defaults filled in, and its token. */
interface Session {
  baseUrl: string;
  timeoutMs: number;
  retries: number;
  retryDelayMs: number;
  fetch: typeof fetch;
  statusTimeout: { ms: number; retries: number };
  tokens: TokenCache;
}

const PENDING_PAYMENT_CODE = "payment_details_not_found";
export const STATUS_TIMEOUT_MS = 8_000;

export function createPesapalClient(options: PesapalClientOptions) {
  const session = openSession(options);
  return {
    /** A token for callers that need one directly; normally each operation fetches its own. */
    requestToken: (): Promise<string> => session.tokens.get(),
    registerIpn: (url: string, notificationType: IpnNotificationType): Promise<RegisteredIpn> =>
      authorized(session, registerIpnCall(url, notificationType)),
    getIpnList: (): Promise<RegisteredIpn[]> => authorized(session, ipnListCall),
    submitOrder: (order: OrderRequest): Promise<SubmittedOrder> => authorized(session, submitOrderCall(order)),
    getTransactionStatus: (orderTrackingId: string): Promise<TransactionStatus> =>
      authorized(session, transactionStatusCall(orderTrackingId, session.statusTimeout)),
    refund: (request: RefundRequest): Promise<GatewayAcknowledgement> => authorized(session, refundCall(request)),
    cancelOrder: (orderTrackingId: string): Promise<GatewayAcknowledgement> =>
      authorized(session, cancelOrderCall(orderTrackingId)),
  };
}

function openSession(options: PesapalClientOptions): Session {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const tokenCall = requestTokenCall(options);
  const session: Session = {
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    timeoutMs,
    retries: options.retries ?? 2,
    retryDelayMs: options.retryDelayMs ?? 250,
    fetch: options.fetch ?? fetch,
    statusTimeout: { ms: Math.min(options.statusTimeoutMs ?? STATUS_TIMEOUT_MS, timeoutMs), retries: 1 },
    tokens: new TokenCache(
      () =>
        withRetries(session, tokenCall, () => once(session, tokenCall, undefined)).then((token) => ({
          value: token.token,
          expiresAt: parseUtcDate(token.expiryDate),
        })),
      options.tokenRefreshMarginMs ?? 60_000,
    ),
  };
  return session;
}

async function once<T>(session: Session, call: Call<T>, bearer: string | undefined): Promise<T> {
  // Every attempt is counted for /metrics, and its failure (the answer's reading included) by code (ADR 042).
  return countGatewayCall(call.operation, async () => {
    const answer = await exchange({
      operation: call.operation,
      method: call.method,
      url: session.baseUrl + call.path,
      bearer,
      body: call.body,
      timeoutMs: call.timeout?.ms ?? session.timeoutMs,
      fetch: session.fetch,
    });
    return call.read(answer);
  });
}

async function withRetries<T>(session: Session, call: Call<T>, attempt: () => Promise<T>): Promise<T> {
  let timedOut = 0;
  for (let tried = 0; ; tried++) {
    try {
      return await attempt();
    } catch (error) {
      const transient = isPesapalError(error, "PESAPAL_NETWORK") || isPesapalError(error, "PESAPAL_UNAVAILABLE");
      // CASE: a read that hung -> asked again only as often as the call allows (a hang costs a whole timeout).
      const hung = isPesapalError(error, "PESAPAL_TIMEOUT");
      const again = transient ? tried < session.retries : hung && timedOut++ < (call.timeout?.retries ?? 0);
      if (!call.retrySafe || !again) throw error;
      await new Promise((resolve) => setTimeout(resolve, session.retryDelayMs * 2 ** tried));
    }
  }
}

/** Sends with a cached token; a refused token is replaced once (it may have expired early or been revoked). */
function authorized<T>(session: Session, call: Call<T>): Promise<T> {
  return withRetries(session, call, () =>
    session.tokens.withToken(
      (token) => once(session, call, token),
      (error) => isPesapalError(error, "PESAPAL_AUTH"),
    ),
  );
}

function requestTokenCall(options: PesapalClientOptions): Call<z.infer<typeof tokenSchema>> {
  return {
    operation: "RequestToken",
    method: "POST",
    path: "/api/Auth/RequestToken",
    body: { consumer_key: options.consumerKey, consumer_secret: options.consumerSecret },
    retrySafe: true,
    read: (answer) => parseBody("RequestToken", answer, tokenSchema),
  };
}

function registerIpnCall(url: string, notificationType: IpnNotificationType): Call<RegisteredIpn> {
  return {
    operation: "RegisterIPN",
    method: "POST",
    path: "/api/URLSetup/RegisterIPN",
    body: { url, ipn_notification_type: notificationType },
    // Registering twice mints a second id at worst; a missing id breaks every order. Still: ask once.
    retrySafe: false,
    read: (answer) => toIpn(parseBody("RegisterIPN", answer, ipnSchema)),
  };
}

const ipnListCall: Call<RegisteredIpn[]> = {
  operation: "GetIpnList",
  method: "GET",
  path: "/api/URLSetup/GetIpnList",
  retrySafe: true,
  read: (answer) => parseBody("GetIpnList", answer, ipnListSchema).map((ipn) => toIpn(ipn)),
};

function submitOrderCall(order: OrderRequest): Call<SubmittedOrder> {
  return {
    operation: "SubmitOrderRequest",
    method: "POST",
    path: "/api/Transactions/SubmitOrderRequest",
    body: orderBody(order),
    retrySafe: false,
    read: (answer) => {
      const body = parseBody("SubmitOrderRequest", answer, submitOrderSchema);
      return {
        orderTrackingId: body.order_tracking_id,
        merchantReference: body.merchant_reference,
        redirectUrl: body.redirect_url,
      };
    },
  };
}

function transactionStatusCall(
  orderTrackingId: string,
  timeout: { ms: number; retries: number },
): Call<TransactionStatus> {
  return {
    operation: "GetTransactionStatus",
    method: "GET",
    path: `/api/Transactions/GetTransactionStatus?orderTrackingId=${encodeURIComponent(orderTrackingId)}`,
    retrySafe: true,
    timeout,
    read: (answer) => readTransactionStatus(answer, orderTrackingId),
  };
}

function refundCall(request: RefundRequest): Call<GatewayAcknowledgement> {
  return {
    operation: "RefundRequest",
    method: "POST",
    path: "/api/Transactions/RefundRequest",
    // The docs' sample sends the amount as a string; a decimal string keeps cents exact.
    body: {
      confirmation_code: request.confirmationCode,
      amount: centsToDecimal(request.amountCents),
      username: request.username,
      remarks: request.remarks,
    },
    retrySafe: false,
    read: (answer) => acknowledgement("RefundRequest", answer),
  };
}

function cancelOrderCall(orderTrackingId: string): Call<GatewayAcknowledgement> {
  return {
    operation: "CancelOrder",
    method: "POST",
    path: "/api/Transactions/CancelOrder",
    body: { order_tracking_id: orderTrackingId },
    retrySafe: false,
    read: (answer) => acknowledgement("CancelOrder", answer),
  };
}

function parseBody<S extends z.ZodType>(operation: PesapalOperation, answer: Answer, schema: S): z.output<S> {
  assertSuccess(operation, answer);
  return validate(operation, answer, schema);
}

function validate<S extends z.ZodType>(operation: PesapalOperation, answer: Answer, schema: S): z.output<S> {
  const parsed = schema.safeParse(answer.json);
  if (!parsed.success) {
    const where = parsed.error.issues.map((issue) => issue.path.join(".") || "(body)").join(", ");
    throw new PesapalError("PESAPAL_BAD_RESPONSE", `unexpected shape at ${where}`, {
      operation,
      httpStatus: answer.httpStatus,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function readTransactionStatus(answer: Answer, requestedId: string): TransactionStatus {
  const envelope = envelopeSchema.safeParse(answer.json);
  // CASE: unpaid order. Body says status "500" with error code payment_details_not_found, yet it is an answer:
  // status_code 0 ("INVALID"), which is how API 3.0 says "not paid yet".
  const pending = envelope.success && envelope.data.error?.code === PENDING_PAYMENT_CODE;
  const body = pending
    ? validate("GetTransactionStatus", answer, transactionStatusSchema)
    : parseBody("GetTransactionStatus", answer, transactionStatusSchema);
  return {
    statusCode: body.status_code,
    status: PAYMENT_STATUS_BY_CODE[body.status_code],
    statusDescription: body.payment_status_description ?? "",
    orderTrackingId: body.order_tracking_id || requestedId,
    merchantReference: body.merchant_reference,
    amountCents: body.amount,
    currency: body.currency,
    paymentMethod: body.payment_method ?? "",
    confirmationCode: body.confirmation_code ?? "",
    paymentAccount: body.payment_account ?? "",
    createdDate: body.created_date,
    description: body.description ?? "",
    paymentStatusCode: body.payment_status_code ?? "",
    // Either member may name the schedule (a correlation id alone still does).
    ...(body.subscription_transaction_info?.account_reference || body.subscription_transaction_info?.correlation_id
      ? {
          subscriptionTransactionInfo: {
            accountReference: body.subscription_transaction_info.account_reference ?? "",
            amountCents: body.subscription_transaction_info.amount ?? null,
            firstName: body.subscription_transaction_info.first_name ?? "",
            lastName: body.subscription_transaction_info.last_name ?? "",
            correlationId: String(body.subscription_transaction_info.correlation_id ?? ""),
          },
        }
      : {}),
  };
}

function acknowledgement(operation: PesapalOperation, answer: Answer): GatewayAcknowledgement {
  const body = parseBody(operation, answer, envelopeSchema);
  if (body.status !== "200") {
    throw new PesapalError("PESAPAL_BAD_RESPONSE", "no status in the answer", {
      operation,
      httpStatus: answer.httpStatus,
    });
  }
  return { message: body.message ?? "" };
}

function toIpn(ipn: z.infer<typeof ipnSchema>): RegisteredIpn {
  return {
    ipnId: ipn.ipn_id,
    url: ipn.url,
    createdDate: ipn.created_date ?? undefined,
    notificationType: notificationTypeOf(ipn),
  };
}

/** "GET"/"POST" from the description (any case or spacing), else from the numeric type; anything else: unknown. */
function notificationTypeOf(ipn: z.infer<typeof ipnSchema>): IpnNotificationType | undefined {
  const description = ipn.ipn_notification_type_description?.trim().toUpperCase();
  if (description === "GET" || description === "POST") return description;
  if (description) return undefined;
  const code = ipn.notification_type == null ? "" : String(ipn.notification_type).trim();
  return code === "0" ? "GET" : code === "1" ? "POST" : undefined;
}

function orderBody(order: OrderRequest) {
  const address = order.billingAddress;
  return {
    id: order.merchantReference,
    currency: order.currency,
    // The API takes a JSON number. Number() of a two-decimal string serializes back to the same decimal text (the
    // shortest round-trip form), so the amount on the wire is exactly centsToDecimal's, trailing zeros aside.
    amount: Number(centsToDecimal(order.amountCents)),
    description: order.description,
    callback_url: order.callbackUrl,
    notification_id: order.notificationId,
    ...(order.cancellationUrl ? { cancellation_url: order.cancellationUrl } : {}),
    ...(order.redirectMode ? { redirect_mode: order.redirectMode } : {}),
    ...(order.branch ? { branch: order.branch } : {}),
    ...(order.accountNumber ? { account_number: order.accountNumber } : {}),
    ...(order.subscriptionDetails
      ? {
          subscription_details: {
            start_date: order.subscriptionDetails.startDate,
            end_date: order.subscriptionDetails.endDate,
            frequency: order.subscriptionDetails.frequency,
          },
        }
      : {}),
    billing_address: {
      email_address: address.emailAddress ?? "",
      phone_number: address.phoneNumber ?? "",
      country_code: address.countryCode ?? "",
      first_name: address.firstName ?? "",
      middle_name: address.middleName ?? "",
      last_name: address.lastName ?? "",
      line_1: address.line1 ?? "",
      line_2: address.line2 ?? "",
      city: address.city ?? "",
      state: address.state ?? "",
      postal_code: address.postalCode ?? "",
      zip_code: address.zipCode ?? "",
    },
  };
}

/** `expiryDate` is UTC with a Z and seven fractional digits ("2024-03-18T07:52:38.7462149Z"). */
function parseUtcDate(text: string): number {
  const time = /Z$|[+-]\d{2}:\d{2}$/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new PesapalError("PESAPAL_BAD_RESPONSE", "expiryDate is not a UTC date", { operation: "RequestToken" });
  }
  return time;
}
