import { inPageLanguage } from "~/modules/accounts/language.server";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { listCategories } from "~/modules/content/categories.server";
import { CONSENT_WORDING, followFormSchema, SOURCES } from "~/modules/member-mail/member-mail-form";
import { FOLLOW_EMAIL_MISSING } from "~/modules/member-mail/follow-errors";
import { followingFor, requestFollow } from "~/modules/member-mail/subscribers.server";
import { clientIp } from "~/modules/security/client-address";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf, type ActionRefusal } from "~/lib/action-result";
import { retryAfterHeader } from "~/lib/route-headers";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { FollowChoices } from "~/components/mail/follow-choices";
import { FormNotice } from "~/components/ui/form-notice";
import { SubmitButton } from "~/components/ui/submit-button";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath } from "~/lib/locale";
import { errorWords } from "~/components/account/error-words";

// Following the shop by e-mail (issue 34): the short forms on the home page and at article ends come here with the
// address she typed (a GET), she chooses categories and how often, sees the words she agrees to, and posts. A guest
// then gets a confirmation link (double opt-in); a signed-in reader follows at once with her account's address.
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("follow.title"),
      description: t("follow.description"),
      path: "/newsletter",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

// The address she typed is in the page: never kept by a shared cache.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PERSONAL_CACHE_CONTROL });

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const [user, categories] = await Promise.all([
    getOptionalUser(context),
    listCategories(localeFromPath(url.pathname)),
  ]);
  const following = user ? await followingFor(user) : null;
  const slug = url.searchParams.get("category");
  const source = url.searchParams.get("from");
  return {
    signedInAs: user?.email ?? null,
    following: following?.status === "active" ? following.preferencesPath : null,
    email: (url.searchParams.get("email") ?? "").slice(0, 254),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
    checked: categories.filter((c) => c.slug === slug).map((c) => c.id),
    source: (SOURCES as readonly string[]).includes(source ?? "") ? source! : slug ? "article" : "subscribe",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await getOptionalUser(context);
  const { submission } = await readSubmission(request, followFormSchema);
  if (submission.status !== "success") return refuseForm(submission);
  // CASE: a guest's form without an address (a signed-in reader's account gives hers).
  if (!user && !submission.value.email)
    return refuseForm(submission, { fieldErrors: { email: [FOLLOW_EMAIL_MISSING] } });
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  // The consent she was shown, in her page's language, is what the record keeps; a stranger's confirmation mail is
  // written in that language too.
  const outcome = await inPageLanguage(locale, () =>
    requestFollow({ input: submission.value, user, clientKey: clientIp(request), wording: t("follow.consent") }),
  );
  if (!outcome.ok) {
    return refuseForm(submission, { error: outcome.error, headers: retryAfterHeader(outcome.retryAfterMs) });
  }
  if (outcome.kind === "following") {
    return { ok: true as const, title: t("follow.following"), preferencesPath: outcome.preferencesPath };
  }
  return { ok: true as const, title: t("follow.checkInbox"), preferencesPath: null };
}

/** What she chose in a refused post, to show again (a plain form post re-renders the page from the loader). */
function typedIn(refused: ActionRefusal | null) {
  const typed = refused?.form?.initialValue ?? {};
  const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : undefined);
  return {
    email: typeof typed.email === "string" ? typed.email : undefined,
    categoryIds: list(typed.categoryIds),
    frequency: typed.frequency === "weekly" || typed.frequency === "each" ? typed.frequency : undefined,
  } as const;
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const { signedInAs, following, categories, checked, email, source } = loaderData;
  const refused = refusalOf(actionData);
  const typed = typedIn(refused);
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  if (actionData?.ok) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <FormNotice
          notice={{
            ok: true,
            title: actionData.title,
            message: actionData.preferencesPath ? t("follow.followingMessage") : t("follow.checkInboxMessage"),
          }}
        />
        {actionData.preferencesPath ? (
          <p className="mt-4">
            <Link to={localHref(actionData.preferencesPath)} className="font-semibold text-brand-700 underline">
              {t("follow.change")}
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("follow.title")}</h1>
      <p className="mt-3 text-gray-700">{t("follow.intro")}</p>
      {following ? (
        <p className="mt-4 rounded-md bg-emerald-50 p-3 text-emerald-900">
          {t("follow.already")}{" "}
          <Link to={localHref(following)} className="font-semibold underline">
            {t("follow.change")}
          </Link>
        </p>
      ) : null}
      {refused ? (
        <FormNotice
          className="mt-4"
          notice={{
            ok: false,
            title: t("follow.notSubscribed"),
            message: errorWords(t, locale, refused.error.message),
          }}
        />
      ) : null}
      <Form method="post" className="mt-6 space-y-5 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <input type="hidden" name="source" value={source} />
        {signedInAs ? (
          <p className="text-gray-800">
            {locale === "sw" ? (
              <>
                {t("follow.goTo")} <strong>{signedInAs}</strong>
                {t("follow.goToAfter")}
              </>
            ) : (
              <>
                Articles go to <strong>{signedInAs}</strong>, your account&apos;s address.
              </>
            )}
          </p>
        ) : (
          <div>
            <label htmlFor="follow-email" className="block text-sm font-medium text-gray-800">
              {t("follow.email")}
            </label>
            <input
              id="follow-email"
              type="email"
              name="email"
              required
              defaultValue={typed.email ?? email}
              autoComplete="email"
              maxLength={254}
              className="mt-1 min-h-11 w-full rounded-md border border-gray-300 px-3"
            />
          </div>
        )}
        <FollowChoices
          categories={categories}
          checked={typed.categoryIds ?? checked}
          frequency={typed.frequency ?? "each"}
        />
        <p className="text-sm text-gray-700" data-testid="consent-wording">
          {locale === "sw" ? t("follow.consent") : CONSENT_WORDING}
        </p>
        <SubmitButton busy={busy} busyLabel={t("follow.subscribing")} label={t("follow.subscribe")} />
      </Form>
    </div>
  );
}
