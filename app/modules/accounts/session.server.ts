import { redirect } from "react-router";
import { getDb } from "~/db/client.server";
import { getAuth } from "./auth.server";
import { getProfile } from "./profile.server";

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

/**
 * Reads made once per page request: the root loader and the page's loaders ask for the same session and viewer, and
 * a page view would otherwise look them up once per loader. Only for GET and HEAD: a form post's action may change
 * what the loaders that follow it must see.
 */
export function oncePerRequest<T>(memo: WeakMap<Request, Promise<T>>, request: Request, read: () => Promise<T>) {
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  let pending = memo.get(request);
  if (!pending) {
    pending = read();
    memo.set(request, pending);
    // A failed read is not kept: the next loader tries again.
    pending.catch(() => memo.delete(request));
  }
  return pending;
}

const usersByRequest = new WeakMap<Request, Promise<SessionUser | null>>();

/** The signed-in person with their profile, or null. Profile reads give up after 10 s (spec). */
export function getOptionalUser(request: Request): Promise<SessionUser | null> {
  return oncePerRequest(usersByRequest, request, () =>
    withTimeout(
      (async () => {
        const session = await getAuth().api.getSession({ headers: request.headers });
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
