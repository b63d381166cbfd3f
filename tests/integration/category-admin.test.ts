// Categories as admins change them: created with derived slugs, updates that change nothing say so, a slug
// taken twice is refused, a category still filed on articles or ebooks cannot be deleted, and a renamed category
// keeps its old addresses (each leads to the current one).
import { beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { categories, categoryOldSlugs } from "~/db/schema";
import { createArticle, createEbook, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type AdminViewer, adminViewer } from "~/modules/access/policy";
import {
  CATEGORY_ERRORS,
  deleteCategory,
  listCategoriesForAdmin,
  saveCategory,
} from "~/modules/content/category-admin.server";
import { getCategoryBySlug, listCategories, movedCategorySlug } from "~/modules/content/categories.server";

const database = appTestDatabase();
let admin: AdminViewer;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "cat-admin@example.com", role: "admin" }));
});

const byName = async (name: string) =>
  (await database.db().select().from(categories).where(eq(categories.name, name)))[0];

describe(`category admin (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("creates with a derived slug, recomputes it on rename, and reports an unchanged save", async () => {
    expect(await saveCategory(admin, { name: "Post Natal Care", description: null, isActive: true })).toEqual({
      ok: true,
      change: "created",
    });
    const created = await byName("Post Natal Care");
    expect(created).toMatchObject({ slug: "post-natal-care", description: null });
    const same = { id: created.id, name: "Post Natal Care", description: null, isActive: true };
    expect(await saveCategory(admin, same)).toEqual({ ok: true, change: "unchanged" });
    expect(await saveCategory(admin, { ...same, name: "Postnatal & Recovery" })).toEqual({
      ok: true,
      change: "updated",
    });
    expect((await byName("Postnatal & Recovery")).slug).toBe("postnatal-recovery");
    // Hidden categories leave the public grid.
    await saveCategory(admin, { ...same, name: "Postnatal & Recovery", isActive: false });
    expect((await listCategories()).some((c) => c.id === created.id)).toBe(false);
    expect((await listCategoriesForAdmin(admin)).find((c) => c.id === created.id)?.isActive).toBe(false);
  });

  it("refuses a second category with the same slug, and an unknown id", async () => {
    await saveCategory(admin, { name: "Glow Up", description: null, isActive: true });
    await expect(saveCategory(admin, { name: "glow   up!", description: null, isActive: true })).rejects.toMatchObject({
      code: CATEGORY_ERRORS.CATEGORY_CREATE_SLUG_TAKEN.code,
      status: 409,
      message: "A category with the address /category/glow-up already exists. Choose another name.",
    });
    await expect(
      saveCategory(admin, { id: randomUUID(), name: "Nobody", description: null, isActive: true }),
    ).rejects.toMatchObject({
      code: CATEGORY_ERRORS.CATEGORY_UPDATE_GONE.code,
      message: "This category no longer exists.",
    });
  });

  it("deletes an unused category and refuses one still linked to an article or an ebook", async () => {
    await saveCategory(admin, { name: "Linked Article Cat", description: null, isActive: true });
    await saveCategory(admin, { name: "Linked Ebook Cat", description: null, isActive: true });
    await saveCategory(admin, { name: "Unused Cat", description: null, isActive: true });
    const [a, e, u] = await Promise.all(
      ["Linked Article Cat", "Linked Ebook Cat", "Unused Cat"].map((name) => byName(name)),
    );
    await createArticle(database.db(), { categoryIds: [a.id] });
    await createEbook(database.db(), { categoryIds: [e.id] });
    const inUse = {
      code: CATEGORY_ERRORS.CATEGORY_IN_USE.code,
      message: "Check if it's linked to existing articles/ebooks.",
    };
    await expect(deleteCategory(admin, a.id)).rejects.toMatchObject(inUse);
    await expect(deleteCategory(admin, e.id)).rejects.toMatchObject(inUse);
    const counts = (await listCategoriesForAdmin(admin)).find((c) => c.id === a.id);
    expect(counts).toMatchObject({ articleCount: 1, ebookCount: 0 });
    expect(await deleteCategory(admin, u.id)).toEqual({ ok: true, change: "deleted" });
    await expect(deleteCategory(admin, u.id)).rejects.toMatchObject({
      code: CATEGORY_ERRORS.CATEGORY_DELETE_GONE.code,
    });
  });

  it("keeps a renamed category's old slugs: each leads to the current slug, however many renames ago", async () => {
    await saveCategory(admin, { name: "Hair Care", description: null, isActive: true });
    const { id } = await byName("Hair Care");
    const save = (name: string, isActive = true) => saveCategory(admin, { id, name, description: null, isActive });
    expect(await save("Hair & Scalp")).toEqual({ ok: true, change: "updated" });
    expect(await save("Natural Hair")).toEqual({ ok: true, change: "updated" });
    // a -> b -> c: both old slugs answer c, in one step.
    expect(await movedCategorySlug("hair-care")).toBe("natural-hair");
    expect(await movedCategorySlug("hair-scalp")).toBe("natural-hair");
    expect(await movedCategorySlug("natural-hair")).toBeNull();
    expect((await getCategoryBySlug("natural-hair"))?.id).toBe(id);
    // A description-only save keeps the history as it is.
    await saveCategory(admin, { id, name: "Natural Hair", description: "Curls and coils.", isActive: true });
    expect(await movedCategorySlug("hair-care")).toBe("natural-hair");

    // Renamed back: the slug is current again, not a redirect to itself; the one it left becomes old.
    await save("Hair Care");
    expect(await movedCategorySlug("hair-care")).toBeNull();
    expect(await movedCategorySlug("natural-hair")).toBe("hair-care");
    expect(await movedCategorySlug("hair-scalp")).toBe("hair-care");
    const rows = await database.db().select().from(categoryOldSlugs).where(eq(categoryOldSlugs.categoryId, id));
    expect(rows.map((r) => r.slug).sort()).toEqual(["hair-scalp", "natural-hair"]);

    // Hidden: its old addresses are as unknown as its current one.
    await save("Hair Care", false);
    expect(await movedCategorySlug("natural-hair")).toBeNull();
    await save("Hair Care", true);

    // Another category may take an old slug: the name the editor chose wins, and that old redirect goes.
    expect(await saveCategory(admin, { name: "Natural Hair", description: null, isActive: true })).toEqual({
      ok: true,
      change: "created",
    });
    const taker = await byName("Natural Hair");
    expect((await getCategoryBySlug("natural-hair"))?.id).toBe(taker.id);
    expect(await movedCategorySlug("natural-hair")).toBeNull();
    expect(await movedCategorySlug("hair-scalp")).toBe("hair-care");
    // ...but not a slug another category shows now; that refusal leaves the history untouched.
    await expect(
      saveCategory(admin, { id: taker.id, name: "Hair Care", description: null, isActive: true }),
    ).rejects.toMatchObject({ code: CATEGORY_ERRORS.CATEGORY_UPDATE_SLUG_TAKEN.code });
    expect(await movedCategorySlug("hair-scalp")).toBe("hair-care");

    // Deleting a category drops its old slugs.
    expect(await deleteCategory(admin, id)).toEqual({ ok: true, change: "deleted" });
    expect(await movedCategorySlug("hair-scalp")).toBeNull();
    expect(await database.db().$count(categoryOldSlugs, eq(categoryOldSlugs.categoryId, id))).toBe(0);
  });

  it("saves the Swahili name and description; Swahili pages show them, English ones the English words", async () => {
    const english = { name: "Mama Time", description: "Rest after birth.", isActive: true };
    await saveCategory(admin, { ...english, nameSw: "Muda wa Mama", descriptionSw: null });
    const { id } = await byName("Mama Time");
    // Unset in Swahili: the English words, marked English, so a screen reader reads them so.
    expect(await getCategoryBySlug("mama-time", "sw")).toMatchObject({
      name: "Muda wa Mama",
      description: "Rest after birth.",
      descriptionLang: "en",
    });
    expect((await getCategoryBySlug("mama-time", "sw"))?.nameLang).toBeUndefined();
    const saved = { ...english, id, nameSw: "Muda wa Mama", descriptionSw: "Pumziko baada ya kujifungua." };
    expect(await saveCategory(admin, saved)).toEqual({ ok: true, change: "updated" });
    expect(await saveCategory(admin, saved)).toEqual({ ok: true, change: "unchanged" });
    expect((await listCategories("sw")).find((c) => c.id === id)).toMatchObject({
      name: "Muda wa Mama",
      description: "Pumziko baada ya kujifungua.",
    });
    expect((await listCategories()).find((c) => c.id === id)).toEqual(
      expect.objectContaining({ name: "Mama Time", description: "Rest after birth." }),
    );
    expect((await listCategoriesForAdmin(admin)).find((c) => c.id === id)).toMatchObject({
      nameSw: "Muda wa Mama",
      descriptionSw: "Pumziko baada ya kujifungua.",
    });
    // Emptied: unset again, and the Swahili page falls back to the English name, marked.
    await saveCategory(admin, { ...saved, nameSw: null, descriptionSw: null });
    expect(await byName("Mama Time")).toMatchObject({ nameSw: null, descriptionSw: null });
    expect(await getCategoryBySlug("mama-time", "sw")).toMatchObject({ name: "Mama Time", nameLang: "en" });
    expect("nameLang" in (await getCategoryBySlug("mama-time"))!).toBe(false);
  });

  it("knows no old slug for input that is not a slug", async () => {
    for (const junk of ["", "Hair-Care", "../etc", "a".repeat(200), "x\u0000"])
      expect(await movedCategorySlug(junk)).toBeNull();
  });

  it("refuses a reader's Viewer", async () => {
    const reader = await loadViewer(await createUser(database.db(), { email: "cat-reader@example.com" }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(listCategoriesForAdmin).toBeCallableWith(reader);
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(saveCategory).toBeCallableWith(reader, { name: "X", description: null, isActive: true });
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(deleteCategory).toBeCallableWith(reader, randomUUID());
  });
});
