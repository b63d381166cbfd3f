// npm run seed [-- --articles N]: loads the demo shop into the configured database when it is empty;
// --articles adds N extra published articles (benchmarks of search and lists at scale).
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/db/client.server";
import { seedDemo } from "../app/db/seed/demo";
import { seedBulkArticles } from "../app/db/seed/bulk-articles";
import { createFileStorage } from "../app/modules/storage/storage.server";

const { values } = parseArgs({ options: { articles: { type: "string" } } });
const env = getEnv();
if (env.isProduction) {
  console.error("Refusing to load demo content in production.");
  process.exit(1);
}
const handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await handle.migrate();
  const loaded = await seedDemo(handle.db, createFileStorage(path.resolve(env.DATA_DIR, "storage")));
  console.log(loaded ? "Demo content loaded." : "The database already has content; demo content not loaded.");
  const extra = Number(values.articles ?? 0);
  if (extra > 0) {
    await seedBulkArticles(handle.db, extra);
    // Fresh statistics, so the planner sees the new rows at once (autovacuum would catch up later).
    await handle.db.execute(sql`analyze articles`);
    console.log(`Added ${extra} benchmark articles.`);
  }
} finally {
  await handle.close();
}
