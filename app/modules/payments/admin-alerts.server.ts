// Nobody used to be told (issue 30 item 7): what needs a person about payments is e-mailed to every admin, a short
// mail per kind listing the items not mailed before, at most one mail per kind an hour. The reconciliation's
// differences are one of the kinds (issue 46 item 25), each finding mailed once, and so are readers' receipts, refund
// and gift mails the mail queue gave up on (mail-failed, ADR 046). Run by the scheduler every
// few minutes; each kind's last mail is claimed in the database before it is sent, so two processes (or two runs in
// one hour) send it once, and each item is remembered once mailed.
import { and, asc, eq, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  adminAlertItems,
  adminAlertSends,
  cardRenewalEvents,
  mailMessages,
  orders,
  profiles,
  refunds,
  users,
} from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { getMailer } from "~/lib/mail/mailer.server";
import { adminAlertMail } from "./payment-mails.server";
import { REVERSAL_WINDOW_MS } from "~/modules/orders/order-recheck-schedule";
import { formatKesCents } from "~/modules/pricing/money";
import { recentGatewayFailures } from "./gateway-failures.server";
import { STALE_REQUEST_MS } from "./refunds.server";
import { unresolvedUnmatchedCharge } from "./unmatched-charges.server";
import { reconcile } from "./reconciliation.server";
import { nairobiDate } from "~/lib/nairobi-time";

/** At most one mail per kind this often: a storm of reviews or failures is one mail an hour, not one a minute. */
export const ALERT_MAIL_GAP_MS = 60 * 60_000;
/**
 * Failed Pesapal calls in the current and the previous clock hour that make an alert. One timeout now and then is
 * the internet (every call is retried by its schedule); five in an hour or two is an outage, a wrong key or a
 * blocked IP, and payments are waiting on it.
 */
export const GATEWAY_FAILURES_ALERT_THRESHOLD = 5;
/** Items named in one mail; the rest are counted ("and 12 more") and the link shows them all. */
export const ALERT_ITEMS_PER_MAIL = 20;

