// The member mail queue (issue 34, ADR 035). A send (an article to its audience, or a week's digests) is written as
// one row per recipient in mail_deliveries, in the database, so it survives restarts. Workers in any number of app
// processes claim due rows with FOR UPDATE SKIP LOCKED (a row is claimed by one worker only) for a few minutes;
// a worker that dies leaves its rows to be claimed again when the claim runs out. Each row is marked sent right after
// its mail, so a restart re-sends at most the mails that were in flight. The SMTP rate limit is counted in the
// database (mails sent in the last minute), so it holds across processes. Failures are retried with backoff; an SMTP
// 5xx answer is a bounce and is not retried.
import type { Locale } from "~/lib/locale";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import {
  articleCategories,
  mailDeliveries,
  mailSends,
  mailSubscribers,
  profiles,
  userSubscriptions,
} from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { guestViewer, type AdminViewer, type Role, type Viewer } from "~/modules/access/policy";
import { loadViewer } from "~/modules/access/viewer.server";
import { runningAt } from "~/modules/membership/grants.server";
import { articleBodyBlocks } from "~/modules/content/article-html.server";
import { getArticleForViewer, newArticlesForGuests } from "~/modules/content/articles.server";
import { listCategories } from "~/modules/content/categories.server";
import { getMailer, openBatchMailer, type Mailer } from "~/lib/mail/mailer.server";
import { mailLanguageOf } from "~/modules/accounts/language.server";
import { articleMail, digestMail, followReason, type MemberLinks } from "./member-templates.server";
import { preferencesPath, unsubscribePath } from "./subscribers.server";

export type Audience = "followers" | "paying";

/** How long a worker holds the rows it claimed before another may take them (it died, or the SMTP server hung). */
export const CLAIM_MS = 5 * 60 * 1000;
export const MAX_ATTEMPTS = 5;
/** Minutes before attempt 2, 3, 4 and 5. */
const BACKOFF_MINUTES = [1, 5, 30, 120];

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

type Rows<T> = { rows: T[] };

/**
 * Queues an article for its audience, once per article (saving or publishing it again queues nothing). Only a
 * published article; followers of its categories (or of every category) who chose one mail per article, and for
 * "paying" only those of them with a running plan.
 */
export async function queueArticleSend(
  admin: AdminViewer,
  articleId: string,
  audience: Audience,
  now = new Date(),
): Promise<{ queued: number } | null> {
  const article = await getArticleForViewer({ id: articleId, viewer: admin });
  if (!article) return null;
  return getDb().transaction(async (tx) => {
    const [send] = await tx
      .insert(mailSends)
      .values({ kind: "article", articleId, audience, subject: article.title, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: mailSends.id });
    if (!send) return null;
    const paying =
      audience === "paying"
        ? sql`and s.user_id is not null and exists (select 1 from ${userSubscriptions}
            where ${userSubscriptions.userId} = s.user_id and ${runningAt(now)})`
        : sql``;
    const inserted = (await tx.execute(sql`
      insert into ${mailDeliveries} (send_id, subscriber_id, next_attempt_at, updated_at)
      select ${send.id}, s.id, ${ts(now)}, ${ts(now)} from ${mailSubscribers} s
      where s.status = 'active' and s.frequency = 'each'
        and (cardinality(s.category_ids) = 0 or s.category_ids && array(
          select ${articleCategories.categoryId} from ${articleCategories} where ${articleCategories.articleId} = ${articleId}))
        ${paying}
      on conflict do nothing
      returning id`)) as unknown as Rows<{ id: string }>;
    const queued = inserted.rows.length;
    await tx.update(mailSends).set({ total: queued }).where(eq(mailSends.id, send.id));
    return { queued };
  });
}

