import { Form, Link, useNavigation } from "react-router";
import { SignInRequired } from "~/components/layout/sign-in-required";
import { getFormProps } from "@conform-to/react";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusalOf } from "~/lib/action-result";
import { useSchemaForm } from "~/lib/forms";
import type { Route } from "./+types/account";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getOptionalUser, requireUser } from "~/modules/access/viewer.server";
import { profileSchema } from "~/modules/accounts/schemas";
import { kraPinOf, saveFullName, saveKraPin } from "~/modules/accounts/account.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { DataSaverSwitch, useDataSaver } from "~/components/data-saver";
import { FollowChoices } from "~/components/mail/follow-choices";
import { followingFor } from "~/modules/member-mail/subscribers.server";
import { listCategories } from "~/modules/content/categories.server";
import { CONSENT_WORDING } from "~/modules/member-mail/member-mail-form";
import { readerNameOf, roleLabelOf } from "~/modules/accounts/reader-name";
import { savedLanguageOf } from "~/modules/accounts/language.server";
import { LanguageSetting } from "~/components/account/language-setting";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import accountScript from "~/islands/account-page.ts?worker&url";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";
import { localizedReply } from "~/components/account/error-words";

// An islands page (ADR 045): rendered by the server only; its forms are plain posts (the server checks the profile
// form and shows what to fix), and account-page.ts adds the busy label.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({ title: t("account.title"), description: t("account.description"), path: "/account", matches }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  if (!user) return { user, kraPin: null, following: null, categories: [], language: null };
  const [kraPin, following, categories, language] = await Promise.all([
    kraPinOf(user.id),
    followingFor(user),
    // The topics she may follow, named in the page's language.
    listCategories(localeFromPath(new URL(request.url).pathname)),
    savedLanguageOf(user.id),
  ]);
  return { user, kraPin, following, categories: categories.map((c) => ({ id: c.id, name: c.name })), language };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const { submission } = await readSubmission(request, profileSchema);
  if (submission.status !== "success") return refuseForm(submission);
  await saveFullName(user.id, submission.value.fullName);
  await saveKraPin(user.id, submission.value.kraPin ?? null);
  const locale = localeFromPath(new URL(request.url).pathname);
  throw await redirectWithToast(localizedHref("/account", locale), {
    kind: "success",
    title: translator(locale)("account.profileUpdated"),
  });
}

/** Following the shop by e-mail (issue 34): her choices, or the form to opt in with her account's address. */
function MemberMail({
  following,
  categories,
}: {
  following: { status: string; frequency: "each" | "weekly"; categoryIds: string[]; preferencesPath: string } | null;
  categories: { id: string; name: string }[];
}) {
  const active = following?.status === "active";
  const t = useT();
  const localHref = useLocalHref();
  const sw = useLocale() === "sw";
  return (
    <section aria-labelledby="member-mail" className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
      <h2 id="member-mail" className="text-xl font-semibold text-gray-900">
        {t("account.mail.title")}
      </h2>
      {active ? (
        <p className="mt-2 text-gray-700">
          {sw ? (
            following.frequency === "weekly" ? (
              t("account.mail.youGetWeekly")
            ) : (
              t("account.mail.youGet")
            )
          ) : (
            <>You get new articles by e-mail{following.frequency === "weekly" ? " once a week" : ""}.</>
          )}{" "}
          <Link to={localHref(following.preferencesPath)} className="font-semibold text-brand-700 underline">
            {t("account.mail.change")}
          </Link>
        </p>
      ) : (
        <form method="post" action={localHref("/newsletter")} className="mt-3 space-y-4">
          <input type="hidden" name="source" value="account" />
          <p className="text-gray-700">{t("account.mail.free")}</p>
          <FollowChoices
            categories={categories}
            checked={following?.categoryIds ?? []}
            frequency={following?.frequency ?? "each"}
          />
          <p className="text-sm text-gray-700">{sw ? t("follow.consent") : CONSENT_WORDING}</p>
          <button type="submit" className="btn min-h-11 px-5">
            {t("follow.subscribe")}
          </button>
        </form>
      )}
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const user = loaderData.user;
  const dataSaver = useDataSaver();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const [form, fields] = useSchemaForm(profileSchema, {
    id: "account",
    lastResult: localizedReply(t, locale, refusalOf(actionData)?.form),
    defaultValue: { fullName: user?.fullName ?? "", kraPin: loaderData.kraPin ?? "" },
  });
  if (!user) {
    return <SignInRequired what={t("account.signIn")} returnTo={localHref("/account")} />;
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("account.heading")}</h1>
      <p className="mt-2 text-lg font-semibold text-gray-900" data-testid="account-name">
        {readerNameOf(user)}
      </p>
      <p className="mt-2 text-gray-700">
        {t("account.libraryLinkBefore")}{" "}
        <Link to={localHref("/dashboard")} className="font-semibold text-brand-700 underline">
          {t("library.title")}
        </Link>
        .
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-5 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <div>
          <label htmlFor="account-email" className="block text-sm font-medium text-gray-800">
            {t("account.email")}
          </label>
          <input
            id="account-email"
            value={user.email}
            readOnly
            className="mt-1 w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-700"
          />
        </div>
        <TextField meta={fields.fullName} label={t("account.fullName")} autoComplete="name" maxLength={200} />
        <TextField
          meta={fields.kraPin}
          label={t("account.kraPin")}
          hint={t("account.kraPinHint")}
          required={false}
          autoComplete="off"
          maxLength={40}
          placeholder="A123456789B"
        />
        <div>
          <label htmlFor="account-role" className="block text-sm font-medium text-gray-800">
            {t("account.role")}
          </label>
          <input
            id="account-role"
            value={
              locale === "sw"
                ? user.role === "admin"
                  ? t("account.role.admin")
                  : user.role === "subscriber"
                    ? t("account.role.subscriber")
                    : t("account.role.reader")
                : roleLabelOf(user.role)
            }
            readOnly
            className="mt-1 w-full rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-gray-700"
          />
        </div>
        <SubmitButton busy={busy} busyLabel={t("account.updating")} label={t("account.update")} />
      </Form>
      <section
        aria-labelledby="data-saver-title"
        className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm"
      >
        <h2 id="data-saver-title" className="text-xl font-semibold text-gray-900">
          {t("dataSaver.title")}
        </h2>
        <p className="mt-1 text-gray-700">{t("account.dataSaver")}</p>
        <DataSaverSwitch
          on={dataSaver}
          returnTo={localHref("/account")}
          className="mt-3"
          buttonClassName="btn min-h-11 px-5 text-base"
        />
      </section>
      <LanguageSetting current={loaderData.language} />
      <MemberMail following={loaderData.following} categories={loaderData.categories} />
      <section aria-labelledby="your-data" className="mt-8 rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h2 id="your-data" className="text-xl font-semibold text-gray-900">
          {t("account.yourData")}
        </h2>
        <p className="mt-2 text-gray-700">
          {t("account.yourDataIntro")}{" "}
          <Link to={localHref("/privacy")} className="font-semibold text-brand-700 underline">
            {t("account.privacyPage")}
          </Link>
          .
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <a
            href="/account/data"
            download
            className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50"
          >
            {t("account.download")}
          </a>
          <Link
            to={localHref("/account/delete")}
            className="rounded-md border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50"
          >
            {t("delete.title")}
          </Link>
        </div>
      </section>
      {islands ? <script type="module" src={accountScript} nonce={nonce} /> : null}
    </div>
  );
}
