// Plans measured in days, weeks or months (issue 33, ADR 036): the 7-day pass bought through the real checkout, the
// real Pesapal client and the stand-in over HTTP grants exactly 7 days; an early renewal queues 7 more; a card
// renewal asks Pesapal for a WEEKLY schedule and each charge adds 7 days; reminders for a pass come only the day
// before its end; My Library, the receipt and the reminder name the pass and its period.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import {
  cardRenewals,
  devOutbox,
  orders,
  subscriptionNotices,
  subscriptionPlans,
  userSubscriptions,
} from "~/db/schema";
import { createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { quoteCheckout, startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { answerIpn, readIpnRequest } from "~/modules/payments/ipn.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { sendRenewalReminders } from "~/modules/membership/subscriptions.server";
import { getCurrentSubscription } from "~/modules/membership/library.server";
import { getReceipt } from "~/modules/receipts/receipts.server";
import { pesapalDate } from "~/modules/membership/card-renewal-schedule";
import { formatDate } from "~/lib/format";

const DAY = 86_400_000;
let t: TestDatabase;
let pesapal: PesapalStandIn;
let ipnServer: Server;

/** The shop's IPN route in miniature: Pesapal's request -> the real handler -> its answer. */
async function startIpnListener() {
  ipnServer = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const request = new Request(`http://127.0.0.1${req.url}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      body: req.method === "GET" ? undefined : Buffer.concat(chunks),
    });
    const answer = await answerIpn(await readIpnRequest(request));
    res.writeHead(answer.status, { "Content-Type": "application/json" });
    res.end(await answer.text());
  });
  await new Promise<void>((resolve) => ipnServer.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(ipnServer.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  process.env.PUBLIC_URL = await startIpnListener();
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  await createPlan(t.db, {
    slug: "one-week",
    name: "Week",
    priceCents: 12000,
    periodUnit: "week",
    periodCount: 1,
    ebookLimit: 1,
  });
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 2, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  await new Promise<void>((resolve) => (ipnServer ? ipnServer.close(() => resolve()) : resolve()));
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

const newReader = () =>
  createUser(t.db, { email: `pass-${randomUUID()}@nuru.test`, fullName: "Akinyi Odhiambo", password: null });
type Reader = Awaited<ReturnType<typeof newReader>>;
const orderOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const periodsOf = (userId: string) =>
  t.db
    .select()
    .from(userSubscriptions)
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(asc(userSubscriptions.startDate));
const mailsTo = (email: string) => t.db.select().from(devOutbox).where(eq(devOutbox.to, email));
const submitted = (merchantReference: string) =>
  pesapal.requests.find(
    (r) => r.path.toLowerCase().endsWith("submitorderrequest") && (r.body as { id?: string })?.id === merchantReference,
  )!.body as Record<string, unknown>;

/** Checkout for a plan, paid on the stand-in (M-Pesa, or card with the schedule accepted); the IPN verifies it. */
async function buy(buyer: Reader, slug: string, how: "mpesa" | "card-recurring" = "mpesa") {
  const { orderId } = await startCheckout({
    buyer,
    item: { kind: "plan", slug },
    countryCode: "KE",
    autoRenew: how === "card-recurring",
  });
  const order = await orderOf(orderId);
  if (how === "mpesa") await pesapal.complete(order.gatewayTrackingId!, "mpesa");
  else await pesapal.completeWithRecurring(order.gatewayTrackingId!);
  expect((await orderOf(orderId)).status).toBe("completed");
  return order;
}

describe(`plan periods: the 7-day pass (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("the plans table keeps a unit and a count, and refuses a zero count or an unknown unit", async () => {
    const [pass] = await t.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "week-pass"));
    expect(pass).toMatchObject({ name: "7-day pass", priceCents: 9900, periodUnit: "day", periodCount: 7 });
    await expect(
      createPlan(t.db, { slug: "zero", name: "Zero", priceCents: 100, periodUnit: "day", periodCount: 0 }),
    ).rejects.toThrow();
    await expect(
      createPlan(t.db, {
        slug: "year",
        name: "Year",
        priceCents: 100,
        periodUnit: "year" as "month",
        periodCount: 1,
      }),
    ).rejects.toThrow();
  });

  it("checkout quotes the pass at KSh 99 for 7 days, and paying grants exactly 7 days", async () => {
    const quote = await quoteCheckout({ kind: "plan", slug: "week-pass" }, "KE");
    expect(quote).toMatchObject({ name: "7-day pass", period: { periodUnit: "day", periodCount: 7 } });
    expect(quote!.price.chargedCents).toBe(9900);

    const buyer = await newReader();
    const order = await buy(buyer, "week-pass");
    expect(order.amountCents).toBe(9900);
    expect(submitted(order.merchantReference).description).toBe("Nuru 7-day pass, 7 days");
    const [period] = await periodsOf(buyer.id);
    expect(period!.orderId).toBe(order.id);
    expect(period!.endDate!.getTime() - period!.startDate.getTime()).toBe(7 * DAY);

    // My Library names the pass, its period and its end.
    const library = await getCurrentSubscription(buyer.id);
    expect(library).toMatchObject({ title: "7-day pass", periodText: "7 days", isPass: true, daysLeft: 7 });
    expect(library!.standing.words.summary).toBe(
      `7-day pass · Active · renewal on · paid up to ${formatDate(period!.endDate!.toISOString())}`,
    );
    expect(library!.standing.words.renewal).toContain(
      `we e-mail you the day before ${formatDate(period!.endDate!.toISOString())}`,
    );

    // The receipt describes what was bought and the 7 days it paid for.
    const receipt = await getReceipt(buyer.id, order.id);
    expect(receipt!.item).toBe("7-day pass (7 days)");
    expect(receipt!.period).toBe(
      `${formatDate(period!.startDate.toISOString())} to ${formatDate(period!.endDate!.toISOString())}`,
    );
    const mails = await mailsTo(buyer.email);
    expect(mails.some((m) => m.text.includes("the 7-day pass (7 days)"))).toBe(true);
  });

  it("a pass renewed early queues 7 more days from the end of the running one", async () => {
    const buyer = await newReader();
    await buy(buyer, "week-pass");
    await buy(buyer, "week-pass");
    const [first, second] = await periodsOf(buyer.id);
    expect(second!.status).toBe("scheduled");
    expect(second!.startDate.getTime()).toBe(first!.endDate!.getTime());
    expect(second!.endDate!.getTime() - second!.startDate.getTime()).toBe(7 * DAY);
    expect((await getCurrentSubscription(buyer.id))!.daysLeft).toBe(14);
  });

  it("reminders: a pass gets only the day-before one; a 2-month plan still gets 7 days and 1 day", async () => {
    const passBuyer = await newReader();
    await buy(passBuyer, "week-pass");
    const planBuyer = await newReader();
    await buy(planBuyer, "basic");
    const [pass] = await periodsOf(passBuyer.id);
    const [plan] = await periodsOf(planBuyer.id);
    const passEnd = pass!.endDate!.getTime();
    const planEnd = plan!.endDate!.getTime();
    const noticesOf = async (subscriptionId: string) =>
      (await t.db.select().from(subscriptionNotices).where(eq(subscriptionNotices.subscriptionId, subscriptionId)))
        .map((n) => n.kind)
        .sort();

    // Six days before each end: the plan gets its 7-day reminder; the pass (bought a day ago) none.
    await sendRenewalReminders(new Date(passEnd - 6 * DAY));
    await sendRenewalReminders(new Date(planEnd - 6 * DAY));
    expect(await noticesOf(pass!.id)).toEqual([]);
    expect(await noticesOf(plan!.id)).toEqual(["reminder_7d"]);

    // Twelve hours before each end: both get the last day's reminder, once.
    await sendRenewalReminders(new Date(passEnd - DAY / 2));
    await sendRenewalReminders(new Date(passEnd - DAY / 4));
    await sendRenewalReminders(new Date(planEnd - DAY / 2));
    expect(await noticesOf(pass!.id)).toEqual(["reminder_1d"]);
    expect(await noticesOf(plan!.id)).toEqual(["reminder_1d", "reminder_7d"]);
    const reminders = (await mailsTo(passBuyer.email)).filter((m) => m.subject.includes("ends"));
    expect(reminders.map((m) => m.subject)).toEqual(["Your Nuru 7-day pass ends tomorrow"]);
    expect(reminders[0]!.text).toContain("Renew the 7-day pass");
  });

  it("card auto-renew asks Pesapal for a WEEKLY schedule, and each charge adds exactly 7 days", async () => {
    for (const slug of ["week-pass", "one-week"]) {
      const buyer = await newReader();
      const order = await buy(buyer, slug, "card-recurring");
      const [first] = await periodsOf(buyer.id);
      expect(submitted(order.merchantReference).subscription_details).toEqual({
        start_date: pesapalDate(first!.endDate!),
        end_date: expect.stringMatching(/^\d{2}-\d{2}-\d{4}$/),
        frequency: "WEEKLY",
      });
      const [agreement] = await t.db.select().from(cardRenewals).where(eq(cardRenewals.firstOrderId, order.id));
      expect(agreement!.status).toBe("active");
      await pesapal.chargeRecurring(agreement!.accountNumber);
      await pesapal.chargeRecurring(agreement!.accountNumber);
      const periods = await periodsOf(buyer.id);
      expect(periods).toHaveLength(3);
      for (let i = 1; i < periods.length; i++) {
        expect(periods[i]!.startDate.getTime()).toBe(periods[i - 1]!.endDate!.getTime());
        expect(periods[i]!.endDate!.getTime() - periods[i]!.startDate.getTime()).toBe(7 * DAY);
      }
      const library = await getCurrentSubscription(buyer.id);
      expect(library!.standing.words.renewal).toBe(
        `Renews automatically by card on ${formatDate(periods[2]!.endDate!.toISOString())}. We e-mail you the day before your card is charged.`,
      );
    }
  });
});
