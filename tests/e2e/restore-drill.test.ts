// The restore drill (issue 48 item 5, ADR 042): a running shop on PostgreSQL is backed up with `npm run backup`
// (pg_dump -Fc and a tar of its files), restored with `npm run restore` into a fresh database and a fresh data
// directory, and a shop started on the copy still has every reader, order, receipt number and file: read from both
// databases, and through the restored shop's pages (the buyer's receipt, an ebook's cover, her ebook's PDF).
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "../setup/app-server";
import { copyDemoShop, type DemoShopCopy } from "../setup/demo-shop";
import { createPostgresDatabase, dropPostgresDatabase } from "../setup/postgres-databases";
import { DEMO_PASSWORD } from "../setup/http-session";

// Needs a PostgreSQL server (CI sets TEST_DATABASE_URL): pg_dump and pg_restore are PostgreSQL's tools.
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn("TEST_DATABASE_URL not set: the restore drill runs only against PostgreSQL.");

const ROOT = path.resolve(import.meta.dirname, "../..");
const RECEIPT_NUMBER = "NURU-DRILL-000042";

/** Runs `npm run <script>`'s file as npm would, with the shop's settings; fails with its output. */
function runScript(file: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    // The drill names its databases itself: no direct URL of the environment may point the scripts elsewhere.
    const child = spawn(process.execPath, [file, ...args], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_DIRECT_URL: "", ...env },
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) =>
      code === 0 ? resolve(output) : reject(new Error(`${file} exited ${code}:\n${output}`)),
    );
  });
}

/** Everything the drill compares: who reads, what was paid, the receipts, where each ebook's files are. */
async function snapshot(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const users = await client.query("select id, email from users order by id");
    const orders = await client.query(
      "select id, user_id, status, amount_cents, merchant_reference, receipt_number from orders order by id",
    );
    const grants = await client.query("select user_id, ebook_id, order_id from ebook_purchases order by order_id");
    const plans = await client.query("select user_id, plan_id, status, end_date from user_subscriptions order by id");
    const ebooks = await client.query("select id, cover_image_url, file_path from ebooks order by id");
    return { users: users.rows, orders: orders.rows, grants: grants.rows, plans: plans.rows, ebooks: ebooks.rows };
  } finally {
    await client.end();
  }
}

const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function signIn(url: string, email: string): Promise<string> {
  const res = await fetch(`${url}/signin`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "signin", email, password: DEMO_PASSWORD }).toString(),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (!cookies.some((c) => c.includes("session_token"))) throw new Error(`Sign-in failed: ${res.status}`);
  return cookies.join("; ");
}

describe.runIf(Boolean(serverUrl))("restore drill", () => {
  let source: DemoShopCopy;
  let shop: RunningApp;
  let restored: RunningApp | undefined;
  let restoredName: string;
  const backupDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-backup-"));
  const restoredDataDir = mkdtempSync(path.join(tmpdir(), "nuru-e2e-restored-"));

  beforeAll(async () => {
    source = await copyDemoShop({ postgres: true });
    shop = await startApp({ ...source.env, JOBS_ENABLED: "false" });
  }, 120_000);

  afterAll(async () => {
    await restored?.stop();
    await shop?.stop();
    await source?.dispose();
    if (restoredName) await dropPostgresDatabase(serverUrl!, restoredName);
    rmSync(backupDir, { recursive: true, force: true });
    rmSync(restoredDataDir, { recursive: true, force: true });
  });

  it("backs up the running shop and restores every reader, order, receipt and file into a fresh one", async () => {
    // The buyer's ebook order gets its receipt number, as completing it would have given it.
    const client = new pg.Client({ connectionString: source.databaseUrl });
    await client.connect();
    const { rows } = await client.query<{ id: string; ebook_id: string }>(
      `update orders set receipt_number = $1
        where id = (select o.id from orders o join users u on u.id = o.user_id
                     where u.email = 'buyer@nuru.test' and o.kind = 'ebook' limit 1)
        returning id, ebook_id`,
      [RECEIPT_NUMBER],
    );
    await client.end();
    const order = rows[0]!;
    const before = await snapshot(source.databaseUrl!);
    expect(before.users.length).toBeGreaterThan(3);
    expect(before.orders.some((o) => o.receipt_number === RECEIPT_NUMBER)).toBe(true);

    // The backup is taken while the shop serves.
    const backupOutput = await runScript("scripts/backup.mjs", ["--out", backupDir], {
      DATABASE_URL: source.databaseUrl!,
      DATA_DIR: source.dataDir,
    });
    expect(backupOutput).toMatch(/Database: .*\.dump/);
    const dump = readdirSync(backupDir).find((file) => file.endsWith(".dump"))!;
    const files = readdirSync(backupDir).find((file) => file.endsWith("-files.tar"))!;
    expect(files).toBe(dump.replace(/\.dump$/, "-files.tar"));

    restoredName = `nuru_e2e_restored_${randomBytes(6).toString("hex")}`;
    const target = await createPostgresDatabase(serverUrl!, restoredName);
    await runScript(
      "scripts/restore.mjs",
      ["--dump", path.join(backupDir, dump), "--files", path.join(backupDir, files)],
      { DATABASE_URL: target.url, DATA_DIR: restoredDataDir },
    );
    // A second restore over the restored shop is refused: a restore never writes over a shop's data.
    await expect(
      runScript("scripts/restore.mjs", ["--dump", path.join(backupDir, dump)], {
        DATABASE_URL: target.url,
        DATA_DIR: restoredDataDir,
      }),
    ).rejects.toThrow(/already has tables/);

    restored = await startApp({ DATABASE_URL: target.url, DATA_DIR: restoredDataDir, JOBS_ENABLED: "false" });
    expect(await snapshot(target.url)).toEqual(before);

    // Through the restored shop: the buyer signs in with her password, her receipt has its number.
    const cookie = await signIn(restored.url, "buyer@nuru.test");
    const receipt = await fetch(`${restored.url}/receipts/${order.id}`, { headers: { Cookie: cookie } });
    expect(receipt.status).toBe(200);
    expect(await receipt.text()).toContain(RECEIPT_NUMBER);

    // Her ebook's cover is served, byte for byte the one the old shop served.
    const ebook = before.ebooks.find((e) => e.id === order.ebook_id)!;
    const [oldCover, newCover] = await Promise.all(
      [shop.url, restored.url].map(async (url) => {
        const res = await fetch(`${url}${ebook.cover_image_url}`);
        expect(res.status, `${url}${ebook.cover_image_url}`).toBe(200);
        return sha(new Uint8Array(await res.arrayBuffer()));
      }),
    );
    expect(newCover).toBe(oldCover);
    // And every ebook's PDF is in the restored data directory, the same bytes.
    for (const { file_path: key } of before.ebooks.filter((e) => e.file_path)) {
      const original = readFileSync(path.join(source.dataDir, "storage", "private", key));
      expect(sha(readFileSync(path.join(restoredDataDir, "storage", "private", key))), key).toBe(sha(original));
    }
  });
});
