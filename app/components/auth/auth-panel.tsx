import { useState } from "react";
import { useFetcher } from "react-router";
import { getFormProps } from "@conform-to/react";
import {
  codeRequestSchema,
  resetRequestSchema,
  signInCodeSchema,
  signInSchema,
  signUpSchema,
} from "~/modules/accounts/schemas";
import { useSchemaForm } from "~/lib/forms";
import { APP_ERRORS } from "~/lib/app-error";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import { refusalOf, type ActionRefusal, type ActionResult } from "~/lib/action-result";
import { PasswordField, TextField } from "~/components/forms/fields";
import { SubmitButton } from "~/components/ui/submit-button";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { WithAddress } from "./with-address";

/** The panel's views; "code" is signing in with a code by e-mail (ADR 040). */
export type AuthView = "signin" | "signup" | "reset" | "code";

/**
 * What /signin answers: the step that worked, in the view it belongs to, or a refusal (the one shape) whose form
 * reply keeps what was typed, passwords left out.
 */
export type AuthActionData = ActionResult<{
  view: AuthView;
  message: string;
  /** After a sign-up (or a resend from its check-your-mail state): where the confirmation link went; after asking
   * for a sign-in code: where the code went. */
  sentTo?: string;
  /** After asking for a sign-in code: where signing in with it goes (kept across posts without JavaScript). */
  redirectTo?: string;
}>;

/** The view a post belongs to: a resend from the check-your-mail state of a sign-up stays there; else on sign-in. */
export function authViewOf(intent: unknown, from: unknown): AuthView {
  if (intent === "signup" || intent === "reset") return intent;
  if (intent === "code-request" || intent === "code-signin") return "code";
  return intent === "resend" && from === "signup" ? "signup" : "signin";
}

/** The view a refusal belongs to, from the post it refused (its intent is kept with what was typed). */
function refusedView(refused: ActionRefusal): AuthView {
  const posted = refused.form?.initialValue ?? {};
  return authViewOf(posted.intent, posted.from);
}

/** What the panel shows above the forms: the step that worked, or a refusal (a field's own message shows beside it). */
interface Outcome {
  view: AuthView;
  ok: boolean;
  message?: string;
  /** A refused sign-in of an unconfirmed address: where the resend button sends a new link. */
  resendTo?: string;
  sentTo?: string;
  redirectTo?: string;
  /** A refused code: the code form stays, for the address the code went to. */
  codeFor?: string;
  form?: ActionRefusal["form"];
}

function outcomeOf(answer: AuthActionData | undefined): Outcome | undefined {
  if (!answer) return undefined;
  const refused = refusalOf(answer);
  if (!refused) return answer.ok ? answer : undefined;
  const posted = refused.form?.initialValue ?? {};
  const typed = posted.email;
  return {
    view: refusedView(refused),
    ok: false,
    message: refused.error.code === APP_ERRORS.VALIDATION.code ? undefined : refused.error.message,
    resendTo:
      refused.error.code === ACCOUNT_ERRORS.EMAIL_NOT_CONFIRMED.code && typeof typed === "string" ? typed : undefined,
    codeFor: posted.intent === "code-signin" && typeof typed === "string" ? typed : undefined,
    redirectTo: typeof posted.redirectTo === "string" ? posted.redirectTo : undefined,
    form: refused.form,
  };
}

