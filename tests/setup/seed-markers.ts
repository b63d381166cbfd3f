// Prepares the end-to-end data directory before the app starts: demo content plus articles whose locked
// bodies end with marker sentences the leak suite looks for.
import path from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../app/db/client.server";
import { categories } from "../../app/db/schema";
import { createArticle, createEbook } from "../../app/db/seed/factories";
import { seedDemo } from "../../app/db/seed/demo";
import { createFileStorage } from "../../app/modules/storage/storage.server";
import { MARKERS, MARKER_TITLES } from "./markers";

const dataDir = process.argv[2];
const handle = openDatabase({ dataDir });
await handle.migrate();
await seedDemo(handle.db, createFileStorage(path.resolve(dataDir, "storage")));
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
await handle.close();
