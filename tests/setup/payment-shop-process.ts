// One shop process for the randomized payment test on PostgreSQL (tests/integration/payment-integrity.test.ts):
// started as its own OS process (`node --import ./scripts/register.mjs tests/setup/payment-shop-process.ts`), two of them at once on
// the same database, each serving what the real shop serves to Pesapal and buyers about payments:
//   GET|POST /api/payments/ipn  the real IPN handler (readIpnRequest -> answerIpn)
//   POST /verify                the callback page's verification (verifyPayment), JSON in and out
//   POST /api/payments/daraja/<kind>  the real Daraja route (STK callback, C2B confirmation), when
//                               PAYMENT_SHOP_DARAJA_URL names the Daraja stand-in (its /verify then asks the STK query)
//   POST /jobs                  the scheduler's payment jobs at the tick of `now` (advisory lock + tick row, as in
//                               production, so two processes offered one tick run each job once)
// Configured by environment: PAYMENT_SHOP_DATABASE_URL, PAYMENT_SHOP_PESAPAL_URL, PUBLIC_URL. It prints
// "listening <port>" on stdout when ready and stops on SIGTERM.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { appDatabase, openDatabase } from "~/db/client.server";
import { answerIpn, readIpnRequest } from "~/modules/payments/ipn.server";
import { configurePesapal, IPN_PATH } from "~/modules/payments/payment-gateway.server";
import { verifyPayment } from "~/modules/payments/payment-verification.server";
import { JOBS } from "~/modules/jobs/jobs.server";
import { configureDaraja } from "~/modules/payments/daraja-gateway.server";
import { action as darajaRoute } from "~/routes/api-payments-daraja";
import { createScheduler } from "~/modules/jobs/scheduler.server";

const databaseUrl = process.env.PAYMENT_SHOP_DATABASE_URL;
const pesapalUrl = process.env.PAYMENT_SHOP_PESAPAL_URL;
if (!databaseUrl || !pesapalUrl) {
  console.error("payment-shop-process needs PAYMENT_SHOP_DATABASE_URL and PAYMENT_SHOP_PESAPAL_URL");
  process.exit(2);
}
// Mismatches and unreachable gateways are logged on purpose by the shop; the parent test judges outcomes instead.
console.warn = () => {};

const handle = openDatabase({ url: databaseUrl });
appDatabase.handle = handle;
appDatabase.ready = true;
configurePesapal({ baseUrl: pesapalUrl, consumerKey: "k", consumerSecret: "s" });
if (process.env.PAYMENT_SHOP_DARAJA_URL) {
  configureDaraja({
    baseUrl: process.env.PAYMENT_SHOP_DARAJA_URL,
    consumerKey: "dk",
    consumerSecret: "ds",
    shortcode: "600100",
    passkey: "pk",
    initiatorName: "nuru-api",
    securityCredential: "encrypted",
  });
}
const PAYMENT_JOBS = new Set(["reconcile-payments", "settle-refunds"]);
const scheduler = createScheduler({ handle, jobs: JOBS.filter((job) => PAYMENT_JOBS.has(job.name)), log: () => {} });

async function readBody(req: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const server = createServer(async (req, res) => {
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  try {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const body = await readBody(req);
    if (url.pathname === IPN_PATH) {
      const request = new Request(`http://127.0.0.1${req.url}`, {
        method: req.method,
        headers: req.headers as Record<string, string>,
        body: req.method === "GET" || req.method === "HEAD" ? undefined : new Uint8Array(body),
      });
      const answer = await answerIpn(await readIpnRequest(request));
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(await answer.text());
      return;
    }
    const daraja = /^\/api\/payments\/daraja\/([a-z]+)$/.exec(url.pathname);
    if (daraja) {
      const request = new Request(`http://127.0.0.1${req.url}`, { method: "POST", body: new Uint8Array(body) });
      const answer = (await darajaRoute({ request, params: { kind: daraja[1] } } as never)) as Response;
      res.writeHead(answer.status, { "Content-Type": "application/json" });
      res.end(await answer.text());
      return;
    }
    const input = JSON.parse(body.toString("utf8") || "{}") as Record<string, string | undefined>;
    if (url.pathname === "/verify") {
      return send(
        200,
        await verifyPayment({
          trackingId: input.trackingId ?? "",
          merchantReference: input.merchantReference,
          source: input.source === "poll" ? "poll" : "callback",
          ownerId: input.ownerId,
        }),
      );
    }
    if (url.pathname === "/jobs") return send(200, await scheduler.runDue(new Date(input.now ?? Date.now())));
    send(404, { error: "not found" });
  } catch (error) {
    send(500, { error: error instanceof Error ? error.message : String(error) });
  }
});

server.listen(0, "127.0.0.1", () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});

process.on("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void handle.close().finally(() => process.exit(0));
});
