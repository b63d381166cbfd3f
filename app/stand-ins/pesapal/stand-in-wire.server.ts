// Bodies the Pesapal stand-in sends, shaped like the recorded sandbox responses in
// /work/shared/research/pesapal-v3-detail.md (string `status`, `error_type`, zone-less transaction dates).
import { randomBytes } from "node:crypto";
import { centsToDecimal, type MinorUnits } from "~/modules/pricing/money";
import { inNairobi } from "~/lib/nairobi-time";

export type StandInPaymentMethod = "mpesa" | "card";
export type StandInOrderState = "pending" | "completed" | "failed" | "reversed" | "cancelled";

/**
 * How GetTransactionStatus shows a payment after an accepted refund. Unconfirmed upstream (research 2.6), so the
 * stand-in plays each plausible variant: REVERSED (status_code 3, "Reversed", the default), status_code 3 described
 * "Refunded", status_code 1 with a "REFUNDED" description, or no change yet (finance has not effected it).
 */
export type StandInRefundReport = "reversed" | "refunded" | "refunded-description" | "unchanged";

export interface StandInOrder {
  trackingId: string;
  merchantReference: string;
  amountCents: MinorUnits;
  currency: string;
  description: string;
  callbackUrl: string;
  notificationId: string;
  createdAt: number;
  state: StandInOrderState;
  method?: StandInPaymentMethod;
  phone?: string;
  confirmationCode?: string;
  refunded?: boolean;
  /** What the accepted refund request asked for. */
  refundedCents?: MinorUnits;
  /** How the status answer shows that refund. */
  refundReport?: StandInRefundReport;
  firstName?: string;
  lastName?: string;
  /** SubmitOrderRequest's account_number: the buyer may set up recurring card payments on the page. */
  accountNumber?: string;
  /** SubmitOrderRequest's subscription_details: the schedule is prefilled and cannot be edited. */
  subscriptionDetails?: { startDate: string; endDate: string; frequency: string };
  /**
   * How a scheduled charge's status answer names its agreement, when not the usual way (merchant_reference and
   * account_reference both the account_number): Pesapal's variants are unconfirmed (research section 4), so the
   * stand-in can name it by one field only, or by nothing we know. The IPN still names the account_number.
   */
  statusNames?: { merchantReference: string; accountReference?: string; correlationId?: number; noInfo?: boolean };
  /** A scheduled charge, or a first payment whose schedule the buyer accepted: subscription_transaction_info. */
  recurring?: {
    accountReference: string;
    amountCents: MinorUnits;
    firstName: string;
    lastName: string;
    correlationId: number;
  };
}

/** A recurring card schedule the buyer accepted on the page (research section 4). */
export interface StandInSchedule {
  accountNumber: string;
  frequency: StandInFrequency;
  /** Epoch ms of the next charge, and of the schedule's end. */
  nextChargeAt: number;
  endAt: number;
  amountCents: MinorUnits;
  currency: string;
  description: string;
  callbackUrl: string;
  notificationId: string;
  firstName: string;
  lastName: string;
  correlationId: number;
  firstTrackingId: string;
  charges: string[];
  /** The buyer stopped it with the link in Pesapal's e-mail. */
  stopped: boolean;
}

export const STAND_IN_FREQUENCIES = ["DAILY", "WEEKLY", "MONTHLY", "QUARTERLY", "YEARLY"] as const;
export type StandInFrequency = (typeof STAND_IN_FREQUENCIES)[number];

