// The audit log: admin changes to articles, ebooks, categories and roles are recorded with who, what, when and
// the edited fields before and after; only admins read it.
import { beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { appTestDatabase } from "../setup/app-test-database";
import { createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type AdminViewer, adminViewer } from "~/modules/access/policy";
import { listActivity } from "~/modules/admin/activity.server";
import { createArticle, deleteArticle, getArticleForEdit, updateArticle } from "~/modules/content/article-admin.server";
import { articleFormSchema } from "~/modules/content/article-form";
import { saveCategory } from "~/modules/content/category-admin.server";
import { changeRole } from "~/modules/accounts/user-admin.server";
import { createEbook, removeEbook } from "~/modules/content/ebook-admin.server";
import { ebookFormSchema } from "~/modules/content/ebook-form";

const database = appTestDatabase();
let admin: AdminViewer;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "audit-admin@example.com", role: "admin" }));
});

describe(`admin activity (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("records each change with the fields before and after", async () => {
    const { id } = await createArticle(admin, articleFormSchema.parse({ title: "Audit me", content: "<p>one</p>" }));
    const opened = await getArticleForEdit(admin, id);
    await updateArticle(
      admin,
      id,
      articleFormSchema.parse({
        title: "Audited",
        content: "<p>one, two</p>",
        published: true,
        openedVersion: opened!.version,
      }),
    );
    await deleteArticle(admin, id);
    const reader = await createUser(database.db(), { email: "audit-reader@example.com" });
    await changeRole(admin, { userId: reader.id, role: "subscriber" });
    await saveCategory(admin, { name: "Audit Corner", description: null, isActive: true });
    const ebook = await createEbook(admin, ebookFormSchema.parse({ title: "Audit Ebook", price: "100" }));
    await removeEbook(admin, ebook.id);

    const { items, total } = await listActivity(admin, {});
    expect(total).toBe(7);
    const [removed, created, category, role, deleted, updated, first] = items;
    expect(first).toMatchObject({
      action: "created",
      entityType: "article",
      summary: "Audit me",
      actorEmail: "audit-admin@example.com",
    });
    expect(updated.changes).toEqual({
      title: { before: "Audit me", after: "Audited" },
      content: { before: "10 characters", after: "15 characters" },
      published: { before: false, after: true },
    });
    expect(deleted).toMatchObject({ action: "deleted", summary: "Audited" });
    expect(role).toMatchObject({
      action: "role changed",
      entityType: "user",
      summary: "audit-reader@example.com",
      changes: { role: { before: "guest", after: "subscriber" } },
    });
    expect(category).toMatchObject({ action: "created", entityType: "category", summary: "Audit Corner" });
    expect(created.changes.price).toEqual({ before: null, after: "100.00" });
    expect(removed).toMatchObject({ action: "deleted", entityType: "ebook" });
    expect((await listActivity(admin, { entityType: "article" })).total).toBe(3);
  });

  it("is read by admins only", async () => {
    const reader = await loadViewer(await createUser(database.db(), { email: "audit-peek@example.com" }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(listActivity).toBeCallableWith(reader, {});
  });
});
