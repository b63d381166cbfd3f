// M-Pesa direct (ADR 043): what happens between "Pay with M-Pesa" and the grant. Her number is asked once on our page,
// the prompt (STK push) is sent, the "check your phone" page asks about it every 5 s, Daraja's callback and the STK
// query both settle it, and a Paybill payment by hand (C2B confirmation) or a pasted M-Pesa code (checked with
// transaction status) pays the order by its account number. Every answer reaches the order through
// applyVerifiedReport (payment-verification.server.ts), with the order row locked, so one payment grants once and
// the amount is compared with the order first. Every call and callback is kept in mpesa_events for the admin.
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { translator } from "~/lib/i18n/i18n";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  userSubscriptions,
  ebooks,
  mpesaEvents,
  mpesaPushes,
  mpesaReceivedPayments,
  orders,
  payments,
  profiles,
  subscriptionPlans,
} from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { isId } from "~/lib/ids";
import { giftRecipientOf } from "~/modules/membership/gifts.server";
import { itemWordsOf, wordsOf, type Sentence } from "~/modules/membership/purchase-kind-words";
import { formatKesCents } from "~/modules/pricing/money";
import type { OrderStatus } from "~/modules/orders/order-transitions";
import { isDarajaError, readAsyncResult, readStkCallback, c2bSchema, type AsyncResult } from "./daraja/client.server";
import { addMpesaCodeToReceiptSms } from "~/modules/sms/sms-queue.server";
import { callbackToken, DARAJA_PATHS, darajaUrl, getDaraja, paybillDetails } from "./daraja-gateway.server";
import { darajaReport, recordMpesaEvent, settlePush } from "./daraja-provider.server";
import { applyVerifiedReport, verifyPayment } from "./payment-verification.server";
import { checkSoon } from "./order-rechecks.server";
import { retryPathOf } from "./retry-path";
import { recordReversalResult } from "./refunds.server";
import { normalizeMpesaCode, normalizeMpesaPhone, PHONE_MESSAGE } from "./mpesa-phone";
import { paymentStands } from "~/modules/membership/membership-state";

/** How long the page waits for her answer on the phone before it says so (the prompt lives 60 to 90 s). */
export const PROMPT_WAIT_MS = 90_000;
/** The page refreshes this often while it waits; a push is queried at most this often. */
export const CHECK_EVERY_MS = 5_000;

export const MPESA_ERRORS = defineErrors({
  MPESA_PHONE_INVALID: { status: 400, title: "Check the number", message: PHONE_MESSAGE },
  MPESA_PROMPT_FAILED: {
    status: 503,
    title: "The prompt was not sent",
    message: "M-Pesa could not send the prompt just now. Try again in a minute, or pay by Paybill below.",
  },
  MPESA_ORDER_CLOSED: {
    status: 409,
    title: "Nothing to pay",
    message: "This order is no longer waiting for a payment.",
  },
  MPESA_CODE_INVALID: {
    status: 400,
    title: "Check the code",
    message: "Paste the M-Pesa confirmation code from your SMS: ten letters and digits, like TK4AB1CD2E.",
  },
  MPESA_CODE_UNAVAILABLE: {
    status: 503,
    title: "We could not check the code",
    message: "M-Pesa could not be asked about the code just now. Try again in a few minutes.",
  },
  MPESA_PAYMENT_NOT_FOUND: { status: 404, title: "Not done", message: "This payment does not exist." },
  MPESA_PAYMENT_SETTLED: { status: 409, title: "Not done", message: "This payment was already dealt with." },
  MPESA_MATCH_REFUSED: { status: 409, title: "Not matched", message: "That order cannot take this payment." },
});

type Order = typeof orders.$inferSelect;
const OPEN: OrderStatus[] = ["pending", "failed", "abandoned"];

async function ownOrder(orderId: string, userId: string): Promise<Order | null> {
  if (!isId(orderId)) return null;
  const [order] = await getDb()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), eq(orders.gateway, "daraja")));
  return order ?? null;
}

export type PayPageState =
  /** Her number has not been asked yet (or she wants to change it). */
  | { kind: "ask" }
  /** A prompt is on her phone; the page checks again in 5 s. */
  | { kind: "waiting"; phone: string; secondsLeft: number }
  /** The last prompt ended without a payment (its result code), or was not answered within 90 s (code null). */
  | { kind: "outcome"; resultCode: number | null; phone: string }
  | { kind: "paid" };

