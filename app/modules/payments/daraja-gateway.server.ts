// Which Daraja the shop talks to (ADR 043), like payment-gateway.server.ts for Pesapal: Safaricom (sandbox or
// production) with the DARAJA_* keys; elsewhere without keys, the local stand-in started in this process; tests: a
// stand-in they start themselves (configureDaraja). The same client runs over HTTP in every case.
import { createHmac } from "node:crypto";
import { darajaConfigured, getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import {
  createDarajaClient,
  DARAJA_BASE_URLS,
  DarajaError,
  type DarajaClient,
  type DarajaConnection,
} from "./daraja/client.server";

interface DarajaState {
  connection?: DarajaConnection;
  client?: DarajaClient;
  local?: Promise<unknown>;
}

const state = () => singleton<DarajaState>("daraja-gateway", () => ({}));

export const DARAJA_PATHS = {
  stkCallback: "/api/payments/daraja/stk",
  confirmation: "/api/payments/daraja/confirmation",
  validation: "/api/payments/daraja/validation",
  result: "/api/payments/daraja/result",
  timeout: "/api/payments/daraja/timeout",
} as const;

export function configureDaraja(connection: DarajaConnection | undefined): void {
  const s = state();
  s.connection = connection;
  s.client = undefined;
}

function connectionFromEnv(): DarajaConnection | undefined {
  const env = getEnv();
  if (!darajaConfigured(env)) return undefined;
  return {
    baseUrl: (!env.isProduction && env.DARAJA_BASE_URL) || DARAJA_BASE_URLS[env.DARAJA_ENV ?? "sandbox"],
    consumerKey: env.DARAJA_CONSUMER_KEY!,
    consumerSecret: env.DARAJA_CONSUMER_SECRET!,
    shortcode: env.DARAJA_SHORTCODE!,
    passkey: env.DARAJA_PASSKEY!,
    tillNumber: env.DARAJA_TILL_NUMBER,
    initiatorName: env.DARAJA_INITIATOR_NAME,
    securityCredential: env.DARAJA_SECURITY_CREDENTIAL,
  };
}

export function darajaConnection(): DarajaConnection | undefined {
  const s = state();
  s.connection ??= connectionFromEnv();
  return s.connection;
}

/** Whether M-Pesa direct can be offered: Daraja keys, a test's stand-in, or (outside production) the local one. */
export function darajaAvailable(): boolean {
  return Boolean(darajaConnection()) || !getEnv().isProduction;
}

export async function getDaraja(): Promise<DarajaClient> {
  const s = state();
  let connection = darajaConnection();
  const standIns = connection || getEnv().isProduction ? null : loadStandIns();
  if (standIns) {
    s.local ??= standIns.then(async (m) => {
      const local = await m.startLocalDaraja(getEnv());
      if (local) {
        configureDaraja(local.connection);
        // The local Paybill sends its confirmations here, as `npm run daraja:register` arranges with Safaricom.
        await createDarajaClient(local.connection).registerC2bUrls({
          confirmationUrl: darajaUrl(DARAJA_PATHS.confirmation),
          validationUrl: darajaUrl(DARAJA_PATHS.validation),
        });
      }
      return local?.standIn ?? null;
    });
    await s.local;
    connection = darajaConnection();
  }
  if (!connection) throw new DarajaError("DARAJA_NOT_CONFIGURED", "no Daraja keys (DARAJA_CONSUMER_KEY ...)");
  s.client ??= createDarajaClient(connection);
  return s.client;
}

/** The Paybill (or till) number a buyer pays by hand, and the name her prompt shows. */
export function paybillDetails(): { businessNumber: string; businessName: string; till: boolean } {
  const connection = darajaConnection();
  const env = getEnv();
  return {
    businessNumber: connection?.tillNumber ?? connection?.shortcode ?? env.DARAJA_SHORTCODE ?? "174379",
    businessName: env.DARAJA_BUSINESS_NAME,
    till: Boolean(connection?.tillNumber),
  };
}

/**
 * The secret part of our callback URLs: Daraja's callbacks carry no signature, so each URL we give Daraja carries a
 * token only we can make, and a body arriving without it is ignored.
 */
export function callbackToken(): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update("daraja-callback").digest("base64url").slice(0, 32);
}

export function darajaUrl(path: string, query: Record<string, string> = {}): string {
  const params = new URLSearchParams({ t: callbackToken(), ...query });
  return `${getEnv().PUBLIC_URL}${path}?${params}`;
}
