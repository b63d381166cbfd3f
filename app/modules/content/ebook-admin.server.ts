// Ebooks as the admin screens list and change them. Every function takes the AdminViewer the admin guard checked (access/policy.ts).
import { and, count, desc, eq, isNull, ne, or, sql } from "drizzle-orm";
import { isId } from "~/lib/ids";
import { getDb, type Database } from "~/db/client.server";
import { ebookCategories, ebookPurchases, ebooks, mediaAssets, orders, subscriptionEbookUnlocks } from "~/db/schema";
import { type AccessType, type AdminViewer } from "~/modules/access/policy";
import { AppError } from "~/lib/app-error";
import { CONTENT_ADMIN_ERRORS, notSaved } from "./content-admin-errors";
import { changedFields, recordActivity } from "~/modules/admin/activity.server";
import { centsToDecimal, kesToCents } from "~/modules/pricing/money";
import { existingCategoryIds } from "./categories.server";
import { ebookCategoriesOf } from "./ebooks.server";
import type { EbookFormInput } from "./ebook-form";
import { prepareTextEditionsSoon, requestTextEditionForSystem } from "~/modules/reader/text-edition.server";

export interface AdminEbookCard {
  id: string;
  title: string;
  description: string | null;
  coverImageUrl: string | null;
  published: boolean;
  accessType: AccessType;
  /** KES as text ("450.00"), or null for subscription-only. */
  price: string | null;
  categories: string[];
  hasFile: boolean;
}

const versionOf = (date: Date) => date.toISOString();

export async function listEbooksForAdmin(_admin: AdminViewer): Promise<AdminEbookCard[]> {
  const db = getDb();
  const rows = await db.select().from(ebooks).orderBy(desc(ebooks.createdAt), desc(ebooks.id));
  const links = await ebookCategoriesOf(rows);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    description: r.description,
    coverImageUrl: r.coverImageUrl,
    published: r.published,
    accessType: r.accessType,
    price: r.priceCents === null ? null : centsToDecimal(r.priceCents),
    categories: (links.get(r.id) ?? []).map((c) => c.name),
    hasFile: Boolean(r.filePath),
  }));
}

export async function getEbookForEdit(viewer: AdminViewer, id: string) {
  if (!isId(id)) return null;
  const db = getDb();
  const [row] = await db.select().from(ebooks).where(eq(ebooks.id, id));
  if (!row) return null;
  const links = await db
    .select({ id: ebookCategories.categoryId })
    .from(ebookCategories)
    .where(eq(ebookCategories.ebookId, id));
  return {
    id: row.id,
    title: row.title,
    description: row.description ?? "",
    coverImageUrl: row.coverImageUrl ?? "",
    price: row.priceCents === null ? "" : centsToDecimal(row.priceCents),
    accessType: row.accessType,
    language: row.language,
    translationId: row.translationId,
    downloadable: row.downloadable,
    published: row.published,
    pageCount: row.pageCount,
    hasFile: Boolean(row.filePath),
    hasEpub: Boolean(row.epubPath),
    categoryIds: links.map((l) => l.id),
    version: versionOf(row.updatedAt),
  };
}

/** How many ebooks the Translation select offers at most (newest first; the linked one always). */
const TRANSLATION_CHOICES = 300;