export interface PayPage {
  orderId: string;
  /** A gift (ADR 038): the recipient's address; the paid page says where to follow it. */
  giftFor: string | null;
  item: string;
  amount: string;
  accountNumber: string;
  businessNumber: string;
  businessName: string;
  till: boolean;
  savedPhone: string | null;
  state: PayPageState;
  /** The last pasted code being checked, while transaction status has not answered. */
  codeChecking: string | null;
  /** The last pasted code M-Pesa did not confirm as this order's payment. */
  codeRefused: string | null;
  /** The same checkout again (to pay by card, or start over). */
  retryPath: string;
  kind: "plan" | "ebook";
  ebookId: string | null;
  /** A paid plan's end, for the success message. */
  paidUntil: string | null;
  /** What next once paid, in the words of the order's kind (components/commerce/sentence.tsx renders it). */
  paidNext: Sentence;
  /** The M-Pesa confirmation code of the payment, once known. */
  mpesaCode: string | null;
}

type Push = typeof mpesaPushes.$inferSelect;

/** The "check your phone" page for her own M-Pesa direct order; null for anyone else's or an unknown one. */
export async function loadPayPage(input: {
  orderId: string;
  userId: string;
  now?: Date;
  /** The page's language: the item and what comes next are said in it (issue 50). */
  locale?: Locale;
}): Promise<PayPage | null> {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const now = input.now ?? new Date();
  const own = await ownOrder(input.orderId, input.userId);
  if (!own) return null;
  const { order, latest } = await queryPromptWhenDue(own, input.userId, now);
  const db = getDb();
  const item = await orderItem(order.id);
  const [profile] = await db.select({ phone: profiles.mpesaPhone }).from(profiles).where(eq(profiles.id, input.userId));
  const checking = await pastedCodeOfLastMinute(order.id, now);
  const state = payPageState(order, latest, now);
  const details = paybillDetails();
  // A gift (ADR 038): the buyer is told it is paid and where to follow it, never that she can read it.
  const giftFor = await giftRecipientOf(order.id);
  const words = wordsOf({ ...order, giftFor }, locale);
  const paid = await paidDetails(order, state, words.showsPeriod);
  return {
    mpesaCode: paid.mpesaCode,
    giftFor,
    retryPath: retryPathOf(order, item?.slug ?? null, giftFor !== null),
    kind: order.kind,
    ebookId: order.ebookId,
    paidUntil: paid.paidUntil,
    paidNext: words.paidNext({ giftFor, ebookId: order.ebookId, paidUntil: paid.paidUntil }, "mpesa"),
    orderId: order.id,
    item: (item && itemWordsOf(order, locale).payText(item)) ?? translator(locale)("mpesa.yourOrder"),
    amount: formatKesCents(order.amountCents),
    accountNumber: order.mpesaAccount ?? "",
    businessNumber: details.businessNumber,
    businessName: details.businessName,
    till: details.till,
    savedPhone: profile?.phone ?? null,
    state,
    ...(await codeState(order.id, state.kind === "paid" ? undefined : checking)),
  };
}

/**
 * The order and its latest prompt, after asking Daraja about the prompt when it is due. While she answers: at most
 * one STK query per 5 s, from the first refresh on (the callback usually wins).
 */
async function queryPromptWhenDue(
  order: Order,
  userId: string,
  now: Date,
): Promise<{ order: Order; latest: Push | undefined }> {
  const db = getDb();
  const [latest] = await db
    .select()
    .from(mpesaPushes)
    .where(eq(mpesaPushes.orderId, order.id))
    .orderBy(desc(mpesaPushes.createdAt))
    .limit(1);
  if (!latest || latest.resultCode !== null || !OPEN.includes(order.status)) return { order, latest };
  const [lastQuery] = await db
    .select({ at: mpesaEvents.createdAt })
    .from(mpesaEvents)
    .where(and(eq(mpesaEvents.reference, latest.checkoutRequestId), eq(mpesaEvents.kind, "query")))
    .orderBy(desc(mpesaEvents.createdAt))
    .limit(1);
  const due = now.getTime() - latest.createdAt.getTime() >= 3_000;
  const notJustAsked = !lastQuery || now.getTime() - lastQuery.at.getTime() >= CHECK_EVERY_MS - 500;
  if (!due || !notJustAsked) return { order, latest };
  await verifyPayment({ trackingId: latest.checkoutRequestId, source: "callback", ownerId: userId, now });
  const [fresh] = await db.select().from(orders).where(eq(orders.id, order.id));
  const [freshPush] = await db.select().from(mpesaPushes).where(eq(mpesaPushes.id, latest.id));
  return { order: fresh!, latest: freshPush };
}

/** What the order buys: a plan (its name and period) or an e-book (its title). */
async function orderItem(orderId: string) {
  const [item] = await getDb()
    .select({
      slug: subscriptionPlans.slug,
      planName: subscriptionPlans.name,
      periodUnit: subscriptionPlans.periodUnit,
      periodCount: subscriptionPlans.periodCount,
      ebookTitle: ebooks.title,
    })
    .from(orders)
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, orders.planId))
    .leftJoin(ebooks, eq(ebooks.id, orders.ebookId))
    .where(eq(orders.id, orderId));
  return item;
}