/** Monday 00:00 UTC of the week `now` falls in, as yyyy-mm-dd. */
export function weekOf(now: Date): string {
  const day = (now.getUTCDay() + 6) % 7;
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

/** Queues this week's digest for every reader who chose it, once per week across processes. */
export async function queueWeeklyDigest(now = new Date()): Promise<{ queued: number } | null> {
  const week = weekOf(now);
  return getDb().transaction(async (tx) => {
    const [send] = await tx
      .insert(mailSends)
      .values({ kind: "digest", audience: "digest", subject: `Weekly digest, week of ${week}`, week, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: mailSends.id });
    if (!send) return null;
    const inserted = (await tx.execute(sql`
      insert into ${mailDeliveries} (send_id, subscriber_id, next_attempt_at, updated_at)
      select ${send.id}, s.id, ${ts(now)}, ${ts(now)} from ${mailSubscribers} s
      where s.status = 'active' and s.frequency = 'weekly'
      on conflict do nothing
      returning id`)) as unknown as Rows<{ id: string }>;
    await tx.update(mailSends).set({ total: inserted.rows.length }).where(eq(mailSends.id, send.id));
    return { queued: inserted.rows.length };
  });
}

interface Claimed {
  id: string;
  send_id: string;
  subscriber_id: string;
  attempts: number;
}

/** Mails sent in the minute before `now`, by every process (the rate limit's count). */
async function sentInLastMinute(db: Database, now: Date): Promise<number> {
  const { rows } = (await db.execute(
    sql`select count(*)::int as n from ${mailDeliveries}
        where ${mailDeliveries.sentAt} > ${ts(new Date(now.getTime() - 60_000))}`,
  )) as unknown as Rows<{ n: number }>;
  return Number(rows[0]?.n ?? 0);
}

/**
 * Claims up to `limit` due rows for this worker: queued ones whose time has come, and rows another worker claimed
 * but never finished (its claim ran out). SKIP LOCKED: two workers claiming at once get different rows.
 */
export async function claimDeliveries(db: Database, limit: number, now: Date): Promise<Claimed[]> {
  const { rows } = (await db.execute(sql`
    update ${mailDeliveries} d
    set status = 'sending', attempts = d.attempts + 1, claimed_until = ${ts(new Date(now.getTime() + CLAIM_MS))},
        updated_at = ${ts(now)}
    where d.id in (
      select id from ${mailDeliveries}
      where (status = 'queued' and next_attempt_at <= ${ts(now)})
         or (status = 'sending' and claimed_until < ${ts(now)})
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning d.id, d.send_id, d.subscriber_id, d.attempts`)) as unknown as Rows<Claimed>;
  return rows;
}

type Outcome = { status: "sent" } | { status: "skipped"; reason: string };

/** An SMTP answer in the 5xx range: the server refused the recipient for good. */
function isBounce(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

export interface QueueRun {
  claimed: number;
  sent: number;
  skipped: number;
  retried: number;
  failed: number;
  bounced: number;
}

/** One batch: claims what the rate limit allows now, renders and sends each mail, records each outcome. */
export async function processMailQueue({
  db = getDb(),
  mailer = getMailer(),
  now = new Date(),
  ratePerMinute = getEnv().MAIL_RATE_PER_MINUTE,
  batchSize = getEnv().MAIL_BATCH_SIZE,
  concurrency = 1,
}: {
  db?: Database;
  mailer?: Mailer;
  now?: Date;
  ratePerMinute?: number;
  batchSize?: number;
  /** Mails in flight at once (the pooled mailer's connections). */
  concurrency?: number;
} = {}): Promise<QueueRun> {
  const run: QueueRun = { claimed: 0, sent: 0, skipped: 0, retried: 0, failed: 0, bounced: 0 };
  const budget = Math.min(batchSize, ratePerMinute - (await sentInLastMinute(db, now)));
  if (budget <= 0) return run;
  const claimed = await claimDeliveries(db, budget, now);
  run.claimed = claimed.length;
  const render = renderer(now);
  // The batch's mails go out side by side, as many at once as the mailer has SMTP connections (one for the dev
  // outbox); each row's outcome is recorded as soon as its mail is done.
  const sendOne = async (row: Claimed) => {
    let outcome: Outcome;
    try {
      outcome = await render.deliver(row, mailer);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const bounced = isBounce(error);
      const final = bounced || row.attempts >= MAX_ATTEMPTS;
      const status = bounced ? "bounced" : final ? "failed" : "queued";
      const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
      await db
        .update(mailDeliveries)
        .set({
          status,
          lastError: message,
          claimedUntil: null,
          nextAttemptAt: new Date(now.getTime() + wait * 60_000),
          updatedAt: now,
        })
        .where(and(eq(mailDeliveries.id, row.id), eq(mailDeliveries.status, "sending")));
      if (status === "queued") run.retried++;
      else run[status]++;
      return;
    }
    await db
      .update(mailDeliveries)
      .set(
        outcome.status === "sent"
          ? { status: "sent", sentAt: now, claimedUntil: null, lastError: null, updatedAt: now }
          : { status: "skipped", lastError: outcome.reason, claimedUntil: null, updatedAt: now },
      )
      .where(eq(mailDeliveries.id, row.id));
    run[outcome.status]++;
  };
  const queue = [...claimed];
  const lanes = Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, async () => {
    for (let row = queue.shift(); row; row = queue.shift()) await sendOne(row);
  });
  await Promise.all(lanes);
  if (claimed.length) await finishSends(db, now);
  return run;
}

/** Sends with nothing left to do get their finishing time. */
async function finishSends(db: Database, now: Date) {
  await db.execute(sql`
    update ${mailSends} set finished_at = ${ts(now)}
    where finished_at is null and not exists (
      select 1 from ${mailDeliveries}
      where ${mailDeliveries.sendId} = ${mailSends.id} and ${mailDeliveries.status} in ('queued', 'sending'))`);
}

/** Renders one batch's mails: a send and the category names are read once per batch. */
function renderer(now: Date) {
  const db = getDb();
  const origin = new URL(getEnv().PUBLIC_URL).origin;
  const sends = new Map<string, Promise<typeof mailSends.$inferSelect | undefined>>();
  // Her followed topics named in her mail's language (read once per batch and language).
  const categoryNames = new Map<Locale, Promise<Map<string, string>>>();
  const names = (locale: Locale) => {
    let named = categoryNames.get(locale);
    if (!named) {
      named = listCategories(locale).then((list) => new Map(list.map((c) => [c.id, c.name] as const)));
      categoryNames.set(locale, named);
    }
    return named;
  };

  async function viewerOf(userId: string | null): Promise<Viewer> {
    if (!userId) return guestViewer(now);
    const [profile] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId));
    return profile ? loadViewer({ id: userId, role: profile.role as Role }, now) : guestViewer(now);
  }

  async function links(subscriber: typeof mailSubscribers.$inferSelect): Promise<MemberLinks & { locale: Locale }> {
    // Her language (issue 50): her account's saved choice, found by her address; English for a guest follower.
    const locale = await mailLanguageOf(db, { email: subscriber.email });
    const named = await names(locale);
    const list = subscriber.categoryIds.map((id) => named.get(id)).filter(Boolean);
    return {
      preferencesUrl: `${origin}${preferencesPath(subscriber.id)}`,
      unsubscribeUrl: `${origin}${unsubscribePath(subscriber.id)}`,
      reason: followReason(list as string[], locale),
      locale,
    };
  }

  return {
    async deliver(row: Claimed, mailer: Mailer): Promise<Outcome> {
      const [subscriber] = await db.select().from(mailSubscribers).where(eq(mailSubscribers.id, row.subscriber_id));
      // CASE: she unsubscribed (or was erased) after the send was queued -> never mailed.
      if (!subscriber || subscriber.status !== "active") return { status: "skipped", reason: "unsubscribed" };
      if (!sends.has(row.send_id))
        sends.set(
          row.send_id,
          db
            .select()
            .from(mailSends)
            .where(eq(mailSends.id, row.send_id))
            .then((r) => r[0]),
        );
      const send = await sends.get(row.send_id);
      if (!send) return { status: "skipped", reason: "send removed" };
      const memberLinks = await links(subscriber);
      // The categories of what she is sent, named in her mail's language too.
      const named = await names(memberLinks.locale);
      const categoryWords = (categories: { id: string; name: string }[]) =>
        categories.map((c) => named.get(c.id) ?? c.name);
      if (send.kind === "digest") {
        const since = subscriber.lastDigestAt ?? new Date(now.getTime() - 7 * 24 * 3600 * 1000);
        const items = await newArticlesForGuests({ since, categoryIds: subscriber.categoryIds });
        if (items.length === 0) return { status: "skipped", reason: "nothing new this week" };
        await mailer.send(
          digestMail({
            to: subscriber.email,
            origin,
            items: items.map((a) => ({
              title: a.title,
              url: `${origin}/article/${a.id}`,
              excerpt: a.excerpt,
              categories: categoryWords(a.categories),
            })),
            ...memberLinks,
          }),
        );
        await db.update(mailSubscribers).set({ lastDigestAt: now }).where(eq(mailSubscribers.id, subscriber.id));
        return { status: "sent" };
      }
      // The article as this reader may read it: the same gate as the site (a guest or a reader without a plan gets
      // the opening; the body never leaves the content module for her).
      const article = send.articleId
        ? await getArticleForViewer({ id: send.articleId, viewer: await viewerOf(subscriber.userId) })
        : null;
      if (!article) return { status: "skipped", reason: "article no longer published" };
      await mailer.send(
        articleMail({
          to: subscriber.email,
          origin,
          title: article.title,
          articleUrl: `${origin}/article/${article.id}`,
          imageUrl: article.imageUrl,
          categories: categoryWords(article.categories),
          blocks: article.access === "full" ? articleBodyBlocks(article) : null,
          preview: article.preview,
          ...memberLinks,
        }),
      );
      return { status: "sent" };
    },
  };
}

