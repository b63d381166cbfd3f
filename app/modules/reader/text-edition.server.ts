// The text edition of an ebook (issue 32, ADR 032): made from its PDF, kept in private storage like the PDF, and
// handed out one section at a time, only to a reader the access policy lets read the ebook now.
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { getDb, type Database } from "~/db/client.server";
import {
  ebookTextEditions,
  ebookTextPositions,
  ebooks,
  readerTextPreferences,
  type TextSectionEntry,
} from "~/db/schema";
import { canReadEbook, type AdminViewer, type Viewer } from "~/modules/access/policy";
import { safeHtml, sanitizeArticleHtml } from "~/modules/content/article-html.server";
import { getStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { unsafeEbookFileRow } from "./ebook-files.server";
import { pdfPageLines } from "./pdf-text.server";
import { blocksFromPages } from "./text-layout";
import { sectionsFromBlocks } from "./text-sections";
import { DEFAULT_TEXT_SETTINGS, type TextSettings } from "./text-settings";

interface StoredEdition {
  version: 1;
  sections: { title: string; blocks: string[] }[];
}

const EDITION_TYPE = "application/json";
const NO_TEXT = "No text was found in the PDF (scanned pages need an EPUB or a PDF with a text layer).";

type Deps = { db?: Database; storage?: ObjectStorage };

/**
 * Makes (or makes again) an ebook's text edition from its PDF. For the upload, the admin's re-extract, the seed
 * and `npm run ebooks:text`: it checks no viewer, so callers check theirs. A failure is recorded, never thrown.
 */
export async function buildTextEditionForSystem(
  ebookId: string,
  { db = getDb(), storage = getStorage() }: Deps = {},
): Promise<"ready" | "failed" | "no-file"> {
  const [ebook] = await db.select({ filePath: ebooks.filePath }).from(ebooks).where(eq(ebooks.id, ebookId));
  if (!ebook?.filePath) return "no-file";
  const [previous] = await db
    .select({ fileKey: ebookTextEditions.fileKey })
    .from(ebookTextEditions)
    .where(eq(ebookTextEditions.ebookId, ebookId));
  let fileKey: string | null = null;
  let sections: TextSectionEntry[] = [];
  let error: string | null = null;
  try {
    const pdf = await storage.get("private", ebook.filePath);
    if (!pdf) throw new Error("The ebook's PDF is missing from storage.");
    const made = sectionsFromBlocks(blocksFromPages(await pdfPageLines(pdf.bytes)));
    if (!made.length) throw new Error(NO_TEXT);
    const stored: StoredEdition = {
      version: 1,
      sections: made.map((s) => ({ title: s.title, blocks: s.blocks.map((b) => sanitizeArticleHtml(b)) })),
    };
    fileKey = `ebook-text/${ebookId}/${randomUUID()}.json`;
    await storage.put("private", fileKey, new TextEncoder().encode(JSON.stringify(stored)), EDITION_TYPE);
    sections = made.map((s) => ({ title: s.title, chars: s.chars }));
  } catch (failure) {
    error = failure instanceof Error && failure.message === NO_TEXT ? NO_TEXT : "The PDF's text could not be read.";
  }
  await db
    .insert(ebookTextEditions)
    .values({ ebookId, fileKey, sourceKey: ebook.filePath, sections, error })
    .onConflictDoUpdate({
      target: ebookTextEditions.ebookId,
      set: { fileKey, sourceKey: ebook.filePath, sections, error, updatedAt: sql`now()` },
    });
  if (previous?.fileKey) await storage.delete("private", previous.fileKey).catch(() => undefined);
  return error ? "failed" : "ready";
}

/** Text editions for every ebook with a PDF that has none yet, or one made from an older PDF. */
export async function buildMissingTextEditionsForSystem(deps: Deps = {}) {
  const db = deps.db ?? getDb();
  const rows = await db
    .select({ id: ebooks.id })
    .from(ebooks)
    .leftJoin(ebookTextEditions, eq(ebookTextEditions.ebookId, ebooks.id))
    .where(
      and(
        isNotNull(ebooks.filePath),
        or(isNull(ebookTextEditions.ebookId), ne(ebookTextEditions.sourceKey, sql`${ebooks.filePath}`)),
      ),
    );
  const outcomes = { ready: 0, failed: 0, "no-file": 0 };
  for (const row of rows) outcomes[await buildTextEditionForSystem(row.id, { ...deps, db })]++;
  return outcomes;
}

const editions = new Map<string, StoredEdition>();

/** A stored edition's sections; a key is written once, so what was read stays true. */
async function storedEdition(fileKey: string): Promise<StoredEdition | null> {
  const hit = editions.get(fileKey);
  if (hit) return hit;
  const object = await getStorage().get("private", fileKey);
  if (!object) return null;
  const edition = JSON.parse(new TextDecoder().decode(object.bytes)) as StoredEdition;
  if (editions.size >= 20) editions.delete(editions.keys().next().value!);
  editions.set(fileKey, edition);
  return edition;
}

async function editionRow(ebookId: string) {
  const [row] = await getDb().select().from(ebookTextEditions).where(eq(ebookTextEditions.ebookId, ebookId));
  return row ?? null;
}

/** Whether the ebook has a text edition readers can switch to (the reader only asks once she may read). */
export async function hasTextEdition(ebookId: string): Promise<boolean> {
  const row = await editionRow(ebookId);
  return Boolean(row?.enabled && row.fileKey);
}

export interface TextPosition {
  section: number;
  offset: number;
}

export interface TextReading {
  ebook: { id: string; title: string; downloadable: boolean };
  toc: TextSectionEntry[];
  section: { index: number; title: string; blocks: string[] };
  /** Where she stopped, before this request. */
  saved: TextPosition | null;
  settings: TextSettings;
  /** Share of the book's text before this section starts, and where it ends (percent). */
  progress: { start: number; end: number };
}

async function textSettingsOf(userId: string): Promise<TextSettings> {
  const [row] = await getDb()
    .select({
      fontSize: readerTextPreferences.fontSize,
      lineHeight: readerTextPreferences.lineHeight,
      theme: readerTextPreferences.theme,
    })
    .from(readerTextPreferences)
    .where(eq(readerTextPreferences.userId, userId));
  return row ?? DEFAULT_TEXT_SETTINGS;
}

/** The ebook and its edition, only for a signed-in reader who may read the ebook now. */
async function readableEdition(ebookId: string, viewer: Viewer) {
  if (!viewer.user) return null;
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row || !canReadEbook(viewer, row)) return null;
  const edition = await editionRow(row.id);
  if (!edition?.enabled || !edition.fileKey) return null;
  return { row, edition: { ...edition, fileKey: edition.fileKey }, userId: viewer.user.id };
}

