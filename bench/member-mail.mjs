// npm run bench:member-mail [-- --no-build] [-- --mails=10000] [-- --rate=120]: does sending member mail slow the shop's pages?
// Builds, creates a PostgreSQL database (BENCH_DATABASE_URL's server, default 127.0.0.1:5432, user postgres), starts
// a local SMTP stand-in (smtp-server, accepts everything) and the app on loopback with SMTP_URL pointing at it and a
// high MAIL_RATE_PER_MINUTE, adds N active followers, then:
//  1. autocannon on /articles for a signed-in reader (not served from the guest cache) and on a guest article page
//     (the guest page cache) with the queue idle;
//  2. an admin publishes a premium article with "send to followers" (the real form post), and the same autocannon
//     rounds run while the queue sends;
//  3. waits until every mail is sent, and reports mails a second.
// Results go to bench/results/member-mail.json. Traffic goes only to 127.0.0.1; every wait is bounded.
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { buildUnlessAsked, postSignIn, root, until } from "./local-app.mjs";
import { SMTPServer } from "smtp-server";

const args = process.argv.slice(2);
const MAILS = Number(args.find((a) => a.startsWith("--mails="))?.split("=")[1] ?? 10_000);
// --rate=N sends at the shop's own limit (MAIL_RATE_PER_MINUTE; 120 is the default a shop runs with) and measures the
// rounds while the queue sends, without waiting for the last mail (10,000 at 120 a minute take 83 minutes).
const rateArg = args.find((a) => a.startsWith("--rate="))?.split("=")[1];
const RATE = Number(rateArg ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 3997);
const base = `http://127.0.0.1:${PORT}`;
const serverUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const dbName = `nuru_bench_mail_${Date.now().toString(36)}`;
const dbUrl = serverUrl.replace(/\/[^/]*$/, `/${dbName}`);

buildUnlessAsked();

const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);

let accepted = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      accepted++;
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpPort = smtp.server.address().port;

const app = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(PORT),
    DATABASE_URL: dbUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_RATE_PER_MINUTE: String(RATE),
    MAIL_BATCH_SIZE: "200",
    JOBS_INTERVAL_SECONDS: "5",
  },
  stdio: ["ignore", "ignore", "inherit"],
});

async function signIn(email) {
  const res = await postSignIn(base, email);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.startsWith("nuru_flash"))
    .join("; ");
}

function round(cookie, page = "/articles") {
  return new Promise((resolve, reject) => {
    autocannon(
      { url: `${base}${page}`, connections: 10, duration: 10, headers: cookie ? { cookie } : {} },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}
const figures = (r) => ({
  requestsPerSecond: Math.round(r.requests.average),
  latencyMs: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99 },
  non2xx: r.non2xx,
});

try {
  await until("the app", async () => (await fetch(`${base}/healthz`)).status === 200, 180_000);
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  await db.query(
    `insert into mail_subscribers (email, status, confirmed_at)
     select 'bench-' || g || '@bench.invalid', 'active', now() from generate_series(1, $1) g`,
    [MAILS],
  );
  const reader = await signIn("reader@nuru.test");
  const editor = await signIn("admin@nuru.test");
  const { rows: guestArticles } = await db.query(
    "select id from articles where published = true and access_type = 'free' order by created_at desc limit 1",
  );
  const guestPage = `/article/${guestArticles[0].id}`;
  await round(reader); // warm-up
  await round(undefined, guestPage);
  const idle = figures(await round(reader));
  const idleGuest = figures(await round(undefined, guestPage));
  console.log("idle", JSON.stringify(idle), "guest", JSON.stringify(idleGuest));

  const { rows: cats } = await db.query("select id from categories order by sort_key limit 1");
  const form = new URLSearchParams({
    title: `Bench article ${Date.now()}`,
    contentMode: "plain",
    content: "The opening paragraph.\n\nThe rest, for members.",
    excerpt: "The opening paragraph.",
    accessType: "premium",
    published: "on",
    categoryIds: cats[0].id,
    mailOnPublish: "followers",
  });
  const published = await fetch(`${base}/admin/articles/new`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base, Cookie: editor, "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  if (published.status !== 302 && published.status !== 303) throw new Error(`publishing answered ${published.status}`);
  const started = Date.now();
  const sentBefore = accepted;
  const sending = figures(await round(reader));
  const sentDuring = accepted - sentBefore;
  const guestBefore = accepted;
  const sendingGuest = figures(await round(undefined, guestPage));
  const sentDuringGuest = accepted - guestBefore;
  console.log("while sending", JSON.stringify(sending), `mails sent during the round: ${sentDuring}`);
  console.log("guest while sending", JSON.stringify(sendingGuest), `mails sent during the round: ${sentDuringGuest}`);
  if (accepted >= MAILS) console.log("(every mail was sent before the guest round ended: add --mails)");
  if (!rateArg) await until(`${MAILS} mails`, async () => accepted >= MAILS, 30 * 60_000);
  const seconds = (Date.now() - started) / 1000;
  await db.end();
  const result = {
    at: new Date().toISOString(),
    mails: MAILS,
    page: "/articles (signed-in reader, 10 connections, 10 s)",
    idle,
    whileSending: { ...sending, mailsSentDuringRound: sentDuring },
    guestPage: `${guestPage} (guest, page cache, 10 connections, 10 s)`,
    guestIdle: idleGuest,
    guestWhileSending: { ...sendingGuest, mailsSentDuringRound: sentDuringGuest },
    ratePerMinute: RATE,
    ...(rateArg
      ? { sentSoFar: accepted, inSeconds: Math.round(seconds) }
      : { allSentInSeconds: Math.round(seconds), mailsPerSecond: Math.round(MAILS / seconds) }),
  };
  mkdirSync(path.join(root, "bench/results"), { recursive: true });
  writeFileSync(
    path.join(root, `bench/results/member-mail${process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : ""}.json`),
    `${JSON.stringify(result, null, 2)}\n`,
  );
  console.log(JSON.stringify(result, null, 2));
} finally {
  app.kill("SIGTERM");
  await new Promise((r) => app.once("exit", r));
  smtp.close();
  await admin.query(`drop database if exists ${dbName}`).catch(() => {});
  await admin.end();
}
