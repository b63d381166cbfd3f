// Offer codes against the database (ADR 037): find one, price with it, take a slot of it in the transaction that
// makes the order (counted atomically), give the slot back when the order can no longer be paid, and the admin's
// list and edits. The rules themselves are pure, in offer-code-rules.ts.
import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import {
  ebooks,
  offerCodeRedemptions,
  offerCodes,
  orders,
  retentionOffers,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { AppError } from "~/lib/app-error";
import { OFFER_CODE_ADMIN_ERRORS } from "./offer-code-admin-errors";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import { regionalPrice, type RegionalPrice } from "~/modules/pricing/pricing";
import { loadCountryPricing } from "~/modules/pricing/regional-price.server";
import {
  applyOfferCode,
  isCoded,
  offerText,
  normalizeOfferCode,
  OFFER_CODE_MESSAGES,
  refusalFor,
  type CodedItem,
  type CodedPrice,
  type OfferCodeForm,
  type OfferCodeRefusal,
  type OfferCodeTerms,
} from "./offer-code-rules";
import { CHECKOUT_ERRORS } from "./checkout-errors";
import { codeAllowance, formerUses } from "./former-allowances.server";
import { isId } from "~/lib/ids";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
type Reader = Pick<Database, "select">;

type Row = typeof offerCodes.$inferSelect;

function terms(row: Row): OfferCodeTerms {
  return {
    ...row,
    kind: row.kind === "fixed" ? "fixed" : "percent",
    appliesTo: row.appliesTo === "plans" || row.appliesTo === "ebooks" ? row.appliesTo : "all",
  };
}

export async function findOfferCode(
  raw: string | null | undefined,
  db: Reader = getDb(),
): Promise<OfferCodeTerms | null> {
  const code = normalizeOfferCode(raw);
  if (!code) return null;
  const [row] = await db.select().from(offerCodes).where(eq(offerCodes.code, code));
  return row ? terms(row) : null;
}

/**
 * A code refused when its slot is taken: the checkout's OFFER_CODE_REFUSED, in the words of the reason (the normal
 * price stands). On /pricing and the checkout page a refusal is not thrown but shown: quoteWithCode's "refused".
 */
function codeRefused(reason: OfferCodeRefusal): AppError {
  return new AppError(CHECKOUT_ERRORS.OFFER_CODE_REFUSED, OFFER_CODE_MESSAGES[reason]);
}

export type CodeQuote =
  | { kind: "none"; price: RegionalPrice }
  | { kind: "applied"; price: CodedPrice | RegionalPrice; code: OfferCodeTerms }
  | { kind: "refused"; price: RegionalPrice; reason: OfferCodeRefusal; message: string };

/**
 * The price of one item with the code typed or linked, for showing (pricing page, checkout page). The reader's own
 * limit is looked at when she is known; the slot itself is only taken with the order (takeRedemption).
 */
export async function quoteWithCode(input: {
  price: RegionalPrice;
  item: CodedItem;
  code: string | null | undefined;
  userId?: string | null;
  now?: Date;
}): Promise<CodeQuote> {
  if (!input.code || !input.code.trim()) return { kind: "none", price: input.price };
  const now = input.now ?? new Date();
  const code = await findOfferCode(input.code);
  let reason = refusalFor(code, input.item, now);
  if (!reason && code && !(await offeredTo(getDb(), code, input.userId ?? null))) reason = "UNKNOWN";
  if (!reason && code && input.userId && code.perReaderLimit !== null) {
    if ((await heldBy(getDb(), code.id, input.userId)) >= code.perReaderLimit) reason = "READER_LIMIT";
  }
  if (reason || !code) {
    const why = reason ?? "UNKNOWN";
    return { kind: "refused", price: input.price, reason: why, message: OFFER_CODE_MESSAGES[why] };
  }
  return { kind: "applied", price: applyOfferCode(input.price, code), code };
}

/**
 * Whether this reader may redeem the code as far as the retention offer goes: a code that is (or was) the retention
 * offer redeems only for the readers it was offered to (their retention_offers row, written when it was shown);
 * knowing its text is not enough (issue 46, item 3). Any other code: yes.
 */
async function offeredTo(db: Reader, code: Pick<OfferCodeTerms, "id">, userId: string | null): Promise<boolean> {
  const offers = await db
    .select({ userId: retentionOffers.userId })
    .from(retentionOffers)
    .where(eq(retentionOffers.codeId, code.id));
  const [row] = await db
    .select({ isRetentionOffer: offerCodes.isRetentionOffer })
    .from(offerCodes)
    .where(eq(offerCodes.id, code.id));
  if (!row?.isRetentionOffer && offers.length === 0) return true;
  return userId !== null && offers.some((offer) => offer.userId === userId);
}

/** Her uses of the code: slots her account holds, plus what an earlier deleted account with her address used. */
async function heldBy(db: Reader, codeId: string, userId: string): Promise<number> {
  return (await heldByAccount(db, codeId, userId)) + (await formerUses(db, userId, codeAllowance(codeId)));
}

async function heldByAccount(db: Reader, codeId: string, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(offerCodeRedemptions)
    .where(
      and(
        eq(offerCodeRedemptions.codeId, codeId),
        eq(offerCodeRedemptions.userId, userId),
        isNull(offerCodeRedemptions.releasedAt),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Takes one slot of the code for this order, in the transaction that inserts the order: the code row is locked
 * first (so one reader's concurrent checkouts take turns for her own limit), then the count is raised by a
 * conditional UPDATE that matches nothing once the limit is reached. Throws the checkout's OFFER_CODE_REFUSED when no slot is left;
 * the caller's transaction then rolls back, order and all.
 */
export async function takeRedemption(
  tx: Tx,
  input: { codeId: string; userId: string; orderId: string; item: CodedItem; now: Date },
): Promise<void> {
  const [locked] = await tx.select().from(offerCodes).where(eq(offerCodes.id, input.codeId)).for("update");
  // Checked again under the lock: the code may have been switched off or run out since the price was shown.
  const reason = refusalFor(locked ? terms(locked) : null, input.item, input.now);
  if (reason) throw codeRefused(reason);
  if (!(await offeredTo(tx, locked, input.userId))) throw codeRefused("UNKNOWN");
  // A new statement after the lock sees every redemption committed before it (READ COMMITTED).
  if (locked.perReaderLimit !== null && (await heldBy(tx, locked.id, input.userId)) >= locked.perReaderLimit) {
    throw codeRefused("READER_LIMIT");
  }
  const taken = await tx
    .update(offerCodes)
    .set({ redeemedCount: sql`${offerCodes.redeemedCount} + 1` })
    .where(
      and(
        eq(offerCodes.id, locked.id),
        sql`(${offerCodes.totalLimit} is null or ${offerCodes.redeemedCount} < ${offerCodes.totalLimit})`,
      ),
    )
    .returning({ id: offerCodes.id });
  if (taken.length === 0) throw codeRefused("USED_UP");
  await tx
    .insert(offerCodeRedemptions)
    .values({ codeId: locked.id, userId: input.userId, orderId: input.orderId, createdAt: input.now });
}

/**
 * Gives the order's slot back: called when the order can no longer be paid (not submitted to Pesapal; abandoned and
 * cancelled at Pesapal). Once only: the redemption row is marked first and the count lowered only when it was.
 */
export async function releaseRedemption(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const released = await tx
    .update(offerCodeRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(offerCodeRedemptions.orderId, orderId), isNull(offerCodeRedemptions.releasedAt)))
    .returning({ codeId: offerCodeRedemptions.codeId });
  if (released.length === 0) return false;
  await tx
    .update(offerCodes)
    .set({ redeemedCount: sql`${offerCodes.redeemedCount} - 1` })
    .where(eq(offerCodes.id, released[0].codeId));
  return true;
}

/**
 * A released order paid after all (Pesapal lets a buyer pay a FAILED order again): a paid order uses the code, so its
 * slot is taken again, within the code's limit (the database holds redeemed_count <= total_limit). CASE: the slot went
 * to someone else meanwhile -> the payment still stands at the price she was quoted; the code is simply full.
 */
export async function reclaimRedemption(tx: Tx, orderId: string, now: Date): Promise<boolean> {
  const redemptions = await tx
    .select({
      id: offerCodeRedemptions.id,
      codeId: offerCodeRedemptions.codeId,
      releasedAt: offerCodeRedemptions.releasedAt,
    })
    .from(offerCodeRedemptions)
    .where(eq(offerCodeRedemptions.orderId, orderId));
  const released = redemptions.find((r) => r.releasedAt !== null);
  if (!released || redemptions.some((r) => r.releasedAt === null)) return false;
  const taken = await tx
    .update(offerCodes)
    .set({ redeemedCount: sql`${offerCodes.redeemedCount} + 1` })
    .where(
      and(
        eq(offerCodes.id, released.codeId),
        sql`(${offerCodes.totalLimit} is null or ${offerCodes.redeemedCount} < ${offerCodes.totalLimit})`,
      ),
    )
    .returning({ id: offerCodes.id });
  if (taken.length === 0) return false;
  await tx
    .update(offerCodeRedemptions)
    .set({ releasedAt: null, createdAt: now })
    .where(eq(offerCodeRedemptions.id, released.id));
  return true;
}

// --- Admin --------------------------------------------------------------------------------------------------------

export interface AdminOfferCode extends OfferCodeTerms {
  description: string | null;
  isRetentionOffer: boolean;
  /** Redemptions whose order is paid (completed, partly refunded, refunded, reversed). */
  paid: number;
  /** Redemptions holding a slot while their order waits (pending, failed, abandoned not yet cancelled). */
  waiting: number;
}

export async function listOfferCodes(_admin: AdminViewer): Promise<AdminOfferCode[]> {
  const db = getDb();
  const rows = await db.select().from(offerCodes).orderBy(desc(offerCodes.createdAt)).limit(500);
  const counts = await db
    .select({
      codeId: offerCodeRedemptions.codeId,
      paid: sql<number>`count(*) filter (where ${orders.status} in ('completed', 'partially_refunded', 'refunded', 'reversed'))`.mapWith(
        Number,
      ),
      waiting:
        sql<number>`count(*) filter (where ${orders.status} not in ('completed', 'partially_refunded', 'refunded', 'reversed'))`.mapWith(
          Number,
        ),
    })
    .from(offerCodeRedemptions)
    .innerJoin(orders, eq(orders.id, offerCodeRedemptions.orderId))
    .where(isNull(offerCodeRedemptions.releasedAt))
    .groupBy(offerCodeRedemptions.codeId);
  const byCode = new Map(counts.map((c) => [c.codeId, c]));
  return rows.map((row) => ({
    ...terms(row),
    description: row.description,
    isRetentionOffer: row.isRetentionOffer,
    paid: byCode.get(row.id)?.paid ?? 0,
    waiting: byCode.get(row.id)?.waiting ?? 0,
  }));
}

/** Plans and ebooks a code can be limited to, for the admin's form. */
export async function offerCodeTargets(_admin: AdminViewer) {
  const db = getDb();
  const [plans, books] = await Promise.all([
    db
      .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
      .from(subscriptionPlans)
      .orderBy(asc(subscriptionPlans.sortKey)),
    db
      .select({ id: ebooks.id, name: ebooks.title })
      .from(ebooks)
      .where(sql`${ebooks.priceCents} > 0`)
      .orderBy(asc(ebooks.title))
      .limit(200),
  ]);
  return { plans, ebooks: books };
}

/** A saved code; a refusal is thrown as an AppError of OFFER_CODE_ADMIN_ERRORS (offerCodeFieldOf names its field). */
export type SaveOutcome = { ok: true; id: string };

export async function saveOfferCode(
  admin: AdminViewer,
  id: string | null,
  form: OfferCodeForm,
  now = new Date(),
): Promise<{ id: string }> {
  const db = getDb();
  const values = { ...form, updatedAt: now };
  try {
    return await db.transaction(async (tx) => {
      if (id) {
        const [current] = await tx.select().from(offerCodes).where(eq(offerCodes.id, id)).for("update");
        if (!current) throw new AppError(OFFER_CODE_ADMIN_ERRORS.OFFER_CODE_ADMIN_GONE);
        // CASE: lowering the limit below the slots already taken -> refused rather than breaking the count.
        if (form.totalLimit !== null && form.totalLimit < current.redeemedCount) {
          throw new AppError(
            OFFER_CODE_ADMIN_ERRORS.OFFER_CODE_ADMIN_LIMIT_BELOW_USED,
            `${current.redeemedCount} already used or held: the limit cannot be lower.`,
          );
        }
        await tx.update(offerCodes).set(values).where(eq(offerCodes.id, id));
        await recordActivity(tx, admin, {
          action: "update",
          entityType: "offer-code",
          entityId: id,
          summary: `Offer code ${form.code} edited`,
          changes: changedFields(current, form),
        });
        return { id };
      }
      const [row] = await tx
        .insert(offerCodes)
        .values({ ...values, createdAt: now })
        .returning({ id: offerCodes.id });
      await recordActivity(tx, admin, {
        action: "create",
        entityType: "offer-code",
        entityId: row.id,
        summary: `Offer code ${form.code} created`,
      });
      return { ok: true, id: row.id } as const;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(OFFER_CODE_ADMIN_ERRORS.OFFER_CODE_ADMIN_TAKEN);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}

export async function setOfferCodeActive(admin: AdminViewer, id: string, active: boolean, now = new Date()) {
  return getDb().transaction(async (tx) => {
    const updated = await tx
      .update(offerCodes)
      .set({ isActive: active, updatedAt: now })
      .where(eq(offerCodes.id, id))
      .returning({ code: offerCodes.code });
    if (!updated[0]) return null;
    await recordActivity(tx, admin, {
      action: active ? "activate" : "deactivate",
      entityType: "offer-code",
      entityId: id,
      summary: `Offer code ${updated[0].code} ${active ? "switched on" : "switched off"}`,
    });
    return updated[0].code;
  });
}

/** One code for its edit screen, or null. */
export async function getOfferCode(_admin: AdminViewer, id: string): Promise<AdminOfferCode | null> {
  const all = await listOfferCodes(_admin);
  return all.find((c) => c.id === id) ?? null;
}

/** Makes this code the retention offer (null: none). One at a time. */
export async function setRetentionOffer(admin: AdminViewer, id: string | null, now = new Date()) {
  await getDb().transaction(async (tx) => {
    await recordActivity(tx, admin, {
      action: "retention-offer",
      entityType: "offer-code",
      entityId: id,
      summary: id ? "Retention offer chosen" : "Retention offer removed",
    });
    await tx
      .update(offerCodes)
      .set({ isRetentionOffer: false, updatedAt: now })
      .where(eq(offerCodes.isRetentionOffer, true));
    if (id) await tx.update(offerCodes).set({ isRetentionOffer: true, updatedAt: now }).where(eq(offerCodes.id, id));
  });
}

// --- Retention offer ----------------------------------------------------------------------------------------------

/**
 * The retention offer for a reader who just turned card auto-renew off: the admin's chosen code, once per reader
 * ever (the insert of her retention_offers row decides, so two requests at once show it once). Null when there is
 * none, it cannot be used now, or she was offered one before.
 */
export async function offerRetention(
  userId: string,
  item: CodedItem,
  now = new Date(),
): Promise<OfferCodeTerms | null> {
  const db = getDb();
  const [row] = await db.select().from(offerCodes).where(eq(offerCodes.isRetentionOffer, true));
  if (!row) return null;
  const code = terms(row);
  if (refusalFor(code, item, now)) return null;
  if (code.perReaderLimit !== null && (await heldBy(db, code.id, userId)) >= code.perReaderLimit) return null;
  const inserted = await db
    .insert(retentionOffers)
    .values({ userId, codeId: code.id, offeredAt: now })
    .onConflictDoNothing()
    .returning({ userId: retentionOffers.userId });
  return inserted.length > 0 ? code : null;
}

// --- The pricing page's link (/pricing?code=...) ------------------------------------------------------------------

export interface CodedPlanPrices {
  code: string;
  /** '20 % off' when the code applies to at least one plan; null when refused. */
  offer: string | null;
  /** Why it does not apply (the normal prices are shown), or null. */
  refusal: string | null;
  /** Per plan id: the price after the code and before it, for the plans it applies to. */
  prices: Map<string, { label: string; beforeLabel: string }>;
}

/** The plans' prices with a linked code, for the visitor's shown country; null without a code in the link. */
export async function codedPlanPrices(input: {
  code: string | null;
  countryCode: string;
  plans: readonly { id: string; priceCents: number }[];
  userId?: string | null;
  now?: Date;
}): Promise<CodedPlanPrices | null> {
  if (!input.code?.trim()) return null;
  const code = normalizeOfferCode(input.code) ?? input.code.trim().slice(0, 32);
  const pricing = await loadCountryPricing(input.countryCode);
  const prices = new Map<string, { label: string; beforeLabel: string }>();
  let firstRefusal: string | null = null;
  let terms: OfferCodeTerms | null = null;
  for (const plan of input.plans) {
    if (plan.priceCents <= 0) continue;
    const price = regionalPrice({
      baseCents: plan.priceCents,
      countryCode: pricing.countryCode,
      rule: pricing.rule,
      ratePerKes: pricing.ratePerKes,
    });
    const quote = await quoteWithCode({
      price,
      item: { kind: "plan", itemId: plan.id },
      code,
      userId: input.userId,
      now: input.now,
    });
    if (quote.kind === "refused") firstRefusal ??= quote.message;
    if (quote.kind === "applied" && isCoded(quote.price)) {
      terms = quote.code;
      prices.set(plan.id, { label: quote.price.label, beforeLabel: quote.price.offer.beforeLabel });
    }
  }
  return {
    code,
    offer: terms ? offerText(terms) : null,
    refusal: terms ? null : (firstRefusal ?? OFFER_CODE_MESSAGES.NOT_FOR_ITEM),
    prices,
  };
}

/**
 * After a card payer turned auto-renew off for this period: the retention offer for its plan, once (offerRetention),
 * with where to use it (checkout of the same plan with the code). Null when there is none for her.
 */
export async function retentionOfferAfterCancel(
  userId: string,
  subscriptionId: string,
  now = new Date(),
): Promise<{ code: string; offer: string; checkout: string } | null> {
  if (!isId(subscriptionId)) return null;
  const [plan] = await getDb()
    .select({ id: subscriptionPlans.id, slug: subscriptionPlans.slug })
    .from(userSubscriptions)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, userSubscriptions.planId))
    .where(and(eq(userSubscriptions.id, subscriptionId), eq(userSubscriptions.userId, userId)));
  if (!plan) return null;
  const code = await offerRetention(userId, { kind: "plan", itemId: plan.id }, now);
  if (!code) return null;
  return { code: code.code, offer: offerText(code), checkout: `/checkout/plan/${plan.slug}?code=${code.code}` };
}
