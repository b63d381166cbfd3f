// Which failures mean "the database cannot be reached" (pages answer 503 with Retry-After) and which are ordinary
// errors (a bug, a constraint: 500 as before).
import { afterEach, describe, expect, it } from "vitest";
import { databaseOutage, isConnectionError, noteDatabaseFailure } from "~/db/outage.server";

const withCode = (code: string, message = "failed") => Object.assign(new Error(message), { code });

describe("database outage detection", () => {
  afterEach(() => {
    databaseOutage.suspected = false;
  });

  it("takes refused or reset sockets, PostgreSQL shutting down and connection exceptions for an outage", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08P01"]) {
      expect(isConnectionError(withCode(code)), code).toBe(true);
    }
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("timeout exceeded when trying to connect"))).toBe(true);
  });

  it("finds the driver's error under drizzle's wrapper", () => {
    const wrapped = new Error("Failed query: select 1", { cause: withCode("57P01", "terminating connection") });
    expect(isConnectionError(wrapped)).toBe(true);
  });

  it("leaves ordinary failures alone: a unique violation, a syntax error, a thrown bug", () => {
    expect(isConnectionError(withCode("23505"))).toBe(false);
    expect(isConnectionError(withCode("42601"))).toBe(false);
    expect(isConnectionError(new TypeError("x is undefined"))).toBe(false);
    expect(isConnectionError(undefined)).toBe(false);
    noteDatabaseFailure(withCode("23505"));
    expect(databaseOutage.suspected).toBe(false);
    noteDatabaseFailure(withCode("ECONNREFUSED"));
    expect(databaseOutage.suspected).toBe(true);
  });
});
