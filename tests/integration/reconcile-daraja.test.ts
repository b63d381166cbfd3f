// `npm run reconcile` compares M-Pesa direct too (issue 49 item 4, ADR 043): each Daraja order and M-Pesa payment we
// hold against what Daraja's STK query and M-Pesa's confirmations say. Paid at M-Pesa but not granted here, granted
// here but not paid, a different amount, and Paybill payments by hand that match no order are each shown with what
// to do; a re-check then settles the first, and the comparison stops showing it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { lostNotificationShop } from "../setup/lost-notification-shop";
import { mpesaPushes, orders, userSubscriptions } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { forgetEnv } from "~/lib/env.server";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configureDaraja } from "~/modules/payments/daraja-gateway.server";
import { compareWithDaraja } from "~/modules/payments/daraja-comparison.server";
import { savePaymentMethodSettings } from "~/modules/payments/payment-provider.server";
import { registerC2bUrls, sendPrompt } from "~/modules/payments/mpesa-payments.server";
import { checkPendingOrders } from "~/modules/payments/pending-orders.server";
import { compareWithProviders, runReconcile } from "~/modules/payments/reconcile-report.server";
import { reconcile } from "~/modules/payments/reconciliation.server";
import Reconciliation from "~/routes/admin/reconciliation";
import { routeText } from "../setup/rendered-text";
import { action as darajaRoute } from "~/routes/api-payments-daraja";
import { startDarajaStandIn, type DarajaStandIn } from "~/stand-ins/daraja/stand-in.server";

const shop = lostNotificationShop();

/** The reconciliation page as the admin sees it after "Compare now" (its loader's data, rendered), as plain text. */
async function reconciliationPageText(): Promise<string> {
  const day = new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
  const report = await reconcile({ from: day, to: day });
  const loaderData = {
    report,
    counts: { payments: report.payments.length, refunds: report.refunds.length, grants: report.grants.length },
    compared: await compareWithProviders(),
  };
  const text = routeText(
    Reconciliation as never,
    "/admin/orders/reconciliation",
    "/admin/orders/reconciliation?compare=providers",
    loaderData,
  );
  return text.replace(/ ([.:;,])/g, "$1");
}
let daraja: DarajaStandIn;
let server: Server;

