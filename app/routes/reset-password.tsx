import { readForm } from "~/lib/read-form.server";
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { pageMeta } from "~/modules/site/meta";
import { fieldErrorsOf, newPasswordSchema, type FieldErrors } from "~/modules/accounts/schemas";
import { resetPassword } from "~/modules/accounts/sign-in.server";
import { PasswordField } from "~/components/auth/password-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { FormNotice } from "~/components/ui/form-notice";

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
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<{ fieldErrors: FieldErrors; message?: string }>({ fieldErrors: fieldErrorsOf(parsed.error) }, 400);
  const result = await resetPassword(parsed.data.token, parsed.data.password);
  if (!result.ok)
    return data<{ fieldErrors: FieldErrors; message?: string }>({ fieldErrors: {}, message: result.message }, 400);
  throw redirect("/signin?reset=1");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors = actionData?.fieldErrors ?? {};
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-bold text-gray-900">Choose a new password</h1>
        {!loaderData.token ? (
          <p role="alert" className="mt-4 text-red-700">
            This reset link is invalid or has expired. Please ask for a new one from the sign-in page.
          </p>
        ) : (
          <Form method="post" className="mt-4 space-y-4">
            {actionData?.message || errors.token ? (
              <FormNotice notice={{ ok: false, title: "Error", message: (actionData?.message ?? errors.token)! }} />
            ) : null}
            <input type="hidden" name="token" value={loaderData.token} />
            <PasswordField
              id="new-password"
              name="password"
              label="New password"
              autoComplete="new-password"
              error={errors.password}
            />
            <PasswordField
              id="new-confirm"
              name="confirmPassword"
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <SubmitButton busy={busy} busyLabel="Saving..." label="Set New Password" className="w-full" />
          </Form>
        )}
      </div>
    </div>
  );
}
