// Following the shop by e-mail (issue 34, ADR 035). A guest asks, gets a confirmation link (double opt-in), and
// becomes a free member when she follows it; a signed-in reader follows at once from her account (her address is
// confirmed already). Every consent, change and withdrawal is recorded with its time and wording (mail_consents),
// apart from the account. Her preferences and unsubscribe links work without signing in (signed tokens).
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { mailConsents, mailDeliveries, mailSubscribers } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { refused, type Refused } from "~/lib/app-error.server";
import { mailLanguageOf } from "~/modules/accounts/language.server";
import { findOrCreatePasswordlessMember } from "~/modules/accounts/profile.server";
import { existingCategoryIds } from "~/modules/content/categories.server";
import { hitFixedWindow } from "~/modules/security/rate-limit.server";
import { FOLLOW_ERRORS } from "./follow-errors";
import { getMailer } from "~/lib/mail/mailer.server";
import { localizedUrl } from "~/lib/mail/layout.server";
import { CONSENT_WORDING, type FollowInput, type PreferencesInput } from "./member-mail-form";
import { confirmToken, manageToken, readConfirmToken, readManageToken } from "./member-tokens.server";
import { followMail } from "./member-templates.server";

export type Subscriber = typeof mailSubscribers.$inferSelect;

/** Follow requests a guest may make: per address (mail to one inbox) and per network address (mail to many). */
export const FOLLOW_LIMITS = {
  perAddress: { limit: 3, windowMs: 60 * 60 * 1000 },
  perClient: { limit: 10, windowMs: 60 * 60 * 1000 },
} as const;

const WITHDRAWN = "Unsubscribed: no more e-mail from Nuru's articles.";

function publicUrl(path: string): string {
  return new URL(path, getEnv().PUBLIC_URL).toString();
}

export function preferencesPath(subscriberId: string): string {
  return `/newsletter/preferences/${manageToken(subscriberId)}`;
}

export function unsubscribePath(subscriberId: string): string {
  return `/newsletter/unsubscribe/${manageToken(subscriberId)}`;
}

async function recordConsent(
  db: Database,
  subscriberId: string,
  action: (typeof mailConsents.$inferInsert)["action"],
  source: string,
  now: Date,
  wording = CONSENT_WORDING,
) {
  await db.insert(mailConsents).values({ subscriberId, action, wording, source, at: now });
}

export type FollowOutcome =
  { ok: true; kind: "following"; preferencesPath: string } | { ok: true; kind: "check-inbox" } | Refused;

/**
 * A request to follow the shop. Signed in: she follows at once with her account's address. A guest: a confirmation
 * link is mailed and nothing else changes until she follows it; an address that already follows is mailed its
 * preferences link instead, so nobody can change another person's choices by typing her address. The answer is the
 * same in both cases (it does not tell who follows).
 */
export async function requestFollow({
  input,
  user,
  clientKey,
  now = new Date(),
  wording = CONSENT_WORDING,
}: {
  input: FollowInput;
  user: { id: string; email: string } | null;
  /** The requester's network address, for the rate limit. */
  clientKey: string;
  now?: Date;
  /** The consent words she was shown (the Swahili page shows them in Swahili, issue 50): what the record keeps. */
  wording?: string;
}): Promise<FollowOutcome> {
  const db = getDb();
  const categoryIds = await existingCategoryIds(input.categoryIds);
  if (user) {
    const email = user.email.toLowerCase();
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(mailSubscribers)
        .values({
          email,
          userId: user.id,
          status: "active",
          frequency: input.frequency,
          categoryIds,
          confirmedAt: now,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: mailSubscribers.email,
          set: {
            userId: user.id,
            status: "active",
            frequency: input.frequency,
            categoryIds,
            confirmedAt: sql`coalesce(${mailSubscribers.confirmedAt}, ${now.toISOString()}::timestamptz)`,
            unsubscribedAt: null,
            updatedAt: now,
          },
        })
        .returning({ id: mailSubscribers.id });
      await recordConsent(tx, row!.id, "confirmed", input.source, now, wording);
      return row!.id;
    });
    return { ok: true, kind: "following", preferencesPath: preferencesPath(id) };
  }

  const email = (input.email ?? "").toLowerCase();
  for (const [key, rule] of [
    [`follow:client:${clientKey}`, FOLLOW_LIMITS.perClient],
    [`follow:address:${email}`, FOLLOW_LIMITS.perAddress],
  ] as const) {
    const hit = await hitFixedWindow(db, { key, ...rule, now });
    if (!hit.allowed) return refused(FOLLOW_ERRORS.FOLLOW_LIMITED, hit.retryAfterMs);
  }
  const [existing] = await db.select().from(mailSubscribers).where(eq(mailSubscribers.email, email));
  // In the language her account keeps, when the address has one (issue 50); else the language of the page she asked
  // from (the follow form's action runs in it, inPageLanguage).
  const locale = await mailLanguageOf(db, { email });
  if (existing?.status === "active") {
    await getMailer().send(
      followMail("manage", { to: email, url: localizedUrl(publicUrl(preferencesPath(existing.id)), locale), locale }),
    );
    return { ok: true, kind: "check-inbox" };
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailSubscribers)
      .values({ email, status: "pending", frequency: input.frequency, categoryIds, updatedAt: now })
      .onConflictDoUpdate({
        target: mailSubscribers.email,
        // Still not mailed: only a confirmation makes it active. An earlier unsubscribe stays until she confirms.
        set: { frequency: input.frequency, categoryIds, updatedAt: now },
        setWhere: sql`${mailSubscribers.status} <> 'active'`,
      })
      .returning({ id: mailSubscribers.id });
    if (!row) return null;
    await recordConsent(tx, row.id, "asked", input.source, now, wording);
    return row.id;
  });
  // CASE: confirmed by another tab between the read and the write -> she already follows.
  if (id) {
    await getMailer().send(
      followMail("confirm", {
        to: email,
        url: localizedUrl(publicUrl(`/newsletter/confirm?token=${confirmToken(id, now)}`), locale),
        locale,
      }),
    );
  }
  return { ok: true, kind: "check-inbox" };
}

