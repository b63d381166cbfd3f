import { asc, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { publicRead } from "~/lib/public-reads.server";
import { featuredEbookAd, heroSlides, testimonials } from "~/db/schema";

export async function listPublishedHeroSlides() {
  return publicRead("home:slides", () =>
    getDb().select().from(heroSlides).where(eq(heroSlides.published, true)).orderBy(asc(heroSlides.sortKey)).limit(10),
  );
}

/** The active featured ad, latest updated (spec: single record). */
export async function getActiveFeaturedAd() {
  const [row] = await publicRead("home:ad", () =>
    getDb()
      .select()
      .from(featuredEbookAd)
      .where(eq(featuredEbookAd.active, true))
      .orderBy(desc(featuredEbookAd.updatedAt))
      .limit(1),
  );
  return row ?? null;
}

export async function listPublishedTestimonials() {
  return publicRead("home:testimonials", () =>
    getDb()
      .select({
        id: testimonials.id,
        name: testimonials.name,
        role: testimonials.role,
        content: testimonials.content,
        rating: testimonials.rating,
        avatarUrl: testimonials.avatarUrl,
      })
      .from(testimonials)
      .where(eq(testimonials.published, true))
      .orderBy(asc(testimonials.sortKey)),
  );
}
