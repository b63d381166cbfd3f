import type { AppErrorPayload } from "~/lib/app-error";
import { translator, type Translate } from "~/lib/i18n/i18n";

type Words = Omit<AppErrorPayload, "code">;

// The errors a reader can meet on a Swahili page, by their stable code (lib/app-error.ts), in Swahili. The payload's
// own words are English (the code defines them once); any other code gets the Swahili page's generic words.
const SWAHILI: Record<string, (t: Translate) => Words> = {
  NOT_FOUND: (t) => ({
    title: t("error.notFound.title"),
    message: t("error.notFound.message"),
    back: { to: "/", label: t("error.notFound.back") },
  }),
  ARTICLE_NOT_FOUND: (t) => ({
    title: t("error.articleNotFound.title"),
    message: t("error.articleNotFound.message"),
    back: { to: "/articles", label: t("error.articleNotFound.back") },
  }),
  EBOOK_NOT_FOUND: (t) => ({
    title: t("error.ebookNotFound.title"),
    message: t("error.ebookNotFound.message"),
    back: { to: "/ebooks", label: t("error.ebookNotFound.back") },
  }),
  CATEGORY_NOT_FOUND: (t) => ({
    title: t("error.categoryNotFound.title"),
    message: t("error.categoryNotFound.message"),
    back: { to: "/categories", label: t("category.back") },
  }),
  ARTICLES_LOAD_FAILED: (t) => ({ title: t("error.articlesLoad.title"), message: t("error.articlesLoad.message") }),
  EBOOKS_LOAD_FAILED: (t) => ({ title: t("error.ebooksLoad.title"), message: t("error.ebooksLoad.message") }),
  RATE_LIMITED: (t) => ({ title: t("error.rateLimited.title"), message: t("error.rateLimited.message") }),
};

/**
 * A route error's words on a Swahili page (issue 50): those of its code in Swahili, or null for the generic Swahili
 * words. Server only: a Swahili error page is never rendered by React in the browser (components/islands.tsx). The
 * way back is an English address; the error page gives its Swahili one.
 */
export function swahiliErrorWords(data: unknown): Partial<AppErrorPayload> | null {
  const code = data && typeof data === "object" ? (data as { code?: unknown }).code : undefined;
  const words = typeof code === "string" && Object.hasOwn(SWAHILI, code) ? SWAHILI[code]!(translator("sw")) : null;
  return words && { code: code as string, ...words };
}
