// Everything the shop holds about one reader, as one JSON document she downloads from her account (issue 35:
// the right of access, Kenya's Data Protection Act 2019 s. 26). Secrets are left out (password hash, session and
// OAuth tokens): they are not information about her, and a copy of them would open her account to whoever gets it.
import { asc, eq, inArray, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import {
  accounts,
  adminActivity,
  articleComments,
  articles,
  bookmarkChanges,
  bookmarks,
  cardRenewalEvents,
  cardRenewals,
  contentReviews,
  ebookAccessLogs,
  ebookPurchases,
  ebookReadingProgress,
  ebookTextPositions,
  gifts,
  readerTextPreferences,
  ebookStampedCopies,
  mailConsents,
  mailSubscribers,
  mediaAssets,
  mpesaPushes,
  mpesaReceivedPayments,
  offerCodeRedemptions,
  offerCodes,
  orderStatusHistory,
  orders,
  payments,
  profiles,
  refunds,
  retentionOffers,
  sessions,
  smsMessages,
  subscriptionEbookUnlocks,
  subscriptionNotices,
  userSubscriptions,
  users,
} from "~/db/schema";
import { getReceipt } from "~/modules/receipts/receipts.server";

/**
 * Every column that names a person (a foreign key to users, or a *user_id column), as "table.column", and where the
 * export puts it. tests/integration/data-rights.test.ts compares this with the database itself, so a new table that
 * points at a person fails the test until the export (and the account deletion) say what to do with it.
 */
export const PERSONAL_DATA_COLUMNS = {
  "users.id": "profile",
  "profiles.id": "profile",
  "sessions.user_id": "signIn.sessions",
  "accounts.user_id": "signIn.methods",
  "orders.user_id": "orders",
  "user_subscriptions.user_id": "subscriptions",
  "user_subscriptions.granted_by": "staffWork.subscriptionsGranted",
  "subscription_ebook_unlocks.user_id": "subscriptionEbookUnlocks",
  "ebook_purchases.user_id": "ebookPurchases",
  "card_renewals.user_id": "cardRenewals",
  "card_renewal_events.resolved_by": "staffWork.chargesResolved",
  "refunds.requested_by": "staffWork.refundsRequested",
  "content_reviews.user_id": "reviews",
  "article_comments.user_id": "comments",
  "bookmarks.user_id": "bookmarks",
  "bookmark_changes.user_id": "bookmarkChanges",
  "ebook_access_logs.user_id": "accessLogs",
  "ebook_reading_progress.user_id": "readingPositions",
  "ebook_text_positions.user_id": "textReadingPositions",
  "reader_text_preferences.user_id": "textReaderSettings",
  "ebook_stamped_copies.user_id": "stampedCopies",
  "admin_activity.actor_id": "staffWork.adminActivity",
  "media_assets.uploaded_by": "staffWork.uploads",
  "articles.author_id": "staffWork.articlesWritten",
  "mail_subscribers.user_id": "consents.memberEmail",
  "gifts.claimed_by": "giftsReceived",
  "offer_code_redemptions.user_id": "offerCodesUsed",
  "retention_offers.user_id": "retentionOffer",
} as const;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;

/** Her data, read in one snapshot-consistent pass; null when the account does not exist. */
export async function exportPersonalData(userId: string, now: Date = new Date()) {
  const db = getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, userId));
  const [
    signInMethods,
    sessionRows,
    orderRows,
    subscriptionRows,
    unlockRows,
    purchaseRows,
    renewalRows,
    reviewRows,
    commentRows,
    bookmarkRows,
    accessRows,
    positionRows,
    stampedRows,
    textPositionRows,
    textSettingRows,
  ] = await Promise.all([
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({
        createdAt: sessions.createdAt,
        expiresAt: sessions.expiresAt,
        ipAddress: sessions.ipAddress,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(eq(sessions.userId, userId))
      .orderBy(asc(sessions.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
    db
      .select()
      .from(userSubscriptions)
      .where(eq(userSubscriptions.userId, userId))
      .orderBy(asc(userSubscriptions.createdAt)),
    db.select().from(subscriptionEbookUnlocks).where(eq(subscriptionEbookUnlocks.userId, userId)),
    db.select().from(ebookPurchases).where(eq(ebookPurchases.userId, userId)),
    db.select().from(cardRenewals).where(eq(cardRenewals.userId, userId)),
    db.select().from(contentReviews).where(eq(contentReviews.userId, userId)),
    db.select().from(articleComments).where(eq(articleComments.userId, userId)),
    db.select().from(bookmarks).where(eq(bookmarks.userId, userId)),
    db
      .select()
      .from(ebookAccessLogs)
      .where(eq(ebookAccessLogs.userId, userId))
      .orderBy(asc(ebookAccessLogs.accessedAt)),
    db.select().from(ebookReadingProgress).where(eq(ebookReadingProgress.userId, userId)),
    db
      .select({
        ebookId: ebookStampedCopies.ebookId,
        stamp: ebookStampedCopies.stamp,
        createdAt: ebookStampedCopies.createdAt,
      })
      .from(ebookStampedCopies)
      .where(eq(ebookStampedCopies.userId, userId)),
    db.select().from(ebookTextPositions).where(eq(ebookTextPositions.userId, userId)),
    db.select().from(readerTextPreferences).where(eq(readerTextPreferences.userId, userId)),
  ]);
  const orderIds = orderRows.map((o) => o.id);
  const mpesaOf = await exportMpesaAndSms(orderIds);
  const subscriptionIds = subscriptionRows.map((s) => s.id);
  const renewalIds = renewalRows.map((r) => r.id);
  const none = Promise.resolve([]);
  const [paymentRows, historyRows, refundRows, noticeRows, renewalEventRows, giftRows] = await Promise.all([
    orderIds.length ? db.select().from(payments).where(inArray(payments.orderId, orderIds)) : none,
    orderIds.length
      ? db
          .select()
          .from(orderStatusHistory)
          .where(inArray(orderStatusHistory.orderId, orderIds))
          .orderBy(asc(orderStatusHistory.createdAt))
      : none,
    orderIds.length ? db.select().from(refunds).where(inArray(refunds.orderId, orderIds)) : none,
    subscriptionIds.length
      ? db.select().from(subscriptionNotices).where(inArray(subscriptionNotices.subscriptionId, subscriptionIds))
      : none,
    renewalIds.length
      ? db.select().from(cardRenewalEvents).where(inArray(cardRenewalEvents.cardRenewalId, renewalIds))
      : none,
    // Gifts she bought (ADR 038): what she wrote and where it went; never the claim link's hash, nor who claimed it
    // (another person's account).
    orderIds.length
      ? db
          .select({
            orderId: gifts.orderId,
            recipientEmail: gifts.recipientEmail,
            recipientPhone: gifts.recipientPhone,
            note: gifts.note,
            deliverOn: gifts.deliverOn,
            status: gifts.status,
            sentAt: gifts.sentAt,
            claimedAt: gifts.claimedAt,
            revokedAt: gifts.revokedAt,
            createdAt: gifts.createdAt,
          })
          .from(gifts)
          .where(inArray(gifts.orderId, orderIds))
          .orderBy(asc(gifts.createdAt))
      : none,
  ]);
  // Gifts she claimed: what was written to her and when she claimed it; the buyer is another person, so not who.
  const receivedRows = await db
    .select({ note: gifts.note, status: gifts.status, claimedAt: gifts.claimedAt })
    .from(gifts)
    .where(eq(gifts.claimedBy, userId))
    .orderBy(asc(gifts.claimedAt));
  // Offer codes she used (ADR 037; the order names the code too) and the retention offer she was shown, if any.
  const codesUsed = await db
    .select({
      code: offerCodes.code,
      orderId: offerCodeRedemptions.orderId,
      createdAt: offerCodeRedemptions.createdAt,
      releasedAt: offerCodeRedemptions.releasedAt,
    })
    .from(offerCodeRedemptions)
    .innerJoin(offerCodes, eq(offerCodes.id, offerCodeRedemptions.codeId))
    .where(eq(offerCodeRedemptions.userId, userId))
    .orderBy(asc(offerCodeRedemptions.createdAt));
  const [retention] = await db
    .select({ code: offerCodes.code, offeredAt: retentionOffers.offeredAt })
    .from(retentionOffers)
    .innerJoin(offerCodes, eq(offerCodes.id, retentionOffers.codeId))
    .where(eq(retentionOffers.userId, userId));
  const memberEmail = await exportMemberEmail(userId, user.email);
  const receipts = (await Promise.all(orderIds.map((id) => getReceipt(userId, id)))).filter((r) => r !== null);
  const staffWork = await exportStaffWork(userId);
  return {
    about:
      "Everything Nuru holds about you, as of exportedAt. Passwords and sign-in tokens are not included. " +
      "Questions: see /privacy.",
    exportedAt: now.toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      name: user.name,
      fullName: profile?.fullName ?? null,
      emailVerified: user.emailVerified,
      role: profile?.role ?? "guest",
      image: user.image,
      createdAt: iso(user.createdAt),
      updatedAt: iso(profile?.updatedAt ?? user.updatedAt),
    },
    // The shop never uses reading history for e-mail (see /privacy). Article e-mail only with her recorded consent
    // (issue 34): what she follows now and every consent she gave, changed or withdrew, with its time and wording.
    consents: {
      termsAcceptedAt: iso(user.createdAt),
      readingHistoryForEmailOrOffers: false,
      marketingEmail: memberEmail.some((m) => m.status === "active"),
      memberEmail,
    },
    signIn: {
      methods: signInMethods.map((m) => ({ provider: m.provider, createdAt: iso(m.createdAt) })),
      sessions: sessionRows.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
    },
    orders: orderRows.map((o) => ({
      ...o,
      payments: paymentRows.filter((p) => p.orderId === o.id),
      statusHistory: historyRows.filter((h) => h.orderId === o.id),
      refunds: refundRows.filter((r) => r.orderId === o.id),
      ...mpesaOf(o.id),
    })),
    receipts,
    giftsBought: giftRows.map((g) => ({
      ...g,
      sentAt: iso(g.sentAt),
      claimedAt: iso(g.claimedAt),
      revokedAt: iso(g.revokedAt),
      createdAt: iso(g.createdAt),
    })),
    giftsReceived: receivedRows.map((g) => ({ ...g, claimedAt: iso(g.claimedAt) })),
    offerCodesUsed: codesUsed.map((c) => ({ ...c, createdAt: iso(c.createdAt), releasedAt: iso(c.releasedAt) })),
    retentionOffer: retention ? { code: retention.code, offeredAt: iso(retention.offeredAt) } : null,
    subscriptions: subscriptionRows.map((s) => ({
      ...s,
      notices: noticeRows.filter((n) => n.subscriptionId === s.id),
    })),
    subscriptionEbookUnlocks: unlockRows,
    ebookPurchases: purchaseRows,
    cardRenewals: renewalRows.map((r) => ({
      ...r,
      events: renewalEventRows.filter((e) => e.cardRenewalId === r.id),
    })),
    bookmarks: bookmarkRows,
    // When she last set or removed each bookmark (an offline tap replayed later never undoes a later one, ADR 033).
    bookmarkChanges: await db.select().from(bookmarkChanges).where(eq(bookmarkChanges.userId, userId)),
    reviews: reviewRows,
    comments: commentRows,
    readingPositions: positionRows,
    textReadingPositions: textPositionRows,
    textReaderSettings: textSettingRows,
    accessLogs: accessRows,
    stampedCopies: stampedRows,
    staffWork,
  };
}

/**
 * For each of her orders, the M-Pesa direct prompts sent to her phone, the M-Pesa payments received for it and the
 * SMS receipts sent (issue 49): phone numbers are personal data. The SMS's receipt-link token is left out (it opens
 * the receipt to whoever holds it).
 */
async function exportMpesaAndSms(orderIds: string[]) {
  const db = getDb();
  const [prompts, received, sms] = orderIds.length
    ? await Promise.all([
        db
          .select({
            orderId: mpesaPushes.orderId,
            phone: mpesaPushes.phone,
            amountCents: mpesaPushes.amountCents,
            resultCode: mpesaPushes.resultCode,
            resultDesc: mpesaPushes.resultDesc,
            receipt: mpesaPushes.receipt,
            createdAt: mpesaPushes.createdAt,
            settledAt: mpesaPushes.settledAt,
          })
          .from(mpesaPushes)
          .where(inArray(mpesaPushes.orderId, orderIds))
          .orderBy(asc(mpesaPushes.createdAt)),
        db
          .select({
            orderId: mpesaReceivedPayments.orderId,
            receipt: mpesaReceivedPayments.receipt,
            accountNumber: mpesaReceivedPayments.accountNumber,
            amountCents: mpesaReceivedPayments.amountCents,
            payerPhone: mpesaReceivedPayments.payerPhone,
            payerName: mpesaReceivedPayments.payerName,
            status: mpesaReceivedPayments.status,
            createdAt: mpesaReceivedPayments.createdAt,
          })
          .from(mpesaReceivedPayments)
          .where(inArray(mpesaReceivedPayments.orderId, orderIds)),
        db
          .select({
            orderId: smsMessages.orderId,
            to: smsMessages.to,
            body: smsMessages.body,
            status: smsMessages.status,
            deliveryStatus: smsMessages.deliveryStatus,
            createdAt: smsMessages.createdAt,
            sentAt: smsMessages.sentAt,
            deliveredAt: smsMessages.deliveredAt,
          })
          .from(smsMessages)
          .where(inArray(smsMessages.orderId, orderIds)),
      ])
    : [[], [], []];
  return (orderId: string) => ({
    mpesaPrompts: prompts.filter((p) => p.orderId === orderId),
    mpesaPaymentsReceived: received.filter((r) => r.orderId === orderId),
    smsReceipts: sms.filter((m) => m.orderId === orderId),
  });
}

/** Her article e-mail subscriptions (by account or address) and every consent recorded for them. */
async function exportMemberEmail(userId: string, email: string) {
  const db = getDb();
  const subscribers = await db
    .select()
    .from(mailSubscribers)
    .where(or(eq(mailSubscribers.userId, userId), eq(mailSubscribers.email, email.toLowerCase())));
  const history = subscribers.length
    ? await db
        .select()
        .from(mailConsents)
        .where(
          inArray(
            mailConsents.subscriberId,
            subscribers.map((s) => s.id),
          ),
        )
        .orderBy(asc(mailConsents.at))
    : [];
  return subscribers.map((s) => ({
    email: s.email,
    status: s.status,
    frequency: s.frequency,
    categoryIds: s.categoryIds,
    confirmedAt: iso(s.confirmedAt),
    unsubscribedAt: iso(s.unsubscribedAt),
    createdAt: iso(s.createdAt),
    consents: history
      .filter((c) => c.subscriberId === s.id)
      .map((c) => ({ action: c.action, wording: c.wording, source: c.source, at: iso(c.at) })),
  }));
}

/** What an admin account did (the shop's records of her work): empty for a reader. */
async function exportStaffWork(userId: string) {
  const db = getDb();
  const [adminActivityRows, subscriptionsGranted, refundsRequested, chargesResolved, uploads, articlesWritten] =
    await Promise.all([
      db
        .select({
          action: adminActivity.action,
          entityType: adminActivity.entityType,
          entityId: adminActivity.entityId,
          summary: adminActivity.summary,
          createdAt: adminActivity.createdAt,
        })
        .from(adminActivity)
        .where(eq(adminActivity.actorId, userId))
        .orderBy(asc(adminActivity.createdAt)),
      db
        .select({
          id: userSubscriptions.id,
          reason: userSubscriptions.grantReason,
          createdAt: userSubscriptions.createdAt,
        })
        .from(userSubscriptions)
        .where(eq(userSubscriptions.grantedBy, userId)),
      db
        .select({ id: refunds.id, orderId: refunds.orderId, reason: refunds.reason, createdAt: refunds.createdAt })
        .from(refunds)
        .where(eq(refunds.requestedBy, userId)),
      db
        .select({ id: cardRenewalEvents.id, note: cardRenewalEvents.resolutionNote, at: cardRenewalEvents.resolvedAt })
        .from(cardRenewalEvents)
        .where(eq(cardRenewalEvents.resolvedBy, userId)),
      db
        .select({ id: mediaAssets.id, key: mediaAssets.key, createdAt: mediaAssets.createdAt })
        .from(mediaAssets)
        .where(eq(mediaAssets.uploadedBy, userId)),
      db.select({ id: articles.id, title: articles.title }).from(articles).where(eq(articles.authorId, userId)),
    ]);
  return {
    adminActivity: adminActivityRows,
    subscriptionsGranted,
    refundsRequested,
    chargesResolved,
    uploads,
    articlesWritten,
  };
}
