import { randomUUID } from "node:crypto";
import type { Database } from "../client.server";
import { eq } from "drizzle-orm";
import {
  articles as articlesTable,
  categories as categoriesTable,
  ebooks as ebooksTable,
  featuredEbookAd,
  heroSlides as heroSlidesTable,
  siteSettings,
  testimonials as testimonialsTable,
  type RichBlock,
} from "../schema";
import type { ObjectStorage } from "~/modules/storage/storage.server";
import { buildTextEditionForSystem } from "~/modules/reader/text-edition.server";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { kesToCents } from "~/modules/pricing/money";
import { coverSvg, ebookPdf, illustrationSvg } from "./assets";
import { demoImages } from "./demo-images";
import * as data from "./content-data";
import {
  createArticle,
  createPricingData,
  createCategory,
  createEbook,
  createPaidOrder,
  createPlan,
  createPurchase,
  createSubscription,
  createUser,
} from "./factories";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./demo-accounts";
import { issueReceipt } from "~/modules/receipts/receipt-numbers.server";

export { DEMO_ACCOUNTS, DEMO_PASSWORD };

const DAY = 24 * 60 * 60 * 1000;

/** Loads the demo shop into an empty database. Returns false (and does nothing) when content exists. */
export async function seedDemo(db: Database, storage: ObjectStorage, now = new Date()): Promise<boolean> {
  const existing = await db.select({ id: categoriesTable.id }).from(categoriesTable).limit(1);
  if (existing.length > 0) return false;

  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
  // Drawn as SVG, stored as the uploads are: a JPEG with responsive copies, recorded in media_assets.
  const images = demoImages(storage);
  const storeImage = (folder: string, name: string, label: string, seed: number) =>
    images.store(`${folder}/${name}`, illustrationSvg(label, seed), "image");

  const categoryIds = new Map<string, string>();
  for (const [index, c] of data.categories.entries()) {
    const row = await createCategory(db, { ...c, sortKey: index + 1 });
    categoryIds.set(c.slug, row.id);
  }
  const idsFor = (slugs: string[]) => slugs.map((s) => categoryIds.get(s)!).filter(Boolean);

  const articleIds = new Map<string, string>();
  for (const [index, a] of data.articles.entries()) {
    const blocks: RichBlock[] = [];
    let imageUrl: string | null = null;
    for (const [n, block] of a.blocks.entries()) {
      if (block.type === "image") {
        const url = await storeImage("articles", `${a.key}-${n}`, block.caption, index + n);
        imageUrl ??= url;
        blocks.push({ type: "image", content: url, caption: block.caption });
      } else {
        blocks.push(block);
      }
    }
    imageUrl ??= await storeImage("articles", a.key, a.title, index);
    const article = await createArticle(db, {
      title: a.title,
      excerpt: a.excerpt,
      metaDescription: a.metaDescription,
      content:
        a.html ??
        a.blocks
          .filter((b) => b.type === "text")
          .map((b) => b.content)
          .join("\n\n"),
      richContent: blocks.length ? blocks : null,
      accessType: a.accessType,
      language: a.language ?? "en",
      published: a.published,
      isFeatured: a.isFeatured,
      isMustRead: a.isMustRead,
      tags: a.tags,
      categoryIds: idsFor(a.categorySlugs),
      imageUrl,
      videoUrl: a.videoUrl ?? a.blocks.find((b) => b.type === "video")?.content ?? null,
      createdAt: daysAgo(a.daysAgo),
    });
    articleIds.set(a.key, article.id);
  }
  // Each Swahili article and the English one on its subject, linked both ways (issue 50).
  for (const a of data.articles) {
    const other = a.translationOf && articleIds.get(a.translationOf);
    if (!other) continue;
    const id = articleIds.get(a.key)!;
    await db.update(articlesTable).set({ translationId: other }).where(eq(articlesTable.id, id));
    await db.update(articlesTable).set({ translationId: id }).where(eq(articlesTable.id, other));
  }

  const ebookIds = new Map<string, { id: string; priceCents: number | null; coverImageUrl: string }>();
  for (const e of data.ebooks) {
    const coverImageUrl = await images.store(`covers/${e.key}`, coverSvg(e.title, e.coverColors), "cover", 2);
    const pdf = await ebookPdf(e.title, e.chapters);
    const fileKey = `ebooks/${randomUUID()}.pdf`;
    await storage.put("private", fileKey, pdf.bytes, "application/pdf");
    const priceCents = e.price === null ? null : kesToCents(e.price);
    const row = await createEbook(db, {
      title: e.title,
      description: e.description,
      accessType: e.accessType,
      language: e.language ?? "en",
      priceCents,
      published: e.published,
      downloadable: e.downloadable,
      filePath: fileKey,
      pageCount: pdf.pages,
      coverImageUrl,
      categoryIds: idsFor(e.categorySlugs),
      createdAt: daysAgo(e.daysAgo),
    });
    ebookIds.set(e.key, { id: row.id, priceCents, coverImageUrl });
    // Every demo ebook has a text edition, as one uploaded by an admin gets (issue 32).
    await buildTextEditionForSystem(row.id, { db, storage });
  }
  for (const e of data.ebooks) {
    const other = e.translationOf && ebookIds.get(e.translationOf)?.id;
    if (!other) continue;
    const id = ebookIds.get(e.key)!.id;
    await db.update(ebooksTable).set({ translationId: other }).where(eq(ebooksTable.id, id));
    await db.update(ebooksTable).set({ translationId: id }).where(eq(ebooksTable.id, other));
  }

  const plans = new Map<string, { id: string; priceCents: number }>();
  for (const plan of PLAN_CATALOGUE) {
    const row = await createPlan(db, plan);
    plans.set(plan.slug, { id: row.id, priceCents: row.priceCents });
  }
  await createPricingData(db);

  for (const [index, slide] of data.heroSlides.entries()) {
    const { imageKey, ...rest } = slide;
    const imageUrl = await storeImage("hero", `slide-${index + 1}`, "", index * 2 + 1);
    void imageKey;
    await db.insert(heroSlidesTable).values({ ...rest, imageUrl, published: true, sortKey: index + 1 });
  }

  const adBook = ebookIds.get(data.featuredAd.ebookKey) ?? [...ebookIds.values()][0];
  await db.insert(featuredEbookAd).values({
    active: true,
    ebookId: adBook.id,
    coverImageUrl: adBook.coverImageUrl,
    headline: data.featuredAd.headline,
    subtext: data.featuredAd.subtext,
    primaryButtonText: data.featuredAd.primaryButtonText,
    primaryButtonLink: `/ebook/${adBook.id}`,
    secondaryButtonText: data.featuredAd.secondaryButtonText,
    secondaryButtonLink: data.featuredAd.secondaryButtonLink,
    headlineSw: data.featuredAd.headlineSw,
    subtextSw: data.featuredAd.subtextSw,
    primaryButtonTextSw: data.featuredAd.primaryButtonTextSw,
    secondaryButtonTextSw: data.featuredAd.secondaryButtonTextSw,
  });

  await images.record(db);

  await db
    .insert(testimonialsTable)
    .values(data.testimonials.map((t, index) => ({ ...t, published: true, sortKey: index + 1 })));

  await db.insert(siteSettings).values([
    { key: "shop.tagline", value: "Wellness and beauty, written for the women of Kenya" },
    { key: "payments.default_country", value: "KE" },
  ]);

  await seedDemoAccounts(db, { plans, ebookIds, daysAgo, now });
  return true;
}

