// Issue 50 (ADR 048): a reader whose saved language is Swahili gets her receipt mail (and its PDF), the gift's claim
// mail to a recipient with no account, her receipt SMS and the SMS's short link in Swahili; a reader without a saved
// language gets them in English, as before. Paid through the Pesapal stand-in, mails read from the dev outbox.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { devOutbox, orders, smsMessages, users } from "~/db/schema";
import { createEbook, createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout, type CheckoutItem } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { giftFormSchema } from "~/modules/membership/gift-form";
import { getReceipt, receiptLines } from "~/modules/receipts/receipts.server";
import { receiptOfLink } from "~/modules/sms/sms-reads.server";
import { setSmsAutoDrain } from "~/modules/sms/sms-queue.server";
import { isGsm7Basic } from "~/modules/sms/gsm7";
import { setSendQueuedMailNow, useQueueMailer } from "~/lib/mail/mail-queue.server";
import { createOutboxMailer } from "~/stand-ins/dev-outbox.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { pdfPageTexts } from "../setup/pdf-text";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let ebookId: string;
const EBOOK_TITLE = "Mzunguko wa Hedhi";

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  ebookId = (await createEbook(t.db, { accessType: "premium", priceCents: 45_000, title: EBOOK_TITLE })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  setSmsAutoDrain(false);
});

beforeEach(() => {
  useQueueMailer(createOutboxMailer(t.db));
});

afterEach(() => {
  useQueueMailer(undefined);
  setSendQueuedMailNow(true);
});

afterAll(async () => {
  setSmsAutoDrain(true);
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

const mailsTo = (email: string) => t.db.select().from(devOutbox).where(eq(devOutbox.to, email));

async function paid(language: "sw" | null, item: CheckoutItem, gift?: string) {
  const buyer = await createUser(t.db, {
    email: `lang-${randomUUID()}@nuru.test`,
    fullName: "Wanjiku",
    password: null,
  });
  if (language) await t.db.update(users).set({ language }).where(eq(users.id, buyer.id));
  const { orderId } = await startCheckout({
    buyer,
    item,
    countryCode: "KE",
    gift: gift ? giftFormSchema.parse({ recipientEmail: gift, note: "Kwa ajili yako" }) : undefined,
  });
  await t.db.update(orders).set({ receiptPhone: "254712345678" }).where(eq(orders.id, orderId));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  await pesapal.complete(order.gatewayTrackingId!, "mpesa");
  expect(await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback" })).toMatchObject({
    status: "completed",
  });
  return { buyer, order };
}

describe("a Swahili reader's receipt", () => {
  it("comes by mail in Swahili, its PDF and links in Swahili, and her SMS and its link too", async () => {
    const { buyer, order } = await paid("sw", { kind: "ebook", id: ebookId });
    const [mail] = await mailsTo(buyer.email);
    expect(mail.subject).toBe(`Risiti yako ya Nuru: kitabu pepe "${EBOOK_TITLE}"`);
    expect(mail.text).toMatch(/^Habari Wanjiku,/);
    expect(mail.text).toContain("Asante kwa malipo yako ya KSh\u00a0450.00");
    expect(mail.text).toContain(`/sw/receipts/${order.id}`);
    expect(mail.text).toContain(`/sw/ebook/${ebookId}`);
    expect(mail.html).toContain('<html lang="sw">');
    expect(mail.raw).toContain("application/pdf");

    const receipt = (await getReceipt(buyer.id, order.id, "sw"))!;
    const lines = Object.fromEntries(receiptLines(receipt, "sw"));
    expect(lines["Bidhaa"]).toBe(`Kitabu pepe: ${EBOOK_TITLE}`);
    expect(lines["Hali"]).toBe("Imelipwa");
    expect(lines["Imelipwa kwa"]).toBe("M-Pesa");

    const [sms] = await t.db.select().from(smsMessages).where(eq(smsMessages.orderId, order.id));
    expect(sms.body).toMatch(/^Nuru: Umelipa KES 450, M-Pesa \w+\. Kitabu pepe\. Risiti NURU-\d{4}-\d{6}: /);
    expect(sms.body).not.toContain(EBOOK_TITLE);
    expect(sms.body.length).toBeLessThanOrEqual(160);
    expect(isGsm7Basic(sms.body)).toBe(true);
    expect(await receiptOfLink(sms.linkToken)).toEqual({ orderId: order.id, locale: "sw" });
  });

  it("and a gift she buys is announced to a recipient with no account in her language", async () => {
    const recipient = `friend-${randomUUID()}@nuru.test`;
    const { buyer } = await paid("sw", { kind: "plan", slug: "standard" }, recipient);
    const [receipt] = await mailsTo(buyer.email);
    expect(receipt.subject).toBe(`Risiti yako ya Nuru: zawadi kwa ${recipient}: mpango wa Standard (miezi 2)`);
    const [claim] = await mailsTo(recipient);
    expect(claim.subject).toBe("Wanjiku amekutumia zawadi kwenye Nuru");
    expect(claim.text).toContain("Wanjiku amekupa mpango wa Standard (miezi 2) kwenye Nuru.");
    expect(claim.html).toContain('<html lang="sw">');
  });

  it("stays English for a reader with no saved language", async () => {
    const { buyer, order } = await paid(null, { kind: "ebook", id: ebookId });
    const [mail] = await mailsTo(buyer.email);
    expect(mail.subject).toBe(`Your Nuru receipt: the ebook "${EBOOK_TITLE}"`);
    expect(mail.text).toContain(`/receipts/${order.id}`);
    expect(mail.text).not.toContain("/sw/");
    const [sms] = await t.db.select().from(smsMessages).where(eq(smsMessages.orderId, order.id));
    expect(sms.body).toMatch(/^Nuru: Paid KES 450/);
    expect(await receiptOfLink(sms.linkToken)).toEqual({ orderId: order.id, locale: "en" });
  });
});

describe("the receipt PDF attached to a Swahili mail", () => {
  it("is in Swahili", async () => {
    const { buyer, order } = await paid("sw", { kind: "ebook", id: ebookId });
    const { receiptPdf } = await import("~/modules/receipts/receipts.server");
    const [text] = await pdfPageTexts(await receiptPdf((await getReceipt(buyer.id, order.id, "sw"))!, "sw"));
    expect(text).toContain("Namba ya risiti");
    expect(text).toContain("Kiasi ni kwa shilingi za Kenya");
  });
});
