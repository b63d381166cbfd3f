// A plan is a prepaid period the reader renews (by hand, or by card when she chose it, ADR 019): cancelling renewal, undoing
// that, the end of a period (expiry, the next paid period taking over, the display role) and the e-mails around it.
// Every function takes `now`, so tests move the clock instead of sleeping; the jobs (ADR 015) call the batch ones.
import { and, asc, desc, eq, gt, inArray, isNotNull, lte, notExists, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { profiles, subscriptionNotices, subscriptionPlans, userSubscriptions, users } from "~/db/schema";
import { AppError, defineErrors, isAppError } from "~/lib/app-error";
import { getEnv } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { localizedUrl } from "~/lib/mail/layout.server";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import { getMailer, type Mailer, type MailMessage } from "~/lib/mail/mailer.server";
import { cardRenewalReminderMail, renewalReminderMail, subscriptionEndedMail } from "./membership-mails.server";
import { setDisplayRole, type Tx } from "./grants.server";
import { RUNNING, runningAt } from "./membership-state.server";
import { setCardRenewals } from "./card-renewals.server";
import { getMemberStanding } from "./member-standing.server";
import { reminderDaysFor, type PeriodUnit } from "./plan-period";
import { isId } from "~/lib/ids";

const DAY_MS = 24 * 60 * 60 * 1000;
/** An ended-plan e-mail is sent within this long of the end (a shop back from a long outage does not send old news). */
const ENDED_NOTICE_WINDOW_MS = 3 * DAY_MS;

/** Refusals of the renewal commands (My Library), with stable codes; the reader sees the message in a toast. */
export const SUBSCRIPTION_ERRORS = defineErrors({
  SUBSCRIPTION_NOT_FOUND: {
    status: 404,
    title: "Could not change renewal",
    message: "We could not find that plan on your account.",
  },
  SUBSCRIPTION_ENDED: {
    status: 409,
    title: "Could not change renewal",
    message: "This plan has already ended. Renew it from the pricing page.",
  },
  SUBSCRIPTION_NOT_RENEWABLE: {
    status: 409,
    title: "Could not change renewal",
    message: "This plan has no end date, so there is no renewal to change.",
  },
});

/** A renewal change refused (any of SUBSCRIPTION_ERRORS), as opposed to a fault. */
export function isSubscriptionError(error: unknown): error is AppError {
  return isAppError(error) && Object.hasOwn(SUBSCRIPTION_ERRORS, error.code);
}

export interface RenewalState {
  subscriptionId: string;
  status: "active" | "cancelled" | "scheduled";
  /** Whether reminders (and, where the method allows, charges) continue. */
  renews: boolean;
  endDate: Date;
  /** When her access ends: the end of the last period she paid for (after this one when she paid ahead). */
  accessUntil: Date;
  /** Her card agreement after the change (ADR 019), when she has one. */
  card?: "pending" | "active" | "cancelled" | "ended" | null;
}

type Subscription = typeof userSubscriptions.$inferSelect;

/** Her own subscription row, locked; anyone else's (or an unknown id) is SUBSCRIPTION_NOT_FOUND, revealing nothing. */
async function lockOwn(tx: Tx, userId: string, subscriptionId: string): Promise<Subscription> {
  if (!isId(subscriptionId)) throw new AppError(SUBSCRIPTION_ERRORS.SUBSCRIPTION_NOT_FOUND);
  const [row] = await tx
    .select()
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.id, subscriptionId), eq(userSubscriptions.userId, userId)))
    .for("update");
  if (!row) throw new AppError(SUBSCRIPTION_ERRORS.SUBSCRIPTION_NOT_FOUND);
  return row;
}

/** A period she may still change the renewal of: not ended, not revoked, with an end date. */
function assertChangeable(row: Subscription, now: Date): asserts row is Subscription & { endDate: Date } {
  if (!["active", "cancelled", "scheduled"].includes(row.status))
    throw new AppError(SUBSCRIPTION_ERRORS.SUBSCRIPTION_ENDED);
  if (row.endDate === null) throw new AppError(SUBSCRIPTION_ERRORS.SUBSCRIPTION_NOT_RENEWABLE);
  if (row.endDate <= now) throw new AppError(SUBSCRIPTION_ERRORS.SUBSCRIPTION_ENDED);
}

function stateOf(row: Subscription & { endDate: Date }): Omit<RenewalState, "accessUntil"> {
  return {
    subscriptionId: row.id,
    status: row.status as RenewalState["status"],
    renews: row.autoRenew,
    endDate: row.endDate,
  };
}

