// Durable transactional mail (issue 47 item 4, ADR 046) on a real database (PGlite and PostgreSQL) and the Pesapal
// stand-in: the receipt, refund and gift claim mails are queued in the transaction that causes them, sent by the
// request right after its commit, and, when that send fails (the SMTP server refuses once) or never happens (the
// process died between its commit and its send), sent by the "mail" job: into the dev outbox exactly once, with a
// Message-ID made from the queue row, however often the job runs or the payment is reported again; one that fails six
// times is e-mailed to the admins.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { devOutbox, gifts, mailMessages, orders, profiles, users } from "~/db/schema";
import { createEbook, createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { sendAdminAlerts } from "~/modules/payments/admin-alerts.server";
import { claimGift } from "~/modules/membership/gifts.server";
import { giftFormSchema } from "~/modules/membership/gift-form";
import { loadViewer } from "~/modules/access/viewer.server";
import { adminViewer, type AdminViewer } from "~/modules/access/policy";
import { processMailQueue, setSendQueuedMailNow, useQueueMailer } from "~/lib/mail/mail-queue.server";
import type { Mailer } from "~/lib/mail/mailer.server";
import { createOutboxMailer, headerLines } from "~/stand-ins/dev-outbox.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let ebookId: string;
let admin: AdminViewer;
let adminEmail: string;
const target = process.env.DB_TARGET ?? "pglite";
const EBOOK_TITLE = "Cycles and Seasons";

async function person(name: string) {
  const id = randomUUID();
  const email = `${name}-${id}@nuru.test`;
  await t.db.insert(users).values({ id, name, email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: `${name} Achieng`, role: "guest" });
  return { id, email, fullName: `${name} Achieng`, role: "guest" as const };
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  ebookId = (await createEbook(t.db, { accessType: "premium", priceCents: 45_000, title: EBOOK_TITLE })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  const adminUser = await person("admin");
  adminEmail = adminUser.email;
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, adminUser.id));
  admin = adminViewer(await loadViewer({ id: adminUser.id, role: "admin" }))!;
});

