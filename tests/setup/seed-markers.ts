// Prepares the end-to-end data directory before the app starts: demo content (seeded here unless the directory is a
// copy of the demo shop already, as tests/setup/e2e-global.ts makes it) plus articles whose locked bodies end with
// marker sentences the leak suite looks for.
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { categories, ebooks, offerCodes, subscriptionPlans, users } from "../../app/db/schema";
import { createArticle, createEbook, createOrder } from "../../app/db/seed/factories";
import { seedDemo } from "../../app/db/seed/demo";
import { createFileStorage } from "../../app/modules/storage/storage.server";
import { buildMissingTextEditionsForSystem } from "../../app/modules/reader/text-edition.server";
import {
  BROKEN_EBOOK_TITLES,
  MARKERS,
  MARKER_EBOOK_TITLES,
  MARKER_TITLES,
  PROBE_OFFER_CODE,
  PROBE_OFFER_CODE_ID,
  PROBE_ORDER_ID,
} from "./markers";
import { textPdf } from "./pdf-text";
import { epubBytes, testPicture } from "./epub-file";

const dataDir = process.argv[2];
const handle = openDatabase({ dataDir });
await handle.migrate();
const storage = createFileStorage(path.resolve(dataDir, "storage"));
await seedDemo(handle.db, storage);
const [category] = await handle.db.select().from(categories).where(eq(categories.slug, "weight-loss"));
const opening =
  "Walking after supper is one of the simplest habits you can build. Start with ten minutes around the estate, " +
  "then add five minutes each week. Keep a bottle of water with you and wear shoes that support your arches. ";
const filler = "Consistency matters more than intensity, and rest days are part of the plan. ".repeat(12);
for (const access of ["premium", "subscription"] as const) {
  const body = `${opening}${filler}${MARKERS[access]}.`;
  await createArticle(handle.db, {
    title: MARKER_TITLES[access],
    excerpt: "A gentle evening walking plan for busy weeks.",
    content: body,
    richContent: [
      { type: "text", content: body },
      { type: "video", content: "https://www.youtube.com/embed/leakmarkvid", caption: `Video ${MARKERS[access]}` },
    ],
    videoUrl: `https://www.youtube.com/embed/${MARKERS[access]}`,
    accessType: access,
    categoryIds: [category.id],
    tags: ["walking"],
  });
}
await createArticle(handle.db, {
  title: "Unpublished draft about evening walks",
  content: `Draft text. ${MARKERS.draft}.`,
  accessType: "free",
  published: false,
  categoryIds: [category.id],
});
await createEbook(handle.db, {
  title: "Hidden draft ebook",
  description: `Draft ebook ${MARKERS.draft}`,
  published: false,
});
for (const access of ["premium", "subscription"] as const) {
  const fileKey = `ebooks/${randomUUID()}.pdf`;
  await storage.put("private", fileKey, await textPdf(`Locked page. ${MARKERS.pdf}`, 3), "application/pdf");
  const ebook = await createEbook(handle.db, {
    title: MARKER_EBOOK_TITLES[access],
    description: "Exercises for the leak suite.",
    accessType: access,
    priceCents: access === "premium" ? 39900 : null,
    filePath: fileKey,
    pageCount: 3,
    downloadable: access === "premium",
    categoryIds: [category.id],
  });
  // Both also have an EPUB: their text editions are made from it. The first chapter's opening is the public sample
  // on the ebook page (ADR 032, like an article's preview), so it carries no marker; the locked text after it does
  // (the rest of chapter 1 and chapter 2). The premium one's picture lets the leak suite walk a picture route that
  // really has a picture.
  const epubKey = `ebooks-epub/${randomUUID()}.epub`;
  const opening = `<h1>Part 1</h1><p>The sample anyone may read before buying.</p>`;
  const locked = `<p>Locked page. ${MARKERS.pdf}.</p>`;
  const picture = access === "premium" ? `<p><img src="marker.png" alt="A locked picture"/></p>` : "";
  const epub = epubBytes({
    chapters: [
      // The marker paragraph is longer than the sample (SAMPLE_CHARS): the sample stops before it.
      {
        file: "one.xhtml",
        title: "Part 1",
        body: `${opening}<p>${"Locked text. ".repeat(130)}${MARKERS.pdf}</p>${locked}${picture}`,
      },
      { file: "two.xhtml", title: "Part 2", body: `<h1>Part 2</h1>${locked}` },
    ],
    resources:
      access === "premium"
        ? [{ file: "marker.png", type: "image/png", bytes: await testPicture("png", 400, 300) }]
        : [],
  });
  await storage.put("private", epubKey, epub, "application/epub+zip");
  await handle.db.update(ebooks).set({ epubPath: epubKey }).where(eq(ebooks.id, ebook.id));
}
const damagedKey = `ebooks/${randomUUID()}.pdf`;
await storage.put("private", damagedKey, new TextEncoder().encode("This is not a PDF file."), "application/pdf");
for (const [kind, filePath] of [
  ["damaged", damagedKey],
  ["missing", `ebooks/${randomUUID()}.pdf`],
] as const) {
  await createEbook(handle.db, {
    title: BROKEN_EBOOK_TITLES[kind],
    description: "For the reader's error views.",
    accessType: "free",
    filePath,
    createdAt: new Date("2020-01-01T00:00:00Z"),
  });
}
// A failed order (no payment, nothing granted, never re-checked) with a known id for the admin order page's probes.
const [buyer] = await handle.db.select().from(users).where(eq(users.email, "buyer@nuru.test"));
const [plan] = await handle.db.select().from(subscriptionPlans).where(eq(subscriptionPlans.slug, "basic"));
await createOrder(handle.db, {
  userId: buyer.id,
  item: { kind: "plan", planId: plan.id, basePriceCents: plan.priceCents },
  status: "failed",
  overrides: { id: PROBE_ORDER_ID },
});
// An offer code with a known id for the admin codes screen's probes and the coded checkout journey.
await handle.db
  .insert(offerCodes)
  .values({
    id: PROBE_OFFER_CODE_ID,
    code: PROBE_OFFER_CODE,
    description: "20 % off for the e2e journeys",
    kind: "percent",
    percentOff: "20",
    startsAt: new Date("2020-01-01T00:00:00Z"),
  })
  .onConflictDoNothing();
// Text editions for the marker ebooks (their text carries the PDF marker), as an upload makes them.
await buildMissingTextEditionsForSystem({ db: handle.db, storage });
await handle.close();
