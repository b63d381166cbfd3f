// A browser that has signed in to an account before carries a device cookie for it (signed with AUTH_SECRET).
// Its sign-ins are limited on their own, so strangers guessing that account's password elsewhere, or on the same
// carrier address, cannot lock the reader out of her own phone (OWASP "device cookies").
import { randomBytes } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { isSignature, signature } from "~/lib/signature.server";
import { cookieValue } from "~/lib/cookie-value";

export const DEVICE_COOKIE = "nuru_device";
const ONE_YEAR_S = 365 * 24 * 60 * 60;

/** The id of this browser for the account, when it carries a valid device cookie for that e-mail address. */
export function knownDeviceId(request: Request, email: string): string | null {
  const value = cookieValue(request.headers.get("Cookie"), DEVICE_COOKIE);
  const [nonce, sig] = value?.split(".") ?? [];
  if (!nonce || !sig || !/^[\w-]{16,64}$/.test(nonce)) return null;
  return isSignature(sig, "device", `${email}|${nonce}`) ? nonce : null;
}

/** The Set-Cookie value that marks this browser as known for the account. */
export function deviceCookie(email: string, existingId: string | null): string {
  const nonce = existingId ?? randomBytes(18).toString("base64url");
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `${DEVICE_COOKIE}=${nonce}.${signature("device", `${email}|${nonce}`)}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${secure}`;
}
