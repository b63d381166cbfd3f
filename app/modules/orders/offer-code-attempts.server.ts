// How many offer codes one reader or one client address may have refused (issue 46, item 4; ADR 037): without a
// limit a script guesses codes as fast as the pages answer. Only refused codes count: a reader who carries her one
// real code from /pricing to checkout and back (every page view checks it again) never uses the allowance up.
// Each attempt is counted before the code is looked at and given back when the code applied, so concurrent guesses
// are decided by the database one after the other (the counts hold across processes, rate-limit.server.ts).
import { getDb } from "~/db/client.server";
import { giveBackFixedWindowHit, hitFixedWindowCounted } from "~/modules/security/rate-limit.server";
import { clientIp } from "~/modules/security/client-address";

/** Refused codes allowed per account and per client address in one window. */
export const OFFER_CODE_ATTEMPT_LIMIT = 10;
export const OFFER_CODE_ATTEMPT_WINDOW_MS = 15 * 60_000;

export function tooManyCodesMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many offer codes tried. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
}

export type CodeAttempt =
  | {
      allowed: true;
      /** Call once the code was checked: an applied code gives its count back, a refused one keeps it. */
      settle(outcome: { refused: boolean }): Promise<void>;
    }
  | { allowed: false; retryAfterMs: number; message: string };

/** Counts one offer-code attempt against the reader (when signed in) and her client address. */
export async function beginCodeAttempt(input: {
  request: Request;
  userId?: string | null;
  now?: Date;
}): Promise<CodeAttempt> {
  const db = getDb();
  const now = input.now ?? new Date();
  const keys = [
    ...(input.userId ? [`offercode:user:${input.userId}`] : []),
    `offercode:ip:${clientIp(input.request)}`,
  ].sort();
  const hits: { key: string; allowed: boolean; retryAfterMs: number; windowStart: Date }[] = [];
  for (const key of keys) {
    const hit = await hitFixedWindowCounted(db, {
      key,
      limit: OFFER_CODE_ATTEMPT_LIMIT,
      windowMs: OFFER_CODE_ATTEMPT_WINDOW_MS,
      now,
    });
    hits.push({ key, ...hit });
  }
  const giveBack = (which: typeof hits) =>
    Promise.all(which.map((hit) => giveBackFixedWindowHit(db, hit.key, hit.windowStart))).then(() => undefined);
  const refused = hits.filter((hit) => !hit.allowed);
  if (refused.length > 0) {
    // The code was not looked at: a key that let it through does not pay for it (her account is not used up
    // by strangers behind the same address).
    await giveBack(hits.filter((hit) => hit.allowed));
    const retryAfterMs = Math.max(...refused.map((hit) => hit.retryAfterMs));
    return { allowed: false, retryAfterMs, message: tooManyCodesMessage(retryAfterMs) };
  }
  return {
    allowed: true,
    settle: async ({ refused: wasRefused }) => {
      if (!wasRefused) await giveBack(hits);
    },
  };
}
