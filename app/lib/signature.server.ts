// HMAC signatures over the shop's secret (AUTH_SECRET) for values the shop hands out and later reads back (a link in
// a mail, a field in a form): a value signed for one purpose never passes for another.
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/lib/env.server";

export function signature(purpose: string, payload: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`${purpose}|${payload}`).digest("base64url");
}

/** Whether `given` is this shop's signature of the payload for the purpose (compared in constant time). */
export function isSignature(given: string, purpose: string, payload: string): boolean {
  const x = Buffer.from(given);
  const y = Buffer.from(signature(purpose, payload));
  return x.length === y.length && timingSafeEqual(x, y);
}
