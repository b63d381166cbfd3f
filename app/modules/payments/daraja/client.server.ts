// A small typed client for the six Daraja calls the shop makes (ADR 043): OAuth, M-Pesa Express (STK push) and its
// query, C2B URL registration, transaction status and reversal. No maintained npm wrapper covers the STK query and
// the asynchronous results well (research 2.3), so this is fetch with the wire checked by zod. The same code talks to
// Safaricom and to the local stand-in (app/stand-ins/daraja), over HTTP.
import { z } from "zod";
import { TokenCache } from "~/lib/gateway-http/token-cache";
import { sendToGateway } from "~/lib/gateway-http/send.server";
import { inNairobi } from "~/lib/nairobi-time";

export const DARAJA_BASE_URLS = {
  sandbox: "https://sandbox.safaricom.co.ke",
  production: "https://api.safaricom.co.ke",
} as const;

export interface DarajaConnection {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  shortcode: string;
  passkey: string;
  /** A Till: the till number paid (CustomerBuyGoodsOnline); the shortcode is then the store number. */
  tillNumber?: string;
  initiatorName?: string;
  securityCredential?: string;
  timeoutMs?: number;
}

export type DarajaErrorCode =
  | "DARAJA_TIMEOUT"
  | "DARAJA_NETWORK"
  | "DARAJA_AUTH"
  | "DARAJA_REJECTED"
  | "DARAJA_BAD_RESPONSE"
  | "DARAJA_NOT_CONFIGURED";

export class DarajaError extends Error {
  constructor(
    readonly code: DarajaErrorCode,
    message: string,
    /** Daraja's errorCode ("500.001.1001", "404.001.03") when it sent one. */
    readonly darajaCode?: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = "DarajaError";
  }
}

export function isDarajaError(error: unknown, code?: DarajaErrorCode): error is DarajaError {
  return error instanceof DarajaError && (code === undefined || error.code === code);
}

/** Daraja's "the transaction is being processed" (the STK query before she answered): not a failure. */
export const STILL_PROCESSING = "500.001.1001";
const INVALID_TOKEN = "404.001.03";

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const errorSchema = z.object({ errorCode: z.string(), errorMessage: z.string().default("") });
const pushSchema = z.object({
  MerchantRequestID: z.string(),
  CheckoutRequestID: z.string(),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().default(""),
  CustomerMessage: z.string().default(""),
});
const querySchema = z.object({
  ResponseCode: z.coerce.string(),
  ResultCode: z.coerce.number().int(),
  ResultDesc: z.string().default(""),
  CheckoutRequestID: z.string(),
  MerchantRequestID: z.string().default(""),
});
const ackSchema = z.object({
  ConversationID: z.string().default(""),
  OriginatorConversationID: z.string().default(""),
  OriginatorCoversationID: z.string().optional(),
  ResponseCode: z.coerce.string(),
  ResponseDescription: z.string().default(""),
});

export interface StkPush {
  phone: string;
  amountCents: number;
  /** At most 12 letters and digits (special characters make Daraja refuse the request). */
  accountReference: string;
  description: string;
  callbackUrl: string;
}

export interface PushAccepted {
  merchantRequestId: string;
  checkoutRequestId: string;
  customerMessage: string;
}

export type StkQueryAnswer =
  { kind: "processing" } | { kind: "done"; resultCode: number; resultDesc: string; checkoutRequestId: string };

export interface AsyncAccepted {
  conversationId: string;
  originatorConversationId: string;
}

/** YYYYMMDDHHmmss in Nairobi time, as Daraja's Password and Timestamp want it. */
export function darajaTimestamp(now = new Date()): string {
  const eat = inNairobi(now);
  return eat.toISOString().replace(/[-:T]/g, "").slice(0, 14);
}

export function stkPassword(shortcode: string, passkey: string, timestamp: string): string {
  return Buffer.from(`${shortcode}${passkey}${timestamp}`).toString("base64");
}

export type DarajaClient = ReturnType<typeof createDarajaClient>;

