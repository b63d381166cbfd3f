// One table of the analytics screen as CSV (issue 35): the same rows and cells the screen shows for that period.
import type { Route } from "./+types/analytics-csv";
import { adminOf } from "~/modules/access/viewer.server";
import { analyticsReport, tableCsv } from "~/modules/analytics/report.server";
import { DEFAULT_PERIOD, isPeriodId } from "~/modules/analytics/periods";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const params = new URL(request.url).searchParams;
  const asked = params.get("period");
  const period = isPeriodId(asked) ? asked : DEFAULT_PERIOD;
  const report = await analyticsReport(viewer, period);
  const table = report.tables.find((t) => t.id === params.get("table"));
  if (!table) {
    return new Response(`Choose a table: ${report.tables.map((t) => t.id).join(", ")}.`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PERSONAL_CACHE_CONTROL },
    });
  }
  return new Response(tableCsv(table), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="nuru-${table.id}-${report.period.firstDay}-to-${report.period.lastDay}.csv"`,
      "Cache-Control": PERSONAL_CACHE_CONTROL,
    },
  });
}
