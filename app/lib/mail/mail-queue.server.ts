// Durable transactional mail (issue 47 item 4, ADR 046), on the SMS queue's pattern (ADR 044). A mail that follows a
// change (a receipt, a refund notice, a gift's claim mail) is written as a mail_messages row in the transaction that
// makes the change, so it exists exactly when the change does: a crash or an SMTP outage between the commit and the
// send loses none, a rolled-back change sends none, and its unique key makes it once however often the change is
// reported. The request sends its own mail right after its commit (sendQueuedMailNow), so she gets it as fast as
// before; the "mail" job sends whatever that missed, from any process, claiming rows with FOR UPDATE SKIP LOCKED.
// This file knows no domain: each kind's message is composed at send time by the composer its module registered.
import { count, inArray, sql } from "drizzle-orm";
import { getDb, type Database, type Rows } from "~/db/client.server";
import { mailMessages } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { getMailer, type Mailer, type MailMessage } from "./mailer.server";

/** How long a worker holds a claimed row before another may take it (it died mid-send). */
export const CLAIM_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 6;
/** Minutes before attempt 2, 3, 4, 5 and 6. */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 240];

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type MailFacts = Record<string, unknown>;

/**
 * Makes a queued mail's message from its facts, at send time. Null: there is nothing to send any more (the gift was
 * refunded meanwhile, the order is gone): the row is marked skipped. A throw is a failed attempt, retried.
 */
export type MailComposer = (facts: MailFacts, now: Date) => Promise<MailMessage | null>;

const state = singleton("mail-queue", () => ({
  composers: new Map<string, MailComposer>(),
  /** Tests: the mailer the queue sends through instead of the app's. */
  mailer: undefined as Mailer | undefined,
  /** Tests: false plays a process that dies between its commit and its send (the job must send the mail). */
  sendNow: true,
}));

/** Called by the module that owns a kind's template, when it loads. */
export function registerMailComposer(kind: string, composer: MailComposer): void {
  state.composers.set(kind, composer);
}

/** Tests: send queued mail through this mailer (undefined: the app's again). */
export function useQueueMailer(mailer: Mailer | undefined): void {
  state.mailer = mailer;
}

/** Tests: false leaves every queued mail to the job, as if each request died right after its commit. */
export function setSendQueuedMailNow(on: boolean): void {
  state.sendNow = on;
}

/**
 * Queues a mail inside the caller's transaction (the one that makes the change it reports). Once per key: a second
 * call (a duplicate callback, a re-check, the job's next run) adds nothing. Returns whether a row was written.
 */
export async function queueMail(
  tx: Tx,
  mail: { key: string; kind: string; facts: MailFacts },
  now: Date,
): Promise<boolean> {
  const inserted = await tx
    .insert(mailMessages)
    .values({ ...mail, nextAttemptAt: now, createdAt: now, updatedAt: now })
    .onConflictDoNothing({ target: mailMessages.key })
    .returning({ id: mailMessages.id });
  return inserted.length > 0;
}

interface Claimed {
  id: string;
  kind: string;
  facts: MailFacts;
  attempts: number;
}

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Claims due rows (queued ones whose time has come, and claims that ran out), or the one row of `key`. */
async function claim(db: Database, now: Date, which: { limit: number } | { key: string }): Promise<Claimed[]> {
  const due =
    "key" in which
      ? sql`key = ${which.key} and status = 'queued' and next_attempt_at <= ${ts(now)} limit 1`
      : sql`(status = 'queued' and next_attempt_at <= ${ts(now)})
            or (status = 'sending' and claimed_until < ${ts(now)})
            order by next_attempt_at limit ${which.limit}`;
  const { rows } = (await db.execute(sql`
    update ${mailMessages} m
    set status = 'sending', attempts = m.attempts + 1, claimed_until = ${ts(new Date(now.getTime() + CLAIM_MS))},
        updated_at = ${ts(now)}
    where m.id in (select id from ${mailMessages} where ${due} for update skip locked)
    returning m.id, m.kind, m.facts, m.attempts`)) as unknown as Rows<Claimed>;
  return rows;
}

/** "<row id@the sender's domain>": the same message to mail clients however often it is sent. */
export function queuedMessageId(id: string): string {
  const domain = /@([^<>\s@]+)>?\s*$/.exec(getEnv().MAIL_FROM)?.[1] ?? "nuru.local";
  return `<${id}@${domain}>`;
}

export type MailOutcome = "sent" | "skipped" | "retrying" | "failed";

async function send(db: Database, row: Claimed, mailer: Mailer, now: Date): Promise<MailOutcome> {
  let error: string;
  try {
    const composer = state.composers.get(row.kind);
    if (!composer) throw new Error(`no composer registered for mail kind "${row.kind}"`);
    const message = await composer(row.facts, now);
    if (message) await mailer.send({ ...message, messageId: queuedMessageId(row.id) });
    const status = message ? "sent" : "skipped";
    await db
      .update(mailMessages)
      .set({ status, claimedUntil: null, lastError: null, sentAt: message ? now : null, updatedAt: now })
      .where(sql`${mailMessages.id} = ${row.id}`);
    return status;
  } catch (caught) {
    error = caught instanceof Error ? caught.message : String(caught);
  }
  const final = row.attempts >= MAX_ATTEMPTS;
  const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
  await db
    .update(mailMessages)
    .set({
      status: final ? "failed" : "queued",
      lastError: error.slice(0, 300),
      claimedUntil: null,
      nextAttemptAt: new Date(now.getTime() + wait * 60_000),
      updatedAt: now,
    })
    .where(sql`${mailMessages.id} = ${row.id}`);
  return final ? "failed" : "retrying";
}

/**
 * After the commit that queued it: sends the mail of `key` now, in this request, unless another worker has it or it
 * was sent already. Never throws: a failure is recorded on the row and the job retries it.
 */
export async function sendQueuedMailNow(key: string, now = new Date()): Promise<MailOutcome | null> {
  if (!state.sendNow) return null;
  try {
    const db = getDb();
    const [row] = await claim(db, now, { key });
    return row ? await send(db, row, state.mailer ?? getMailer(), now) : null;
  } catch (error) {
    // The row stays queued (or its claim runs out): the job sends it.
    console.error(`Mail ${key} not sent now:`, error);
    return null;
  }
}

export type MailQueueRun = Record<"claimed" | MailOutcome, number>;

/** One batch for the "mail" job: claims due rows, sends each, records each outcome. */
export async function processMailQueue({
  db = getDb(),
  mailer,
  now = new Date(),
  batchSize = 20,
}: { db?: Database; mailer?: Mailer; now?: Date; batchSize?: number } = {}): Promise<MailQueueRun> {
  const run: MailQueueRun = { claimed: 0, sent: 0, skipped: 0, retrying: 0, failed: 0 };
  const claimed = await claim(db, now, { limit: batchSize });
  run.claimed = claimed.length;
  for (const row of claimed) run[await send(db, row, mailer ?? state.mailer ?? getMailer(), now)] += 1;
  return run;
}

/** For the /metrics gauge: mails still to send (queued, or claimed and not yet marked). */
export async function mailQueueDepth(): Promise<number> {
  const [row] = await getDb()
    .select({ n: count() })
    .from(mailMessages)
    .where(inArray(mailMessages.status, ["queued", "sending"]));
  return row?.n ?? 0;
}
