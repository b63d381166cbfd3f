// The home page as the admin's Homepage screen changes it: hero slides, the featured ad and testimonials. Every
// function takes the AdminViewer the admin guard checked; every change is recorded in the audit log in its transaction.
import { asc, desc, eq } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import { ebooks, featuredEbookAd, heroSlides, testimonials } from "~/db/schema";
import { type Viewer, type AdminViewer } from "~/modules/access/policy";
import { AppError, defineErrors } from "~/lib/app-error";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import type { ActivityEntity } from "~/modules/admin/activity-entities";
import type { FeaturedAdInput, HeroSlideInput, HomeItemCommand, TestimonialInput } from "./home-forms";

/** What each home page editor saves, as the toast names it ('Failed to save {what}: {reason}'). */
export const HOME_NOUNS = { slide: "slide", ad: "featured ad", testimonial: "testimonial" } as const;
export type HomeEditor = keyof typeof HOME_NOUNS;

/** Why a home page edit was refused; thrown as AppError, each message naming the editor ('Failed to save slide: ...'). */
export const HOME_ERRORS = defineErrors({
  HOME_NOT_SAVED: { status: 400, title: "Error", message: "Failed to save: please check the form" },
  HOME_ITEM_GONE: { status: 404, title: "Error", message: "Failed to save: This item no longer exists." },
  HOME_AD_EBOOK_GONE: {
    status: 400,
    title: "Error",
    message: "Failed to save featured ad: The chosen ebook no longer exists.",
  },
});

/** 'Failed to save {what}: {reason}' (spec), a save refused for a reason the editor can correct. */
export function homeNotSaved(what: HomeEditor, reason: string): AppError {
  return new AppError(HOME_ERRORS.HOME_NOT_SAVED, `Failed to save ${HOME_NOUNS[what]}: ${reason}`);
}

const gone = (what: HomeEditor, reason: string) =>
  new AppError(HOME_ERRORS.HOME_ITEM_GONE, `Failed to save ${HOME_NOUNS[what]}: ${reason}`);

export async function loadHomepageEditors(_admin: AdminViewer) {
  const db = getDb();
  const [slides, [ad], quotes, ebookChoices] = await Promise.all([
    db.select().from(heroSlides).orderBy(asc(heroSlides.sortKey), asc(heroSlides.createdAt)),
    // Spec: the admin edits the latest ad whether or not it is active.
    db.select().from(featuredEbookAd).orderBy(desc(featuredEbookAd.updatedAt)).limit(1),
    db.select().from(testimonials).orderBy(asc(testimonials.sortKey), asc(testimonials.createdAt)),
    db.select({ id: ebooks.id, title: ebooks.title }).from(ebooks).orderBy(asc(ebooks.title)),
  ]);
  return { slides, ad: ad ?? null, testimonials: quotes, ebookChoices };
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The table behind each list the screen orders and publishes. */
const LISTS = {
  "hero-slide": { table: heroSlides, label: (r: { title: string }) => r.title },
  testimonial: { table: testimonials, label: (r: { name: string }) => r.name },
} as const;
type ListKind = keyof typeof LISTS;

async function nextSortKey(tx: Tx, kind: ListKind) {
  const table = LISTS[kind].table;
  const [last] = await tx.select({ sortKey: table.sortKey }).from(table).orderBy(desc(table.sortKey)).limit(1);
  return (last?.sortKey ?? 0) + 10;
}

export async function saveHeroSlide(viewer: AdminViewer, input: HeroSlideInput): Promise<"created" | "updated"> {
  const { id, ...values } = input;
  return getDb().transaction(async (tx) => {
    if (!id) {
      const [row] = await tx
        .insert(heroSlides)
        .values({ ...values, sortKey: await nextSortKey(tx, "hero-slide") })
        .returning({ id: heroSlides.id });
      await record(tx, viewer, "created", "hero-slide", row.id, values.title, changedFields(null, values));
      return "created";
    }
    const [before] = await tx.select().from(heroSlides).where(eq(heroSlides.id, id)).for("update");
    if (!before) throw gone("slide", "This slide no longer exists.");
    await tx
      .update(heroSlides)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(heroSlides.id, id));
    await record(tx, viewer, "updated", "hero-slide", id, values.title, changedFields(before, values));
    return "updated";
  });
}

