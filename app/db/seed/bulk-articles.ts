import { cardText } from "~/modules/content/article-card-text";
import type { Database } from "../client.server";
import { articleCategories, articles, categories } from "../schema";

const TOPICS = ["walking", "sukuma wiki", "sleep", "hydration", "strength", "skin care", "posture", "breakfast"];
const ACCESS = ["free", "premium", "subscription"] as const;

/** Adds `count` published articles of plausible length, for benchmarks (npm run seed -- --articles 5000). */
export async function seedBulkArticles(db: Database, count: number, now = new Date()) {
  const cats = await db.select({ id: categories.id }).from(categories);
  const batch = 250;
  for (let start = 0; start < count; start += batch) {
    const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
      const n = start + i;
      const topic = TOPICS[n % TOPICS.length];
      const body = `Week ${n} notes on ${topic}. `.concat(
        `Small daily habits around ${topic} add up over a month, especially when they fit your commute and your kitchen. `.repeat(
          40,
        ),
      );
      const text = {
        excerpt: `A short, practical note on ${topic} for busy weeks (${n}).`,
        content: body,
        richContent: [{ type: "text" as const, content: body }],
      };
      return {
        title: `Practical ${topic} guide number ${n}`,
        ...text,
        ...cardText(text),
        accessType: ACCESS[n % 3],
        isPremium: n % 3 !== 0,
        published: true,
        tags: [topic],
        createdAt: new Date(now.getTime() - (n + 200) * 60_000),
      };
    });
    const inserted = await db.insert(articles).values(rows).returning({ id: articles.id });
    if (cats.length) {
      await db
        .insert(articleCategories)
        .values(inserted.map((r, i) => ({ articleId: r.id, categoryId: cats[(start + i) % cats.length].id })));
    }
  }
}
