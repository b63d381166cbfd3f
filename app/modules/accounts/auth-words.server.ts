// Sign-in and her address in her language (issue 50, ADR 048). The schemas (schemas.ts), the island's checks
// (auth-checks.ts), the refusals (account-errors.ts) and the notices say their words in English, as the English pages
// always showed them; a "/sw" page's loader and action say each in Swahili through the catalogue (app/locales/*/
// auth.po), found by its English words. The sign-in page's script gets the same words for its own checks (data-words).
// Server only.
import type { UNSAFE_DataWithResponseInit } from "react-router";
import { i18nFor, translator } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, localeFromPath, type Locale } from "~/lib/locale";

/** A wrong code's words with the tries left (sign-in-code.server.ts, signInCodeWrong). */
const TRIES_LEFT = /^That code is not right\. You have (\d+) tr(?:y|ies) left\.$/;

let ids: Map<string, string> | undefined;

/** Every plain auth message's id by its English words. */
function idsByEnglish(): Map<string, string> {
  if (!ids) {
    const english = translator("en");
    ids = new Map(
      Object.keys(i18nFor("en").messages)
        .filter((id) => id.startsWith("auth.") && id !== "auth.err.codeWrongTries")
        .map((id) => [english(id), id]),
    );
  }
  return ids;
}

/** The catalogue id of `english` (an auth message), or undefined when it is none of them. */
export function authWordId(english: string): string | undefined {
  return idsByEnglish().get(english);
}

/** `english` (a message of sign-in, its checks, refusals or notices) in `locale`; other words are left as they are. */
export function authWords(locale: Locale): (english: string) => string {
  if (locale === DEFAULT_LOCALE) return (english) => english;
  const inLocale = translator(locale);
  return (english) => {
    const id = authWordId(english);
    if (id) return inLocale(id);
    const tries = TRIES_LEFT.exec(english);
    return tries ? inLocale("auth.err.codeWrongTries", { count: Number(tries[1]) }) : english;
  };
}

/** The language of the page a request is for ("/sw/signin" is Swahili). */
export function requestLocale(request: Request): Locale {
  return localeFromPath(new URL(request.url).pathname);
}

interface Answer {
  ok?: boolean;
  message?: string;
  error?: { title?: string; message?: string };
  form?: { error?: Record<string, string[] | null> | null };
}

function answerIn<T>(answer: T, say: (english: string) => string): T {
  if (!answer || typeof answer !== "object") return answer;
  const a = answer as Answer;
  const out: Answer = { ...a };
  if (typeof a.message === "string") out.message = say(a.message);
  if (a.error && typeof a.error === "object")
    out.error = {
      ...a.error,
      title: a.error.title && say(a.error.title),
      message: a.error.message && say(a.error.message),
    };
  if (a.form?.error)
    out.form = {
      ...a.form,
      error: Object.fromEntries(
        Object.entries(a.form.error).map(([field, messages]) => [field, messages?.map((m) => say(m)) ?? messages]),
      ),
    };
  return out as T;
}

/**
 * An action's answer (an `{ ok: true, message }` step, or a refusal, bare or in `data()`) with its words in `locale`:
 * the message, the refusal's title and message, and each field's messages.
 */
export function actionAnswerIn<T>(answer: T, locale: Locale): T {
  if (locale === DEFAULT_LOCALE) return answer;
  const say = authWords(locale);
  const wrapped = answer as UNSAFE_DataWithResponseInit<unknown> | undefined;
  if (wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit") {
    wrapped.data = answerIn(wrapped.data, say);
    return answer;
  }
  return answerIn(answer, say);
}

/** The words the sign-in page's script shows itself (its checks, Show/Hide), English to `sw`, as JSON. */
let islandJson: string | undefined;
export function authIslandWords(): string {
  if (islandJson === undefined) {
    const [english, swahili] = [translator("en"), translator("sw")];
    const ids = Object.keys(i18nFor("en").messages).filter(
      (id) => id.startsWith("auth.check.") || id === "auth.show" || id === "auth.hide",
    );
    islandJson = JSON.stringify(Object.fromEntries(ids.map((id) => [english(id), swahili(id)])));
  }
  return islandJson;
}
