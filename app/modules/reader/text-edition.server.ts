// The text edition of an ebook (issue 32, ADR 032): made from its EPUB or else its PDF by a job, kept in private storage like the PDF, and
// handed out one section at a time, only to a reader the access policy lets read the ebook now.
import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, isNull, lt, ne, or, sql } from "drizzle-orm";
import { getDb, type Database, type Rows } from "~/db/client.server";
import {
  ebookTextEditions,
  ebookTextPositions,
  ebooks,
  readerTextPreferences,
  type TextSectionEntry,
} from "~/db/schema";
import { canReadEbook, type AdminViewer, type Viewer } from "~/modules/access/policy";
import { safeEbookTextHtml, sanitizeEbookTextHtml } from "./text-html.server";
import { getStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { objectResponse } from "~/modules/storage/object-response.server";
import { FILE_HEADERS, unsafeEbookFileRow } from "./ebook-files.server";
import { pdfPageLines, PictureStoreError } from "./pdf-text.server";
import { singleton } from "~/lib/singleton.server";
import { openEpub } from "./epub-text.server";
import type { StoredPicture } from "./text-pictures.server";
import {
  deleteEditionFiles,
  keepEpubPictures,
  pdfPictureKeeper,
  pictureKey,
  pictureStore,
} from "./text-pictures.server";
import { READER_ERRORS } from "./reader-errors";
import { isAppError } from "~/lib/app-error";
import { blocksFromPages } from "./text-layout";
import { sectionsFromBlocks, type EditionSection } from "./text-sections";
import { DEFAULT_TEXT_SETTINGS, type StoredTextSettings, type TextSettings } from "./text-settings";

interface StoredEdition {
  version: 1;
  sections: { title: string; blocks: string[] }[];
  /** The kept pictures' sizes, picture n stored beside the JSON (text-pictures.server.ts); absent before pictures. */
  pictures?: StoredPicture[];
}

const EDITION_TYPE = "application/json";
const NO_TEXT = "No text was found in the PDF (scanned pages need an EPUB or a PDF with a text layer).";
/** How long a runner may take over one edition before another may claim it (a crash, a deploy). */
export const TEXT_CLAIM_MS = 15 * 60 * 1000;
export const TEXT_MAX_ATTEMPTS = 3;
/** Minutes before attempt 2 and 3 of a failure that may pass (storage unreachable). */
const BACKOFF_MINUTES = [1, 10];

type Deps = { db?: Database; storage?: ObjectStorage };
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** A failure retrying cannot mend (a PDF without text, a broken EPUB): recorded at once, with its reason. */
class LastingFailure extends Error {}

/**
 * Asks the text-edition job to make (again) an ebook's edition, from its EPUB when it has one, else from its PDF.
 * Readers keep any edition they had until the new one is ready. False when the ebook has neither file.
 */
export async function requestTextEditionForSystem(
  ebookId: string,
  { db = getDb(), now = new Date() }: { db?: Pick<Database, "select" | "insert" | "delete">; now?: Date } = {},
): Promise<boolean> {
  const [ebook] = await db
    .select({ filePath: ebooks.filePath, epubPath: ebooks.epubPath })
    .from(ebooks)
    .where(eq(ebooks.id, ebookId));
  const sourceKey = ebook?.epubPath ?? ebook?.filePath;
  if (!sourceKey) {
    // CASE: the EPUB was removed from an ebook without a PDF: no edition is left to read (its stored JSON stays in
    // private storage, unreachable without the row).
    await db.delete(ebookTextEditions).where(eq(ebookTextEditions.ebookId, ebookId));
    return false;
  }
  const wanted = {
    sourceKey,
    source: ebook.epubPath ? ("epub" as const) : ("pdf" as const),
    runAfter: now,
    attempts: 0,
    claim: null,
    claimedUntil: null,
    error: null,
  };
  await db
    .insert(ebookTextEditions)
    .values({ ebookId, ...wanted })
    .onConflictDoUpdate({ target: ebookTextEditions.ebookId, set: { ...wanted, updatedAt: sql`now()` } });
  return true;
}

interface Claimed {
  ebook_id: string;
  source: "pdf" | "epub";
  source_key: string;
  file_key: string | null;
  attempts: number;
  claim: string;
}

/**
 * Claims one due edition for this runner: asked for and due, or claimed by a runner whose claim ran out. SKIP LOCKED
 * and the claim's time make two runners (in one process or several) never take the same edition at once.
 */
async function claimTextEdition(db: Database, now: Date, ebookId?: string): Promise<Claimed | null> {
  const { rows } = (await db.execute(sql`
    update ${ebookTextEditions} e
    set claim = ${randomUUID()}, claimed_until = ${ts(new Date(now.getTime() + TEXT_CLAIM_MS))}, attempts = e.attempts + 1
    where e.ebook_id in (
      select ebook_id from ${ebookTextEditions}
      where run_after <= ${ts(now)} and (claimed_until is null or claimed_until < ${ts(now)})
        ${ebookId ? sql`and ebook_id = ${ebookId}` : sql``}
      order by run_after
      limit 1
      for update skip locked)
    returning e.ebook_id, e.source, e.source_key, e.file_key, e.attempts, e.claim`)) as unknown as Rows<Claimed>;
  return rows[0] ?? null;
}

/**
 * Reads the file and makes the sections with their pictures (stored beside them), cleaned with the article allow-list
 * (pictures only from this ebook's picture route), stored under a new private key.
 */
async function makeEdition(claimed: Claimed, storage: ObjectStorage) {
  const file = await storage.get("private", claimed.source_key);
  if (!file) throw new Error(`The ebook's ${claimed.source === "epub" ? "EPUB" : "PDF"} is missing from storage.`);
  const fileKey = `ebook-text/${claimed.ebook_id}/${randomUUID()}.json`;
  const store = pictureStore({ ebookId: claimed.ebook_id, fileKey, storage });
  let made: EditionSection[];
  if (claimed.source === "epub") {
    const unreadable = (error: unknown) =>
      isAppError(error, READER_ERRORS.EPUB_UNREADABLE)
        ? new LastingFailure(`The EPUB could not be read: ${error.message}`)
        : error;
    let book: ReturnType<typeof openEpub>;
    try {
      book = openEpub(file.bytes);
    } catch (error) {
      throw unreadable(error);
    }
    const kept = await keepEpubPictures(book, store);
    try {
      made = book.sections({ kept });
    } catch (error) {
      await store.discard();
      throw unreadable(error);
    }
  } else {
    try {
      made = sectionsFromBlocks(
        blocksFromPages(await pdfPageLines(file.bytes, { keepPicture: pdfPictureKeeper(store) })),
      );
    } catch (error) {
      await store.discard();
      // CASE: storage failed while keeping a picture -> tried again later, like any storage failure.
      if (error instanceof PictureStoreError) throw error;
      throw new LastingFailure("The PDF's text could not be read.");
    }
    if (!made.length) {
      await store.discard();
      throw new LastingFailure(NO_TEXT);
    }
  }
  const stored: StoredEdition = {
    version: 1,
    sections: made.map((s) => ({
      title: s.title,
      blocks: s.blocks.map((b) => sanitizeEbookTextHtml(b, claimed.ebook_id)),
    })),
    ...(store.pictures.length ? { pictures: store.pictures } : {}),
  };
  try {
    await storage.put("private", fileKey, new TextEncoder().encode(JSON.stringify(stored)), EDITION_TYPE);
  } catch (error) {
    await deleteEditionFiles(storage, fileKey);
    throw error;
  }
  return { fileKey, sections: made.map((s) => ({ title: s.title, chars: s.chars })) };
}

type RunOutcome = "ready" | "failed" | "retrying" | "superseded";

/** Makes one claimed edition and records what came of it, only while the claim is still this runner's. */
async function runClaimed(claimed: Claimed, { db, storage, now }: Required<Deps> & { now: Date }): Promise<RunOutcome> {
  const mine = and(eq(ebookTextEditions.ebookId, claimed.ebook_id), eq(ebookTextEditions.claim, claimed.claim));
  const done = { runAfter: null, claim: null, claimedUntil: null, updatedAt: sql`now()` };
  try {
    const made = await makeEdition(claimed, storage);
    const written = await db
      .update(ebookTextEditions)
      .set({ ...done, fileKey: made.fileKey, sections: made.sections, error: null })
      .where(mine)
      .returning({ id: ebookTextEditions.ebookId });
    // CASE: a new file was saved (or another runner took over) meanwhile: this edition is already out of date.
    const stale = written.length ? claimed.file_key : made.fileKey;
    if (stale) await deleteEditionFiles(storage, stale);
    return written.length ? "ready" : "superseded";
  } catch (failure) {
    const lasting = failure instanceof LastingFailure || claimed.attempts >= TEXT_MAX_ATTEMPTS;
    const reason =
      failure instanceof LastingFailure
        ? failure.message
        : `The ebook's file could not be read (attempt ${claimed.attempts} of ${TEXT_MAX_ATTEMPTS}).`;
    if (!(failure instanceof LastingFailure))
      console.error(`Text edition of ${claimed.ebook_id}: ${failure instanceof Error ? failure.message : failure}`);
    const written = await db
      .update(ebookTextEditions)
      .set(
        lasting
          ? { ...done, fileKey: null, sections: [], error: reason }
          : {
              runAfter: new Date(now.getTime() + BACKOFF_MINUTES[claimed.attempts - 1] * 60_000),
              claim: null,
              claimedUntil: null,
              error: reason,
            },
      )
      .where(mine)
      .returning({ id: ebookTextEditions.ebookId });
    if (!written.length) return "superseded";
    if (lasting && claimed.file_key) await deleteEditionFiles(storage, claimed.file_key);
    return lasting ? "failed" : "retrying";
  }
}

export interface TextEditionRun {
  ready: number;
  failed: number;
  retrying: number;
  superseded: number;
}

/** The text-edition job: makes every due edition, one at a time (the scheduled job, and the drain after a save). */
export async function processTextEditions({
  db = getDb(),
  storage = getStorage(),
  now = new Date(),
  limit = 50,
}: Deps & { now?: Date; limit?: number } = {}): Promise<TextEditionRun> {
  const run: TextEditionRun = { ready: 0, failed: 0, retrying: 0, superseded: 0 };
  for (let i = 0; i < limit; i++) {
    const claimed = await claimTextEdition(db, now);
    if (!claimed) break;
    run[await runClaimed(claimed, { db, storage, now })]++;
  }
  return run;
}

const drain = singleton("text-edition-drain", () => ({ running: undefined as Promise<void> | undefined }));

/** Makes what is due in the background of this process (after an admin's save); the scheduled job does the rest. */
export function prepareTextEditionsSoon(): Promise<void> {
  drain.running ??= (async () => {
    try {
      // Each pass takes the time afresh, so an edition asked for during a pass is due in the next.
      while (Object.values(await processTextEditions({ limit: 5 })).some((n) => n > 0));
    } catch (error) {
      console.error(`Text editions: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      drain.running = undefined;
    }
  })();
  return drain.running;
}

/**
 * Makes (or makes again) an ebook's text edition now, in this call: for the seed, `npm run ebooks:text` and tests.
 * It checks no viewer, so callers check theirs. A failure is recorded, never thrown ("failed" when it will be retried
 * by the job too).
 */
export async function buildTextEditionForSystem(
  ebookId: string,
  { db = getDb(), storage = getStorage() }: Deps = {},
): Promise<"ready" | "failed" | "no-file"> {
  const now = new Date();
  if (!(await requestTextEditionForSystem(ebookId, { db, now }))) return "no-file";
  const claimed = await claimTextEdition(db, now, ebookId);
  if (!claimed) return "failed";
  return (await runClaimed(claimed, { db, storage, now })) === "ready" ? "ready" : "failed";
}

/** Text editions for every ebook with a file that has none yet, or one made from another file. */
export async function buildMissingTextEditionsForSystem(deps: Deps = {}) {
  const db = deps.db ?? getDb();
  const rows = await db
    .select({ id: ebooks.id })
    .from(ebooks)
    .leftJoin(ebookTextEditions, eq(ebookTextEditions.ebookId, ebooks.id))
    .where(
      and(
        or(isNotNull(ebooks.filePath), isNotNull(ebooks.epubPath)),
        or(
          isNull(ebookTextEditions.ebookId),
          ne(ebookTextEditions.sourceKey, sql`coalesce(${ebooks.epubPath}, ${ebooks.filePath})`),
        ),
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
  /** Her settings, with when she chose them (the phone keeps them for her offline copies). */
  settings: StoredTextSettings;
  /** Share of the book's text before this section starts, and where it ends (percent). */
  progress: { start: number; end: number };
}

/** Her settings and when she chose them (0: never, the defaults). */
async function textSettingsOf(userId: string): Promise<StoredTextSettings> {
  const [row] = await getDb()
    .select({
      fontSize: readerTextPreferences.fontSize,
      lineHeight: readerTextPreferences.lineHeight,
      theme: readerTextPreferences.theme,
      updatedAt: readerTextPreferences.updatedAt,
    })
    .from(readerTextPreferences)
    .where(eq(readerTextPreferences.userId, userId));
  if (!row) return { ...DEFAULT_TEXT_SETTINGS, at: 0 };
  return { fontSize: row.fontSize, lineHeight: row.lineHeight, theme: row.theme, at: row.updatedAt.getTime() };
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
    section: { index: section, title: part.title, blocks: part.blocks.map((b) => safeEbookTextHtml(b, row.id)) },
    saved: saved ?? null,
    settings,
    progress: {
      start: Math.floor((before / total) * 100),
      end: Math.round(((before + edition.sections[section].chars) / total) * 100),
    },
  };
}

/**
 * Writes her place. With `takenAt` (when the device took it; a position sent late, from an offline queue) it wins
 * only over an older one: the row keeps the time of the place it holds, so a late replay never moves her back.
 */
async function writePosition(userId: string, ebookId: string, position: TextPosition, takenAt?: Date) {
  await getDb()
    .insert(ebookTextPositions)
    .values({ userId, ebookId, ...position, ...(takenAt ? { updatedAt: takenAt } : {}) })
    .onConflictDoUpdate({
      target: [ebookTextPositions.userId, ebookTextPositions.ebookId],
      set: { ...position, updatedAt: takenAt ?? sql`now()` },
      ...(takenAt ? { setWhere: lt(ebookTextPositions.updatedAt, takenAt) } : {}),
    });
}

/**
 * Saves where she is (section and the paragraph at the top of her screen); false when she may not read it.
 * `takenAt` (ms since 1970, the device's clock) is when she was there: the newest place wins, whatever order the
 * requests arrive in (offline ones are replayed later). A time in the future counts as now, so a device whose clock
 * runs fast cannot pin a place against later reading; one older than 30 days is refused (a copy expires by then).
 */
export async function saveTextPosition({
  ebookId,
  viewer,
  section,
  offset,
  takenAt,
  now = Date.now(),
}: { ebookId: string; viewer: Viewer; takenAt?: number; now?: number } & TextPosition): Promise<boolean> {
  if (![section, offset].every((n) => Number.isInteger(n) && n >= 0 && n < 100_000)) return false;
  if (takenAt !== undefined && !(Number.isSafeInteger(takenAt) && takenAt > now - 31 * 24 * 3600_000)) return false;
  const readable = await readableEdition(ebookId, viewer);
  if (!readable || section >= readable.edition.sections.length) return false;
  const when = takenAt === undefined ? undefined : new Date(Math.min(takenAt, now));
  await writePosition(readable.userId, readable.row.id, { section, offset }, when);
  return true;
}

/**
 * The whole text edition in one piece, for the copy she keeps on her phone (the offline library): the same gate as
 * each section (null unless she may read the ebook now), every block sanitised again as it is read.
 */
export async function textEditionForOffline(
  ebookId: string,
  viewer: Viewer,
): Promise<{
  ebook: { id: string; title: string };
  sections: { title: string; blocks: string[] }[];
  /** Her text settings now: the copy opens with them (the phone's own, when newer, win there). */
  settings: StoredTextSettings;
} | null> {
  const readable = await readableEdition(ebookId, viewer);
  if (!readable) return null;
  const [stored, settings] = await Promise.all([
    storedEdition(readable.edition.fileKey),
    textSettingsOf(readable.userId),
  ]);
  if (!stored) return null;
  return {
    ebook: { id: readable.row.id, title: readable.row.title },
    settings,
    sections: stored.sections.map((s) => ({
      title: s.title,
      blocks: s.blocks.map((b) => safeEbookTextHtml(b, readable.row.id)),
    })),
  };
}

/** About how much of the first chapter anyone may read before buying (ADR 032: public, like an article's preview). */
export const SAMPLE_CHARS = 1_500;

export interface EbookSample {
  /** The chapter titles, from the text edition (empty when it has none). */
  contents: string[];
  /** Sanitised paragraphs: the opening of the first chapter, or all of it for a reader who may read the ebook. */
  blocks: string[];
  /** True when `blocks` is the whole first chapter (she may read the ebook); false when it was cut as a sample. */
  whole: boolean;
}

const textOf = (html: string) => html.replace(/<[^>]*>/g, "").trim();

/**
 * The opening of the first section, cut at a paragraph boundary before SAMPLE_CHARS of text. Pictures stay out (their
 * route is gated), and so does everything after the cut: locked text never leaves this module.
 */
function sampleBlocks(blocks: string[], ebookId: string): string[] {
  const kept: string[] = [];
  let chars = 0;
  for (const block of blocks) {
    const text = textOf(block);
    if (!text || /<img\b/i.test(block)) continue;
    // CASE: the first paragraph alone is longer than the sample -> its first words, cut at a space, as plain text.
    if (!kept.length && text.length > SAMPLE_CHARS) {
      const cut = text.slice(0, SAMPLE_CHARS);
      const words = cut.slice(0, Math.max(cut.lastIndexOf(" "), 1));
      return [safeEbookTextHtml(`<p>${escapeText(words)}…</p>`, ebookId)];
    }
    if (chars + text.length > SAMPLE_CHARS) break;
    kept.push(safeEbookTextHtml(block, ebookId));
    chars += text.length;
  }
  return kept;
}

const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The ebook page's contents and sample, for any viewer who may see the ebook (issue 46): the chapter titles and the
 * opening of the first chapter; the whole first chapter only for a reader the access policy lets read it now. Null
 * when she may not see the ebook, or it has no text edition readers may use.
 */
export async function getEbookSampleForViewer({
  ebookId,
  viewer,
}: {
  ebookId: string;
  viewer: Viewer;
}): Promise<EbookSample | null> {
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row) return null;
  const edition = await editionRow(row.id);
  if (!edition?.enabled || !edition.fileKey) return null;
  const stored = await storedEdition(edition.fileKey);
  const first = stored?.sections[0];
  if (!first) return null;
  const contents = edition.sections.map((s) => s.title);
  if (viewer.user && canReadEbook(viewer, row))
    return { contents, blocks: first.blocks.map((b) => safeEbookTextHtml(b, row.id)), whole: true };
  return { contents, blocks: sampleBlocks(first.blocks, row.id), whole: false };
}

/** Answers of the picture route: the ebook files' headers (nosniff, same-origin, no referrer), kept a while by her browser only. */
const PICTURE_HEADERS = { ...FILE_HEADERS, "Cache-Control": "private, max-age=3600" } as const;

/**
 * GET /ebook/:id/text/picture/:n: picture n of the text edition, as WebP, only for a signed-in reader the access
 * policy lets read the ebook now (the section's gate); 404 for anyone else, a switched-off or missing edition, or a
 * picture it does not have. Kept an hour by her browser (private): a picture changes only with a new extraction.
 */
export async function serveTextPicture({
  request,
  ebookId,
  n,
  viewer,
}: {
  request: Request;
  ebookId: string;
  n: string | undefined;
  viewer: Viewer;
}): Promise<Response> {
  const notFound = () => new Response("Not found", { status: 404, headers: FILE_HEADERS });
  const index = /^\d{1,4}$/.test(n ?? "") ? Number(n) : -1;
  if (index < 0) return notFound();
  const readable = await readableEdition(ebookId, viewer);
  if (!readable) return notFound();
  const stored = await storedEdition(readable.edition.fileKey);
  if (!stored?.pictures || index >= stored.pictures.length) return notFound();
  const answer = await objectResponse({
    storage: getStorage(),
    bucket: "private",
    key: pictureKey(readable.edition.fileKey, index),
    request,
    headers: PICTURE_HEADERS,
  });
  return answer.status === 404 ? notFound() : answer;
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

/**
 * Saves her settings as she chose them at `takenAt` (ms since 1970, the device's clock): sent late from an offline
 * copy by the service worker's queue (ADR 033), so the newest choice wins whatever order posts arrive in. A time in
 * the future counts as now (a fast clock cannot pin them); one older than 31 days is refused (the queue keeps 30).
 * False for a guest or a refused time; true when the choice is kept or a later one stands.
 */
export async function saveTextSettingsAsOf(
  viewer: Viewer,
  settings: TextSettings,
  takenAt: number,
  now = Date.now(),
): Promise<boolean> {
  if (!viewer.user) return false;
  if (!(Number.isSafeInteger(takenAt) && takenAt > now - 31 * 24 * 3600_000)) return false;
  const when = new Date(Math.min(takenAt, now));
  const { fontSize, lineHeight, theme } = settings;
  await getDb()
    .insert(readerTextPreferences)
    .values({ userId: viewer.user.id, fontSize, lineHeight, theme, updatedAt: when })
    .onConflictDoUpdate({
      target: readerTextPreferences.userId,
      set: { fontSize, lineHeight, theme, updatedAt: when },
      setWhere: lt(readerTextPreferences.updatedAt, when),
    });
  return true;
}

/** Her settings, for the settings form to change one step at a time. */
export async function currentTextSettings(viewer: Viewer): Promise<TextSettings> {
  if (!viewer.user) return DEFAULT_TEXT_SETTINGS;
  const { fontSize, lineHeight, theme } = await textSettingsOf(viewer.user.id);
  return { fontSize, lineHeight, theme };
}

export interface AdminTextEdition {
  /** preparing: the job has it to make; ready: made, for a look before publishing; failed: with its reason. */
  state: "none" | "preparing" | "ready" | "failed";
  source: "pdf" | "epub";
  enabled: boolean;
  /** The reason it failed, or why the last attempt failed while it is retried. */
  error: string | null;
  toc: TextSectionEntry[];
  /** The first sections as readers will see them, for a look before publishing. */
  preview: { title: string; blocks: string[] }[];
  updatedAt: string | null;
}

export async function getTextEditionForAdmin(_admin: AdminViewer, ebookId: string): Promise<AdminTextEdition> {
  const row = await editionRow(ebookId);
  if (!row) return { state: "none", source: "pdf", enabled: true, error: null, toc: [], preview: [], updatedAt: null };
  const state = row.runAfter ? "preparing" : row.fileKey ? "ready" : "failed";
  const stored = state === "ready" && row.fileKey ? await storedEdition(row.fileKey) : null;
  return {
    state,
    source: row.source,
    enabled: row.enabled,
    error: row.error,
    toc: state === "ready" ? row.sections : [],
    preview: (stored?.sections ?? [])
      .slice(0, 2)
      .map((s) => ({ title: s.title, blocks: s.blocks.slice(0, 12).map((b) => safeEbookTextHtml(b, ebookId)) })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The admin's re-extract: asks the job to make the edition again from the ebook's EPUB or PDF. */
export async function reExtractTextEdition(_admin: AdminViewer, ebookId: string): Promise<boolean> {
  const requested = await requestTextEditionForSystem(ebookId);
  if (requested) void prepareTextEditionsSoon();
  return requested;
}

export async function setTextEditionEnabled(_admin: AdminViewer, ebookId: string, enabled: boolean): Promise<boolean> {
  const updated = await getDb()
    .update(ebookTextEditions)
    .set({ enabled, updatedAt: sql`now()` })
    .where(eq(ebookTextEditions.ebookId, ebookId))
    .returning({ id: ebookTextEditions.ebookId });
  return updated.length > 0;
}
