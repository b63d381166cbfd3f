// Receipts an accountant accepts (issue 33): numbers without gaps per year, taken in the transaction that completes
// the order; seller, buyer PIN and VAT recorded then and never changed; the month's CSV adds up to the revenue the
// dashboard shows. Paid through the Pesapal stand-in over HTTP, on both databases.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase, getDb } from "~/db/client.server";
import { orders, profiles, receiptCounters } from "~/db/schema";
import { createEbook, createOrder, createPlan, createPricingData, createUser } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { startCheckout } from "~/modules/payments/checkout.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { startPesapalStandIn, type PesapalStandIn } from "~/stand-ins/pesapal/stand-in.server";
import { refundOrder } from "~/modules/payments/refunds.server";
import { issueReceipt } from "~/modules/receipts/receipt-numbers.server";
import { saveReceiptSettings } from "~/modules/receipts/receipt-settings.server";
import { exportCsv, monthExport } from "~/modules/receipts/receipt-export.server";
import { formatReceiptNumber, monthRange, nairobiMonth, nairobiYear } from "~/modules/receipts/receipt-rules";
import { getReceipt, receiptLines } from "~/modules/receipts/receipts.server";
import { revenueCents } from "~/modules/payments/revenue.server";
import { loadAdmin } from "../setup/admin-viewer";
import type { AdminViewer } from "~/modules/access/policy";

let t: TestDatabase;
let pesapal: PesapalStandIn;
let bookId: string;
let admin: AdminViewer;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
  // KSh 1,500.00: VAT 206.90, net 1,293.10.
  bookId = (await createEbook(t.db, { accessType: "premium", priceCents: 150000, title: "Cycle Notes" })).id;
  pesapal = await startPesapalStandIn({ consumerKey: "k", consumerSecret: "s", ipnAttempts: 1, ipnRetryDelayMs: 1 });
  configurePesapal({ baseUrl: pesapal.url, consumerKey: "k", consumerSecret: "s" });
  admin = await loadAdmin(await createUser(t.db, { email: `receipts-admin-${randomUUID()}@nuru.test`, role: "admin" }));
});

afterAll(async () => {
  configurePesapal(undefined);
  await pesapal?.close();
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function checkedOut(fullName = "Wanjiru Kamau") {
  const buyer = await createUser(t.db, { email: `buyer-${randomUUID()}@nuru.test`, fullName, password: null });
  const { orderId } = await startCheckout({ buyer, item: { kind: "ebook", id: bookId }, countryCode: "KE" });
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  return { buyer, order };
}

async function pay(order: typeof orders.$inferSelect, now = new Date()) {
  await pesapal.complete(order.gatewayTrackingId!, "mpesa");
  const result = await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "callback", now });
  expect(result).toMatchObject({ status: "completed" });
}

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const sequenceOf = (number: string | null) => Number(number?.split("-")[2]);