export async function saveTestimonial(viewer: AdminViewer, input: TestimonialInput): Promise<"created" | "updated"> {
  const { id, ...values } = input;
  return getDb().transaction(async (tx) => {
    if (!id) {
      const [row] = await tx
        .insert(testimonials)
        .values({ ...values, sortKey: await nextSortKey(tx, "testimonial") })
        .returning({ id: testimonials.id });
      await record(tx, viewer, "created", "testimonial", row.id, values.name, changedFields(null, values));
      return "created";
    }
    const [before] = await tx.select().from(testimonials).where(eq(testimonials.id, id)).for("update");
    if (!before) throw gone("testimonial", "This testimonial no longer exists.");
    await tx.update(testimonials).set(values).where(eq(testimonials.id, id));
    await record(tx, viewer, "updated", "testimonial", id, values.name, changedFields(before, values));
    return "updated";
  });
}

/** Spec: the featured ad is one record, the latest updated; created if none exists, otherwise updated. */
export async function saveFeaturedAd(viewer: AdminViewer, input: FeaturedAdInput): Promise<"created" | "updated"> {
  return getDb().transaction(async (tx) => {
    if (input.ebookId) {
      const [ebook] = await tx.select({ id: ebooks.id }).from(ebooks).where(eq(ebooks.id, input.ebookId));
      if (!ebook) throw new AppError(HOME_ERRORS.HOME_AD_EBOOK_GONE);
    }
    const [before] = await tx
      .select()
      .from(featuredEbookAd)
      .orderBy(desc(featuredEbookAd.updatedAt))
      .limit(1)
      .for("update");
    if (!before) {
      const [row] = await tx.insert(featuredEbookAd).values(input).returning({ id: featuredEbookAd.id });
      await record(tx, viewer, "created", "featured-ad", row.id, input.headline, changedFields(null, input));
      return "created";
    }
    await tx
      .update(featuredEbookAd)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(featuredEbookAd.id, before.id));
    await record(tx, viewer, "updated", "featured-ad", before.id, input.headline, changedFields(before, input));
    return "updated";
  });
}

/** Delete, move or (un)publish one slide or testimonial. Moving renumbers the list, so gaps and ties heal. */
export async function changeHomeItem(
  viewer: AdminViewer,
  kind: ListKind,
  { id, command }: HomeItemCommand,
): Promise<void> {
  const { table } = LISTS[kind];
  const label = LISTS[kind].label as (r: { title?: string; name?: string }) => string;
  await getDb().transaction(async (tx) => {
    // Locks the whole list: two admins reordering at once take turns instead of interleaving.
    const rows = await tx
      .select({ id: table.id, sortKey: table.sortKey, published: table.published })
      .from(table)
      .orderBy(asc(table.sortKey), asc(table.createdAt))
      .for("update");
    const at = rows.findIndex((r) => r.id === id);
    if (at < 0) throw gone(kind === "hero-slide" ? "slide" : "testimonial", "This item no longer exists.");
    const [full] = await tx.select().from(table).where(eq(table.id, id));
    const name = label(full as { title?: string; name?: string });
    if (command === "delete") {
      await tx.delete(table).where(eq(table.id, id));
      await record(tx, viewer, "deleted", kind, id, name, {});
      return;
    }
    if (command === "publish" || command === "unpublish") {
      const published = command === "publish";
      await tx.update(table).set({ published }).where(eq(table.id, id));
      await record(tx, viewer, "updated", kind, id, name, changedFields({ published: full.published }, { published }));
      return;
    }
    const to = command === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= rows.length) return;
    const order = rows.map((r) => r.id);
    [order[at], order[to]] = [order[to], order[at]];
    for (const [i, rowId] of order.entries()) {
      const sortKey = (i + 1) * 10;
      if (rows.find((r) => r.id === rowId)?.sortKey !== sortKey)
        await tx.update(table).set({ sortKey }).where(eq(table.id, rowId));
    }
    await record(tx, viewer, "reordered", kind, id, name, {
      position: { before: at + 1, after: to + 1 },
    });
  });
}

function record(
  tx: Tx,
  viewer: Viewer,
  action: string,
  entityType: ActivityEntity,
  entityId: string,
  summary: string,
  changes: ReturnType<typeof changedFields>,
) {
  return recordActivity(tx, viewer, { action, entityType, entityId, summary, changes });
}