/**
 * The confirmation link: she follows from now on, and the address becomes a free member's (a new account without
 * a password when it has none). Following it again is harmless. Null when the link is forged or expired.
 */
export async function confirmFollow(
  token: string | null,
  now = new Date(),
): Promise<{ preferencesPath: string } | null> {
  const id = readConfirmToken(token, now);
  if (!id) return null;
  const db = getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailSubscribers).where(eq(mailSubscribers.id, id)).for("update");
    if (!row) return null;
    if (row.status !== "active") {
      const member = row.userId
        ? { id: row.userId }
        : await findOrCreatePasswordlessMember(tx as unknown as Database, row.email, getEnv());
      await tx
        .update(mailSubscribers)
        .set({ status: "active", userId: member.id, confirmedAt: now, unsubscribedAt: null, updatedAt: now })
        .where(eq(mailSubscribers.id, id));
      // The wording she saw when she asked is the one she confirms.
      const [asked] = await tx
        .select({ wording: mailConsents.wording })
        .from(mailConsents)
        .where(and(eq(mailConsents.subscriberId, id), eq(mailConsents.action, "asked")))
        .orderBy(sql`${mailConsents.at} desc`)
        .limit(1);
      await recordConsent(tx, id, "confirmed", "confirm-link", now, asked?.wording ?? CONSENT_WORDING);
    }
    return { preferencesPath: preferencesPath(id) };
  });
}

export interface MailPreferences {
  email: string;
  status: Subscriber["status"];
  frequency: Subscriber["frequency"];
  categoryIds: string[];
}

function preferencesOf(row: Subscriber): MailPreferences {
  return { email: row.email, status: row.status, frequency: row.frequency, categoryIds: row.categoryIds };
}

/** Her preferences, by the token in her mail's link; null for a forged token or an erased subscriber. */
export async function preferencesByToken(token: string | undefined): Promise<MailPreferences | null> {
  const id = readManageToken(token);
  if (!id) return null;
  const [row] = await getDb().select().from(mailSubscribers).where(eq(mailSubscribers.id, id));
  return row ? preferencesOf(row) : null;
}

/**
 * Saves what she gets, from her preferences page. Saving while unsubscribed subscribes again (the page says so on
 * its button): an active consent is recorded with the wording.
 */
export async function savePreferences(
  token: string | undefined,
  input: Pick<PreferencesInput, "categoryIds" | "frequency">,
  now = new Date(),
): Promise<MailPreferences | null> {
  const id = readManageToken(token);
  if (!id) return null;
  const categoryIds = await existingCategoryIds(input.categoryIds);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .update(mailSubscribers)
      .set({
        frequency: input.frequency,
        categoryIds,
        status: sql`case when ${mailSubscribers.status} = 'pending' then 'pending' else 'active' end`,
        unsubscribedAt: null,
        updatedAt: now,
      })
      .where(eq(mailSubscribers.id, id))
      .returning();
    if (!row) return null;
    await recordConsent(tx, id, "changed", "preferences", now);
    return preferencesOf(row);
  });
}

/**
 * Withdraws her consent at once: nothing queued for her is sent (the queue checks again before each mail).
 * Returns false for a forged token or an erased subscriber; unsubscribing twice is fine.
 */
export async function unsubscribe(token: string | undefined, source: string, now = new Date()): Promise<boolean> {
  const id = readManageToken(token);
  if (!id) return false;
  return unsubscribeById(getDb(), id, source, now);
}

async function unsubscribeById(db: Database, id: string, source: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(mailSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: now, updatedAt: now })
      .where(eq(mailSubscribers.id, id))
      .returning({ id: mailSubscribers.id });
    if (!row) return false;
    await tx
      .update(mailDeliveries)
      .set({ status: "skipped", lastError: "unsubscribed", claimedUntil: null, updatedAt: now })
      .where(and(eq(mailDeliveries.subscriberId, id), inArray(mailDeliveries.status, ["queued"])));
    await recordConsent(tx, id, "withdrawn", source, now, WITHDRAWN);
    return true;
  });
}

export interface Following {
  status: Subscriber["status"];
  frequency: Subscriber["frequency"];
  categoryIds: string[];
  preferencesPath: string;
}

/** What she gets by e-mail, for her account page (by her account or her address); null if she never followed. */
export async function followingFor(user: { id: string; email: string }): Promise<Following | null> {
  const [row] = await getDb()
    .select()
    .from(mailSubscribers)
    .where(sql`${mailSubscribers.userId} = ${user.id} or ${mailSubscribers.email} = ${user.email.toLowerCase()}`)
    .limit(1);
  if (!row) return null;
  return {
    status: row.status,
    frequency: row.frequency,
    categoryIds: row.categoryIds,
    preferencesPath: preferencesPath(row.id),
  };
}

/** Stops her mail from her account page (signed in). */
export async function unsubscribeUser(user: { id: string; email: string }, now = new Date()): Promise<boolean> {
  const [row] = await getDb()
    .select({ id: mailSubscribers.id })
    .from(mailSubscribers)
    .where(sql`${mailSubscribers.userId} = ${user.id} or ${mailSubscribers.email} = ${user.email.toLowerCase()}`)
    .limit(1);
  return row ? unsubscribeById(getDb(), row.id, "account", now) : false;
}
