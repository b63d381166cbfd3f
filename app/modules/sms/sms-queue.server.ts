// The SMS send queue (issue 49 item 5, ADR 044). A receipt is written as a row in the transaction that grants the
// order, so it exists exactly when the grant does (a crash or restart loses none, a rolled-back grant sends none)
// and at most once per order (a unique index: duplicate callbacks queue nothing more). Workers in any app process
// claim due rows with FOR UPDATE SKIP LOCKED, so two processes never take the same row; the "sms" job drains the
// queue every tick, and a grant also starts this process's drain a moment after its commit. Transient failures are
// retried with backoff; a refusal for good (403 invalid number, 406 blacklisted) is recorded and never retried.
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Database, type Rows } from "~/db/client.server";
import { smsMessages } from "~/db/schema";
import { singleton } from "~/lib/singleton.server";
import { composeReceiptSms, shortLink, type ReceiptSmsFacts } from "./receipt-sms";
import { newReceiptLinkToken, receiptLinkUrl } from "./receipt-links.server";
import { getSmsSender, smsReceiptsAvailable } from "./sms-config.server";
import type { SmsOutcome, SmsSender } from "./sms-sender";

/**
 * How long a receipt waits for M-Pesa's code when the grant came before it (the STK query settles a prompt without
 * the receipt; the callback brings it, usually within a minute): then it goes without the code, with the link.
 */
export const CODE_WAIT_MS = 10 * 60 * 1000;
/** How long a worker holds a claimed row before another may take it (it died mid-send). */
export const CLAIM_MS = 2 * 60 * 1000;
export const MAX_ATTEMPTS = 6;
/** Minutes before attempt 2, 3, 4, 5 and 6. */
export const BACKOFF_MINUTES = [1, 5, 15, 60, 240];

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** International digits for a Kenyan mobile number, as orders.receipt_phone holds it. */
const PHONE = /^254[17][0-9]{8}$/;

export interface ReceiptSmsOrder extends Omit<ReceiptSmsFacts, "link"> {
  orderId: string;
  /** orders.receipt_phone. */
  to: string;
}

const drain = singleton("sms-drain", () => ({ running: undefined as Promise<void> | undefined, auto: true }));

/**
 * Queues an order's receipt SMS inside the caller's transaction (the one that grants). Once per order: a second call
 * (a duplicate callback, a re-check) adds nothing. Returns whether a row was written. Never throws for a bad number:
 * the grant must not fail because of an SMS.
 */
