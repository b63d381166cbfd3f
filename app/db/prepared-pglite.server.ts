// PGlite runs every query as an unnamed statement: PostgreSQL parses and plans it again each time, and in
// WebAssembly planning is most of a small query's cost (the viewer read: 3.4 ms planning, 0.24 ms executing).
// This PGlite keeps each query text as a named prepared statement, as postgres.js and most drivers do, so
// PostgreSQL plans it once (a generic plan after five runs, when that is no worse) and a repeat is bind + execute
// (ADR 023).
import { PGlite, parse, protocol, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { PREPARABLE } from "./named-statements.server";

/** A first-come, first-served lock: `run` starts `work` when every earlier caller's work has settled. */
class Turns {
  #last: Promise<unknown> = Promise.resolve();
  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.#last.then(work, work);
    this.#last = result.catch(() => undefined);
    return result;
  }
}

/** Plans kept in PostgreSQL's memory; the least recently used is closed beyond this. */
export const MAX_PREPARED_STATEMENTS = 100;

interface PreparedStatement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription (absent for a statement that returns no rows), sent once at prepare time. */
  rowDescription: RowDescription | undefined;
}

type Message = Uint8Array;
type BackendMessage = Awaited<ReturnType<PGlite["execProtocol"]>>["messages"][number];
type RowDescription = BackendMessage & { fields: { dataTypeID: number }[] };

function concat(messages: Message[]): Uint8Array {
  const out = new Uint8Array(messages.reduce((n, m) => n + m.length, 0));
  let offset = 0;
  for (const message of messages) {
    out.set(message, offset);
    offset += message.length;
  }
  return out;
}

/** PostgreSQL's answer when a statement's result columns changed under it (DDL after it was prepared). */
function isStalePlan(error: unknown): boolean {
  return (error as { code?: string })?.code === "0A000" && String((error as Error).message).includes("cached plan");
}

// Only PGlite's public API (issue 31): the class overrides the public `query` and `transaction`, and takes PGlite's
// query lock through the public `runExclusive`. PGlite's transaction lock is internal, so the class keeps its own:
// `transaction()` and a prepared query take turns on `#transactions`, and a prepared statement never runs between the
// statements of another caller's transaction (statements inside a transaction go through PGlite's own path and
// never come here). Everything in the app reaches PGlite through this object, drizzle's transactions included.
export class PreparedPGlite extends PGlite {
  readonly #statements = new Map<string, PreparedStatement>();
  readonly #transactions = new Turns();
  #counter = 0;

  override transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.#transactions.run(() => super.transaction(callback));
  }

  override async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (options?.blob || !PREPARABLE.test(text)) return super.query<T>(text, params, options);
    await this.#ready();
    return this.#transactions.run(() =>
      this.runExclusive(async () => {
        try {
          return await this.#run<T>(text, params, options);
        } catch (error) {
          if (!isStalePlan(error)) throw error;
          await this.#forget(text);
          return await this.#run<T>(text, params, options);
        }
      }),
    );
  }

  /** PGlite's own check before a query, through its public state: wait for start-up, refuse once closing. */
  async #ready() {
    if (this.closed) throw new Error("PGlite is closed");
    if (!this.ready) await this.waitReady;
    if (!this.ready) throw new Error("PGlite is closing");
  }

  /** How many statements are prepared (tests). */
  get preparedStatementCount() {
    return this.#statements.size;
  }

  async #run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const statement = await this.#prepare(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serialize = options?.serializers?.[type] ?? this.serializers[type];
      return serialize ? serialize(value) : String(value);
    });
    const { messages } = await this.#exchange(
      [
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ],
      text,
      params,
      options,
    );
    await this.syncToFs();
    // Only the parsers of the columns returned: PGlite would otherwise copy its table of every type's parser (array
    // types included, hundreds of entries) into a new object for each query given parsers of its own (drizzle
    // gives them to every query), about a sixth of what a signed-in page allocated.
    const parsers: PGlite["parsers"] = {};
    for (const { dataTypeID } of statement.rowDescription?.fields ?? []) {
      parsers[dataTypeID] = options?.parsers?.[dataTypeID] ?? this.parsers[dataTypeID];
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    return parse.parseResults(described, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  }

  async #prepare(text: string, options: QueryOptions | undefined): Promise<PreparedStatement> {
    const kept = this.#statements.get(text);
    if (kept) {
      // Most recently used last: the first entry is the one closed when the cache is full.
      this.#statements.delete(text);
      this.#statements.set(text, kept);
      return kept;
    }
    const name = `nuru_${++this.#counter}`;
    const { messages } = await this.#exchange(
      [
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: "S", name }),
        protocol.serialize.sync(),
      ],
      text,
      [],
      options,
    );
    const statement: PreparedStatement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m): m is RowDescription => m.name === "rowDescription"),
    };
    this.#statements.set(text, statement);
    if (this.#statements.size > MAX_PREPARED_STATEMENTS) await this.#forget(this.#statements.keys().next().value!);
    return statement;
  }

  async #forget(text: string) {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.execProtocol(
      concat([protocol.serialize.close({ type: "S", name: statement.name }), protocol.serialize.sync()]),
      { syncToFs: false },
    );
  }

  /** One round trip into PostgreSQL; errors carry the query like PGlite's own. */
  async #exchange(messages: Message[], text: string, params: unknown[], options: QueryOptions | undefined) {
    try {
      return await this.execProtocol(concat(messages), { syncToFs: false });
    } catch (error) {
      Object.assign(error as object, { query: text, params, queryOptions: options });
      throw error;
    }
  }
}
