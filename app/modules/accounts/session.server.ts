import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { getAuth } from "./auth.server";
import { getProfile } from "./profile.server";
import { oncePerRequest } from "~/lib/once-per-request.server";
import type { Viewer } from "~/modules/access/policy";
import { ASK_BETTER_AUTH, sessionCookieRules, sessionUser, signedSessionToken } from "./session-read.server";

export const PROFILE_TIMEOUT_MS = 10_000;

export class ProfileTimeoutError extends Error {
  constructor() {
    super("Loading your profile took too long. Please check your connection and try again.");
  }
}

export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ProfileTimeoutError()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface SessionUser {
  id: string;
  email: string;
  fullName: string | null;
  role: "guest" | "subscriber" | "admin";
}

const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>();
const viewersByUser = new WeakMap<SessionUser, Viewer>();

/** Her Viewer, when it was read along with her session (most pages); otherwise the caller reads it (loadViewer). */
export function viewerReadWith(user: SessionUser): Viewer | undefined {
  return viewersByUser.get(user);
}

/**
 * The signed-in person with their profile, or null. One query on most pages (session-read.server.ts); better-auth
 * answers when the session has expired or is due to be extended. Profile reads give up after 10 s (spec).
 */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return oncePerRequest(usersByRequest, request, () =>
    withTimeout(
      (async () => {
        const auth = getAuth();
        const rules = await sessionCookieRules(auth);
        const token = signedSessionToken(request.headers.get("Cookie"), rules);
        if (!token) return null;
        const read = await sessionUser(getDb(), token, rules);
        if (read === null) return null;
        if (read !== ASK_BETTER_AUTH) {
          viewersByUser.set(read.user, read.viewer);
          return read.user;
        }
        const session = await auth.api.getSession({ headers: request.headers });
        if (!session) return null;
        const profile = await getProfile(getDb(), session.user.id);
        return {
          id: session.user.id,
          email: session.user.email,
          fullName: profile?.fullName ?? session.user.name ?? null,
          role: profile?.role ?? "guest",
        };
      })(),
      PROFILE_TIMEOUT_MS,
    ),
  );
}

export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Every admin loader and action calls this itself: signed out -> /, signed-in non-admin -> /home. */
export async function requireAdminUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (!user) throw redirect("/");
  if (user.role !== "admin") throw redirect("/home");
  return user;
}
