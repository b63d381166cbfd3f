// Telling "the database cannot be reached" apart from every other failure, so that pages answer 503 with a
// Retry-After (a load balancer and a browser both know to come back) instead of a 500 that looks like a bug, and so
// that the shop notices the database is back without a restart (issue 48).
import { singleton } from "~/lib/singleton.server";

/** Socket failures: the server (or the pooler in front of it) is not there, or went away mid-query. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** PostgreSQL's own: admin_shutdown, crash_shutdown, cannot_connect_now (starting up or shutting down). */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03"]);
/** node-postgres's messages for a connection lost or never made (they carry no code). */
const CLIENT_MESSAGES = /connection terminated|timeout exceeded when trying to connect|connection not open/i;

export function isConnectionError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause && typeof cause === "object" && depth < 5; depth++) {
    const { code, message } = cause as { code?: unknown; message?: unknown };
    if (typeof code === "string") {
      // Class 08: connection exception (PgBouncer answers 08P01 when it has no server to give).
      if (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith("08")) return true;
    }
    if (typeof message === "string" && CLIENT_MESSAGES.test(message)) return true;
    // drizzle wraps the driver's error ("Failed query: ...") with the original as its cause.
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

// One per process: the HTTP server reads it, the database client writes it.
export const databaseOutage = singleton("database-outage", () => ({ suspected: false }));

/** Called with every failure of the pool: a connection failure marks the database as possibly down. */
export function noteDatabaseFailure(error: unknown) {
  if (isConnectionError(error)) databaseOutage.suspected = true;
}

/** How long a client is asked to wait before trying again while the database is down. */
export const DATABASE_DOWN_RETRY_SECONDS = 30;

/** The page every request gets while the database is down: short, no scripts or styles (nothing to load). */
export const DATABASE_DOWN_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Nuru: please try again in a minute</title></head>
<body>
<h1>Nuru will be back in a moment</h1>
<p>Nuru is having trouble reaching its database; please try again in a minute.</p>
<p>Nothing you paid for is lost.</p>
</body>
</html>
`;
