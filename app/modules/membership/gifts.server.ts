// Gifts (issue 33, ADR 038): a plan or an ebook bought for someone else. Checkout writes the gift with its order;
// the verified completion (payment-verification.server.ts, order row locked) marks it paid instead of granting the
// buyer; the claim mail goes out at completion or on the Nairobi delivery date (a job); the recipient's claim, with
// the order row locked, grants her the plan (from the claim, or after her running plan) or the ebook, tied to the
// gift's order so a reversal or full refund takes it back like any order's grant.
import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { ebookPurchases, ebooks, gifts, orders, profiles, subscriptionPlans, users } from "~/db/schema";
import { getEnv } from "~/lib/env.server";
import { formatDate } from "~/lib/format";
import { translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { localizedUrl } from "~/lib/mail/layout.server";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import type { AdminViewer } from "~/modules/access/policy";
import { getMailer, type MailMessage } from "~/lib/mail/mailer.server";
import { queueMail, registerMailComposer, sendQueuedMailNow } from "~/lib/mail/mail-queue.server";
import { giftMail } from "./membership-mails.server";
import { ebookInSentence, planItemInSentence } from "./purchase-kind-words";
import { hitFixedWindow } from "~/modules/security/rate-limit.server";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { addPlanPeriod, planItemText, type PlanPeriod } from "./plan-period";
import { lockActiveSubscription, setDisplayRole, startSubscription, type Grant, type Tx } from "./grants.server";
import { nairobiToday, type GiftDetails } from "./gift-form";
import { STANDING_ORDER_STATUSES } from "./membership-state";
import { paymentStandsFor } from "./membership-state.server";

type Order = typeof orders.$inferSelect;
export type GiftStatus = (typeof gifts.$inferSelect)["status"];

/** A claim link works this long after it was sent (each send issues a new one). */
export const CLAIM_LINK_MS = 365 * 24 * 60 * 60 * 1000;
/** Resends a buyer may ask for per gift and hour. */
export const RESENDS_PER_HOUR = 3;
/** Order statuses whose payment stands (membership-state.ts): the gift can be claimed. */
const PAID: readonly OrderStatus[] = STANDING_ORDER_STATUSES;

/** What people read for a gift's status (buyer's list, admin screen). */
export const GIFT_STATUS_LABELS: Record<GiftStatus, string> = {
  awaiting_payment: "Awaiting payment",
  paid: "Paid, not sent yet",
  unclaimed: "Sent, unclaimed",
  claimed: "Claimed",
  revoked: "Refunded",
};

export function hashClaimToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Written with the order in checkout's transaction. */
export async function recordGiftOrder(tx: Tx, orderId: string, details: GiftDetails, now: Date) {
  await tx.insert(gifts).values({
    orderId,
    recipientEmail: details.recipientEmail,
    recipientPhone: details.recipientPhone,
    note: details.note,
    deliverOn: details.deliverOn,
    createdAt: now,
    updatedAt: now,
  });
}

/**
 * The completion of a gift order, in the transaction that moved it (order row locked): the gift is paid; nothing is
 * granted to the buyer. Null when the order is not a gift. A second completion of the same order cannot reach here
 * (the decision keeps a completed order), and the one row per order holds even if it did.
 */
export async function completeGiftOrder(tx: Tx, order: Order, now: Date): Promise<Grant | null> {
  const [gift] = await tx.select().from(gifts).where(eq(gifts.orderId, order.id)).for("update");
  if (!gift) return null;
  if (gift.status === "awaiting_payment") {
    await tx.update(gifts).set({ status: "paid", updatedAt: now }).where(eq(gifts.id, gift.id));
  }
  const sendNow = gift.deliverOn === null || gift.deliverOn <= nairobiToday(now);
  // The claim mail due today is queued with the completion (ADR 046), so no crash or SMTP outage loses it.
  const mailKey =
    sendNow && (gift.status === "awaiting_payment" || gift.status === "paid")
      ? await queueGiftMail(tx, gift, now)
      : undefined;
  return { kind: order.kind, gift: { id: gift.id, recipientEmail: gift.recipientEmail, sendNow, mailKey } };
}

/**
 * A gift order reversed or refunded in full (after revokeOrder took back any grant of the order, the recipient's
 * included): the gift can no longer be claimed, and a recipient who had claimed it is a subscriber no more unless
 * another period runs.
 */
export async function revokeGiftOf(tx: Tx, order: Order, now: Date): Promise<void> {
  const [gift] = await tx
    .update(gifts)
    .set({ status: "revoked", revokedAt: now, tokenHash: null, updatedAt: now })
    .where(and(eq(gifts.orderId, order.id), sql`${gifts.status} <> 'revoked'`))
    .returning({ claimedBy: gifts.claimedBy });
  if (gift?.claimedBy && !(await lockActiveSubscription(tx, gift.claimedBy, now))) {
    await setDisplayRole(tx, gift.claimedBy, "guest");
  }
}

interface GiftItem {
  kind: "plan" | "ebook";
  name: string;
  period: PlanPeriod | null;
  ebookId: string | null;
}

function itemText(item: GiftItem, locale: Locale = DEFAULT_LOCALE): string {
  if (locale !== DEFAULT_LOCALE) {
    return item.kind === "plan"
      ? planItemInSentence({ planName: item.name, ...item.period }, locale)
      : ebookInSentence(item.name, locale);
  }
  return item.kind === "plan"
    ? `the ${planItemText(item.name, item.period?.periodUnit ?? null, item.period?.periodCount ?? null)}`
    : `the ebook "${item.name}"`;
}

/**
 * The language of a gift's claim mail (issue 50, ADR 048): the recipient's saved language when she has an account,
 * else the giver's (the language she bought it in, as her account keeps it), else English.
 */
async function giftMailLanguage(recipientEmail: string, buyerLanguage: string | null | undefined): Promise<Locale> {
  const [recipient] = await getDb()
    .select({ language: users.language })
    .from(users)
    .where(eq(users.email, recipientEmail.toLowerCase()));
  return mailLocaleOf(recipient?.language ?? buyerLanguage);
}

const giftColumns = {
  id: gifts.id,
  orderId: gifts.orderId,
  status: gifts.status,
  recipientEmail: gifts.recipientEmail,
  recipientPhone: gifts.recipientPhone,
  note: gifts.note,
  deliverOn: gifts.deliverOn,
  sentAt: gifts.sentAt,
  claimedAt: gifts.claimedAt,
  createdAt: gifts.createdAt,
  buyerId: orders.userId,
  orderStatus: orders.status,
  kind: orders.kind,
  planName: subscriptionPlans.name,
  periodUnit: subscriptionPlans.periodUnit,
  periodCount: subscriptionPlans.periodCount,
  ebookTitle: ebooks.title,
  ebookId: orders.ebookId,
};

function selectGifts(db: Pick<ReturnType<typeof getDb>, "select"> = getDb()) {
  return db
    .select(giftColumns)
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId));
}

