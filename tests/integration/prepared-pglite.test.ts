// PGlite with named prepared statements (app/db/prepared-pglite.server.ts) answers exactly as PGlite does, keeps
// one statement per query text, recovers from errors and changed tables, never runs inside another caller's
// transaction, and still delivers NOTIFY (the caches' invalidation rides on it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PGlite } from "@electric-sql/pglite";
import { MAX_PREPARED_STATEMENTS, PreparedPGlite } from "~/db/prepared-pglite.server";

let prepared: PreparedPGlite;
let plain: PGlite;

const SETUP = `
  create table items (id serial primary key, name text unique not null, tags text[], meta jsonb,
    price numeric(10, 2), at timestamptz, flag boolean);
  insert into items (name, tags, meta, price, at, flag) values
    ('walk', '{a,b}', '{"k": 1}', 12.50, '2026-11-01T10:00:00Z', true),
    ('run', null, null, null, null, false);
  create function ping() returns trigger language plpgsql as $$
    begin perform pg_notify('items_changed', new.name); return new; end $$;
  create trigger items_notify after insert on items for each row execute function ping();
`;

beforeAll(async () => {
  prepared = new PreparedPGlite();
  plain = new PGlite();
  await prepared.exec(SETUP);
  await plain.exec(SETUP);
});

afterAll(async () => {
  await prepared.close();
  await plain.close();
});

describe("PreparedPGlite", () => {
  it("answers as PGlite does: rows, fields, types and parsers, array mode", async () => {
    const text = "select id, name, tags, meta, price, at, flag from items where name = any($1) or at > $2 order by id";
    const params = [["walk", "run"], new Date("2020-01-01")];
    for (const options of [undefined, { rowMode: "array" as const }, { parsers: { 1184: (v: string) => v } }]) {
      const expected = await plain.query(text, params, options);
      expect(await prepared.query(text, params, options)).toEqual(expected);
      // A repeat runs the prepared statement, with the same answer.
      expect(await prepared.query(text, params, options)).toEqual(expected);
    }
  });

  it("keeps one statement per query text, up to its limit", async () => {
    const before = prepared.preparedStatementCount;
    for (let i = 0; i < 5; i++) await prepared.query("select name from items where id = $1", [1]);
    expect(prepared.preparedStatementCount).toBe(before + 1);
    for (let i = 0; i < MAX_PREPARED_STATEMENTS + 10; i++) {
      const { rows } = await prepared.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
      expect(rows[0].n).toBe(i + 1);
    }
    expect(prepared.preparedStatementCount).toBe(MAX_PREPARED_STATEMENTS);
  });

  it("writes, and reports a failed one with its code; the next query works", async () => {
    const insert = "insert into items (name) values ($1) returning id";
    const { rows } = await prepared.query<{ id: number }>(insert, ["swim"]);
    expect(rows[0].id).toBeGreaterThan(2);
    await expect(prepared.query(insert, ["swim"])).rejects.toMatchObject({ code: "23505" });
    await expect(prepared.query("select nme from items", [])).rejects.toMatchObject({ code: "42703" });
    const { rows: after } = await prepared.query<{ n: number }>(
      "select count(*)::int as n from items where name = $1",
      ["swim"],
    );
    expect(after[0].n).toBe(1);
  });

  it("runs again after the table behind a statement changed", async () => {
    await prepared.exec("create table shapes (a int); insert into shapes values (1)");
    expect((await prepared.query("select * from shapes", [])).rows).toEqual([{ a: 1 }]);
    await prepared.exec("alter table shapes add column b int default 2");
    expect((await prepared.query("select * from shapes", [])).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it("waits for another caller's transaction instead of running inside it", async () => {
    let inserted!: () => void;
    const insertedSignal = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transaction = prepared
      .transaction(async (tx) => {
        await tx.query("insert into items (name) values ('uncommitted')");
        inserted();
        await released;
        await tx.rollback();
      })
      .catch(() => {});
    await insertedSignal;
    const counted = prepared.query<{ n: number }>("select count(*)::int as n from items where name = $1", [
      "uncommitted",
    ]);
    // Let every pending step run before the transaction ends: without the lock, the count would run now, inside it.
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await transaction;
    expect((await counted).rows[0].n).toBe(0);
  });

  it("delivers notifications raised by its statements", async () => {
    const payloads: string[] = [];
    await prepared.listen("items_changed", (payload) => payloads.push(payload));
    await prepared.query("insert into items (name) values ($1)", ["yoga"]);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(payloads).toContain("yoga");
  });
});
