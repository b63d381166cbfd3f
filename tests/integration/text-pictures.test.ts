// Pictures in an EPUB's text edition (issue 32, ADR 032) against a real database and file store: the raster pictures
// kept in their places as small WebPs stored privately beside the edition (each checked by its bytes; a lying one, an
// oversize one, an SVG and links outside the archive are not kept, their text is), served by the gated picture route
// only to a reader who may read the ebook now (guest, another reader, a reader whose purchase was reversed, an expired
// subscriber, a switched-off edition, a bad number: 404), and deleted with the edition when it is made again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { picturesEpub, testPicture } from "../setup/epub-file";
import { appDatabase } from "~/db/client.server";
import { ebookPurchases, ebooks, ebookTextEditions, profiles, userSubscriptions, users } from "~/db/schema";
import { createEbook, createPaidOrder, createPlan, createPurchase, createSubscription } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { guestViewer, type Viewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";
import {
  buildTextEditionForSystem,
  openTextSection,
  serveTextPicture,
  setTextEditionEnabled,
  textEditionForOffline,
} from "~/modules/reader/text-edition.server";
import { adminViewer as checkedAdmin } from "~/modules/access/policy";
import { picturesAsTapLinks } from "~/modules/reader/text-pictures.server";
import { picturesAsWords } from "~/modules/offline/copy-document.server";

let t: TestDatabase;
let storage: ObjectStorage;
let book: { id: string };
let planBook: { id: string };
let planId: string;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-pictures-it-")));
  appStorage.override = storage;
  const epub = await picturesEpub();
  await storage.put("private", "ebooks-epub/pictures.epub", epub, "application/epub+zip");
  book = await createEbook(t.db, { accessType: "premium", priceCents: 45000 });
  planBook = await createEbook(t.db, { accessType: "subscription", priceCents: null });
  for (const ebook of [book, planBook]) {
    await t.db.update(ebooks).set({ epubPath: "ebooks-epub/pictures.epub" }).where(eq(ebooks.id, ebook.id));
    expect(await buildTextEditionForSystem(ebook.id, { db: t.db, storage })).toBe("ready");
  }
  planId = (await createPlan(t.db, { slug: `pics-${randomUUID()}`, name: "Standard", priceCents: 50000 })).id;
});
afterAll(async () => {
  appStorage.override = undefined;
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `pics-${id.slice(0, 8)}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Achieng O", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Achieng Otieno", role: "guest" });
  return { id, role: "guest" as const };
}

async function buyer(ebookId: string) {
  const person = await reader();
  const { order } = await createPaidOrder(t.db, {
    userId: person.id,
    item: { kind: "ebook", ebookId, basePriceCents: 45000 },
  });
  await createPurchase(t.db, { userId: person.id, ebookId, orderId: order.id, pricePaidCents: 45000 });
  return person;
}

const picture = (ebookId: string, viewer: Viewer, n: string, headers: Record<string, string> = {}) =>
  serveTextPicture({
    request: new Request(`http://localhost/ebook/${ebookId}/text/picture/${n}`, { headers }),
    ebookId,
    n,
    viewer,
  });

async function editionKey(ebookId: string) {
  const [row] = await t.db.select().from(ebookTextEditions).where(eq(ebookTextEditions.ebookId, ebookId));
  return row.fileKey!;
}

