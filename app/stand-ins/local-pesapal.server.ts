// `npm start` outside production with no Pesapal credentials: run the Pesapal stand-in in this process and point
// the shop's Pesapal client at it (the caller configures the client), so development uses the same client code and HTTP calls as production.
import { randomBytes } from "node:crypto";
import type { Env } from "~/lib/env.server";
import { startPesapalStandIn, type PesapalStandIn } from "./pesapal/stand-in.server";

/** The stand-in and how to reach it; the caller points the shop's client at it (configurePesapal). */
export async function startLocalPesapal(env: Env): Promise<{
  standIn: PesapalStandIn;
  connection: { baseUrl: string; consumerKey: string; consumerSecret: string };
} | null> {
  if (env.isProduction || (env.PESAPAL_CONSUMER_KEY && env.PESAPAL_CONSUMER_SECRET)) return null;
  const consumerKey = `local-${randomBytes(8).toString("hex")}`;
  const consumerSecret = randomBytes(24).toString("base64url");
  // Scheduled card charges fall due by their schedules, checked every minute (ADR 019).
  const standIn = await startPesapalStandIn({
    consumerKey,
    consumerSecret,
    tokenTtlMs: 60 * 60_000,
    recurringEveryMs: 60_000,
  });
  return { standIn, connection: { baseUrl: standIn.url, consumerKey, consumerSecret } };
}
