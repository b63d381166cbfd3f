// One-per-reader allowances that outlive a deleted account (issue 46 item 5). Deleting her account and signing up
// again with the same address must not give her a second free trial or another use of a one-per-reader code. What
// is kept is a keyed hash of the address (HMAC with AUTH_SECRET: without the secret it cannot be tested against a
// guessed address) and the count of each allowance used, nothing else; it is written only when an account is deleted.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { formerAllowances, offerCodeRedemptions, userSubscriptions, users } from "~/db/schema";
import { signature } from "~/lib/signature.server";

type Reader = Pick<Database, "select">;

export const TRIAL_ALLOWANCE = "trial";
export const codeAllowance = (codeId: string) => `code:${codeId}`;

/** The keyed hash an address is kept under: the same for any spelling of its case or surrounding spaces. */
export function addressHash(email: string): string {
  return signature("former-allowance", email.trim().toLowerCase());
}

/** How many times an earlier, deleted account with this reader's address used the allowance (0 when none). */
export async function formerUses(db: Reader, userId: string, allowance: string): Promise<number> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user) return 0;
  const [kept] = await db
    .select({ uses: formerAllowances.uses })
    .from(formerAllowances)
    .where(and(eq(formerAllowances.addressHash, addressHash(user.email)), eq(formerAllowances.allowance, allowance)));
  return kept?.uses ?? 0;
}

/**
 * In the deletion's transaction, before her rows go: her trial and her uses of codes with a per-reader limit, added
 * to what earlier deleted accounts with the same address left (a third account counts the first two).
 */
export async function keepFormerAllowances(
  tx: Pick<Database, "select" | "insert">,
  input: { userId: string; email: string; now: Date },
): Promise<void> {
  const [trial] = await tx
    .select({ n: count() })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, input.userId), eq(userSubscriptions.isTrial, true)));
  const codes = await tx
    .select({ codeId: offerCodeRedemptions.codeId, n: count() })
    .from(offerCodeRedemptions)
    .where(and(eq(offerCodeRedemptions.userId, input.userId), isNull(offerCodeRedemptions.releasedAt)))
    .groupBy(offerCodeRedemptions.codeId);
  const used = [
    ...((trial?.n ?? 0) > 0 ? [{ allowance: TRIAL_ALLOWANCE, uses: 1 }] : []),
    ...codes.filter((c) => c.n > 0).map((c) => ({ allowance: codeAllowance(c.codeId), uses: c.n })),
  ];
  if (used.length === 0) return;
  const hash = addressHash(input.email);
  await tx
    .insert(formerAllowances)
    .values(used.map((u) => ({ addressHash: hash, allowance: u.allowance, uses: u.uses, recordedAt: input.now })))
    .onConflictDoUpdate({
      target: [formerAllowances.addressHash, formerAllowances.allowance],
      set: {
        uses: sql`${formerAllowances.uses} + excluded.uses`,
        recordedAt: sql`excluded.recorded_at`,
      },
    });
}