/** Whether she may read this ebook's text edition now. */
export async function mayReadText(ebookId: string, viewer: Viewer): Promise<boolean> {
  return (await readableEdition(ebookId, viewer)) !== null;
}

/** Her saved place, or null when she has none (or may not read the ebook). */
export async function savedTextPosition(ebookId: string, viewer: Viewer): Promise<TextPosition | null> {
  const readable = await readableEdition(ebookId, viewer);
  if (!readable) return null;
  const [saved] = await getDb()
    .select({ section: ebookTextPositions.section, offset: ebookTextPositions.offset })
    .from(ebookTextPositions)
    .where(and(eq(ebookTextPositions.userId, readable.userId), eq(ebookTextPositions.ebookId, readable.row.id)));
  return saved
    ? { section: Math.min(saved.section, readable.edition.sections.length - 1), offset: saved.offset }
    : null;
}

/**
 * One section of the text edition, sanitized again as it is read (the article allow-list); null (404) for anyone
 * who may not read the ebook now, or when it has no text edition. Opening another section than the saved one
 * saves its start, so reading without JavaScript still keeps her place by section.
 */
export async function openTextSection({
  ebookId,
  viewer,
  section,
}: {
  ebookId: string;
  viewer: Viewer;
  section: number;
}): Promise<TextReading | null> {
  const readable = await readableEdition(ebookId, viewer);
  if (!readable) return null;
  const { row, edition, userId } = readable;
  if (!Number.isInteger(section) || section < 0 || section >= edition.sections.length) return null;
  const db = getDb();
  const [stored, settings, [saved]] = await Promise.all([
    storedEdition(edition.fileKey),
    textSettingsOf(userId),
    db
      .select({ section: ebookTextPositions.section, offset: ebookTextPositions.offset })
      .from(ebookTextPositions)
      .where(and(eq(ebookTextPositions.userId, userId), eq(ebookTextPositions.ebookId, row.id))),
  ]);
  const part = stored?.sections[section];
  if (!part) return null;
  if (saved?.section !== section) await writePosition(userId, row.id, { section, offset: 0 });
  const total = edition.sections.reduce((sum, s) => sum + s.chars, 0) || 1;
  const before = edition.sections.slice(0, section).reduce((sum, s) => sum + s.chars, 0);
  return {
    ebook: { id: row.id, title: row.title, downloadable: row.downloadable },
    toc: edition.sections,
    section: { index: section, title: part.title, blocks: part.blocks.map((b) => safeHtml(b)) },
    saved: saved ?? null,
    settings,
    progress: {
      start: Math.floor((before / total) * 100),
      end: Math.round(((before + edition.sections[section].chars) / total) * 100),
    },
  };
}

