import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { pageMeta } from "~/modules/site/meta";
import { newPasswordSchema } from "~/modules/accounts/schemas";
import { getFormProps } from "@conform-to/react";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { useSchemaForm } from "~/lib/forms";
import { refusalOf } from "~/lib/action-result";
import { resetPassword } from "~/modules/accounts/sign-in.server";
import { PasswordField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { LinkFormProblem } from "~/components/auth/link-form-problem";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Choose a new password",
    description: "Set a new password for your Nuru account.",
    path: "/reset-password",
    matches,
  });

export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get("token") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, newPasswordSchema);
  const secrets = { hideFields: ["password", "confirmPassword"] };
  if (submission.status !== "success") return refuseForm(submission, secrets);
  const result = await resetPassword(submission.value.token, submission.value.password);
  if (!result.ok) return refuseForm(submission, { ...secrets, error: result.error });
  throw redirect("/signin?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const refused = refusalOf(actionData);
  const [form, fields] = useSchemaForm(newPasswordSchema, { id: "new", lastResult: refused?.form });
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">Choose a new password</h1>
        {!loaderData.token ? (
          <p role="alert" className="mt-4 text-red-700">
            This reset link is invalid or has expired. Please ask for a new one from the sign-in page.
          </p>
        ) : (
          <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
            <LinkFormProblem refused={refused} tokenError={fields.token.errors?.[0]} />
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField meta={fields.password} label="New password" autoComplete="new-password" />
            <PasswordField meta={fields.confirmPassword} label="Confirm new password" autoComplete="new-password" />
            <SubmitButton busy={busy} busyLabel="Saving..." label="Set New Password" className="w-full" />
          </Form>
        )}
      </div>
    </div>
  );
}
