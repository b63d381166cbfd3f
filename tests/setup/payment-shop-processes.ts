// Starts shop processes (tests/setup/payment-shop-process.ts) as separate OS processes on one PostgreSQL database,
// and talks to them over HTTP the way Pesapal and buyers' browsers do.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

export interface ShopProcess {
  url: string;
  pid: number;
}

export interface ShopProcesses {
  shops: ShopProcess[];
  /** What a process said on stderr (a crash, an unexpected error), for the failure message. */
  stderr(): string;
  stop(): Promise<void>;
}

// Node 24 lives in node_modules (the system node may be older); fall back to whatever runs the tests.
const NODE = existsSync(path.resolve("node_modules/.bin/node"))
  ? path.resolve("node_modules/.bin/node")
  : process.execPath;

const START_LIMIT_MS = 150_000;

export async function startShopProcesses(
  count: number,
  config: { databaseUrl: string; pesapalUrl: string; publicUrl: string; darajaUrl?: string },
): Promise<ShopProcesses> {
  const children: ChildProcess[] = [];
  let stderr = "";
  const started = Array.from({ length: count }, () => {
    const child = spawn(NODE, ["--import", "./scripts/register.mjs", "tests/setup/payment-shop-process.ts"], {
      env: {
        ...process.env,
        PAYMENT_SHOP_DATABASE_URL: config.databaseUrl,
        PAYMENT_SHOP_PESAPAL_URL: config.pesapalUrl,
        PUBLIC_URL: config.publicUrl,
        ...(config.darajaUrl ? { PAYMENT_SHOP_DARAJA_URL: config.darajaUrl } : {}),
        JOBS_ENABLED: "false",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(child);
    child.stderr!.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    return new Promise<ShopProcess>((resolve, reject) => {
      // Each process compiles the shop with tsx as it starts: a few seconds alone, but over a minute on a CI machine
      // whose two cores also run the end-to-end suite (30 s was not enough there).
      const timer = setTimeout(
        () => reject(new Error(`shop process did not start in ${START_LIMIT_MS / 1000} s: ${stderr}`)),
        START_LIMIT_MS,
      );
      let out = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /listening (\d+)/.exec(out);
        if (match) {
          clearTimeout(timer);
          resolve({ url: `http://127.0.0.1:${match[1]}`, pid: child.pid! });
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`shop process exited (${code}) before listening: ${stderr}`));
      });
    });
  });
  const stop = async () => {
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            const kill = setTimeout(() => child.kill("SIGKILL"), 5_000);
            child.once("exit", () => {
              clearTimeout(kill);
              resolve();
            });
            child.kill("SIGTERM");
          }),
      ),
    );
  };
  try {
    return { shops: await Promise.all(started), stderr: () => stderr, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** POSTs JSON to a shop process and reads its JSON answer. */
export async function callShop<T>(shop: ShopProcess, pathname: string, body: unknown): Promise<T> {
  const response = await fetch(`${shop.url}${pathname}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: string };
  if (!response.ok) throw new Error(`${pathname} on ${shop.url}: ${response.status} ${answer.error ?? ""}`);
  return answer;
}
