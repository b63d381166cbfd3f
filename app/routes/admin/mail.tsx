import { data, Link } from "react-router";
import type { Route } from "./+types/mail";
import { adminOf } from "~/modules/access/viewer.server";
import { listSendsForAdmin } from "~/modules/member-mail/member-queue.server";
import { AdminFrame } from "~/components/admin/admin-frame";
import { getEnv } from "~/lib/env.server";
import { MAIL_DELIVERY_RETENTION_DAYS } from "~/modules/privacy/retention-rules";

// Member mail sends (issue 34): each article mailed to its readers and each weekly digest, with its progress (how
// many are still waiting) and outcome per recipient status. The page reloads itself while a send is under way.
export function meta() {
  return [{ title: "Member mail | Admin | Nuru" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  return {
    sends: await listSendsForAdmin(viewer),
    ratePerMinute: getEnv().MAIL_RATE_PER_MINUTE,
    deliveryRetentionDays: MAIL_DELIVERY_RETENTION_DAYS,
  };
}

export async function action({ context }: Route.ActionArgs) {
  adminOf(context); // the admin layout's guard ran (this throws outside the layout)
  throw data(null, { status: 405 });
}

const AUDIENCE = {
  followers: "Followers of its categories",
  paying: "Followers with a paid plan",
  digest: "Weekly digest readers",
};

export default function AdminMail({ loaderData }: Route.ComponentProps) {
  const when = new Intl.DateTimeFormat("en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: "Africa/Nairobi",
  });
  return (
    <AdminFrame title="Member mail">
      <p className="text-sm text-gray-700">
        An article is mailed when an editor publishes it and chooses who gets it. Mail is sent in the background, at
        most {loaderData.ratePerMinute} a minute (the mail server&apos;s limit, set by the shop&apos;s owner); a mail
        that fails is tried again up to five times. The record of each recipient is deleted{" "}
        {loaderData.deliveryRetentionDays} days after her mail went out; the send stays in this list.
      </p>
      {loaderData.sends.length === 0 ? <p className="mt-6 text-gray-700">Nothing has been sent yet.</p> : null}
      <ol className="mt-4 divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
        {loaderData.sends.map((s) => {
          const recorded = s.sent + s.waiting + s.failed + s.bounced + s.skipped;
          const done = recorded === 0 && s.finishedAt ? s.total : s.total - s.waiting;
          return (
            <li key={s.id} data-testid="mail-send" className="p-4 text-sm">
              <p className="font-semibold text-gray-900">
                {s.articleId ? (
                  <Link to={`/admin/articles/${s.articleId}`} className="underline">
                    {s.subject}
                  </Link>
                ) : (
                  s.subject
                )}
              </p>
              <p className="mt-0.5 text-xs text-gray-600">
                {AUDIENCE[s.audience as keyof typeof AUDIENCE] ?? s.audience} · queued{" "}
                {when.format(new Date(s.createdAt))}
                {s.finishedAt ? ` · finished ${when.format(new Date(s.finishedAt))}` : " · sending"}
              </p>
              <progress className="mt-2 h-2 w-full" max={Math.max(s.total, 1)} value={done}>
                {done} of {s.total}
              </progress>
              <p className="mt-1 text-gray-800" data-testid="mail-send-counts">
                {recorded === 0 && s.total > 0 && s.finishedAt
                  ? `${s.total} recipients; their records are deleted after ${loaderData.deliveryRetentionDays} days`
                  : `${s.sent} sent · ${s.waiting} waiting · ${s.failed} failed · ${s.bounced} bounced · ${s.skipped} skipped (of ${s.total})`}
              </p>
            </li>
          );
        })}
      </ol>
    </AdminFrame>
  );
}