/**
 * Cancels renewal: no more reminders or charges; access stays until the end date (the policy reads a cancelled
 * period as active until then). A running period becomes 'cancelled'; a queued renewal keeps its place and starts
 * as 'cancelled'. Cancelling twice is not an error.
 */
export function cancelRenewal(userId: string, subscriptionId: string, now = new Date()): Promise<RenewalState> {
  return setRenewal(userId, subscriptionId, false, now);
}

/** Undoes a cancellation, until the end date. Resuming a period that renews is not an error. */
export function resumeRenewal(userId: string, subscriptionId: string, now = new Date()): Promise<RenewalState> {
  return setRenewal(userId, subscriptionId, true, now);
}

function setRenewal(userId: string, subscriptionId: string, renews: boolean, now: Date): Promise<RenewalState> {
  return getDb().transaction(async (tx) => {
    const row = await lockOwn(tx, userId, subscriptionId);
    assertChangeable(row, now);
    // Her card schedule follows the switch: cancelled, a charge that still arrives is refunded (ADR 019).
    const card = await setCardRenewals(tx, userId, renews, now);
    // CASE: she paid ahead -> renewal is hers, not one period's: the switch moves the running period and every one
    // queued behind it, so the last paid day (the one reminders and charges are about) says what she chose.
    const live = await tx
      .select()
      .from(userSubscriptions)
      .where(
        and(
          eq(userSubscriptions.userId, userId),
          inArray(userSubscriptions.status, [...RUNNING]),
          gt(userSubscriptions.endDate, now),
        ),
      )
      .for("update");
    let result = row as Subscription & { endDate: Date };
    let accessUntil = row.endDate;
    for (const period of live) {
      if (period.endDate! > accessUntil) accessUntil = period.endDate!;
      const settled = renews
        ? period.autoRenew && period.status !== "cancelled"
        : !period.autoRenew && period.status !== "active";
      if (settled) continue;
      const [updated] = await tx
        .update(userSubscriptions)
        .set({
          status: period.status === "scheduled" ? "scheduled" : renews ? "active" : "cancelled",
          autoRenew: renews,
          cancelledAt: renews ? null : now,
          updatedAt: now,
        })
        .where(eq(userSubscriptions.id, period.id))
        .returning();
      if (period.id === row.id) result = updated as Subscription & { endDate: Date };
    }
    return { ...stateOf(result), accessUntil, card };
  });
}

/**
 * Settles one reader at `now`, with her rows locked: periods past their end become expired, a queued renewal whose
 * start has come becomes current (renewing or cancelled, as she left it), and with nothing current her display
 * role returns to guest. Idempotent: a second call finds nothing to do.
 */
async function settleReader(tx: Tx, userId: string, now: Date) {
  const rows = await tx
    .select()
    .from(userSubscriptions)
    .where(
      and(
        eq(userSubscriptions.userId, userId),
        inArray(userSubscriptions.status, ["active", "cancelled", "scheduled"]),
      ),
    )
    .orderBy(asc(userSubscriptions.startDate))
    .for("update");
  let expired = 0;
  let started = 0;
  const ended = (r: Subscription) => r.endDate !== null && r.endDate <= now;
  for (const row of rows) {
    if (!ended(row)) continue;
    // CASE: a queued renewal that ran its whole course while no job ran -> expired as well.
    await tx
      .update(userSubscriptions)
      .set({ status: "expired", updatedAt: now })
      .where(eq(userSubscriptions.id, row.id));
    expired++;
  }
  let current = rows.find((r) => r.status !== "scheduled" && !ended(r)) ?? null;
  for (const row of rows) {
    if (current || row.status !== "scheduled" || ended(row) || row.startDate > now) continue;
    await tx
      .update(userSubscriptions)
      .set({ status: row.autoRenew ? "active" : "cancelled", updatedAt: now })
      .where(eq(userSubscriptions.id, row.id));
    current = row;
    started++;
  }
  if (current) await setDisplayRole(tx, userId, "subscriber");
  else if (expired > 0) await setDisplayRole(tx, userId, "guest");
  return { expired, started };
}

/**
 * The expiry job: ended periods become expired, queued renewals take over, roles follow. Each reader is settled in
 * a transaction of her own, so a run stopped halfway leaves every reader either settled or untouched.
 */
export async function expireSubscriptions(now = new Date(), limit = 200) {
  const db = getDb();
  const due = await db
    .selectDistinct({ userId: userSubscriptions.userId })
    .from(userSubscriptions)
    .where(
      sql`(${userSubscriptions.status} in ('active', 'cancelled') and ${userSubscriptions.endDate} <= ${now})
        or (${userSubscriptions.status} = 'scheduled' and ${userSubscriptions.startDate} <= ${now})`,
    )
    .limit(limit);
  let expired = 0;
  let started = 0;
  for (const { userId } of due) {
    const result = await db.transaction((tx) => settleReader(tx, userId, now));
    expired += result.expired;
    started += result.started;
  }
  return { readers: due.length, expired, started };
}

