import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";
import { singleton } from "~/lib/singleton.server";
import { PreparedPGlite } from "./prepared-pglite.server";
import { nameStatements, unnameStatements } from "./named-statements.server";
import { noteDatabaseFailure } from "./outage.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `db.execute` of raw SQL answers, its rows typed by the caller (the one definition; issue 47 item 7). */
export type Rows<T> = { rows: T[] };

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Subscribes to a NOTIFY channel; resolves once listening, with a function that stops it. */
  listen?(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent PGlite is used. */
  url?: string;
  /**
   * PostgreSQL only: a connection that keeps one session (straight to the server, or a session-mode pool), for
   * LISTEN. Defaults to `url`; needed when `url` is a transaction-mode pooler, which hands sessions around (ADR 041).
   */
  directUrl?: string;
  /**
   * PostgreSQL only: "transaction" when `url` is a transaction-mode pooler; queries then run unnamed, since a named
   * statement prepared on one server connection is missing on the next (PgBouncer before 1.21, ADR 023).
   */
  pooling?: "none" | "session" | "transaction";
  /** PGlite data directory, or "memory://". */
  dataDir?: string;
  /**
   * PGlite only: a data directory archive (from `dumpDataDir()`) to start from instead of an empty database. The
   * directory must not hold a database yet. Tests use it to start from an already migrated database.
   */
  loadDataDir?: Blob;
}

// Measured: 8 MB serves the bench's pages (searches, page 100 of 5,000 articles) as fast as 16 MB with 8 MB less
// resident; 4 MB was slower (ADR 020's update of 2026-11-25, night).
const PGLITE_SHARED_BUFFERS = "8MB";

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

function resolveMigrationsFolder(): string {
  // The server bundle lives in build/server; the migrations stay in app/db/migrations.
  return process.env.NURU_MIGRATIONS_DIR ?? migrationsFolder.replace(/build[/\\]server.*$/, "app/db/migrations");
}

/**
 * LISTEN on a dedicated connection (a pooled one would be handed to other queries). After a lost
 * connection it reconnects with a growing delay and then calls back with an empty payload, since
 * notifications sent meanwhile are lost. The first connection failing rejects.
 */
async function listenPg(url: string, channel: string, callback: (payload: string) => void) {
  let current: pg.Client | undefined;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = async (reconnect: boolean) => {
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) callback(message.payload ?? "");
    });
    client.on("error", (error) => retry(client, error));
    client.on("end", () => retry(client));
    await client.connect();
    await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
    attempt = 0;
    if (reconnect) callback("");
  };

  const retry = (client: pg.Client, error?: Error) => {
    if (stopped || current !== client) return;
    current = undefined;
    if (error) console.error(`PostgreSQL listener (${channel}) error: ${error.message}`);
    client.end().catch(() => {});
    const delay = Math.min(500 * 2 ** attempt++, 15_000);
    timer = setTimeout(() => {
      connect(true).catch((failure: Error) => {
        if (current) retry(current, failure);
      });
    }, delay);
    timer.unref();
  };

  try {
    await connect(false);
  } catch (error) {
    stopped = true;
    await current?.end().catch(() => {});
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const client = current;
    current = undefined;
    await client?.end().catch(() => {});
  };
}

/** How long a health probe waits for the database before calling it unreachable. */
const PING_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Tells the outage watch about every query or checkout that fails (callers still get the error). */
function observeFailures(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) result.catch(noteDatabaseFailure);
    return result;
  }) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    const result = connect(...args);
    if (result instanceof Promise) result.catch(noteDatabaseFailure);
    return result;
  }) as typeof pool.connect;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    const listenUrl = options.directUrl ?? options.url;
    const listeners = new Set<() => Promise<void>>();
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // An idle connection dropped by the server must not crash the process; the pool reconnects.
    pool.on("error", (error) => {
      noteDatabaseFailure(error);
      console.error(`PostgreSQL connection error: ${error.message}`);
    });
    // A checked-out connection (a transaction, a job's lock) has no pool listener: when the server goes away (a
    // restart ends every session) its "error" event would crash the process. Its query fails all the same, and the
    // pool drops the broken connection when it is released.
    pool.on("connect", (client) => client.on("error", noteDatabaseFailure));
    if (options.pooling === "transaction") unnameStatements(pool);
    else nameStatements(pool);
    observeFailures(pool);
    const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePg(db as never, { migrationsFolder: resolveMigrationsFolder() }),
      // A paused pooler or a half-open connection would hold a probe forever: past the timeout it counts as down.
      ping: () => withTimeout(pool.query("select 1"), PING_TIMEOUT_MS).then((result) => result.rowCount === 1),
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
      listen: async (channel, callback) => {
        const stop = await listenPg(listenUrl, channel, callback);
        const unlisten = async () => {
          listeners.delete(unlisten);
          await stop();
        };
        listeners.add(unlisten);
        return unlisten;
      },
    };
  }
  const dataDir = options.dataDir ?? "./data";
  if (!dataDir.startsWith("memory://")) mkdirSync(path.resolve(dataDir, "pglite"), { recursive: true });
  const client = new PreparedPGlite(dataDir.startsWith("memory://") ? dataDir : path.resolve(dataDir, "pglite"), {
    extensions: { pg_trgm },
    loadDataDir: options.loadDataDir,
    // PostgreSQL's default 128 MB of shared buffers is allocated inside the WASM heap up front (over 100 MB of the
    // idle process); the embedded database is small and the host's file cache holds its files anyway (ADR 020).
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db = drizzlePglite(client, { schema, casing: "snake_case" }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: resolveMigrationsFolder() }),
    ping: async () => (await db.execute(sql`select 1`)) !== undefined,
    close: () => client.close(),
    listen: async (channel, callback) => {
      const unlisten = await client.listen(channel, callback);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
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
