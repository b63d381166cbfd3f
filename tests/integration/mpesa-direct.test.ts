// M-Pesa direct through Daraja (issue 49, ADR 043), driven over HTTP: the shop's Daraja client talks to the Daraja
// stand-in, and the stand-in calls the shop's real callback route (api-payments-daraja.ts) served by a small HTTP
// server, as Safaricom would. Each case checks what she is shown and what the database says was granted.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import {
  mpesaEvents,
  mpesaPushes,
  mpesaReceivedPayments,
  orders,
  orderStatusHistory,
  payments,
  profiles,
  refunds,
  smsMessages,
  userSubscriptions,
} from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { forgetEnv } from "~/lib/env.server";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configureDaraja } from "~/modules/payments/daraja-gateway.server";
import { savePaymentMethodSettings } from "~/modules/payments/payment-provider.server";
import {
  checkPastedCode,
  listUnmatchedMpesaPayments,
  loadPayPage,
  matchMpesaPayment,
  registerC2bUrls,
  reverseMpesaPayment,
  sendPrompt,
} from "~/modules/payments/mpesa-payments.server";
import { checkPendingOrders } from "~/modules/payments/pending-orders.server";
import { checkRefund, recordRefundOutcome, refundOrder } from "~/modules/payments/refunds.server";
import { attentionCount } from "~/modules/payments/admin-orders.server";
import { action as darajaRoute } from "~/routes/api-payments-daraja";
import { startDarajaStandIn, type DarajaStandIn } from "~/stand-ins/daraja/stand-in.server";
import { loadAdmin } from "../setup/admin-viewer";

const shop = lostNotificationShop();
let daraja: DarajaStandIn;
let server: Server;