// Every demo grant comes from a completed order with its verified payment, as if the reader had paid.
async function seedDemoAccounts(
  db: Database,
  ctx: {
    plans: Map<string, { id: string; priceCents: number }>;
    ebookIds: Map<string, { id: string; priceCents: number | null }>;
    daysAgo: (d: number) => Date;
    now: Date;
  },
) {
  const accounts = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const user = await createUser(db, { ...account, password: DEMO_PASSWORD });
    accounts.set(account.email, user.id);
  }

  // Numbered as a real completion numbers it (ADR 029), so a demo receipt shows "NURU-2026-000001", not "-"; in
  // completion order, oldest first, as the year's numbers run.
  const paidOrder = async (input: Parameters<typeof createPaidOrder>[1]) => {
    const paid = await createPaidOrder(db, input);
    await db.transaction((tx) => issueReceipt(tx, paid.order, paid.order.completedAt ?? paid.order.createdAt));
    return paid;
  };
  const subscribe = async (email: string, slug: string, start: Date, end: Date, status: "active" | "expired") => {
    const userId = accounts.get(email)!;
    const plan = ctx.plans.get(slug)!;
    const { order } = await paidOrder({
      userId,
      item: { kind: "plan", planId: plan.id, basePriceCents: plan.priceCents },
      createdAt: start,
    });
    await createSubscription(db, {
      userId,
      planId: plan.id,
      orderId: order.id,
      startDate: start,
      endDate: end,
      status,
    });
  };
  await subscribe("expired@nuru.test", "basic", ctx.daysAgo(95), ctx.daysAgo(35), "expired");
  await subscribe(
    "subscriber@nuru.test",
    "standard",
    ctx.daysAgo(10),
    new Date(ctx.now.getTime() + 50 * DAY),
    "active",
  );

  const book = [...ctx.ebookIds.values()].find((e) => (e.priceCents ?? 0) > 0)!;
  const buyerId = accounts.get("buyer@nuru.test")!;
  const { order } = await paidOrder({
    userId: buyerId,
    item: { kind: "ebook", ebookId: book.id, basePriceCents: book.priceCents! },
    createdAt: ctx.daysAgo(7),
  });
  await createPurchase(db, {
    userId: buyerId,
    ebookId: book.id,
    orderId: order.id,
    pricePaidCents: order.amountCents,
    createdAt: ctx.daysAgo(7),
  });
}
