// Every signed-in page asks who is signed in. better-auth answers through its endpoint pipeline (context, hooks,
// output filtering, a WebCrypto HMAC on the thread pool) and the profile is a second query: 1.6 ms of a 5.9 ms
// signed-in home page (issue 14, measured). Here the same answer comes from the same signed cookie and one prepared
// query, which also brings her Viewer (access/viewer-row.server.ts); whenever better-auth would write something (an
// expired session to delete, a session to extend), the caller asks better-auth instead, so sessions behave exactly
// as better-auth defines them (ADR 024).
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { profiles, sessions, users } from "~/db/schema";
import { cookieValue } from "~/lib/cookie-value";
import type { Auth } from "./auth.server";
import type { SessionUser } from "./session.server";
import { viewerColumns, viewerFromRow, type ViewerRead } from "~/modules/access/viewer-row.server";

/** How better-auth names, signs and refreshes the session cookie (from its own context). */
export interface SessionCookieRules {
  name: string;
  secret: string;
  expiresInMs: number;
  updateAgeMs: number;
}

const rulesByAuth = new WeakMap<Auth, Promise<SessionCookieRules>>();

export function sessionCookieRules(auth: Auth): Promise<SessionCookieRules> {
  let rules = rulesByAuth.get(auth);
  if (!rules) {
    rules = auth.$context.then((context) => ({
      name: context.authCookies.sessionToken.name,
      secret: context.secret,
      expiresInMs: context.sessionConfig.expiresIn * 1000,
      updateAgeMs: context.sessionConfig.updateAge * 1000,
    }));
    rulesByAuth.set(auth, rules);
  }
  return rules;
}

/**
 * The session token in a request's session cookie, when its signature verifies; null otherwise (better-auth then
 * answers "nobody" as well). The cookie holds `token.signature`, URI-encoded, the signature being the base64
 * HMAC-SHA256 of the token under the auth secret.
 */
export function signedSessionToken(cookieHeader: string | null, rules: SessionCookieRules): string | null {
  const raw = cookieValue(cookieHeader, rules.name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const given = Buffer.from(value.slice(dot + 1));
  const expected = Buffer.from(createHmac("sha256", rules.secret).update(token).digest("base64"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

function signedInUserQuery(db: Database) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      expiresAt: sessions.expiresAt,
      fullName: profiles.fullName,
      role: profiles.role,
      ...viewerColumns(sessions.userId, sql.placeholder("now")),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.token, sql.placeholder("token")))
    .prepare("signed_in_user");
}

const queriesByDatabase = new WeakMap<Database, ReturnType<typeof signedInUserQuery>>();

/** better-auth must answer: the session has expired (it deletes it) or is due to be extended (it writes). */
export const ASK_BETTER_AUTH = Symbol("ask better-auth");

/**
 * The person a verified session token belongs to, with her profile and what the access policy needs about her (her
 * Viewer at `now`, and her bookmarks), in one query; null when there is none.
 */
export async function sessionUser(
  db: Database,
  token: string,
  rules: SessionCookieRules,
  now = new Date(),
): Promise<({ user: SessionUser } & ViewerRead) | null | typeof ASK_BETTER_AUTH> {
  let query = queriesByDatabase.get(db);
  if (!query) {
    query = signedInUserQuery(db);
    queriesByDatabase.set(db, query);
  }
  const [row] = await query.execute({ token, now: now.toISOString() });
  if (!row) return null;
  const expiresAt = row.expiresAt.getTime();
  // better-auth extends a session once updateAge has passed since it was last extended (expiry - expiresIn).
  if (expiresAt <= now.getTime() || expiresAt - rules.expiresInMs + rules.updateAgeMs <= now.getTime())
    return ASK_BETTER_AUTH;
  const user: SessionUser = {
    id: row.id,
    email: row.email,
    fullName: row.fullName ?? row.name,
    role: row.role ?? "guest",
  };
  return { user, ...viewerFromRow(user, row, now) };
}
