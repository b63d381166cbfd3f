// npm run ebooks:text [-- --all]: makes the text edition (issue 32) of every ebook whose EPUB or PDF has none yet,
// or whose edition was made from another file, and any the job has waiting; --all makes every one again (after the
// extraction improved). It works in this process, as the server's job would (ADR 032). Uses the
// configured database and storage; stop a PGlite server first (one process per data directory).
import { parseArgs } from "node:util";
import { getEnv } from "../app/lib/env.server";
import { appDatabase, openDatabase } from "../app/db/client.server";
import { getStorage } from "../app/modules/storage/storage.server";
import {
  buildMissingTextEditionsForSystem,
  buildTextEditionForSystem,
  processTextEditions,
} from "../app/modules/reader/text-edition.server";
import { ebooks } from "../app/db/schema";
import { isNotNull, or } from "drizzle-orm";

const { values } = parseArgs({ options: { all: { type: "boolean", default: false } } });
const env = getEnv();
const handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await handle.migrate();
  appDatabase.handle = handle;
  appDatabase.ready = true;
  const deps = { db: handle.db, storage: getStorage() };
  let outcomes: Record<string, number>;
  if (values.all) {
    outcomes = { ready: 0, failed: 0, "no-file": 0 };
    const rows = await handle.db
      .select({ id: ebooks.id })
      .from(ebooks)
      .where(or(isNotNull(ebooks.filePath), isNotNull(ebooks.epubPath)));
    for (const row of rows) outcomes[await buildTextEditionForSystem(row.id, deps)]++;
  } else outcomes = await buildMissingTextEditionsForSystem(deps);
  // Editions a save asked for that no server made yet (it stopped first).
  const waiting = await processTextEditions(deps);
  console.log(
    `Text editions made: ${outcomes.ready + waiting.ready}; failed (see the ebook's edit page): ${
      outcomes.failed + waiting.failed
    }; to try again later: ${waiting.retrying}.`,
  );
} finally {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await handle.close();
}
