// On both databases a query the app repeats is prepared once and run again by name (ADR 023): PGlite through
// PreparedPGlite, PostgreSQL through names given to node-postgres. Statements inside transactions stay unnamed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { categories } from "~/db/schema";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t?.dispose();
});

/** Prepared statements of the connection that runs this query whose text mentions `marker`. */
async function preparedWith(marker: string) {
  const result = (await t.db.execute(
    sql`select name from pg_prepared_statements where statement like ${`%${marker}%`} and statement not like '%pg_prepared_statements%'`,
  )) as unknown as { rows: { name: string }[] };
  return result.rows.map((r) => r.name);
}

describe(`named statements (${process.env.DB_TARGET === "postgres" ? "postgres" : "pglite"})`, () => {
  it("prepares a repeated query once and answers from it each time", async () => {
    const read = (slug: string) =>
      t.db.select({ id: categories.id, slug: categories.slug }).from(categories).where(eq(categories.slug, slug));
    for (const slug of ["a", "b", "c"]) expect(await read(slug)).toEqual([]);
    const names = await preparedWith(`"categories"."slug" = $1`);
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^nuru_/);
  });

  it("leaves a transaction's statements unnamed", async () => {
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 'inside-a-transaction' as marker`);
    });
    expect(await preparedWith("inside-a-transaction")).toEqual([]);
  });
});
