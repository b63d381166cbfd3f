// The text and exit code of `npm run reconcile` (scripts/reconcile.ts): our own tables compared with each other for a
// date range (reconciliation.server.ts, ADR 018), and, unless offline, every order that can still change and every
// refund with an unknown outcome compared with Pesapal (pesapal-comparison.server.ts, ADR 027), and every
// Daraja order and M-Pesa payment with M-Pesa (daraja-comparison.server.ts, ADR 043). Read-only.
import { reconcile, type ReconciliationReport } from "./reconciliation.server";
import { compareWithPesapal, type PesapalComparison } from "./pesapal-comparison.server";
import { compareWithDaraja, type DarajaComparison } from "./daraja-comparison.server";
import { formatKesCents } from "~/modules/pricing/money";

export interface ReconcileRun {
  /** What the command prints. */
  text: string;
  /** 0: nothing to do; 1: differences, or Pesapal could not be asked. */
  exitCode: 0 | 1;
  report: ReconciliationReport;
  /** null when run offline. */
  pesapal: PesapalComparison | null;
  /** null when run offline or when the shop never used M-Pesa direct. */
  daraja: DarajaComparison | null;
}

export interface ProviderComparisons {
  pesapal: PesapalComparison;
  /** null when the shop never used M-Pesa direct. */
  daraja: DarajaComparison | null;
}

/** Both providers' comparisons, for the admin's reconciliation page (asked when she presses "Compare now"). */
export async function compareWithProviders(now = new Date()): Promise<ProviderComparisons> {
  const [pesapal, daraja] = await Promise.all([compareWithPesapal(now), compareWithDaraja(now)]);
  return { pesapal, daraja };
}

export async function runReconcile(options: {
  from: string;
  to: string;
  json?: boolean;
  /** Skip Pesapal (it cannot be reached from here, or no credentials): only our own tables are compared. */
  offline?: boolean;
  now?: Date;
}): Promise<ReconcileRun> {
  const report = await reconcile({ from: options.from, to: options.to });
  const pesapal = options.offline ? null : await compareWithPesapal(options.now ?? new Date());
  const daraja = options.offline ? null : await compareWithDaraja(options.now ?? new Date());
  const failed =
    report.differences.length > 0 ||
    (pesapal !== null && (!pesapal.reached || pesapal.differences.length > 0)) ||
    (daraja !== null && (!daraja.reached || daraja.differences.length > 0));
  const exitCode = failed ? 1 : 0;
  if (options.json) {
    return { text: JSON.stringify({ ...report, pesapal, daraja }, null, 2), exitCode, report, pesapal, daraja };
  }
  const kes = (cents: number) => formatKesCents(cents).replace("\u00a0", " ");
  const lines = [
    `Reconciliation ${report.from} to ${report.to} (Nairobi days)`,
    `  Payments verified: ${report.totals.payments}, ${kes(report.totals.paymentsCents)}`,
    `  Refunds accepted:  ${report.totals.refunds}, ${kes(report.totals.refundsCents)}`,
    `  Revenue:           ${kes(report.totals.netCents)}`,
    `  Grants made:       ${report.grants.length}`,
    `  Waiting for review: ${report.review.length}`,
    `  Differences:       ${report.differences.length}`,
    ...report.differences.map((d) => `    - ${d.kind}: ${d.reference ?? "(no order)"}: ${d.detail}`),
  ];
  if (pesapal === null) {
    lines.push("Compared with Pesapal: skipped (--offline).");
  } else if (!pesapal.reached) {
    lines.push(`Compared with Pesapal: NOT DONE. ${pesapal.problem}`);
    lines.push("  Run again when Pesapal can be reached, or with --offline to compare only our own records.");
  } else {
    lines.push(
      `Compared with Pesapal: ${pesapal.ordersAsked} orders that can still change, ${pesapal.refundsAsked} refunds with an unknown outcome`,
    );
    lines.push(`  Differences with Pesapal: ${pesapal.differences.length}`);
  }
  for (const d of pesapal?.differences ?? []) {
    lines.push(`    - ${d.reference}: we recorded ${d.recorded}; Pesapal says ${d.pesapal}.`);
    lines.push(`      To do: ${d.action}`);
  }
  if (daraja === null) {
    lines.push(`Compared with M-Pesa (Daraja): ${options.offline ? "skipped (--offline)" : "not used"}.`);
  } else if (!daraja.reached) {
    lines.push(`Compared with M-Pesa (Daraja): NOT DONE. ${daraja.problem}`);
  } else {
    lines.push(
      `Compared with M-Pesa (Daraja): ${daraja.ordersCompared} orders, ${daraja.promptsAsked} prompts asked by STK query`,
    );
    lines.push(`  Differences with M-Pesa: ${daraja.differences.length}`);
  }
  for (const d of daraja?.differences ?? []) {
    lines.push(`    - ${d.kind}: ${d.reference}: we recorded ${d.recorded}; M-Pesa says ${d.mpesa}.`);
    lines.push(`      To do: ${d.action}`);
  }
  return { text: lines.join("\n"), exitCode, report, pesapal, daraja };
}
