// Member e-mail (issue 34) against a real database (PGlite, and PostgreSQL with DB_TARGET=postgres): following with
// double opt-in, the same gating as the site in each mail, one-click unsubscribe taking effect at once, and the
// queue: a restart mid-batch re-sends nothing, two workers send each mail once (on PostgreSQL, two connections
// claiming with SKIP LOCKED), the SMTP rate limit, retries with backoff and bounces.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase, openDatabase, type Database } from "~/db/client.server";
import { devOutbox, mailConsents, mailDeliveries, mailSubscribers, users } from "~/db/schema";
import { inPageLanguage } from "~/modules/accounts/language.server";
import { createArticle, createCategory, createPlan, createSubscription, createUser } from "~/db/seed/factories";
import { loadAdmin } from "../setup/admin-viewer";
import type { AdminViewer } from "~/modules/access/policy";
import { createSmtpMailer, type MailMessage, type Mailer } from "~/lib/mail/mailer.server";
import {
  CLAIM_MS,
  MAX_ATTEMPTS,
  claimDeliveries,
  processMailQueue,
  queueArticleSend,
  queueWeeklyDigest,
} from "~/modules/member-mail/member-queue.server";
import { confirmToken, manageToken, readManageToken } from "~/modules/member-mail/member-tokens.server";
import {
  confirmFollow,
  preferencesByToken,
  requestFollow,
  savePreferences,
  unsubscribe,
} from "~/modules/member-mail/subscribers.server";
import { MEMBER_MAIL_MAX_BYTES } from "~/modules/member-mail/member-templates.server";
import { exportPersonalData } from "~/modules/privacy/personal-data.server";
import { deleteAccount } from "~/modules/privacy/account-deletion.server";
import { DELETE_CONFIRMATION_WORD } from "~/modules/privacy/schemas";

let t: TestDatabase;
let admin: AdminViewer;
let categoryId: string;
let otherCategoryId: string;
let planId: string;
const sfx = randomUUID().slice(0, 6);

/** A mailer that keeps what it was asked to send (the SMTP stand-in over the wire is tested in mail-smtp.test.ts). */
function capture(fail?: (m: MailMessage) => Error | null): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      const error = fail?.(message);
      if (error) throw error;
      sent.push(message);
    },
  };
}

const FOLLOW = { categoryIds: [] as string[], frequency: "each" as const, source: "subscribe" as const };

/** An active follower: a guest who asked and confirmed by the link (double opt-in). */
async function guestFollower(email: string, categoryIds: string[], now = new Date()) {
  const mailer = capture();
  const outcome = await requestFollow({
    input: { ...FOLLOW, email, categoryIds },
    user: null,
    clientKey: `test-${randomUUID()}`,
    now,
  });
  expect(outcome).toMatchObject({ ok: true, kind: "check-inbox" });
  const [row] = await t.db.select().from(mailSubscribers).where(eq(mailSubscribers.email, email));
  expect(row!.status).toBe("pending");
  expect(await confirmFollow(confirmToken(row!.id, now), now)).not.toBeNull();
  void mailer;
  return row!.id;
}

/** Runs the queue until nothing is due at `now`. */
async function drainAt(now: Date, mailer: Mailer, db: Database = t.db) {
  let total = 0;
  for (;;) {
    const run = await processMailQueue({ db, mailer, now, ratePerMinute: 10_000, batchSize: 50 });
    if (run.claimed === 0) return total;
    total += run.claimed;
  }
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  const adminUser = await createUser(t.db, { email: `mm-admin-${sfx}@nuru.test`, role: "admin" });
  admin = await loadAdmin(adminUser);
  categoryId = (await createCategory(t.db, { name: `Knees ${sfx}`, slug: `knees-${sfx}` })).id;
  otherCategoryId = (await createCategory(t.db, { name: `Skin ${sfx}`, slug: `skin-${sfx}` })).id;
  planId = (await createPlan(t.db, { slug: `mm-${sfx}`, name: "Member mail", priceCents: 50000 })).id;
});

afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