interface NoticeTarget {
  subscriptionId: string;
  userId: string;
  email: string;
  name: string | null;
  planName: string;
  planSlug: string;
  planOnSale: boolean;
  endDate: Date;
  isTrial: boolean;
  periodUnit: PeriodUnit;
  periodCount: number;
  /** Her saved language (issue 50): the notices are written in it. */
  language: string | null;
}

/**
 * The checkout for the same plan (a signed-out click signs in and comes back); the pricing page if it is retired.
 * A site path, so a page can put it in its reader's language (a full URL is left as is by localizedHref).
 */
export function renewPath(plan: { slug: string; onSale: boolean }): string {
  return plan.onSale ? `/checkout/plan/${encodeURIComponent(plan.slug)}` : "/pricing";
}

/** renewPath as a full URL, for mails. */
export function renewUrl(plan: { slug: string; onSale: boolean }): string {
  return `${getEnv().PUBLIC_URL}${renewPath(plan)}`;
}

const noticeColumns = {
  subscriptionId: userSubscriptions.id,
  userId: userSubscriptions.userId,
  email: users.email,
  name: profiles.fullName,
  planName: subscriptionPlans.name,
  planSlug: subscriptionPlans.slug,
  planOnSale: subscriptionPlans.isActive,
  endDate: userSubscriptions.endDate,
  isTrial: userSubscriptions.isTrial,
  periodUnit: subscriptionPlans.periodUnit,
  periodCount: subscriptionPlans.periodCount,
  language: users.language,
};

/** Plan periods with what a notice about one names: her address and name, and the plan. */
function noticeRows(db: Database) {
  return db
    .select(noticeColumns)
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .leftJoin(profiles, eq(profiles.id, userSubscriptions.userId));
}

type NoticeKind = "reminder_7d" | "reminder_1d" | "ended";

/**
 * At most once per period and kind: the notice row is claimed before the mail goes out and released when sending
 * fails, so a failed send is tried again on the next run and a sent one never twice (a crash between claim and
 * send loses that one e-mail rather than sending it twice).
 */
async function sendOnce(
  kind: NoticeKind,
  target: NoticeTarget,
  message: MailMessage,
  mailer: Mailer,
  now: Date,
): Promise<"sent" | "already" | "failed"> {
  const db = getDb();
  const [claim] = await db
    .insert(subscriptionNotices)
    .values({ subscriptionId: target.subscriptionId, kind, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: subscriptionNotices.id });
  if (!claim) return "already";
  try {
    await mailer.send(message);
    return "sent";
  } catch (error) {
    await db.delete(subscriptionNotices).where(eq(subscriptionNotices.id, claim.id));
    console.error(`${kind} e-mail for subscription ${target.subscriptionId} not sent (retried next run):`, error);
    return "failed";
  }
}

/** What every notice about a period names: to whom, the plan, the day it ends and where to renew it. */
function noticeMailFields(target: NoticeTarget) {
  // In her saved language (issue 50, ADR 048): the words, the date and the links where a Swahili page exists.
  const locale = mailLocaleOf(target.language);
  return {
    to: target.email,
    name: target.name ?? "",
    planName: target.planName,
    period: { periodUnit: target.periodUnit, periodCount: target.periodCount },
    endDate: formatDate(target.endDate.toISOString(), locale),
    renewUrl: localizedUrl(renewUrl({ slug: target.planSlug, onSale: target.planOnSale }), locale),
    locale,
  };
}

/**
 * Sends the notices of the periods found, one after another (`send` answers null for a period that gets none), and
 * counts what went out and what failed (to be tried again on the next run).
 */
async function sendEach<Row extends Omit<NoticeTarget, "endDate"> & { endDate: Date | null }>(
  due: Row[],
  send: (target: Row & { endDate: Date }) => Promise<"sent" | "already" | "failed" | null>,
) {
  const counts = { sent: 0, failed: 0 };
  for (const row of due) {
    const result = await send({ ...row, endDate: row.endDate! });
    if (result === "sent") counts.sent++;
    if (result === "failed") counts.failed++;
  }
  return counts;
}

const noticeNotSent = (kind: NoticeKind) =>
  notExists(
    getDb()
      .select({ one: sql`1` })
      .from(subscriptionNotices)
      .where(and(eq(subscriptionNotices.subscriptionId, userSubscriptions.id), eq(subscriptionNotices.kind, kind))),
  );