/** The ebooks the editor's Translation select offers (issue 50): as for articles (article-admin.server.ts). */
export async function ebookTranslationChoices(_admin: AdminViewer, ebookId: string | null) {
  const free = isNull(ebooks.translationId);
  const where = ebookId ? and(ne(ebooks.id, ebookId), or(free, eq(ebooks.translationId, ebookId))) : free;
  return getDb()
    .select({ id: ebooks.id, title: ebooks.title, language: ebooks.language, published: ebooks.published })
    .from(ebooks)
    .where(where)
    .orderBy(desc(ebooks.createdAt), desc(ebooks.id))
    .limit(TRANSLATION_CHOICES);
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Links ebook `id` and `translationId` both ways, or with null unlinks it and its old translation; refused
 * (EBOOK_TRANSLATION_REFUSED, nothing written) as an article's is (article-admin.server.ts, setTranslation).
 */
async function setEbookTranslation(tx: Tx, id: string, language: string, translationId: string | null) {
  if (translationId !== null) {
    const [other] = await tx
      .select({ language: ebooks.language, translationId: ebooks.translationId })
      .from(ebooks)
      .where(eq(ebooks.id, translationId))
      .for("update");
    if (!other || translationId === id || other.language === language || ![null, id].includes(other.translationId))
      throw new AppError(CONTENT_ADMIN_ERRORS.EBOOK_TRANSLATION_REFUSED);
  }
  await tx
    .update(ebooks)
    .set({ translationId: null })
    .where(or(eq(ebooks.translationId, id), and(eq(ebooks.id, id), sql`${ebooks.translationId} is not null`)));
  if (translationId === null) return;
  await tx.update(ebooks).set({ translationId: id }).where(eq(ebooks.id, translationId));
  await tx.update(ebooks).set({ translationId }).where(eq(ebooks.id, id));
}

/**
 * The uploaded file named by the form: only a private ebook PDF or EPUB recorded at upload (checked by its bytes
 * there) can become an ebook's file.
 */
async function uploadedFile(kind: "pdf" | "epub", assetId: string | undefined, editing: boolean) {
  if (!assetId) return null;
  const [asset] = await getDb()
    .select({ key: mediaAssets.key, pageCount: mediaAssets.pageCount })
    .from(mediaAssets)
    .where(and(eq(mediaAssets.id, assetId), eq(mediaAssets.kind, kind), eq(mediaAssets.bucket, "private")));
  if (!asset)
    throw notSaved("ebook", editing, kind === "pdf" ? "Upload the ebook's PDF again" : "Upload the EPUB again");
  return asset;
}

async function columns(input: EbookFormInput, editing: boolean) {
  const [pdf, epub] = await Promise.all([
    uploadedFile("pdf", input.fileAssetId, editing),
    uploadedFile("epub", input.epubAssetId, editing),
  ]);
  return {
    title: input.title,
    description: input.description,
    coverImageUrl: input.coverImageUrl,
    priceCents: input.price === null ? null : kesToCents(input.price),
    accessType: input.accessType,
    language: input.language,
    downloadable: input.downloadable,
    published: input.published,
    ...(pdf ? { filePath: pdf.key, pageCount: pdf.pageCount } : {}),
    ...(epub ? { epubPath: epub.key } : input.removeEpub ? { epubPath: null } : {}),
  };
}

/** What the audit log keeps of an ebook. */
function auditView(
  row: {
    title: string;
    description: string | null;
    coverImageUrl: string | null;
    priceCents: number | null;
    accessType: AccessType;
    downloadable: boolean;
    published: boolean;
    filePath?: string | null;
    epubPath?: string | null;
  },
  categoryIds: string[],
) {
  return {
    title: row.title,
    description: row.description,
    coverImageUrl: row.coverImageUrl,
    price: row.priceCents === null ? null : centsToDecimal(row.priceCents),
    accessType: row.accessType,
    downloadable: row.downloadable,
    published: row.published,
    ...(row.filePath !== undefined ? { file: row.filePath } : {}),
    ...(row.epubPath !== undefined ? { epub: row.epubPath } : {}),
    categoryIds: [...categoryIds].sort(),
  };
}

/** The new ebook, and whether its text edition is being prepared (it has a PDF or an EPUB). */
export async function createEbook(
  viewer: AdminViewer,
  input: EbookFormInput,
): Promise<{ id: string; textEdition: boolean }> {
  const [values, categoryIds] = await Promise.all([columns(input, false), existingCategoryIds(input.categoryIds)]);
  const created = await getDb().transaction(async (tx) => {
    const [row] = await tx
      .insert(ebooks)
      .values({ ...values, updatedAt: new Date() })
      .returning({ id: ebooks.id });
    if (categoryIds.length)
      await tx.insert(ebookCategories).values(categoryIds.map((categoryId) => ({ ebookId: row.id, categoryId })));
    await setEbookTranslation(tx, row.id, values.language, input.translationId ?? null);
    await recordActivity(tx, viewer, {
      action: "created",
      entityType: "ebook",
      entityId: row.id,
      summary: values.title,
      changes: changedFields(null, auditView(values, categoryIds)),
    });
    // The text edition is made by a job from the EPUB or the PDF (issue 32); the admin looks at it on the edit page.
    return { id: row.id, textEdition: await requestTextEditionForSystem(row.id, { db: tx }) };
  });
  if (created.textEdition) void prepareTextEditionsSoon();
  return created;
}

/**
 * Saves an edit made on the version the editor opened; a save on an outdated copy is refused (EBOOK_EDIT_CONFLICT). Says
 * whether a new file sent the text edition to be prepared again.
 */
export async function updateEbook(
  viewer: AdminViewer,
  id: string,
  input: EbookFormInput,
): Promise<{ textEdition: boolean }> {
  if (!isId(id)) throw new AppError("EBOOK_NOT_FOUND");
  const [values, categoryIds] = await Promise.all([columns(input, true), existingCategoryIds(input.categoryIds)]);
  const requested = await getDb().transaction(async (tx) => {
    const [current] = await tx.select().from(ebooks).where(eq(ebooks.id, id)).for("update");
    if (!current) throw new AppError("EBOOK_NOT_FOUND");
    if (input.openedVersion && versionOf(current.updatedAt) !== input.openedVersion)
      throw new AppError(CONTENT_ADMIN_ERRORS.EBOOK_EDIT_CONFLICT);
    await tx
      .update(ebooks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(ebooks.id, id));
    const previous = await tx
      .delete(ebookCategories)
      .where(eq(ebookCategories.ebookId, id))
      .returning({ id: ebookCategories.categoryId });
    await setEbookTranslation(tx, id, values.language, input.translationId ?? null);
    await recordActivity(tx, viewer, {
      action: "updated",
      entityType: "ebook",
      entityId: id,
      summary: values.title,
      changes: changedFields(
        auditView(
          {
            ...current,
            filePath: "filePath" in values ? current.filePath : undefined,
            epubPath: "epubPath" in values ? current.epubPath : undefined,
          },
          previous.map((p) => p.id),
        ),
        auditView(values, categoryIds),
      ),
    });
    if (categoryIds.length)
      await tx.insert(ebookCategories).values(categoryIds.map((categoryId) => ({ ebookId: id, categoryId })));
    // A new PDF or EPUB, or the EPUB removed: the job makes the text edition again (readers keep the old one meanwhile).
    const sourceChanged =
      ("filePath" in values && values.filePath !== current.filePath) ||
      ("epubPath" in values && values.epubPath !== current.epubPath);
    return sourceChanged && (await requestTextEditionForSystem(id, { db: tx }));
  });
  if (requested) void prepareTextEditionsSoon();
  return { textEdition: requested };
}

/**
 * Deletes an ebook nobody has bought (one already gone is refused: EBOOK_ALREADY_DELETED). One that was sold, ordered or unlocked with a plan is unpublished instead: its buyers keep it in
 * their library and reader, and the orders that name it stay intact.
 */
export async function removeEbook(viewer: AdminViewer, id: string): Promise<"deleted" | "unpublished"> {
  if (!isId(id)) throw new AppError(CONTENT_ADMIN_ERRORS.EBOOK_ALREADY_DELETED);
  return getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ id: ebooks.id, title: ebooks.title })
      .from(ebooks)
      .where(eq(ebooks.id, id))
      .for("update");
    if (!row) throw new AppError(CONTENT_ADMIN_ERRORS.EBOOK_ALREADY_DELETED);
    const [[{ sold }], [{ ordered }], [{ unlocked }]] = await Promise.all([
      tx.select({ sold: count() }).from(ebookPurchases).where(eq(ebookPurchases.ebookId, id)),
      tx.select({ ordered: count() }).from(orders).where(eq(orders.ebookId, id)),
      tx.select({ unlocked: count() }).from(subscriptionEbookUnlocks).where(eq(subscriptionEbookUnlocks.ebookId, id)),
    ]);
    if (sold + ordered + unlocked > 0) {
      await tx.update(ebooks).set({ published: false, updatedAt: new Date() }).where(eq(ebooks.id, id));
      await recordActivity(tx, viewer, {
        action: "unpublished",
        entityType: "ebook",
        entityId: id,
        summary: row.title,
        changes: { published: { before: true, after: false } },
      });
      return "unpublished";
    }
    await tx.delete(ebooks).where(eq(ebooks.id, id));
    await recordActivity(tx, viewer, { action: "deleted", entityType: "ebook", entityId: id, summary: row.title });
    return "deleted";
  });
}