describe(`member mail (${process.env.DB_TARGET === "postgres" ? "postgres" : "pglite"})`, () => {
  it("a guest confirms by the link and becomes a free member without a password; consent is recorded with its wording", async () => {
    const email = `mm-guest-${sfx}@nuru.test`;
    const id = await guestFollower(email, [categoryId]);
    const [row] = await t.db.select().from(mailSubscribers).where(eq(mailSubscribers.id, id));
    expect(row!.status).toBe("active");
    const [member] = await t.db.select().from(users).where(eq(users.id, row!.userId!));
    expect(member!.email).toBe(email);
    expect(member!.emailVerified).toBe(true);
    const consents = await t.db.select().from(mailConsents).where(eq(mailConsents.subscriberId, id));
    expect(consents.map((c) => c.action).sort()).toEqual(["asked", "confirmed"]);
    expect(consents.every((c) => c.wording.includes("one-click unsubscribe"))).toBe(true);
    // Her data export names the consent; a forged token opens nothing.
    const exported = await exportPersonalData(member!.id);
    expect(exported!.consents.marketingEmail).toBe(true);
    expect(exported!.consents.memberEmail[0]!.consents.map((c) => c.action)).toEqual(["asked", "confirmed"]);
    expect(readManageToken(`${id}.forged`)).toBeNull();
    expect(await preferencesByToken(manageToken(id))).toMatchObject({ status: "active", categoryIds: [categoryId] });
  });

  it("a stranger who asks on a Swahili page gets her confirmation in Swahili, its link to the Swahili page (issue 50)", async () => {
    const sw = `mm-sw-${sfx}@nuru.test`;
    const en = `mm-en-${sfx}@nuru.test`;
    const ask = (email: string) =>
      requestFollow({ input: { ...FOLLOW, email }, user: null, clientKey: `test-${randomUUID()}` });
    await inPageLanguage("sw", () => ask(sw));
    await ask(en);
    const [swMail] = await t.db.select().from(devOutbox).where(eq(devOutbox.to, sw));
    expect(swMail!.subject).toBe("Thibitisha usajili wako wa barua pepe za Nuru");
    expect(swMail!.text).toMatch(/\/sw\/newsletter\/confirm\?token=/);
    const [enMail] = await t.db.select().from(devOutbox).where(eq(devOutbox.to, en));
    expect(enMail!.text).toMatch(/[^w]\/newsletter\/confirm\?token=/);
    expect(enMail!.text).not.toContain("/sw/");
  });

  it("deleting her account erases her subscription and every consent", async () => {
    const email = `mm-erase-${sfx}@nuru.test`;
    const id = await guestFollower(email, []);
    const [row] = await t.db.select().from(mailSubscribers).where(eq(mailSubscribers.id, id));
    // Her password-less account confirms the deletion with the typed word.
    expect(await deleteAccount(row!.userId!, { word: DELETE_CONFIRMATION_WORD })).toMatchObject({ ok: true });
    expect(await t.db.select().from(mailSubscribers).where(eq(mailSubscribers.email, email))).toHaveLength(0);
    expect(await t.db.select().from(mailConsents).where(eq(mailConsents.subscriberId, id))).toHaveLength(0);
    expect(await preferencesByToken(manageToken(id))).toBeNull();
  });

  it("an address that already follows is not changed by someone typing it in", async () => {
    const email = `mm-taken-${sfx}@nuru.test`;
    const id = await guestFollower(email, [categoryId]);
    await requestFollow({
      input: { ...FOLLOW, email, categoryIds: [otherCategoryId], frequency: "weekly" },
      user: null,
      clientKey: `test-${randomUUID()}`,
    });
    expect(await preferencesByToken(manageToken(id))).toMatchObject({ categoryIds: [categoryId], frequency: "each" });
  });

  it("mails a premium article whole to a reader with a plan and only its opening to one without; a withdrawn consent is never mailed", async () => {
    const now = new Date();
    const marker = `LOCKED-${sfx}-TEXT`;
    const free = `mm-free-${sfx}@nuru.test`;
    await guestFollower(free, [categoryId], now);
    const paid = await createUser(t.db, { email: `mm-paid-${sfx}@nuru.test`, role: "subscriber" });
    await createSubscription(t.db, {
      userId: paid.id,
      planId,
      startDate: new Date(now.getTime() - 86_400_000),
      endDate: new Date(now.getTime() + 30 * 86_400_000),
    });
    await requestFollow({ input: FOLLOW, user: paid, clientKey: "x", now });
    const gone = `mm-gone-${sfx}@nuru.test`;
    const goneId = await guestFollower(gone, [], now);
    const elsewhere = `mm-elsewhere-${sfx}@nuru.test`;
    await guestFollower(elsewhere, [otherCategoryId], now);

    const article = await createArticle(t.db, {
      title: `Knees ${sfx}`,
      accessType: "premium",
      excerpt: `Opening ${sfx}.`,
      content: `<p>Opening ${sfx}.</p><p>${marker}</p><img src="/media/images/knee.png" alt="A knee">`,
      categoryIds: [categoryId],
    });
    const queued = await queueArticleSend(admin, article.id, "followers", now);
    expect(queued).not.toBeNull();
    // Saving it again queues nothing more.
    expect(await queueArticleSend(admin, article.id, "followers", now)).toBeNull();
    // She withdraws before the queue runs: takes effect at once.
    expect(await unsubscribe(manageToken(goneId), "one-click", now)).toBe(true);

    const mailer = capture();
    await drainAt(now, mailer);
    const to = (email: string) => mailer.sent.filter((m) => m.to === email);
    expect(to(gone)).toHaveLength(0);
    expect(to(elsewhere)).toHaveLength(0);
    const [freeMail] = to(free);
    const [paidMail] = to(paid.email);
    expect(freeMail!.text).toContain(`Opening ${sfx}.`);
    expect(freeMail!.text + freeMail!.html).not.toContain(marker);
    expect(freeMail!.text).toContain("Continue reading on Nuru");
    expect(paidMail!.text + paidMail!.html).toContain(marker);
    for (const mail of [freeMail!, paidMail!]) {
      expect(mail.headers!["List-Unsubscribe"]).toMatch(/^<https?:\/\/.+\/newsletter\/unsubscribe\/[\w.-]+>$/);
      expect(mail.headers!["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
      expect(Buffer.byteLength(mail.html) + Buffer.byteLength(mail.text)).toBeLessThan(MEMBER_MAIL_MAX_BYTES);
      expect(mail.html).not.toMatch(/<img[^>]*width="1"/);
      for (const img of mail.html.match(/<img[^>]*>/g) ?? []) expect(img).toMatch(/alt="[^"]+"/);
    }
    // Images in the body point at the shop, not at a relative address.
    expect(paidMail!.html).toMatch(/src="https?:\/\/[^"]+\/media\/images\/knee\.png"/);

    // Paying members only: the reader without a plan is left out.
    const second = await createArticle(t.db, { accessType: "premium", categoryIds: [categoryId] });
    await queueArticleSend(admin, second.id, "paying", now);
    const more = capture();
    await drainAt(now, more);
    expect(more.sent.map((m) => m.to)).toEqual([paid.email]);
  });

  it("names her topics in her mail's language: Swahili names for a reader who chose Swahili (issue 50)", async () => {
    const now = new Date();
    const topic = await createCategory(t.db, {
      name: `Sleep ${sfx}`,
      nameSw: `Usingizi ${sfx}`,
      slug: `sleep-sw-${sfx}`,
    });
    const reader = await createUser(t.db, { email: `mm-sw-${sfx}@nuru.test` });
    await t.db.update(users).set({ language: "sw" }).where(eq(users.id, reader.id));
    const english = `mm-en-${sfx}@nuru.test`;
    await guestFollower(english, [topic!.id], now);
    await requestFollow({ input: { ...FOLLOW, categoryIds: [topic!.id] }, user: reader, clientKey: "sw", now });
    const article = await createArticle(t.db, { title: `Naps ${sfx}`, categoryIds: [topic!.id] });
    await queueArticleSend(admin, article.id, "followers", now);
    const mailer = capture();
    await drainAt(now, mailer);
    const [swahili] = mailer.sent.filter((m) => m.to === reader.email);
    const [inEnglish] = mailer.sent.filter((m) => m.to === english);
    expect(swahili!.text).toContain(`kuhusu Usingizi ${sfx} kwa barua pepe`);
    expect(swahili!.text).not.toContain(`Sleep ${sfx}`);
    expect(inEnglish!.text).toContain(`Sleep ${sfx}`);
    expect(inEnglish!.text).not.toContain(`Usingizi ${sfx}`);
  });

  it("a restart mid-batch sends the unfinished rows once, after their claim runs out, and nothing twice", async () => {
    const now = new Date(Date.now() + 3_600_000);
    const cat = (await createCategory(t.db, { name: `Restart ${sfx}`, slug: `restart-${sfx}` })).id;
    const emails = Array.from({ length: 6 }, (_, i) => `mm-restart-${i}-${sfx}@nuru.test`);
    for (const email of emails) await guestFollower(email, [cat], now);
    const article = await createArticle(t.db, { categoryIds: [cat] });
    await queueArticleSend(admin, article.id, "followers", now);

    // The first process sends two, then claims the rest and dies before sending them.
    const first = capture();
    await processMailQueue({ db: t.db, mailer: first, now, ratePerMinute: 10_000, batchSize: 2 });
    expect(first.sent).toHaveLength(2);
    expect((await claimDeliveries(t.db, 100, now)).length).toBeGreaterThanOrEqual(4);

    // A new process at once finds nothing due (the rows are claimed); after the claim runs out it sends them.
    const second = capture();
    expect(await drainAt(now, second)).toBe(0);
    await drainAt(new Date(now.getTime() + CLAIM_MS + 1000), second);
    const all = [...first.sent, ...second.sent].map((m) => m.to).filter((to) => emails.includes(to));
    expect(all.sort()).toEqual([...emails].sort());
  });

  it("respects the SMTP rate limit across runs, retries with backoff, and records bounces", async () => {
    const now = new Date(Date.now() + 2 * 3_600_000);
    const cat = (await createCategory(t.db, { name: `Rate ${sfx}`, slug: `rate-${sfx}` })).id;
    const emails = Array.from({ length: 5 }, (_, i) => `mm-rate-${i}-${sfx}@nuru.test`);
    for (const email of emails) await guestFollower(email, [cat], now);
    const article = await createArticle(t.db, { categoryIds: [cat] });
    await queueArticleSend(admin, article.id, "followers", now);

    const bounce = emails[0]!;
    const flaky = emails[1]!;
    const mailer = capture((m) => {
      if (m.to === bounce) return Object.assign(new Error("550 5.1.1 mailbox unavailable"), { responseCode: 550 });
      if (m.to === flaky) return Object.assign(new Error("421 try later"), { responseCode: 421 });
      return null;
    });
    const run = await processMailQueue({ db: t.db, mailer, now, ratePerMinute: 3, batchSize: 50 });
    expect(run.claimed).toBeLessThanOrEqual(3);
    // Within the same minute the budget is spent by what was sent.
    const again = await processMailQueue({ db: t.db, mailer, now, ratePerMinute: 3, batchSize: 50 });
    expect(run.sent + again.sent).toBeLessThanOrEqual(3);
    for (let minute = 1; minute < 10; minute++)
      await processMailQueue({
        db: t.db,
        mailer,
        now: new Date(now.getTime() + minute * 61_000),
        ratePerMinute: 3,
        batchSize: 50,
      });
    const rows = await t.db
      .select()
      .from(mailDeliveries)
      .innerJoin(mailSubscribers, eq(mailSubscribers.id, mailDeliveries.subscriberId));
    const of = (email: string) => rows.find((r) => r.mail_subscribers.email === email)!.mail_deliveries;
    expect(of(bounce).status).toBe("bounced");
    expect(of(bounce).lastError).toContain("550");
    expect(of(bounce).attempts).toBe(1);
    // The flaky address is tried again later (backoff), not at once.
    expect(of(flaky).status).toBe("queued");
    expect(of(flaky).nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());
    for (const email of emails.slice(2)) expect(of(email).status).toBe("sent");
    // After its attempts run out it is recorded as failed.
    let at = now.getTime();
    for (let i = 0; i < MAX_ATTEMPTS + 1; i++) {
      at += 3 * 3_600_000;
      await processMailQueue({ db: t.db, mailer, now: new Date(at), ratePerMinute: 100, batchSize: 50 });
    }
    const [final] = await t.db
      .select()
      .from(mailDeliveries)
      .where(eq(mailDeliveries.id, of(flaky).id));
    expect(final!.status).toBe("failed");
    expect(final!.attempts).toBe(MAX_ATTEMPTS);
  });

  it("a weekly reader gets a digest of the week's openings instead of one mail per article", async () => {
    const now = new Date(Date.now() + 5 * 3_600_000);
    const cat = (await createCategory(t.db, { name: `Weekly ${sfx}`, slug: `weekly-${sfx}` })).id;
    const email = `mm-weekly-${sfx}@nuru.test`;
    const id = await guestFollower(email, [cat], now);
    await savePreferences(manageToken(id), { categoryIds: [cat], frequency: "weekly" }, now);
    const marker = `WEEKLY-LOCKED-${sfx}`;
    const article = await createArticle(t.db, {
      title: `Weekly piece ${sfx}`,
      accessType: "premium",
      excerpt: `Weekly opening ${sfx}`,
      content: `<p>${marker}</p>`,
      categoryIds: [cat],
    });
    await queueArticleSend(admin, article.id, "followers", now);
    await queueWeeklyDigest(now);
    const mailer = capture();
    await drainAt(now, mailer);
    const mine = mailer.sent.filter((m) => m.to === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.subject).toContain("This week on Nuru");
    expect(mine[0]!.text).toContain(`Weekly piece ${sfx}`);
    expect(mine[0]!.text + mine[0]!.html).not.toContain(marker);
  });
});

describe("a batch over one pool of SMTP connections", () => {
  it("sends a batch side by side over at most MAIL_SMTP_CONNECTIONS connections, each mail once, recorded per recipient", async () => {
    const now = new Date(Date.now() + 20 * 3_600_000);
    const cat = (await createCategory(t.db, { name: `Pool ${sfx}`, slug: `pool-${sfx}` })).id;
    const emails = Array.from({ length: 24 }, (_, i) => `mm-pool-${i}-${sfx}@nuru.test`);
    for (const email of emails) await guestFollower(email, [cat], now);
    const article = await createArticle(t.db, { categoryIds: [cat] });
    await queueArticleSend(admin, article.id, "followers", now);

    // The SMTP stand-in over the wire: counts connections and mails.
    const received: string[] = [];
    let connections = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onConnect(_session, callback) {
        connections++;
        callback();
      },
      onData(stream, session, callback) {
        stream.on("data", () => {});
        stream.on("end", () => {
          received.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as AddressInfo).port;
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${port}`,
      from: "Nuru <no-reply@nuru.test>",
      pool: { maxConnections: 3, ratePerMinute: 10_000 },
    });
    try {
      const run = await processMailQueue({
        db: t.db,
        mailer,
        now,
        ratePerMinute: 10_000,
        batchSize: 50,
        concurrency: 3,
      });
      expect(run.sent).toBeGreaterThanOrEqual(emails.length);
      expect(received.filter((to) => emails.includes(to)).sort()).toEqual([...emails].sort());
      // Three connections at most for the whole batch, not one per mail.
      expect(connections).toBeGreaterThan(0);
      expect(connections).toBeLessThanOrEqual(3);
      const rows = await t.db
        .select({ status: mailDeliveries.status, sentAt: mailDeliveries.sentAt })
        .from(mailDeliveries)
        .innerJoin(mailSubscribers, eq(mailSubscribers.id, mailDeliveries.subscriberId))
        .where(inArray(mailSubscribers.email, emails));
      expect(rows.map((r) => r.status)).toEqual(emails.map(() => "sent"));
    } finally {
      mailer.close?.();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe.runIf(process.env.DB_TARGET === "postgres")("two processes on PostgreSQL", () => {
  it("send each mail once when both claim at the same moment", async () => {
    const now = new Date(Date.now() + 10 * 3_600_000);
    const cat = (await createCategory(t.db, { name: `Twice ${sfx}`, slug: `twice-${sfx}` })).id;
    const emails = Array.from({ length: 40 }, (_, i) => `mm-twice-${i}-${sfx}@nuru.test`);
    for (const email of emails) await guestFollower(email, [cat], now);
    const article = await createArticle(t.db, { categoryIds: [cat] });
    await queueArticleSend(admin, article.id, "followers", now);
    const other = openDatabase({ url: t.url! });
    try {
      const a = capture();
      const b = capture();
      const worker = async (db: Database, mailer: Mailer) => {
        for (;;) {
          const run = await processMailQueue({ db, mailer, now, ratePerMinute: 10_000, batchSize: 5 });
          if (run.claimed === 0) return;
        }
      };
      await Promise.all([worker(t.db, a), worker(other.db, b)]);
      const sent = [...a.sent, ...b.sent].map((m) => m.to).filter((to) => emails.includes(to));
      expect(sent.sort()).toEqual([...emails].sort());
      // Both did some of the work.
      expect(a.sent.length).toBeGreaterThan(0);
      expect(b.sent.length).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});
