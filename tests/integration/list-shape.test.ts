// Lists carry card data only (issue 14): whoever asks, and whatever the article's access, a list item has the
// fields a card shows, computed on the server, and never a body, a video or a preview.
import { beforeAll, describe, expect, it } from "vitest";
import { loadAdmin } from "../setup/admin-viewer";
import { appTestDatabase } from "../setup/app-test-database";
import { createArticle, createUser } from "~/db/seed/factories";
import { guestViewer, type AdminViewer } from "~/modules/access/policy";
import { listArticlesForViewer } from "~/modules/content/articles.server";
import { updateArticle } from "~/modules/content/article-admin.server";
import { articles } from "~/db/schema";
import { eq } from "drizzle-orm";
import { articleFormSchema } from "~/modules/content/article-form";

const database = appTestDatabase();
let admin: AdminViewer;

const CARD_FIELDS = [
  "access",
  "accessType",
  "categories",
  "createdAt",
  "excerpt",
  "id",
  "imageUrl",
  "isFeatured",
  "isMustRead",
  // The article's own language (issue 50): lists show the page's language first and mark the others.
  "language",
  "readingMinutes",
  "title",
  "updatedAt",
];

beforeAll(async () => {
  admin = await loadAdmin(await createUser(database.db(), { email: "lists-admin@example.com", role: "admin" }));
  for (const accessType of ["free", "premium", "subscription"] as const)
    await createArticle(database.db(), {
      title: `List shape ${accessType}`,
      accessType,
      content: `<p>${"Body words ".repeat(400)}</p>`,
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
});

describe(`article lists (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("return the card's fields and never a body, for a guest and for an admin who may read everything", async () => {
    for (const viewer of [guestViewer(), admin]) {
      const { items } = await listArticlesForViewer({ viewer, q: "list shape", pageSize: 10 });
      expect(items).toHaveLength(3);
      for (const item of items) {
        expect(Object.keys(item).sort()).toEqual(CARD_FIELDS);
        // The excerpt is cut from the body (160 characters at most); the 4,400-character body itself never comes.
        expect(JSON.stringify(item).length).toBeLessThan(1000);
        expect(JSON.stringify(item)).not.toContain("<p>");
        expect(JSON.stringify(item)).not.toContain("youtube");
        expect(item.readingMinutes).toBeGreaterThan(1);
      }
    }
  });

  it("keep the card's reading time and excerpt in step with the body, however the body was written", async () => {
    const db = database.db();
    const card = async (title: string) =>
      (await listArticlesForViewer({ viewer: guestViewer(), q: title, pageSize: 1 })).items[0];
    const row = await createArticle(db, { title: "Card text in step", content: "Short body." });
    expect(await card("card text in step")).toMatchObject({ readingMinutes: 1, excerpt: "Short body." });

    // Through the editor: stored with the edit.
    await updateArticle(
      admin,
      row.id,
      articleFormSchema.parse({
        title: "Card text in step",
        content: `<p>${"Edited words ".repeat(900)}</p>`,
        accessType: "free",
        published: true,
      }),
    );
    expect(await card("card text in step")).toMatchObject({ readingMinutes: 9 });
    expect((await card("card text in step")).excerpt).toMatch(/^Edited words Edited words .*…$/);

    // Behind the editor's back (a script, a hand fix): the stored text is dropped and computed again on read.
    await db.update(articles).set({ content: "Two words.", richContent: null }).where(eq(articles.id, row.id));
    const [stale] = await db.select({ m: articles.readingMinutes }).from(articles).where(eq(articles.id, row.id));
    expect(stale.m).toBeNull();
    expect(await card("card text in step")).toMatchObject({ readingMinutes: 1, excerpt: "Two words." });
    // ...and stored again for the next list.
    const [refilled] = await db
      .select({ m: articles.readingMinutes, e: articles.cardExcerpt })
      .from(articles)
      .where(eq(articles.id, row.id));
    expect(refilled).toEqual({ m: 1, e: "Two words." });
  });
});
