// The server's structured log (ADR 042): one JSON object a line on stdout, for a log shipper to read. What goes in
// is chosen field by field by the caller: never a request's query string, cookies, e-mail addresses, tokens or what
// a reader reads (a route's pattern, not its address).
import { pino, stdTimeFunctions, type Logger } from "pino";
import { singleton } from "./singleton.server";

export type { Logger };

/** The least severe level written; the server sets it from LOG_LEVEL once its settings are read. */
const INITIAL_LEVEL = process.env.LOG_LEVEL || "info";

export const logger: Logger = singleton("logger", () =>
  pino({
    level: INITIAL_LEVEL,
    // "info" rather than 30: readable by a person reading the raw line, and by every log shipper.
    formatters: { level: (label) => ({ level: label }) },
    timestamp: stdTimeFunctions.isoTime,
    // The host name says nothing a container's own labels do not; the process id tells app processes apart.
    base: { pid: process.pid },
  }),
);

/** An error's name and message for a log line (not its stack: stack frames can quote the values being handled). */
export function errorFields(error: unknown): Record<string, string> {
  if (!(error instanceof Error)) return { error: String(error) };
  return { error: `${error.name}: ${error.message}` };
}