beforeAll(async () => {
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
  process.env.PUBLIC_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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

let phones = 0;
async function promptedOrder() {
  const user = await createUser(shop.db(), { email: `mpesa-rec-${crypto.randomUUID()}@nuru.test` });
  const buyer = { id: user.id, email: user.email, fullName: "Wanjiru K", role: "guest" as const };
  const { orderId } = await startCheckout({
    buyer,
    item: { kind: "plan", slug: "standard" },
    countryCode: "KE",
    method: "mpesa",
  });
  phones++;
  const { checkoutRequestId } = await sendPrompt({
    orderId,
    userId: user.id,
    phone: `0712${String(100_000 + phones).slice(0, 6)}`,
    remember: false,
    smsReceipt: false,
  });
  const [order] = await shop.db().select().from(orders).where(eq(orders.id, orderId));
  return { order, checkoutRequestId };
}

const statusOf = async (id: string) => (await shop.db().select().from(orders).where(eq(orders.id, id)))[0]!.status;

describe(`reconcile compares M-Pesa direct (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("finds every difference with M-Pesa, says what to do, and changes nothing", async () => {
    // Approved at M-Pesa, callback lost: paid there, not granted here.
    const lost = await promptedOrder();
    await daraja.answer(lost.checkoutRequestId, "approve", "never");
    // Cancelled at M-Pesa, but recorded here as paid (a wrong write): granted here, not paid.
    const wrong = await promptedOrder();
    await daraja.answer(wrong.checkoutRequestId, "cancel", "never");
    await shop
      .db()
      .update(mpesaPushes)
      .set({ resultCode: 0, resultDesc: "forged" })
      .where(eq(mpesaPushes.checkoutRequestId, wrong.checkoutRequestId));
    await shop.db().update(orders).set({ status: "completed" }).where(eq(orders.id, wrong.order.id));
    // Paid, but the prompt we recorded asked for another amount than the order's.
    const amount = await promptedOrder();
    await daraja.answer(amount.checkoutRequestId, "approve");
    expect(await statusOf(amount.order.id)).toBe("completed");
    await shop
      .db()
      .update(mpesaPushes)
      .set({ amountCents: amount.order.amountCents - 100 })
      .where(eq(mpesaPushes.checkoutRequestId, amount.checkoutRequestId));
    // Paybill by hand: a wrong account number, and the right one with a wrong amount.
    const hand = await promptedOrder();
    const wrongAccount = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: "NOSUCH42",
      amount: hand.order.amountCents / 100,
      phone: "254712000111",
    });
    const wrongAmount = await daraja.payBill({
      businessNumber: "600100",
      accountNumber: hand.order.mpesaAccount!,
      amount: hand.order.amountCents / 100 - 1,
      phone: "254712000112",
    });
    // Paid and granted once: no difference.
    const fine = await promptedOrder();
    await daraja.answer(fine.checkoutRequestId, "approve");
    expect(await statusOf(fine.order.id)).toBe("completed");

    const comparison = await compareWithDaraja();
    expect(comparison?.reached).toBe(true);
    const of = (id: string) => comparison!.differences.filter((d) => d.orderId === id).map((d) => d.kind);
    expect(of(lost.order.id)).toEqual(["paid_not_granted"]);
    expect(of(wrong.order.id)).toEqual(["granted_not_paid"]);
    expect(of(amount.order.id)).toEqual(["amount_differs"]);
    expect(of(fine.order.id)).toEqual([]);
    const held = comparison!.differences.filter((d) => d.kind === "hand_payment_unmatched");
    expect(held.map((d) => d.mpesa)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(wrongAccount.receipt!),
        expect.stringContaining(wrongAmount.receipt!),
      ]),
    );
    expect(held.find((d) => d.mpesa.includes(wrongAccount.receipt!))?.action).toMatch(
      /Match it to an order or refund it/,
    );
    const lostWords = comparison!.differences.find((d) => d.orderId === lost.order.id)!;
    expect(lostWords.action).toMatch(/M-Pesa shows this order paid/);

    // The admin's reconciliation page shows the same, when she presses "Compare now".
    const page = await reconciliationPageText();
    expect(page).toContain("Compared with Pesapal and M-Pesa");
    expect(page).toContain(
      `${lost.order.merchantReference}: we recorded ${lostWords.recorded}; M-Pesa says ${lostWords.mpesa}. To do: ${lostWords.action}`.replace(
        /\s+/g,
        " ",
      ),
    );
    expect(page).toContain(`${wrongAccount.receipt}`);
    expect(await statusOf(lost.order.id)).toBe("pending");
    expect(
      await shop.db().select().from(userSubscriptions).where(eq(userSubscriptions.orderId, lost.order.id)),
    ).toHaveLength(0);

    const day = (offset: number) =>
      new Date(Date.now() + 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);
    const run = await runReconcile({ from: day(-1), to: day(1) });
    expect(run.exitCode).toBe(1);
    expect(run.text).toMatch(/Compared with M-Pesa \(Daraja\): \d+ orders, \d+ prompts asked by STK query/);
    expect(run.text).toContain(`paid_not_granted: ${lost.order.merchantReference}: we recorded Pending`);
    expect(run.text).toContain(`hand_payment_unmatched`);

    // The re-check asks the STK query and grants the lost one; the comparison stops showing it.
    const [waiting] = await shop.db().select().from(orders).where(eq(orders.id, lost.order.id));
    await checkPendingOrders(new Date(waiting!.nextStatusCheckAt!.getTime() + 1));
    expect(await statusOf(lost.order.id)).toBe("completed");
    const after = await compareWithDaraja();
    expect(after!.differences.filter((d) => d.orderId === lost.order.id)).toEqual([]);
  });

  it("says it could not ask when Daraja is down", async () => {
    const open = await promptedOrder();
    expect(open.order.status).toBe("pending");
    const url = daraja.url;
    configureDaraja({
      baseUrl: "http://127.0.0.1:9",
      consumerKey: "dk",
      consumerSecret: "ds",
      shortcode: "600100",
      passkey: "pk",
      initiatorName: "nuru-api",
      securityCredential: "encrypted",
    });
    try {
      const comparison = await compareWithDaraja();
      expect(comparison).toMatchObject({ reached: false, problem: expect.stringMatching(/could not be reached/) });
    } finally {
      configureDaraja({
        baseUrl: url,
        consumerKey: "dk",
        consumerSecret: "ds",
        shortcode: "600100",
        passkey: "pk",
        initiatorName: "nuru-api",
        securityCredential: "encrypted",
      });
    }
  });
});