type GiftRow = Awaited<ReturnType<ReturnType<typeof selectGifts>["where"]>>[number];

function itemOf(row: GiftRow): GiftItem {
  return row.kind === "plan"
    ? {
        kind: "plan",
        name: row.planName ?? "",
        period: row.periodUnit && row.periodCount ? { periodUnit: row.periodUnit, periodCount: row.periodCount } : null,
        ebookId: null,
      }
    : { kind: "ebook", name: row.ebookTitle ?? "", period: null, ebookId: row.ebookId };
}

export type SendOutcome = "sent" | "not-sendable" | "rate-limited" | "not-found";

/**
 * A new claim link for a paid or unclaimed gift whose order's payment stands: its hash stored first, so only the
 * newest link works (the last e-mail's, or the last one the buyer copied to share).
 */
async function issueClaimLink(giftId: string, now: Date) {
  const db = getDb();
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + CLAIM_LINK_MS);
  const row = await db.transaction(async (tx) => {
    const [found] = await selectGifts(tx).where(eq(gifts.id, giftId));
    if (!found) return null;
    const [updated] = await tx
      .update(gifts)
      .set({
        status: "unclaimed",
        tokenHash: hashClaimToken(token),
        tokenExpiresAt: expiresAt,
        sentAt: now,
        sendCount: sql`${gifts.sendCount} + 1`,
        updatedAt: now,
      })
      .where(and(eq(gifts.id, giftId), inArray(gifts.status, ["paid", "unclaimed"]), paymentStandsFor(gifts.orderId)))
      .returning({ id: gifts.id });
    return updated ? found : "not-sendable";
  });
  if (row === null) return "not-found" as const;
  if (row === "not-sendable") return row;
  return { row, url: `${getEnv().PUBLIC_URL}/gift/${token}`, expiresAt };
}

