import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { metaT, pageMeta } from "~/modules/site/meta";
import { newPasswordSchema } from "~/modules/accounts/schemas";
import { getFormProps } from "@conform-to/react";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { useSchemaForm } from "~/lib/forms";
import { refusalOf } from "~/lib/action-result";
import { resetPassword } from "~/modules/accounts/sign-in.server";
import { PasswordField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { LinkFormProblem } from "~/components/auth/link-form-problem";
import { actionAnswerIn, authIslandWords, requestLocale } from "~/modules/accounts/auth-words.server";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { useT } from "~/lib/i18n/use-t";
import { DEFAULT_LOCALE, localizedHref } from "~/lib/locale";
import signInScript from "~/islands/signin-page.ts?worker&url";

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({
    title: t("auth.reset.title"),
    description: t("auth.reset.description"),
    path: "/reset-password",
    matches,
  });
};

export function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  return {
    token: new URL(request.url).searchParams.get("token") ?? "",
    // A Swahili page (issue 50) is rendered without React in the browser: the sign-in page's script shows its
    // password's Show/Hide and its busy button, in these words.
    words: locale === DEFAULT_LOCALE ? undefined : authIslandWords(),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const locale = requestLocale(request);
  const { submission } = await readSubmission(request, newPasswordSchema);
  const secrets = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return actionAnswerIn(refuseForm(submission, secrets), locale);
  const result = await resetPassword(submission.value.token, submission.value.password);
  if (!result.ok) return actionAnswerIn(refuseForm(submission, { ...secrets, error: result.error }), locale);
  throw redirect(localizedHref("/signin?reset=1", locale));
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(actionData);
  const [form, fields] = useSchemaForm(newPasswordSchema, { id: "new", lastResult: refused?.form });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">{t("auth.reset.title")}</h1>
        {!loaderData.token ? (
          <p role="alert" className="mt-4 text-red-700">
            {t("auth.reset.noToken")}
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <LinkFormProblem refused={refused} tokenError={fields.token.errors?.[0]} />
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField meta={fields.password} label={t("auth.reset.newPassword")} autoComplete="new-password" />
            <PasswordField
              meta={fields.confirmPassword}
              label={t("auth.reset.confirmNewPassword")}
              autoComplete="new-password"
            />
            <SubmitButton
              busy={busy}
              busyLabel={t("auth.reset.saving")}
              label={t("auth.reset.submit")}
              className="w-full"
            />
          </Form>
        )}
      </div>
      {islands ? <script type="module" src={signInScript} nonce={nonce} data-words={loaderData.words} /> : null}
    </div>
  );
}
