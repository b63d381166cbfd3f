import { Form, Link } from "react-router";
import type { Route } from "./+types/moderation";
import { adminOf } from "~/modules/access/viewer.server";
import {
  listPending,
  moderate,
  MODERATION_ERRORS,
  pendingModerationCounts,
} from "~/modules/engagement/moderation.server";
import { moderationDecisionSchema } from "~/modules/engagement/moderation-form";
import { isAppError } from "~/lib/app-error";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { Star } from "~/components/ui/icons";
import { LazyToast } from "~/components/ui/lazy-toast";
import { useRefusalToast } from "~/components/ui/refusal-toast";
import { nairobiDateTime } from "~/lib/nairobi-display";

export function meta() {
  return [{ title: "Moderation | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

const TABS = { reviews: "review", comments: "comment" } as const;
type Tab = keyof typeof TABS;

const tabOf = (request: Request): Tab =>
  new URL(request.url).searchParams.get("tab") === "comments" ? "comments" : "reviews";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  const tab = tabOf(request);
  const [counts, items] = await Promise.all([pendingModerationCounts(viewer), listPending(viewer, TABS[tab])]);
  return { tab, counts, items };
}

const DONE = {
  review: { approve: "Review Approved", delete: "Review Deleted" },
  comment: { approve: "Comment Approved", delete: "Comment Deleted" },
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = adminOf(context);
  const { submission } = await readSubmission(request, moderationDecisionSchema);
  if (submission.status !== "success")
    return refuseForm(submission, { error: MODERATION_ERRORS.MODERATION_REQUEST_UNKNOWN });
  const { intent, kind, id } = submission.value;
  const back = `/admin/moderation${kind === "comment" ? "?tab=comments" : ""}`;
  try {
    await moderate(viewer, { kind, id, decision: intent });
  } catch (error) {
    // CASE: another admin handled it first -> back to the queue (which no longer lists it), with the reason.
    if (!isAppError(error)) throw error;
    const { title, message } = error.payload;
    throw await redirectWithToast(back, { kind: "error", title, message });
  }
  throw await redirectWithToast(back, {
    kind: "success",
    title: DONE[kind][intent],
    message: intent === "approve" ? `The ${kind} is now public.` : `The ${kind} has been deleted permanently.`,
  });
}

function DecisionForm({
  kind,
  id,
  label,
  intent,
}: {
  kind: "review" | "comment";
  id: string;
  label: string;
  intent: "approve" | "delete";
}) {
  const approve = intent === "approve";
  return (
    <Form
      method="post"
      onSubmit={(event) => {
        if (!approve && !window.confirm(`Delete this ${kind} permanently?`)) event.preventDefault();
      }}
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={`${approve ? "Approve" : "Delete"} ${label}`}
        className={
          approve
            ? "min-h-11 rounded-full bg-emerald-700 px-4 text-sm font-semibold text-white hover:bg-emerald-800"
            : "min-h-11 rounded-full border border-red-700 px-4 text-sm font-semibold text-red-800 hover:bg-red-50"
        }
      >
        {approve ? "Approve" : "Delete"}
      </button>
    </Form>
  );
}

function Decision({ kind, id, label }: { kind: "review" | "comment"; id: string; label: string }) {
  return (
    <div className="flex gap-2">
      <DecisionForm kind={kind} id={id} label={label} intent="approve" />
      <DecisionForm kind={kind} id={id} label={label} intent="delete" />
    </div>
  );
}

export default function AdminModeration({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, counts, items } = loaderData;
  // Only a tampered post is refused in place; every decision redirects with the shell's toast.
  const toast = useRefusalToast(actionData);
  const tabs: { key: Tab; label: string; count: number }[] = [
    { key: "reviews", label: "Reviews", count: counts.reviews },
    { key: "comments", label: "Comments", count: counts.comments },
  ];
  return (
    <AdminFrame title="Moderation">
      <LazyToast toast={toast} />
      <nav aria-label="Moderation queues" className="flex gap-2 border-b border-gray-200">
        {tabs.map((t) => (
          <Link
            key={t.key}
            to={t.key === "comments" ? "?tab=comments" : "?tab=reviews"}
            aria-current={tab === t.key ? "page" : undefined}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-semibold ${
              tab === t.key ? "border-brand-600 text-brand-700" : "border-transparent text-gray-700 hover:text-gray-900"
            }`}
          >
            {t.label} <span className="ml-1 rounded-full bg-rose-50 px-2 py-0.5 text-xs">{t.count}</span>
          </Link>
        ))}
      </nav>
      {items.length === 0 ? (
        <p className="mt-6 rounded-2xl bg-gray-50 p-6 text-center text-gray-700">
          {tab === "comments" ? "No comments are waiting for approval." : "No reviews are waiting for approval."}
        </p>
      ) : (
        <ul className="mt-4 space-y-3">
          {items.map((item) => {
            const label = `${item.kind} by ${item.author.name}`;
            return (
              <li
                key={item.id}
                data-testid="pending-item"
                className="rounded-2xl border border-rose-100 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="text-sm text-gray-700">
                      {item.about ? (
                        <>
                          On {item.about.kind === "article" ? "article" : "ebook"}{" "}
                          <Link to={item.about.path} className="font-semibold text-brand-700 hover:underline">
                            {item.about.title}
                          </Link>
                        </>
                      ) : (
                        "On content that no longer exists"
                      )}
                    </p>
                    <p className="mt-1 text-sm text-gray-700">
                      {`${item.author.name} (${item.author.email}) · ${nairobiDateTime.format(new Date(item.createdAt))}`}
                    </p>
                    {item.rating ? (
                      <p
                        className="mt-2 flex items-center gap-1 text-sm text-gray-900"
                        aria-label={`${item.rating} of 5 stars`}
                      >
                        <Star aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-500" /> {item.rating}/5
                      </p>
                    ) : null}
                    {item.title ? <p className="mt-2 font-semibold text-gray-900">{item.title}</p> : null}
                    <p className="mt-1 break-words whitespace-pre-line text-gray-800">{item.body}</p>
                  </div>
                  <Decision kind={item.kind} id={item.id} label={label} />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminFrame>
  );
}