afterEach(() => {
  useQueueMailer(undefined);
  setSendQueuedMailNow(true);
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

/** The dev outbox, whose SMTP connection refuses the first `failures` mails (a 421 from a busy server). */
function flakyOutbox(failures: number): Mailer & { refused: number } {
  const outbox = createOutboxMailer(t.db);
  const mailer = {
    refused: 0,
    async send(message: Parameters<Mailer["send"]>[0]) {
      if (mailer.refused < failures) {
        mailer.refused += 1;
        throw new Error("421 4.3.2 Service not available, closing transmission channel");
      }
      await outbox.send(message);
    },
  };
  return mailer;
}

const mailsTo = (email: string) => t.db.select().from(devOutbox).where(eq(devOutbox.to, email));
const messageIdOf = (raw: string) => headerLines(raw).find((line) => /^message-id:/i.test(line));

async function paidOrder(item: CheckoutItem, gift?: string) {
  const buyer = await person("buyer");
  const { orderId } = await startCheckout({
    buyer,
    item,
    countryCode: "KE",
    gift: gift ? giftFormSchema.parse({ recipientEmail: gift, note: "For you, Nafula" }) : undefined,
  });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await pesapal.complete(order.gatewayTrackingId!, "mpesa", "254712345678", { notify: false });
  const at = new Date();
  const result = await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", now: at });
  expect(result).toMatchObject({ status: "completed", changed: true });
  return { buyer, order, at };
}

describe(`durable transactional mail (${target})`, () => {
  it("a receipt the SMTP server refuses once is retried by the job a minute later and arrives exactly once", async () => {
    const smtp = flakyOutbox(1);
    useQueueMailer(smtp);
    const { buyer, order, at } = await paidOrder({ kind: "ebook", id: ebookId });

    // The request's own send was refused: the payment stands, the receipt waits in the queue with its error.
    expect(smtp.refused).toBe(1);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    const [queued] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.key, `receipt:${order.id}`));
    expect(queued).toMatchObject({ kind: "receipt", status: "queued", attempts: 1 });
    expect(queued.lastError).toContain("Service not available");
    expect(queued.facts).toEqual(expect.objectContaining({ orderId: order.id }));

    // Not before its backoff; then the job sends it once, however often it runs and the payment is reported again.
    expect((await processMailQueue({ now: new Date(at.getTime() + 30_000) })).sent).toBe(0);
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    expect(await processMailQueue({ now: new Date(at.getTime() + 61_000) })).toMatchObject({ claimed: 1, sent: 1 });
    await processMailQueue({ now: new Date(at.getTime() + 10 * 60_000) });
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "ipn" });

    const mails = await mailsTo(buyer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/receipt/i);
    expect(mails[0].text).toContain(EBOOK_TITLE);
    expect(mails[0].text).toContain(order.merchantReference);
    expect(messageIdOf(mails[0].raw)).toBe(`Message-ID: <${queued.id}@nuru.test>`);
    const rows = await t.db
      .select()
      .from(mailMessages)
      .where(like(mailMessages.key, `%${order.id}%`));
    expect(rows).toEqual([expect.objectContaining({ status: "sent", attempts: 2, lastError: null })]);
  });

  it("a crash between the commit and the send loses no receipt, gift or refund mail: the job sends each once", async () => {
    setSendQueuedMailNow(false);
    const recipient = `nafula-${randomUUID()}@nuru.test`;
    const { buyer, order } = await paidOrder({ kind: "plan", slug: "standard" }, recipient);

    // Committed: the gift is paid and both mails are queued, but nothing was sent.
    expect(await mailsTo(buyer.email)).toHaveLength(0);
    expect(await mailsTo(recipient)).toHaveLength(0);
    const [gift] = await t.db.select().from(gifts).where(eq(gifts.orderId, order.id));
    const keys = (await t.db.select({ key: mailMessages.key, status: mailMessages.status }).from(mailMessages)).filter(
      (row) => row.key.includes(order.id) || row.key.includes(gift.id),
    );
    expect(keys.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `gift:${gift.id}:0`, status: "queued" },
      { key: `receipt:${order.id}`, status: "queued" },
    ]);

    // The next process's job sends them; a second run sends nothing more.
    expect((await processMailQueue()).sent).toBeGreaterThanOrEqual(2);
    await processMailQueue();
    const receipts = await mailsTo(buyer.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain(recipient);
    const claims = await mailsTo(recipient);
    expect(claims).toHaveLength(1);
    // The claim link was made when the mail was sent (never stored in the queue), and it works.
    const token = claims[0].text.match(/\/gift\/([A-Za-z0-9_-]{43})/)?.[1];
    expect(token).toBeTruthy();
    const [queuedGift] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.key, `gift:${gift.id}:0`));
    expect(JSON.stringify(queuedGift.facts)).not.toContain(token!);
    const recipientUser = await person("nafula");
    expect(await claimGift(token!, recipientUser.id)).toMatchObject({ kind: "claimed", itemKind: "plan" });

    // A refund's mail likewise: queued with the settlement, sent by the job once.
    const refund = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Bought twice" });
    expect(refund.kind).toBe("accepted");
    expect(await mailsTo(buyer.email)).toHaveLength(1);
    await processMailQueue();
    await processMailQueue();
    const after = await mailsTo(buyer.email);
    expect(after).toHaveLength(2);
    expect(after.filter((m) => /refund/i.test(m.subject))).toHaveLength(1);
  });

  it("a worker that dies mid-send leaves its claim to run out; the job then sends the same message", async () => {
    const { buyer, order, at } = await paidOrder({ kind: "ebook", id: ebookId });
    const [sent] = await t.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.key, `receipt:${order.id}`));
    expect(sent.status).toBe("sent");
    // Played: the row claimed by a process that then died before marking it (its mail may or may not have left).
    await t.db
      .update(mailMessages)
      .set({ status: "sending", claimedUntil: new Date(at.getTime() + 120_000) })
      .where(eq(mailMessages.id, sent.id));
    expect((await processMailQueue({ now: new Date(at.getTime() + 60_000) })).claimed).toBe(0);
    expect(await processMailQueue({ now: new Date(at.getTime() + 121_000) })).toMatchObject({ claimed: 1, sent: 1 });
    const mails = await mailsTo(buyer.email);
    // At least once: the second copy is the same message (one Message-ID), which mail clients show once.
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((m) => messageIdOf(m.raw)))).toEqual(new Set([`Message-ID: <${sent.id}@nuru.test>`]));
  });

  it("a mail refused six times over about five hours is failed, no longer tried, and e-mailed to the admins", async () => {
    const smtp = flakyOutbox(Number.POSITIVE_INFINITY);
    useQueueMailer(smtp);
    const { buyer, order, at } = await paidOrder({ kind: "ebook", id: ebookId });
    const key = `receipt:${order.id}`;
    // Attempts 2 to 6, each when its backoff (1, 5, 15, 60, 240 minutes) has passed.
    for (const minutes of [1, 6, 21, 81, 321])
      await processMailQueue({ now: new Date(at.getTime() + minutes * 60_000 + 1000) });
    const [row] = await t.db.select().from(mailMessages).where(eq(mailMessages.key, key));
    expect(row).toMatchObject({ status: "failed", attempts: 6 });
    expect(await processMailQueue({ now: new Date(at.getTime() + 24 * 60 * 60_000) })).toMatchObject({ claimed: 0 });
    expect(smtp.refused).toBe(6);
    expect(await mailsTo(buyer.email)).toHaveLength(0);

    const alerts = await sendAdminAlerts(new Date(at.getTime() + 322 * 60_000));
    expect(alerts.sent["mail-failed"]).toBe(1);
    const [alert] = await mailsTo(adminEmail);
    expect(alert.subject).toBe("Nuru: 1 mail to a reader was not sent");
    expect(alert.text).toContain(key);
    expect(alert.text).toContain("Service not available");
    expect(alert.text).toContain(`/admin/orders/${order.id}`);
  });
});