/**
 * Renewal reminders, 7 days and 1 day before the end of a period that renews (status active: none after she
 * cancelled) and has no paid renewal queued behind it. Each once per period; a period first seen with under a
 * day left gets only the 1-day one. A trial gets only the 1-day one (its whole length is about 7 days), and so does
 * a pass shorter than 28 days; a pass of a day or two gets none (plan-period.ts `reminderDaysFor`, ADR 036).
 */
export async function sendRenewalReminders(now = new Date(), options: { mailer?: Mailer; limit?: number } = {}) {
  const db = getDb();
  const mailer = options.mailer ?? getMailer();
  const queuedRenewal = db
    .select({ one: sql`1` })
    .from(sql`user_subscriptions as next`)
    .where(
      sql`next.user_id = ${userSubscriptions.userId} and next.status = 'scheduled' and next.start_date >= ${userSubscriptions.endDate}`,
    );
  const due = await noticeRows(db)
    .where(
      and(
        eq(userSubscriptions.status, "active"),
        eq(userSubscriptions.autoRenew, true),
        lte(userSubscriptions.startDate, now),
        gt(userSubscriptions.endDate, now),
        lte(userSubscriptions.endDate, new Date(now.getTime() + 7 * DAY_MS)),
        notExists(queuedRenewal),
        noticeNotSent("reminder_1d"),
      ),
    )
    .orderBy(asc(userSubscriptions.endDate))
    .limit(options.limit ?? 200);
  return sendEach(due, async (target) => {
    const lastDay = target.endDate.getTime() - now.getTime() <= DAY_MS;
    const days = target.isTrial ? [1] : reminderDaysFor(target);
    if (!days.includes(lastDay ? 1 : 7)) return null;
    const kind: NoticeKind = lastDay ? "reminder_1d" : "reminder_7d";
    const mail = { ...noticeMailFields(target), daysLeft: lastDay ? (1 as const) : (7 as const) };
    // CASE: her card renews the plan -> the reminder says when it will be charged, not "renew now". Her standing
    // decides, as it does for My Library, so the e-mail and the page never tell her two different things.
    const method = (await getMemberStanding(target.userId, now))?.renewal.method ?? "by-hand";
    const message =
      method === "card"
        ? cardRenewalReminderMail({
            ...mail,
            libraryUrl: localizedUrl(`${getEnv().PUBLIC_URL}/dashboard`, mail.locale),
          })
        : renewalReminderMail({ ...mail, reason: method });
    return sendOnce(kind, target, message, mailer, now);
  });
}

/**
 * "Your plan has ended", once, for a period that expired in the last few days and left her without a plan (a
 * renewal that took over is not an end). Cancelled periods get it too: it is news, not a reminder.
 */
export async function sendEndedNotices(now = new Date(), options: { mailer?: Mailer; limit?: number } = {}) {
  const db = getDb();
  const mailer = options.mailer ?? getMailer();
  const runningNow = db
    .select({ one: sql`1` })
    .from(sql`user_subscriptions as other`)
    .where(
      sql`other.user_id = ${userSubscriptions.userId} and other.status in ('active', 'cancelled', 'scheduled')
        and (other.end_date is null or other.end_date > ${now})`,
    );
  const laterEnded = db
    .select({ one: sql`1` })
    .from(sql`user_subscriptions as later`)
    .where(
      sql`later.user_id = ${userSubscriptions.userId} and later.status = 'expired' and later.end_date > ${userSubscriptions.endDate}`,
    );
  const due = await noticeRows(db)
    .where(
      and(
        eq(userSubscriptions.status, "expired"),
        isNotNull(userSubscriptions.endDate),
        lte(userSubscriptions.endDate, now),
        gt(userSubscriptions.endDate, new Date(now.getTime() - ENDED_NOTICE_WINDOW_MS)),
        notExists(runningNow),
        notExists(laterEnded),
        noticeNotSent("ended"),
      ),
    )
    .orderBy(desc(userSubscriptions.endDate))
    .limit(options.limit ?? 200);
  return sendEach(due, (target) =>
    sendOnce("ended", target, subscriptionEndedMail(noticeMailFields(target)), mailer, now),
  );
}

/** Whether a reader has a period giving access at `now` (for jobs and module reads; pages use the policy). */
export async function hasRunningSubscription(userId: string, now = new Date()): Promise<boolean> {
  const rows = await getDb()
    .select({ id: userSubscriptions.id })
    .from(userSubscriptions)
    .where(and(eq(userSubscriptions.userId, userId), runningAt(now)))
    .limit(1);
  return rows.length > 0;
}
