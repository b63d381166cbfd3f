// /language?to=sw&next=/articles: the language switch (issue 50, ADR 048). A plain link in the footer, so it works
// with no script (Opera Mini, data saver): it remembers her choice in a cookie (a year; a preference that grants
// nothing, and a cookie the guest page cache still serves) and sends her to the page she was on, in that language.
// The cookie only stops the offer of the Swahili page (lib/locale.ts offersSwahili): the address alone says the
// language, so no page ever redirects by it.
import { readForm } from "~/lib/read-form.server";
import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { isLocale, localizedHref, type Locale } from "~/lib/locale";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { languageCookieHeader } from "~/lib/language-cookie";
import { requireUser } from "~/modules/access/viewer.server";
import { saveLanguage } from "~/modules/accounts/language.server";
import { redirectWithToast } from "~/modules/site/flash.server";
import { translator } from "~/lib/i18n/i18n";

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const to = url.searchParams.get("to");
  const locale: Locale = isLocale(to) ? to : "en";
  const next = localizedHref(safeRedirectPath(url.searchParams.get("next")), locale);
  return redirect(next, {
    status: 303,
    headers: {
      "Set-Cookie": languageCookieHeader(locale, url.protocol === "https:"),
      "Cache-Control": PERSONAL_CACHE_CONTROL,
    },
  });
}

/**
 * POST /language (the account page's setting, issue 50): her choice saved in her account and in this browser's
 * cookie, then back to her account with a word in the language she chose.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser({ request, context });
  // The shared form reader: a body that is not a form gets a 400, never a crash.
  const form = await readForm(request);
  const to = form.get("language");
  if (!isLocale(to)) throw new Response("Unknown language", { status: 400 });
  await saveLanguage(user.id, to);
  const t = translator(to);
  const headers = new Headers({ "Set-Cookie": languageCookieHeader(to, new URL(request.url).protocol === "https:") });
  // Back to her account; from her Swahili account page, in the language she chose (issue 50).
  throw await redirectWithToast(
    form.get("from") === "sw" ? localizedHref("/account", to) : "/account",
    { kind: "success", title: t("account.languageSaved") },
    headers,
  );
}