describe("receipt numbers", () => {
  it("gives concurrent completions consecutive numbers of the Nairobi year, none twice, none skipped", async () => {
    const bought = await Promise.all(Array.from({ length: 6 }, () => checkedOut()));
    const now = new Date();
    await Promise.all(bought.map(({ order }) => pay(order, now)));
    const numbers = await Promise.all(bought.map(async ({ order }) => (await orderRow(order.id)).receiptNumber));
    const year = nairobiYear(now);
    expect(numbers.every((n) => n?.startsWith(`NURU-${year}-`))).toBe(true);
    expect(numbers.map((n) => sequenceOf(n)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("gives a rolled-back completion's number to the next one (no gap)", async () => {
    const { order } = await checkedOut();
    const now = new Date();
    await expect(
      getDb().transaction(async (tx) => {
        expect(await issueReceipt(tx, order, now)).toBe(formatReceiptNumber(nairobiYear(now), 7));
        throw new Error("the completing transaction failed after taking a number");
      }),
    ).rejects.toThrow("failed after taking a number");
    expect((await orderRow(order.id)).receiptNumber).toBeNull();
    await pay(order, now);
    expect((await orderRow(order.id)).receiptNumber).toBe(formatReceiptNumber(nairobiYear(now), 7));
  });

  it("keeps the number when the same completion is reported again", async () => {
    const { order } = await checkedOut();
    await pay(order);
    const first = (await orderRow(order.id)).receiptNumber;
    await verifyPayment({ trackingId: order.gatewayTrackingId!, source: "ipn" });
    expect((await orderRow(order.id)).receiptNumber).toBe(first);
    expect(sequenceOf(first)).toBe(8);
  });
});

describe("what a receipt says", () => {
  it("names seller, buyer PIN and VAT as they were at completion, whatever changes later", async () => {
    const today = nairobiMonth(new Date()) + "-01";
    await saveReceiptSettings(admin, {
      businessName: "Nuru Wellness Ltd",
      address: "Kenyatta Avenue, Nairobi",
      kraPin: "P051234567Z",
      vatFrom: today,
    });
    const { buyer, order } = await checkedOut();
    await t.db.update(profiles).set({ kraPin: "A123456789B" }).where(eq(profiles.id, buyer.id));
    await pay(order);

    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      receiptSellerName: "Nuru Wellness Ltd",
      receiptSellerPin: "P051234567Z",
      receiptBuyerPin: "A123456789B",
      receiptVatCents: 20690,
    });
    const lines = () => getReceipt(buyer.id, order.id).then((r) => Object.fromEntries(receiptLines(r!)));
    const before = await lines();
    expect(before["Receipt number"]).toBe(row.receiptNumber);
    expect(before["Seller"]).toBe("Nuru Wellness Ltd · Kenyatta Avenue, Nairobi · KRA PIN P051234567Z");
    expect(before["Buyer KRA PIN"]).toBe("A123456789B");
    expect(before["Amount"]).toBe("KSh\u00a01,500.00");
    expect(before["VAT 16% (included)"]).toBe("KSh\u00a0206.90");
    expect(before["Amount before VAT"]).toBe("KSh\u00a01,293.10");

    // She changes her PIN and the shop its address and VAT: the receipt already issued stays as it was.
    await t.db.update(profiles).set({ kraPin: "B987654321C" }).where(eq(profiles.id, buyer.id));
    await saveReceiptSettings(admin, { businessName: "Renamed", address: "", kraPin: "", vatFrom: null });
    expect(await lines()).toEqual(before);
  });

  it("charges no VAT before the date VAT took effect, nor while it is off", async () => {
    await saveReceiptSettings(admin, {
      businessName: "Nuru",
      address: "",
      kraPin: "P051234567Z",
      vatFrom: "2999-01-01",
    });
    const { buyer, order } = await checkedOut();
    await pay(order);
    expect((await orderRow(order.id)).receiptVatCents).toBeNull();
    const lines = Object.fromEntries(receiptLines((await getReceipt(buyer.id, order.id))!));
    expect(lines).not.toHaveProperty("VAT 16% (included)");
    expect(lines["Seller"]).toBe("Nuru · KRA PIN P051234567Z");
  });
});

describe("the month's CSV", () => {
  it("lists every receipt and the refund as a negative line, and adds up to the month's revenue", async () => {
    const now = new Date();
    const month = nairobiMonth(now);
    await saveReceiptSettings(admin, {
      businessName: "Nuru",
      address: "",
      kraPin: "P051234567Z",
      vatFrom: "2020-01-01",
    });
    // A name that a spreadsheet would run as a formula.
    const { order } = await checkedOut('=HYPERLINK("http://evil.example")');
    await pay(order, now);
    const refund = await refundOrder(admin, { orderId: order.id, amount: "full", reason: "Bought by mistake" }, now);
    expect(refund.kind).toBe("accepted");
    const receiptNumber = (await orderRow(order.id)).receiptNumber!;

    const data = await monthExport(admin, month);
    const sales = data.lines.filter((l) => l.kind === "Sale");
    // Every receipt of this file so far: 8 + 1 + 1 + this one, numbered 1 to 11 without a gap.
    expect(sales.map((l) => sequenceOf(l.receiptNumber)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 11 }, (_, i) => i + 1),
    );
    const refundLine = data.lines.find((l) => l.kind === "Refund")!;
    expect(refundLine).toMatchObject({
      receiptNumber,
      amountCents: -150000,
      vatCents: -20690,
      netCents: -129310,
      refundReference: refund.refundId,
    });

    // The same money as the dashboard's revenue for the month (payments less accepted refunds).
    const { from, to } = monthRange(month);
    const [since, after] = await Promise.all([revenueCents(from), revenueCents(to)]);
    expect(data.totals.amountCents).toBe(since.netCents - after.netCents);
    expect(data.totals.amountCents).toBe(10 * 150000);

    const csv = exportCsv(data);
    const rows = csv.trimEnd().split("\r\n");
    expect(rows[0]).toBe(
      "Type,Receipt number,Date (Nairobi),Buyer,Buyer email,Buyer KRA PIN,Item,Amount (KES),VAT (KES),Net (KES),Payment method,Pesapal confirmation code,Order reference,Refund reference",
    );
    expect(rows).toHaveLength(1 + 11 + 1);
    const sale = rows.find((r) => r.startsWith(`Sale,${receiptNumber},`))!;
    expect(sale).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
    expect(sale).toContain(",Ebook: Cycle Notes,1500.00,206.90,1293.10,M-Pesa,");
    expect(sale).toContain(`,${order.merchantReference},`);
    const refunded = rows.find((r) => r.startsWith("Refund,"))!;
    expect(refunded).toContain(`,${receiptNumber},`);
    expect(refunded).toContain(",-1500.00,-206.90,-1293.10,");
    expect(refunded.endsWith(`,${refund.refundId}`)).toBe(true);
  });
});

describe("orders paid before receipts were numbered", () => {
  it("are numbered by the migration in completion order per Nairobi year, and the counter carries on", async () => {
    const buyer = await createUser(t.db, { email: `old-${randomUUID()}@nuru.test`, password: null });
    const old = (completedAt: string) =>
      createOrder(t.db, {
        userId: buyer.id,
        item: { kind: "ebook", ebookId: bookId, basePriceCents: 150000 },
        status: "completed",
        createdAt: new Date(completedAt),
      });
    // Made out of order; 22:00 UTC on 31 December 2024 is 01:00 on 1 January 2025 in Nairobi.
    const march = await old("2025-03-01T09:00:00Z");
    const newYear = await old("2024-12-31T22:00:00Z");
    const january = await old("2025-01-15T09:00:00Z");
    const december = await old("2024-12-31T20:00:00Z");
    const migration = readFileSync("app/db/migrations/0029_receipts.sql", "utf8").split("--> statement-breakpoint");
    for (const statement of migration.slice(-2)) await t.db.execute(sql.raw(statement));

    const numberOf = async (o: { id: string }) => (await orderRow(o.id)).receiptNumber;
    expect(await numberOf(december)).toBe("NURU-2024-000001");
    expect(await numberOf(newYear)).toBe("NURU-2025-000001");
    expect(await numberOf(january)).toBe("NURU-2025-000002");
    expect(await numberOf(march)).toBe("NURU-2025-000003");
    const counters = await t.db.select().from(receiptCounters).orderBy(receiptCounters.year);
    expect(counters.filter((c) => c.year < 2026)).toEqual([
      { year: 2024, lastNumber: 1 },
      { year: 2025, lastNumber: 3 },
    ]);
    // The numbers given since are untouched: this year's counter still names the last one issued.
    expect(counters.find((c) => c.year === nairobiYear(new Date()))?.lastNumber).toBe(11);
  });
});