/**
 * The claim mail with a new link (the previous one stops working), or why there is none: the gift is not sendable
 * (refunded, claimed, its payment reversed) or does not exist.
 */
async function composeGiftMail(giftId: string, now: Date): Promise<MailMessage | "not-sendable" | "not-found"> {
  const issued = await issueClaimLink(giftId, now);
  if (typeof issued === "string") return issued;
  const { row, url, expiresAt } = issued;
  const [buyer] = await getDb()
    .select({ email: users.email, name: profiles.fullName, language: users.language })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, row.buyerId));
  const locale = await giftMailLanguage(row.recipientEmail, buyer?.language);
  return giftMail({
    to: row.recipientEmail,
    from: buyer?.name?.trim() || buyer?.email || translator(locale)("receipts.gift.aFriend"),
    item: itemText(itemOf(row), locale),
    note: row.note,
    phone: row.recipientPhone,
    url: localizedUrl(url, locale),
    expires: formatDate(expiresAt.toISOString(), locale),
    locale,
  });
}

// A queued claim mail (ADR 046) is composed when it is sent: the link is issued then, never stored in the queue.
registerMailComposer("gift", async (facts, now) => {
  const mail = await composeGiftMail(String(facts.giftId), now);
  return typeof mail === "string" ? null : mail;
});

/** Queues a paid gift's claim mail in `tx`, once per send of the gift (its send count names it); returns its key. */
async function queueGiftMail(tx: Tx, gift: { id: string; sendCount: number }, now: Date): Promise<string> {
  const key = `gift:${gift.id}:${gift.sendCount}`;
  await queueMail(tx, { key, kind: "gift", facts: { giftId: gift.id } }, now);
  return key;
}

/** Sends again the claim mail with a new link now (the buyer's or an admin's Resend: she sees the answer). */
export async function sendGift(giftId: string, now = new Date()): Promise<SendOutcome> {
  const mail = await composeGiftMail(giftId, now);
  if (typeof mail === "string") return mail;
  await getMailer().send(mail);
  return "sent";
}

/**
 * Why the buyer may not have a new claim link for this gift now (not hers, in a state that takes none, or the hourly
 * limit that Resend and "link to share" count together), or null when she may. The check counts as one try.
 */
async function refuseBuyersLink(
  buyerId: string,
  giftId: string,
  statuses: readonly string[],
  now: Date,
): Promise<Exclude<SendOutcome, "sent"> | null> {
  const [row] = await selectGifts().where(and(eq(gifts.id, giftId), eq(orders.userId, buyerId)));
  if (!row) return "not-found";
  if (!statuses.includes(row.status)) return "not-sendable";
  const limit = await hitFixedWindow(getDb(), {
    key: `gift-resend:${giftId}`,
    limit: RESENDS_PER_HOUR,
    windowMs: 60 * 60_000,
    now,
  });
  return limit.allowed ? null : "rate-limited";
}

