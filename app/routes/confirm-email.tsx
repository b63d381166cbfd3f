import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { metaT, pageMeta } from "~/modules/site/meta";
import { confirmEmailSchema } from "~/modules/accounts/schemas";
import { getFormProps } from "@conform-to/react";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { useSchemaForm } from "~/lib/forms";
import { refusalOf } from "~/lib/action-result";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import { ACCOUNT_NOTICES, confirmAndSignIn, confirmationLinkAddress } from "~/modules/accounts/sign-in.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { PasswordField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { cookiesAndRetryAfter, retryAfterHeader } from "~/lib/route-headers";
import { LinkFormProblem } from "~/components/auth/link-form-problem";
import { actionAnswerIn, authIslandWords, authWords, requestLocale } from "~/modules/accounts/auth-words.server";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { useT } from "~/lib/i18n/use-t";
import { WithAddress } from "~/components/auth/with-address";
import { DEFAULT_LOCALE, localizedHref } from "~/lib/locale";
import signInScript from "~/islands/signin-page.ts?worker&url";

// The link in the confirmation mail. Opening it changes nothing (mail scanners open links too); the reader
// confirms with the password she chose, which proves the inbox and the password belong to the same person.
// Where she lands afterwards is never taken from the link: /home, or the local page her sign-up came from (a gift's
// claim page), which was kept with the token on the server (email-confirmation.server.ts).
export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("auth.confirm.title"),
      description: t("auth.confirm.description"),
      path: "/confirm-email",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await confirmationLinkAddress(token);
  if (!email) throw redirect(localizedHref("/signin?confirm=invalid", locale));
  // A Swahili page (issue 50) is rendered without React in the browser: the sign-in page's script shows its
  // password's Show/Hide and its busy button, in these words.
  return { token, email, words: locale === DEFAULT_LOCALE ? undefined : authIslandWords() };
}

export async function action({ request }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const { submission } = await readSubmission(request, confirmEmailSchema);
  const secrets = { hideFields: ["password"] };
  if (submission.status !== "success") return actionAnswerIn(refuseForm(submission, secrets), locale);
  const result = await confirmAndSignIn(request, submission.value.token, submission.value.password);
  if (result.ok) {
    // On the Swahili page she lands on the Swahili page of where she was going, or of her home page.
    throw await redirectWithToast(
      localizedHref(result.returnTo ?? "/home", locale),
      { kind: "success", title: authWords(locale)(ACCOUNT_NOTICES.confirmed) },
      result.headers,
    );
  }
  if (result.error.is(ACCOUNT_ERRORS.CONFIRMATION_LINK_INVALID))
    throw redirect(localizedHref("/signin?confirm=invalid", locale));
  return actionAnswerIn(
    refuseForm(submission, { ...secrets, error: result.error, headers: retryAfterHeader(result.retryAfterMs) }),
    locale,
  );
}

export const headers: Route.HeadersFunction = cookiesAndRetryAfter;

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(actionData);
  const [form, fields] = useSchemaForm(confirmEmailSchema, { id: "confirm", lastResult: refused?.form });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">{t("auth.confirm.title")}</h1>
        <p className="mt-2 text-gray-700">
          <WithAddress sentence={t("auth.confirm.intro", { email: loaderData.email })} address={loaderData.email} />
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <LinkFormProblem refused={refused} tokenError={fields.token.errors?.[0]} />
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="email" value={loaderData.email} autoComplete="username" />
          <PasswordField meta={fields.password} label={t("auth.password")} autoComplete="current-password" />
          <SubmitButton
            busy={busy}
            busyLabel={t("auth.confirm.confirming")}
            label={t("auth.confirm.submit")}
            className="w-full"
          />
        </Form>
      </div>
      {islands ? <script type="module" src={signInScript} nonce={nonce} data-words={loaderData.words} /> : null}
    </div>
  );
}
