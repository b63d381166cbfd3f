/** Stable codes callers branch on; never branch on `message`, which quotes Pesapal's own text. */
export type PesapalErrorCode =
  /** No answer within the configured time. For SubmitOrderRequest the order may or may not exist. */
  | "PESAPAL_TIMEOUT"
  /** The request never got an HTTP answer (DNS, refused connection, reset). */
  | "PESAPAL_NETWORK"
  /** Consumer key/secret refused, or a bearer token refused even after one fresh token. */
  | "PESAPAL_AUTH"
  /** Pesapal answered and said no (body `status` not "200" or an `error` with a code). */
  | "PESAPAL_REJECTED"
  /** HTTP 5xx without a Pesapal body: the gateway or its CDN is down. */
  | "PESAPAL_UNAVAILABLE"
  /** An answer we cannot read: not JSON, or not the shape the API documents. */
  | "PESAPAL_BAD_RESPONSE";

export type PesapalOperation =
  | "RequestToken"
  | "RegisterIPN"
  | "GetIpnList"
  | "SubmitOrderRequest"
  | "GetTransactionStatus"
  | "RefundRequest"
  | "CancelOrder";

export interface PesapalErrorDetails {
  operation: PesapalOperation;
  httpStatus?: number;
  /** `error.code` from the body, e.g. "invalid_api_request_parameters". */
  gatewayCode?: string;
  /** `error.error_type` from the body, e.g. "authentication_error". */
  gatewayType?: string;
  cause?: unknown;
}

export class PesapalError extends Error {
  readonly code: PesapalErrorCode;
  readonly operation: PesapalOperation;
  readonly httpStatus: number | undefined;
  readonly gatewayCode: string | undefined;
  readonly gatewayType: string | undefined;

  constructor(code: PesapalErrorCode, message: string, details: PesapalErrorDetails) {
    super(`${details.operation}: ${message}`, { cause: details.cause });
    this.name = "PesapalError";
    this.code = code;
    this.operation = details.operation;
    this.httpStatus = details.httpStatus;
    this.gatewayCode = details.gatewayCode;
    this.gatewayType = details.gatewayType;
  }
}

export function isPesapalError(error: unknown, code?: PesapalErrorCode): error is PesapalError {
  return error instanceof PesapalError && (code === undefined || error.code === code);
}