export const ALERT_KINDS = [
  "review",
  "refund-unknown",
  "unmatched-charge",
  "gateway-failures",
  "reconcile-difference",
  "mail-failed",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

interface AlertItem {
  key: string;
  line: string;
  url: string;
}

const SUBJECTS: Record<AlertKind, (n: number) => string> = {
  review: (n) => `Nuru: ${n === 1 ? "1 order needs" : `${n} orders need`} review`,
  "refund-unknown": (n) => `Nuru: ${n === 1 ? "1 refund has" : `${n} refunds have`} an unknown outcome`,
  "unmatched-charge": (n) => `Nuru: ${n === 1 ? "1 card charge matches" : `${n} card charges match`} no subscription`,
  "gateway-failures": () => "Nuru: Pesapal calls keep failing",
  "reconcile-difference": (n) => `Nuru: the reconciliation found ${n === 1 ? "1 difference" : `${n} differences`}`,
  "mail-failed": (n) => `Nuru: ${n === 1 ? "1 mail to a reader was" : `${n} mails to readers were`} not sent`,
};

const INTROS: Record<AlertKind, string> = {
  review:
    "Pesapal reported payments that do not match their orders (amount, currency or reference). Nothing was granted; " +
    "each order waits for you to refund it or settle it by hand.",
  "refund-unknown":
    "These refunds were sent (to Pesapal, or as M-Pesa reversals) and the answer never arrived. The shop keeps " +
    "asking; check the Pesapal dashboard or the M-PESA Org Portal and record what it shows if it is settled there.",
  "unmatched-charge":
    "Pesapal charged these cards on a schedule whose answer names no subscription of ours. Find the reader's " +
    "agreement or refund the charge on Pesapal's dashboard, then mark it resolved.",
  "gateway-failures":
    "The shop could not reach Pesapal (timeouts, network errors or refused keys) again and again. Payments, checks " +
    "and refunds wait until it can; check the Pesapal credentials and Pesapal's status.",
  "reconcile-difference":
    "Our own records of payments, refunds and access disagree (for example a plan giving access with no payment " +
    "standing behind it). Open each order, settle it by hand or refund it; the reconciliation page lists them all.",
  "mail-failed":
    "These receipts, refund mails or gift claim mails could not be sent after six tries over about five hours (the " +
    "last error is named). Check the SMTP settings and the mail server; tell the reader, or resend a gift from the " +
    "gifts screen.",
};

const notMailed = (kind: AlertKind, key: ReturnType<typeof sql>) =>
  notExists(
    getDb()
      .select({ one: sql`1` })
      .from(adminAlertItems)
      .where(and(eq(adminAlertItems.kind, kind), eq(adminAlertItems.itemKey, key))),
  );

/** The items of a kind not mailed yet, oldest first. */
async function newItems(kind: AlertKind, now: Date): Promise<AlertItem[]> {
  const db = getDb();
  const origin = getEnv().PUBLIC_URL;
  const orderUrl = (id: string) => `${origin}/admin/orders/${id}`;
  if (kind === "review") {
    const rows = await db
      .select({ id: orders.id, reference: orders.merchantReference, amountCents: orders.amountCents })
      .from(orders)
      .where(and(eq(orders.status, "review"), notMailed(kind, sql`${orders.id}::text`)))
      .orderBy(asc(orders.updatedAt))
      .limit(200);
    return rows.map((r) => ({
      key: r.id,
      line: `Order ${r.reference} (${formatKesCents(r.amountCents)}) needs review`,
      url: orderUrl(r.id),
    }));
  }
  if (kind === "refund-unknown") {
    const stale = new Date(now.getTime() - STALE_REQUEST_MS);
    const rows = await db
      .select({
        id: refunds.id,
        orderId: refunds.orderId,
        reference: orders.merchantReference,
        amountCents: refunds.amountCents,
      })
      .from(refunds)
      .innerJoin(orders, eq(orders.id, refunds.orderId))
      .where(
        and(
          or(eq(refunds.status, "unconfirmed"), and(eq(refunds.status, "requesting"), lte(refunds.createdAt, stale))),
          notMailed(kind, sql`${refunds.id}::text`),
        ),
      )
      .orderBy(asc(refunds.createdAt))
      .limit(200);
    return rows.map((r) => ({
      key: r.id,
      line: `Order ${r.reference}: refund of ${formatKesCents(r.amountCents)}, outcome unknown`,
      url: orderUrl(r.orderId),
    }));
  }
  if (kind === "unmatched-charge") {
    const rows = await db
      .select({
        id: cardRenewalEvents.id,
        trackingId: cardRenewalEvents.gatewayTrackingId,
        accountNumber: cardRenewalEvents.accountNumber,
      })
      .from(cardRenewalEvents)
      .where(and(unresolvedUnmatchedCharge(), notMailed(kind, sql`${cardRenewalEvents.id}::text`)))
      .orderBy(asc(cardRenewalEvents.createdAt))
      .limit(200);
    return rows.map((r) => ({
      key: r.id,
      line: `Card charge Pesapal ${r.trackingId ?? "(no tracking id)"} (named ${r.accountNumber}) matches no subscription`,
      url: `${origin}/admin/orders?status=attention`,
    }));
  }
  if (kind === "reconcile-difference") return newDifferences(now);
  if (kind === "mail-failed") return failedMails();
  const { failures, lastError, lastHour } = await recentGatewayFailures(now);
  if (failures < GATEWAY_FAILURES_ALERT_THRESHOLD || !lastHour) return [];
  // Keyed by the hour of the latest failure: one burst is mailed once; failures going on into a new hour again.
  const hour = lastHour.toISOString();
  const [mailed] = await db
    .select({ one: sql`1` })
    .from(adminAlertItems)
    .where(and(eq(adminAlertItems.kind, kind), eq(adminAlertItems.itemKey, hour)));
  if (mailed) return [];
  return [
    {
      key: hour,
      line: `${failures} Pesapal calls failed in the last hour or two${lastError ? ` (last: ${lastError})` : ""}`,
      url: `${origin}/admin/orders`,
    },
  ];
}

/**
 * The reconciliation's differences (reconciliation.server.ts) over the orders that can still change (the reversal
 * window), not mailed before. An unmatched card charge has its own kind above and is not mailed twice. The whole
 * reconciliation is read at most once per mail gap: while this kind's last mail is under an hour old nothing could be
 * sent anyway, so the five-minute job does not rebuild the report for nothing.
 */
async function newDifferences(now: Date): Promise<AlertItem[]> {
  const db = getDb();
  const [last] = await db
    .select({ at: adminAlertSends.lastSentAt })
    .from(adminAlertSends)
    .where(eq(adminAlertSends.kind, "reconcile-difference"));
  if (last && last.at.getTime() > now.getTime() - ALERT_MAIL_GAP_MS) return [];
  const report = await reconcile({
    from: nairobiDate(new Date(now.getTime() - REVERSAL_WINDOW_MS)),
    to: nairobiDate(now),
  });
  const origin = getEnv().PUBLIC_URL;
  const items = report.differences
    .filter((d) => d.kind !== "scheduled card charge matching no agreement")
    .map((d) => ({
      // A finding is its kind, its order and what it says: the same finding tomorrow is not mailed again.
      key: `${d.kind}|${d.orderId ?? ""}|${d.detail}`,
      line: `${d.kind[0]!.toUpperCase()}${d.kind.slice(1)}: ${d.reference ? `order ${d.reference}` : "no order"}: ${d.detail}`,
      url: d.orderId ? `${origin}/admin/orders/${d.orderId}` : `${origin}/admin/orders/reconciliation`,
    }));
  if (items.length === 0) return [];
  const mailed = await db
    .select({ key: adminAlertItems.itemKey })
    .from(adminAlertItems)
    .where(
      and(
        eq(adminAlertItems.kind, "reconcile-difference"),
        inArray(
          adminAlertItems.itemKey,
          items.map((item) => item.key),
        ),
      ),
    );
  const seen = new Set(mailed.map((row) => row.key));
  return items.filter((item) => !seen.has(item.key));
}

/** Queued mails that reached `failed` (ADR 046), not mailed before; a receipt's or refund's links to its order. */
async function failedMails(): Promise<AlertItem[]> {
  const origin = getEnv().PUBLIC_URL;
  const rows = await getDb()
    .select({
      id: mailMessages.id,
      key: mailMessages.key,
      kind: mailMessages.kind,
      orderId: sql<string | null>`${mailMessages.facts} ->> 'orderId'`,
      attempts: mailMessages.attempts,
      lastError: mailMessages.lastError,
    })
    .from(mailMessages)
    .where(and(eq(mailMessages.status, "failed"), notMailed("mail-failed", sql`${mailMessages.id}::text`)))
    .orderBy(asc(mailMessages.updatedAt))
    .limit(200);
  return rows.map((r) => ({
    key: r.id,
    line: `The ${r.kind} mail ${r.key} failed ${r.attempts} times (last: ${r.lastError ?? "no error recorded"})`,
    url: r.orderId ? `${origin}/admin/orders/${r.orderId}` : `${origin}/admin/gifts`,
  }));
}

/** Every admin's address: the admin role, not banned. */
async function adminAddresses(): Promise<string[]> {
  const rows = await getDb()
    .select({ email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.id))
    .where(and(eq(profiles.role, "admin"), or(isNull(users.banned), eq(users.banned, false))))
    .orderBy(asc(users.email));
  return rows.map((r) => r.email);
}

/**
 * Takes this hour's mail of a kind: true when no mail of the kind went out in the last ALERT_MAIL_GAP_MS (and this
 * run now owns it). A conditional upsert, so two processes at the same moment cannot both take it.
 */
async function claimMail(kind: AlertKind, now: Date): Promise<Date | null | false> {
  const db = getDb();
  const [before] = await db
    .select({ at: adminAlertSends.lastSentAt })
    .from(adminAlertSends)
    .where(eq(adminAlertSends.kind, kind));
  const claimed = await db
    .insert(adminAlertSends)
    .values({ kind, lastSentAt: now })
    .onConflictDoUpdate({
      target: adminAlertSends.kind,
      set: { lastSentAt: now },
      setWhere: lte(adminAlertSends.lastSentAt, new Date(now.getTime() - ALERT_MAIL_GAP_MS)),
    })
    .returning({ kind: adminAlertSends.kind });
  if (claimed.length === 0) return false;
  return before?.at ?? null;
}

/** Gives a claimed hour back (nothing could be sent): the next run tries again. */
async function releaseMail(kind: AlertKind, claimedAt: Date, previous: Date | null) {
  const db = getDb();
  const mine = and(eq(adminAlertSends.kind, kind), eq(adminAlertSends.lastSentAt, claimedAt));
  if (previous) await db.update(adminAlertSends).set({ lastSentAt: previous }).where(mine);
  else await db.delete(adminAlertSends).where(mine);
}

export interface AlertRun {
  /** Mails sent, per kind (one per admin). */
  sent: Partial<Record<AlertKind, number>>;
  /** Kinds with new items that wait for the hour to pass. */
  waiting: AlertKind[];
}

export async function sendAdminAlerts(now = new Date()): Promise<AlertRun> {
  const run: AlertRun = { sent: {}, waiting: [] };
  const admins = await adminAddresses();
  if (admins.length === 0) return run;
  for (const kind of ALERT_KINDS) {
    const items = await newItems(kind, now);
    if (items.length === 0) continue;
    const claim = await claimMail(kind, now);
    if (claim === false) {
      run.waiting.push(kind);
      continue;
    }
    const listed = items.slice(0, ALERT_ITEMS_PER_MAIL);
    let sent = 0;
    for (const to of admins) {
      try {
        await getMailer().send(
          adminAlertMail({
            to,
            subject: SUBJECTS[kind](items.length),
            intro: INTROS[kind],
            items: listed,
            more: items.length - listed.length,
          }),
        );
        sent++;
      } catch (error) {
        console.error(`Admin alert (${kind}) to ${to} not sent:`, error);
      }
    }
    if (sent === 0) {
      await releaseMail(kind, now, claim);
      continue;
    }
    // Every item counted in the mail is remembered, listed or not ("and 12 more" named them by the link).
    await getDb()
      .insert(adminAlertItems)
      .values(items.map((item) => ({ kind, itemKey: item.key, mailedAt: now })))
      .onConflictDoNothing();
    run.sent[kind] = sent;
  }
  return run;
}

/** For the run log: "review 2, gateway-failures 2; waiting: refund-unknown". */
export function describeAlertRun(run: AlertRun): string {
  const sent = Object.entries(run.sent).map(([kind, n]) => `${kind} ${n}`);
  return `${sent.length ? `sent ${sent.join(", ")}` : "nothing to send"}${run.waiting.length ? `; waiting: ${run.waiting.join(", ")}` : ""}`;
}
