// The reader's bytes against a real database and file store: ranged answers, access checked on every request,
// URLs bound to one reader and short-lived, reading progress, view logs, and stamped, counted downloads.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { pdfPageTexts, textPdf } from "../setup/pdf-text";
import { appDatabase } from "~/db/client.server";
import { ebookAccessLogs, ebookPurchases, ebookStampedCopies, profiles, users } from "~/db/schema";
import { createEbook, createPaidOrder, createPlan, createPurchase, createSubscription } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { guestViewer, type Viewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { issueFileUrl } from "~/modules/reader/file-url.server";
import { renewFileUrl, serveEbookFile } from "~/modules/reader/ebook-files.server";
import { openReader, saveLastPage } from "~/modules/reader/reading.server";
import { prepareDownload, type DownloadOutcome } from "~/modules/reader/downloads.server";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";

let t: TestDatabase;
let storage: ObjectStorage;
let source: Uint8Array;
let premium: { id: string };
let downloadable: { id: string };
let planId: string;

const SECRET_LINE = "Hip circles, twenty each side, every morning";

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-reader-it-")));
  appStorage.override = storage;
  source = await textPdf(SECRET_LINE, 4);
  await storage.put("private", "ebooks/premium.pdf", source, "application/pdf");
  await storage.put("private", "ebooks/downloadable.pdf", source, "application/pdf");
  premium = await createEbook(t.db, {
    accessType: "premium",
    priceCents: 49900,
    filePath: "ebooks/premium.pdf",
    pageCount: 4,
  });
  downloadable = await createEbook(t.db, {
    title: "Glutes at Home",
    accessType: "premium",
    priceCents: 49900,
    filePath: "ebooks/downloadable.pdf",
    pageCount: 4,
    downloadable: true,
  });
  planId = (await createPlan(t.db, { slug: `std-${randomUUID()}`, name: "Standard", priceCents: 50000, ebookLimit: 2 }))
    .id;
});
afterAll(async () => {
  appStorage.override = undefined;
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `reader-${id.slice(0, 8)}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Wanjiru K", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Wanjiru Kamau", role: "guest" });
  return { id, email, role: "guest" as const };
}

async function buyer(ebookId: string) {
  const person = await reader();
  const { order } = await createPaidOrder(t.db, {
    userId: person.id,
    item: { kind: "ebook", ebookId, basePriceCents: 49900 },
  });
  await createPurchase(t.db, { userId: person.id, ebookId, orderId: order.id, pricePaidCents: 49900 });
  return { ...person, reference: order.merchantReference };
}

const viewerOf = (person: { id: string; role: "guest" }) => loadViewer(person);

function fileRequest(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Request(`http://127.0.0.1${url}`, { method, headers });
}

async function fetchFile(viewer: Viewer, ebookId: string, url: string, headers: Record<string, string> = {}) {
  return serveEbookFile({ request: fileRequest(url, headers), ebookId, viewer });
}

describe(`ebook file endpoint (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("answers a reader with access: 200 in full, 206 for a range, 416 past the end, private and unsniffable", async () => {
    const owner = await buyer(premium.id);
    const viewer = await viewerOf(owner);
    const { url } = issueFileUrl({ userId: owner.id, ebookId: premium.id });

    const full = await fetchFile(viewer, premium.id, url);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-length")).toBe(String(source.length));
    expect(full.headers.get("accept-ranges")).toBe("bytes");
    expect(full.headers.get("etag")).toMatch(/^".+"$/);
    expect(full.headers.get("cache-control")).toBe("private, no-store");
    expect(full.headers.get("x-content-type-options")).toBe("nosniff");
    expect(full.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await full.arrayBuffer())).toEqual(source);

    const part = await fetchFile(viewer, premium.id, url, { Range: "bytes=100-1123" });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 100-1123/${source.length}`);
    expect(part.headers.get("content-length")).toBe("1024");
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(source.slice(100, 1124));

    const tail = await fetchFile(viewer, premium.id, url, { Range: "bytes=-10" });
    expect(tail.status).toBe(206);
    expect(new Uint8Array(await tail.arrayBuffer())).toEqual(source.slice(-10));

    const past = await fetchFile(viewer, premium.id, url, { Range: `bytes=${source.length}-` });
    expect(past.status).toBe(416);
    expect(past.headers.get("content-range")).toBe(`bytes */${source.length}`);
    expect(past.headers.get("cache-control")).toBe("private, no-store");

    // A stale copy (If-Range for another version) gets the whole current file.
    const stale = await fetchFile(viewer, premium.id, url, { Range: "bytes=0-9", "If-Range": '"old"' });
    expect(stale.status).toBe(200);
  });

  it("answers 404 to a guest, another reader, a copied or expired URL, and a forged signature", async () => {
    const owner = await buyer(premium.id);
    const stranger = await reader();
    const ownerUrl = issueFileUrl({ userId: owner.id, ebookId: premium.id }).url;
    const strangerUrl = issueFileUrl({ userId: stranger.id, ebookId: premium.id }).url;
    const expired = issueFileUrl({ userId: owner.id, ebookId: premium.id, now: new Date(Date.now() - 16 * 60_000) });
    const otherBook = issueFileUrl({ userId: owner.id, ebookId: downloadable.id }).url;
    const ownerViewer = await viewerOf(owner);
    const strangerViewer = await viewerOf(stranger);
    const cases: [Viewer, string, string][] = [
      [guestViewer(), ownerUrl, "guest with the owner's URL"],
      [strangerViewer, ownerUrl, "another reader with the owner's URL"],
      [strangerViewer, strangerUrl, "another reader with her own URL, without access"],
      [ownerViewer, expired.url, "the owner with an expired URL"],
      [ownerViewer, ownerUrl.replace(/s=[^&]+/, `s=${"A".repeat(43)}`), "a forged signature"],
      [ownerViewer, `/ebook/${premium.id}/file`, "no signature"],
      [ownerViewer, otherBook, "a URL signed for another ebook"],
    ];
    for (const [viewer, url, label] of cases) {
      const answer = await fetchFile(viewer, premium.id, url, { Range: "bytes=0-1023" });
      expect(answer.status, label).toBe(404);
      expect(answer.headers.get("cache-control"), label).toBe("private, no-store");
      expect((await answer.text()).includes("%PDF"), label).toBe(false);
    }
  });

  it("refuses the next range once access ends while she reads, and renews URLs only while she may read", async () => {
    const owner = await buyer(premium.id);
    const { url } = issueFileUrl({ userId: owner.id, ebookId: premium.id });
    expect((await fetchFile(await viewerOf(owner), premium.id, url, { Range: "bytes=0-99" })).status).toBe(206);
    expect(await renewFileUrl({ ebookId: premium.id, viewer: await viewerOf(owner) })).toMatchObject({
      size: source.length,
    });
    await t.db
      .update(ebookPurchases)
      .set({ revokedAt: new Date() })
      .where(and(eq(ebookPurchases.userId, owner.id), eq(ebookPurchases.ebookId, premium.id)));
    const after = await viewerOf(owner);
    expect((await fetchFile(after, premium.id, url, { Range: "bytes=100-199" })).status).toBe(404);
    expect(await renewFileUrl({ ebookId: premium.id, viewer: after })).toBeNull();
  });

  it("lets a subscriber read a plan ebook only after she spent an unlock on it", async () => {
    const member = await reader();
    await createSubscription(t.db, {
      userId: member.id,
      planId,
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
    });
    const { url } = issueFileUrl({ userId: member.id, ebookId: premium.id });
    expect((await fetchFile(await viewerOf(member), premium.id, url)).status).toBe(404);
    expect((await openReader({ ebookId: premium.id, viewer: await viewerOf(member) })).kind).toBe("confirm-unlock");
    await unlockEbookWithPlan({ userId: member.id, ebookId: premium.id });
    expect((await fetchFile(await viewerOf(member), premium.id, url, { Range: "bytes=0-9" })).status).toBe(206);
  });
});