const drain = singleton("member-mail-drain", () => ({ running: undefined as Promise<void> | undefined }));

/**
 * Sends what is due now in the background of this process (after an editor queues a send), batch after batch
 * until nothing is due or the minute's rate is spent; the scheduled job picks up the rest.
 */
export function drainMailQueueSoon(): Promise<void> {
  drain.running ??= (async () => {
    // One pooled mailer for the whole drain: its SMTP connections are opened once and reused for every batch.
    const mailer = openBatchMailer();
    const env = getEnv();
    const concurrency = env.SMTP_URL ? env.MAIL_SMTP_CONNECTIONS : 1;
    try {
      for (;;) {
        const run = await processMailQueue({ mailer, concurrency });
        if (run.claimed === 0) break;
      }
    } catch (error) {
      console.error(`Member mail queue: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      mailer.close?.();
      drain.running = undefined;
    }
  })();
  return drain.running;
}

export interface SendSummary {
  id: string;
  kind: "article" | "digest";
  audience: string;
  subject: string;
  articleId: string | null;
  createdAt: string;
  finishedAt: string | null;
  total: number;
  waiting: number;
  sent: number;
  failed: number;
  bounced: number;
  skipped: number;
}

/** The admin's view of each send: its progress and outcome, newest first. */
export async function listSendsForAdmin(_admin: AdminViewer, limit = 50): Promise<SendSummary[]> {
  const db = getDb();
  const sends = await db.select().from(mailSends).orderBy(desc(mailSends.createdAt)).limit(limit);
  if (sends.length === 0) return [];
  const counts = await db
    .select({ sendId: mailDeliveries.sendId, status: mailDeliveries.status, n: sql<number>`count(*)::int` })
    .from(mailDeliveries)
    .where(
      inArray(
        mailDeliveries.sendId,
        sends.map((s) => s.id),
      ),
    )
    .groupBy(mailDeliveries.sendId, mailDeliveries.status);
  return sends.map((s) => {
    const of = (...statuses: string[]) =>
      counts.filter((c) => c.sendId === s.id && statuses.includes(c.status)).reduce((n, c) => n + Number(c.n), 0);
    return {
      id: s.id,
      kind: s.kind,
      audience: s.audience,
      subject: s.subject,
      articleId: s.articleId,
      createdAt: s.createdAt.toISOString(),
      finishedAt: s.finishedAt?.toISOString() ?? null,
      total: s.total,
      waiting: of("queued", "sending"),
      sent: of("sent"),
      failed: of("failed"),
      bounced: of("bounced"),
      skipped: of("skipped"),
    };
  });
}

/** Whether an article was already mailed (the editor's choice is then shown as done). */
export async function articleSendOf(articleId: string): Promise<{ audience: string; createdAt: string } | null> {
  const [row] = await getDb()
    .select({ audience: mailSends.audience, createdAt: mailSends.createdAt })
    .from(mailSends)
    .where(and(eq(mailSends.kind, "article"), eq(mailSends.articleId, articleId)));
  return row ? { audience: row.audience, createdAt: row.createdAt.toISOString() } : null;
}
