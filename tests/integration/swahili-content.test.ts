// Content in either language (issue 50, ADR 048): an article linked to its translation (both ways, refused when it
// cannot be), the demo's links, the home page's lists in the page's language first, and search over Swahili words.
import { beforeAll, describe, expect, it } from "vitest";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, isNotNull } from "drizzle-orm";
import { appTestDatabase } from "../setup/app-test-database";
import { loadAdmin } from "../setup/admin-viewer";
import { articles, ebooks } from "~/db/schema";
import { createUser } from "~/db/seed/factories";
import { seedDemo } from "~/db/seed/demo";
import { createFileStorage } from "~/modules/storage/storage.server";
import { guestViewer, type AdminViewer } from "~/modules/access/policy";
import {
  createArticle,
  deleteArticle,
  getArticleForEdit,
  translationChoices,
  updateArticle,
} from "~/modules/content/article-admin.server";
import { articleFormSchema } from "~/modules/content/article-form";
import { getArticleTranslation, listArticlesForViewer } from "~/modules/content/articles.server";
import { CONTENT_ADMIN_ERRORS } from "~/modules/content/content-admin-errors";
import { createEbook, ebookTranslationChoices, updateEbook } from "~/modules/content/ebook-admin.server";
import { ebookFormSchema } from "~/modules/content/ebook-form";
import { getEbookTranslation } from "~/modules/content/ebooks.server";
import { loadHomePage } from "~/modules/home/home-page.server";
import { AppError } from "~/lib/app-error";

const database = appTestDatabase();
let admin: AdminViewer;
const ids = new Map<string, string>();
const titleOf = new Map<string, string>();

beforeAll(async () => {
  const storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-storage-")));
  expect(await seedDemo(database.db(), storage, new Date("2026-11-21T09:00:00Z"))).toBe(true);
  admin = await loadAdmin(await createUser(database.db(), { email: "sw-content-admin@example.com", role: "admin" }));
  for (const row of await database.db().select().from(articles)) {
    ids.set(row.title, row.id);
    titleOf.set(row.id, row.title);
  }
}, 120_000);

const form = (fields: Record<string, unknown>) => articleFormSchema.parse({ title: "Untitled", ...fields });
const linkOf = async (id: string) =>
  (await database.db().select({ to: articles.translationId }).from(articles).where(eq(articles.id, id)))[0]?.to;
const refused = async (work: Promise<unknown>) => {
  const error = await work.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe(CONTENT_ADMIN_ERRORS.ARTICLE_TRANSLATION_REFUSED.code);
};

