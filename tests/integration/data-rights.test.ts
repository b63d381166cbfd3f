// A reader's data rights (issue 35): she downloads everything the shop holds about her, checked here against the
// database; she deletes her account and can no longer sign in, and her name and e-mail are found in no column of
// any table; the retention job deletes old logs and nothing younger. On PGlite and on PostgreSQL.
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import {
  accounts,
  adminActivity,
  articleComments,
  bookmarks,
  cardRenewals,
  contentReviews,
  devOutbox,
  ebookAccessLogs,
  ebookReadingProgress,
  ebookStampedCopies,
  gifts,
  mailDeliveries,
  mailSends,
  mailSubscribers,
  orders,
  payments,
  profiles,
  mpesaPushes,
  rateLimits,
  refunds,
  smsMessages,
  sessions,
  users,
  verifications,
} from "~/db/schema";
import {
  createArticle,
  createEbook,
  createPaidOrder,
  createPlan,
  createPurchase,
  createSubscription,
  createUser,
} from "~/db/seed/factories";
import { getEnv } from "~/lib/env.server";
import { readSession } from "~/modules/accounts/session.server";
import { signInWithPassword, signUpWithPassword } from "~/modules/accounts/sign-in.server";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { getReceipt } from "~/modules/receipts/receipts.server";
import { JOBS } from "~/modules/jobs/jobs.server";
import { PERSONAL_DATA_COLUMNS, exportPersonalData } from "~/modules/privacy/personal-data.server";
import type { Refused } from "~/lib/app-error.server";
import { DELETED_READER_NAME, deleteAccount, deletedAddress } from "~/modules/privacy/account-deletion.server";
import {
  ACCESS_LOG_RETENTION_DAYS,
  DEV_OUTBOX_RETENTION_DAYS,
  MAIL_DELIVERY_RETENTION_DAYS,
} from "~/modules/privacy/retention-rules";
import { applyRetention } from "~/modules/privacy/retention.server";

const database = appTestDatabase();
const DAY = 86_400_000;
const PASSWORD = "zawadi-pass-1";

/** The words a refused deletion shows her (null when it was done). */
function refusalWords(outcome: { ok: true } | Refused) {
  return outcome.ok ? null : outcome.error.message;
}

