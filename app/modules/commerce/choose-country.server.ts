// POST /country: the country picker. A plain form post (it works without JavaScript): the chosen country goes into
// a cookie and the reader goes back to the page she came from (the form's redirectTo, else the Referer; same site
// only). A refused choice is answered, not thrown, so the page can show it beside the form.
import { redirect } from "react-router";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath, sameOriginPath } from "~/lib/safe-redirect";
import { countryChoiceSchema, countryCookieHeader } from "./country-choice";
import { pricingCountries } from "./pricing-countries.server";

export async function chooseCountry(request: Request): Promise<Response | { message: string }> {
  const form = await readForm(request);
  const offered = (await pricingCountries()).map((c) => c.code);
  const parsed = countryChoiceSchema(offered).safeParse({ country: form.get("country") ?? undefined });
  if (!parsed.success) {
    // Only a tampered or stale form gets here: the picker offers nothing else.
    return { message: parsed.error.issues[0]?.message ?? "Please choose a country." };
  }
  const fromForm = form.get("redirectTo");
  const back =
    typeof fromForm === "string" && fromForm
      ? safeRedirectPath(fromForm)
      : sameOriginPath(request.headers.get("Referer"), request.url);
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": countryCookieHeader(parsed.data.country, getEnv().isProduction) },
  });
}
