// Which Pesapal the shop talks to, and the IPN id it registered there. Production: Pesapal itself (sandbox or
// live). Elsewhere without credentials: the local stand-in that the HTTP server starts in-process. Tests: a stand-in they
// start themselves. Every case runs the same client over HTTP (ADR 011).
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { siteSettings } from "~/db/schema";
import { AppError, defineErrors } from "~/lib/app-error";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import { createPesapalClient, PESAPAL_BASE_URLS, type PesapalClient } from "./pesapal/client.server";
import type { IpnNotificationType } from "./pesapal/types";

export interface PesapalConnection {
  baseUrl: string;
  consumerKey: string;
  consumerSecret: string;
  /** The client's per-call timeout (tests shorten it to lose a late answer). */
  timeoutMs?: number;
}

interface GatewayState {
  connection?: PesapalConnection;
  client?: PesapalClient;
  ipnId?: Promise<string>;
  /** `npm run dev` (Vite) does not run the HTTP server (app/server/http-server.server.ts): the local stand-in starts on the first payment instead. */
  local?: Promise<unknown>;
}

const state = () => singleton<GatewayState>("pesapal-gateway", () => ({}));

export const IPN_PATH = "/api/payments/ipn";
const IPN_SETTING = "pesapal_ipn";

/** Points the shop at a Pesapal (the in-process stand-in, or a test's). Forgets the client and IPN id it had. */
export function configurePesapal(connection: PesapalConnection | undefined): void {
  const s = state();
  s.connection = connection;
  s.client = undefined;
  s.ipnId = undefined;
}

function connectionFromEnv(): PesapalConnection | undefined {
  const env = getEnv();
  if (!env.PESAPAL_CONSUMER_KEY || !env.PESAPAL_CONSUMER_SECRET) return undefined;
  return {
    baseUrl: (!env.isProduction && env.PESAPAL_BASE_URL) || PESAPAL_BASE_URLS[env.PESAPAL_ENV ?? "sandbox"],
    consumerKey: env.PESAPAL_CONSUMER_KEY,
    consumerSecret: env.PESAPAL_CONSUMER_SECRET,
  };
}

export const GATEWAY_ERRORS = defineErrors({
  /** No Pesapal keys (and, in production, no stand-in): the checkout turns this into its GATEWAY_UNAVAILABLE. */
  PAYMENTS_NOT_CONFIGURED: {
    status: 503,
    title: "Payments Unavailable",
    message: "No payment gateway is configured (PESAPAL_CONSUMER_KEY / PESAPAL_CONSUMER_SECRET).",
  },
});

export function pesapalConnection(): PesapalConnection | undefined {
  const s = state();
  s.connection ??= connectionFromEnv();
  return s.connection;
}

export async function getPesapal(): Promise<PesapalClient> {
  const s = state();
  let connection = pesapalConnection();
  const standIns = connection || getEnv().isProduction ? null : loadStandIns();
  if (standIns) {
    s.local ??= standIns.then(async (m) => {
      const local = await m.startLocalPesapal(getEnv());
      if (local) configurePesapal(local.connection);
      return local?.standIn ?? null;
    });
    await s.local;
    connection = pesapalConnection();
  }
  if (!connection) throw new AppError(GATEWAY_ERRORS.PAYMENTS_NOT_CONFIGURED);
  s.client ??= createPesapalClient(connection);
  return s.client;
}

/** Where the buyer pays (Pesapal's hosted page): forms that redirect there need it in CSP form-action. */
export function paymentPageOrigin(): string | null {
  const connection = pesapalConnection();
  return connection ? new URL(connection.baseUrl).origin : null;
}

export function ipnUrl(): string {
  return getEnv().PUBLIC_URL + IPN_PATH;
}

/**
 * The notification_id every order needs. Registered once per Pesapal and IPN URL and stored (Pesapal keeps one
 * per environment; registering per payment is a known pitfall): PESAPAL_IPN_ID, else the stored id for this
 * base URL and IPN URL, else one from GetIpnList with our URL, else RegisterIPN.
 */
export function ensureIpnId(): Promise<string> {
  const s = state();
  s.ipnId ??= findOrRegisterIpn().catch((error: unknown) => {
    s.ipnId = undefined;
    throw error;
  });
  return s.ipnId;
}

/** After Pesapal refused our id (e.g. registered on another environment): look it up again next time. */
export async function forgetIpnId(): Promise<void> {
  state().ipnId = undefined;
  await getDb().delete(siteSettings).where(eq(siteSettings.key, IPN_SETTING));
}

interface StoredIpn {
  baseUrl: string;
  url: string;
  ipnId: string;
  /** How Pesapal calls us with it; rows stored before this was recorded have none and are looked up again. */
  notificationType?: IpnNotificationType;
}

async function findOrRegisterIpn(): Promise<string> {
  const env = getEnv();
  if (env.PESAPAL_IPN_ID) return env.PESAPAL_IPN_ID;
  const client = await getPesapal();
  const connection = pesapalConnection()!;
  const url = ipnUrl();
  const db = getDb();
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, IPN_SETTING));
  const stored = row?.value as StoredIpn | undefined;
  if (stored?.notificationType && stored.baseUrl === connection.baseUrl && stored.url === url) return stored.ipnId;
  // CASE: our URL is already registered -> adopt it only if Pesapal calls it in a way our endpoint reads: GET, or
  // POST in any body shape (api-payments-ipn.ts). The client reads any other listed type as undefined; such a
  // registration would never reach us, so we register our own.
  const listed = (await client.getIpnList()).find((ipn) => ipn.url === url && ipn.notificationType !== undefined);
  const registration = listed ?? (await client.registerIpn(url, "GET"));
  const value: StoredIpn = {
    baseUrl: connection.baseUrl,
    url,
    ipnId: registration.ipnId,
    notificationType: registration.notificationType ?? "GET",
  };
  await db
    .insert(siteSettings)
    .values({ key: IPN_SETTING, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  return value.ipnId;
}
