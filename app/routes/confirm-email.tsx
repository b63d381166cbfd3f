import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-email";
import { pageMeta } from "~/modules/site/meta";
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

// The link in the confirmation mail. Opening it changes nothing (mail scanners open links too); the reader
// confirms with the password she chose, which proves the inbox and the password belong to the same person.
// Where she lands afterwards is never taken from the link: /home, or the local page her sign-up came from (a gift's
// claim page), which was kept with the token on the server (email-confirmation.server.ts).
export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Confirm your email",
    description: "Confirm the email address of your Nuru account.",
    path: "/confirm-email",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const email = await confirmationLinkAddress(token);
  if (!email) throw redirect("/signin?confirm=invalid");
  return { token, email };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, confirmEmailSchema);
  const secrets = { hideFields: ["password"] };
  if (submission.status !== "success") return refuseForm(submission, secrets);
  const result = await confirmAndSignIn(request, submission.value.token, submission.value.password);
  if (result.ok) {
    throw await redirectWithToast(
      result.returnTo ?? "/home",
      { kind: "success", title: ACCOUNT_NOTICES.confirmed },
      result.headers,
    );
  }
  if (result.error.is(ACCOUNT_ERRORS.CONFIRMATION_LINK_INVALID)) throw redirect("/signin?confirm=invalid");
  return refuseForm(submission, { ...secrets, error: result.error, headers: retryAfterHeader(result.retryAfterMs) });
}

export const headers: Route.HeadersFunction = cookiesAndRetryAfter;

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(actionData);
  const [form, fields] = useSchemaForm(confirmEmailSchema, { id: "confirm", lastResult: refused?.form });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">Confirm your email</h1>
        <p className="mt-2 text-gray-700">
          Enter the password you chose when you signed up to confirm <strong>{loaderData.email}</strong> and sign in.
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          <LinkFormProblem refused={refused} tokenError={fields.token.errors?.[0]} />
          <input type="hidden" name="token" value={loaderData.token} />
          <input type="hidden" name="email" value={loaderData.email} autoComplete="username" />
          <PasswordField meta={fields.password} label="Password" autoComplete="current-password" />
          <SubmitButton busy={busy} busyLabel="Confirming..." label="Confirm and Sign In" className="w-full" />
        </Form>
      </div>
    </div>
  );
}
