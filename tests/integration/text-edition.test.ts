// Text mode (issue 32) against a real database and file store: the edition made from the PDF, handed out one
// sanitized section at a time only to a reader who may read the ebook now (guest, another reader and an expired
// subscriber get nothing: the route answers 404), her place and settings kept on the server.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { ebookPurchases, ebookTextEditions, profiles, userSubscriptions, users } from "~/db/schema";
import { createEbook, createPaidOrder, createPlan, createPurchase, createSubscription } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { adminViewer as checkedAdmin, guestViewer } from "~/modules/access/policy";
import { appStorage, createFileStorage, type ObjectStorage } from "~/modules/storage/storage.server";
import { unlockEbookWithPlan } from "~/modules/membership/subscription-ebooks.server";
import { stillReadable } from "~/modules/offline/still-readable.server";
import {
  buildMissingTextEditionsForSystem,
  buildTextEditionForSystem,
  currentTextSettings,
  getEbookSampleForViewer,
  getTextEditionForAdmin,
  hasTextEdition,
  SAMPLE_CHARS,
  openTextSection,
  savedTextPosition,
  saveTextPosition,
  textEditionForOffline,
  saveTextSettings,
  saveTextSettingsAsOf,
  setTextEditionEnabled,
} from "~/modules/reader/text-edition.server";

let t: TestDatabase;
let storage: ObjectStorage;
let premium: { id: string };
let planBook: { id: string };
let planId: string;

const SECRET = "Hip circles, twenty each side, every morning";

/** Two chapters of 11 pt text under 18 pt headings; the second chapter's text would be markup if not escaped. */
async function bookPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.TimesRoman);
  const chapters = [
    ["One: Mornings", [`Start slowly. ${SECRET}.`, "Breathe out as you rise."]],
    ["Two: Evenings", ["<img src=x onerror=alert(1)> is only text here.", "Rest well."]],
  ] as const;
  for (const [heading, lines] of chapters) {
    const page = pdf.addPage([420, 595]);
    page.drawText(heading, { x: 48, y: 500, size: 18, font });
    lines.forEach((line, i) => page.drawText(line, { x: 48, y: 460 - i * 30, size: 11, font }));
  }
  return pdf.save();
}

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  storage = createFileStorage(mkdtempSync(path.join(tmpdir(), "nuru-text-it-")));
  appStorage.override = storage;
  const bytes = await bookPdf();
  await storage.put("private", "ebooks/text-premium.pdf", bytes, "application/pdf");
  await storage.put("private", "ebooks/text-plan.pdf", bytes, "application/pdf");
  premium = await createEbook(t.db, { accessType: "premium", priceCents: 49900, filePath: "ebooks/text-premium.pdf" });
  planBook = await createEbook(t.db, {
    accessType: "subscription",
    priceCents: null,
    filePath: "ebooks/text-plan.pdf",
  });
  planId = (await createPlan(t.db, { slug: `std-${randomUUID()}`, name: "Standard", priceCents: 50000, ebookLimit: 2 }))
    .id;
  expect(await buildMissingTextEditionsForSystem({ db: t.db, storage })).toMatchObject({ ready: 2, failed: 0 });
});
afterAll(async () => {
  appStorage.override = undefined;
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

async function reader() {
  const id = randomUUID();
  const email = `text-${id.slice(0, 8)}@nuru.test`;
  await t.db.insert(users).values({ id, name: "Akinyi O", email, emailVerified: true, role: "user" });
  await t.db.insert(profiles).values({ id, email, fullName: "Akinyi Odhiambo", role: "guest" });
  return { id, email, role: "guest" as const };
}

async function buyer(ebookId: string) {
  const person = await reader();
  const { order } = await createPaidOrder(t.db, {
    userId: person.id,
    item: { kind: "ebook", ebookId, basePriceCents: 49900 },
  });
  await createPurchase(t.db, { userId: person.id, ebookId, orderId: order.id, pricePaidCents: 49900 });
  return person;
}

const viewerOf = (person: { id: string; role: "guest" }) => loadViewer(person);
const adminViewer = async () => {
  const admin = await reader();
  await t.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, admin.id));
  return checkedAdmin(await loadViewer({ id: admin.id, role: "admin" }))!;
};

