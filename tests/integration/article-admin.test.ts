// Articles as admins change them: saved HTML is cleaned with the reader's allow-list, categories and tags follow
// the form, a save made on an outdated copy is refused (nothing overwritten), lists filter and page, and only
// admins get in.
import { beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { eq } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { articleCategories, articles } from "~/db/schema";
import { createCategory, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { type Viewer, type AdminViewer, adminViewer } from "~/modules/access/policy";
import {
  createArticle,
  deleteArticle,
  getArticleForEdit,
  listArticlesForAdmin,
  updateArticle,
} from "~/modules/content/article-admin.server";
import { CONTENT_ADMIN_ERRORS } from "~/modules/content/content-admin-errors";
import { articleFormSchema } from "~/modules/content/article-form";
import { AppError } from "~/lib/app-error";

const database = appTestDatabase();
let admin: AdminViewer;
let reader: Viewer;
let categoryId: string;

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "art-admin@example.com", role: "admin" }));
  reader = await loadViewer(await createUser(database.db(), { email: "art-reader@example.com", role: "guest" }));
  categoryId = (await createCategory(database.db(), { name: "Glow", slug: "glow" })).id;
});

const form = (fields: Record<string, unknown>) => articleFormSchema.parse({ title: "Untitled", ...fields });

