import type { MinorUnits } from "~/modules/pricing/money";

export type IpnNotificationType = "GET" | "POST";

export interface RegisteredIpn {
  ipnId: string;
  url: string;
  createdDate: string | undefined;
  /** How Pesapal calls this URL; undefined when the list names a type we do not know (never adopt such a one). */
  notificationType: IpnNotificationType | undefined;
}

export interface BillingAddress {
  emailAddress?: string;
  phoneNumber?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
  firstName?: string;
  middleName?: string;
  lastName?: string;
  line1?: string;
  line2?: string;
  city?: string;
  state?: string;
  postalCode?: string;
  zipCode?: string;
}

export interface OrderRequest {
  /** Our unique merchant reference (Pesapal's `id`): at most 50 characters, a new one for every attempt. */
  merchantReference: string;
  amountCents: MinorUnits;
  currency: string;
  /** At most 100 characters. */
  description: string;
  callbackUrl: string;
  /** The `ipn_id` from RegisterIPN. */
  notificationId: string;
  cancellationUrl?: string;
  redirectMode?: "TOP_WINDOW" | "PARENT_WINDOW";
  branch?: string;
  billingAddress: BillingAddress & ({ emailAddress: string } | { phoneNumber: string });
  /** Enables Pesapal's recurring (card) opt-in on its page; every scheduled charge names it (ADR 019). */
  accountNumber?: string;
  /** Prefills the schedule (the buyer accepts it but cannot edit it). Dates "dd-MM-yyyy". */
  subscriptionDetails?: { startDate: string; endDate: string; frequency: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" };
}

export interface SubmittedOrder {
  orderTrackingId: string;
  merchantReference: string;
  redirectUrl: string;
}

export type PaymentStatus = "INVALID" | "COMPLETED" | "FAILED" | "REVERSED";
export const PAYMENT_STATUS_BY_CODE: Record<0 | 1 | 2 | 3, PaymentStatus> = {
  0: "INVALID",
  1: "COMPLETED",
  2: "FAILED",
  3: "REVERSED",
};

export interface TransactionStatus {
  /** 0 INVALID (also: not paid yet), 1 COMPLETED, 2 FAILED, 3 REVERSED. Decide on this, not on the description. */
  statusCode: 0 | 1 | 2 | 3;
  status: PaymentStatus;
  /** Pesapal's own text, whose casing varies ("INVALID", "Completed"). For display and logs only. */
  statusDescription: string;
  orderTrackingId: string;
  merchantReference: string;
  amountCents: MinorUnits;
  currency: string;
  paymentMethod: string;
  confirmationCode: string;
  paymentAccount: string;
  /** As sent: no zone (apparently Nairobi time). */
  createdDate: string;
  description: string;
  paymentStatusCode: string;
  /** Scheduled card charges only: whose schedule it was (our account_number) and what it charged. */
  subscriptionTransactionInfo?: SubscriptionTransactionInfo;
}

export interface SubscriptionTransactionInfo {
  accountReference: string;
  amountCents: MinorUnits | null;
  firstName: string;
  lastName: string;
  correlationId: string;
}

export interface RefundRequest {
  confirmationCode: string;
  amountCents: MinorUnits;
  username: string;
  remarks: string;
}

export interface GatewayAcknowledgement {
  message: string;
}
