import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { singleton } from "~/lib/singleton.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory, or "memory://". */
  dataDir?: string;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

function resolveMigrationsFolder(): string {
  // The server bundle lives in build/server; the migrations stay in app/db/migrations.
  return process.env.NURU_MIGRATIONS_DIR ?? migrationsFolder.replace(/build[/\\]server.*$/, "app/db/migrations");
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    pool.on("error", (error) => console.error(`PostgreSQL connection error: ${error.message}`));
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder: resolveMigrationsFolder() }),
      ping: async () => (await pool.query("select 1")).rowCount === 1,
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? "./data";
  if (!dataDir.startsWith("memory://")) mkdirSync(path.resolve(dataDir, "pglite"), { recursive: true });
  const client = new PGlite(dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite"));
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: resolveMigrationsFolder() }),
    ping: async () => (await db.execute(sql`select 1`)) !== undefined,
    close: () => client.close(),
  };
}

interface AppDatabaseState {
  handle?: DatabaseHandle;
  ready: boolean;
}

export const appDatabase = singleton<AppDatabaseState>("database", () => ({ ready: false }));

/** The shared database of the running app. Throws until the server has opened it. */
export function getDb(): Database {
  if (!appDatabase.handle) throw new Error("Database is not open yet");
  return appDatabase.handle.db;
}
