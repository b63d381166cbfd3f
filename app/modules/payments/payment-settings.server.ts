// The admin's payment settings (ADR 043): which provider takes M-Pesa (cards always go to Pesapal), and which keys
// are set, by name only: a value never leaves the server.
import type { AdminViewer } from "~/modules/access/policy";
import { getDb } from "~/db/client.server";
import { darajaConfigured, getEnv } from "~/lib/env.server";
import { recordActivity } from "~/modules/admin/activity.server";
import { readPaymentMethodSettings, savePaymentMethodSettings, type ProviderName } from "./payment-provider.server";
import { registerC2bUrls } from "./mpesa-payments.server";

const KEYS = [
  "PESAPAL_CONSUMER_KEY",
  "PESAPAL_CONSUMER_SECRET",
  "PESAPAL_ENV",
  "DARAJA_CONSUMER_KEY",
  "DARAJA_CONSUMER_SECRET",
  "DARAJA_SHORTCODE",
  "DARAJA_PASSKEY",
  "DARAJA_ENV",
  "DARAJA_TILL_NUMBER",
  "DARAJA_INITIATOR_NAME",
  "DARAJA_SECURITY_CREDENTIAL",
] as const;

export interface PaymentSettingsView {
  mpesa: ProviderName;
  keys: { name: string; set: boolean }[];
  /** Where M-Pesa direct goes: Safaricom's sandbox or production, or the local stand-in (outside production). */
  daraja: "production" | "sandbox" | "stand-in" | "not configured";
}

export async function paymentSettingsFor(_admin: AdminViewer): Promise<PaymentSettingsView> {
  const env = getEnv();
  return {
    mpesa: (await readPaymentMethodSettings()).mpesa,
    keys: KEYS.map((name) => ({ name, set: Boolean(env[name]) })),
    daraja: darajaConfigured(env) ? (env.DARAJA_ENV ?? "sandbox") : env.isProduction ? "not configured" : "stand-in",
  };
}

export async function chooseMpesaProvider(admin: AdminViewer, mpesa: ProviderName): Promise<void> {
  const view = await paymentSettingsFor(admin);
  if (mpesa === "daraja" && view.daraja === "not configured") {
    throw new Error("M-Pesa direct needs the four Daraja keys (see the README).");
  }
  await savePaymentMethodSettings({ mpesa });
  await recordActivity(getDb(), admin, {
    action: "payment-methods",
    entityType: "order",
    summary: `M-Pesa payments now go through ${mpesa === "daraja" ? "M-Pesa direct (Daraja)" : "Pesapal"}`,
  });
}

export async function registerPaybillUrls(_admin: AdminViewer): Promise<void> {
  await registerC2bUrls();
}