/** The code she pasted on this order in the last minute, if any. */
async function pastedCodeOfLastMinute(orderId: string, now: Date) {
  const [checking] = await getDb()
    .select({ reference: mpesaEvents.reference, at: mpesaEvents.createdAt })
    .from(mpesaEvents)
    .where(
      and(
        eq(mpesaEvents.orderId, orderId),
        eq(mpesaEvents.kind, "code"),
        gt(mpesaEvents.createdAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .orderBy(desc(mpesaEvents.createdAt))
    .limit(1);
  return checking;
}

function payPageState(order: Order, latest: Push | undefined, now: Date): PayPageState {
  if (paymentStands(order.status)) return { kind: "paid" };
  if (!latest) return { kind: "ask" };
  if (latest.resultCode !== null) return { kind: "outcome", resultCode: latest.resultCode, phone: latest.phone };
  const left = PROMPT_WAIT_MS - (now.getTime() - latest.createdAt.getTime());
  return left > 0
    ? { kind: "waiting", phone: latest.phone, secondsLeft: Math.ceil(left / 1000) }
    : { kind: "outcome", resultCode: null, phone: latest.phone };
}

/** Once paid: her plan's new end (when the kind gave her a period) and the M-Pesa code that paid it, when known. */
async function paidDetails(order: Order, state: PayPageState, showsPeriod: boolean) {
  if (state.kind !== "paid") return { paidUntil: null, mpesaCode: null };
  const db = getDb();
  const [subscription] = showsPeriod
    ? await db
        .select({ end: userSubscriptions.endDate })
        .from(userSubscriptions)
        .where(eq(userSubscriptions.orderId, order.id))
    : [];
  const [paidWith] = await db
    .select({ code: payments.confirmationCode })
    .from(payments)
    .where(and(eq(payments.orderId, order.id), isNotNull(payments.confirmationCode)))
    .orderBy(desc(payments.verifiedAt))
    .limit(1);
  return { paidUntil: subscription?.end?.toISOString() ?? null, mpesaCode: paidWith?.code ?? null };
}

/** Whether the code she pasted in the last minute is still being checked, or was answered without paying the order. */
async function codeState(orderId: string, pasted: { reference: string | null; at: Date } | undefined) {
  if (!pasted?.reference) return { codeChecking: null, codeRefused: null };
  const [answer] = await getDb()
    .select({ id: mpesaEvents.id })
    .from(mpesaEvents)
    .where(
      and(
        eq(mpesaEvents.orderId, orderId),
        eq(mpesaEvents.kind, "status"),
        eq(mpesaEvents.reference, pasted.reference),
        gt(mpesaEvents.createdAt, new Date(pasted.at.getTime() - 1)),
      ),
    )
    .limit(1);
  return answer
    ? { codeChecking: null, codeRefused: pasted.reference }
    : { codeChecking: pasted.reference, codeRefused: null };
}

/**
 * Sends the prompt to her number (first time or Resend). The number is checked first; it is remembered on her
 * profile only when she asked, and the SMS receipt number kept on the order only when she ticked it.
 */
export async function sendPrompt(input: {
  orderId: string;
  userId: string;
  phone: string;
  remember: boolean;
  smsReceipt: boolean;
  now?: Date;
}): Promise<{ checkoutRequestId: string }> {
  const phone = normalizeMpesaPhone(input.phone);
  if (!phone) throw new AppError(MPESA_ERRORS.MPESA_PHONE_INVALID);
  const order = await ownOrder(input.orderId, input.userId);
  if (!order) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND);
  if (!OPEN.includes(order.status)) throw new AppError(MPESA_ERRORS.MPESA_ORDER_CLOSED);
  const db = getDb();
  await db
    .update(profiles)
    .set({ mpesaPhone: input.remember ? phone : null, updatedAt: new Date() })
    .where(eq(profiles.id, input.userId));
  let accepted;
  try {
    accepted = await (
      await getDaraja()
    ).stkPush({
      phone,
      amountCents: order.amountCents,
      accountReference: order.mpesaAccount ?? order.merchantReference.slice(-12),
      description: "Nuru",
      callbackUrl: darajaUrl(DARAJA_PATHS.stkCallback),
    });
  } catch (error) {
    await recordMpesaEvent({
      orderId: order.id,
      kind: "push",
      summary: `prompt refused: ${isDarajaError(error) ? `${error.code} ${error.message}` : String(error)}`,
    });
    throw new AppError(MPESA_ERRORS.MPESA_PROMPT_FAILED);
  }
  const now = input.now ?? new Date();
  await db.transaction(async (tx) => {
    await tx.insert(mpesaPushes).values({
      orderId: order.id,
      checkoutRequestId: accepted.checkoutRequestId,
      merchantRequestId: accepted.merchantRequestId,
      phone,
      amountCents: Math.ceil(order.amountCents / 100) * 100,
      createdAt: now,
    });
    await tx.insert(mpesaEvents).values({
      orderId: order.id,
      kind: "push",
      reference: accepted.checkoutRequestId,
      summary: `prompt sent for ${formatKesCents(order.amountCents)} (${accepted.customerMessage})`,
      raw: accepted,
      createdAt: now,
    });
    // The re-check jobs ask about the newest prompt (ADR 027); her receipt number only when she asked for one.
    await tx
      .update(orders)
      .set({
        gatewayTrackingId: accepted.checkoutRequestId,
        receiptPhone: input.smsReceipt ? phone : order.receiptPhone,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id));
  });
  await checkSoon(order.id, now);
  return { checkoutRequestId: accepted.checkoutRequestId };
}

/** A callback URL's token, compared in constant time. */
export function callbackTokenValid(token: string | null): boolean {
  const expected = callbackToken();
  if (!token || token.length !== expected.length) return false;
  let diff = 0;
  for (let i = 0; i < token.length; i++) diff |= token.charCodeAt(i) ^ expected.charCodeAt(i);
  return diff === 0;
}

/**
 * Daraja's STK callback. Idempotent: the first answer for a prompt settles it and is applied to the order; a
 * duplicate only adds the receipt a query-settled prompt lacked. Unknown prompts are acknowledged and ignored.
 */
export async function handleStkCallback(body: unknown, now = new Date()): Promise<{ outcome: string }> {
  const result = readStkCallback(body);
  if (!result) return { outcome: "unreadable" };
  const db = getDb();
  const [push] = await db.select().from(mpesaPushes).where(eq(mpesaPushes.checkoutRequestId, result.checkoutRequestId));
  if (!push) return { outcome: "unknown prompt" };
  const summary = `callback: result ${result.resultCode} ${result.resultDesc}${result.receipt ? `, receipt ${result.receipt}` : ""}${
    result.amountCents !== null ? `, ${formatKesCents(result.amountCents)}` : ""
  }`;
  await recordMpesaEvent({
    orderId: push.orderId,
    kind: "callback",
    reference: push.checkoutRequestId,
    summary,
    raw: body as object,
    createdAt: now,
  });
  const first = await settlePush(push.checkoutRequestId, { ...result }, now);
  if (!first) {
    // CASE: the query settled it before this callback (late callback) -> keep its receipt on the push and payment.
    if (result.resultCode === 0 && result.receipt && !push.receipt) {
      await db.update(mpesaPushes).set({ receipt: result.receipt }).where(eq(mpesaPushes.id, push.id));
      await db.execute(
        sql`update payments set confirmation_code = ${result.receipt} where order_id = ${push.orderId} and gateway_tracking_id = ${push.checkoutRequestId} and confirmation_code is null`,
      );
      // Her SMS receipt waited for this code (it was granted on the query's word): it goes now, with the code.
      await addMpesaCodeToReceiptSms(push.orderId, result.receipt, now);
      return { outcome: "receipt added" };
    }
    return { outcome: "duplicate" };
  }
  const [order] = await db.select().from(orders).where(eq(orders.id, push.orderId));
  const report = darajaReport(order, {
    statusCode: result.resultCode === 0 ? 1 : 2,
    // The amount M-Pesa says was paid (compared with the order before any grant); on failures, the prompt's.
    amountCents: result.amountCents ?? push.amountCents,
    receipt: result.receipt,
    phone: result.phone ?? push.phone,
    description: result.resultDesc,
    trackingId: push.checkoutRequestId,
  });
  const applied = await applyVerifiedReport(
    order.id,
    order.gatewayTrackingId ?? push.checkoutRequestId,
    report,
    "callback",
    now,
  );
  return { outcome: applied.kind === "checked" ? applied.status : applied.kind };
}

/**
 * Validation of a Paybill payment before M-Pesa takes it (only when Safaricom enabled it for the shortcode). We
 * accept every payment: one with a wrong account number or amount is held for the admin (match or reverse), which
 * is kinder than M-Pesa refusing her with a bare error.
 */
export function answerC2bValidation(): { ResultCode: string; ResultDesc: string } {
  return { ResultCode: "0", ResultDesc: "Accepted" };
}

/**
 * A Paybill/Till payment by hand. Matched to an order by its account number (case and spaces ignored) and amount;
 * anything else is held as unmatched, never granted. Idempotent by the M-Pesa receipt.
 */
/** Why a payment of `amountCents` cannot pay `order` (held as unmatched), or null when it pays it. */
function paymentMismatch(
  order: Pick<typeof orders.$inferSelect, "amountCents" | "status">,
  amountCents: number,
  paid: string,
): string | null {
  if (order.amountCents !== amountCents)
    return `${paid} ${formatKesCents(amountCents)}, the order is ${formatKesCents(order.amountCents)}`;
  return OPEN.includes(order.status) ? null : `the order is already ${order.status}`;
}

export async function handleC2bConfirmation(body: unknown, now = new Date()): Promise<{ outcome: string }> {
  const parsed = c2bSchema.safeParse(body);
  if (!parsed.success) return { outcome: "unreadable" };
  const payment = parsed.data;
  const amountCents = Math.round(payment.TransAmount * 100);
  const account = payment.BillRefNumber.replace(/\s+/g, "").toUpperCase();
  const db = getDb();
  const [order] = account ? await db.select().from(orders).where(eq(orders.mpesaAccount, account)) : [];
  const problem = !account
    ? "no account number"
    : !order
      ? `account number ${payment.BillRefNumber} names no order`
      : paymentMismatch(order, amountCents, "paid");
  const inserted = await db
    .insert(mpesaReceivedPayments)
    .values({
      receipt: payment.TransID,
      accountNumber: payment.BillRefNumber,
      amountCents,
      payerPhone: payment.MSISDN || null,
      payerName: payment.FirstName || null,
      orderId: problem ? (order?.id ?? null) : order!.id,
      status: problem ? "unmatched" : "matched",
      note: problem,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mpesaReceivedPayments.id });
  await recordMpesaEvent({
    orderId: order?.id ?? null,
    kind: "confirmation",
    reference: payment.TransID,
    summary: `Paybill ${formatKesCents(amountCents)} from ${payment.MSISDN || "unknown"}, account "${payment.BillRefNumber}"${
      inserted.length === 0 ? " (again: already recorded)" : problem ? `: held, ${problem}` : ""
    }`,
    raw: payment,
    createdAt: now,
  });
  if (inserted.length === 0) return { outcome: "duplicate" };
  if (problem) return { outcome: "unmatched" };
  return grantFromReceivedPayment(order!, payment.TransID, amountCents, payment.MSISDN, now);
}

async function grantFromReceivedPayment(
  order: Order,
  receipt: string,
  amountCents: number,
  phone: string | null,
  now: Date,
) {
  const report = darajaReport(order, {
    statusCode: 1,
    amountCents,
    receipt,
    phone,
    description: "paid by Paybill",
    trackingId: receipt,
  });
  const applied = await applyVerifiedReport(order.id, order.gatewayTrackingId ?? receipt, report, "callback", now);
  return { outcome: applied.kind === "checked" ? applied.status : applied.kind };
}

/**
 * She pasted an M-Pesa code: transaction status is asked (its answer comes to our result URL, then this order is
 * paid if the code is a completed payment to our shortcode of this order's amount that nobody has used yet).
 */
export async function checkPastedCode(input: {
  orderId: string;
  userId: string;
  code: string;
}): Promise<{ code: string }> {
  const code = normalizeMpesaCode(input.code);
  if (!code) throw new AppError(MPESA_ERRORS.MPESA_CODE_INVALID);
  const order = await ownOrder(input.orderId, input.userId);
  if (!order) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND);
  if (!OPEN.includes(order.status)) throw new AppError(MPESA_ERRORS.MPESA_ORDER_CLOSED);
  try {
    const accepted = await (
      await getDaraja()
    ).transactionStatus({
      receipt: code,
      resultUrl: darajaUrl(DARAJA_PATHS.result, { order: order.id, kind: "status" }),
      timeoutUrl: darajaUrl(DARAJA_PATHS.timeout, { order: order.id }),
    });
    await recordMpesaEvent({
      orderId: order.id,
      kind: "code",
      reference: code,
      summary: `she pasted ${code}; transaction status asked`,
      raw: accepted,
    });
  } catch (error) {
    await recordMpesaEvent({
      orderId: order.id,
      kind: "code",
      reference: code,
      summary: `she pasted ${code}; transaction status failed: ${String(error)}`,
    });
    throw new AppError(MPESA_ERRORS.MPESA_CODE_UNAVAILABLE);
  }
  return { code };
}

/** A transaction-status or reversal result (asynchronous, to our result URL). */
export async function handleAsyncResult(
  body: unknown,
  query: { order: string | null; kind: string | null; payment: string | null; refund?: string | null },
  now = new Date(),
) {
  const result = readAsyncResult(body);
  if (!result) return { outcome: "unreadable" };
  if (query.kind === "reversal" && query.payment && isId(query.payment)) {
    return receivedPaymentReversalResult(query.payment, result, body, now);
  }
  if (query.kind === "refund" && query.refund) {
    await recordMpesaEvent({
      orderId: null,
      kind: "reversal",
      reference: result.transactionId || null,
      summary: `refund reversal result ${result.resultCode}: ${result.resultDesc}`,
      raw: body as object,
      createdAt: now,
    });
    const outcome = await recordReversalResult(query.refund, result, now);
    return { outcome: outcome?.kind ?? "already settled" };
  }
  if (query.kind === "refund-check" && query.refund) return refundCheckResult(query.refund, result, body, now);
  if (query.kind !== "status" || !query.order || !isId(query.order)) return { outcome: "ignored" };
  return pastedCodeStatusResult(query.order, result, body, now);
}

/** The reversal of a received payment nobody's order could take: reversed, or held again with M-Pesa's reason. */
async function receivedPaymentReversalResult(paymentId: string, result: AsyncResult, body: unknown, now: Date) {
  const db = getDb();
  const [received] = await db.select().from(mpesaReceivedPayments).where(eq(mpesaReceivedPayments.id, paymentId));
  if (!received) return { outcome: "unknown payment" };
  await recordMpesaEvent({
    orderId: received.orderId,
    kind: "reversal",
    reference: received.receipt,
    summary: `reversal result ${result.resultCode}: ${result.resultDesc}`,
    raw: body as object,
    createdAt: now,
  });
  if (result.resultCode !== 0) {
    await db
      .update(mpesaReceivedPayments)
      .set({ status: "unmatched", note: `reversal refused: ${result.resultDesc}` })
      .where(and(eq(mpesaReceivedPayments.id, received.id), eq(mpesaReceivedPayments.status, "reversal_requested")));
    return { outcome: "reversal refused" };
  }
  await db
    .update(mpesaReceivedPayments)
    .set({ status: "reversed", resolvedAt: now })
    .where(eq(mpesaReceivedPayments.id, received.id));
  return { outcome: "reversed" };
}

/**
 * The transaction status asked for a code she pasted on an order: a completed payment to us, used by nothing else,
 * is received for the order (or claimed from the held Paybill payments) and grants it when its amount fits.
 */
async function pastedCodeStatusResult(orderId: string, result: AsyncResult, body: unknown, now: Date) {
  const db = getDb();
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return { outcome: "unknown order" };
  const p = result.parameters;
  const receipt = p.ReceiptNo || result.transactionId;
  const amountCents = Math.round(Number(p.Amount) * 100);
  const ours = (p.CreditPartyName ?? "").startsWith(paybillDetails().businessNumber);
  const summary = `transaction status for ${receipt}: result ${result.resultCode} ${result.resultDesc}${p.TransactionStatus ? `, ${p.TransactionStatus}` : ""}${
    Number.isFinite(amountCents) && amountCents > 0 ? `, ${formatKesCents(amountCents)}` : ""
  }`;
  await recordMpesaEvent({
    orderId: order.id,
    kind: "status",
    reference: receipt,
    summary,
    raw: body as object,
    createdAt: now,
  });
  if (result.resultCode !== 0 || p.TransactionStatus !== "Completed" || !ours || !(amountCents > 0))
    return { outcome: "not a payment to us" };
  // The code must not be one that already paid anything (a prompt of any order, or a Paybill payment).
  const [usedByPush] = await db
    .select({ orderId: mpesaPushes.orderId })
    .from(mpesaPushes)
    .where(eq(mpesaPushes.receipt, receipt));
  if (usedByPush) return { outcome: usedByPush.orderId === order.id ? "already counted" : "used by another order" };
  const taken = await receivePastedCodePayment(order, receipt, amountCents, p, now);
  if (taken) return { outcome: taken };
  return grantFromReceivedPayment(order, receipt, amountCents, null, now);
}

/**
 * Keeps the payment a pasted code confirmed as received for the order; a payment kept before (a held Paybill payment
 * of this order's amount) is claimed for it. Returns the outcome when the order is not to be granted now.
 */
async function receivePastedCodePayment(
  order: Order,
  receipt: string,
  amountCents: number,
  p: Record<string, string>,
  now: Date,
): Promise<"already counted" | "unmatched" | null> {
  const db = getDb();
  const problem = paymentMismatch(order, amountCents, "pasted code paid");
  const inserted = await db
    .insert(mpesaReceivedPayments)
    .values({
      receipt,
      accountNumber: p.BillReferenceNumber ?? "",
      amountCents,
      payerPhone: (p.DebitPartyName ?? "").split(" - ")[0] || null,
      orderId: order.id,
      status: problem ? "unmatched" : "matched",
      note: problem ? problem : "confirmed by transaction status from a pasted code",
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mpesaReceivedPayments.id });
  if (inserted.length > 0) return problem ? "unmatched" : null;
  // CASE: paid by Paybill with a mistyped account number (held as unmatched), then she pasted its code on this
  // order -> the code is her proof: the held payment pays this order when its amount is this order's.
  if (problem) return "already counted";
  const claimed = await db
    .update(mpesaReceivedPayments)
    .set({
      status: "resolved",
      orderId: order.id,
      resolvedAt: now,
      note: "held Paybill payment claimed with its pasted code",
    })
    .where(
      and(
        eq(mpesaReceivedPayments.receipt, receipt),
        eq(mpesaReceivedPayments.status, "unmatched"),
        eq(mpesaReceivedPayments.amountCents, order.amountCents),
      ),
    )
    .returning({ id: mpesaReceivedPayments.id });
  return claimed.length === 0 ? "already counted" : null;
}

/**
 * The transaction status asked for a refund whose reversal result never came ("Check with M-Pesa"): a payment M-Pesa
 * shows reversed settles the refund as its lost result would have; anything else leaves it unknown, recorded.
 */
async function refundCheckResult(refundId: string, result: AsyncResult, body: unknown, now: Date) {
  const status = result.parameters.TransactionStatus ?? "";
  await recordMpesaEvent({
    orderId: null,
    kind: "status",
    reference: result.parameters.ReceiptNo || result.transactionId || null,
    summary: `refund check: result ${result.resultCode} ${result.resultDesc}${status ? `, ${status}` : ""}`,
    raw: body as object,
    createdAt: now,
  });
  if (result.resultCode !== 0 || status !== "Reversed") return { outcome: "not reversed" };
  const outcome = await recordReversalResult(
    refundId,
    { resultCode: 0, resultDesc: "transaction status shows the payment reversed" },
    now,
  );
  return { outcome: outcome?.kind ?? "already settled" };
}

// The admin's "Needs attention": Paybill payments that paid no order.

export interface UnmatchedMpesaPayment {
  id: string;
  receipt: string;
  accountNumber: string;
  amount: string;
  payerPhone: string | null;
  note: string;
  status: string;
  createdAt: string;
}

export async function listUnmatchedMpesaPayments(_admin: AdminViewer): Promise<UnmatchedMpesaPayment[]> {
  const rows = await getDb()
    .select()
    .from(mpesaReceivedPayments)
    .where(inArray(mpesaReceivedPayments.status, ["unmatched", "reversal_requested"]))
    .orderBy(asc(mpesaReceivedPayments.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    receipt: r.receipt,
    accountNumber: r.accountNumber,
    amount: formatKesCents(r.amountCents),
    payerPhone: r.payerPhone,
    note: r.note ?? "",
    status: r.status,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * An admin matches a held payment to an order (by its account number or reference): granted only when the amount
 * is the order's and the order is still open, through the same locked path as every payment.
 */
export async function matchMpesaPayment(
  admin: AdminViewer,
  input: { paymentId: string; order: string },
  now = new Date(),
) {
  if (!isId(input.paymentId)) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND);
  const db = getDb();
  const [payment] = await db.select().from(mpesaReceivedPayments).where(eq(mpesaReceivedPayments.id, input.paymentId));
  if (!payment) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND);
  if (payment.status !== "unmatched") throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_SETTLED);
  const key = input.order.trim().toUpperCase();
  const [order] = await db
    .select()
    .from(orders)
    .where(sql`${orders.mpesaAccount} = ${key} or ${orders.merchantReference} = ${input.order.trim()}`);
  if (!order || order.amountCents !== payment.amountCents || !OPEN.includes(order.status)) {
    throw new AppError(
      MPESA_ERRORS.MPESA_MATCH_REFUSED,
      !order
        ? "No order has that account number or reference."
        : order.amountCents !== payment.amountCents
          ? `That order is ${formatKesCents(order.amountCents)}; this payment is ${formatKesCents(payment.amountCents)}. Refund it by reversal instead.`
          : `That order is already ${order.status}.`,
    );
  }
  const updated = await db
    .update(mpesaReceivedPayments)
    .set({
      status: "resolved",
      orderId: order.id,
      resolvedAt: now,
      note: `${payment.note ?? ""}; matched by admin ${admin.user.id}`,
    })
    .where(and(eq(mpesaReceivedPayments.id, payment.id), eq(mpesaReceivedPayments.status, "unmatched")))
    .returning({ id: mpesaReceivedPayments.id });
  if (updated.length === 0) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_SETTLED);
  await recordMpesaEvent({
    orderId: order.id,
    kind: "confirmation",
    reference: payment.receipt,
    summary: `Paybill ${payment.receipt} matched to this order by an admin`,
  });
  await grantFromReceivedPayment(order, payment.receipt, payment.amountCents, payment.payerPhone, now);
  return { orderId: order.id };
}

