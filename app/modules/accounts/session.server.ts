import { getDb } from "~/db/client.server";
import { AppError } from "~/lib/app-error";
import { ACCOUNT_ERRORS } from "./account-errors";
import { getAuth } from "./auth.server";
import { getProfile } from "./profile.server";
import type { ViewerRead } from "~/modules/access/viewer-row.server";
import type { SessionUser } from "~/modules/access/viewer.server";
import { ASK_BETTER_AUTH, sessionCookieRules, sessionUser, signedSessionToken } from "./session-read.server";

export const PROFILE_TIMEOUT_MS = 10_000;

/** The work's answer, or PROFILE_TIMEOUT (an AppError) after `ms`. */
export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new AppError(ACCOUNT_ERRORS.PROFILE_TIMEOUT)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export type { SessionUser };

/**
 * Who a request's session names: the person with her profile, and (most pages) her Viewer and bookmarks read in the
 * same query; `read` is null when better-auth answered, and the caller reads them (loadViewerRead).
 */
export interface SessionRead {
  user: SessionUser;
  read: ViewerRead | null;
}

/**
 * The signed-in person, or null. One query on most pages (session-read.server.ts); better-auth answers when the
 * session has expired or is due to be extended. A request without a session cookie asks the database nothing (guest
 * pages). Profile reads give up after 10 s (spec). Pages ask through the request context (access/viewer.server.ts),
 * which request-viewer.server.ts fills: it reads this once per request.
 */
export function readSession(request: Request): Promise<SessionRead | null> {
  return withTimeout(
    (async () => {
      const auth = getAuth();
      const rules = await sessionCookieRules(auth);
      const token = signedSessionToken(request.headers.get("Cookie"), rules);
      if (!token) return null;
      const read = await sessionUser(getDb(), token, rules);
      if (read === null) return null;
      if (read !== ASK_BETTER_AUTH)
        return { user: read.user, read: { viewer: read.viewer, bookmarks: read.bookmarks } };
      const session = await auth.api.getSession({ headers: request.headers });
      if (!session) return null;
      const profile = await getProfile(getDb(), session.user.id);
      const user: SessionUser = {
        id: session.user.id,
        email: session.user.email,
        fullName: profile?.fullName ?? session.user.name ?? null,
        role: profile?.role ?? "guest",
      };
      return { user, read: null };
    })(),
    PROFILE_TIMEOUT_MS,
  );
}
