import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, gt, isNull, lt, or } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { verifyPassword } from "better-auth/crypto";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { createFileStorage } from "~/modules/storage/storage.server";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "~/db/seed/demo";
import * as s from "~/db/schema";

let t: TestDatabase;
const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-storage-")));
const now = new Date("2026-11-21T09:00:00Z");

beforeAll(async () => {
  t = await createTestDatabase();
  expect(await seedDemo(t.db, storage, now)).toBe(true);
});
afterAll(async () => {
  await t?.dispose();
});

describe(`demo content (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("has the six categories of the spec", async () => {
    const rows = await t.db.select().from(s.categories).orderBy(s.categories.sortKey);
    expect(rows.map((r) => r.slug)).toEqual([
      "weight-loss",
      "hips-glutes",
      "breast-health-confidence",
      "flat-tummy-lower-belly",
      "weight-gain",
      "skin-beauty",
    ]);
    expect(rows.every((r) => r.description && r.icon && r.themeColor)).toBe(true);
  });

  it("has at least 18 published articles of every access type, three must-reads, three featured, and drafts", async () => {
    const published = await t.db.select().from(s.articles).where(eq(s.articles.published, true));
    expect(published.length).toBeGreaterThanOrEqual(18);
    const fromEditor = published.filter((a) => a.richContent === null);
    expect(fromEditor.length).toBeGreaterThan(0);
    for (const article of fromEditor) expect(article.content).toMatch(/^<p>/);
    for (const access of ["free", "premium", "subscription"] as const) {
      expect(published.filter((a) => a.accessType === access).length).toBeGreaterThanOrEqual(3);
    }
    expect(published.filter((a) => a.isMustRead)).toHaveLength(3);
    expect(published.filter((a) => a.isFeatured)).toHaveLength(3);
    const [drafts] = await t.db.select({ n: count() }).from(s.articles).where(eq(s.articles.published, false));
    expect(drafts.n).toBeGreaterThan(0);
    for (const article of published.filter((a) => a.richContent !== null)) {
      const types = new Set(article.richContent!.map((b) => b.type));
      expect(types.has("text") && types.has("image")).toBe(true);
      expect(article.tags.length).toBeGreaterThan(0);
      expect(article.content).not.toMatch(/lorem ipsum/i);
    }
    expect(published.some((a) => a.richContent?.some((b) => b.type === "video"))).toBe(true);
    const links = await t.db.select({ n: count() }).from(s.articleCategories);
    expect(links[0].n).toBeGreaterThanOrEqual(published.length);
  });

  it("has at least 8 published ebooks with real multi-page PDFs and generated covers", async () => {
    const books = await t.db.select().from(s.ebooks).where(eq(s.ebooks.published, true));
    expect(books.length).toBeGreaterThanOrEqual(8);
    for (const book of books) {
      const file = await storage.get("private", book.filePath!);
      expect(file).not.toBeNull();
      const pdf = await PDFDocument.load(file!.bytes);
      expect(pdf.getPageCount()).toBeGreaterThan(3);
      expect(pdf.getPageCount()).toBe(book.pageCount);
      const key = book.coverImageUrl!.replace(/^\/media\//, "");
      expect((await storage.get("public", key))?.contentType).toBe("image/jpeg");
      // Through the uploads' path: recorded with its size, and responsive copies beside it.
      const [asset] = await t.db.select().from(s.mediaAssets).where(eq(s.mediaAssets.key, key));
      expect(asset).toMatchObject({ kind: "cover", width: 800, height: 1200 });
      expect(asset.variants).toEqual({ widths: [320, 640, 800], formats: ["avif", "webp", "jpg"] });
      expect(await storage.stat("public", key.replace(/\.jpg$/, "-320w.avif"))).not.toBeNull();
    }
    expect(new Set(books.map((b) => b.accessType))).toEqual(new Set(["free", "premium", "subscription"]));
  });

  it("has catalogue A plans and the 7-day pass, pricing rules and fallback exchange rates", async () => {
    const plans = await t.db.select().from(s.subscriptionPlans).orderBy(s.subscriptionPlans.sortKey);
    expect(plans.map((p) => [p.slug, p.priceCents, p.periodUnit, p.periodCount, p.ebookLimit])).toEqual([
      ["week-pass", 9900, "day", 7, 1],
      ["basic", 25000, "month", 2, 1],
      ["standard", 50000, "month", 2, 2],
      ["premium", 150000, "month", 3, null],
    ]);
    expect(plans.find((p) => p.slug === "standard")?.badge).toBe("Most Popular");
  });

  it("stores the pricing rules of spec section 9 exactly", async () => {
    const rules = await t.db.select().from(s.pricingRules);
    const markup = new Map(rules.map((r) => [r.countryCode, r]));
    // Spec section 9 multipliers, as markup percentages: x2.5 = +150 %, x2 = +100 %, x1.2 = +20 %, x1 = 0.
    const expected: Record<string, string> = {
      KE: "0.00",
      ...Object.fromEntries("US CA GB DE FR IT ES NL SE CH NO AU NZ".split(" ").map((c) => [c, "150.00"])),
      ...Object.fromEntries("AE SA QA KW BH OM ZA".split(" ").map((c) => [c, "100.00"])),
      ...Object.fromEntries("NG GH UG TZ RW ET EG MA SN ZM".split(" ").map((c) => [c, "20.00"])),
    };
    for (const [country, percentage] of Object.entries(expected)) {
      expect([country, markup.get(country)?.markupPercentage]).toEqual([country, percentage]);
      expect(markup.get(country)?.discountPercentage).toBe("0.00");
    }
    // Every other stored rule is an African country at +20 %; unlisted countries have no row (base price).
    const others = rules.filter((r) => !(r.countryCode in expected));
    expect(others.every((r) => r.markupPercentage === "20.00")).toBe(true);
    expect(markup.has("JP")).toBe(false);
    expect(markup.get("US")?.currency).toBe("USD");
    expect(markup.get("NG")?.currency).toBe("NGN");
  });

  it("stores the fallback exchange rates of spec section 9 exactly", async () => {
    const rates = await t.db.select().from(s.exchangeRates);
    const byCurrency = Object.fromEntries(rates.map((r) => [r.currency, r.ratePerKes]));
    expect(byCurrency).toEqual({
      KES: "1.00000000",
      ZAR: "0.15000000",
      NGN: "4.50000000",
      GHS: "0.06000000",
      USD: "0.00800000",
      CAD: "0.01000000",
      EUR: "0.00700000",
      GBP: "0.00600000",
      AED: "0.03000000",
      SAR: "0.03000000",
      INR: "0.60000000",
      CNY: "0.05000000",
    });
  });

  it("backs every demo grant with a completed order and a verified payment of the same amount", async () => {
    const grants = await t.db
      .select({
        email: s.users.email,
        orderStatus: s.orders.status,
        amount: s.orders.amountCents,
        base: s.orders.basePriceCents,
        paid: s.payments.amountCents,
        paidCurrency: s.payments.currency,
        paymentStatus: s.payments.status,
      })
      .from(s.orders)
      .innerJoin(s.users, eq(s.users.id, s.orders.userId))
      .innerJoin(s.payments, eq(s.payments.orderId, s.orders.id))
      .orderBy(s.users.email);
    expect(grants).toEqual([
      expect.objectContaining({ email: "buyer@nuru.test", orderStatus: "completed", paymentStatus: "completed" }),
      expect.objectContaining({ email: "expired@nuru.test", amount: 25000, orderStatus: "completed" }),
      expect.objectContaining({ email: "subscriber@nuru.test", amount: 50000, orderStatus: "completed" }),
    ]);
    for (const g of grants) {
      expect([g.paid, g.paidCurrency, g.base]).toEqual([g.amount, "KES", g.amount]);
    }
    const subscriptionOrders = await t.db
      .select({ kind: s.orders.kind, planId: s.orders.planId, subPlan: s.userSubscriptions.planId })
      .from(s.userSubscriptions)
      .innerJoin(s.orders, eq(s.orders.id, s.userSubscriptions.orderId));
    expect(subscriptionOrders).toHaveLength(2);
    for (const o of subscriptionOrders) expect([o.kind, o.planId]).toEqual(["plan", o.subPlan]);
  });

  it("numbers the demo receipts as real ones, in completion order, and the counter goes on from them", async () => {
    const rows = await t.db
      .select({ email: s.users.email, number: s.orders.receiptNumber, seller: s.orders.receiptSellerName })
      .from(s.orders)
      .innerJoin(s.users, eq(s.users.id, s.orders.userId))
      .orderBy(s.orders.completedAt);
    // Completed 95, 10 and 7 days before 2026-11-21: all in Nairobi's 2026.
    expect(rows).toEqual([
      { email: "expired@nuru.test", number: "NURU-2026-000001", seller: "Nuru" },
      { email: "subscriber@nuru.test", number: "NURU-2026-000002", seller: "Nuru" },
      { email: "buyer@nuru.test", number: "NURU-2026-000003", seller: "Nuru" },
    ]);
    const [counter] = await t.db.select().from(s.receiptCounters).where(eq(s.receiptCounters.year, 2026));
    expect(counter.lastNumber).toBe(3);
  });

  it("has three published hero slides, an active featured ad and published testimonials", async () => {
    expect(await t.db.$count(s.heroSlides, eq(s.heroSlides.published, true))).toBe(3);
    expect(await t.db.$count(s.featuredEbookAd, eq(s.featuredEbookAd.active, true))).toBe(1);
    expect(await t.db.$count(s.testimonials, eq(s.testimonials.published, true))).toBeGreaterThanOrEqual(3);
  });

  it("creates the demo accounts with the shared password and the promised states", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [row] = await t.db
        .select({ id: s.users.id, verified: s.users.emailVerified, hash: s.accounts.password, role: s.profiles.role })
        .from(s.users)
        .innerJoin(s.accounts, eq(s.accounts.userId, s.users.id))
        .innerJoin(s.profiles, eq(s.profiles.id, s.users.id))
        .where(eq(s.users.email, account.email));
      expect(row.verified).toBe(true);
      expect(row.role).toBe(account.role);
      expect(await verifyPassword({ hash: row.hash!, password: DEMO_PASSWORD })).toBe(true);
      expect(await verifyPassword({ hash: row.hash!, password: "wrong-password" })).toBe(false);
    }
    const activeFor = async (email: string) => {
      const rows = await t.db
        .select({ id: s.userSubscriptions.id })
        .from(s.userSubscriptions)
        .innerJoin(s.users, eq(s.users.id, s.userSubscriptions.userId))
        .where(
          and(
            eq(s.users.email, email),
            eq(s.userSubscriptions.status, "active"),
            or(isNull(s.userSubscriptions.endDate), gt(s.userSubscriptions.endDate, now)),
          ),
        );
      return rows.length;
    };
    expect(await activeFor("subscriber@nuru.test")).toBe(1);
    expect(await activeFor("expired@nuru.test")).toBe(0);
    expect(await activeFor("reader@nuru.test")).toBe(0);
    const lastMonth = await t.db
      .select({ end: s.userSubscriptions.endDate })
      .from(s.userSubscriptions)
      .innerJoin(s.users, eq(s.users.id, s.userSubscriptions.userId))
      .where(and(eq(s.users.email, "expired@nuru.test"), lt(s.userSubscriptions.endDate, now)));
    expect(lastMonth).toHaveLength(1);
    const purchases = await t.db
      .select({ access: s.ebooks.accessType, status: s.orders.status })
      .from(s.ebookPurchases)
      .innerJoin(s.users, eq(s.users.id, s.ebookPurchases.userId))
      .innerJoin(s.ebooks, eq(s.ebooks.id, s.ebookPurchases.ebookId))
      .innerJoin(s.orders, eq(s.orders.id, s.ebookPurchases.orderId))
      .where(eq(s.users.email, "buyer@nuru.test"));
    expect(purchases).toEqual([{ access: "premium", status: "completed" }]);
  });

  it("does nothing when the database already has content", async () => {
    expect(await seedDemo(t.db, storage, now)).toBe(false);
    expect(await t.db.$count(s.categories)).toBe(6);
  });
});