/** Refunds a held payment by Daraja's reversal API; its result comes later (handleAsyncResult). */
export async function reverseMpesaPayment(_admin: AdminViewer, paymentId: string) {
  if (!isId(paymentId)) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_NOT_FOUND);
  const db = getDb();
  const [claimed] = await db
    .update(mpesaReceivedPayments)
    .set({ status: "reversal_requested" })
    .where(and(eq(mpesaReceivedPayments.id, paymentId), eq(mpesaReceivedPayments.status, "unmatched")))
    .returning();
  if (!claimed) throw new AppError(MPESA_ERRORS.MPESA_PAYMENT_SETTLED);
  try {
    const accepted = await (
      await getDaraja()
    ).reversal({
      receipt: claimed.receipt,
      amountCents: claimed.amountCents,
      resultUrl: darajaUrl(DARAJA_PATHS.result, { kind: "reversal", payment: claimed.id }),
      timeoutUrl: darajaUrl(DARAJA_PATHS.timeout, { payment: claimed.id }),
      remarks: "Refund",
    });
    await db
      .update(mpesaReceivedPayments)
      .set({ reversalConversationId: accepted.conversationId })
      .where(eq(mpesaReceivedPayments.id, claimed.id));
    await recordMpesaEvent({
      orderId: claimed.orderId,
      kind: "reversal",
      reference: claimed.receipt,
      summary: `reversal of ${formatKesCents(claimed.amountCents)} asked`,
      raw: accepted,
    });
  } catch (error) {
    await db.update(mpesaReceivedPayments).set({ status: "unmatched" }).where(eq(mpesaReceivedPayments.id, claimed.id));
    await recordMpesaEvent({
      orderId: claimed.orderId,
      kind: "reversal",
      reference: claimed.receipt,
      summary: `reversal not sent: ${String(error)}`,
    });
    throw new AppError(
      MPESA_ERRORS.MPESA_CODE_UNAVAILABLE,
      "M-Pesa could not be asked to reverse it just now. Try again later.",
    );
  }
}

