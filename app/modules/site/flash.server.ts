import { createCookie } from "react-router";
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

/** Reads the flash of this request and the header that clears it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; clear: string | null }> {
  const cookie = flashCookie();
  const flash = ((await cookie.parse(request.headers.get("Cookie"))) as Flash | null) ?? null;
  return { flash, clear: flash ? await cookie.serialize("", { maxAge: 0 }) : null };
}
