// One HTTP exchange with Pesapal: JSON parsing and reading failure from the body on any HTTP status (the sandbox
// answers HTTP 200 with body `status: "500"`; other statuses are unconfirmed, so trust the body). The request itself
// (headers, timeout) is the one both gateways share: ~/lib/gateway-http/send.server.ts.
import { envelopeSchema, type Envelope } from "./wire-schemas";
import { PesapalError, type PesapalOperation } from "./errors";
import { sendToGateway } from "~/lib/gateway-http/send.server";

export interface Exchange {
  operation: PesapalOperation;
  method: "GET" | "POST";
  url: string;
  bearer?: string;
  body?: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface Answer {
  httpStatus: number;
  json: unknown;
}

export async function exchange(request: Exchange): Promise<Answer> {
  const { operation } = request;
  const { response, text } = await sendToGateway(
    {
      method: request.method,
      url: request.url,
      authorization: request.bearer ? `Bearer ${request.bearer}` : undefined,
      body: request.body,
      timeoutMs: request.timeoutMs,
      fetch: request.fetch,
    },
    (cause, timedOut) =>
      timedOut
        ? new PesapalError("PESAPAL_TIMEOUT", `no answer within ${request.timeoutMs} ms`, { operation, cause })
        : new PesapalError("PESAPAL_NETWORK", "the request failed before an answer arrived", { operation, cause }),
  );
  const httpStatus = response.status;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (httpStatus >= 500)
      throw new PesapalError("PESAPAL_UNAVAILABLE", `HTTP ${httpStatus}`, { operation, httpStatus });
    if (httpStatus === 401 || httpStatus === 403) {
      throw new PesapalError("PESAPAL_AUTH", `HTTP ${httpStatus}`, { operation, httpStatus });
    }
    throw new PesapalError("PESAPAL_BAD_RESPONSE", `HTTP ${httpStatus} with a body that is not JSON`, {
      operation,
      httpStatus,
    });
  }
  return { httpStatus, json };
}

/** Whether an error object is a real error: GetTransactionStatus sends one with all members null on success. */
export function gatewayErrorCode(envelope: Envelope): string | undefined {
  return envelope.error?.code ?? undefined;
}

/** Throws the PesapalError the body (or, failing that, the HTTP status) describes; returns when it is a success. */
export function assertSuccess(operation: PesapalOperation, answer: Answer): void {
  const { httpStatus, json } = answer;
  const parsed = envelopeSchema.safeParse(json);
  // A bare array (GetIpnList) or an object without an envelope: only the HTTP status can speak.
  const envelope: Envelope = parsed.success ? parsed.data : { status: undefined, message: undefined, error: undefined };
  const code = gatewayErrorCode(envelope);
  const bodyFailed = code !== undefined || (envelope.status !== undefined && envelope.status !== "200");
  if (bodyFailed) {
    const type = envelope.error?.error_type ?? envelope.error?.type ?? undefined;
    const message = envelope.error?.message || envelope.message || `status ${envelope.status ?? "?"}`;
    const details = { operation, httpStatus, gatewayCode: code, gatewayType: type };
    const auth =
      type === "authentication_error" ||
      code === "invalid_api_credentials_provided" ||
      httpStatus === 401 ||
      httpStatus === 403;
    throw new PesapalError(auth ? "PESAPAL_AUTH" : "PESAPAL_REJECTED", message, details);
  }
  if (httpStatus >= 500) throw new PesapalError("PESAPAL_UNAVAILABLE", `HTTP ${httpStatus}`, { operation, httpStatus });
  if (httpStatus === 401 || httpStatus === 403) {
    throw new PesapalError("PESAPAL_AUTH", `HTTP ${httpStatus}`, { operation, httpStatus });
  }
  if (httpStatus >= 300) {
    throw new PesapalError("PESAPAL_BAD_RESPONSE", `unexpected HTTP ${httpStatus}`, { operation, httpStatus });
  }
}