describe(`article admin (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("stores editor HTML cleaned with the reader's allow-list, with its categories and tags", async () => {
    const { id } = await createArticle(
      admin,
      form({
        title: "Clean body",
        content: `<h1>Hi</h1><p onclick="x()">a <a href="javascript:alert(1)">j</a></p><script>alert(2)</script><iframe src="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></iframe>`,
        categoryIds: [categoryId, categoryId],
        tags: [" glow ", "Glow", "", "skin"],
        published: true,
        accessType: "premium",
      }),
    );
    const [row] = await database.db().select().from(articles).where(eq(articles.id, id));
    expect(row.content).toBe(
      '<h1>Hi</h1><p>a <a>j</a></p><iframe src="https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ" title="Video" loading="lazy" allow="encrypted-media; picture-in-picture; fullscreen" referrerpolicy="strict-origin-when-cross-origin"></iframe>',
    );
    expect(row).toMatchObject({ tags: ["glow", "skin"], published: true, isPremium: true, authorId: admin.user!.id });
    const links = await database.db().select().from(articleCategories).where(eq(articleCategories.articleId, id));
    expect(links.map((l) => l.categoryId)).toEqual([categoryId]);
    // Plain text is kept as written; it is cleaned when it is shown.
    const plain = await createArticle(admin, form({ contentMode: "plain", content: "  Just **text**  " }));
    expect((await getArticleForEdit(admin, plain.id))?.content).toBe("Just **text**");
  });

  it("refuses a save made on a copy someone else has saved since, and keeps their version", async () => {
    const { id } = await createArticle(admin, form({ title: "Shared draft", content: "<p>first</p>" }));
    const first = await getArticleForEdit(admin, id);
    const second = await getArticleForEdit(admin, id);
    await updateArticle(admin, id, form({ title: "Editor one", content: "<p>one</p>", openedVersion: first!.version }));
    const late = updateArticle(
      admin,
      id,
      form({ title: "Editor two", content: "<p>two</p>", openedVersion: second!.version }),
    );
    await expect(late).rejects.toMatchObject({ code: CONTENT_ADMIN_ERRORS.ARTICLE_EDIT_CONFLICT.code, status: 409 });
    await expect(late).rejects.toBeInstanceOf(AppError);
    expect(await getArticleForEdit(admin, id)).toMatchObject({ title: "Editor one", content: "<p>one</p>" });
    // Reopened, the second editor can save.
    const fresh = await getArticleForEdit(admin, id);
    await updateArticle(admin, id, form({ title: "Editor two", content: "<p>two</p>", openedVersion: fresh!.version }));
    expect((await getArticleForEdit(admin, id))?.title).toBe("Editor two");
  });

  it("warns before publishing pictures without a description, names them, and publishes when she confirms", async () => {
    const body = `<p>Intro</p><img src="/media/uploads/cramps-chart.png" alt=""><img src="/media/uploads/diet.webp" alt="A plate of greens"><img src="/media/uploads/yoga%20pose.jpg">`;
    // A draft saves as it is: the warning is for publishing.
    const { id } = await createArticle(admin, form({ title: "Pictures", content: body }));
    const opened = await getArticleForEdit(admin, id);
    const refused = await updateArticle(
      admin,
      id,
      form({ title: "Pictures", content: body, published: true, openedVersion: opened!.version }),
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).is(CONTENT_ADMIN_ERRORS.ARTICLE_PICTURES_WITHOUT_ALT)).toBe(true);
    expect((refused as AppError).message).toContain("2 pictures in the text have no description");
    expect((refused as AppError).message).toContain("1. cramps-chart.png; 2. yoga pose.jpg");
    expect((refused as AppError).message).not.toContain("diet.webp");
    // Nothing was written.
    expect((await getArticleForEdit(admin, id))?.published).toBe(false);
    // A new article published at once is warned the same way.
    await expect(createArticle(admin, form({ title: "At once", content: body, published: true }))).rejects.toThrow(
      /no description/,
    );

    // She confirms: it is published as it is.
    await updateArticle(
      admin,
      id,
      form({
        title: "Pictures",
        content: body,
        published: true,
        publishWithoutAlt: true,
        openedVersion: opened!.version,
      }),
    );
    const live = await getArticleForEdit(admin, id);
    expect(live?.published).toBe(true);
    // Editing the live text again warns only about a picture readers would newly meet.
    const more = `${body}<img src="/media/uploads/new-one.png" alt=" ">`;
    await expect(
      updateArticle(
        admin,
        id,
        form({ title: "Pictures", content: more, published: true, openedVersion: live!.version }),
      ),
    ).rejects.toThrow(/^A picture in the text has no description for readers who cannot see it: 1\. new-one\.png\./);
    await updateArticle(
      admin,
      id,
      form({ title: "Pictures", content: body, published: true, openedVersion: live!.version }),
    );
    // Described pictures publish without a word.
    const described = await createArticle(
      admin,
      form({ title: "Described", content: `<img src="/media/uploads/a.png" alt="Chart of a cycle">`, published: true }),
    );
    expect((await getArticleForEdit(admin, described.id))?.published).toBe(true);
  });

  it("lists newest first with search, filters and pages", async () => {
    for (let i = 0; i < 23; i++)
      await createArticle(
        admin,
        form({ title: `Paged hips ${i}`, published: i % 2 === 0, categoryIds: i < 3 ? [categoryId] : [] }),
      );
    const first = await listArticlesForAdmin(admin, { q: "paged hips" });
    expect(first.total).toBe(23);
    expect(first.items).toHaveLength(20);
    expect(first.items[0].title).toBe("Paged hips 22");
    expect((await listArticlesForAdmin(admin, { q: "paged hips", page: 2 })).items).toHaveLength(3);
    expect((await listArticlesForAdmin(admin, { q: "paged hips", status: "draft" })).total).toBe(11);
    expect((await listArticlesForAdmin(admin, { q: "paged", category: categoryId })).total).toBe(3);
    expect((await listArticlesForAdmin(admin, { q: "100%_\\" })).total).toBe(0);
    const [row] = (await listArticlesForAdmin(admin, { q: "Paged hips 0" })).items;
    expect(row.categories).toEqual([{ id: categoryId, name: "Glow" }]);
  });

  it("deletes once, and lets only admins in", async () => {
    const { id } = await createArticle(admin, form({ title: "Short lived" }));
    await deleteArticle(admin, id);
    await expect(deleteArticle(admin, id)).rejects.toMatchObject({
      code: CONTENT_ADMIN_ERRORS.ARTICLE_ALREADY_DELETED.code,
      message: "Failed to delete article: it was already deleted",
    });
    expect(await getArticleForEdit(admin, id)).toBeNull();
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(listArticlesForAdmin).toBeCallableWith(reader, {});
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(createArticle).toBeCallableWith(reader, form({}));
  });
});
