// Which SMS sender the shop uses (ADR 044): Africa's Talking with AT_USERNAME / AT_API_KEY (/ AT_SENDER_ID), or,
// outside production without them, the local stand-in started in this process. In production without keys the shop
// sends no SMS and offers none.
import { createHmac } from "node:crypto";
import { getEnv, type Env } from "~/lib/env.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import { singleton } from "~/lib/singleton.server";
import {
  AT_LIVE_BASE_URL,
  AT_SANDBOX_BASE_URL,
  createAfricasTalkingSender,
  type AfricasTalkingConnection,
} from "./africas-talking.server";
import type { SmsSender } from "./sms-sender";

const state = singleton("sms-sender", () => ({
  sender: undefined as Promise<SmsSender | null> | undefined,
  override: undefined as SmsSender | undefined,
}));

/** The AT connection the settings describe, or null without a username and key. */
export function connectionFromEnv(env: Env = getEnv()): AfricasTalkingConnection | null {
  if (!env.AT_USERNAME || !env.AT_API_KEY) return null;
  const sandbox = env.AT_USERNAME.toLowerCase() === "sandbox";
  return {
    baseUrl: env.AT_BASE_URL ?? (sandbox ? AT_SANDBOX_BASE_URL : AT_LIVE_BASE_URL),
    username: env.AT_USERNAME,
    apiKey: env.AT_API_KEY,
    senderId: env.AT_SENDER_ID,
    name: sandbox ? "Africa's Talking sandbox" : "Africa's Talking",
  };
}

/** True when receipts can be sent: keys are set, or the stand-in may run (outside production). */
export function smsReceiptsAvailable(env: Env = getEnv()): boolean {
  return connectionFromEnv(env) !== null || !env.isProduction;
}

/** The delivery-report callback's secret: AT signs nothing, so the URL it posts to is the credential. */
export function deliveryReportSecret(env: Env = getEnv()): string {
  return createHmac("sha256", env.AUTH_SECRET).update("sms-delivery-reports").digest("base64url").slice(0, 32);
}

export const DELIVERY_REPORT_PATH = "/api/sms/delivery-reports";

/** The URL to enter as the SMS delivery reports callback in AT's dashboard. */
export function deliveryReportUrl(env: Env = getEnv()): string {
  return `${env.PUBLIC_URL}${DELIVERY_REPORT_PATH}/${deliveryReportSecret(env)}`;
}

/** The sender, or null when the shop sends no SMS (production without keys). */
export function getSmsSender(): Promise<SmsSender | null> {
  if (state.override) return Promise.resolve(state.override);
  state.sender ??= (async () => {
    const env = getEnv();
    const connection = connectionFromEnv(env);
    if (connection) return createAfricasTalkingSender(connection);
    const standIns = env.isProduction ? null : loadStandIns();
    if (!standIns) return null;
    const standIn = await (await standIns).startLocalSms(deliveryReportUrl(env));
    console.log(`SMS: local Africa's Talking stand-in at ${standIn.url} (nothing reaches a phone; see /dev/sms)`);
    return createAfricasTalkingSender({
      baseUrl: standIn.url,
      username: standIn.username,
      apiKey: standIn.apiKey,
      name: "Africa's Talking stand-in",
    });
  })().catch((error: unknown) => {
    state.sender = undefined;
    throw error;
  });
  return state.sender;
}

/** Tests: send through this sender (undefined: back to the settings). */
export function useSmsSender(sender: SmsSender | undefined): void {
  state.override = sender;
  state.sender = undefined;
}

/** Which SMS settings are set, for the admin (never their values). */
export function smsSettingsSummary(env: Env = getEnv()) {
  const connection = connectionFromEnv(env);
  return {
    usernameSet: Boolean(env.AT_USERNAME),
    apiKeySet: Boolean(env.AT_API_KEY),
    senderIdSet: Boolean(env.AT_SENDER_ID),
    sandbox: env.AT_USERNAME?.toLowerCase() === "sandbox",
    mode: connection ? (connection.name ?? "Africa's Talking") : env.isProduction ? "off" : "stand-in",
    callbackUrl: deliveryReportUrl(env),
  };
}
