// npm run reconcile -- --from 2026-01-01 --to 2026-12-31 [--json]
// Payments, refunds and grants of a date range (Nairobi days, inclusive) and every difference between them (ADR 018).
// Exits 1 when there are differences, so a cron job or CI can alert on it. Stop a PGlite server first (one process
// per data directory); on PostgreSQL it runs beside the shop.
import { parseArgs } from "node:util";
import { getEnv } from "../app/lib/env.server";
import { appDatabase, openDatabase } from "../app/db/client.server";
import { reconcile } from "../app/modules/commerce/reconciliation.server";
import { formatKesCents } from "../app/modules/commerce/money";

const { values } = parseArgs({
  options: { from: { type: "string" }, to: { type: "string" }, json: { type: "boolean", default: false } },
});
const DAY = /^\d{4}-\d{2}-\d{2}$/;
if (!values.from || !values.to || !DAY.test(values.from) || !DAY.test(values.to)) {
  console.error("Usage: npm run reconcile -- --from 2026-01-01 --to 2026-12-31 [--json]");
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
let differences: number;
try {
  await handle.migrate();
  appDatabase.handle = handle;
  appDatabase.ready = true;
  const report = await reconcile({ from: values.from, to: values.to });
  differences = report.differences.length;
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    const kes = (cents: number) => formatKesCents(cents).replace("\u00a0", " ");
    console.log(`Reconciliation ${report.from} to ${report.to} (Nairobi days)`);
    console.log(`  Payments verified: ${report.totals.payments}, ${kes(report.totals.paymentsCents)}`);
    console.log(`  Refunds accepted:  ${report.totals.refunds}, ${kes(report.totals.refundsCents)}`);
    console.log(`  Revenue:           ${kes(report.totals.netCents)}`);
    console.log(`  Grants made:       ${report.grants.length}`);
    console.log(`  Waiting for review: ${report.review.length}`);
    console.log(`  Differences:       ${differences}`);
    for (const d of report.differences) console.log(`    - ${d.kind}: ${d.reference ?? "(no order)"}: ${d.detail}`);
  }
} finally {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await handle.close();
}
process.exit(differences > 0 ? 1 : 0);
