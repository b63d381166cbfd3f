// npm run restore -- --dump backups/nuru-<stamp>.dump [--files backups/nuru-<stamp>-files.tar]
// Restores a backup made by `npm run backup` (ADR 042) into a fresh shop: the dump into DATABASE_URL, which must be
// an empty database (createdb nuru_restored), in one transaction (a failure leaves it empty again), and the files
// into DATA_DIR/storage, which must not hold any yet. Then start the shop with the same DATABASE_URL and DATA_DIR:
// migrations newer than the backup apply on start. Needs pg_restore (postgresql-client) and tar.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";

const { values } = parseArgs({ options: { dump: { type: "string" }, files: { type: "string" } } });
// Straight to PostgreSQL when the shop goes through a pooler: pg_dump and pg_restore need a session of their own.
const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
if (!databaseUrl || !values.dump) {
  console.error(
    "Usage: DATABASE_URL=postgres://.../empty_db DATA_DIR=./fresh-data npm run restore -- --dump FILE.dump [--files FILE-files.tar]",
  );
  process.exit(2);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");

function fail(message) {
  console.error(message);
  process.exit(1);
}

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => reject(new Error(`${command} could not start (${error.message}): is it installed?`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

if (!existsSync(values.dump)) fail(`No dump at ${values.dump}`);
if (values.files && !existsSync(values.files)) fail(`No files archive at ${values.files}`);
const storage = path.join(dataDir, "storage");
if (values.files && existsSync(storage) && readdirSync(storage).length > 0)
  fail(`${storage} already holds files: restore into a fresh DATA_DIR.`);

// Never over a shop's data: the target must be a fresh database.
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows } = await client.query(
  "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
);
await client.end();
if (rows[0].n > 0) fail("The target database already has tables: create an empty one (createdb nuru_restored).");

// No owners or grants from the old server: the restoring role owns everything, as the shop's own role would.
await run("pg_restore", [
  "--no-owner",
  "--no-privileges",
  "--single-transaction",
  "--exit-on-error",
  `--dbname=${databaseUrl}`,
  values.dump,
]);
console.log(`Database restored from ${values.dump}`);
if (values.files) {
  mkdirSync(dataDir, { recursive: true });
  await run("tar", ["--extract", `--file=${values.files}`, `--directory=${dataDir}`]);
  console.log(`Files restored into ${storage}`);
}
console.log("Start the shop with this DATABASE_URL and DATA_DIR.");