/** The next charge after `time` on this schedule (calendar months in UTC, the day clamped to the month's end). */
export function nextChargeAfter(time: number, frequency: StandInFrequency): number {
  const DAY = 24 * 60 * 60 * 1000;
  if (frequency === "DAILY") return time + DAY;
  if (frequency === "WEEKLY") return time + 7 * DAY;
  const months = frequency === "MONTHLY" ? 1 : frequency === "QUARTERLY" ? 3 : 12;
  const date = new Date(time);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** Pesapal's failure envelope; an HTTP status is chosen by the caller (the sandbox uses 200). */
export function errorBody(errorType: string, code: string, message: string) {
  return { error: { error_type: errorType, code, message }, status: "500" };
}

export const invalidToken = () =>
  errorBody("authentication_error", "invalid_api_credentials_provided", "Invalid Access Token");
export const invalidParameters = (message = "") =>
  errorBody("invalid_request_error", "invalid_api_request_parameters", message);

/** "2024-03-18T07:52:38.7462149Z": UTC, seven fractional digits. */
export function utcDate(time: number): string {
  return new Date(time).toISOString().replace(/\.(\d{3})Z$/, ".$10000Z");
}

/** "2024-03-18T18:25:46.750": no zone, three hours ahead of UTC like the sandbox's transaction dates. */
export function zonelessNairobiDate(time: number): string {
  return inNairobi(new Date(time)).toISOString().slice(0, 23);
}

/** An HS256-looking JWT; nothing checks its signature, but clients that decode tokens see the real claim names. */
export function jwtLikeToken(consumerKey: string, issuedAt: number, expiresAt: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const claims = {
    uid: consumerKey,
    nbf: Math.floor(issuedAt / 1000),
    exp: Math.floor(expiresAt / 1000),
    iat: Math.floor(issuedAt / 1000),
    iss: "http://cybqa.pesapal.com/",
    aud: "http://cybqa.pesapal.com/",
  };
  return `${part({ alg: "HS256", typ: "JWT" })}.${part(claims)}.${randomBytes(32).toString("base64url")}`;
}

export function confirmationCodeFor(method: StandInPaymentMethod): string {
  if (method === "mpesa") return randomBytes(8).toString("hex").toUpperCase().slice(0, 10);
  return Array.from(randomBytes(22), (byte) => String(byte % 10)).join("");
}

export function callbackUrlWith(order: StandInOrder, includeNotificationType: boolean): string {
  const url = new URL(order.callbackUrl);
  url.searchParams.set("OrderTrackingId", order.trackingId);
  url.searchParams.set("OrderMerchantReference", order.merchantReference);
  if (includeNotificationType) url.searchParams.set("OrderNotificationType", "CALLBACKURL");
  return url.toString();
}

const STATUS_CODE = { pending: 0, cancelled: 0, completed: 1, failed: 2, reversed: 3 } as const;
const DESCRIPTION = {
  pending: "INVALID",
  cancelled: "INVALID",
  completed: "Completed",
  failed: "Failed",
  reversed: "Reversed",
};

/** Status code and description: the order's state, or how an accepted refund of a completed payment shows. */
function reportedState(order: StandInOrder): { code: 0 | 1 | 2 | 3; description: string } {
  const report = order.refunded && order.state === "completed" ? (order.refundReport ?? "reversed") : "unchanged";
  const partial = order.refundedCents !== undefined && order.refundedCents < order.amountCents;
  if (report === "unchanged") return { code: STATUS_CODE[order.state], description: DESCRIPTION[order.state] };
  // A partial refund leaves part of the payment standing: still COMPLETED, described as partly refunded.
  if (partial) return { code: 1, description: "Partially Refunded" };
  if (report === "refunded") return { code: 3, description: "Refunded" };
  if (report === "refunded-description") return { code: 1, description: "REFUNDED" };
  return { code: 3, description: "Reversed" };
}

export function transactionStatusBody(order: StandInOrder, amountCents: MinorUnits, currency: string) {
  const reported = reportedState(order);
  const unpaid = order.state === "pending" || order.state === "cancelled";
  const callBackUrl = callbackUrlWith(order, false);
  const mpesa = order.method === "mpesa";
  return {
    payment_method: unpaid || !order.method ? "" : mpesa ? "MpesaKE" : "Visa",
    // A JSON number like the real API; the decimal text keeps it exact (JSON.stringify of Number("10.50") is 10.5).
    amount: Number(centsToDecimal(amountCents)),
    created_date: zonelessNairobiDate(order.createdAt),
    confirmation_code: unpaid ? "" : (order.confirmationCode ?? ""),
    order_tracking_id: order.trackingId,
    payment_status_description: reported.description,
    description:
      order.state === "failed" && !mpesa
        ? "Unable to Authorize Transaction.Kindly contact your bank for assistance"
        : unpaid
          ? null
          : "",
    message: "Request processed successfully",
    payment_account: unpaid ? "" : maskedAccount(order),
    call_back_url: callBackUrl,
    status_code: reported.code,
    merchant_reference: order.statusNames?.merchantReference ?? order.merchantReference,
    payment_status_code: order.state === "failed" && mpesa ? "request_terminated_by_user" : "",
    currency,
    // The error object that is not an error: present on success with every member null.
    error: unpaid
      ? {
          error_type: "api_error",
          code: "payment_details_not_found",
          message: "Pending Payment",
          call_back_url: callBackUrl,
        }
      : { error_type: null, code: null, message: null, call_back_url: null },
    status: unpaid ? "500" : "200",
    ...(order.recurring && !unpaid && !order.statusNames?.noInfo
      ? {
          subscription_transaction_info: {
            account_reference: order.statusNames
              ? (order.statusNames.accountReference ?? null)
              : order.recurring.accountReference,
            amount: Number(centsToDecimal(order.recurring.amountCents)),
            first_name: order.recurring.firstName,
            last_name: order.recurring.lastName,
            correlation_id: order.statusNames
              ? (order.statusNames.correlationId ?? null)
              : order.recurring.correlationId,
          },
        }
      : {}),
  };
}

function maskedAccount(order: StandInOrder): string {
  if (order.method === "card") return "476173**0010";
  const digits = (order.phone ?? "254700000000").replace(/\D/g, "");
  return `${digits.slice(0, 4)}xxx${digits.slice(-5)}`;
}
