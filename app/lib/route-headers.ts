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
