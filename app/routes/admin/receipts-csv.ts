// A month's receipts, refunds and reversals as CSV, for the accountant (receipt-export.server.ts).
import type { Route } from "./+types/receipts-csv";
import { adminOf } from "~/modules/access/viewer.server";
import { exportCsv, monthExport } from "~/modules/receipts/receipt-export.server";
import { isMonth } from "~/modules/receipts/receipt-rules";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminOf(context);
  const month = new URL(request.url).searchParams.get("month") ?? "";
  if (!isMonth(month)) {
    return new Response("Choose a month as YYYY-MM.", {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PERSONAL_CACHE_CONTROL },
    });
  }
  const csv = exportCsv(await monthExport(admin, month));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="nuru-receipts-${month}.csv"`,
      "Cache-Control": PERSONAL_CACHE_CONTROL,
    },
  });
}
