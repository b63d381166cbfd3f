// POST /country: the country picker. A plain form post (it works without JavaScript): the chosen country goes into
// a cookie and the reader goes back to the page she came from (the form's redirectTo, else the Referer; same site
// only). A refused choice is answered, not thrown, so the page can show it beside the form.
import { redirect } from "react-router";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath, sameOriginPath } from "~/lib/safe-redirect";
import { countryChoiceSchema, countryCookieHeader } from "./country-choice";
import { COUNTRY_CHOICES } from "./country-list.server";

const OFFERED = COUNTRY_CHOICES.map((c) => c.code);

/** Where Update sends her: the form's redirectTo, else the Referer; never off the site, nor back to /country. */
export function countryReturnPath(request: Request, asked: unknown): string {
  const back =
    typeof asked === "string" && asked
      ? safeRedirectPath(asked)
      : sameOriginPath(request.headers.get("Referer"), request.url);
  return back === "/country" || back.startsWith("/country?") ? "/" : back;
}

export async function chooseCountry(request: Request): Promise<Response | { message: string; back: string }> {
  const form = await readForm(request);
  const back = countryReturnPath(request, form.get("redirectTo"));
  const parsed = countryChoiceSchema(OFFERED).safeParse({ country: form.get("country") ?? undefined });
  if (!parsed.success) {
    // Only a tampered or stale form gets here: the picker offers nothing else. The way back is kept for the retry
    // (the page's own Referer is now /country).
    return { message: parsed.error.issues[0]?.message ?? "Please choose a country.", back };
  }
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": countryCookieHeader(parsed.data.country, getEnv().isProduction) },
  });
}
