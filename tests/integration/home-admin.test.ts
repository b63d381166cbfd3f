// The home page editors' module: slides and testimonials are created at the end of their list, moved, published
// and deleted; the featured ad stays one record; the public home reads what the admin published; every change is
// in the audit log; a reader cannot change anything; the forms refuse dead or unsafe buttons.
import { beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { randomUUID } from "node:crypto";
import { appTestDatabase } from "../setup/app-test-database";
import { adminActivity, featuredEbookAd, heroSlides } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type Viewer, type AdminViewer, adminViewer } from "~/modules/access/policy";
import {
  changeHomeItem,
  loadHomepageEditors,
  saveFeaturedAd,
  saveHeroSlide,
  saveTestimonial,
  HOME_ERRORS,
} from "~/modules/home/home-admin.server";
import { featuredAdSchema, heroSlideSchema, testimonialSchema } from "~/modules/home/home-forms";
import { getActiveFeaturedAd, listPublishedHeroSlides, listPublishedTestimonials } from "~/modules/home/home.server";

const database = appTestDatabase();
let admin: AdminViewer;
let reader: Viewer;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "home-admin@example.com", role: "admin" }));
  reader = await loadViewer(await createUser(database.db(), { email: "home-reader@example.com" }));
});

const slide = (title: string, extra: Partial<Parameters<typeof saveHeroSlide>[1]> = {}) =>
  heroSlideSchema.parse({ title, primaryButtonText: "Read", primaryButtonLink: "/articles", ...extra });
const titles = async () => (await loadHomepageEditors(admin)).slides.map((s) => s.title);

