// A month of receipts, refunds and reversals for the accountant, as rows and as CSV (admin page
// /admin/orders/receipts). A sale is a numbered receipt completed in the month (Nairobi time); a refund Pesapal
// accepted in the month and a reversal (chargeback) that happened in the month are negative lines naming the
// receipt they take back. Refunds carry their own reference, not a second receipt sequence (ADR
// receipt-numbering-vat-snapshots): the credit note numbering eTIMS will want can be added from these rows.
import { itemWordsOf } from "~/modules/membership/purchase-kind-words";
import { and, asc, desc, eq, gte, inArray, isNotNull, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { orders, orderStatusHistory, payments, refunds } from "~/db/schema";
import type { AdminViewer } from "~/modules/access/policy";
import { buyerAndItemColumns, selectOrdersWithBuyer } from "~/modules/orders/order-with-buyer.server";
import { centsToDecimal } from "~/modules/pricing/money";
import { paymentMethodLabel } from "~/modules/orders/payment-method";
import { PAID_STATUSES } from "~/modules/orders/order-transitions";
import { csvCell, monthRange, nairobiMinute, vatIncludedIn } from "./receipt-rules";

export type ExportLineKind = "Sale" | "Refund" | "Reversal";

export interface ExportLine {
  kind: ExportLineKind;
  receiptNumber: string;
  /** ISO instant: completion, refund acceptance or reversal. */
  at: string;
  buyer: string;
  buyerEmail: string;
  buyerPin: string;
  item: string;
  /** KES cents, negative for refunds and reversals; VAT and net likewise (0 VAT when none was charged). */
  amountCents: number;
  vatCents: number;
  netCents: number;
  method: string;
  confirmationCode: string;
  orderReference: string;
  /** The refund's id for a refund line, else ''. */
  refundReference: string;
}

export interface MonthExport {
  month: string;
  lines: ExportLine[];
  totals: { amountCents: number; vatCents: number; netCents: number; sales: number; refunds: number };
}

export async function monthExport(_admin: AdminViewer, month: string): Promise<MonthExport> {
  const { from, to } = monthRange(month);
  const [sales, refunded, reversed] = await Promise.all([
    salesIn(from, to),
    refundsAcceptedIn(from, to),
    reversalsIn(from, to),
  ]);
  const paidWith = await paymentsOf([...new Set([...sales, ...refunded, ...reversed].map((r) => r.orderId))]);
  const line = exportLine(paidWith);
  const lines = [
    ...sales.map((r) => line("Sale", r, r.at, r.amountCents)),
    ...refunded.map((r) => line("Refund", r, r.at, -r.refundCents, r.refundId)),
    ...reversed.map((r) => line("Reversal", r, r.at, -r.amountCents)),
  ].sort((a, b) => a.at.localeCompare(b.at) || a.receiptNumber.localeCompare(b.receiptNumber));
  const sum = (pick: (l: ExportLine) => number) => lines.reduce((total, l) => total + pick(l), 0);
  return {
    month,
    lines,
    totals: {
      amountCents: sum((l) => l.amountCents),
      vatCents: sum((l) => l.vatCents),
      netCents: sum((l) => l.netCents),
      sales: sales.length,
      refunds: refunded.length + reversed.length,
    },
  };
}

/** What every line reads of its order (and buyer and item). */
const orderColumns = {
  orderId: orders.id,
  receiptNumber: orders.receiptNumber,
  reference: orders.merchantReference,
  amountCents: orders.amountCents,
  vatCents: orders.receiptVatCents,
  buyerPin: orders.receiptBuyerPin,
  kind: orders.kind,
  ...buyerAndItemColumns,
};

/** Numbered KES receipts completed in [from, to), still standing as paid or reversed since. */
function salesIn(from: Date, to: Date) {
  return selectOrdersWithBuyer({ ...orderColumns, at: orders.completedAt }).where(
    and(
      isNotNull(orders.receiptNumber),
      inArray(orders.status, [...PAID_STATUSES, "reversed"]),
      eq(orders.currency, "KES"),
      gte(orders.completedAt, from),
      lt(orders.completedAt, to),
    ),
  );
}

/** KES refunds Pesapal accepted in [from, to), of orders that still stand as paid. */
function refundsAcceptedIn(from: Date, to: Date) {
  return selectOrdersWithBuyer({
    ...orderColumns,
    at: refunds.answeredAt,
    refundId: refunds.id,
    refundCents: refunds.amountCents,
  })
    .innerJoin(refunds, eq(refunds.orderId, orders.id))
    .where(
      and(
        eq(refunds.status, "accepted"),
        eq(refunds.currency, "KES"),
        inArray(orders.status, [...PAID_STATUSES]),
        gte(refunds.answeredAt, from),
        lt(refunds.answeredAt, to),
      ),
    );
}

/** Numbered KES receipts reversed (chargeback) in [from, to). */
function reversalsIn(from: Date, to: Date) {
  return selectOrdersWithBuyer({ ...orderColumns, at: orderStatusHistory.createdAt })
    .innerJoin(orderStatusHistory, eq(orderStatusHistory.orderId, orders.id))
    .where(
      and(
        eq(orderStatusHistory.toStatus, "reversed"),
        eq(orders.status, "reversed"),
        isNotNull(orders.receiptNumber),
        eq(orders.currency, "KES"),
        gte(orderStatusHistory.createdAt, from),
        lt(orderStatusHistory.createdAt, to),
      ),
    );
}

type PaidWith = Map<string, { method: string; code: string }>;

/** How each order was paid: the method and confirmation code of its latest verified payment. */
async function paymentsOf(orderIds: string[]): Promise<PaidWith> {
  const paidWith: PaidWith = new Map();
  if (orderIds.length === 0) return paidWith;
  const rows = await getDb()
    .select({ orderId: payments.orderId, method: payments.paymentMethod, code: payments.confirmationCode })
    .from(payments)
    .where(and(inArray(payments.orderId, orderIds), eq(payments.status, "completed")))
    .orderBy(asc(payments.orderId), desc(payments.verifiedAt));
  for (const row of rows) {
    if (!paidWith.has(row.orderId)) {
      paidWith.set(row.orderId, { method: paymentMethodLabel(row.method) ?? "Pesapal", code: row.code ?? "" });
    }
  }
  return paidWith;
}

type Row = Awaited<ReturnType<typeof salesIn>>[number];

/** Makes the export's lines, each naming how its order was paid. */
function exportLine(paidWith: PaidWith) {
  return (kind: ExportLineKind, row: Row, at: Date | null, amountCents: number, refundId = ""): ExportLine => {
    // A refund or reversal takes back its share of the receipt's VAT, by the same rule (vat.ts).
    const vatCents = row.vatCents === null ? 0 : kind === "Sale" ? row.vatCents : -vatIncludedIn(Math.abs(amountCents));
    return {
      kind,
      receiptNumber: row.receiptNumber ?? "",
      at: (at ?? new Date(0)).toISOString(),
      buyer: row.fullName ?? "",
      buyerEmail: row.email,
      buyerPin: row.buyerPin ?? "",
      item: itemWordsOf(row).receiptText(row),
      amountCents,
      vatCents,
      netCents: amountCents - vatCents,
      method: paidWith.get(row.orderId)?.method ?? "",
      confirmationCode: paidWith.get(row.orderId)?.code ?? "",
      orderReference: row.reference,
      refundReference: refundId,
    };
  };
}

const CSV_HEADER = [
  "Type",
  "Receipt number",
  "Date (Nairobi)",
  "Buyer",
  "Buyer email",
  "Buyer KRA PIN",
  "Item",
  "Amount (KES)",
  "VAT (KES)",
  "Net (KES)",
  "Payment method",
  "Pesapal confirmation code",
  "Order reference",
  "Refund reference",
];

export function exportCsv(data: MonthExport): string {
  const rows = data.lines.map((l) => [
    l.kind,
    l.receiptNumber,
    nairobiMinute(new Date(l.at)),
    l.buyer,
    l.buyerEmail,
    l.buyerPin,
    l.item,
    centsToDecimal(l.amountCents),
    centsToDecimal(l.vatCents),
    centsToDecimal(l.netCents),
    l.method,
    l.confirmationCode,
    l.orderReference,
    l.refundReference,
  ]);
  return [CSV_HEADER, ...rows].map((cells) => cells.map((cell) => csvCell(cell)).join(",")).join("\r\n") + "\r\n";
}
