import { Form, data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-confirm";
import { metaT, pageMeta } from "~/modules/site/meta";
import { confirmFollow } from "~/modules/member-mail/subscribers.server";
import { readConfirmToken } from "~/modules/member-mail/member-tokens.server";
import { readSubmission } from "~/lib/forms.server";
import { followConfirmFormSchema } from "~/modules/member-mail/member-mail-form";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { redirectWithToast } from "~/modules/site/flash.server";
import { SubmitButton } from "~/components/ui/submit-button";
import { useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";

// The link in the confirmation mail (double opt-in). Opening it changes nothing (mail scanners open links too); her
// press of the button confirms.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("followConfirm.title"),
      description: t("followConfirm.description"),
      path: "/newsletter/confirm",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PERSONAL_CACHE_CONTROL,
  "Referrer-Policy": "no-referrer",
});

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (!readConfirmToken(token)) throw data(null, { status: 404 });
  return { token };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, followConfirmFormSchema);
  // CASE: no token (a forged post) -> as for a used or expired one, back to the form to ask again.
  const done = await confirmFollow(submission.status === "success" ? submission.value.token : null);
  const locale = localeFromPath(new URL(request.url).pathname);
  if (!done) throw redirect(localizedHref("/newsletter", locale));
  const t = translator(locale);
  throw await redirectWithToast(localizedHref(done.preferencesPath, locale), {
    kind: "success",
    title: t("followConfirm.done"),
    message: t("followConfirm.doneMessage"),
  });
}

export default function NewsletterConfirm({ loaderData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("followConfirm.heading")}</h1>
      <p className="mt-3 text-gray-700">{t("followConfirm.intro")}</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton busy={busy} busyLabel={t("followConfirm.confirming")} label={t("followConfirm.button")} />
      </Form>
    </div>
  );
}