describe(`opening the reader (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("logs each opening, hands out a short-lived URL, and comes back to the page she stopped on", async () => {
    const owner = await buyer(premium.id);
    const viewer = await viewerOf(owner);
    const first = await openReader({ ebookId: premium.id, viewer });
    expect(first).toMatchObject({ kind: "ready", lastPage: 1, ebook: { id: premium.id, pageCount: 4 } });
    if (first.kind !== "ready") throw new Error("not ready");
    expect(first.file?.size).toBe(source.length);
    expect(first.file!.expiresAt - Date.now() / 1000).toBeLessThanOrEqual(3600);
    expect(JSON.stringify(first)).not.toContain("ebooks/premium.pdf");

    expect(await saveLastPage({ ebookId: premium.id, viewer, page: 3 })).toBe(true);
    expect(await openReader({ ebookId: premium.id, viewer })).toMatchObject({ kind: "ready", lastPage: 3 });
    // A page past the end is kept at the last page.
    expect(await saveLastPage({ ebookId: premium.id, viewer, page: 99 })).toBe(true);
    expect(await openReader({ ebookId: premium.id, viewer })).toMatchObject({ lastPage: 4 });
    expect(await saveLastPage({ ebookId: premium.id, viewer, page: 0 })).toBe(false);

    const views = await t.db
      .select()
      .from(ebookAccessLogs)
      .where(and(eq(ebookAccessLogs.userId, owner.id), eq(ebookAccessLogs.accessType, "view")));
    expect(views).toHaveLength(3);
  });

  it("sends a guest to sign in, refuses a reader without access, and saves no progress for her", async () => {
    const stranger = await reader();
    // A guest is sent to the ebook's page and its sample: signing in alone would not open a paid ebook.
    expect((await openReader({ ebookId: premium.id, viewer: guestViewer() })).kind).toBe("denied");
    const viewer = await viewerOf(stranger);
    expect((await openReader({ ebookId: premium.id, viewer })).kind).toBe("denied");
    expect(await saveLastPage({ ebookId: premium.id, viewer, page: 2 })).toBe(false);
    expect((await openReader({ ebookId: randomUUID(), viewer })).kind).toBe("not-found");
    expect((await openReader({ ebookId: "../etc", viewer })).kind).toBe("not-found");
  });
});

describe(`downloads (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("stamps her copy once with her e-mail and order reference on every page and in the metadata", async () => {
    const owner = await buyer(downloadable.id);
    const viewer = await viewerOf(owner);
    const first = await prepareDownload({ ebookId: downloadable.id, viewer, email: owner.email });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    const stamped = (await storage.get("private", first.fileKey))!.bytes;
    const pages = await pdfPageTexts(stamped);
    expect(pages).toHaveLength(4);
    for (const text of pages) {
      expect(text).toContain(owner.email);
      expect(text).toContain(owner.reference);
      expect(text).toContain(SECRET_LINE);
    }
    const { PDFDocument } = await import("pdf-lib");
    const metadata = await PDFDocument.load(stamped, { updateMetadata: false });
    expect(metadata.getKeywords()).toContain(owner.email);
    expect(metadata.getSubject()).toContain(owner.reference);

    const second = await prepareDownload({ ebookId: downloadable.id, viewer, email: owner.email });
    expect(second).toMatchObject({ ok: true, fileKey: first.fileKey });
    const copies = await t.db.select().from(ebookStampedCopies).where(eq(ebookStampedCopies.userId, owner.id));
    expect(copies).toHaveLength(1);
    const logged = await t.db
      .select()
      .from(ebookAccessLogs)
      .where(and(eq(ebookAccessLogs.userId, owner.id), eq(ebookAccessLogs.accessType, "download")));
    expect(logged.map((l) => l.orderReference)).toEqual([owner.reference, owner.reference]);
  });

  it("allows three downloads an hour per ebook and reader, however many arrive at once", async () => {
    const owner = await buyer(downloadable.id);
    const viewer = await viewerOf(owner);
    const outcomes = await Promise.all(
      Array.from({ length: 6 }, () => prepareDownload({ ebookId: downloadable.id, viewer, email: owner.email })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    const refused = outcomes.filter((o) => !o.ok);
    expect(refused).toHaveLength(3);
    for (const o of refused) {
      if (o.ok) continue;
      expect(o.error.code).toBe("DOWNLOAD_LIMIT");
      expect(o.error.message).toMatch(
        /^Download limit exceeded\. Please wait before downloading again\. You can download it again in (59|60) minutes\.$/,
      );
      expect(o.retryAfterMs).toBeGreaterThan(3_000_000);
    }
    // An hour later she may download again.
    const later = await prepareDownload({
      ebookId: downloadable.id,
      viewer,
      email: owner.email,
      now: new Date(Date.now() + 61 * 60_000),
    });
    expect(later.ok).toBe(true);
  });

  it("says at most 60 minutes when a download that took its time later got the lock first", async () => {
    const owner = await buyer(downloadable.id);
    const viewer = await viewerOf(owner);
    const start = Date.now();
    // Three downloads logged 20 s after the moment the fourth request took its time (it then waited on the lock).
    for (let i = 0; i < 3; i++) {
      const ok = await prepareDownload({
        ebookId: downloadable.id,
        viewer,
        email: owner.email,
        now: new Date(start + 20_000),
      });
      expect(ok.ok).toBe(true);
    }
    const fourth = await prepareDownload({
      ebookId: downloadable.id,
      viewer,
      email: owner.email,
      now: new Date(start),
    });
    expect(fourth.ok).toBe(false);
    if (fourth.ok) return;
    expect(fourth.error.message).toBe(
      "Download limit exceeded. Please wait before downloading again. You can download it again in 60 minutes.",
    );
    expect(fourth.retryAfterMs).toBe(3_600_000);
  });

  it("refuses a guest, a reader without access, and an ebook not marked downloadable, with the spec's reasons", async () => {
    const stranger = await reader();
    const owner = await buyer(premium.id);
    const words = (outcome: DownloadOutcome) => (outcome.ok ? null : outcome.error.message);
    expect(words(await prepareDownload({ ebookId: downloadable.id, viewer: guestViewer(), email: null }))).toBe(
      "Authentication required for download.",
    );
    expect(
      words(
        await prepareDownload({ ebookId: downloadable.id, viewer: await viewerOf(stranger), email: stranger.email }),
      ),
    ).toBe("You do not have permission to download this ebook.");
    expect(
      words(await prepareDownload({ ebookId: premium.id, viewer: await viewerOf(owner), email: owner.email })),
    ).toBe("Ebook not found or not available for download.");
    expect(
      words(await prepareDownload({ ebookId: randomUUID(), viewer: await viewerOf(owner), email: owner.email })),
    ).toBe("Ebook not found or not available for download.");
  });

  it("makes a new stamped copy when the ebook's file changes", async () => {
    const book = await createEbook(t.db, {
      accessType: "free",
      filePath: "ebooks/changing.pdf",
      downloadable: true,
    });
    await storage.put("private", "ebooks/changing.pdf", await textPdf("First edition", 2), "application/pdf");
    const person = await reader();
    const viewer = await viewerOf(person);
    const first = await prepareDownload({ ebookId: book.id, viewer, email: person.email });
    await new Promise((r) => setTimeout(r, 20));
    await storage.put("private", "ebooks/changing.pdf", await textPdf("Second edition", 2), "application/pdf");
    const second = await prepareDownload({ ebookId: book.id, viewer, email: person.email });
    if (!first.ok || !second.ok) throw new Error("downloads refused");
    expect(second.fileKey).not.toBe(first.fileKey);
    const texts = await pdfPageTexts((await storage.get("private", second.fileKey))!.bytes);
    expect(texts[0]).toContain("Second edition");
    expect(texts[0]).toContain(`${person.email} - free`);
    expect(await storage.stat("private", first.fileKey)).toBeNull();
  });
});
