// The instant an upgrade's checkout page worked out her credit, carried in its form (ADR 039). Her credit shrinks
// by the second, so an order worked out when she presses Pay could ask Pesapal for a cent more than the button
// said. The page signs the instant it quoted; the order takes its credit at that instant when the signature holds
// and the page is under an hour old (at most an hour's worth of credit, never a price she did not see).
import { isSignature, signature } from "~/lib/signature.server";
import { epochSeconds } from "~/modules/membership/upgrade-rules";

/** How long a checkout page's quote holds: after that the credit is worked out when she pays. */
export const UPGRADE_QUOTE_VALID_SECONDS = 60 * 60;

const PURPOSE = "upgrade-quote";

/** `<seconds>.<signature>`: the instant, signed for this buyer and plan. */
export function upgradeQuoteToken(userId: string, slug: string, at: Date): string {
  const seconds = epochSeconds(at);
  return `${seconds}.${signature(PURPOSE, `${userId}|${slug}|${seconds}`)}`;
}

/** The instant a token quoted, or null when it is missing, forged, for someone or something else, or too old. */
export function upgradeQuoteTime(
  token: string | null | undefined,
  userId: string,
  slug: string,
  now: Date,
): Date | null {
  const [seconds, sig, extra] = (token ?? "").split(".");
  if (extra !== undefined || !seconds || !sig || !/^\d{1,12}$/.test(seconds)) return null;
  const age = epochSeconds(now) - Number(seconds);
  if (age < 0 || age > UPGRADE_QUOTE_VALID_SECONDS) return null;
  return isSignature(sig, PURPOSE, `${userId}|${slug}|${seconds}`) ? new Date(Number(seconds) * 1000) : null;
}
