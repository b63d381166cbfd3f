// A reader erases her account (issue 35, the right to erasure; ADR "account-deletion"). In one transaction: her
// sign-ins and sessions end, everything that is only about her is deleted, and the payment records the law makes the
// shop keep (orders, payments, refunds, card renewals: 5 years) stay, pointing at an account that no longer has a
// name or an e-mail address. An account with no such records is deleted outright.
import { and, count, eq, like, or, sql } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { getDb } from "~/db/client.server";
import {
  accounts,
  adminActivity,
  articleComments,
  bookmarkChanges,
  bookmarks,
  cardRenewals,
  contentReviews,
  devOutbox,
  ebookAccessLogs,
  ebookPurchases,
  ebookReadingProgress,
  ebookTextPositions,
  readerTextPreferences,
  retentionOffers,
  ebookStampedCopies,
  mailSubscribers,
  orders,
  profiles,
  rateLimits,
  sessions,
  subscriptionEbookUnlocks,
  userSubscriptions,
  users,
  verifications,
} from "~/db/schema";
import { cancelLiveCardRenewals } from "~/modules/membership/card-renewals.server";
import { keepFormerAllowances } from "~/modules/orders/former-allowances.server";
import { hitFixedWindow } from "~/modules/security/rate-limit.server";
import { getStorage } from "~/modules/storage/storage.server";
import { refused, type Refused } from "~/lib/app-error.server";
import { PRIVACY_ERRORS } from "./privacy-errors";
import { DELETE_CONFIRMATION_WORD } from "./schemas";

/** What an erased account's kept records show instead of her name. */
export const DELETED_READER_NAME = "Deleted reader";
/** Password guesses through the deletion form, per account and hour (whoever holds her session could guess). */
export const DELETE_ATTEMPTS_PER_HOUR = 5;

