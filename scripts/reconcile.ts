// npm run reconcile -- --from 2026-01-01 --to 2026-12-31 [--json] [--offline]
// Payments, refunds and grants of a date range (Nairobi days, inclusive) and every difference between them (ADR 018),
// then every order that can still change and every refund with an unknown outcome compared with Pesapal (ADR 027)
// and every Daraja order and M-Pesa payment compared with M-Pesa by the STK query (ADR 043),
// each difference with what to do. Changes nothing. Exits 1 when there are differences, or when Pesapal could not be
// asked (--offline skips it), so a cron job or CI can alert on it. Stop a PGlite server first (one process per data
// directory); on PostgreSQL it runs beside the shop.
import { parseArgs } from "node:util";
import { getEnv } from "../app/lib/env.server";
import { appDatabase, openDatabase } from "../app/db/client.server";
import { runReconcile } from "../app/modules/payments/reconcile-report.server";

const { values } = parseArgs({
  options: {
    from: { type: "string" },
    to: { type: "string" },
    json: { type: "boolean", default: false },
    offline: { type: "boolean", default: false },
  },
});
const DAY = /^\d{4}-\d{2}-\d{2}$/;
if (!values.from || !values.to || !DAY.test(values.from) || !DAY.test(values.to)) {
  console.error("Usage: npm run reconcile -- --from 2026-01-01 --to 2026-12-31 [--json] [--offline]");
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
let exitCode: number;
try {
  await handle.migrate();
  appDatabase.handle = handle;
  appDatabase.ready = true;
  const run = await runReconcile({ from: values.from, to: values.to, json: values.json, offline: values.offline });
  console.log(run.text);
  exitCode = run.exitCode;
} finally {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await handle.close();
}
process.exit(exitCode);
