import { data } from "react-router";
import type { Route } from "./+types/activity";
import { adminOf } from "~/modules/access/viewer.server";
import { listActivity } from "~/modules/admin/activity.server";
import { ACTIVITY_ENTITIES, ACTIVITY_ENTITY_LABELS } from "~/modules/admin/activity-entities";
import { FilterBar, FilterSelect } from "~/components/admin/filter-bar";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Pagination } from "~/components/content/pagination";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Activity | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const url = new URL(request.url);
  const entity = url.searchParams.get("entity") ?? "";
  const list = await listActivity(viewer, { entityType: entity, page: Number(url.searchParams.get("page") ?? 1) || 1 });
  return { ...list, entity: (ACTIVITY_ENTITIES as readonly string[]).includes(entity) ? entity : "" };
}

// The log takes no posts; the admin check still comes first.
export async function action({ context }: Route.ActionArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405 });
}

const show = (value: unknown) =>
  value === null || value === undefined || value === ""
    ? "(empty)"
    : Array.isArray(value)
      ? value.join(", ") || "(none)"
      : String(value);

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, entity } = loaderData;
  return (
    <AdminFrame title="Activity">
      <FilterBar search={false}>
        <FilterSelect
          id="activity-entity"
          label="Show"
          name="entity"
          defaultValue={entity}
          options={[
            { value: "", label: "Everything" },
            ...ACTIVITY_ENTITIES.map((e) => ({ value: e, label: ACTIVITY_ENTITY_LABELS[e] })),
          ]}
        />
      </FilterBar>
      <p className="mt-4 text-sm text-gray-700">
        {total} {total === 1 ? "change" : "changes"}
      </p>
      <ol className="mt-3 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
        {items.map((a) => (
          <li key={a.id} data-testid="activity" className="p-4 text-sm">
            <p className="text-gray-900">
              <span className="font-semibold capitalize">{a.entityType.replace("-", " ")}</span> {a.action}: {a.summary}
            </p>
            <p className="mt-0.5 text-xs text-gray-600">
              {a.actorName || a.actorEmail || "A removed account"} ·{" "}
              <time dateTime={a.createdAt}>{nairobiDateTime.format(new Date(a.createdAt))}</time>
            </p>
            {Object.keys(a.changes).length ? (
              <dl className="mt-2 grid gap-x-3 gap-y-1 text-xs text-gray-700 sm:grid-cols-[10rem_1fr]">
                {Object.entries(a.changes).map(([field, change]) => (
                  <div key={field} className="contents">
                    <dt className="font-medium">{field}</dt>
                    <dd className="break-words">
                      {show(change.before)} → {show(change.after)}
                    </dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ol>
      <Pagination
        page={page}
        pageSize={pageSize}
        total={total}
        search={new URLSearchParams(entity ? { entity } : {})}
      />
    </AdminFrame>
  );
}