/**
 * The buyer's "link to share" (issue 46, item 23): a new claim link for her own paid or unclaimed gift, shown to her
 * only (never mailed, never in an address), for WhatsApp or a message of her own. Counted with Resend, a few an hour.
 */
export async function shareGiftLinkForBuyer(
  buyerId: string,
  giftId: string,
  now = new Date(),
): Promise<{ url: string } | Exclude<SendOutcome, "sent">> {
  const refused = await refuseBuyersLink(buyerId, giftId, ["unclaimed", "paid"], now);
  if (refused) return refused;
  const issued = await issueClaimLink(giftId, now);
  return typeof issued === "string" ? issued : { url: issued.url };
}

/** After a completion's commit: the claim mail queued with it is sent now (the "mail" job retries a failure). */
export async function deliverCompletedGift(grant: Grant | undefined, now = new Date()): Promise<void> {
  if (grant?.gift?.mailKey) await sendQueuedMailNow(grant.gift.mailKey, now);
}

/**
 * The job: paid gifts whose delivery day has come in Nairobi (or whose mail at completion was never queued), each
 * claim mail queued once and sent now; one that fails is retried by the "mail" job.
 */
export async function sendDueGifts(now = new Date(), limit = 50) {
  const due = await getDb()
    .select({ id: gifts.id, sendCount: gifts.sendCount })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .where(
      and(
        eq(gifts.status, "paid"),
        inArray(orders.status, [...PAID]),
        or(isNull(gifts.deliverOn), lte(gifts.deliverOn, nairobiToday(now))),
      ),
    )
    .orderBy(gifts.createdAt)
    .limit(limit);
  let sent = 0;
  let failed = 0;
  for (const gift of due) {
    try {
      const key = await getDb().transaction((tx) => queueGiftMail(tx, gift, now));
      const outcome = await sendQueuedMailNow(key, now);
      if (outcome === "sent") sent++;
      else if (outcome === "retrying" || outcome === "failed") failed++;
    } catch (error) {
      failed++;
      console.error(`Gift ${gift.id}: claim mail not queued`, error);
    }
  }
  return { sent, failed };
}

/** The buyer's Resend: her own unclaimed gift, a few times an hour. */
export async function resendGiftForBuyer(buyerId: string, giftId: string, now = new Date()): Promise<SendOutcome> {
  const refused = await refuseBuyersLink(buyerId, giftId, ["unclaimed"], now);
  return refused ?? sendGift(giftId, now);
}

/** An admin's Resend (the admin screen): any unclaimed gift whose payment stands. */
export async function resendGiftForAdmin(_admin: AdminViewer, giftId: string, now = new Date()) {
  const [row] = await selectGifts().where(eq(gifts.id, giftId));
  if (!row) return "not-found" as const;
  if (row.status !== "unclaimed") return "not-sendable" as const;
  return sendGift(giftId, now);
}

export interface GiftListItem {
  id: string;
  orderId: string;
  status: GiftStatus;
  statusLabel: string;
  recipientEmail: string;
  item: string;
  /** What the gift is, as facts (a Swahili page says it in its own words, issue 50). */
  itemFacts: { kind: "plan" | "ebook"; name: string; period: PlanPeriod | null };
  deliverOn: string | null;
  sentAt: string | null;
  claimedAt: string | null;
  createdAt: string;
}

