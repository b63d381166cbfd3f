import { redirect } from "react-router";
import type { Route } from "./+types/signin";
import { AuthPanel, authViewOf, type AuthActionData, type AuthView } from "~/components/auth/auth-panel";
import { pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { AUTH_INTENTS, authFormSchema } from "~/modules/accounts/schemas";
import type { AppError, ErrorDef } from "~/lib/app-error";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import {
  ACCOUNT_NOTICES,
  requestPasswordReset,
  resendConfirmation,
  signInWithPassword,
  signUpWithPassword,
  startGoogleSignIn,
} from "~/modules/accounts/sign-in.server";
import { requestSignInCode, signInWithCode } from "~/modules/accounts/sign-in-code.server";
import { googleConfigured } from "~/modules/accounts/auth.server";
import { getEnv } from "~/lib/env.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { sameOriginPath, safeRedirectPath } from "~/lib/safe-redirect";
import { cookiesAndRetryAfter, retryAfterHeader } from "~/lib/route-headers";
import { signInNotice } from "~/lib/sign-in-href";
import { countSignUpFrom } from "~/modules/analytics/counter.server";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import signInScript from "~/islands/signin-page.ts?worker&url";

// An islands page (ADR 045): its forms are plain posts answered with the page; signin-page.ts checks them first.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ title: "Sign in", description: "Sign in or create your Nuru account.", path: "/signin", matches });

export const headers: Route.HeadersFunction = cookiesAndRetryAfter;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  if (await getOptionalUser(context)) throw redirect(safeRedirectPath(url.searchParams.get("redirectTo"), "/home"));
  const view = url.searchParams.get("view");
  let notice = signInNotice(url.searchParams.get("reason"));
  if (url.searchParams.get("confirmed")) notice = "Your email address is confirmed. You can sign in now.";
  if (url.searchParams.get("reset")) notice = ACCOUNT_NOTICES.passwordChanged;
  if (url.searchParams.get("error")) notice = undefined;
  return {
    view: (view === "signup" || view === "reset" || view === "code" ? view : "signin") as AuthView,
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
  if (errors.includes("account_not_linked")) return ACCOUNT_ERRORS.GOOGLE_NEEDS_CONFIRMATION.message;
  if (errors.length > 0) return ACCOUNT_ERRORS.GOOGLE_FAILED.message;
  if (params.get("confirm") === "invalid") return ACCOUNT_ERRORS.CONFIRMATION_LINK_INVALID.message;
  return undefined;
}

const SECRETS = { hideFields: ["password", "confirmPassword", "code"] };

/** Where confirming a sign-up lands her: a local page other than /signin itself, or null for /home. */
function signUpReturnPath(redirectTo: string | undefined, request: Request): string | null {
  const path = safeRedirectPath(redirectTo, "") || sameOriginPath(request.headers.get("Referer"), request.url, "");
  return path && !/^\/signin(?:[/?#]|$)/.test(path) ? path : null;
}

export async function action({ request }: Route.ActionArgs) {
  const { form, submission } = await readSubmission(request, authFormSchema);
  if (form.get("intent") === "google" && googleConfigured(getEnv())) {
    const { url, headers } = await startGoogleSignIn(request);
    throw redirect(url, { headers });
  }
  if (submission.status !== "success") {
    // CASE: no intent the panel sends (a stale or forged post) -> the general refusal, not a field to fix.
    const known = (AUTH_INTENTS as readonly unknown[]).includes(form.get("intent"));
    return refuseForm(submission, { ...SECRETS, error: known ? undefined : ACCOUNT_ERRORS.AUTH_FAILED });
  }
  const posted = submission.value;
  const view = authViewOf(posted.intent, posted.intent === "resend" ? posted.from : undefined);
  const refused = (error: AppError | ErrorDef, retryAfterMs?: number) =>
    refuseForm(submission, { ...SECRETS, error, headers: retryAfterHeader(retryAfterMs) });

  if (posted.intent === "signin") {
    const result = await signInWithPassword(request, posted);
    if (!result.ok) return refused(result.error, result.retryAfterMs);
    throw await redirectWithToast(
      safeRedirectPath(posted.redirectTo, "/home"),
      { kind: "success", title: ACCOUNT_NOTICES.signedIn },
      result.headers,
    );
  }

  // Sign in with a code by e-mail (ADR 040): ask for a code, then type it in; the same redirect as a password.
  if (posted.intent === "code-request") {
    const result = await requestSignInCode(request, posted);
    if (!result.ok) return refused(result.error, result.retryAfterMs);
    const redirectTo = posted.redirectTo ? safeRedirectPath(posted.redirectTo, "/home") : undefined;
    return {
      ok: true,
      view,
      message: ACCOUNT_NOTICES.codeSent,
      sentTo: posted.email,
      redirectTo,
    } satisfies AuthActionData;
  }

  if (posted.intent === "code-signin") {
    const result = await signInWithCode(request, posted);
    if (!result.ok) return refused(result.error, result.retryAfterMs);
    throw await redirectWithToast(
      safeRedirectPath(posted.redirectTo, "/home"),
      { kind: "success", title: ACCOUNT_NOTICES.signedIn },
      result.headers,
    );
  }

  if (posted.intent === "signup") {
    // From a page that sent her here (a gift's claim page): confirming the address lands her back there. The
    // /signin page's own redirectTo, else the page the sign-in dialog was opened over (its Referer, same origin).
    const returnTo = signUpReturnPath(posted.redirectTo, request);
    const { mailed } = await signUpWithPassword(request, posted, returnTo);
    if (!mailed) return refused(ACCOUNT_ERRORS.MAIL_LIMITED);
    // A sign-up from an article's paywall counts for that article (a number, never who signed up).
    countSignUpFrom(request);
    return { ok: true, view, message: ACCOUNT_NOTICES.signedUp, sentTo: posted.email } satisfies AuthActionData;
  }

  const { email } = posted;
  const { mailed } =
    posted.intent === "reset" ? await requestPasswordReset(request, email) : await resendConfirmation(request, email);
  if (!mailed) return refused(ACCOUNT_ERRORS.MAIL_LIMITED);
  return {
    ok: true,
    view,
    message: posted.intent === "reset" ? ACCOUNT_NOTICES.resetSent : ACCOUNT_NOTICES.confirmationResent,
    sentTo: view === "signup" ? email : undefined,
  } satisfies AuthActionData;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
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
      {islands ? <script type="module" src={signInScript} nonce={nonce} /> : null}
    </div>
  );
}
