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
      const cover = await storage.get("public", book.coverImageUrl!.replace(/^\/media\//, ""));
      expect(cover?.contentType).toBe("image/svg+xml");
    }
    expect(new Set(books.map((b) => b.accessType))).toEqual(new Set(["free", "premium", "subscription"]));
  });

  it("has catalogue A plans, pricing rules and fallback exchange rates", async () => {
    const plans = await t.db.select().from(s.subscriptionPlans).orderBy(s.subscriptionPlans.sortKey);
    expect(plans.map((p) => [p.slug, p.price, p.durationMonths, p.ebookLimit])).toEqual([
      ["basic", 250, 2, 1],
      ["standard", 500, 2, 2],
      ["premium", 1500, 3, null],
    ]);
    expect(plans[1].badge).toBe("Most Popular");
    const us = await t.db.select().from(s.pricingRules).where(eq(s.pricingRules.countryCode, "US"));
    expect(us[0].markupPercentage).toBe(150);
    const za = await t.db.select().from(s.pricingRules).where(eq(s.pricingRules.countryCode, "ZA"));
    expect(za[0].markupPercentage).toBe(100);
    const ng = await t.db.select().from(s.pricingRules).where(eq(s.pricingRules.countryCode, "NG"));
    expect(ng[0].markupPercentage).toBe(20);
    const usd = await t.db.select().from(s.exchangeRates).where(eq(s.exchangeRates.currency, "USD"));
    expect(usd[0].ratePerKes).toBeCloseTo(0.008);
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