function listItem(row: GiftRow): GiftListItem {
  return {
    id: row.id,
    orderId: row.orderId,
    status: row.status,
    statusLabel: GIFT_STATUS_LABELS[row.status],
    recipientEmail: row.recipientEmail,
    item: itemText(itemOf(row)),
    itemFacts: (({ kind, name, period }) => ({ kind, name, period }))(itemOf(row)),
    deliverOn: row.deliverOn,
    sentAt: row.sentAt?.toISOString() ?? null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The buyer's gifts (her library): paid ones and after, newest first. */
export async function giftsOfBuyer(buyerId: string): Promise<GiftListItem[]> {
  const rows = await selectGifts()
    .where(and(eq(orders.userId, buyerId), sql`${gifts.status} <> 'awaiting_payment'`))
    .orderBy(desc(gifts.createdAt))
    .limit(100);
  return rows.map((row) => listItem(row));
}

export interface AdminGiftListItem extends GiftListItem {
  buyerEmail: string;
  orderReference: string;
  refundable: boolean;
}

/** The admin's gifts screen: every paid gift, optionally one status, newest first. */
export async function listGiftsForAdmin(
  _admin: AdminViewer,
  status: GiftStatus | null = null,
  limit = 200,
): Promise<AdminGiftListItem[]> {
  const rows = await getDb()
    .select({ ...giftColumns, buyerEmail: users.email, reference: orders.merchantReference })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .innerJoin(users, eq(users.id, orders.userId))
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId))
    .where(status ? eq(gifts.status, status) : sql`${gifts.status} <> 'awaiting_payment'`)
    .orderBy(desc(gifts.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...listItem(row),
    buyerEmail: row.buyerEmail,
    orderReference: row.reference,
    refundable: (row.status === "paid" || row.status === "unclaimed") && row.orderStatus === "completed",
  }));
}

/** The gift behind an admin's refund, checked unclaimed (the refund itself goes through refunds.server.ts). */
export async function unclaimedGiftOrder(_admin: AdminViewer, giftId: string): Promise<string | null> {
  const [row] = await selectGifts().where(eq(gifts.id, giftId));
  return row && (row.status === "paid" || row.status === "unclaimed") ? row.orderId : null;
}

/** What the claim page shows: what the gift is, the note, who sent it. Never the price. */
export type ClaimView =
  | { kind: "invalid" }
  | { kind: "claimed" }
  | {
      kind: "open";
      item: string;
      itemKind: "plan" | "ebook";
      note: string | null;
      from: string;
      expires: string;
    };

async function findByToken(token: string) {
  if (!TOKEN.test(token)) return null;
  const [row] = await selectGifts().where(eq(gifts.tokenHash, hashClaimToken(token)));
  return row ?? null;
}

export async function viewClaim(token: string, now = new Date(), locale: Locale = "en"): Promise<ClaimView> {
  const row = await findByToken(token);
  if (!row) return { kind: "invalid" };
  if (row.status === "claimed") return { kind: "claimed" };
  const [gift] = await getDb().select({ expires: gifts.tokenExpiresAt }).from(gifts).where(eq(gifts.id, row.id));
  if (row.status !== "unclaimed" || !PAID.includes(row.orderStatus) || !gift?.expires || gift.expires <= now) {
    return { kind: "invalid" };
  }
  const [buyer] = await getDb()
    .select({ email: users.email, name: profiles.fullName })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, row.buyerId));
  const item = itemOf(row);
  return {
    kind: "open",
    // The claim page in Swahili (ADR 048): the gift and the date said in her language.
    item: itemText(item, locale),
    itemKind: item.kind,
    note: row.note,
    from: buyer?.name?.trim() || buyer?.email || (locale === "sw" ? translator("sw")("gift.aFriend") : "A friend"),
    expires: formatDate(gift.expires.toISOString(), locale),
  };
}

export type ClaimOutcome =
  | { kind: "claimed"; itemKind: "plan" | "ebook"; ebookId: string | null; startDate?: Date; endDate?: Date | null }
  /** The link names no claimable gift: unknown, replaced by a resend, expired, refunded or reversed. */
  | { kind: "invalid" }
  | { kind: "already-claimed" }
  /** An ebook she already owns: the gift stays unclaimed (the buyer can have it refunded). */
  | { kind: "already-owned" };

