// Categories as admins change them: created with derived slugs, updates that change nothing say so, a slug
// taken twice is refused, and a category still filed on articles or ebooks cannot be deleted.
import { beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { categories } from "~/db/schema";
import { createArticle, createEbook, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import type { Viewer } from "~/modules/access/policy";
import { deleteCategory, listCategoriesForAdmin, saveCategory } from "~/modules/content/category-admin.server";
import { listCategories } from "~/modules/content/categories.server";

const database = appTestDatabase();
let admin: Viewer;

beforeAll(async () => {
  admin = await loadViewer(await createUser(database.db(), { email: "cat-admin@example.com", role: "admin" }));
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
    expect(await saveCategory(admin, { name: "glow   up!", description: null, isActive: true })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect(await saveCategory(admin, { id: randomUUID(), name: "Nobody", description: null, isActive: true })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("deletes an unused category and refuses one still linked to an article or an ebook", async () => {
    await saveCategory(admin, { name: "Linked Article Cat", description: null, isActive: true });
    await saveCategory(admin, { name: "Linked Ebook Cat", description: null, isActive: true });
    await saveCategory(admin, { name: "Unused Cat", description: null, isActive: true });
    const [a, e, u] = await Promise.all(["Linked Article Cat", "Linked Ebook Cat", "Unused Cat"].map(byName));
    await createArticle(database.db(), { categoryIds: [a.id] });
    await createEbook(database.db(), { categoryIds: [e.id] });
    expect(await deleteCategory(admin, a.id)).toEqual({ ok: false, reason: "in-use" });
    expect(await deleteCategory(admin, e.id)).toEqual({ ok: false, reason: "in-use" });
    const counts = (await listCategoriesForAdmin(admin)).find((c) => c.id === a.id);
    expect(counts).toMatchObject({ articleCount: 1, ebookCount: 0 });
    expect(await deleteCategory(admin, u.id)).toEqual({ ok: true, change: "deleted" });
    expect(await deleteCategory(admin, u.id)).toEqual({ ok: false, reason: "not-found" });
  });

  it("refuses a reader's Viewer", async () => {
    const reader = await loadViewer(await createUser(database.db(), { email: "cat-reader@example.com" }));
    await expect(listCategoriesForAdmin(reader)).rejects.toThrow(/Only admins/);
    await expect(saveCategory(reader, { name: "X", description: null, isActive: true })).rejects.toThrow(/Only admins/);
    await expect(deleteCategory(reader, randomUUID())).rejects.toThrow(/Only admins/);
  });
});
