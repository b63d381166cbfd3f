// node-postgres runs a query as an unnamed statement unless it is given a name: PostgreSQL then parses and plans it
// on every run. Named after a hash of its text, a query is prepared once per connection and planned by PostgreSQL's
// plan cache (ADR 023), as PGlite's statements are (prepared-pglite.server.ts).
import { createHash } from "node:crypto";
import type pg from "pg";

/** Only reads and writes are kept; anything else (DDL, SET, LISTEN) runs unnamed. */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

function statementName(text: string): string {
  return `nuru_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
}

/** Gives the pool's queries (drizzle's, outside transactions) a name derived from their text. */
export function nameStatements(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (config && typeof config === "object" && "text" in config && !("name" in config && config.name)) {
      const text = (config as pg.QueryConfig).text;
      if (PREPARABLE.test(text)) return query({ ...config, name: statementName(text) }, ...rest);
    }
    return query(config, ...rest);
  }) as typeof pool.query;
}

/**
 * Behind a transaction-mode pooler (DATABASE_POOLING=transaction) every query runs unnamed, drizzle's own
 * `.prepare(name)` ones included: a statement prepared on one server connection is missing on the next, and
 * PgBouncer before 1.21 (Debian 12 ships 1.18) does not carry it over (ADR 041). Set on each connection the pool
 * opens, so pool.query and transactions alike are covered.
 */
export function unnameStatements(pool: pg.Pool) {
  pool.on("connect", (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((config: unknown, ...rest: unknown[]) => {
      if (config && typeof config === "object" && "name" in config && config.name && !("submit" in config)) {
        return query({ ...config, name: undefined }, ...rest);
      }
      return query(config, ...rest);
    }) as typeof client.query;
  });
}