export async function queueReceiptSms(tx: Tx, order: ReceiptSmsOrder, now: Date): Promise<boolean> {
  if (!PHONE.test(order.to) || !smsReceiptsAvailable()) return false;
  const linkToken = newReceiptLinkToken();
  const body = composeReceiptSms({ ...order, link: shortLink(receiptLinkUrl(linkToken)) });
  const inserted = await tx
    .insert(smsMessages)
    .values({
      orderId: order.orderId,
      kind: "receipt",
      to: order.to,
      body,
      facts: {
        mpesaCode: order.mpesaCode,
        amountCents: order.amountCents,
        item: order.item,
        until: order.until?.toISOString() ?? null,
        receiptNumber: order.receiptNumber,
        ...(order.locale && order.locale !== "en" ? { locale: order.locale } : {}),
      },
      linkToken,
      // CASE: granted before M-Pesa's code is known -> wait for it (addMpesaCodeToReceiptSms), then go without it.
      nextAttemptAt: order.mpesaCode ? now : new Date(now.getTime() + CODE_WAIT_MS),
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing({ target: [smsMessages.orderId, smsMessages.kind] })
    .returning({ id: smsMessages.id });
  if (inserted.length > 0 && drain.auto) {
    // After the caller's commit (a moment later): the row is not visible before it. The job picks up what this misses.
    setTimeout(() => void drainSmsSoon(), 1500).unref();
  }
  return inserted.length > 0;
}

/**
 * M-Pesa's code arrived after the grant (the late STK callback): a receipt still waiting for it is written again with
 * the code and sent now. A receipt already sent is left alone (she got the link; a second SMS would be noise).
 */
export async function addMpesaCodeToReceiptSms(orderId: string, mpesaCode: string, now = new Date()): Promise<boolean> {
  const db = getDb();
  // Still waiting: queued and never tried (a claimed or sent one is left as it is).
  const unsent = and(eq(smsMessages.status, "queued"), eq(smsMessages.attempts, 0));
  const [row] = await db
    .select()
    .from(smsMessages)
    .where(and(eq(smsMessages.orderId, orderId), eq(smsMessages.kind, "receipt"), unsent));
  if (!row?.facts || row.facts.mpesaCode) return false;
  const facts = { ...row.facts, mpesaCode };
  const body = composeReceiptSms({
    ...facts,
    until: facts.until ? new Date(facts.until) : null,
    link: shortLink(receiptLinkUrl(row.linkToken)),
  });
  const updated = await db
    .update(smsMessages)
    .set({ body, facts, nextAttemptAt: now, updatedAt: now })
    .where(and(eq(smsMessages.id, row.id), unsent))
    .returning({ id: smsMessages.id });
  if (updated.length > 0 && drain.auto) setTimeout(() => void drainSmsSoon(), 100).unref();
  return updated.length > 0;
}

interface Claimed {
  id: string;
  to: string;
  body: string;
  attempts: number;
}

/** Claims up to `limit` due rows: queued ones whose time has come and claims that ran out. */
export async function claimSms(db: Database, limit: number, now: Date): Promise<Claimed[]> {
  const { rows } = (await db.execute(sql`
    update ${smsMessages} m
    set status = 'sending', attempts = m.attempts + 1, claimed_until = ${ts(new Date(now.getTime() + CLAIM_MS))},
        updated_at = ${ts(now)}
    where m.id in (
      select id from ${smsMessages}
      where (status = 'queued' and next_attempt_at <= ${ts(now)})
         or (status = 'sending' and claimed_until < ${ts(now)})
      order by next_attempt_at
      limit ${limit}
      for update skip locked)
    returning m.id, m."to", m.body, m.attempts`)) as unknown as Rows<Claimed>;
  return rows;
}

export interface SmsQueueRun {
  claimed: number;
  sent: number;
  rejected: number;
  retrying: number;
  failed: number;
}

async function record(db: Database, row: Claimed, outcome: SmsOutcome, now: Date): Promise<keyof SmsQueueRun> {
  if (outcome.kind === "accepted") {
    await db
      .update(smsMessages)
      .set({
        status: "sent",
        providerStatusCode: outcome.statusCode,
        providerStatus: outcome.status,
        providerMessageId: outcome.messageId,
        cost: outcome.cost,
        lastError: null,
        claimedUntil: null,
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(smsMessages.id, row.id));
    return "sent";
  }
  if (outcome.kind === "rejected") {
    await db
      .update(smsMessages)
      .set({
        status: "rejected",
        providerStatusCode: outcome.statusCode,
        providerStatus: outcome.status,
        claimedUntil: null,
        updatedAt: now,
      })
      .where(eq(smsMessages.id, row.id));
    return "rejected";
  }
  const final = row.attempts >= MAX_ATTEMPTS;
  const wait = BACKOFF_MINUTES[Math.min(row.attempts, BACKOFF_MINUTES.length) - 1] ?? 1;
  await db
    .update(smsMessages)
    .set({
      status: final ? "failed" : "queued",
      providerStatusCode: outcome.statusCode,
      lastError: outcome.status.slice(0, 300),
      claimedUntil: null,
      nextAttemptAt: new Date(now.getTime() + wait * 60_000),
      updatedAt: now,
    })
    .where(eq(smsMessages.id, row.id));
  return final ? "failed" : "retrying";
}

/** One batch: claims due rows, sends each, records each outcome. */
export async function processSmsQueue({
  db = getDb(),
  sender,
  now = new Date(),
  batchSize = 20,
}: { db?: Database; sender?: SmsSender | null; now?: Date; batchSize?: number } = {}): Promise<SmsQueueRun> {
  const run: SmsQueueRun = { claimed: 0, sent: 0, rejected: 0, retrying: 0, failed: 0 };
  const smsSender = sender === undefined ? await getSmsSender() : sender;
  if (!smsSender) return run;
  const claimed = await claimSms(db, batchSize, now);
  run.claimed = claimed.length;
  for (const row of claimed) {
    let outcome: SmsOutcome;
    try {
      outcome = await smsSender.send({ to: row.to, body: row.body });
    } catch (error) {
      outcome = { kind: "retry", statusCode: null, status: error instanceof Error ? error.message : String(error) };
    }
    run[await record(db, row, outcome, now)] += 1;
  }
  return run;
}

/** Drains this process's due SMS now (one drain at a time per process; other processes claim other rows). */
export function drainSmsSoon(): Promise<void> {
  drain.running ??= (async () => {
    try {
      for (;;) {
        const run = await processSmsQueue();
        if (run.claimed === 0) break;
      }
    } catch (error) {
      console.error(`SMS queue: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      drain.running = undefined;
    }
  })();
  return drain.running;
}

/** Tests: no background drain after a queueing (the test drains when it chooses). */
export function setSmsAutoDrain(on: boolean): void {
  drain.auto = on;
}
