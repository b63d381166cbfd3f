// Migrates one database per integration run; every test file then starts from a copy of it instead of running
// the migrations itself (a fresh, migrated PGlite database costs about 4 s, loading a snapshot about 0.5 s).
import type { TestProject } from "vitest/node";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import { createPostgresDatabase, dropPostgresDatabase } from "./postgres-databases";

declare module "vitest" {
  export interface ProvidedContext {
    /** What createTestDatabase copies: a PGlite data directory archive, and on DB_TARGET=postgres a template. */
    migratedDatabase: { pgliteSnapshot: string; postgresTemplate?: string };
  }
}

const cleanups: (() => Promise<void>)[] = [];

/** Migrates an in-memory PGlite database and writes its data directory archive to a temporary file. */
async function pgliteSnapshot(): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), "nuru-it-snapshot-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  const handle = openDatabase({ dataDir: "memory://" });
  try {
    await handle.migrate();
    const client = (handle.db as unknown as { $client: { dumpDataDir(compression: "none"): Promise<Blob> } }).$client;
    // Uncompressed: about 40 MB, and faster to load than the gzip archive.
    const archive = await client.dumpDataDir("none");
    const file = path.join(dir, "migrated.tar");
    writeFileSync(file, Buffer.from(await archive.arrayBuffer()));
    return file;
  } finally {
    await handle.close();
  }
}

/** Migrates a new database on the PostgreSQL server, to be copied with `create database ... template`. */
async function postgresTemplate(serverUrl: string): Promise<string> {
  const template = await createPostgresDatabase(serverUrl, `nuru_it_template_${randomBytes(6).toString("hex")}`);
  cleanups.push(() => dropPostgresDatabase(serverUrl, template.name));
  const handle = openDatabase({ url: template.url });
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  return template.name;
}

export async function setup(project: TestProject) {
  // The PGlite snapshot serves the PostgreSQL run too: some files (admin:create) always use a PGlite directory.
  if (process.env.DB_TARGET === "postgres") {
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (!serverUrl) throw new Error("DB_TARGET=postgres needs TEST_DATABASE_URL");
    const [snapshot, template] = await Promise.all([pgliteSnapshot(), postgresTemplate(serverUrl)]);
    project.provide("migratedDatabase", { pgliteSnapshot: snapshot, postgresTemplate: template });
  } else {
    project.provide("migratedDatabase", { pgliteSnapshot: await pgliteSnapshot() });
  }
}

export async function teardown() {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
}
