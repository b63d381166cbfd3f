// Signed links in member mail (issue 34): the confirmation link a guest follows (double opt-in, valid 7 days) and the
// link to her preferences and one-click unsubscribe, which works without signing in and for as long as she keeps the
// mail. Each is an HMAC over its purpose and the subscriber's id, so a link for one address never opens another's.
import { isSignature, signature as signed } from "~/lib/signature.server";

export const CONFIRM_LINK_DAYS = 7;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signature = (payload: string) => signed("member-mail", payload);

/** The token of her preferences and unsubscribe links: `<subscriber id>.<signature>`. */
export function manageToken(subscriberId: string): string {
  return `${subscriberId}.${signature(`manage|${subscriberId}`)}`;
}

/** The subscriber a preferences or unsubscribe token names, or null when it was not made by this shop. */
export function readManageToken(token: string | undefined | null): string | null {
  const [id, sig, extra] = (token ?? "").split(".");
  if (extra !== undefined || !id || !sig || !UUID.test(id)) return null;
  return isSignature(sig, "member-mail", `manage|${id}`) ? id : null;
}

/** The token of the confirmation link: `<subscriber id>.<expiry, seconds>.<signature>`. */
export function confirmToken(subscriberId: string, now = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + CONFIRM_LINK_DAYS * 24 * 3600;
  return `${subscriberId}.${expires}.${signature(`confirm|${subscriberId}|${expires}`)}`;
}

/** The subscriber a confirmation token names, or null when it is forged or expired. */
export function readConfirmToken(token: string | undefined | null, now = new Date()): string | null {
  const [id, expires, sig, extra] = (token ?? "").split(".");
  if (extra !== undefined || !id || !expires || !sig || !UUID.test(id) || !/^\d{1,12}$/.test(expires)) return null;
  if (Number(expires) <= Math.floor(now.getTime() / 1000)) return null;
  return isSignature(sig, "member-mail", `confirm|${id}|${expires}`) ? id : null;
}
