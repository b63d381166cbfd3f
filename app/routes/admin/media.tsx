import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/media";
import { adminOf } from "~/modules/access/viewer.server";
import {
  listMediaAssets,
  MEDIA_ERRORS,
  removeUnusedAsset,
  unusedAssetIds,
} from "~/modules/storage/media-library.server";
import { mediaActionSchema } from "~/modules/storage/media-form";
import type { MediaUse } from "~/modules/storage/media-library.server";
import { isAppError } from "~/lib/app-error";
import { refusal } from "~/lib/app-error.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { AdminTabs } from "~/components/admin/admin-tabs";
import { Pagination } from "~/components/content/pagination";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Files | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const url = new URL(request.url);
  const unusedOnly = url.searchParams.get("show") === "unused";
  const list = await listMediaAssets(viewer, { unusedOnly, page: Number(url.searchParams.get("page") ?? 1) || 1 });
  return { ...list, unusedOnly };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, mediaActionSchema);
  if (submission.status !== "success") return refuseForm(submission, { error: MEDIA_ERRORS.MEDIA_REQUEST_UNKNOWN });
  const back = `/admin/media${new URL(request.url).search}`;
  const command = submission.value;
  if (command.intent === "remove") {
    try {
      const removed = await removeUnusedAsset(viewer, command.id);
      return redirectWithToast(back, {
        kind: "success",
        title: "File Removed",
        message: `${removed.originalName ?? removed.key} is deleted.`,
      });
    } catch (error) {
      if (isAppError(error)) return refusal(error);
      throw error;
    }
  }
  const ids = await unusedAssetIds(viewer);
  let removed = 0;
  for (const each of ids) {
    // Another admin may have removed or used one meanwhile: skip it, keep going.
    await removeUnusedAsset(viewer, each).then(
      () => removed++,
      (error: unknown) => {
        if (!isAppError(error)) throw error;
      },
    );
  }
  return redirectWithToast(back, {
    kind: "success",
    title: removed === 1 ? "1 File Removed" : `${removed} Files Removed`,
  });
}

const USE_LINK: Record<MediaUse["type"], (id: string) => string> = {
  article: (id) => `/admin/articles/${id}`,
  ebook: (id) => `/admin/ebooks/${id}`,
  "hero-slide": (id) => `/admin/homepage?tab=hero&edit=${id}`,
  "featured-ad": () => "/admin/homepage?tab=ad",
  testimonial: (id) => `/admin/homepage?tab=testimonials&edit=${id}`,
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function AdminMedia({ loaderData, actionData }: Route.ComponentProps) {
  const { items, total, page, unusedOnly } = loaderData;
  const toast = useRefusalToast(actionData);
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("id") : null;
  return (
    <AdminFrame title="Files">
      <LazyToast toast={toast} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <AdminTabs
          label="Which files"
          tabs={[
            { to: "/admin/media", label: "All files", current: !unusedOnly },
            { to: "/admin/media?show=unused", label: "Unused", current: unusedOnly },
          ]}
        />
        {unusedOnly && items.some((i) => i.removable) ? (
          <Form
            method="post"
            onSubmit={(event) => {
              if (!window.confirm("Delete every unused file older than an hour? This cannot be undone."))
                event.preventDefault();
            }}
          >
            <input type="hidden" name="intent" value="remove-unused" />
            <button className="min-h-11 rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50">
              Remove all unused
            </button>
          </Form>
        ) : null}
      </div>
      <p className="mt-4 text-sm text-gray-700">
        {total} {total === 1 ? "file" : "files"}
        {unusedOnly ? " that nothing uses" : ""}. Files uploaded in the last hour are kept: they may belong to a form
        that is not saved yet.
      </p>
      {items.length ? (
        <ul className="mt-3 divide-y divide-gray-100 rounded-2xl border border-rose-100 bg-white">
          {items.map((f) => (
            <li key={f.id} data-testid="media-file" className="flex flex-wrap items-center gap-4 p-4 text-sm">
              {f.url && f.kind !== "video" ? (
                <img
                  src={f.url}
                  alt=""
                  width="64"
                  height="64"
                  loading="lazy"
                  className="h-16 w-16 rounded-md object-cover"
                />
              ) : (
                <span className="flex h-16 w-16 items-center justify-center rounded-md bg-gray-100 text-xs font-semibold text-gray-700 uppercase">
                  {f.kind}
                </span>
              )}
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-gray-900">{f.originalName ?? f.key}</p>
                <p className="text-gray-700">
                  {f.kind} · {size(f.size)} · {f.uploader ?? "a removed account"} ·{" "}
                  <time dateTime={f.createdAt.toISOString()}>{nairobiDateTime.format(f.createdAt)}</time>
                </p>
                <p className="text-gray-800">
                  {f.usedIn.length ? (
                    <>
                      Used by{" "}
                      {f.usedIn.map((u, i) => (
                        <span key={`${u.type}-${u.id}`}>
                          {i ? ", " : ""}
                          <Link to={USE_LINK[u.type](u.id)} className="text-brand-700 underline">
                            {u.title}
                          </Link>
                        </span>
                      ))}
                    </>
                  ) : (
                    <span className="font-semibold text-amber-800">Not used anywhere</span>
                  )}
                </p>
              </div>
              {f.removable ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Delete "${f.originalName ?? f.key}"? This cannot be undone.`))
                      event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="id" value={f.id} />
                  <button
                    disabled={busyId === f.id}
                    aria-label={`Remove ${f.originalName ?? f.key}`}
                    className="min-h-11 rounded-full border border-red-700 px-4 font-semibold text-red-800 hover:bg-red-50 disabled:opacity-50"
                  >
                    Remove
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-gray-700">{unusedOnly ? "Every file is in use." : "No files uploaded yet."}</p>
      )}
      <Pagination
        page={page}
        pageSize={loaderData.pageSize}
        total={total}
        search={new URLSearchParams(unusedOnly ? { show: "unused" } : {})}
      />
    </AdminFrame>
  );
}
