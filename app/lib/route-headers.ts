import type { HeadersArgs } from "react-router";

/**
 * Headers for a page whose action may refuse for a while (sign-in, confirmation): its cookies, and the
 * `Retry-After` of a refused attempt, so browsers and scripts both learn when to try again.
 */
export function cookiesAndRetryAfter({ actionHeaders, loaderHeaders }: HeadersArgs): Headers {
  const out = new Headers();
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()])
    out.append("Set-Cookie", cookie);
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) out.set("Retry-After", retryAfter);
  return out;
}

/** The `Retry-After` header of a refusal a limit made (whole seconds, at least 1), or none. */
export function retryAfterHeader(retryAfterMs: number | undefined): HeadersInit | undefined {
  return retryAfterMs ? { "Retry-After": String(Math.max(1, Math.ceil(retryAfterMs / 1000))) } : undefined;
}
