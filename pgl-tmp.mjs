import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const mode = process.argv[2];
const opts = { extensions: { pg_trgm } };
if (mode === "small") {
  opts.initialMemory = 64 * 1024 * 1024;
}
if (mode === "sb") {
  opts.startParams = [...(PGlite.defaultStartParams ?? []), "-c", "shared_buffers=16MB"];
}
const t = performance.now();
const db = new PGlite("/tmp/st-data/pglite", opts);
await db.waitReady;
const r = await db.query("show shared_buffers");
console.log(
  mode,
  "ready",
  Math.round(performance.now() - t),
  "ms",
  Math.round(process.memoryUsage().rss / 1e6),
  "MB rss",
  r.rows[0],
);
await db.query("select count(*) from articles a join article_categories c on true");
console.log(mode, "after q", Math.round(process.memoryUsage().rss / 1e6), "MB rss");
await db.close();