async function writePosition(userId: string, ebookId: string, position: TextPosition) {
  await getDb()
    .insert(ebookTextPositions)
    .values({ userId, ebookId, ...position })
    .onConflictDoUpdate({
      target: [ebookTextPositions.userId, ebookTextPositions.ebookId],
      set: { ...position, updatedAt: sql`now()` },
    });
}

/** Saves where she is (section and the paragraph at the top of her screen); false when she may not read it. */
export async function saveTextPosition({
  ebookId,
  viewer,
  section,
  offset,
}: { ebookId: string; viewer: Viewer } & TextPosition): Promise<boolean> {
  if (![section, offset].every((n) => Number.isInteger(n) && n >= 0 && n < 100_000)) return false;
  const readable = await readableEdition(ebookId, viewer);
  if (!readable || section >= readable.edition.sections.length) return false;
  await writePosition(readable.userId, readable.row.id, { section, offset });
  return true;
}

/** Saves her text settings (any signed-in reader; they are hers alone). */
export async function saveTextSettings(viewer: Viewer, settings: TextSettings): Promise<boolean> {
  if (!viewer.user) return false;
  await getDb()
    .insert(readerTextPreferences)
    .values({ userId: viewer.user.id, ...settings })
    .onConflictDoUpdate({ target: readerTextPreferences.userId, set: { ...settings, updatedAt: sql`now()` } });
  return true;
}

/** Her settings, for the settings form to change one step at a time. */
export async function currentTextSettings(viewer: Viewer): Promise<TextSettings> {
  return viewer.user ? textSettingsOf(viewer.user.id) : DEFAULT_TEXT_SETTINGS;
}

export interface AdminTextEdition {
  state: "none" | "ready" | "failed";
  enabled: boolean;
  error: string | null;
  toc: TextSectionEntry[];
  /** The first sections as readers will see them, for a look before publishing. */
  preview: { title: string; blocks: string[] }[];
  updatedAt: string | null;
}

export async function getTextEditionForAdmin(_admin: AdminViewer, ebookId: string): Promise<AdminTextEdition> {
  const row = await editionRow(ebookId);
  if (!row) return { state: "none", enabled: true, error: null, toc: [], preview: [], updatedAt: null };
  const stored = row.fileKey ? await storedEdition(row.fileKey) : null;
  return {
    state: row.fileKey ? "ready" : "failed",
    enabled: row.enabled,
    error: row.error,
    toc: row.sections,
    preview: (stored?.sections ?? [])
      .slice(0, 2)
      .map((s) => ({ title: s.title, blocks: s.blocks.slice(0, 12).map((b) => safeHtml(b)) })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function reExtractTextEdition(_admin: AdminViewer, ebookId: string) {
  return buildTextEditionForSystem(ebookId);
}

export async function setTextEditionEnabled(_admin: AdminViewer, ebookId: string, enabled: boolean): Promise<boolean> {
  const updated = await getDb()
    .update(ebookTextEditions)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(ebookTextEditions.ebookId, ebookId))
    .returning({ id: ebookTextEditions.ebookId });
  return updated.length > 0;
}
