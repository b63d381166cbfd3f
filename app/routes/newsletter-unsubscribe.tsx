import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-unsubscribe";
import { metaT, pageMeta } from "~/modules/site/meta";
import { preferencesByToken, unsubscribe } from "~/modules/member-mail/subscribers.server";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { SubmitButton } from "~/components/ui/submit-button";
import type { RouteFacts } from "~/lib/route-facts";
import { useT } from "~/lib/i18n/use-t";

export const handle: RouteFacts = { crossSitePosts: true };

// One-click unsubscribe (RFC 8058). Mail clients POST `List-Unsubscribe=One-Click` here from their own servers: no
// sign-in and no CSRF check (http-server.server.ts lets this path through; the signed token is the authority, and
// the worst a forged post can do is what the link's owner asked for). Opening the link (GET) changes nothing, since
// mail scanners open links: it shows a button.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("unsubscribe.title"),
      description: t("unsubscribe.description"),
      path: "/newsletter",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PERSONAL_CACHE_CONTROL,
  "Referrer-Policy": "no-referrer",
});

export async function loader({ params }: Route.LoaderArgs) {
  const preferences = await preferencesByToken(params.token);
  if (!preferences) throw data(null, { status: 404 });
  return { email: preferences.email, unsubscribed: preferences.status === "unsubscribed" };
}

export async function action({ params }: Route.ActionArgs) {
  // The body (List-Unsubscribe=One-Click, or this page's empty form) does not matter: the post itself is the request.
  if (!(await unsubscribe(params.token, "one-click"))) throw data(null, { status: 404 });
  return { done: true };
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const done = actionData?.done || loaderData.unsubscribed;
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("unsubscribe.title")}</h1>
      {done ? (
        <p className="mt-3 text-gray-800" role="status">
          <strong>{loaderData.email}</strong>
          {t("unsubscribe.done")}
        </p>
      ) : (
        <>
          <p className="mt-3 text-gray-700">
            {t("unsubscribe.question")}
            <strong>{loaderData.email}</strong>?
          </p>
          <Form method="post" className="mt-6">
            <SubmitButton busy={busy} busyLabel={t("unsubscribe.busy")} label={t("unsubscribe.title")} />
          </Form>
        </>
      )}
    </div>
  );
}
