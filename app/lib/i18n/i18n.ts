// The reader's words in her language (issue 50, ADR 048): one Lingui instance per language, made on first use with
// that language's catalogue (compiled from app/locales/<lang>/messages.po at build time). Which one a render uses
// follows the address (useT, app/lib/i18n/use-t.ts), so a request never changes another's language.
import { setupI18n, type I18n } from "@lingui/core";
import { messages as english } from "~/locales/en/messages.po";
import { messages as swahili } from "~/locales/sw/messages.po";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";

/** Values for a message's placeholders: `{count}`, `{name}`. */
export type MessageValues = Record<string, string | number>;
export type Translate = (id: string, values?: MessageValues) => string;

const instances = new Map<Locale, I18n>();

/**
 * The Lingui instance for `locale`. The browser's build holds the English catalogue only: every Swahili page is
 * rendered by the server without React in the browser (ADR 045), so Swahili costs an English page no bytes.
 */
export function i18nFor(locale: Locale): I18n {
  const served: Locale = import.meta.env.SSR ? locale : DEFAULT_LOCALE;
  let i18n = instances.get(served);
  if (!i18n) {
    const messages = import.meta.env.SSR && served === "sw" ? swahili : english;
    i18n = setupI18n({ locale: served, messages: { [served]: messages } });
    instances.set(served, i18n);
  }
  return i18n;
}

const translators = new Map<Locale, Translate>();

/** `t("nav.home")`, `t("home.ebookCount", { count: 3 })`: the message with that id in `locale`. */
export function translator(locale: Locale): Translate {
  let t = translators.get(locale);
  if (!t) {
    const i18n = i18nFor(locale);
    t = (id, values) => i18n._(id, values);
    translators.set(locale, t);
  }
  return t;
}
