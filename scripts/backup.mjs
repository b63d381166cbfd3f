// npm run backup -- [--out ./backups] [--keep 14]
// A backup of a running shop (ADR 042): its PostgreSQL database as a custom-format pg_dump (consistent: one
// snapshot, taken beside the running shop without stopping it), then, with STORAGE=disk, a tar of its stored files
// (DATA_DIR/storage: covers, images, ebook PDFs). The dump comes first: a file is stored before the row that names it,
// so every file the dump names is in the tar (files uploaded meanwhile are extra, never missing). With STORAGE=s3
// the files stay in the bucket, kept by its versioning (README "Backups"). Keeps the newest --keep backups in --out.
// Reads DATABASE_URL, DATA_DIR and STORAGE as the shop does; needs pg_dump (postgresql-client) and tar.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: {
    out: { type: "string", default: "./backups" },
    keep: { type: "string", default: "14" },
  },
});
const keep = Number(values.keep);
// Straight to PostgreSQL when the shop goes through a pooler: pg_dump and pg_restore need a session of their own.
const databaseUrl = process.env.DATABASE_DIRECT_URL || process.env.DATABASE_URL;
if (!databaseUrl || !Number.isInteger(keep) || keep < 1) {
  console.error("Usage: DATABASE_URL=postgres://... [DATA_DIR=./data] npm run backup -- [--out ./backups] [--keep 14]");
  console.error("Backs up a shop on PostgreSQL (a PGlite shop: stop it and copy its DATA_DIR).");
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || "./data";
const onDisk = (process.env.STORAGE || "disk") !== "s3";
const out = path.resolve(values.out);

/** Runs a command to its end; its error output goes to ours (pg_dump names what failed). */
function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
    child.on("error", (error) => reject(new Error(`${command} could not start (${error.message}): is it installed?`)));
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited with ${code}`))));
  });
}

// 20261128T163000Z: sorts by time, one name per second.
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, "")
  .replace(/\.\d+Z$/, "Z");
const name = `nuru-${stamp}`;
mkdirSync(out, { recursive: true });

// Written under a temporary name and renamed when complete: a failed run never leaves what looks like a backup.
const dump = path.join(out, `${name}.dump`);
await run("pg_dump", ["--format=custom", "--compress=6", `--file=${dump}.partial`, `--dbname=${databaseUrl}`]);
renameSync(`${dump}.partial`, dump);
console.log(`Database: ${dump} (${statSync(dump).size} bytes)`);

const storage = path.join(dataDir, "storage");
if (onDisk && existsSync(storage)) {
  // Not compressed: covers, images and PDFs are compressed already; tar only collects them.
  const files = path.join(out, `${name}-files.tar`);
  await run("tar", ["--create", `--file=${files}.partial`, `--directory=${path.resolve(dataDir)}`, "storage"]);
  renameSync(`${files}.partial`, files);
  console.log(`Files:    ${files} (${statSync(files).size} bytes)`);
} else if (onDisk) {
  console.log(`Files:    none (${storage} does not exist yet)`);
} else {
  console.log("Files:    in the S3 bucket (STORAGE=s3), kept by its versioning: see README, Backups");
}

// Retention: the newest `keep` backups stay, with their files.
const backups = readdirSync(out)
  .filter((file) => /^nuru-\d{8}T\d{6}Z\.dump$/.test(file))
  .sort()
  .reverse();
for (const old of backups.slice(keep)) {
  const base = old.slice(0, -".dump".length);
  rmSync(path.join(out, old), { force: true });
  rmSync(path.join(out, `${base}-files.tar`), { force: true });
  console.log(`Removed:  ${base} (keeping the newest ${keep})`);
}