describe(`home page editors (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("adds slides at the end, moves, publishes and deletes them, and the home page follows", async () => {
    const before = await titles();
    await saveHeroSlide(admin, slide("Slide A"));
    await saveHeroSlide(admin, slide("Slide B", { published: true }));
    expect(await titles()).toEqual([...before, "Slide A", "Slide B"]);
    const { slides } = await loadHomepageEditors(admin);
    const a = slides.find((s) => s.title === "Slide A")!;
    const b = slides.find((s) => s.title === "Slide B")!;
    // Drafts stay off the home page.
    expect((await listPublishedHeroSlides()).map((s) => s.title)).not.toContain("Slide A");

    for (let i = 0; i < before.length + 1; i++) await changeHomeItem(admin, "hero-slide", { id: b.id, command: "up" });
    expect((await titles())[0]).toBe("Slide B");
    expect((await listPublishedHeroSlides())[0].title).toBe("Slide B");
    // Moving the first up changes nothing.
    await changeHomeItem(admin, "hero-slide", { id: b.id, command: "up" });
    expect((await titles())[0]).toBe("Slide B");

    await changeHomeItem(admin, "hero-slide", { id: a.id, command: "publish" });
    expect((await listPublishedHeroSlides()).map((s) => s.title)).toContain("Slide A");
    await saveHeroSlide(admin, { ...slide("Slide A renamed"), id: a.id, published: true });
    expect(await titles()).toContain("Slide A renamed");

    await changeHomeItem(admin, "hero-slide", { id: a.id, command: "delete" });
    await changeHomeItem(admin, "hero-slide", { id: b.id, command: "delete" });
    expect(await titles()).toEqual(before);
    await expect(changeHomeItem(admin, "hero-slide", { id: a.id, command: "up" })).rejects.toMatchObject({
      code: HOME_ERRORS.HOME_ITEM_GONE.code,
      message: "Failed to save slide: This item no longer exists.",
    });
    await expect(saveHeroSlide(admin, { ...slide("Gone"), id: randomUUID() })).rejects.toMatchObject({
      code: HOME_ERRORS.HOME_ITEM_GONE.code,
      message: "Failed to save slide: This slide no longer exists.",
    });
  });

  it("saves a slide's Swahili words within the English ones' limits; an empty one is no word", async () => {
    const parsed = heroSlideSchema.safeParse({ title: "T", titleSw: "x".repeat(121) });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Title in Swahili must be at most 120 characters"]);
    // A Swahili button text says an English button again: alone it is refused.
    expect(
      heroSlideSchema.safeParse({ title: "T", secondaryButtonTextSw: "Angalia bei" }).error?.issues.map((i) => i.path),
    ).toEqual([["secondaryButtonText"]]);
    await saveHeroSlide(
      admin,
      heroSlideSchema.parse({ title: "Slide SW", published: true, titleSw: " Makala mpya ", subtitleSw: "" }),
    );
    const saved = (await listPublishedHeroSlides()).find((s) => s.title === "Slide SW")!;
    expect(saved).toMatchObject({ titleSw: "Makala mpya", subtitleSw: null, primaryButtonTextSw: null });
    await changeHomeItem(admin, "hero-slide", { id: saved.id, command: "delete" });
  });

  it("keeps one featured ad: the first save creates it, the next ones update it", async () => {
    const db = database.db();
    await db.delete(featuredEbookAd);
    const input = featuredAdSchema.parse({
      headline: "Glow",
      active: true,
      secondaryButtonText: "All",
      secondaryButtonLink: "/ebooks",
    });
    expect(await saveFeaturedAd(admin, input)).toBe("created");
    expect(await saveFeaturedAd(admin, { ...input, headline: "Glow again" })).toBe("updated");
    expect(await db.$count(featuredEbookAd)).toBe(1);
    expect((await getActiveFeaturedAd())?.headline).toBe("Glow again");
    await saveFeaturedAd(admin, { ...input, active: false });
    expect(await getActiveFeaturedAd()).toBeNull();
    expect((await loadHomepageEditors(admin)).ad?.headline).toBe("Glow");
    await expect(saveFeaturedAd(admin, { ...input, ebookId: randomUUID() })).rejects.toMatchObject({
      code: HOME_ERRORS.HOME_AD_EBOOK_GONE.code,
      message: "Failed to save featured ad: The chosen ebook no longer exists.",
    });
  });

  it("publishes testimonials with their rating and avatar", async () => {
    await saveTestimonial(
      admin,
      testimonialSchema.parse({
        name: "Wanjiru",
        content: "Clear and kind.",
        rating: "4",
        avatarUrl: "/media/images/a.png",
      }),
    );
    const { testimonials } = await loadHomepageEditors(admin);
    const w = testimonials.find((t) => t.name === "Wanjiru")!;
    expect(w).toMatchObject({ rating: 4, published: false, avatarUrl: "/media/images/a.png" });
    await changeHomeItem(admin, "testimonial", { id: w.id, command: "publish" });
    expect((await listPublishedTestimonials()).find((t) => t.id === w.id)).toMatchObject({
      rating: 4,
      avatarUrl: "/media/images/a.png",
    });
  });

  it("records every change in the audit log", async () => {
    const rows = await database.db().select().from(adminActivity);
    const kinds = new Set(rows.map((r) => `${r.entityType} ${r.action}`));
    for (const k of [
      "hero-slide created",
      "hero-slide reordered",
      "hero-slide updated",
      "hero-slide deleted",
      "featured-ad created",
      "featured-ad updated",
      "testimonial created",
      "testimonial updated",
    ])
      expect(kinds, k).toContain(k);
    const renamed = rows.find((r) => r.entityType === "hero-slide" && r.summary === "Slide A renamed");
    expect(renamed?.changes).toMatchObject({ title: { before: "Slide A", after: "Slide A renamed" } });
  });

  it("lets no reader change the home page", async () => {
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(saveHeroSlide).toBeCallableWith(reader, slide("Sneaky"));
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(loadHomepageEditors).toBeCallableWith(reader);
    const [any] = await database.db().select().from(heroSlides).limit(1);
    if (any)
      // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
      expectTypeOf(changeHomeItem).toBeCallableWith(reader, "hero-slide", { id: any.id, command: "delete" });
  });

  it("refuses unsafe links, dead buttons and ratings outside 1-5 with the field's message", () => {
    const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
    expect(
      issues(
        heroSlideSchema.safeParse({ title: "x", primaryButtonText: "Go", primaryButtonLink: "javascript:alert(1)" }),
      ),
    ).toEqual({ primaryButtonLink: "Link must start with / (a page of the shop) or http:// or https://" });
    expect(issues(heroSlideSchema.safeParse({ title: "x", primaryButtonLink: "//evil.example" }))).toHaveProperty(
      "primaryButtonLink",
    );
    expect(issues(heroSlideSchema.safeParse({ title: "x", secondaryButtonText: "Go" }))).toEqual({
      secondaryButtonLink: "Add the button's link",
    });
    expect(issues(heroSlideSchema.safeParse({ title: "  " }))).toEqual({ title: "Title is required" });
    expect(issues(heroSlideSchema.safeParse({ title: "x", imageUrl: "http://plain.example/a.png" }))).toEqual({
      imageUrl: "Image must be an uploaded image or an https:// link",
    });
    expect(issues(testimonialSchema.safeParse({ name: "a", content: "b", rating: "6" }))).toEqual({
      rating: "Rating must be from 1 to 5",
    });
    expect(
      heroSlideSchema.parse({ title: "x", primaryButtonText: "Shop", primaryButtonLink: "https://shop.example/a" }),
    ).toMatchObject({ primaryButtonLink: "https://shop.example/a", published: false });
  });
});
