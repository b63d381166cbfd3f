import { data } from "react-router";
import type { Route } from "./+types/analytics";
import { adminOf } from "~/modules/access/viewer.server";
import { analyticsReport } from "~/modules/analytics/report.server";
import { DEFAULT_PERIOD, isPeriodId, PERIODS } from "~/modules/analytics/periods";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { BarChart } from "~/components/admin/bar-chart";

export function meta() {
  return [{ title: "Analytics | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const asked = new URL(request.url).searchParams.get("period");
  const period = isPeriodId(asked) ? asked : DEFAULT_PERIOD;
  return { report: await analyticsReport(viewer, period) };
}

// The screen takes no posts; the admin check still comes first, so a guest learns nothing from a 405.
export async function action({ context }: Route.ActionArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405 });
}

/** Counts, amounts and percentages line up on the right. */
const NUMBER = /^(-?[\d.]+%?|n\/a)$/;

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { report } = loaderData;
  const { period } = report;
  return (
    <AdminFrame title="Analytics">
      <AdminTabs
        label="Period"
        tabs={PERIODS.map((p) => ({
          to: `/admin/analytics?period=${p.id}`,
          label: p.label,
          current: p.id === period.id,
        }))}
      />
      <p className="mt-3 text-sm text-gray-700">
        {period.label}: {period.firstDay} to {period.lastDay} (Nairobi days). Counted on the server as numbers per day
        and page: no cookie, no address and no reader is kept with a view.
      </p>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        {report.charts.map((c) => (
          <BarChart key={c.id} {...c} />
        ))}
      </div>
      {report.tables.map((t) => (
        <section key={t.id} data-section={t.id} className="mt-10">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id={`table-${t.id}`} className="font-serif text-xl font-bold text-gray-900">
              {t.title}
            </h2>
            <a
              href={`/admin/analytics/csv?table=${t.id}&period=${period.id}`}
              download
              className="inline-block min-h-11 rounded-full border border-gray-300 px-4 py-3 text-sm leading-5 font-semibold text-gray-900 hover:bg-gray-50"
            >
              Download CSV<span className="sr-only">: {t.title}</span>
            </a>
          </div>
          <p className="mt-1 text-sm text-gray-700">{t.note}</p>
          {t.rows.length === 0 ? (
            <p className="mt-3 rounded-md bg-gray-50 p-3 text-sm text-gray-800">Nothing in this period.</p>
          ) : (
            // Wide tables scroll sideways on a phone inside their own box (reachable by keyboard), never the page;
            // the caption says so where a table has more columns than a phone shows at once.
            <div
              className="mt-3 max-w-full overflow-x-auto rounded-xl border border-gray-200"
              tabIndex={0}
              role="region"
              aria-labelledby={`table-${t.id}`}
            >
              <table className="min-w-full text-left text-sm" data-table={t.id}>
                <caption className="px-3 pt-2 text-left text-xs text-gray-700">
                  {t.title}
                  {t.columns.length > 3 ? (
                    <span className="sm:hidden"> ({t.columns.length} columns: swipe the table sideways for all)</span>
                  ) : null}
                </caption>
                <thead className="bg-gray-50 text-gray-900">
                  <tr>
                    {t.columns.map((c, i) => (
                      <th
                        key={c}
                        scope="col"
                        className={`px-3 py-2 font-semibold ${i > 0 && NUMBER.test(t.rows[0]?.[i] ?? "") ? "text-right" : ""}`}
                      >
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {t.rows.map((row, r) => (
                    <tr key={`${row[0]}|${r}`} className="border-t border-gray-100">
                      {row.map((cell, i) =>
                        i === 0 ? (
                          <th key={i} scope="row" className="px-3 py-2 font-medium break-words text-gray-900">
                            {cell}
                          </th>
                        ) : (
                          <td
                            key={i}
                            className={`px-3 py-2 text-gray-800 ${NUMBER.test(cell) ? "text-right tabular-nums" : ""}`}
                          >
                            {cell}
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      ))}
    </AdminFrame>
  );
}
