// Downloads of ebooks marked downloadable: counted in the database (3 per ebook per reader per hour, failing
// closed), logged, and served as a copy stamped with who received it.
import { and, count, eq, gt, isNull, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { getDb } from "~/db/client.server";
import { ebookAccessLogs, ebookPurchases, ebookStampedCopies, orders, users } from "~/db/schema";
import { mailLocaleOf } from "~/lib/mail/mail-language";
import { canDownloadEbook, isAdmin, type Viewer } from "~/modules/access/policy";
import { getStorage } from "~/modules/storage/storage.server";
import type { ActionRefusal } from "~/lib/action-result";
import { AppError } from "~/lib/app-error";
import { refused, type Refused } from "~/lib/app-error.server";
import { READER_ERRORS } from "./reader-errors";
import { fileInfo, FILE_HEADERS, unsafeEbookFileRow, type EbookFileRow } from "./ebook-files.server";
import { stampLine, stampPdf, type Stamp } from "./stamp.server";

export const DOWNLOADS_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/** "in 23 minutes": when the oldest of the hour's downloads leaves the window. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes <= 1 ? "in a minute" : `in ${minutes} minutes`;
}

/** The hourly limit's refusal, saying when she may try again (the server knows). */
function limitReached(retryAfterSeconds: number): Refused {
  const { message } = READER_ERRORS.DOWNLOAD_LIMIT;
  const detail = `${message} You can download it again ${tryAgainIn(retryAfterSeconds)}.`;
  return refused(new AppError(READER_ERRORS.DOWNLOAD_LIMIT, detail), retryAfterSeconds * 1000);
}

/** The stamped copy to send, or the spec's refusal (READER_ERRORS). */
export type DownloadOutcome = { ok: true; fileKey: string; size: number; filename: string } | Refused;

/** Which purchase or plan the copy was given under, for the stamp. */
async function referenceFor(viewer: Viewer, row: EbookFileRow): Promise<string> {
  const userId = viewer.user!.id;
  if (viewer.purchasedEbookIds.has(row.id)) {
    const [purchase] = await getDb()
      .select({ reference: orders.merchantReference })
      .from(ebookPurchases)
      .leftJoin(orders, eq(orders.id, ebookPurchases.orderId))
      .where(
        and(eq(ebookPurchases.userId, userId), eq(ebookPurchases.ebookId, row.id), isNull(ebookPurchases.revokedAt)),
      );
    return purchase?.reference ?? "purchase";
  }
  if (row.accessType === "free") return "free";
  if (isAdmin(viewer)) return "admin";
  return "subscription";
}

/** The stamped copy for this reader, made once and kept while the source file and the stamp stay the same. */
async function stampedCopy(row: EbookFileRow & { filePath: string }, userId: string, stamp: Stamp, sourceEtag: string) {
  const db = getDb();
  const line = stampLine(stamp);
  const [kept] = await db
    .select()
    .from(ebookStampedCopies)
    .where(and(eq(ebookStampedCopies.userId, userId), eq(ebookStampedCopies.ebookId, row.id)));
  const storage = getStorage();
  if (kept && kept.sourceKey === row.filePath && kept.sourceEtag === sourceEtag && kept.stamp === line) {
    const info = await storage.stat("private", kept.fileKey);
    if (info) return { fileKey: kept.fileKey, size: info.size };
  }
  const source = await storage.get("private", row.filePath);
  if (!source) throw new Error(`Ebook file missing: ${row.id}`);
  const bytes = await stampPdf(source.bytes, stamp);
  const fileKey = `stamped/${row.id}/${randomUUID()}.pdf`;
  await storage.put("private", fileKey, bytes, "application/pdf");
  await db
    .insert(ebookStampedCopies)
    .values({ userId, ebookId: row.id, fileKey, sourceKey: row.filePath, sourceEtag, stamp: line })
    .onConflictDoUpdate({
      target: [ebookStampedCopies.userId, ebookStampedCopies.ebookId],
      set: { fileKey, sourceKey: row.filePath, sourceEtag, stamp: line, createdAt: sql`now()` },
    });
  if (kept && kept.fileKey !== fileKey) await storage.delete("private", kept.fileKey).catch(() => undefined);
  return { fileKey, size: bytes.length };
}

/**
 * Counts this download against the hourly limit and logs it, atomically: concurrent requests of one reader for
 * one ebook queue on an advisory lock, so the fourth in an hour is refused however they arrive.
 */
async function reserveDownload(userId: string, ebookId: string, reference: string, now: Date) {
  return getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`download|${userId}|${ebookId}`}, 0))`);
    const since = new Date(now.getTime() - HOUR_MS);
    const recent = await tx
      .select({ n: count(), oldest: sql<string | null>`min(${ebookAccessLogs.accessedAt})` })
      .from(ebookAccessLogs)
      .where(
        and(
          eq(ebookAccessLogs.userId, userId),
          eq(ebookAccessLogs.ebookId, ebookId),
          eq(ebookAccessLogs.accessType, "download"),
          gt(ebookAccessLogs.accessedAt, since),
        ),
      );
    const { n, oldest } = recent[0];
    if (n >= DOWNLOADS_PER_HOUR) {
      const freeAt = oldest ? new Date(oldest).getTime() + HOUR_MS : now.getTime() + HOUR_MS;
      // CASE: requests arriving together -> each took its time before queuing on the lock, so the oldest logged one
      // may be a little later than this one's `now`; the wait is never more than the hour ("61 minutes" was said).
      const waitMs = Math.min(HOUR_MS, freeAt - now.getTime());
      return { ok: false as const, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    await tx
      .insert(ebookAccessLogs)
      .values({ userId, ebookId, accessType: "download", orderReference: reference, accessedAt: now });
    return { ok: true as const };
  });
}

function fileNameOf(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 80);
  return `${slug || "ebook"}.pdf`;
}

export async function prepareDownload({
  ebookId,
  viewer,
  email,
  now = new Date(),
}: {
  ebookId: string;
  viewer: Viewer;
  email: string | null;
  now?: Date;
}): Promise<DownloadOutcome> {
  if (!viewer.user || !email) return refused(READER_ERRORS.DOWNLOAD_SIGN_IN);
  const row = await unsafeEbookFileRow(ebookId, viewer);
  if (!row || !row.filePath || !row.downloadable) return refused(READER_ERRORS.DOWNLOAD_NOT_FOUND);
  if (!canDownloadEbook(viewer, row)) return refused(READER_ERRORS.DOWNLOAD_DENIED);
  const info = await fileInfo(row);
  if (!info) return refused(READER_ERRORS.DOWNLOAD_NOT_FOUND);
  const reference = await referenceFor(viewer, row);
  // The stamp speaks her saved language (issue 50, ADR 048); English when she has chosen none.
  const [saved] = await getDb().select({ language: users.language }).from(users).where(eq(users.id, viewer.user.id));
  const locale = mailLocaleOf(saved?.language);
  try {
    const copy = await stampedCopy(
      { ...row, filePath: row.filePath },
      viewer.user.id,
      { email, reference, locale },
      info.etag,
    );
    const reserved = await reserveDownload(viewer.user.id, row.id, reference, now);
    if (!reserved.ok) return limitReached(reserved.retryAfterSeconds);
    return { ok: true, ...copy, filename: fileNameOf(row.title) };
  } catch (error) {
    // CASE: the count, the stamp or the store failed -> refuse (the spec's fail-open would be a hole).
    console.error("Ebook download failed", error);
    return refused(READER_ERRORS.DOWNLOAD_FAILED);
  }
}

/** The answer to POST /ebook/:id/download: the stamped PDF, or the spec's refusal as JSON (the one refusal shape). */
export async function downloadResponse(
  outcome: DownloadOutcome,
  words?: { title: string; message: string },
): Promise<Response> {
  if (!outcome.ok) {
    const { error, retryAfterMs } = outcome;
    const headers: Record<string, string> = { ...FILE_HEADERS, "Content-Type": "application/json" };
    if (retryAfterMs) headers["Retry-After"] = String(Math.ceil(retryAfterMs / 1000));
    // In the page's language when the route gives its words (download-refusal-words.server.ts).
    const answer: ActionRefusal = { ok: false, error: { ...error.payload, ...words } };
    return new Response(JSON.stringify(answer), { status: error.status, headers });
  }
  const body = await getStorage().read("private", outcome.fileKey);
  if (!body) return downloadResponse(refused(READER_ERRORS.DOWNLOAD_FAILED));
  return new Response(body, {
    status: 200,
    headers: {
      ...FILE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Length": String(outcome.size),
      "Content-Disposition": `attachment; filename="${outcome.filename}"`,
    },
  });
}
