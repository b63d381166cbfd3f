import { readForm } from "~/lib/read-form.server";
import { data, redirect } from "react-router";
import type { Route } from "./+types/signin";
import { AuthPanel, type AuthActionData, type AuthView } from "~/components/auth/auth-panel";
import { pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { resetRequestSchema, signInSchema, signUpSchema } from "~/modules/accounts/schemas";
import type { z } from "zod";
import { parseForm } from "~/lib/forms";
import {
  MESSAGES,
  requestPasswordReset,
  resendConfirmation,
  signInWithPassword,
  signUpWithPassword,
  startGoogleSignIn,
} from "~/modules/accounts/sign-in.server";
import { googleConfigured } from "~/modules/accounts/auth.server";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { cookiesAndRetryAfter } from "~/lib/route-headers";
import { signInNotice } from "~/lib/sign-in-href";
import { countSignUpFrom } from "~/modules/analytics/counter.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Sign in", description: "Sign in or create your Nuru account.", path: "/signin", matches });

export const headers: Route.HeadersFunction = cookiesAndRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getOptionalUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/home"));
  const view = url.searchParams.get("view");
  let notice = signInNotice(url.searchParams.get("reason"));
  if (url.searchParams.get("confirmed")) notice = "Your email address is confirmed. You can sign in now.";
  if (url.searchParams.get("reset")) notice = MESSAGES.passwordChanged;
  if (url.searchParams.get("error")) notice = undefined;
  return {
    view: (view === "signup" || view === "reset" ? view : "signin") as AuthView,
    googleEnabled: googleConfigured(getEnv()),
    redirectTo: url.searchParams.has("redirectTo")
      ? safeRedirectPath(url.searchParams.get("redirectTo"), "/home")
      : undefined,
    notice,
    error: pageError(url.searchParams),
  };
}

function pageError(params: URLSearchParams): string | undefined {
  const errors = params.getAll("error");
  // CASE: Google vouches for an address whose password account nobody has confirmed -> no silent linking.
  if (errors.includes("account_not_linked")) return MESSAGES.googleNeedsConfirmation;
  if (errors.length > 0) return "Google sign-in did not complete. Please try again.";
  if (params.get("confirm") === "invalid") return MESSAGES.invalidConfirmationLink;
  return undefined;
}

const INTENT_SCHEMAS = {
  signin: signInSchema,
  signup: signUpSchema,
  reset: resetRequestSchema,
  resend: resetRequestSchema,
};
const SECRETS = { hideFields: ["password", "confirmPassword"] };

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");

  if (intent === "google" && googleConfigured(getEnv())) {
    const { url, headers } = await startGoogleSignIn(request);
    throw redirect(url, { headers });
  }
  if (!Object.hasOwn(INTENT_SCHEMAS, intent)) {
    return data<AuthActionData>({ view: "signin", ok: false, message: MESSAGES.unexpected }, 400);
  }
  const kind = intent as keyof typeof INTENT_SCHEMAS;
  // A resend from the check-your-mail state of a sign-up stays in that state; from a refused sign-in, on sign-in.
  const view: AuthView = kind === "resend" ? (form.get("from") === "signup" ? "signup" : "signin") : kind;
  const submission = parseForm(form, INTENT_SCHEMAS[kind]);
  if (submission.status !== "success") {
    return data<AuthActionData>({ view, ok: false, result: submission.reply(SECRETS) }, 400);
  }

  if (kind === "signin") {
    const credentials = submission.value as z.output<typeof signInSchema>;
    const result = await signInWithPassword(request, credentials);
    if (!result.ok) {
      return data<AuthActionData>(
        {
          view,
          ok: false,
          message: result.message,
          needsConfirmation: result.needsConfirmation,
          email: credentials.email,
          result: submission.reply(SECRETS),
        },
        result.retryAfterMs
          ? { status: 429, headers: { "Retry-After": String(Math.ceil(result.retryAfterMs / 1000)) } }
          : 400,
      );
    }
    throw await redirectWithToast(
      safeRedirectPath(form.get("redirectTo"), "/home"),
      { kind: "success", title: MESSAGES.signedIn },
      result.headers,
    );
  }

  if (kind === "signup") {
    const values = submission.value as z.output<typeof signUpSchema>;
    const { mailed } = await signUpWithPassword(request, values);
    if (!mailed) return data<AuthActionData>({ view, ok: false, message: MESSAGES.mailLimited }, 429);
    // A sign-up from an article's paywall counts for that article (a number, never who signed up).
    countSignUpFrom(request);
    return data<AuthActionData>({ view, ok: true, message: MESSAGES.signedUp, sentTo: values.email });
  }

  const { email } = submission.value as z.output<typeof resetRequestSchema>;
  const { mailed } =
    kind === "reset" ? await requestPasswordReset(request, email) : await resendConfirmation(request, email);
  if (!mailed) return data<AuthActionData>({ view, ok: false, message: MESSAGES.mailLimited }, 429);
  return data<AuthActionData>({
    view,
    ok: true,
    message: kind === "reset" ? MESSAGES.resetSent : MESSAGES.confirmationResent,
    sentTo: view === "signup" ? email : undefined,
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="sr-only">Sign in to Nuru</h1>
        {loaderData.error ? (
          <p role="alert" className="mb-3 rounded-md bg-red-700 p-3 text-sm text-white">
            {loaderData.error}
          </p>
        ) : null}
        <AuthPanel
          initialView={loaderData.view}
          googleEnabled={loaderData.googleEnabled}
          redirectTo={loaderData.redirectTo}
          notice={loaderData.notice}
          actionData={actionData}
        />
      </div>
    </div>
  );
}
