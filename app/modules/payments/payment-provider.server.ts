// The one interface the shop pays through (ADR 043): Pesapal (hosted page, M-Pesa and cards) and M-Pesa direct
// through Safaricom's Daraja API. The checkout picks a provider for the method she chose; everything after (status
// checks, re-checks, abandoning) asks the provider that took the order (orders.gateway). Each provider lives in one
// file (pesapal-provider.server.ts, daraja-provider.server.ts); nothing else branches on which one it is.
import type { Locale } from "~/lib/locale";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, siteSettings } from "~/db/schema";
import type { TransactionStatus } from "./pesapal/types";
import type { CheckoutBuyer, CheckoutQuote } from "./checkout.server";

export type ProviderName = "pesapal" | "daraja";

/** How she asked to pay at checkout: M-Pesa (the owner picks its provider) or card (always Pesapal). */
export type PaymentMethodChoice = "mpesa" | "card";

export interface StartedPayment {
  /** The provider's id for this payment, when it gives one at once (Pesapal's OrderTrackingId). */
  trackingId: string | null;
  /** Where the buyer goes next: Pesapal's page, or our "check your phone" page. */
  redirectUrl: string;
  /** Extra columns of the order the provider keeps (M-Pesa direct: its Paybill account number). */
  orderColumns?: Partial<typeof orders.$inferInsert>;
}

export interface StartInput {
  order: typeof orders.$inferSelect;
  quote: CheckoutQuote;
  buyer: CheckoutBuyer;
  /** The language she checked out in (ADR 048): the way back from the provider's page is in it. */
  locale?: Locale;
  /** Pesapal recurring card payments (ADR 019): the agreement's account number and schedule. */
  recurring?: {
    accountNumber: string;
    details?: { startDate: string; endDate: string; frequency: "DAILY" | "WEEKLY" | "MONTHLY" | "YEARLY" } | null;
  };
}

export type StatusAnswer =
  /** `shared`: answered from another check's call (Pesapal's in-flight sharing); an IPN is then deferred. */
  | { kind: "answered"; report: TransactionStatus; shared: boolean }
  /** Too many IPN-caused calls in flight: nothing was asked. */
  | { kind: "busy" };

export type CancelAnswer =
  /** It can no longer be paid through this provider (or there was nothing to cancel). */
  | { kind: "cancelled" }
  /** The provider refused: paid meanwhile, or already cancelled; the caller verifies it. */
  | { kind: "refused"; message: string }
  /** No usable answer; the caller tries again later. */
  | { kind: "unreachable"; message: string };

/** A refund request's answer: accepted now, refused, or sent with its outcome to come (asynchronous or lost). */
export interface RefundAnswer {
  kind: "accepted" | "refused" | "unconfirmed";
  message: string;
  code?: string;
  /** Pesapal: "a refund already exists" (its payment's status is asked at once). */
  duplicate?: boolean;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Hands a new order (already stored, pending) to the provider. Throws when the provider refused or is unreachable. */
  start(input: StartInput): Promise<StartedPayment>;
  /** The provider's verified status of an order's payment, as one report. Throws when it could not be asked. */
  checkStatus(order: { id: string; trackingId: string }, cause: "ipn" | "other"): Promise<StatusAnswer>;
  /** Makes an unpaid order unpayable before it is abandoned (ADR 027). */
  cancel(order: { id: string; trackingId: string }): Promise<CancelAnswer>;
  /** Sends a refund of a verified payment (ADR 018); never throws for the provider's refusal or silence. */
  refund(input: {
    refundId: string;
    confirmationCode: string;
    amountCents: number;
    username: string;
    remarks: string;
    now: Date;
  }): Promise<RefundAnswer>;
  /**
   * For a refund whose outcome is unknown: does the provider show the payment refunded? Throws when not reached.
   * A provider that answers later (M-Pesa's transaction status) says "not yet" and settles the refund on its result.
   */
  refundSettled(
    order: { id: string; trackingId: string },
    refund: { id: string; confirmationCode: string | null },
  ): Promise<{ refunded: boolean; message: string }>;
}

const registry = new Map<ProviderName, () => Promise<PaymentProvider>>([
  ["pesapal", async () => (await import("./pesapal-provider.server")).pesapalProvider],
  ["daraja", async () => (await import("./daraja-provider.server")).darajaProvider],
]);

/** The provider that took an order (orders.gateway). */
export function providerFor(gateway: string): Promise<PaymentProvider> {
  const load = registry.get(gateway as ProviderName);
  if (!load) throw new Error(`No payment provider "${gateway}"`);
  return load();
}

export async function providerOfOrder(orderId: string): Promise<PaymentProvider> {
  const [row] = await getDb().select({ gateway: orders.gateway }).from(orders).where(eq(orders.id, orderId));
  return providerFor(row?.gateway ?? "pesapal");
}

// The owner's choice per method (admin settings): M-Pesa through Pesapal (as before) or through Daraja.
const METHODS_SETTING = "payment_methods";

export interface PaymentMethodSettings {
  mpesa: ProviderName;
}

export async function readPaymentMethodSettings(): Promise<PaymentMethodSettings> {
  const [row] = await getDb().select().from(siteSettings).where(eq(siteSettings.key, METHODS_SETTING));
  const value = row?.value as Partial<PaymentMethodSettings> | undefined;
  return { mpesa: value?.mpesa === "daraja" ? "daraja" : "pesapal" };
}

export async function savePaymentMethodSettings(settings: PaymentMethodSettings): Promise<void> {
  const value = { mpesa: settings.mpesa === "daraja" ? "daraja" : "pesapal" };
  await getDb()
    .insert(siteSettings)
    .values({ key: METHODS_SETTING, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
}

/** Which provider takes a payment by this method: cards always Pesapal; M-Pesa as the owner chose. */
export async function providerNameForMethod(method: PaymentMethodChoice): Promise<ProviderName> {
  if (method === "card") return "pesapal";
  return (await readPaymentMethodSettings()).mpesa;
}