/** How one client talks to Daraja: its connection, where and how long it waits, and its token. */
interface Session {
  connection: DarajaConnection;
  base: string;
  timeoutMs: number;
  fetch: typeof fetch;
  tokens: TokenCache;
}

export function createDarajaClient(connection: DarajaConnection, fetchImpl: typeof fetch = fetch) {
  const session: Session = {
    connection,
    base: connection.baseUrl.replace(/\/$/, ""),
    timeoutMs: connection.timeoutMs ?? 15_000,
    fetch: fetchImpl,
    tokens: new TokenCache(() => requestToken(session), 60_000),
  };
  return {
    connection,
    stkPush: (push: StkPush, now = new Date()): Promise<PushAccepted> => stkPush(session, push, now),
    stkQuery: (checkoutRequestId: string, now = new Date()): Promise<StkQueryAnswer> =>
      stkQuery(session, checkoutRequestId, now),
    registerC2bUrls: (urls: { confirmationUrl: string; validationUrl: string }): Promise<void> =>
      registerC2bUrls(session, urls),
    transactionStatus: (input: { receipt: string; resultUrl: string; timeoutUrl: string }): Promise<AsyncAccepted> =>
      transactionStatus(session, input),
    reversal: (input: ReversalRequest): Promise<AsyncAccepted> => reversal(session, input),
  };
}

interface ReversalRequest {
  receipt: string;
  amountCents: number;
  resultUrl: string;
  timeoutUrl: string;
  remarks: string;
}

async function send(
  session: Session,
  method: "GET" | "POST",
  path: string,
  init: { bearer?: string; basic?: string; body?: unknown },
): Promise<unknown> {
  const { response, text } = await sendToGateway(
    {
      method,
      url: session.base + path,
      authorization: init.basic ? `Basic ${init.basic}` : init.bearer ? `Bearer ${init.bearer}` : undefined,
      body: init.body,
      timeoutMs: session.timeoutMs,
      fetch: session.fetch,
    },
    (cause, timedOut) => new DarajaError(timedOut ? "DARAJA_TIMEOUT" : "DARAJA_NETWORK", `${path}: ${String(cause)}`),
  );
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    // CASE: an HTML error page (a gateway in front of Daraja) -> read by its status below.
  }
  const error = errorSchema.safeParse(json);
  if (error.success) {
    const auth = response.status === 401 || error.data.errorCode === INVALID_TOKEN;
    throw new DarajaError(
      auth ? "DARAJA_AUTH" : "DARAJA_REJECTED",
      `${path}: ${error.data.errorMessage}`,
      error.data.errorCode,
      response.status,
    );
  }
  if (!response.ok) {
    throw new DarajaError(
      response.status === 401 ? "DARAJA_AUTH" : "DARAJA_BAD_RESPONSE",
      `${path}: HTTP ${response.status}`,
      undefined,
      response.status,
    );
  }
  return json;
}

function parse<T>(schema: z.ZodType<T>, json: unknown, path: string): T {
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new DarajaError("DARAJA_BAD_RESPONSE", `${path}: unexpected answer`);
  return parsed.data;
}