/** Sign in, sign up and reset, as one panel: a page without JavaScript, a dialog with it. */
export function AuthPanel({
  initialView = "signin",
  googleEnabled,
  redirectTo,
  notice,
  actionData,
}: {
  actionData?: AuthActionData;
  initialView?: AuthView;
  googleEnabled: boolean;
  redirectTo?: string;
  notice?: string;
}) {
  const t = useT();
  const localHref = useLocalHref();
  const [view, setView] = useState<AuthView>(outcomeOf(actionData)?.view ?? initialView);
  const fetcher = useFetcher<AuthActionData>();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? actionData;
  // The answer she left by asking for a code afresh (another address): it no longer shows.
  const [leftAnswer, setLeftAnswer] = useState<AuthActionData | undefined>(undefined);
  const latest = outcomeOf(answer === leftAnswer ? undefined : answer);
  const result = latest?.view === view ? latest : undefined;
  const lastResult = (of: AuthView) => (latest?.view === of ? latest.form : undefined);
  const [signInForm, signIn] = useSchemaForm(signInSchema, { id: "signin", lastResult: lastResult("signin") });
  const [signUpForm, signUp] = useSchemaForm(signUpSchema, { id: "signup", lastResult: lastResult("signup") });
  const [resetForm, reset] = useSchemaForm(resetRequestSchema, { id: "reset", lastResult: lastResult("reset") });
  // The code view's two forms: which one a refusal belongs to is the address the code went to (codeFor).
  const [codeRequestForm, codeRequest] = useSchemaForm(codeRequestSchema, {
    id: "code-request",
    lastResult: result?.codeFor ? undefined : lastResult("code"),
  });
  const [codeForm, codeFields] = useSchemaForm(signInCodeSchema, {
    id: "code",
    lastResult: result?.codeFor ? lastResult("code") : undefined,
  });
  /** The address a sign-in code went to: the code form shows, for it (after asking, or after a refused code). */
  const codeSentTo = view === "code" ? (result?.codeFor ?? (result?.ok ? result.sentTo : undefined)) : undefined;
  const codeRedirectTo = result?.redirectTo ?? redirectTo;
  /** A view's own address: its link works as a page of its own (data saver, the islands /signin page), and keeps
   * where signing in goes. */
  const viewHref = (target: AuthView) => {
    const query = new URLSearchParams(target === "signin" ? {} : { view: target });
    if (codeRedirectTo) query.set("redirectTo", codeRedirectTo);
    const search = query.toString();
    return localHref(`/signin${search ? `?${search}` : ""}`);
  };
  /** Opens the code view at its first step (the address), with or without JavaScript. */
  const askForCode = (label: string, className: string) => (
    <a
      href={viewHref("code")}
      onClick={(e) => {
        e.preventDefault();
        setLeftAnswer(answer);
        setView("code");
      }}
      className={className}
    >
      {label}
    </a>
  );

  const tab = (target: "signin" | "signup", label: string) => (
    <a
      role="tab"
      id={`tab-${target}`}
      aria-selected={view === target}
      aria-controls={`panel-${target}`}
      href={viewHref(target)}
      onClick={(e) => {
        e.preventDefault();
        setView(target);
      }}
      className={`flex-1 rounded-md px-3 py-2 text-center text-sm font-semibold ${
        view === target ? "bg-white text-brand-700 shadow" : "text-gray-700"
      }`}
    >
      {label}
    </a>
  );

  const backToSignIn = (
    <a
      href={viewHref("signin")}
      onClick={(e) => {
        e.preventDefault();
        setView("signin");
      }}
      className="block text-center text-sm font-medium text-brand-700 underline"
    >
      {t("auth.backToSignIn")}
    </a>
  );

  return (
    <div className="w-full">
      <h2 className="text-center text-2xl font-bold text-gray-900">
        {view === "reset" ? t("auth.resetTitle") : view === "code" ? t("auth.codeTitle") : t("auth.welcome")}
      </h2>
      {notice ? (
        <p role="status" className="mt-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
          {notice}
        </p>
      ) : null}
      {result?.message ? (
        <div
          role={result.ok ? "status" : "alert"}
          className={`mt-3 rounded-md p-3 text-sm ${result.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-700 text-white"}`}
        >
          {result.ok ? null : <p className="font-semibold">{t("auth.error")}</p>}
          <p>{result.message}</p>
          {result.resendTo ? (
            <fetcher.Form method="post" action={localHref("/signin")} className="mt-2">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={result.resendTo} />
              <button type="submit" className="font-semibold underline">
                {t("auth.resend")}
              </button>
            </fetcher.Form>
          ) : null}
        </div>
      ) : null}

      {view !== "reset" && view !== "code" ? (
        <div role="tablist" aria-label={t("auth.tabs")} className="mt-4 flex gap-1 rounded-lg bg-rose-50 p-1">
          {tab("signin", t("auth.signIn"))}
          {tab("signup", t("auth.signUp"))}
        </div>
      ) : null}

      {view === "signin" ? (
        <div id="panel-signin" role="tabpanel" aria-labelledby="tab-signin">
          <fetcher.Form
            method="post"
            action={localHref("/signin")}
            {...getFormProps(signInForm)}
            className="mt-4 space-y-4"
          >
            <input type="hidden" name="intent" value="signin" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <TextField meta={signIn.email} label={t("auth.email")} type="email" autoComplete="email" maxLength={254} />
            <PasswordField meta={signIn.password} label={t("auth.password")} autoComplete="current-password" />
            <SubmitButton className="w-full" busy={busy} busyLabel={t("auth.signingIn")} label={t("auth.signIn")} />
            <a
              href={viewHref("reset")}
              onClick={(e) => {
                e.preventDefault();
                setView("reset");
              }}
              className="block text-center text-sm font-medium text-brand-700 underline"
            >
              {t("auth.forgot")}
            </a>
            {askForCode(t("auth.askCode"), "block text-center text-sm font-medium text-brand-700 underline")}
          </fetcher.Form>
        </div>
      ) : null}

      {view === "signup" && result?.ok && result.sentTo ? (
        <div id="panel-signup" role="tabpanel" aria-labelledby="tab-signup" className="mt-4 space-y-3 text-gray-800">
          <h3 className="text-lg font-semibold text-gray-900">{t("auth.checkEmail")}</h3>
          <p>
            <WithAddress
              sentence={t("auth.linkSent", { email: result.sentTo })}
              address={result.sentTo}
              className="break-all"
            />
          </p>
          <fetcher.Form method="post" action={localHref("/signin")}>
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="from" value="signup" />
            <input type="hidden" name="email" value={result.sentTo} />
            <SubmitButton className="w-full" busy={busy} busyLabel={t("auth.sending")} label={t("auth.resend")} />
          </fetcher.Form>
          {backToSignIn}
        </div>
      ) : view === "signup" ? (
        <div id="panel-signup" role="tabpanel" aria-labelledby="tab-signup">
          <fetcher.Form
            method="post"
            action={localHref("/signin")}
            {...getFormProps(signUpForm)}
            className="mt-4 space-y-4"
          >
            <input type="hidden" name="intent" value="signup" />
            {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
            <TextField meta={signUp.fullName} label={t("auth.fullName")} autoComplete="name" maxLength={200} />
            <TextField meta={signUp.email} label={t("auth.email")} type="email" autoComplete="email" maxLength={254} />
            <PasswordField meta={signUp.password} label={t("auth.password")} autoComplete="new-password" />
            <PasswordField
              meta={signUp.confirmPassword}
              label={t("auth.confirmPassword")}
              autoComplete="new-password"
            />
            <SubmitButton
              className="w-full"
              busy={busy}
              busyLabel={t("auth.creating")}
              label={t("auth.createAccount")}
            />
          </fetcher.Form>
        </div>
      ) : null}

      {view === "reset" ? (
        <fetcher.Form
          method="post"
          action={localHref("/signin")}
          {...getFormProps(resetForm)}
          className="mt-4 space-y-4"
        >
          <input type="hidden" name="intent" value="reset" />
          <TextField meta={reset.email} label={t("auth.email")} type="email" autoComplete="email" maxLength={254} />
          <SubmitButton className="w-full" busy={busy} busyLabel={t("auth.sending")} label={t("auth.sendReset")} />
          {backToSignIn}
        </fetcher.Form>
      ) : null}

      {view === "code" && codeSentTo ? (
        <div className="mt-4 space-y-3 text-gray-800">
          <h3 className="text-lg font-semibold text-gray-900">{t("auth.checkEmail")}</h3>
          <p>
            <WithAddress
              sentence={t("auth.codeSent", { email: codeSentTo })}
              address={codeSentTo}
              className="break-all"
            />
          </p>
          <fetcher.Form method="post" action={localHref("/signin")} {...getFormProps(codeForm)} className="space-y-4">
            <input type="hidden" name="intent" value="code-signin" />
            <input type="hidden" name="email" value={codeSentTo} />
            {codeRedirectTo ? <input type="hidden" name="redirectTo" value={codeRedirectTo} /> : null}
            <TextField
              meta={codeFields.code}
              label={t("auth.codeLabel")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
            />
            <SubmitButton className="w-full" busy={busy} busyLabel={t("auth.signingIn")} label={t("auth.signIn")} />
          </fetcher.Form>
          <fetcher.Form method="post" action={localHref("/signin")}>
            <input type="hidden" name="intent" value="code-request" />
            <input type="hidden" name="email" value={codeSentTo} />
            {codeRedirectTo ? <input type="hidden" name="redirectTo" value={codeRedirectTo} /> : null}
            <button type="submit" className="w-full text-center text-sm font-medium text-brand-700 underline">
              {t("auth.newCode")}
            </button>
          </fetcher.Form>
          {askForCode(t("auth.otherEmail"), "block text-center text-sm font-medium text-brand-700 underline")}
          {backToSignIn}
        </div>
      ) : view === "code" ? (
        <fetcher.Form
          method="post"
          action={localHref("/signin")}
          {...getFormProps(codeRequestForm)}
          className="mt-4 space-y-4"
        >
          <p className="text-sm text-gray-700">{t("auth.noPassword")}</p>
          <input type="hidden" name="intent" value="code-request" />
          {codeRedirectTo ? <input type="hidden" name="redirectTo" value={codeRedirectTo} /> : null}
          <TextField
            meta={codeRequest.email}
            label={t("auth.email")}
            type="email"
            autoComplete="email"
            maxLength={254}
          />
          <SubmitButton className="w-full" busy={busy} busyLabel={t("auth.sending")} label={t("auth.emailCode")} />
          {backToSignIn}
        </fetcher.Form>
      ) : null}

      {googleEnabled && view !== "reset" && view !== "code" ? (
        <fetcher.Form method="post" action={localHref("/signin")} className="mt-4">
          <input type="hidden" name="intent" value="google" />
          <button
            type="submit"
            className="w-full rounded-md border border-gray-300 bg-white py-2.5 font-semibold text-gray-800 hover:bg-gray-50"
          >
            {t("auth.google")}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
