import { Form, data, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-preferences";
import { metaT, pageMeta } from "~/modules/site/meta";
import { listCategories } from "~/modules/content/categories.server";
import { preferencesFormSchema } from "~/modules/member-mail/member-mail-form";
import { preferencesByToken, savePreferences, unsubscribe } from "~/modules/member-mail/subscribers.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { FollowChoices } from "~/components/mail/follow-choices";
import { FormNotice } from "~/components/ui/form-notice";
import { SubmitButton } from "~/components/ui/submit-button";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";
import { useLocale, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath } from "~/lib/locale";
import { errorWords } from "~/components/account/error-words";

// Her e-mail preferences, from the link in every member mail: no sign-in, the signed token in the address is the
// key (issue 34). A forged or erased token answers 404. An islands page (ADR 045): a plain form, which
// account-page.ts sends in place (the notice under the heading, as React showed it; a reload sends nothing again).
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("followPrefs.title"),
      description: t("followPrefs.description"),
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

export async function loader({ request, params }: Route.LoaderArgs) {
  const [preferences, categories] = await Promise.all([
    preferencesByToken(params.token),
    listCategories(localeFromPath(new URL(request.url).pathname)),
  ]);
  if (!preferences) throw data(null, { status: 404 });
  return { preferences, categories: categories.map((c) => ({ id: c.id, name: c.name })) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, preferencesFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  const t = translator(localeFromPath(new URL(request.url).pathname));
  if (submission.value.intent === "unsubscribe") {
    if (!(await unsubscribe(params.token, "preferences"))) throw data(null, { status: 404 });
    return { ok: true as const, message: t("followPrefs.unsubscribed") };
  }
  if (!(await savePreferences(params.token, submission.value))) throw data(null, { status: 404 });
  return { ok: true as const, message: t("followPrefs.saved") };
}

export default function NewsletterPreferences({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const { preferences, categories } = loaderData;
  const t = useT();
  const locale = useLocale();
  const refused = refusalOf(actionData);
  const notice = refused
    ? { ok: false, title: t("followPrefs.notSaved"), message: errorWords(t, locale, refused.error.message) }
    : actionData?.ok
      ? { ok: true, title: t("followPrefs.savedTitle"), message: actionData.message }
      : null;
  const status =
    preferences.status === "active"
      ? t("followPrefs.status.active")
      : preferences.status === "pending"
        ? t("followPrefs.status.pending")
        : t("followPrefs.status.unsubscribed");
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("followPrefs.title")}</h1>
      <p className="mt-3 text-gray-700">
        {t("followPrefs.for")}
        <strong>{preferences.email}</strong>. <span data-testid="follow-status">{status}</span>
      </p>
      {notice ? <FormNotice className="mt-4" reveal notice={notice} /> : null}
      <Form
        method="post"
        data-in-place=""
        className="mt-6 space-y-5 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <FollowChoices categories={categories} checked={preferences.categoryIds} frequency={preferences.frequency} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton
            busy={busy}
            busyLabel={t("library.saving")}
            label={preferences.status === "unsubscribed" ? t("followPrefs.saveAgain") : t("followPrefs.save")}
          />
          {preferences.status !== "unsubscribed" ? (
            <button
              type="submit"
              name="intent"
              value="unsubscribe"
              className="min-h-11 rounded-md border border-red-300 px-4 font-semibold text-red-700 hover:bg-red-50"
            >
              {t("followPrefs.unsubscribeAll")}
            </button>
          ) : null}
        </div>
      </Form>
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
