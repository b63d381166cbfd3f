import { createHmac } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { cookieValue } from "~/lib/cookie-value";
import { OFFLINE_SESSION_COOKIE, offlineSessionProof } from "~/lib/offline-cache-name";
import { getAuth } from "~/modules/accounts/auth.server";
import { sessionCookieRules, signedSessionToken } from "~/modules/accounts/session-read.server";

/** The cookie is written again at most once an hour (its end moves with her visits, like the session's). */
const REISSUE_AFTER_S = 60 * 60;

/** A proof of this session for her device: derived from the session token, so it ends with the session, and not it. */
function proofOf(sessionToken: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET)
    .update(`offline-session:${sessionToken}`)
    .digest("base64url")
    .slice(0, 32);
}

function serialize(value: string, maxAgeS: number): string {
  const secure = getEnv().isProduction ? "; Secure" : "";
  return `${OFFLINE_SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}

/**
 * The Set-Cookie header that keeps the offline session proof in step with who this request's session is (ADR 033),
 * or null when the cookie already is right. Signed in: the proof of her session, ending before her session cookie can
 * (better-auth extends a session only once `updateAge` has passed since it was last extended, so at any signed-in
 * request the session ends no sooner than now + expiresIn - updateAge; the cookie ends then). Nobody signed in: a
 * left-over cookie is deleted. Her saved copies open offline only while this cookie holds the proof they were bound
 * to, so cookies cleared or run out leave them shut.
 */
export async function offlineSessionCookie(request: Request, signedIn: boolean): Promise<string | null> {
  const cookieHeader = request.headers.get("Cookie");
  const present = cookieValue(cookieHeader, OFFLINE_SESSION_COOKIE);
  if (!signedIn) return present === null ? null : serialize("", 0);
  const rules = await sessionCookieRules(getAuth());
  const token = signedSessionToken(cookieHeader, rules);
  if (!token) return null;
  const proof = proofOf(token);
  const nowS = Math.floor(Date.now() / 1000);
  const issuedS = Number(present?.split(".")[1]);
  if (offlineSessionProof(present) === proof && nowS - issuedS < REISSUE_AFTER_S && issuedS <= nowS) return null;
  return serialize(`${proof}.${nowS}`, Math.floor((rules.expiresInMs - rules.updateAgeMs) / 1000));
}