/** Never a real address: the .invalid domain cannot receive mail (RFC 2606), and the id keeps it unique. */
export function deletedAddress(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

export type DeletionOutcome = { ok: true; keptRecords: boolean } | Refused;

/** Whether she signs in with a password (then she confirms with it) or only with Google (then she types the word). */
export async function hasPassword(userId: string): Promise<boolean> {
  const [row] = await getDb()
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  return Boolean(row?.password);
}

export async function deleteAccount(
  userId: string,
  confirmation: { password?: string; word?: string },
  now: Date = new Date(),
): Promise<DeletionOutcome> {
  const db = getDb();
  const attempt = await hitFixedWindow(db, {
    key: `account-delete:${userId}`,
    limit: DELETE_ATTEMPTS_PER_HOUR,
    windowMs: 60 * 60 * 1000,
    now,
  });
  if (!attempt.allowed) return refused(PRIVACY_ERRORS.DELETE_LIMITED, attempt.retryAfterMs);
  const [credential] = await db
    .select({ password: accounts.password })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
  if (credential?.password) {
    const password = confirmation.password ?? "";
    if (!password || !(await verifyPassword({ hash: credential.password, password })))
      return refused(PRIVACY_ERRORS.DELETE_WRONG_PASSWORD);
  } else if ((confirmation.word ?? "").trim() !== DELETE_CONFIRMATION_WORD) {
    return refused(PRIVACY_ERRORS.DELETE_NEEDS_WORD);
  }
  const outcome = await db.transaction(async (tx) => {
    // Locked, so two deletions (two tabs) or a sign-up replacing the password cannot interleave with this one.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) return refused(PRIVACY_ERRORS.DELETE_ACCOUNT_GONE);
    const [profile] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
    if (profile?.role === "admin") {
      // CASE: the last admin leaving would lock everyone out of the admin screens -> refused (as demoting her is).
      const admins = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.role, "admin"))
        .for("update");
      if (admins.length <= 1) return refused(PRIVACY_ERRORS.DELETE_LAST_ADMIN);
    }
    const email = user.email;
    // Her free trial and one-per-reader code uses stay with a keyed hash of her address, nothing else (issue 46 item 5).
    await keepFormerAllowances(tx, { userId, email, now });
    const stamped = await tx
      .delete(ebookStampedCopies)
      .where(eq(ebookStampedCopies.userId, userId))
      .returning({ fileKey: ebookStampedCopies.fileKey });

    // Sign-ins end: every session, password and linked Google account, and any open confirmation or reset link.
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(verifications).where(like(verifications.value, `%${userId}%`));

    // Only about her: deleted.
    await tx.delete(bookmarks).where(eq(bookmarks.userId, userId));
    await tx.delete(bookmarkChanges).where(eq(bookmarkChanges.userId, userId));
    await tx.delete(contentReviews).where(eq(contentReviews.userId, userId));
    await tx.delete(articleComments).where(eq(articleComments.userId, userId));
    await tx.delete(ebookReadingProgress).where(eq(ebookReadingProgress.userId, userId));
    await tx.delete(ebookTextPositions).where(eq(ebookTextPositions.userId, userId));
    await tx.delete(readerTextPreferences).where(eq(readerTextPreferences.userId, userId));
    // The note that she was once offered the retention code: about her only (her code uses stay with their orders).
    await tx.delete(retentionOffers).where(eq(retentionOffers.userId, userId));
    await tx.delete(ebookAccessLogs).where(eq(ebookAccessLogs.userId, userId));
    await tx.delete(subscriptionEbookUnlocks).where(eq(subscriptionEbookUnlocks.userId, userId));
    // Her plans and ebooks end with the account (their notices go with them); the orders that paid for them stay.
    await tx.delete(userSubscriptions).where(eq(userSubscriptions.userId, userId));
    await tx.delete(ebookPurchases).where(eq(ebookPurchases.userId, userId));
    // Sign-in and mail limits are keyed by her address; the stand-in mailer's copies of her mail (development only).
    await tx
      .delete(rateLimits)
      .where(or(like(rateLimits.key, `%${likeEscaped(email)}%`), like(rateLimits.key, `%${userId}%`)));
    await tx.delete(devOutbox).where(eq(devOutbox.to, email));
    // Her article e-mail subscription, its consents and its delivery records (cascade), by account or address.
    await tx
      .delete(mailSubscribers)
      .where(or(eq(mailSubscribers.userId, userId), eq(mailSubscribers.email, email.toLowerCase())));

    // CASE: a card agreement still running -> cancelled, so Pesapal's next scheduled charge is refunded (ADR 019).
    await cancelLiveCardRenewals(tx, userId, { note: "account deleted", now });

    // Admin log lines that named her (a plan given by hand, a role change) keep what happened, not who.
    await tx
      .update(adminActivity)
      .set({
        summary: sql`replace(${adminActivity.summary}, ${email}, ${DELETED_READER_NAME.toLowerCase()})`,
        changes: sql`replace(${adminActivity.changes}::text, ${email}, ${DELETED_READER_NAME.toLowerCase()})::jsonb`,
      })
      .where(
        or(
          like(adminActivity.summary, `%${likeEscaped(email)}%`),
          sql`${adminActivity.changes}::text like ${`%${likeEscaped(email)}%`}`,
        ),
      );

    const [{ n: orderCount }] = await tx.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
    const [{ n: renewalCount }] = await tx
      .select({ n: count() })
      .from(cardRenewals)
      .where(eq(cardRenewals.userId, userId));
    const keptRecords = orderCount + renewalCount > 0;
    if (keptRecords) {
      // The payment records need one buyer to point at: the account stays, with no name, address or way in.
      const anonymous = { email: deletedAddress(userId), updatedAt: now };
      await tx
        .update(users)
        .set({
          ...anonymous,
          name: DELETED_READER_NAME,
          emailVerified: false,
          image: null,
          role: "user",
          banned: true,
          banReason: "account deleted",
        })
        .where(eq(users.id, userId));
      await tx
        .update(profiles)
        .set({ ...anonymous, fullName: DELETED_READER_NAME, role: "guest" })
        .where(eq(profiles.id, userId));
    } else {
      await tx.delete(users).where(eq(users.id, userId));
    }
    // The admins' log says an account was erased, and nothing about whose.
    await tx.insert(adminActivity).values({
      actorId: null,
      action: "account deleted",
      entityType: "user",
      entityId: userId,
      summary: keptRecords
        ? "A reader deleted her account; her payment records are kept without her name or e-mail."
        : "A reader deleted her account; nothing about her is kept.",
      createdAt: now,
    });
    return { ok: true as const, keptRecords, stampedKeys: stamped.map((s) => s.fileKey) };
  });
  if (!outcome.ok) return outcome;
  // The ebook copies stamped with her e-mail address: removed once the rows naming them are gone. A file left behind
  // by a failure here is unreachable (no row points at it) and carries nothing a later reader can open.
  const storage = getStorage();
  await Promise.all(outcome.stampedKeys.map((key) => storage.delete("private", key).catch(() => undefined)));
  return { ok: true, keptRecords: outcome.keptRecords };
}

/** An address as a LIKE pattern matching itself only (its % and _ escaped). */
function likeEscaped(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
