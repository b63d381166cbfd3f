import { Form, Link, useNavigation } from "react-router";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { Route } from "./+types/account-delete";
import { SignInRequired } from "~/components/layout/sign-in-required";
import { PasswordField, FieldError } from "~/components/forms/fields";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { useSchemaForm } from "~/lib/forms";
import { refusalOf } from "~/lib/action-result";
import { APP_ERRORS } from "~/lib/app-error";
import { retryAfterHeader } from "~/lib/route-headers";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getOptionalUser, requireUser } from "~/modules/access/viewer.server";
import { signOut } from "~/modules/accounts/sign-in.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { deleteAccount, hasPassword } from "~/modules/privacy/account-deletion.server";
import { PAYMENT_RECORD_RETENTION_YEARS } from "~/modules/privacy/retention-rules";
import { DELETE_CONFIRMATION_WORD, deleteWithPasswordSchema, deleteWithWordSchema } from "~/modules/privacy/schemas";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import deleteScript from "~/islands/account-delete-page.ts?worker&url";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { localeFromPath, localizedHref } from "~/lib/locale";
import { errorWords, localizedReply } from "~/components/account/error-words";

// An islands page (ADR 045): the form is a plain post, checked by the server; account-delete-page.ts adds Show
// password and the busy label.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("delete.title"),
      description: t("delete.description"),
      path: "/account/delete",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export function headers() {
  return { "Cache-Control": PERSONAL_CACHE_CONTROL };
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = await getOptionalUser(context);
  return { signedIn: Boolean(user), withPassword: user ? await hasPassword(user.id) : true };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  const withPassword = await hasPassword(user.id);
  const { submission } = withPassword
    ? await readSubmission(request, deleteWithPasswordSchema)
    : await readSubmission(request, deleteWithWordSchema);
  const secrets = { hideFields: ["password"] };
  if (submission.status !== "success") return refuseForm(submission, secrets);
  const value = submission.value as { password?: string; confirm?: string };
  const outcome = await deleteAccount(user.id, { password: value.password, word: value.confirm });
  if (!outcome.ok) {
    return refuseForm(submission, {
      ...secrets,
      error: outcome.error,
      headers: retryAfterHeader(outcome.retryAfterMs),
    });
  }
  // Her sessions are already gone with the account; this clears the browser's cookie too.
  const cleared = await signOut(request).catch(() => undefined);
  const locale = localeFromPath(new URL(request.url).pathname);
  const t = translator(locale);
  throw await redirectWithToast(
    localizedHref("/", locale),
    { kind: "success", title: t("delete.done"), message: t("delete.doneMessage") },
    cleared,
  );
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const schema = loaderData.withPassword ? deleteWithPasswordSchema : deleteWithWordSchema;
  const refused = refusalOf(actionData);
  const t = useT();
  const localHref = useLocalHref();
  const locale = useLocale();
  const [form, fields] = useSchemaForm(schema, {
    id: "delete-account",
    lastResult: localizedReply(t, locale, refused?.form),
  });
  // Why it was not deleted, above the form; a field to fix shows beside its field.
  const problem =
    refused?.error.code === APP_ERRORS.VALIDATION.code
      ? undefined
      : refused && errorWords(t, locale, refused.error.message);
  if (!loaderData.signedIn) {
    return <SignInRequired what={t("delete.signIn")} returnTo={localHref("/account/delete")} />;
  }
  const confirmField = (fields as Record<string, Parameters<typeof FieldError>[0]["meta"]>).confirm;
  const passwordField = (fields as Record<string, Parameters<typeof FieldError>[0]["meta"]>).password;
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("delete.title")}</h1>
      <p className="mt-3 text-gray-700">{t("delete.atOnce")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-gray-700">
        <li>{t("delete.signedOut")}</li>
        <li>{t("delete.deleted")}</li>
        <li>
          {locale === "sw" ? (
            t("delete.kept", { years: PAYMENT_RECORD_RETENTION_YEARS })
          ) : (
            <>
              Your orders, payments and refunds are kept for {PAYMENT_RECORD_RETENTION_YEARS} years, as Kenyan tax law
              requires, without your name or e-mail address.
            </>
          )}
        </li>
      </ul>
      <p className="mt-3 text-gray-700">
        {t("delete.copyFirst")}{" "}
        <a href="/account/data" download className="font-semibold text-brand-700 underline">
          {t("account.download")}
        </a>
        {t("delete.detailsBefore")}{" "}
        <Link to={localHref("/privacy")} className="font-semibold text-brand-700 underline">
          {t("account.privacyPage")}
        </Link>
        .
      </p>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-6 space-y-5 rounded-2xl border border-red-200 bg-white p-6 shadow-sm"
      >
        {problem ? (
          <p id={form.errorId} role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        {loaderData.withPassword ? (
          <PasswordField meta={passwordField} label={t("delete.password")} autoComplete="current-password" />
        ) : (
          <div>
            <label htmlFor={confirmField.id} className="block text-sm font-medium text-gray-800">
              {locale === "sw" ? (
                t("delete.typeWord", { word: DELETE_CONFIRMATION_WORD })
              ) : (
                <>Type {DELETE_CONFIRMATION_WORD} to confirm</>
              )}
            </label>
            <input
              {...getInputProps(confirmField, { type: "text" })}
              key={confirmField.key}
              required
              autoComplete="off"
              maxLength={20}
              className="mt-1 w-full rounded-md border border-gray-300 px-3 py-2"
            />
            <FieldError meta={confirmField} />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-4">
          <button
            type="submit"
            disabled={busy}
            data-busy-label={t("delete.deleting")}
            className="rounded-md bg-red-700 px-5 py-2.5 font-semibold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-200 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-70"
          >
            {busy ? t("delete.deleting") : t("delete.title")}
          </button>
          <Link to={localHref("/account")} className="font-semibold text-gray-700 underline">
            {t("delete.keep")}
          </Link>
        </div>
      </Form>
      {islands ? <script type="module" src={deleteScript} nonce={nonce} /> : null}
    </div>
  );
}