async function requestToken(session: Session) {
  const { connection } = session;
  const path = "/oauth/v1/generate?grant_type=client_credentials";
  const basic = Buffer.from(`${connection.consumerKey}:${connection.consumerSecret}`).toString("base64");
  const token = parse(tokenSchema, await send(session, "GET", path, { basic }), path);
  return { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
}

/** A call with the cached token; a token Daraja refused (expired early, revoked) is replaced once. */
function call(session: Session, path: string, body: unknown): Promise<unknown> {
  return session.tokens.withToken(
    (bearer) => send(session, "POST", path, { bearer, body }),
    (error) => isDarajaError(error, "DARAJA_AUTH"),
  );
}

function initiator(connection: DarajaConnection) {
  if (!connection.initiatorName || !connection.securityCredential) {
    throw new DarajaError(
      "DARAJA_NOT_CONFIGURED",
      "DARAJA_INITIATOR_NAME and DARAJA_SECURITY_CREDENTIAL are needed for transaction status and reversal",
    );
  }
  return { Initiator: connection.initiatorName, SecurityCredential: connection.securityCredential };
}

function accepted(ack: z.infer<typeof ackSchema>, path: string): AsyncAccepted {
  if (ack.ResponseCode !== "0") throw new DarajaError("DARAJA_REJECTED", `${path}: ${ack.ResponseDescription}`);
  return {
    conversationId: ack.ConversationID,
    originatorConversationId: ack.OriginatorConversationID || ack.OriginatorCoversationID || "",
  };
}

async function stkPush(session: Session, push: StkPush, now: Date): Promise<PushAccepted> {
  const { connection } = session;
  const path = "/mpesa/stkpush/v1/processrequest";
  const timestamp = darajaTimestamp(now);
  const json = await call(session, path, {
    BusinessShortCode: connection.shortcode,
    Password: stkPassword(connection.shortcode, connection.passkey, timestamp),
    Timestamp: timestamp,
    TransactionType: connection.tillNumber ? "CustomerBuyGoodsOnline" : "CustomerPayBillOnline",
    // M-Pesa moves whole shillings.
    Amount: Math.ceil(push.amountCents / 100),
    PartyA: push.phone,
    PartyB: connection.tillNumber ?? connection.shortcode,
    PhoneNumber: push.phone,
    CallBackURL: push.callbackUrl,
    AccountReference: push.accountReference.slice(0, 12),
    TransactionDesc: push.description.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 13),
  });
  const answer = parse(pushSchema, json, path);
  if (answer.ResponseCode !== "0") throw new DarajaError("DARAJA_REJECTED", answer.ResponseDescription);
  return {
    merchantRequestId: answer.MerchantRequestID,
    checkoutRequestId: answer.CheckoutRequestID,
    customerMessage: answer.CustomerMessage,
  };
}

async function stkQuery(session: Session, checkoutRequestId: string, now: Date): Promise<StkQueryAnswer> {
  const { connection } = session;
  const path = "/mpesa/stkpushquery/v1/query";
  const timestamp = darajaTimestamp(now);
  try {
    const json = await call(session, path, {
      BusinessShortCode: connection.shortcode,
      Password: stkPassword(connection.shortcode, connection.passkey, timestamp),
      Timestamp: timestamp,
      CheckoutRequestID: checkoutRequestId,
    });
    const answer = parse(querySchema, json, path);
    return {
      kind: "done",
      resultCode: answer.ResultCode,
      resultDesc: answer.ResultDesc,
      checkoutRequestId: answer.CheckoutRequestID,
    };
  } catch (error) {
    // CASE: she has not answered yet -> Daraja answers with an error body; nothing is known.
    if (isDarajaError(error) && error.darajaCode === STILL_PROCESSING) return { kind: "processing" };
    throw error;
  }
}

async function registerC2bUrls(
  session: Session,
  urls: { confirmationUrl: string; validationUrl: string },
): Promise<void> {
  const path = "/mpesa/c2b/v1/registerurl";
  const json = await call(session, path, {
    ShortCode: session.connection.tillNumber ?? session.connection.shortcode,
    // CASE: our validation URL unreachable -> Safaricom completes the payment; we match or hold it afterwards.
    ResponseType: "Completed",
    ConfirmationURL: urls.confirmationUrl,
    ValidationURL: urls.validationUrl,
  });
  accepted(parse(ackSchema, json, path), path);
}

async function transactionStatus(
  session: Session,
  input: { receipt: string; resultUrl: string; timeoutUrl: string },
): Promise<AsyncAccepted> {
  const path = "/mpesa/transactionstatus/v1/query";
  const json = await call(session, path, {
    ...initiator(session.connection),
    CommandID: "TransactionStatusQuery",
    TransactionID: input.receipt,
    PartyA: session.connection.shortcode,
    IdentifierType: "4",
    ResultURL: input.resultUrl,
    QueueTimeOutURL: input.timeoutUrl,
    Remarks: "Payment check",
    Occasion: "",
  });
  return accepted(parse(ackSchema, json, path), path);
}

