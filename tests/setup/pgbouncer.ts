// A PgBouncer (Debian 12: 1.18, no prepared statement support) started by a test in front of one database of the
// local PostgreSQL, on a free port, from a temporary directory; stopped (by its own process id) by the test.
import { spawn, type ChildProcess } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./app-server";

export const PGBOUNCER = process.env.PGBOUNCER_BIN ?? "/usr/sbin/pgbouncer";

export interface PgBouncer {
  /** The connection string of the pooled database (same name, user and database as `databaseUrl`). */
  url: string;
  port: number;
  /** Stops the pooler: its port refuses connections, as a database that is down would. */
  stop(): Promise<void>;
  /** Starts it again on the same port. */
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  dispose(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, log: () => string) {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}):\n${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`pgbouncer did not listen on ${port}:\n${log()}`);
}

/** Starts PgBouncer in `poolMode` in front of the database of `databaseUrl` (a local PostgreSQL, trusted). */
export async function startPgBouncer(databaseUrl: string, poolMode: "transaction" | "session" = "transaction") {
  const target = new URL(databaseUrl);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username || "postgres");
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), "nuru-pgbouncer-"));
  // PgBouncer refuses to run as root: there it switches to "nobody", who must be able to read its configuration.
  chmodSync(dir, 0o755);
  const config = path.join(dir, "pgbouncer.ini");
  writeFileSync(
    config,
    [
      "[databases]",
      `${database} = host=${target.hostname} port=${target.port || 5432} dbname=${database} user=${user}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = any",
      `pool_mode = ${poolMode}`,
      // Several server connections, so consecutive transactions of one client land on different ones.
      "default_pool_size = 4",
      "max_client_conn = 200",
      "",
    ].join("\n"),
  );
  chmodSync(config, 0o644);

  let child: ChildProcess | undefined;
  let log = "";
  const start = async () => {
    const args = process.getuid?.() === 0 ? ["-u", "nobody", config] : [config];
    const started = spawn(PGBOUNCER, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    started.stdout!.on("data", (d) => (log += d));
    started.stderr!.on("data", (d) => (log += d));
    await waitForPort(port, started, () => log);
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  await start();
  const pooled = new URL(databaseUrl);
  pooled.hostname = "127.0.0.1";
  pooled.port = String(port);
  return {
    url: pooled.toString(),
    port,
    stop,
    start,
    async dispose() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  } satisfies PgBouncer;
}
