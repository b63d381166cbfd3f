// Lists carry card data only (issue 14): whoever asks, and whatever the article's access, a list item has the
// fields a card shows, computed on the server, and never a body, a video or a preview.
import { beforeAll, describe, expect, it } from "vitest";
import { appTestDatabase } from "../setup/app-test-database";
import { createArticle, createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { guestViewer, type Viewer } from "~/modules/access/policy";
import { listArticlesForViewer } from "~/modules/content/articles.server";

const database = appTestDatabase();
let admin: Viewer;

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
  "readingMinutes",
  "title",
  "updatedAt",
];

beforeAll(async () => {
  admin = await loadViewer(await createUser(database.db(), { email: "lists-admin@example.com", role: "admin" }));
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
});