function request(cookie?: string): Request {
  const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  return new Request(`${getEnv().PUBLIC_URL}/account`, {
    method: "POST",
    headers: { "x-nuru-client-ip": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

function cookieOf(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

async function rows(query: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const result = (await database.db().execute(query)) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
}

/** Every text and JSON column of every table in which `needle` appears, as "table.column". */
async function columnsHolding(needle: string): Promise<string[]> {
  const columns = await rows(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
    order by table_name, column_name`);
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const [{ n }] = await rows(
      sql`select count(*)::int as n from ${sql.identifier(String(table_name))} where ${sql.identifier(String(column_name))}::text ilike ${`%${needle}%`}`,
    );
    if (Number(n) > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

/** A reader with something in every table that can hold her data, signed in for real (a session with her IP). */
async function readerWithEverything(name: string) {
  const db = database.db();
  const email = `${name.toLowerCase().replace(/\W+/g, ".")}-${randomBytes(3).toString("hex")}@example.com`;
  const fullName = `${name} ${randomBytes(3).toString("hex")}`;
  const reader = await createUser(db, { email, fullName, password: PASSWORD });
  const signedIn = await signInWithPassword(request(), { email, password: PASSWORD });
  if (!signedIn.ok) throw signedIn.error;
  const cookie = cookieOf(signedIn.headers);
  const plan = await createPlan(db, { ...PLAN_CATALOGUE[0], slug: `plan-${randomBytes(3).toString("hex")}` });
  const ebook = await createEbook(db, { accessType: "premium", priceCents: 50_000 });
  const article = await createArticle(db, { accessType: "free" });
  const { order, payment } = await createPaidOrder(db, {
    userId: reader.id,
    item: { kind: "ebook", ebookId: ebook.id, basePriceCents: 50_000 },
  });
  await createPurchase(db, { userId: reader.id, ebookId: ebook.id, orderId: order.id, pricePaidCents: 50_000 });
  const planOrder = await createPaidOrder(db, {
    userId: reader.id,
    item: { kind: "plan", planId: plan.id, basePriceCents: plan.priceCents },
  });
  await createSubscription(db, {
    userId: reader.id,
    planId: plan.id,
    orderId: planOrder.order.id,
    startDate: new Date(Date.now() - DAY),
    endDate: new Date(Date.now() + 30 * DAY),
  });
  await db.insert(refunds).values({
    orderId: order.id,
    paymentId: payment.id,
    amountCents: 10_000,
    currency: "KES",
    full: false,
    reason: "Charged twice",
    status: "accepted",
  });
  await db.insert(cardRenewals).values({
    userId: reader.id,
    planId: plan.id,
    firstOrderId: planOrder.order.id,
    accountNumber: `ACC-${randomBytes(4).toString("hex")}`,
    status: "active",
    amountCents: planOrder.order.amountCents,
    currency: "KES",
  });
  // Paid by M-Pesa direct, with an SMS receipt (issue 49): her phone number is personal data.
  const phone = `2547${String(randomBytes(4).readUInt32BE(0) % 100_000_000).padStart(8, "0")}`;
  await db.insert(mpesaPushes).values({
    orderId: planOrder.order.id,
    checkoutRequestId: `ws_CO_${randomBytes(6).toString("hex")}`,
    merchantRequestId: randomBytes(6).toString("hex"),
    phone,
    amountCents: planOrder.order.amountCents,
    resultCode: 0,
    receipt: `T${randomBytes(5).toString("hex").toUpperCase().slice(0, 9)}`,
  });
  await db.insert(smsMessages).values({
    orderId: planOrder.order.id,
    to: phone,
    body: "Nuru: payment received. Plan active to 28 Dec 2026.",
    linkToken: `tok-${randomBytes(8).toString("hex")}`,
    status: "sent",
  });
  await db.insert(bookmarks).values({ userId: reader.id, contentType: "article", contentId: article.id });
  await db
    .insert(contentReviews)
    .values({ userId: reader.id, contentType: "ebook", contentId: ebook.id, rating: 5, body: "Lovely" });
  await db.insert(articleComments).values({ userId: reader.id, articleId: article.id, body: "Thank you" });
  await db.insert(ebookReadingProgress).values({ userId: reader.id, ebookId: ebook.id, lastPage: 7, pageCount: 40 });
  await db.insert(ebookAccessLogs).values([
    { userId: reader.id, ebookId: ebook.id, accessType: "view" },
    { userId: reader.id, ebookId: ebook.id, accessType: "download", orderReference: order.merchantReference },
  ]);
  await db.insert(ebookStampedCopies).values({
    userId: reader.id,
    ebookId: ebook.id,
    fileKey: `stamped/${ebook.id}/${randomBytes(4).toString("hex")}.pdf`,
    sourceKey: "ebooks/source.pdf",
    sourceEtag: "etag",
    stamp: `Licensed to ${email}`,
  });
  await db.insert(verifications).values({
    id: randomBytes(8).toString("hex"),
    identifier: `reset-password:${randomBytes(8).toString("hex")}`,
    value: reader.id,
    expiresAt: new Date(Date.now() + DAY),
  });
  await db.insert(rateLimits).values({ key: `mail:reset:${email}`, count: 1, windowStart: new Date() });
  await db.insert(devOutbox).values({ to: email, subject: "Welcome", text: `Hello ${fullName}`, html: "<p>Hi</p>" });
  // An admin's log line naming her (a plan given by hand names the reader by e-mail).
  await db.insert(adminActivity).values({
    action: "granted",
    entityType: "subscription",
    summary: `Standard for 1 month to ${email}`,
    changes: { reader: { before: null, after: email } },
  });
  return { ...reader, email, fullName, cookie, order, planOrder, ebook, article, phone };
}

describe(`a reader's data rights (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("covers in the export every column of the database that points at a person", async () => {
    const found = await rows(sql`
      select kcu.table_name || '.' || kcu.column_name as col
      from information_schema.table_constraints tc
      join information_schema.key_column_usage kcu
        on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
      join information_schema.constraint_column_usage ccu
        on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and ccu.table_name = 'users'
      union
      select table_name || '.' || column_name from information_schema.columns
      where table_schema = current_schema() and (column_name = 'user_id' or column_name like '%\\_user\\_id')
        and table_name <> 'sessions'
      union
      select 'users.id'`);
    const inDatabase = found.map((r) => String(r.col)).sort();
    expect(inDatabase).toContain("orders.user_id");
    expect(inDatabase).toContain("admin_activity.actor_id");
    expect(inDatabase).toEqual(Object.keys(PERSONAL_DATA_COLUMNS).sort());
  });

  it("exports everything the shop holds about her, as the database has it", async () => {
    const zawadi = await readerWithEverything("Zawadi Wambui");
    const other = await readerWithEverything("Other Reader");
    const data = await exportPersonalData(zawadi.id);
    expect(data).not.toBeNull();
    const json = JSON.stringify(data);
    // Nothing of another reader's, and no secret: no password hash, no session token.
    expect(json).not.toContain(other.email);
    expect(json).not.toContain(other.id);
    const [credential] = await database.db().select().from(accounts).where(eq(accounts.userId, zawadi.id));
    expect(json).not.toContain(credential.password!);
    const [session] = await database.db().select().from(sessions).where(eq(sessions.userId, zawadi.id));
    expect(json).not.toContain(session.token);

    expect(data!.profile).toMatchObject({ id: zawadi.id, email: zawadi.email, fullName: zawadi.fullName });
    expect(data!.consents.readingHistoryForEmailOrOffers).toBe(false);
    expect(data!.signIn.methods.map((m) => m.provider)).toEqual(["credential"]);
    expect(data!.signIn.sessions).toHaveLength(1);
    expect(data!.signIn.sessions[0].ipAddress).toBe(session.ipAddress);
    const myOrders = await database.db().select().from(orders).where(eq(orders.userId, zawadi.id));
    expect(data!.orders.map((o) => o.merchantReference).sort()).toEqual(
      myOrders.map((o) => o.merchantReference).sort(),
    );
    const ebookOrder = data!.orders.find((o) => o.id === zawadi.order.id)!;
    const [payment] = await database.db().select().from(payments).where(eq(payments.orderId, zawadi.order.id));
    expect(ebookOrder.payments.map((p) => p.confirmationCode)).toEqual([payment.confirmationCode]);
    expect(ebookOrder.refunds.map((r) => r.reason)).toEqual(["Charged twice"]);
    expect(ebookOrder.statusHistory.map((h) => h.toStatus)).toEqual(["pending", "completed"]);
    const planOrder = data!.orders.find((o) => o.id === zawadi.planOrder.order.id)!;
    expect(planOrder.mpesaPrompts.map((p) => p.phone)).toEqual([zawadi.phone]);
    expect(planOrder.smsReceipts.map((m) => [m.to, m.body])).toEqual([
      [zawadi.phone, "Nuru: payment received. Plan active to 28 Dec 2026."],
    ]);
    // The short receipt link's token opens her receipt: a secret, left out.
    expect(json).not.toContain("tok-");
    expect(json).not.toContain(other.phone);
    expect(data!.receipts.map((r) => r.reference).sort()).toEqual(myOrders.map((o) => o.merchantReference).sort());
    expect(data!.receipts[0].buyerEmail).toBe(zawadi.email);
    expect(data!.subscriptions).toHaveLength(1);
    expect(data!.ebookPurchases.map((p) => p.ebookId)).toEqual([zawadi.ebook.id]);
    expect(data!.cardRenewals.map((r) => r.status)).toEqual(["active"]);
    expect(data!.bookmarks.map((b) => b.contentId)).toEqual([zawadi.article.id]);
    expect(data!.reviews.map((r) => r.body)).toEqual(["Lovely"]);
    expect(data!.comments.map((c) => c.body)).toEqual(["Thank you"]);
    expect(data!.readingPositions.map((p) => p.lastPage)).toEqual([7]);
    expect(data!.accessLogs.map((l) => l.accessType).sort()).toEqual(["download", "view"]);
    expect(data!.stampedCopies.map((c) => c.stamp)).toEqual([`Licensed to ${zawadi.email}`]);
    expect(data!.staffWork.adminActivity).toEqual([]);
    expect(await exportPersonalData("no-such-user")).toBeNull();
  });

  it("deletes her account: sessions end, sign-in is refused, her name and e-mail are nowhere, payments stay", async () => {
    const db = database.db();
    const zawadi = await readerWithEverything("Zawadi Achieng");
    const bystander = await readerWithEverything("Bystander Njeri");
    expect((await readSession(request(zawadi.cookie)))?.user.id).toBe(zawadi.id);

    expect(refusalWords(await deleteAccount(zawadi.id, { password: "not-her-password" }))).toBe(
      "That password does not match your account. Your account has not been deleted.",
    );
    expect((await columnsHolding(zawadi.email)).length).toBeGreaterThan(5);

    expect(await deleteAccount(zawadi.id, { password: PASSWORD })).toEqual({ ok: true, keptRecords: true });

    // Her name and e-mail appear in no column of any table (the kept payment records do not hold them).
    expect(await columnsHolding(zawadi.email)).toEqual([]);
    expect(await columnsHolding(zawadi.fullName)).toEqual([]);
    // Signed out everywhere, and no way back in (the refused attempt itself leaves sign-in limit rows keyed by the
    // address typed, as any attempt does: the retention job deletes them after a day).
    expect(await db.select().from(sessions).where(eq(sessions.userId, zawadi.id))).toEqual([]);
    expect(await readSession(request(zawadi.cookie))).toBeNull();
    const refused = await signInWithPassword(request(), { email: zawadi.email, password: PASSWORD });
    expect(!refused.ok && refused.error.message).toBe("Invalid email or password.");
    // The payment records stay, pointing at an account with no name, address or sign-in.
    const kept = await db.select().from(orders).where(eq(orders.userId, zawadi.id));
    expect(kept).toHaveLength(2);
    expect(await db.select().from(payments).where(eq(payments.orderId, zawadi.order.id))).toHaveLength(1);
    expect(await db.select().from(refunds).where(eq(refunds.orderId, zawadi.order.id))).toHaveLength(1);
    const [tombstone] = await db.select().from(users).where(eq(users.id, zawadi.id));
    expect(tombstone).toMatchObject({ name: DELETED_READER_NAME, email: deletedAddress(zawadi.id), banned: true });
    const [profile] = await db.select().from(profiles).where(eq(profiles.id, zawadi.id));
    expect(profile).toMatchObject({ fullName: DELETED_READER_NAME, role: "guest" });
    expect(await db.select().from(accounts).where(eq(accounts.userId, zawadi.id))).toEqual([]);
    const receipt = await getReceipt(zawadi.id, zawadi.order.id);
    expect(receipt).toMatchObject({ buyerName: DELETED_READER_NAME, reference: zawadi.order.merchantReference });
    // Her card agreement is cancelled, so a scheduled charge that still comes is refunded.
    const [agreement] = await db.select().from(cardRenewals).where(eq(cardRenewals.userId, zawadi.id));
    expect(agreement.status).toBe("cancelled");
    // The admins' log says an account was deleted, without saying whose; lines that named her no longer do.
    const log = await db
      .select()
      .from(adminActivity)
      .where(and(eq(adminActivity.entityType, "user"), eq(adminActivity.entityId, zawadi.id)));
    expect(log.map((l) => l.action)).toEqual(["account deleted"]);
    expect(log[0].summary).toBe(
      "A reader deleted her account; her payment records are kept without her name or e-mail.",
    );
    // Everyone else's data is untouched.
    expect((await columnsHolding(bystander.email)).length).toBeGreaterThan(5);
    expect((await exportPersonalData(bystander.id))!.bookmarks).toHaveLength(1);

    // Her address is free: she can sign up again as a new reader.
    await signUpWithPassword(request(), { fullName: "Zawadi Again", email: zawadi.email, password: "new-pass-22" });
    const [again] = await db.select().from(users).where(eq(users.email, zawadi.email));
    expect(again.id).not.toBe(zawadi.id);
    expect(await deleteAccount(zawadi.id, { password: PASSWORD })).toMatchObject({ ok: false });
  });

  it("exports the gifts she bought and claimed, and keeps a deleted buyer's gift with its order", async () => {
    const db = database.db();
    const buyer = await readerWithEverything("Gift Buyer");
    const recipient = await readerWithEverything("Gift Recipient");
    const unclaimedFor = `friend-${randomBytes(3).toString("hex")}@example.com`;
    await db.insert(gifts).values({
      orderId: buyer.planOrder.order.id,
      recipientEmail: unclaimedFor,
      note: "Happy birthday, Amina",
      status: "unclaimed",
      sentAt: new Date(),
      tokenHash: `hash-${randomBytes(6).toString("hex")}`,
    });
    await db.insert(gifts).values({
      orderId: buyer.order.id,
      recipientEmail: recipient.email,
      note: "For the long train ride",
      status: "claimed",
      claimedBy: recipient.id,
      claimedAt: new Date(),
    });

    const bought = (await exportPersonalData(buyer.id))!;
    expect(bought.giftsBought.map((g) => [g.recipientEmail, g.status, g.note]).sort()).toEqual(
      [
        [recipient.email, "claimed", "For the long train ride"],
        [unclaimedFor, "unclaimed", "Happy birthday, Amina"],
      ].sort(),
    );
    expect(bought.giftsBought.every((g) => g.createdAt !== null)).toBe(true);
    // Not the claim link's hash, not the recipient's account.
    expect(JSON.stringify(bought.giftsBought)).not.toMatch(/hash-|claimedBy/);
    expect(JSON.stringify(bought.giftsBought)).not.toContain(recipient.id);
    const received = (await exportPersonalData(recipient.id))!;
    expect(received.giftsReceived).toMatchObject([{ status: "claimed", note: "For the long train ride" }]);
    expect(JSON.stringify(received.giftsReceived)).not.toContain(buyer.email);

    // The buyer leaves: her gifts stay with their orders (the recipient's address is the order's), without her.
    expect(await deleteAccount(buyer.id, { password: PASSWORD })).toEqual({ ok: true, keptRecords: true });
    const kept = await db.select().from(gifts).where(eq(gifts.orderId, buyer.planOrder.order.id));
    expect(kept).toMatchObject([{ recipientEmail: unclaimedFor, status: "unclaimed" }]);
    expect(await columnsHolding(buyer.email)).toEqual([]);
    // The recipient leaves too: the claimed gift stays with the buyer's order record.
    expect(await deleteAccount(recipient.id, { password: PASSWORD })).toEqual({ ok: true, keptRecords: true });
    expect(await db.select().from(gifts).where(eq(gifts.orderId, buyer.order.id))).toHaveLength(1);
  });

  it("deletes an account with no payment records outright, and confirms a Google-only one by the typed word", async () => {
    const db = database.db();
    const google = await createUser(db, { email: `g-${randomBytes(3).toString("hex")}@example.com`, password: null });
    await db.insert(accounts).values({
      id: randomBytes(8).toString("hex"),
      accountId: "google-sub-1",
      providerId: "google",
      userId: google.id,
    });
    expect(refusalWords(await deleteAccount(google.id, { word: "delete" }))).toBe(
      "Type DELETE in capitals to confirm. Your account has not been deleted.",
    );
    expect(await deleteAccount(google.id, { word: "DELETE" })).toEqual({ ok: true, keptRecords: false });
    expect(await db.select().from(users).where(eq(users.id, google.id))).toEqual([]);
    expect(await columnsHolding(google.email)).toEqual([]);
  });

  it("keeps the last admin, and limits password guesses", async () => {
    const db = database.db();
    await db.update(profiles).set({ role: "guest" }).where(eq(profiles.role, "admin"));
    const admin = await createUser(db, { email: `boss-${randomBytes(3).toString("hex")}@example.com`, role: "admin" });
    expect(refusalWords(await deleteAccount(admin.id, { password: "password123" }))).toBe(
      "You are the shop's only admin, so this account cannot be deleted. Make another account an admin first (Admin > Users).",
    );
    const second = await createUser(db, {
      email: `boss2-${randomBytes(3).toString("hex")}@example.com`,
      role: "admin",
    });
    expect(await deleteAccount(admin.id, { password: "password123" })).toMatchObject({ ok: true });
    for (let n = 0; n < 4; n++) await deleteAccount(second.id, { password: "wrong-guess" });
    expect(await deleteAccount(second.id, { password: "wrong-guess" })).toMatchObject({ ok: false });
    expect(refusalWords(await deleteAccount(second.id, { password: "password123" }))).toBe(
      "Too many attempts. Please try again in an hour.",
    );
  });
});

describe(`the retention job (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("deletes access logs, expired sessions, idle rate-limit rows and old dev mail after their periods only", async () => {
    const db = database.db();
    const now = new Date();
    const reader = await createUser(db, {
      email: `keep-${randomBytes(3).toString("hex")}@example.com`,
      password: null,
    });
    const ebook = await createEbook(db);
    const old = new Date(now.getTime() - (ACCESS_LOG_RETENTION_DAYS + 1) * DAY);
    const young = new Date(now.getTime() - (ACCESS_LOG_RETENTION_DAYS - 1) * DAY);
    await db.insert(ebookAccessLogs).values([
      { userId: reader.id, ebookId: ebook.id, accessType: "view", accessedAt: old },
      { userId: reader.id, ebookId: ebook.id, accessType: "download", accessedAt: old },
      { userId: reader.id, ebookId: ebook.id, accessType: "download", accessedAt: young },
    ]);
    await db.insert(sessions).values([
      {
        id: "s-expired",
        token: `t-${randomBytes(6).toString("hex")}`,
        userId: reader.id,
        expiresAt: new Date(now.getTime() - 1000),
      },
      {
        id: "s-live",
        token: `t-${randomBytes(6).toString("hex")}`,
        userId: reader.id,
        expiresAt: new Date(now.getTime() + DAY),
      },
    ]);
    const stale = new Date(now.getTime() - 2 * DAY);
    await db.insert(rateLimits).values([
      { key: "signin:ip:retention-old", count: 3, windowStart: stale, updatedAt: stale },
      {
        key: "signin:ip:retention-blocked",
        count: 3,
        windowStart: stale,
        updatedAt: stale,
        blockedUntil: new Date(now.getTime() + DAY),
      },
      { key: "signin:ip:retention-fresh", count: 1, windowStart: now, updatedAt: now },
    ]);
    await db.insert(devOutbox).values([
      {
        to: "old@example.com",
        subject: "old",
        text: "x",
        html: "x",
        createdAt: new Date(now.getTime() - (DEV_OUTBOX_RETENTION_DAYS + 1) * DAY),
      },
      { to: "new@example.com", subject: "new", text: "x", html: "x", createdAt: now },
    ]);

    const job = JOBS.find((j) => j.name === "retention")!;
    const summary = await job.run({ db, now });
    expect(summary).toMatch(
      /^access logs 2, expired sessions \d+, rate limits \d+, dev mail \d+, analytics day rows \d+, mail deliveries \d+$/,
    );

    const logs = await db.select().from(ebookAccessLogs).where(eq(ebookAccessLogs.userId, reader.id));
    expect(logs.map((l) => l.accessedAt.getTime())).toEqual([young.getTime()]);
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, reader.id));
    expect(left.map((s) => s.id)).toEqual(["s-live"]);
    const limits = await db.select({ key: rateLimits.key }).from(rateLimits);
    const keys = limits.map((l) => l.key);
    expect(keys).not.toContain("signin:ip:retention-old");
    expect(keys).toEqual(expect.arrayContaining(["signin:ip:retention-blocked", "signin:ip:retention-fresh"]));
    const mail = (await db.select({ to: devOutbox.to }).from(devOutbox)).map((m) => m.to);
    expect(mail).toContain("new@example.com");
    expect(mail).not.toContain("old@example.com");
    // A second run finds nothing more to do.
    expect(await applyRetention(db, now)).toMatchObject({ accessLogs: 0, sessions: 0 });
  });

  it("deletes member mail records per recipient 90 days after their outcome, never a queued one", async () => {
    const db = database.db();
    const now = new Date();
    const tag = randomBytes(3).toString("hex");
    const [subscriber] = await db
      .insert(mailSubscribers)
      .values({ email: `kept-mail-${tag}@example.com`, status: "active", confirmedAt: now })
      .returning({ id: mailSubscribers.id });
    const at = (days: number) => new Date(now.getTime() - days * DAY);
    const sendIds: Record<string, string> = {};
    const rows = {
      "sent long ago": {
        status: "sent",
        updatedAt: at(MAIL_DELIVERY_RETENTION_DAYS + 1),
        sentAt: at(MAIL_DELIVERY_RETENTION_DAYS + 1),
      },
      "bounced long ago": { status: "bounced", updatedAt: at(MAIL_DELIVERY_RETENTION_DAYS + 2) },
      // A final failure's next attempt time lies after its outcome (the backoff it no longer takes).
      "failed long ago": {
        status: "failed",
        updatedAt: at(MAIL_DELIVERY_RETENTION_DAYS + 1),
        next: at(MAIL_DELIVERY_RETENTION_DAYS + 0.95),
      },
      "sent recently": {
        status: "sent",
        updatedAt: at(MAIL_DELIVERY_RETENTION_DAYS - 1),
        sentAt: at(MAIL_DELIVERY_RETENTION_DAYS - 1),
      },
      "still queued": { status: "queued", updatedAt: at(MAIL_DELIVERY_RETENTION_DAYS + 5) },
    } as const;
    for (const [name, row] of Object.entries(rows)) {
      const [send] = await db
        .insert(mailSends)
        .values({
          kind: "digest",
          audience: "digest",
          subject: name,
          week: `r-${tag}-${name}`,
          createdAt: row.updatedAt,
        })
        .returning({ id: mailSends.id });
      sendIds[name] = send!.id;
      await db.insert(mailDeliveries).values({
        sendId: send!.id,
        subscriberId: subscriber!.id,
        status: row.status,
        sentAt: "sentAt" in row ? row.sentAt : null,
        nextAttemptAt: "next" in row ? row.next : row.updatedAt,
        updatedAt: row.updatedAt,
      });
    }

    expect((await applyRetention(db, now)).mailDeliveries).toBe(3);
    const left = await db
      .select({ sendId: mailDeliveries.sendId })
      .from(mailDeliveries)
      .where(eq(mailDeliveries.subscriberId, subscriber!.id));
    expect(left.map((l) => l.sendId).sort()).toEqual([sendIds["sent recently"], sendIds["still queued"]].sort());
    // The sends themselves (subject, total) stay for the admin's list; her subscription stays.
    expect(
      await db.select({ id: mailSends.id }).from(mailSends).where(eq(mailSends.id, sendIds["sent long ago"]!)),
    ).toHaveLength(1);
    expect(await db.select().from(mailSubscribers).where(eq(mailSubscribers.id, subscriber!.id))).toHaveLength(1);
  });
});
