import { redirect } from "react-router";
import type { Route } from "./+types/signin";
import { AuthPanel, authViewOf, type AuthActionData, type AuthView } from "~/components/auth/auth-panel";
import { metaT, pageMeta } from "~/modules/site/meta";
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
import { inPageLanguage, signUpLanguage } from "~/modules/accounts/language.server";
import { actionAnswerIn, authIslandWords, authWords, requestLocale } from "~/modules/accounts/auth-words.server";
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
import { useT } from "~/lib/i18n/use-t";
import { DEFAULT_LOCALE, localizedHref, type Locale } from "~/lib/locale";
import signInScript from "~/islands/signin-page.ts?worker&url";

// An islands page (ADR 045): its forms are plain posts answered with the page; signin-page.ts checks them first.
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return pageMeta({ title: t("auth.meta.title"), description: t("auth.meta.description"), path: "/signin", matches });
};

export const headers: Route.HeadersFunction = cookiesAndRetryAfter;

/**
 * Where signing in takes her: the local page asked for, else her home page; on a Swahili page (issue 50) the Swahili
 * address of it where it has one (localizedHref), so she stays in her language.
 */
function landingPath(target: unknown, locale: Locale): string {
  const path = safeRedirectPath(target, "/home");
  return locale === DEFAULT_LOCALE ? path : localizedHref(path, locale);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = requestLocale(request);
  if (await getOptionalUser(context)) throw redirect(landingPath(url.searchParams.get("redirectTo"), locale));
  const view = url.searchParams.get("view");
  let notice = signInNotice(url.searchParams.get("reason"));
  if (url.searchParams.get("confirmed")) notice = "Your email address is confirmed. You can sign in now.";
  if (url.searchParams.get("reset")) notice = ACCOUNT_NOTICES.passwordChanged;
  if (url.searchParams.get("error")) notice = undefined;
  const say = authWords(locale);
  const error = pageError(url.searchParams);
  return {
    view: (view === "signup" || view === "reset" || view === "code" ? view : "signin") as AuthView,
    googleEnabled: googleConfigured(getEnv()),
    redirectTo: url.searchParams.has("redirectTo")
      ? landingPath(url.searchParams.get("redirectTo"), locale)
      : undefined,
    notice: notice && say(notice),
    error: error && say(error),
    // The script's own words on a Swahili page (its checks, Show/Hide; app/lib/page-words.ts); none in English.
    words: locale === DEFAULT_LOCALE ? undefined : authIslandWords(),
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

/** Where confirming a sign-up lands her: a local page other than /signin (or /sw/signin) itself, or null for /home. */
function signUpReturnPath(redirectTo: string | undefined, request: Request): string | null {
  const path = safeRedirectPath(redirectTo, "") || sameOriginPath(request.headers.get("Referer"), request.url, "");
  return path && !/^(?:\/sw)?\/signin(?:[/?#]|$)/.test(path) ? path : null;
}

// On "/sw/signin" (issue 50) the same steps answer in Swahili: the refusals, the fields' messages and the notices
// (auth-words.server.ts), the toast after signing in, and a code or reset mail to an address with no saved language.
export async function action({ request }: Route.ActionArgs) {
  const locale = requestLocale(request);
  return actionAnswerIn(await inPageLanguage(locale, () => answer(request, locale)), locale);
}

async function answer(request: Request, locale: Locale) {
  const say = authWords(locale);
  const { form, submission } = await readSubmission(request, authFormSchema);
  if (form.get("intent") === "google" && googleConfigured(getEnv())) {
    const { url, headers } = await startGoogleSignIn(request, locale);
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
      landingPath(posted.redirectTo, locale),
      { kind: "success", title: say(ACCOUNT_NOTICES.signedIn) },
      result.headers,
    );
  }

  // Sign in with a code by e-mail (ADR 040): ask for a code, then type it in; the same redirect as a password.
  if (posted.intent === "code-request") {
    const result = await requestSignInCode(request, posted);
    if (!result.ok) return refused(result.error, result.retryAfterMs);
    const redirectTo = posted.redirectTo ? landingPath(posted.redirectTo, locale) : undefined;
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
      landingPath(posted.redirectTo, locale),
      { kind: "success", title: say(ACCOUNT_NOTICES.signedIn) },
      result.headers,
    );
  }

  if (posted.intent === "signup") {
    // From a page that sent her here (a gift's claim page): confirming the address lands her back there. The
    // /signin page's own redirectTo, else the page the sign-in dialog was opened over (its Referer, same origin).
    const returnTo = signUpReturnPath(posted.redirectTo, request);
    // Her language rides along (a Swahili page she came from, or her switch's cookie): her mails are written in it.
    // A sign-up on a Swahili page is in Swahili.
    const language = locale === DEFAULT_LOCALE ? signUpLanguage(request, returnTo) : locale;
    const { mailed } = await signUpWithPassword(request, posted, returnTo, language);
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
  const t = useT();
  return (
    <div className="mx-auto max-w-md px-4 py-10">
      <div className="rounded-2xl border border-rose-100 bg-white p-6 shadow-sm">
        <h1 className="sr-only">{t("auth.heading")}</h1>
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
      {islands ? <script type="module" src={signInScript} nonce={nonce} data-words={loaderData.words} /> : null}
    </div>
  );
}