describe(`text edition (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("gives a buyer one sanitized section at a time, with the table of contents and progress", async () => {
    const viewer = await viewerOf(await buyer(premium.id));
    const first = await openTextSection({ ebookId: premium.id, viewer, section: 0 });
    expect(first?.toc.map((s) => s.title)).toEqual(["One: Mornings", "Two: Evenings"]);
    expect(first?.section.blocks[0]).toBe("<h2>One: Mornings</h2>");
    expect(first?.section.blocks.join("")).toContain(SECRET);
    // Only the section she reads: the next chapter's text is not in the answer.
    expect(JSON.stringify(first)).not.toContain("Rest well");
    expect(JSON.stringify(first)).not.toContain("ebook-text/");
    expect(first?.progress.start).toBe(0);

    const second = await openTextSection({ ebookId: premium.id, viewer, section: 1 });
    const html = second!.section.blocks.join("");
    expect(html).not.toMatch(/<img/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; is only text here.");
    expect(second!.progress.start).toBeGreaterThan(0);
    expect(second!.progress.end).toBe(100);
    expect(await openTextSection({ ebookId: premium.id, viewer, section: 2 })).toBeNull();
  });

  it("shows anyone the contents and the first chapter's opening, and nothing beyond it, the whole chapter to a buyer", async () => {
    const other = await viewerOf(await reader());
    for (const viewer of [guestViewer(), other]) {
      const sample = await getEbookSampleForViewer({ ebookId: premium.id, viewer });
      expect(sample?.contents).toEqual(["One: Mornings", "Two: Evenings"]);
      expect(sample?.whole).toBe(false);
      expect(sample?.blocks.join("")).toContain("Start slowly.");
      // The next chapter, and the stored file's key, never leave the module.
      expect(JSON.stringify(sample)).not.toContain("Rest well");
      expect(JSON.stringify(sample)).not.toContain("only text here");
      expect(JSON.stringify(sample)).not.toContain("ebook-text/");
    }
    const bought = await getEbookSampleForViewer({
      ebookId: premium.id,
      viewer: await viewerOf(await buyer(premium.id)),
    });
    expect(bought?.whole).toBe(true);
    expect(bought?.blocks.join("")).toContain("Breathe out as you rise.");
    expect(await getEbookSampleForViewer({ ebookId: randomUUID(), viewer: guestViewer() })).toBeNull();
  });

  it("cuts a long first chapter at a paragraph boundary before the sample's length", async () => {
    const paragraphs = Array.from(
      { length: 12 },
      (_, i) => `Paragraph ${i + 1}. ${"Stretch and breathe. ".repeat(12)}`,
    );
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.TimesRoman);
    const page = pdf.addPage([420, 2400]);
    page.drawText("One: Long mornings", { x: 20, y: 2350, size: 18, font });
    paragraphs.forEach((line, i) => page.drawText(line, { x: 20, y: 2300 - i * 40, size: 6, font }));
    await storage.put("private", "ebooks/text-long.pdf", await pdf.save(), "application/pdf");
    const long = await createEbook(t.db, {
      accessType: "premium",
      priceCents: 29900,
      filePath: "ebooks/text-long.pdf",
    });
    expect(await buildTextEditionForSystem(long.id, { db: t.db, storage })).toBe("ready");
    const sample = await getEbookSampleForViewer({ ebookId: long.id, viewer: guestViewer() });
    const text = sample!.blocks.join("").replace(/<[^>]*>/g, "");
    expect(text.length).toBeGreaterThan(0);
    expect(text.length).toBeLessThanOrEqual(SAMPLE_CHARS);
    expect(text).not.toContain("Paragraph 12.");
  });

  it("gives nothing to a guest, another reader, a buyer whose purchase was reversed, or an expired subscriber", async () => {
    const other = await viewerOf(await reader());
    for (const viewer of [guestViewer(), other]) {
      expect(await openTextSection({ ebookId: premium.id, viewer, section: 0 })).toBeNull();
      expect(await savedTextPosition(premium.id, viewer)).toBeNull();
      expect(await saveTextPosition({ ebookId: premium.id, viewer, section: 0, offset: 1 })).toBe(false);
    }

    const owner = await buyer(premium.id);
    expect(await openTextSection({ ebookId: premium.id, viewer: await viewerOf(owner), section: 0 })).not.toBeNull();
    await t.db
      .update(ebookPurchases)
      .set({ revokedAt: new Date() })
      .where(and(eq(ebookPurchases.userId, owner.id), eq(ebookPurchases.ebookId, premium.id)));
    expect(await openTextSection({ ebookId: premium.id, viewer: await viewerOf(owner), section: 0 })).toBeNull();

    const member = await reader();
    await createSubscription(t.db, {
      userId: member.id,
      planId,
      startDate: new Date(Date.now() - 86_400_000),
      endDate: new Date(Date.now() + 30 * 86_400_000),
    });
    // A plan title opens only once she spent an unlock on it, and closes when the plan ends.
    expect(await openTextSection({ ebookId: planBook.id, viewer: await viewerOf(member), section: 0 })).toBeNull();
    await unlockEbookWithPlan({ userId: member.id, ebookId: planBook.id });
    expect(await openTextSection({ ebookId: planBook.id, viewer: await viewerOf(member), section: 0 })).not.toBeNull();
    await t.db
      .update(userSubscriptions)
      .set({ status: "expired", endDate: new Date(Date.now() - 86_400_000) })
      .where(eq(userSubscriptions.userId, member.id));
    expect(await openTextSection({ ebookId: planBook.id, viewer: await viewerOf(member), section: 0 })).toBeNull();
  });

  it("keeps her place (section and paragraph) and her settings, for any device", async () => {
    const owner = await buyer(premium.id);
    const viewer = await viewerOf(owner);
    expect(await savedTextPosition(premium.id, viewer)).toBeNull();
    expect(await saveTextPosition({ ebookId: premium.id, viewer, section: 1, offset: 2 })).toBe(true);
    expect(await savedTextPosition(premium.id, await viewerOf(owner))).toEqual({ section: 1, offset: 2 });
    // Opening the same section keeps the paragraph; opening another starts it at its top.
    await openTextSection({ ebookId: premium.id, viewer, section: 1 });
    expect(await savedTextPosition(premium.id, viewer)).toEqual({ section: 1, offset: 2 });
    await openTextSection({ ebookId: premium.id, viewer, section: 0 });
    expect(await savedTextPosition(premium.id, viewer)).toEqual({ section: 0, offset: 0 });
    expect(await saveTextPosition({ ebookId: premium.id, viewer, section: 9, offset: 0 })).toBe(false);

    expect(await currentTextSettings(viewer)).toEqual({ fontSize: 18, lineHeight: 16, theme: "light" });
    await saveTextSettings(viewer, { fontSize: 22, lineHeight: 18, theme: "sepia" });
    expect((await openTextSection({ ebookId: premium.id, viewer, section: 0 }))?.settings).toMatchObject({
      fontSize: 22,
      lineHeight: 18,
      theme: "sepia",
    });
  });

  it("keeps the newest text settings when a change made in an offline copy arrives late, whatever the order", async () => {
    const owner = await buyer(premium.id);
    const viewer = await viewerOf(owner);
    const now = Date.now();
    const at = (minutes: number) => now - minutes * 60_000;
    // Changed offline ten minutes ago, then online now (the form): the offline change arrives last and loses.
    await saveTextSettings(viewer, { fontSize: 24, lineHeight: 16, theme: "dark" });
    expect(await saveTextSettingsAsOf(viewer, { fontSize: 30, lineHeight: 22, theme: "sepia" }, at(10), now)).toBe(
      true,
    );
    expect(await currentTextSettings(viewer)).toEqual({ fontSize: 24, lineHeight: 16, theme: "dark" });
    // A newer offline change wins, and the offline copy and the reader open with it (with its time, for the phone).
    // Its time is taken after the online save above (on a loaded machine that save may end well after `now`).
    const newer = Date.now() + 1;
    expect(await saveTextSettingsAsOf(viewer, { fontSize: 20, lineHeight: 20, theme: "sepia" }, newer, newer)).toBe(
      true,
    );
    const opened = await openTextSection({ ebookId: premium.id, viewer, section: 0 });
    expect(opened?.settings).toEqual({ fontSize: 20, lineHeight: 20, theme: "sepia", at: newer });
    expect((await textEditionForOffline(premium.id, viewer))?.settings).toEqual(opened?.settings);
    // A device clock in the future counts as now: the next change made online still wins over it.
    await saveTextSettingsAsOf(viewer, { fontSize: 32, lineHeight: 24, theme: "light" }, now + 86_400_000);
    await saveTextSettings(viewer, { fontSize: 16, lineHeight: 12, theme: "light" });
    expect(await currentTextSettings(viewer)).toEqual({ fontSize: 16, lineHeight: 12, theme: "light" });
    // Older than the queue keeps anything, or from a guest: refused.
    expect(await saveTextSettingsAsOf(viewer, { fontSize: 18, lineHeight: 16, theme: "dark" }, at(60 * 24 * 40))).toBe(
      false,
    );
    expect(await saveTextSettingsAsOf(guestViewer(), { fontSize: 18, lineHeight: 16, theme: "dark" }, now)).toBe(false);
    expect(await currentTextSettings(viewer)).toEqual({ fontSize: 16, lineHeight: 12, theme: "light" });
  });

  it("keeps the newest place when places arrive late (an offline queue replayed), whatever their order", async () => {
    const owner = await buyer(premium.id);
    const viewer = await viewerOf(owner);
    const now = Date.UTC(2026, 10, 26, 12);
    const at = (minutes: number) => now - minutes * 60_000;
    // Read offline ten minutes ago, then online five minutes ago; the offline place arrives last and loses.
    expect(await saveTextPosition({ ebookId: premium.id, viewer, section: 1, offset: 4, takenAt: at(5), now })).toBe(
      true,
    );
    expect(await saveTextPosition({ ebookId: premium.id, viewer, section: 0, offset: 9, takenAt: at(10), now })).toBe(
      true,
    );
    expect(await savedTextPosition(premium.id, viewer)).toEqual({ section: 1, offset: 4 });
    // A newer one wins; a device clock in the future counts as now, so the next place still wins over it.
    await saveTextPosition({ ebookId: premium.id, viewer, section: 1, offset: 7, takenAt: now + 86_400_000, now });
    expect(await savedTextPosition(premium.id, viewer)).toEqual({ section: 1, offset: 7 });
    await saveTextPosition({ ebookId: premium.id, viewer, section: 0, offset: 1, takenAt: now + 1, now: now + 1 });
    expect(await savedTextPosition(premium.id, viewer)).toEqual({ section: 0, offset: 1 });
    // Older than a saved copy can be: refused.
    expect(
      await saveTextPosition({ ebookId: premium.id, viewer, section: 1, offset: 0, takenAt: at(60 * 24 * 40), now }),
    ).toBe(false);
  });

  it("hands the whole text edition to the offline copy only to a reader who may read it", async () => {
    const owner = await buyer(premium.id);
    const whole = await textEditionForOffline(premium.id, await viewerOf(owner));
    expect(whole?.ebook.id).toBe(premium.id);
    expect(whole?.sections.length).toBeGreaterThan(0);
    const stranger = await reader();
    expect(await textEditionForOffline(premium.id, await viewerOf(stranger))).toBeNull();
    expect(await textEditionForOffline(premium.id, guestViewer())).toBeNull();
    // Her offline library keeps the copy while she may read it (the check at each online visit).
    const saved = [{ kind: "ebook", id: premium.id }];
    expect(await stillReadable(await viewerOf(owner), saved)).toEqual(saved);
    expect(await stillReadable(await viewerOf(stranger), saved)).toEqual([]);
    await setTextEditionEnabled(await adminViewer(), premium.id, false);
    expect(await stillReadable(await viewerOf(owner), saved)).toEqual([]);
    await setTextEditionEnabled(await adminViewer(), premium.id, true);
  });

  it("lets an admin look, switch the text edition off and on, and extract it again", async () => {
    const admin = await adminViewer();
    const look = await getTextEditionForAdmin(admin, premium.id);
    expect(look).toMatchObject({ state: "ready", enabled: true, error: null });
    expect(look.preview[0].blocks.join("")).toContain(SECRET);
    const notAdmin = await viewerOf(await reader());
    expect(checkedAdmin(notAdmin)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(getTextEditionForAdmin).toBeCallableWith(notAdmin, premium.id);

    const viewer = await viewerOf(await buyer(premium.id));
    expect(await setTextEditionEnabled(admin, premium.id, false)).toBe(true);
    expect(await hasTextEdition(premium.id)).toBe(false);
    expect(await openTextSection({ ebookId: premium.id, viewer, section: 0 })).toBeNull();
    await setTextEditionEnabled(admin, premium.id, true);

    const [before] = await t.db.select().from(ebookTextEditions).where(eq(ebookTextEditions.ebookId, premium.id));
    expect(await buildTextEditionForSystem(premium.id)).toBe("ready");
    const [after] = await t.db.select().from(ebookTextEditions).where(eq(ebookTextEditions.ebookId, premium.id));
    expect(after.fileKey).not.toBe(before.fileKey);
    // The old copy is gone from storage; the switch is kept.
    expect(await storage.stat("private", before.fileKey!)).toBeNull();
    expect(after.enabled).toBe(true);
    expect(await openTextSection({ ebookId: premium.id, viewer, section: 0 })).not.toBeNull();
  });

  it("records a PDF without text as failed, with the reason for the admin", async () => {
    const blank = await PDFDocument.create();
    blank.addPage();
    await storage.put("private", "ebooks/blank.pdf", await blank.save(), "application/pdf");
    const ebook = await createEbook(t.db, { accessType: "free", filePath: "ebooks/blank.pdf" });
    expect(await buildTextEditionForSystem(ebook.id)).toBe("failed");
    const look = await getTextEditionForAdmin(await adminViewer(), ebook.id);
    expect(look.state).toBe("failed");
    expect(look.error).toContain("No text was found");
    expect(await hasTextEdition(ebook.id)).toBe(false);
  });
});