async function reversal(session: Session, input: ReversalRequest): Promise<AsyncAccepted> {
  const path = "/mpesa/reversal/v1/request";
  const json = await call(session, path, {
    ...initiator(session.connection),
    CommandID: "TransactionReversal",
    TransactionID: input.receipt,
    Amount: Math.round(input.amountCents / 100),
    ReceiverParty: session.connection.shortcode,
    RecieverIdentifierType: "11",
    ResultURL: input.resultUrl,
    QueueTimeOutURL: input.timeoutUrl,
    Remarks: input.remarks.replace(/[^A-Za-z0-9 ]/g, "").slice(0, 100) || "Refund",
    Occasion: "",
  });
  return accepted(parse(ackSchema, json, path), path);
}

// The asynchronous bodies Daraja POSTs to us, read leniently (extra fields ignored) and typed.

const itemSchema = z.object({ Name: z.string(), Value: z.union([z.string(), z.number()]).optional() });
export const stkCallbackSchema = z.object({
  Body: z.object({
    stkCallback: z.object({
      MerchantRequestID: z.string(),
      CheckoutRequestID: z.string(),
      ResultCode: z.coerce.number().int(),
      ResultDesc: z.string().default(""),
      CallbackMetadata: z.object({ Item: z.array(itemSchema) }).optional(),
    }),
  }),
});

export interface StkResult {
  checkoutRequestId: string;
  merchantRequestId: string;
  resultCode: number;
  resultDesc: string;
  amountCents: number | null;
  receipt: string | null;
  phone: string | null;
}

export function readStkCallback(body: unknown): StkResult | null {
  const parsed = stkCallbackSchema.safeParse(body);
  if (!parsed.success) return null;
  const cb = parsed.data.Body.stkCallback;
  const item = (name: string) => cb.CallbackMetadata?.Item.find((i) => i.Name === name)?.Value;
  const amount = item("Amount");
  return {
    checkoutRequestId: cb.CheckoutRequestID,
    merchantRequestId: cb.MerchantRequestID,
    resultCode: cb.ResultCode,
    resultDesc: cb.ResultDesc,
    amountCents: amount === undefined ? null : Math.round(Number(amount) * 100),
    receipt: item("MpesaReceiptNumber") === undefined ? null : String(item("MpesaReceiptNumber")),
    phone: item("PhoneNumber") === undefined ? null : String(item("PhoneNumber")),
  };
}

export const c2bSchema = z.object({
  TransactionType: z.string().default(""),
  TransID: z.string().min(1),
  TransAmount: z.coerce.number().positive(),
  BusinessShortCode: z.coerce.string().default(""),
  BillRefNumber: z.coerce.string().default(""),
  MSISDN: z.coerce.string().default(""),
  FirstName: z.string().default(""),
});
export type C2bPayment = z.infer<typeof c2bSchema>;

const resultSchema = z.object({
  Result: z.object({
    ResultCode: z.coerce.number().int(),
    ResultDesc: z.string().default(""),
    ConversationID: z.string().default(""),
    OriginatorConversationID: z.string().default(""),
    TransactionID: z.string().default(""),
    ResultParameters: z
      .object({
        ResultParameter: z.union([
          z.array(z.object({ Key: z.string(), Value: z.unknown() })),
          z.object({ Key: z.string(), Value: z.unknown() }),
        ]),
      })
      .optional(),
  }),
});

export interface AsyncResult {
  resultCode: number;
  resultDesc: string;
  conversationId: string;
  transactionId: string;
  parameters: Record<string, string>;
}

/** A transaction-status or reversal result (POSTed to our ResultURL). */
export function readAsyncResult(body: unknown): AsyncResult | null {
  const parsed = resultSchema.safeParse(body);
  if (!parsed.success) return null;
  const r = parsed.data.Result;
  const list = r.ResultParameters?.ResultParameter;
  const parameters: Record<string, string> = {};
  for (const p of Array.isArray(list) ? list : list ? [list] : []) parameters[p.Key] = String(p.Value ?? "");
  return {
    resultCode: r.ResultCode,
    resultDesc: r.ResultDesc,
    conversationId: r.ConversationID,
    transactionId: r.TransactionID,
    parameters,
  };
}