/** The shop's Daraja route over HTTP, as the stand-in (Safaricom) reaches it. */
async function startShopCallbacks(): Promise<string> {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://shop");
      const kind = /^\/api\/payments\/daraja\/([a-z]+)$/.exec(url.pathname)?.[1] ?? "";
      const request = new Request(url, { method: "POST", body: Buffer.concat(chunks) });
      void (darajaRoute({ request, params: { kind } } as never) as Promise<Response>).then(async (response) => {
        res.writeHead(response.status, { "Content-Type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  process.env.PUBLIC_URL = await startShopCallbacks();
  forgetEnv();
  daraja = await startDarajaStandIn({ consumerKey: "dk", consumerSecret: "ds", shortcode: "600100", passkey: "pk" });
  configureDaraja({
    baseUrl: daraja.url,
    consumerKey: "dk",
    consumerSecret: "ds",
    shortcode: "600100",
    passkey: "pk",
    initiatorName: "nuru-api",
    securityCredential: "encrypted",
  });
  await savePaymentMethodSettings({ mpesa: "daraja" });
  await registerC2bUrls();
});

afterAll(async () => {
  configureDaraja(undefined);
  await daraja?.close();
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

let phoneSeq = 0;
function newPhone() {
  phoneSeq++;
  return `07${String(10_000_000 + phoneSeq * 7919).slice(0, 8)}`;
}

async function mpesaOrder(slug = "standard") {
  const user = await createUser(shop.db(), { email: `mpesa-${crypto.randomUUID()}@nuru.test` });
  const buyer = { id: user.id, email: user.email, fullName: "Amina W", role: "guest" as const };
  const { orderId, redirectUrl } = await startCheckout({
    buyer,
    item: { kind: "plan", slug },
    countryCode: "KE",
    method: "mpesa",
  });
  expect(redirectUrl).toBe(`/pay/mpesa/${orderId}`);
  const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
  return { user, order };
}

async function prompt(order: { id: string }, userId: string, phone: string, smsReceipt = false) {
  const { checkoutRequestId } = await sendPrompt({
    orderId: order.id,
    userId,
    phone,
    remember: false,
    smsReceipt,
  });
  return checkoutRequestId;
}

async function grantsOf(orderId: string) {
  return shop.db().select().from(userSubscriptions).where(eq(userSubscriptions.orderId, orderId));
}

async function statusOf(orderId: string) {
  const [row] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
  return row.status;
}

describe(`M-Pesa direct over Daraja (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("asks her number once, shows amount, prompt name and Paybill, then Approve grants once", async () => {
    const { user, order } = await mpesaOrder();
    expect(order.gateway).toBe("daraja");
    expect(order.mpesaAccount).toMatch(/^[A-Z0-9]{1,12}$/);
    const ask = await loadPayPage({ orderId: order.id, userId: user.id });
    expect(ask?.state.kind).toBe("ask");
    expect(ask?.accountNumber).toBe(order.mpesaAccount);
    expect(ask?.businessNumber).toBe("600100");

    const phone = newPhone();
    const id = await sendPrompt({
      orderId: order.id,
      userId: user.id,
      phone: `+254 ${phone.slice(1)}`,
      remember: true,
      smsReceipt: true,
    }).then((r) => r.checkoutRequestId);
    const international = `254${phone.slice(1)}`;
    expect(daraja.prompt(id)?.phone).toBe(international);
    expect(daraja.prompt(id)?.accountReference).toBe(order.mpesaAccount);
    const [profile] = await shop.db().select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile.mpesaPhone).toBe(international);
    const [withPhone] = await shop.db().select().from(orders).where(eq(orders.id, order.id));
    expect(withPhone.receiptPhone).toBe(international);
    expect((await loadPayPage({ orderId: order.id, userId: user.id }))?.state.kind).toBe("waiting");

    const { receipt } = await daraja.answer(id, "approve");
    const page = await loadPayPage({ orderId: order.id, userId: user.id });
    expect(page?.state.kind).toBe("paid");
    expect(page?.paidUntil).not.toBeNull();
    expect(page?.mpesaCode).toBe(receipt);
    expect(await grantsOf(order.id)).toHaveLength(1);
    const [payment] = await shop.db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment.confirmationCode).toBe(receipt);
    const history = await shop.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.map((h) => [h.fromStatus, h.toStatus, h.source])).toEqual([
      [null, "pending", "checkout"],
      ["pending", "completed", "callback"],
    ]);
    expect(history[1].note).toMatch(new RegExp(`M-Pesa direct: paid, .+ by M-Pesa, confirmation ${receipt}`));
    // Someone else cannot see or pay her order.
    const other = await createUser(shop.db(), { email: `other-${crypto.randomUUID()}@nuru.test` });
    expect(await loadPayPage({ orderId: order.id, userId: other.id })).toBeNull();
  });

  it("refuses a number that is not a Kenyan mobile, and sends nothing", async () => {
    const { user, order } = await mpesaOrder();
    const before = daraja.prompts().length;
    await expect(
      sendPrompt({ orderId: order.id, userId: user.id, phone: "0812 345", remember: false, smsReceipt: false }),
    ).rejects.toThrow(/Enter a Safaricom number/);
    expect(daraja.prompts()).toHaveLength(before);
  });

  for (const [answer, code, title] of [
    ["no-funds", 1, "Not enough money on M-Pesa"],
    ["cancel", 1032, "You cancelled on your phone"],
    ["no-answer", 1037, "Your phone did not answer"],
    ["wrong-pin", 2001, "Wrong M-Pesa PIN"],
  ] as const) {
    it(`result ${code} (${answer}) grants nothing, says so, and a retry that she approves grants once`, async () => {
      const { user, order } = await mpesaOrder();
      const phone = newPhone();
      const first = await prompt(order, user.id, phone);
      await daraja.answer(first, answer);
      expect(await statusOf(order.id)).toBe("failed");
      const page = await loadPayPage({ orderId: order.id, userId: user.id });
      expect(page?.state).toMatchObject({ kind: "outcome", resultCode: code });
      const { promptOutcome } = await import("~/modules/payments/mpesa-phone");
      expect(promptOutcome(code).title).toBe(title);
      expect(await grantsOf(order.id)).toHaveLength(0);

      const second = await prompt(order, user.id, phone);
      await daraja.answer(second, "approve");
      expect(await statusOf(order.id)).toBe("completed");
      expect(await grantsOf(order.id)).toHaveLength(1);
      // The first prompt's callback again, late: the payment stands, granted once.
      await daraja.deliverCallback(first);
      expect(await statusOf(order.id)).toBe("completed");
      expect(await grantsOf(order.id)).toHaveLength(1);
    });
  }

  it("result 1001: a second prompt while one waits on the phone is refused by M-Pesa", async () => {
    const { user, order } = await mpesaOrder();
    const phone = newPhone();
    await prompt(order, user.id, phone);
    const second = await prompt(order, user.id, phone);
    await expect
      .poll(async () => (await loadPayPage({ orderId: order.id, userId: user.id }))?.state)
      .toMatchObject({
        kind: "outcome",
        resultCode: 1001,
      });
    const [push] = await shop.db().select().from(mpesaPushes).where(eq(mpesaPushes.checkoutRequestId, second));
    expect(push.resultCode).toBe(1001);
  });

  it("a callback that comes twice grants once", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    await daraja.answer(id, "approve", "twice");
    expect(daraja.prompt(id)?.callbacksSent).toBe(2);
    expect(await grantsOf(order.id)).toHaveLength(1);
    const history = await shop.db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history.filter((h) => h.toStatus === "completed")).toHaveLength(1);
    const callbacks = await shop
      .db()
      .select()
      .from(mpesaEvents)
      .where(and(eq(mpesaEvents.orderId, order.id), eq(mpesaEvents.kind, "callback")));
    expect(callbacks).toHaveLength(2);
  });

  it("a query says 'still processing' until she answers; a callback that never comes is replaced by the query, and the late one adds the receipt", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone(), true);
    const [push] = await shop.db().select().from(mpesaPushes).where(eq(mpesaPushes.checkoutRequestId, id));
    const at = (ms: number) => new Date(push.createdAt.getTime() + ms);
    // Within 5 s the page asks: still processing.
    const early = await loadPayPage({ orderId: order.id, userId: user.id, now: at(4_000) });
    expect(early?.state.kind).toBe("waiting");
    const queries = await shop
      .db()
      .select()
      .from(mpesaEvents)
      .where(and(eq(mpesaEvents.reference, id), eq(mpesaEvents.kind, "query")));
    expect(queries.map((q) => q.summary)).toEqual(["still processing"]);

    const { receipt } = await daraja.answer(id, "approve", "never");
    expect(await statusOf(order.id)).toBe("pending");
    const later = await loadPayPage({ orderId: order.id, userId: user.id, now: at(10_000) });
    expect(later?.state.kind).toBe("paid");
    expect(await grantsOf(order.id)).toHaveLength(1);
    // Her SMS receipt waits for M-Pesa's code (the query's answer has none), up to ten minutes.
    const [waiting] = await shop.db().select().from(smsMessages).where(eq(smsMessages.orderId, order.id));
    expect(waiting.status).toBe("queued");
    expect(waiting.body).toMatch(/^Nuru: Paid KES [\d,]+ by M-Pesa\./);
    expect(waiting.nextAttemptAt.getTime() - at(10_000).getTime()).toBe(10 * 60_000);
    // The callback after the query: the receipt is kept, nothing granted again.
    await daraja.deliverCallback(id);
    const [withCode] = await shop.db().select().from(smsMessages).where(eq(smsMessages.orderId, order.id));
    expect(withCode.body).toContain(`M-Pesa ${receipt}.`);
    expect(withCode.body.length).toBeLessThanOrEqual(160);
    expect(withCode.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    const [settled] = await shop.db().select().from(mpesaPushes).where(eq(mpesaPushes.checkoutRequestId, id));
    expect(settled.receipt).toBe(receipt);
    const [payment] = await shop.db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(payment.confirmationCode).toBe(receipt);
    expect(await grantsOf(order.id)).toHaveLength(1);
  });

  it("a callback before the query: the query finds nothing left to do", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    await daraja.answer(id, "approve");
    const [push] = await shop.db().select().from(mpesaPushes).where(eq(mpesaPushes.checkoutRequestId, id));
    await checkPendingOrders(new Date(push.createdAt.getTime() + 10 * 60_000));
    expect(await grantsOf(order.id)).toHaveLength(1);
  });

  it("the re-check job settles a prompt whose callback never came, by the STK query", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    await daraja.answer(id, "cancel", "never");
    const [row] = await shop.db().select().from(orders).where(eq(orders.id, order.id));
    await checkPendingOrders(new Date(row.nextStatusCheckAt!.getTime() + 1));
    expect(await statusOf(order.id)).toBe("failed");
  });

  it("an expired token is replaced and the prompt still goes out", async () => {
    const { user, order } = await mpesaOrder();
    const issued = daraja.tokensIssued;
    daraja.expireTokens();
    const id = await prompt(order, user.id, newPhone());
    expect(daraja.prompt(id)).toBeDefined();
    expect(daraja.tokensIssued).toBe(issued + 1);
    await daraja.answer(id, "approve");
    expect(await grantsOf(order.id)).toHaveLength(1);
  });

  it("Paybill by hand with the right account number and amount grants once; a repeated confirmation changes nothing", async () => {
    const { order } = await mpesaOrder();
    const phone = `254${newPhone().slice(1)}`;
    const paid = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: order.mpesaAccount!.toLowerCase(),
      amount: order.amountCents / 100,
      phone,
    });
    expect(paid.receipt).toBeTruthy();
    expect(await statusOf(order.id)).toBe("completed");
    expect(await grantsOf(order.id)).toHaveLength(1);
    await daraja
      .payBill({ businessNumber: "600100", accountNumber: order.mpesaAccount!, amount: order.amountCents / 100, phone })
      .catch(() => null);
    // A second, separate payment for a paid order is money without a grant: held for the admin.
    const held = await shop
      .db()
      .select()
      .from(mpesaReceivedPayments)
      .where(eq(mpesaReceivedPayments.orderId, order.id));
    expect(held.map((h) => h.status).sort()).toEqual(["matched", "unmatched"]);
    expect(await grantsOf(order.id)).toHaveLength(1);
  });

  it("a wrong account number or amount never grants; it waits in Needs attention, where the admin matches or reverses it", async () => {
    const { order } = await mpesaOrder();
    const phone = `254${newPhone().slice(1)}`;
    const wrongAccount = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: "NRWRONG1",
      amount: order.amountCents / 100,
      phone,
    });
    const wrongAmount = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: order.mpesaAccount!,
      amount: order.amountCents / 100 - 1,
      phone,
    });
    expect(await statusOf(order.id)).toBe("pending");
    const adminUser = await createUser(shop.db(), { email: `admin-${crypto.randomUUID()}@nuru.test`, role: "admin" });
    const admin = await loadAdmin({ id: adminUser.id, role: "admin" });
    const held = await listUnmatchedMpesaPayments(admin);
    const a = held.find((h) => h.receipt === wrongAccount.receipt)!;
    const b = held.find((h) => h.receipt === wrongAmount.receipt)!;
    expect(a.note).toContain("names no order");
    expect(a.payerPhone).toBe(phone);
    expect(b.note).toMatch(/paid KES|paid KSh/);
    // Matching the wrong amount is refused; the right amount to the order grants.
    await expect(matchMpesaPayment(admin, { paymentId: b.id, order: order.mpesaAccount! })).rejects.toThrow(
      /Refund it by reversal/,
    );
    // Both wait in the admin menu's "needs attention" count; matching one takes it off.
    const waiting = await attentionCount(admin);
    await matchMpesaPayment(admin, { paymentId: a.id, order: order.mpesaAccount! });
    expect(await attentionCount(admin)).toBe(waiting - 1);
    expect(await statusOf(order.id)).toBe("completed");
    expect(await grantsOf(order.id)).toHaveLength(1);
    // The wrong amount is refunded by reversal; its result comes later.
    await reverseMpesaPayment(admin, b.id);
    await expect
      .poll(
        async () =>
          (await shop.db().select().from(mpesaReceivedPayments).where(eq(mpesaReceivedPayments.id, b.id)))[0].status,
      )
      .toBe("reversed");
    expect(daraja.transaction(wrongAmount.receipt!)?.reversed).toBe(true);
  });

  it("an admin refunds an M-Pesa direct payment by reversal; the order is refunded when M-Pesa's result comes", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    const { receipt } = await daraja.answer(id, "approve");
    const adminUser = await createUser(shop.db(), { email: `admin-${crypto.randomUUID()}@nuru.test`, role: "admin" });
    const admin = await loadAdmin({ id: adminUser.id, role: "admin" });
    const outcome = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "asked by the reader" });
    // Daraja only says it will do it: the outcome waits for the result.
    expect(outcome.kind).toBe("unconfirmed");
    await expect.poll(() => statusOf(order.id)).toBe("refunded");
    expect(daraja.transaction(receipt!)?.reversed).toBe(true);
    const [refund] = await shop.db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund.status).toBe("accepted");
    expect(refund.checkMessage).toContain("M-Pesa reversal result 0");
    const [grant] = await grantsOf(order.id);
    expect(grant.status).toBe("revoked");
  });

  it("a reversal whose result never came stays unknown; 'Check with M-Pesa' asks the status and settles it", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    const { receipt } = await daraja.answer(id, "approve");
    const adminUser = await createUser(shop.db(), { email: `admin-${crypto.randomUUID()}@nuru.test`, role: "admin" });
    const admin = await loadAdmin({ id: adminUser.id, role: "admin" });
    daraja.loseResults(1);
    expect((await refundOrder(admin, { orderId: order.id, amount: "full", reason: "asked by the reader" })).kind).toBe(
      "unconfirmed",
    );
    // M-Pesa reversed it, but its result never reached the shop: access stays until the shop knows.
    await expect.poll(() => daraja.transaction(receipt!)?.reversed).toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(await statusOf(order.id)).toBe("completed");
    const [refund] = await shop.db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund.status).toBe("unconfirmed");
    // A blank note is refused in words that name where to look for an M-Pesa direct payment.
    await expect(recordRefundOutcome(admin, { refundId: refund.id, refunded: true, note: " " })).rejects.toThrow(
      "Say what the M-PESA Org Portal shows",
    );
    const checked = await checkRefund(refund.id, admin);
    expect(checked.kind).toBe("unconfirmed");
    expect(checked.message).toContain(`M-Pesa asked for ${receipt}'s status`);
    await expect.poll(() => statusOf(order.id)).toBe("refunded");
    const [settled] = await shop.db().select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(settled.status).toBe("accepted");
    expect(settled.checkMessage).toContain("transaction status shows the payment reversed");
    const [grant] = await grantsOf(order.id);
    expect(grant.status).toBe("revoked");
  });

  it("an admin records a lost reversal's outcome from the M-PESA Org Portal; the log says so", async () => {
    const { user, order } = await mpesaOrder();
    const id = await prompt(order, user.id, newPhone());
    await daraja.answer(id, "approve");
    const adminUser = await createUser(shop.db(), { email: `admin-${crypto.randomUUID()}@nuru.test`, role: "admin" });
    const admin = await loadAdmin({ id: adminUser.id, role: "admin" });
    daraja.loseResults(1);
    await refundOrder(admin, { orderId: order.id, amount: "full", reason: "asked by the reader" });
    const [refund] = await shop.db().select().from(refunds).where(eq(refunds.orderId, order.id));
    const recorded = await recordRefundOutcome(admin, {
      refundId: refund.id,
      refunded: false,
      note: "Org portal shows no reversal for this receipt",
    });
    expect(recorded.kind).toBe("refused");
    expect(recorded.message).toContain("from the M-PESA Org Portal");
    expect(recorded.message).not.toContain("Pesapal");
  });

  it("a pasted code is checked with transaction status before anything is granted", async () => {
    const { user, order } = await mpesaOrder();
    const phone = `254${newPhone().slice(1)}`;
    // A made-up code: M-Pesa does not know it; nothing granted, and she is told.
    await checkPastedCode({ orderId: order.id, userId: user.id, code: "TZZZZZZZZZ" });
    await expect
      .poll(async () => (await loadPayPage({ orderId: order.id, userId: user.id }))?.codeRefused)
      .toBe("TZZZZZZZZZ");
    expect(await statusOf(order.id)).toBe("pending");
    await expect(checkPastedCode({ orderId: order.id, userId: user.id, code: "abc" })).rejects.toThrow(
      /ten letters and digits/,
    );
    // Paid by Paybill with a mistyped account number, then the code pasted: it pays this order.
    const paid = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: "NRTYPO",
      amount: order.amountCents / 100,
      phone,
    });
    expect(await statusOf(order.id)).toBe("pending");
    await checkPastedCode({ orderId: order.id, userId: user.id, code: `${paid.receipt} Confirmed. Ksh...` });
    await expect.poll(() => statusOf(order.id)).toBe("completed");
    expect(await grantsOf(order.id)).toHaveLength(1);
    // The same code on another order pays nothing.
    const second = await mpesaOrder();
    await checkPastedCode({ orderId: second.order.id, userId: second.user.id, code: paid.receipt! });
    await expect
      .poll(async () => (await loadPayPage({ orderId: second.order.id, userId: second.user.id }))?.codeRefused)
      .toBe(paid.receipt);
    expect(await statusOf(second.order.id)).toBe("pending");
  });
});
