// `npm start` / `npm run dev` outside production with no Daraja keys: the Daraja stand-in runs in this process and the
// shop's Daraja client is pointed at it (the caller configures it), so the "check your phone" flow and /dev/phone
// work with the same client code and HTTP calls as production (ADR 043).
import { randomBytes } from "node:crypto";
import { darajaConfigured, type Env } from "~/lib/env.server";
import { startDarajaStandIn, type DarajaStandIn } from "./daraja/stand-in.server";

/** The sandbox's public test shortcode, so pages look like Daraja's samples. */
export const LOCAL_SHORTCODE = "174379";

let running: Promise<DarajaStandIn> | undefined;

export async function startLocalDaraja(env: Env) {
  if (env.isProduction) throw new Error("The Daraja stand-in does not run in production");
  if (darajaConfigured(env)) return null;
  const consumerKey = `local-${randomBytes(8).toString("hex")}`;
  const consumerSecret = randomBytes(24).toString("base64url");
  const passkey = randomBytes(16).toString("hex");
  const standIn = await startDarajaStandIn({
    consumerKey,
    consumerSecret,
    shortcode: LOCAL_SHORTCODE,
    passkey,
    businessName: env.DARAJA_BUSINESS_NAME,
  });
  running = Promise.resolve(standIn);
  return {
    standIn,
    connection: {
      baseUrl: standIn.url,
      consumerKey,
      consumerSecret,
      shortcode: LOCAL_SHORTCODE,
      passkey,
      initiatorName: "nuru-local",
      securityCredential: "local",
    },
  };
}

/** The running local stand-in, for /dev/phone; null when none was started in this process. */
export function localDaraja(): Promise<DarajaStandIn> | null {
  return running ?? null;
}