describe(`text edition pictures (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("keeps the EPUB's raster pictures in their places, with alt text and size; drops the rest, keeps their text", async () => {
    const viewer = await loadViewer(await buyer(book.id));
    const src = (n: number) => `/ebook/${book.id}/text/picture/${n}`;
    const cover = await openTextSection({ ebookId: book.id, viewer, section: 0 });
    expect(cover?.toc.map((s) => s.title)).toEqual(["Cover", "The Well"]);
    // The cover: an SVG wrapping a JPEG, kept as that picture (600 x 900, under 800 px: not enlarged).
    expect(cover?.section.blocks).toEqual([
      `<p><img src="${src(0)}" alt="The Well, a cover" width="600" height="900" loading="lazy" decoding="async" /></p>`,
    ]);
    const well = await openTextSection({ ebookId: book.id, viewer, section: 1 });
    expect(well?.section.blocks).toEqual([
      "<h2>The Well</h2>",
      "<p>Water came late to the village that year.</p>",
      // 1200 x 800 scaled to 800 px wide; the alt text stays text.
      `<p><img src="${src(1)}" alt="A well &lt;b&gt;made&lt;/b&gt; of stone" width="800" height="533" loading="lazy" decoding="async" /></p>`,
      "<p>The old well.</p>",
      // A picture without alt text gets an empty one.
      `<p>Everyone waited.<img src="${src(2)}" alt="" width="600" height="900" loading="lazy" decoding="async" /></p>`,
      // Bytes that are not a picture, and one over 10 MB: dropped, the text stays.
      "<p>The lie:  and the big one: </p>",
      // An SVG is not kept: its alt text stands in its place.
      "<p>A map of the village</p>",
      // Outside the archive, not in the manifest, data: and outside addresses: dropped.
      "<p>Outside: </p>",
      // The same picture again is the same picture.
      `<p>Again: <img src="${src(1)}" alt="The well again" width="800" height="533" loading="lazy" decoding="async" /></p>`,
    ]);
    // Stored privately beside the edition's JSON, one WebP per picture kept and nothing else.
    const folder = (await editionKey(book.id)).replace(/\.json$/, "/");
    expect((await storage.list("private", folder)).map((o) => o.key)).toEqual(
      [0, 1, 2].map((n) => `${folder}${n}.webp`),
    );
  });

  it("serves a picture as WebP to a reader who may read the ebook, private, nosniff, at most 800 px wide", async () => {
    const viewer = await loadViewer(await buyer(book.id));
    const answer = await picture(book.id, viewer, "1");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("image/webp");
    expect(answer.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await answer.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 800, height: 533 });
    // Metadata stripped.
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    // Her browser asks again with the ETag: 304, no bytes.
    const again = await picture(book.id, viewer, "1", { "If-None-Match": answer.headers.get("etag")! });
    expect(again.status).toBe(304);
  });

  it("answers 404 to a guest, another reader, a reversed purchase, an expired subscriber, a switched-off edition and a bad number", async () => {
    const owner = await buyer(book.id);
    const ownerViewer = await loadViewer(owner);
    const cases: [Viewer, string, string][] = [
      [guestViewer(), book.id, "0"],
      [await loadViewer(await reader()), book.id, "0"],
      [ownerViewer, book.id, "3"],
      [ownerViewer, book.id, "-1"],
      [ownerViewer, book.id, "x"],
      [ownerViewer, book.id, "01x"],
      [ownerViewer, planBook.id, "0"],
      [ownerViewer, "not-an-id", "0"],
    ];
    for (const [viewer, ebookId, n] of cases) {
      const answer = await picture(ebookId, viewer, n);
      expect(answer.status, `${ebookId} ${n}`).toBe(404);
      expect(answer.headers.get("cache-control")).toBe("private, no-store");
      expect(answer.headers.get("content-type")).not.toBe("image/webp");
    }
    expect((await picture(book.id, ownerViewer, "0")).status).toBe(200);

    // The admin switches the edition off: its pictures go with it.
    const admin = await reader();
    await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, admin.id));
    const adminViewer = checkedAdmin(await loadViewer({ id: admin.id, role: "admin" }))!;
    await setTextEditionEnabled(adminViewer, book.id, false);
    expect((await picture(book.id, ownerViewer, "0")).status).toBe(404);
    await setTextEditionEnabled(adminViewer, book.id, true);
    expect((await picture(book.id, ownerViewer, "0")).status).toBe(200);

    // A reversed purchase.
    await t.db
      .update(ebookPurchases)
      .set({ revokedAt: new Date() })
      .where(and(eq(ebookPurchases.userId, owner.id), eq(ebookPurchases.ebookId, book.id)));
    expect((await picture(book.id, await loadViewer(owner), "0")).status).toBe(404);

    // A subscriber: only once she unlocked the title, and not after her plan ended.
    const member = await reader();
    await createSubscription(t.db, {
      userId: member.id,
      planId,
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
    });
    expect((await picture(planBook.id, await loadViewer(member), "0")).status).toBe(404);
    await unlockEbookWithPlan({ userId: member.id, ebookId: planBook.id });
    expect((await picture(planBook.id, await loadViewer(member), "0")).status).toBe(200);
    await t.db
      .update(userSubscriptions)
      .set({ status: "expired", endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(userSubscriptions.userId, member.id));
    expect((await picture(planBook.id, await loadViewer(member), "0")).status).toBe(404);
  });

  it("never keeps a picture of another ebook or from elsewhere in a stored block", async () => {
    const viewer = await loadViewer(await buyer(book.id));
    const offline = await textEditionForOffline(book.id, viewer);
    const html = offline!.sections.flatMap((s) => s.blocks).join("");
    const sources = [...html.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1]);
    expect(sources.length).toBe(4);
    for (const source of sources) expect(source).toMatch(new RegExp(`^/ebook/${book.id}/text/picture/[012]$`));
    // The offline copy's pictures are not saved: each is its alt text, marked as a picture (no broken-picture icon).
    expect(
      picturesAsWords(
        `<p><img src="${sources[0]}" alt="The well &amp; more" width="600" height="900" loading="lazy" decoding="async" /></p>`,
      ),
    ).toBe(
      `<p><span class="pic"><span class="pic-note">Picture, not saved for offline</span> The well &amp; more</span></p>`,
    );
    expect(picturesAsWords(`<img src="${sources[0]}" alt="">`)).toBe(
      `<span class="pic"><span class="pic-note">Picture, not saved for offline</span></span>`,
    );
    // Data saver: a link to the picture with its alt text, nothing downloaded before a tap.
    expect(
      picturesAsTapLinks([`<p>Again: <img src="${sources[0]}" alt="The well &amp; more" width="1" height="1" /></p>`]),
    ).toEqual([`<p>Again: <a href="${sources[0]}" class="img-tap">Show picture: The well &amp; more</a></p>`]);
  });

  it("stores new pictures under a new key when the edition is made again, and deletes the old ones", async () => {
    const before = await editionKey(book.id);
    const oldFolder = before.replace(/\.json$/, "/");
    expect((await storage.list("private", oldFolder)).length).toBe(3);
    expect(await buildTextEditionForSystem(book.id, { db: t.db, storage })).toBe("ready");
    const after = await editionKey(book.id);
    expect(after).not.toBe(before);
    expect(await storage.get("private", before)).toBeNull();
    expect(await storage.list("private", oldFolder)).toEqual([]);
    expect((await storage.list("private", after.replace(/\.json$/, "/"))).length).toBe(3);
    const viewer = await loadViewer(await buyer(book.id));
    expect((await picture(book.id, viewer, "1")).status).toBe(200);
  });

  it("keeps a PDF's pictures between its paragraphs, served the same way", async () => {
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const page = pdf.addPage([420, 595]);
    page.drawText("One: Water", { x: 48, y: 500, size: 20, font });
    page.drawText("Before the picture.", { x: 48, y: 470, size: 11, font });
    page.drawImage(await pdf.embedJpg(await testPicture("jpeg", 1600, 1000)), {
      x: 48,
      y: 250,
      width: 320,
      height: 200,
    });
    page.drawText("After the picture.", { x: 48, y: 230, size: 11, font });
    await storage.put("private", "ebooks/pictures.pdf", await pdf.save(), "application/pdf");
    const fromPdf = await createEbook(t.db, {
      accessType: "premium",
      priceCents: 45000,
      filePath: "ebooks/pictures.pdf",
    });
    expect(await buildTextEditionForSystem(fromPdf.id, { db: t.db, storage })).toBe("ready");
    const viewer = await loadViewer(await buyer(fromPdf.id));
    const section = await openTextSection({ ebookId: fromPdf.id, viewer, section: 0 });
    expect(section?.section.blocks).toEqual([
      "<h2>One: Water</h2>",
      "<p>Before the picture.</p>",
      `<p><img src="/ebook/${fromPdf.id}/text/picture/0" alt="" width="800" height="500" loading="lazy" decoding="async" /></p>`,
      "<p>After the picture.</p>",
    ]);
    const answer = await picture(fromPdf.id, viewer, "0");
    expect(answer.status).toBe(200);
    expect(await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).toMatchObject({
      format: "webp",
      width: 800,
      height: 500,
    });
    expect((await picture(fromPdf.id, await loadViewer(await reader()), "0")).status).toBe(404);
  });
});