// The admin's order page: everything M-Pesa direct said about one order.

export interface MpesaOrderEvidence {
  accountNumber: string | null;
  pushes: {
    checkoutRequestId: string;
    merchantRequestId: string;
    phone: string;
    resultCode: number | null;
    resultDesc: string | null;
    receipt: string | null;
    createdAt: string;
  }[];
  events: { kind: string; reference: string | null; summary: string; createdAt: string }[];
  received: { receipt: string; amount: string; accountNumber: string; status: string; payerPhone: string | null }[];
}

export async function mpesaEvidenceFor(_admin: AdminViewer, orderId: string): Promise<MpesaOrderEvidence | null> {
  if (!isId(orderId)) return null;
  const db = getDb();
  const [order] = await db
    .select({ gateway: orders.gateway, account: orders.mpesaAccount })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order || order.gateway !== "daraja") return null;
  const pushes = await db
    .select()
    .from(mpesaPushes)
    .where(eq(mpesaPushes.orderId, orderId))
    .orderBy(asc(mpesaPushes.createdAt));
  const events = await db
    .select()
    .from(mpesaEvents)
    .where(eq(mpesaEvents.orderId, orderId))
    .orderBy(asc(mpesaEvents.createdAt));
  const received = await db.select().from(mpesaReceivedPayments).where(eq(mpesaReceivedPayments.orderId, orderId));
  return {
    accountNumber: order.account,
    pushes: pushes.map((p) => ({
      checkoutRequestId: p.checkoutRequestId,
      merchantRequestId: p.merchantRequestId,
      phone: p.phone,
      resultCode: p.resultCode,
      resultDesc: p.resultDesc,
      receipt: p.receipt,
      createdAt: p.createdAt.toISOString(),
    })),
    events: events.map((e) => ({
      kind: e.kind,
      reference: e.reference,
      summary: e.summary,
      createdAt: e.createdAt.toISOString(),
    })),
    received: received.map((r) => ({
      receipt: r.receipt,
      amount: formatKesCents(r.amountCents),
      accountNumber: r.accountNumber,
      status: r.status,
      payerPhone: r.payerPhone,
    })),
  };
}

/** Registers our confirmation and validation URLs with Daraja (once per shortcode; `npm run daraja:register`). */
export async function registerC2bUrls(): Promise<void> {
  await (
    await getDaraja()
  ).registerC2bUrls({
    confirmationUrl: darajaUrl(DARAJA_PATHS.confirmation),
    validationUrl: darajaUrl(DARAJA_PATHS.validation),
  });
}