describe(`content in either language (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("links each demo Swahili article to the English one on its subject, both ways", async () => {
    const linked = await database
      .db()
      .select({ title: articles.title, language: articles.language, to: articles.translationId })
      .from(articles)
      .where(isNotNull(articles.translationId));
    const pairs = linked
      .filter((r) => r.language === "sw")
      .map((r) => [r.title, titleOf.get(r.to!)])
      .sort();
    expect(pairs).toEqual([
      [
        "Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu",
        "Sunscreen for Melanin-Rich Skin in the Kenyan Sun",
      ],
      [
        "Kutembea Kila Siku: Mpango wa Wiki Nne kwa Afya ya Mwili",
        "Walking Your Way Lighter: Steps, Stairs and Matatu Stops",
      ],
      [
        "Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito",
        "The Kenyan Plate Method: Eating Ugali and Still Losing Weight",
      ],
    ]);
    expect(linked).toHaveLength(6);
    for (const row of linked) expect(await linkOf(row.to!)).toBe(ids.get(row.title));
    // The reader's page finds it, with its language.
    const plate = ids.get("The Kenyan Plate Method: Eating Ugali and Still Losing Weight")!;
    const sahani = ids.get("Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito")!;
    expect(await getArticleTranslation(plate)).toEqual({ id: sahani, language: "sw" });
    expect(await getArticleTranslation(sahani)).toEqual({ id: plate, language: "en" });
  });

  it("lists the home page's sections in the page's language first; the English demo home is as it was (before the tests below add articles)", async () => {
    const viewer = guestViewer();
    const before = await loadHomePage(viewer, "", "KE");
    const english = await loadHomePage(viewer, "", "KE", { language: "en" });
    expect(english).toEqual(before);
    const swahili = await loadHomePage(viewer, "", "KE", { language: "sw" });
    const titles = (s: typeof swahili.latest) => (s.ok ? s.data.map((a) => a.title) : []);
    expect(titles(swahili.latest).slice(0, 3)).toEqual([
      "Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito",
      "Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu",
      "Kutembea Kila Siku: Mpango wa Wiki Nne kwa Afya ya Mwili",
    ]);
    // The others follow, marked as another language on their cards.
    const latest = swahili.latest.ok ? swahili.latest.data : [];
    expect(latest.slice(0, 3).every((a) => a.language === "sw")).toBe(true);
    expect(latest.slice(3).every((a) => !("language" in a))).toBe(true);
    const ebookTitles = (s: typeof swahili.promos) => (s.ok ? s.data.map((e) => e.title) : []);
    expect(ebookTitles(swahili.promos)[0]).toBe("Ngozi Yenye Afya: Mwongozo wa Utunzaji wa Ngozi wa Kila Siku");
    expect(titles(english.latest)).not.toContain("Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito");
  });

  it("links an article to its translation from either side, moves and clears both ends", async () => {
    const en = await createArticle(admin, form({ title: "Morning water", language: "en", published: true }));
    const sw = await createArticle(
      admin,
      form({ title: "Maji ya asubuhi", language: "sw", published: true, translationId: en.id }),
    );
    expect(await linkOf(en.id)).toBe(sw.id);
    expect(await linkOf(sw.id)).toBe(en.id);
    expect((await getArticleForEdit(admin, en.id))?.translationId).toBe(sw.id);
    // Another Swahili article takes the link: the first one's is cleared.
    const sw2 = await createArticle(admin, form({ title: "Maji kila siku", language: "sw" }));
    const opened = (await getArticleForEdit(admin, en.id))!;
    await updateArticle(
      admin,
      en.id,
      form({ title: "Morning water", language: "en", translationId: sw2.id, openedVersion: opened.version }),
    );
    expect([await linkOf(en.id), await linkOf(sw2.id), await linkOf(sw.id)]).toEqual([sw2.id, en.id, null]);
    // None unlinks both.
    await updateArticle(admin, sw2.id, form({ title: "Maji kila siku", language: "sw" }));
    expect([await linkOf(en.id), await linkOf(sw2.id)]).toEqual([null, null]);
    // Deleting one clears the other's link.
    await updateArticle(admin, sw.id, form({ title: "Maji ya asubuhi", language: "sw", translationId: en.id }));
    await deleteArticle(admin, sw.id);
    expect(await linkOf(en.id)).toBeNull();
  });

  it("refuses a translation in the same language, itself, unknown, or already another's; writes nothing", async () => {
    const a = await createArticle(admin, form({ title: "Sleep well", language: "en" }));
    const b = await createArticle(admin, form({ title: "Lala salama", language: "sw", translationId: a.id }));
    const c = await createArticle(admin, form({ title: "Usingizi", language: "sw" }));
    const d = await createArticle(admin, form({ title: "Rest days", language: "en" }));
    await refused(updateArticle(admin, c.id, form({ title: "Usingizi", language: "sw", translationId: b.id })));
    await refused(updateArticle(admin, c.id, form({ title: "Usingizi", language: "sw", translationId: c.id })));
    await refused(
      updateArticle(
        admin,
        c.id,
        form({ title: "Usingizi", language: "sw", translationId: "00000000-0000-4000-8000-000000000000" }),
      ),
    );
    // Not to two: "Sleep well" is "Lala salama"'s.
    await refused(updateArticle(admin, c.id, form({ title: "Usingizi", language: "sw", translationId: a.id })));
    await refused(createArticle(admin, form({ title: "Pumziko", language: "sw", translationId: a.id })));
    // Changing its language while linked to one of the new language.
    await refused(updateArticle(admin, b.id, form({ title: "Lala salama", language: "en", translationId: a.id })));
    expect([await linkOf(a.id), await linkOf(b.id), await linkOf(c.id), await linkOf(d.id)]).toEqual([
      b.id,
      a.id,
      null,
      null,
    ]);
    expect((await getArticleForEdit(admin, c.id))?.title).toBe("Usingizi");
    expect(await database.db().select().from(articles).where(eq(articles.title, "Pumziko"))).toEqual([]);
    // The editor offers those with no translation yet (and its own), never itself.
    const offered = (await translationChoices(admin, c.id)).map((x) => x.id);
    expect(offered).toContain(d.id);
    expect(offered).not.toContain(c.id);
    expect(offered).not.toContain(a.id);
    expect((await translationChoices(admin, b.id)).map((x) => x.id)).toContain(a.id);
  });

  it("shows no link to a translation that is not published", async () => {
    const en = await createArticle(admin, form({ title: "Draft twin", language: "en", published: false }));
    const sw = await createArticle(
      admin,
      form({ title: "Pacha", language: "sw", published: true, translationId: en.id }),
    );
    expect(await getArticleTranslation(sw.id)).toBeNull();
    expect(await getArticleTranslation(en.id)).toEqual({ id: sw.id, language: "sw" });
  });

  it("links an ebook to its translation as an article: the demo's Swahili ebook, both ways, refused alike", async () => {
    const rows = await database.db().select().from(ebooks);
    const byTitle = new Map(rows.map((r) => [r.title, r]));
    const ngozi = byTitle.get("Ngozi Yenye Afya: Mwongozo wa Utunzaji wa Ngozi wa Kila Siku")!;
    const glow = byTitle.get("Glow in the Kenyan Sun: Skincare for Melanin-Rich Skin")!;
    expect(await getEbookTranslation(ngozi.id)).toEqual({ id: glow.id, language: "en" });
    expect(await getEbookTranslation(glow.id)).toEqual({ id: ngozi.id, language: "sw" });
    expect(rows.filter((r) => r.translationId !== null)).toHaveLength(2);

    const ebookForm = (fields: Record<string, unknown>) => ebookFormSchema.parse({ title: "Untitled", ...fields });
    const en = await createEbook(admin, ebookForm({ title: "Water book", language: "en" }));
    const sw = await createEbook(admin, ebookForm({ title: "Kitabu cha maji", language: "sw", translationId: en.id }));
    const ebookLink = async (id: string) =>
      (await database.db().select({ to: ebooks.translationId }).from(ebooks).where(eq(ebooks.id, id)))[0]?.to;
    expect([await ebookLink(en.id), await ebookLink(sw.id)]).toEqual([sw.id, en.id]);
    const error = await updateEbook(
      admin,
      sw.id,
      ebookForm({ title: "Kitabu", language: "sw", translationId: glow.id }),
    )
      .then(() => null)
      .catch((e: unknown) => e);
    expect((error as AppError).code).toBe(CONTENT_ADMIN_ERRORS.EBOOK_TRANSLATION_REFUSED.code);
    expect((await ebookTranslationChoices(admin, null)).map((c) => c.id)).not.toContain(glow.id);
    await updateEbook(admin, sw.id, ebookForm({ title: "Kitabu cha maji", language: "sw" }));
    expect([await ebookLink(en.id), await ebookLink(sw.id)]).toEqual([null, null]);
  });

  it("finds Swahili words as written (no stemming), on either language's list, and never a locked body's", async () => {
    const viewer = guestViewer();
    const titles = async (q: string, language?: "en" | "sw") =>
      (await listArticlesForViewer({ viewer, q, language })).items.map((a) => a.title);
    for (const language of ["sw", "en", undefined] as const) {
      expect(await titles("ngozi", language)).toContain("Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu");
      expect(await titles("NGOZI", language)).toContain("Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu");
      expect(await titles("tumbo", language)).toEqual(["Kutembea Kila Siku: Mpango wa Wiki Nne kwa Afya ya Mwili"]);
      expect(await titles("sahani", language)).toEqual(["Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito"]);
    }
    // Whole Swahili forms, not English stems: "kupunguza" (to reduce) is its own word; "walking" finds no Swahili.
    expect(await titles("kupunguza uzito", "sw")).toContain("Sahani ya Afya: Kula Ugali na Bado Kupunguza Uzito");
    expect(await titles("walking", "sw")).not.toContain("Kutembea Kila Siku: Mpango wa Wiki Nne kwa Afya ya Mwili");
    // A premium Swahili article's body is not searchable (only what every guest sees is).
    expect(await titles("melanini", "sw")).toEqual(["Jua na Ngozi Yako: Kwa Nini Mafuta ya Kuzuia Jua ni Muhimu"]);
    expect(await titles("gym wala vifaa", "sw")).toEqual([]);
  });
});
