import { createCookie, redirect } from "react-router";
import { getEnv } from "~/lib/env.server";

export interface Flash {
  kind: "success" | "error";
  title: string;
  message?: string;
}

// A one-time message that survives a redirect (e.g. 'Signed in successfully!' on /home).
function flashCookie() {
  const env = getEnv();
  return createCookie("nuru_flash", {
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    path: "/",
    maxAge: 60,
    secrets: [env.AUTH_SECRET],
  });
}

export async function setFlash(headers: Headers, flash: Flash): Promise<Headers> {
  headers.append("Set-Cookie", await flashCookie().serialize(flash));
  return headers;
}

/** The one way to leave an action or loader with a message: a redirect carrying a one-time toast. Throw it. */
export async function redirectWithToast(to: string, toast: Flash, headers?: HeadersInit): Promise<Response> {
  return redirect(to, { headers: await setFlash(new Headers(headers), toast) });
}

/** Reads the flash of this request and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie();
  const flash = ((await cookie.parse(request.headers.get("Cookie"))) as Flash | null) ?? null;
  return { flash, clear: flash ? await cookie.serialize("", { maxAge: 0 }) : null };
}

/**
 * Runs a detail page's reads. When they fail for an unexpected reason (not 'not found'), the reader goes back to
 * the list with an error toast instead of an error page (spec: 'Failed to load article').
 */
export async function loadOrReturnToList<T>(load: () => Promise<T>, list: string, message: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    console.error(`Loading a page failed; back to ${list}:`, error);
    throw await redirectWithToast(list, { kind: "error", title: "Error", message });
  }
}
