// Throwaway databases on the PostgreSQL server of TEST_DATABASE_URL.
import pg from "pg";

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Waits until no session uses the database: pool.end() resolves before its connections are gone. */
async function waitUntilUnused(client: pg.Client, name: string) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = $1",
      [name],
    );
    if (rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Creates the database `name`, empty or as a copy of `template`, and returns its connection string. */
export async function createPostgresDatabase(
  serverUrl: string,
  name: string,
  template?: string,
): Promise<{ name: string; url: string }> {
  await onServer(serverUrl, async (client) => {
    if (template) await waitUntilUnused(client, template);
    await client.query(`create database ${name}${template ? ` template ${template}` : ""}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

export async function dropPostgresDatabase(serverUrl: string, name: string) {
  await onServer(serverUrl, async (client) => {
    await waitUntilUnused(client, name);
    await client.query(`drop database if exists ${name} with (force)`);
  });
}
