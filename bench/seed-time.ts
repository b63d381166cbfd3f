// npm run bench:seed: how long the demo seed takes into an in-memory PGlite and a fresh file storage (the test
// suites seed many times, so image work in the seed shows here first). Prints one line per run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../app/db/client.server";
import { seedDemo } from "../app/db/seed/demo";
import { createFileStorage } from "../app/modules/storage/storage.server";

const runs = Number(process.argv[2] ?? 3);
for (let run = 1; run <= runs; run++) {
  const dir = mkdtempSync(path.join(tmpdir(), "nuru-seed-time-"));
  const handle = openDatabase({ dataDir: "memory://" });
  await handle.migrate();
  const started = performance.now();
  await seedDemo(handle.db, createFileStorage(path.join(dir, "storage")));
  console.log(`seed run ${run}: ${(performance.now() - started).toFixed(0)} ms`);
  await handle.close();
  rmSync(dir, { recursive: true, force: true });
}