/**
 * The recipient's claim. The order row is locked first (the lock a refund or a reversal takes), then the gift: two
 * claims, or a claim and a refund, run one after the other, and only the first claim of a paid gift grants.
 */
export async function claimGift(token: string, userId: string, now = new Date()): Promise<ClaimOutcome> {
  const found = await findByToken(token);
  if (!found) return { kind: "invalid" };
  return getDb().transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for("update");
    const [gift] = await tx.select().from(gifts).where(eq(gifts.id, found.id)).for("update");
    if (gift.status === "claimed") return { kind: "already-claimed" };
    if (
      gift.status !== "unclaimed" ||
      gift.tokenHash !== hashClaimToken(token) ||
      !gift.tokenExpiresAt ||
      gift.tokenExpiresAt <= now ||
      !PAID.includes(order.status)
    ) {
      return { kind: "invalid" };
    }
    let granted: ClaimOutcome;
    if (order.kind === "plan") {
      const [plan] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, order.planId!));
      // CASE: she has a plan running -> the gift's period is queued after it (startSubscription), no day is lost.
      const subscription = await startSubscription(tx, {
        userId,
        planId: plan.id,
        orderId: order.id,
        endDate: (start) => addPlanPeriod(start, plan),
        now,
      });
      granted = {
        kind: "claimed",
        itemKind: "plan",
        ebookId: null,
        startDate: subscription.startDate,
        endDate: subscription.endDate,
      };
    } else {
      const inserted = await tx
        .insert(ebookPurchases)
        .values({ userId, ebookId: order.ebookId!, orderId: order.id, pricePaidCents: null, createdAt: now })
        .onConflictDoUpdate({
          target: [ebookPurchases.userId, ebookPurchases.ebookId],
          set: { orderId: order.id, pricePaidCents: null, revokedAt: null, createdAt: now },
          setWhere: sql`${ebookPurchases.revokedAt} is not null`,
        })
        .returning({ id: ebookPurchases.id });
      if (inserted.length === 0) return { kind: "already-owned" };
      granted = { kind: "claimed", itemKind: "ebook", ebookId: order.ebookId };
    }
    await tx
      .update(gifts)
      // The link's hash stays: the link, used again, answers "already claimed" (and claims nothing).
      .set({ status: "claimed", claimedBy: userId, claimedAt: now, updatedAt: now })
      .where(eq(gifts.id, gift.id));
    return granted;
  });
}

/** For the receipt: the recipient of a gift order, or null when the order is not a gift. */
export async function giftRecipientOf(orderId: string): Promise<string | null> {
  const [row] = await getDb().select({ email: gifts.recipientEmail }).from(gifts).where(eq(gifts.orderId, orderId));
  return row?.email ?? null;
}

/** Statuses of an order that did not go through: "Try again" may start a new one with the same gift. */
const RETRYABLE: OrderStatus[] = ["failed", "cancelled", "abandoned", "reversed", "refunded"];

/**
 * The gift details of her own order that did not go through (issue 46, item 15), to fill the gift checkout again:
 * the recipient, phone, note and date come from the order's gift row, never from the address. Null for another
 * buyer's order, an order that went through, or a reference that names no gift.
 */
export async function giftDetailsForRetry(
  buyerId: string,
  merchantReference: string,
): Promise<{
  recipientEmail: string;
  recipientPhone: string | null;
  note: string | null;
  deliverOn: string | null;
} | null> {
  const [row] = await getDb()
    .select({
      recipientEmail: gifts.recipientEmail,
      recipientPhone: gifts.recipientPhone,
      note: gifts.note,
      deliverOn: gifts.deliverOn,
    })
    .from(gifts)
    .innerJoin(orders, eq(orders.id, gifts.orderId))
    .where(
      and(
        eq(orders.merchantReference, merchantReference),
        eq(orders.userId, buyerId),
        inArray(orders.status, RETRYABLE),
      ),
    );
  return row ?? null;
}
