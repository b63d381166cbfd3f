// Checks made on every request before the app reads it (http-server.server.ts), so a new route is covered without doing
// anything: bytes the database cannot store, bodies too large to read into memory, bodies no form sends.

export const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Pesapal's IPN, from Pesapal's servers (no Origin): its body is three short fields, and Pesapal does not say how it
 * types or frames them (JSON, text, a form, no type, chunked), so this one path takes any of those and its route reads
 * at most NOTIFICATION_BODY_LIMIT bytes itself (ipn.server.ts).
 */
const GATEWAY_NOTIFICATION_PATH = "/api/payments/ipn";
export const NOTIFICATION_BODY_LIMIT = 8 * 1024;

export function isGatewayNotification(path: string): boolean {
  return path.toLowerCase().replace(/\/+$/, "") === GATEWAY_NOTIFICATION_PATH;
}

/**
 * Safaricom Daraja's callbacks (ADR 043): JSON with a Content-Length, from Safaricom's servers. Only their type differs
 * from a form; the usual body limit holds.
 */
const DARAJA_CALLBACK = /^\/api\/payments\/daraja\/[a-z]+\/?$/i;

export function isDarajaCallback(path: string): boolean {
  return DARAJA_CALLBACK.test(path);
}

/** Admin uploads: the body is streamed to storage and each kind's own limit is enforced while it is read. */
export const UPLOAD_PATH = "/admin/uploads";

/** A form that accepts more than FORM_BODY_LIMIT (a long article): its paths and its largest possible body. */
export interface LargeForm {
  path: RegExp;
  bytes: number;
}

export interface BodyLimits {
  /** The largest upload allowed on UPLOAD_PATH. */
  upload?: number;
  /** Forms whose schema allows more than FORM_BODY_LIMIT; every other form keeps the small limit. */
  largeForms?: readonly LargeForm[];
}

/** Largest body a request to `path` may carry (limits come from http-server.server.ts). */
export function bodyLimitFor(path: string, limits: BodyLimits = {}): number {
  const normalized = path.toLowerCase().replace(/\/+$/, "");
  if (normalized === UPLOAD_PATH) return limits.upload ?? FORM_BODY_LIMIT;
  if (isGatewayNotification(path)) return NOTIFICATION_BODY_LIMIT;
  const large = limits.largeForms?.find((form) => form.path.test(normalized));
  return Math.max(large?.bytes ?? 0, FORM_BODY_LIMIT);
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export interface Refusal {
  status: 400 | 411 | 413;
  message: string;
}

export const REFUSALS = {
  badAddress: { status: 400, message: "This address contains characters that are not allowed." },
  notAForm: { status: 400, message: "This request could not be read. Please reload the page and try again." },
  noLength: { status: 411, message: "This request could not be read. Please reload the page and try again." },
  tooLarge: { status: 413, message: "This request is too large." },
} as const satisfies Record<string, Refusal>;

/** NUL and malformed escapes in the path or query answer 400 instead of reaching the database or the router. */
export function checkTarget(rawUrl: string): Refusal | null {
  if (rawUrl.length > 8192) return REFUSALS.badAddress;
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawUrl.replace(/\+/g, " "));
  } catch {
    return REFUSALS.badAddress;
  }
  // eslint-disable-next-line no-control-regex
  return /[\u0000]/.test(decoded) ? REFUSALS.badAddress : null;
}

/**
 * Before a body is read: writes must send a form (the shop's actions read nothing else), say how long it is,
 * and stay within the route's limit. Node stops reading a body at its Content-Length, so the limit holds.
 */
export function checkBody(
  method: string,
  path: string,
  headers: { "content-type"?: string; "content-length"?: string; "transfer-encoding"?: string },
  limits?: BodyLimits,
): Refusal | null {
  const length = headers["content-length"];
  const chunked = headers["transfer-encoding"] !== undefined;
  if (!BODY_METHODS.has(method.toUpperCase())) {
    return chunked || (length !== undefined && length !== "0") ? REFUSALS.notAForm : null;
  }
  const notification = isGatewayNotification(path);
  // CASE: Pesapal's IPN without a length (chunked) -> its route stops reading at the notification limit.
  if (chunked) return notification ? null : REFUSALS.noLength;
  if (length === undefined) return null;
  const bytes = Number(length);
  if (!Number.isSafeInteger(bytes) || bytes < 0) return REFUSALS.noLength;
  if (bytes > bodyLimitFor(path, limits)) return REFUSALS.tooLarge;
  const type = headers["content-type"] ?? "";
  if (bytes > 0 && !notification && !isDarajaCallback(path) && !FORM_TYPES.test(type)) return REFUSALS.notAForm;
  return null;
}
