// POST /country: the footer picker. A plain form post (it works without JavaScript): the chosen country goes into
// a cookie and the reader goes back to the page she was on (same site only).
import { redirect } from "react-router";
import { getEnv } from "~/lib/env.server";
import { readForm } from "~/lib/read-form.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import { countryChoiceSchema, countryCookieHeader } from "./country-choice";
import { pricingCountries } from "./pricing-countries.server";

export async function chooseCountry(request: Request): Promise<Response> {
  const form = await readForm(request);
  const offered = (await pricingCountries()).map((c) => c.code);
  const parsed = countryChoiceSchema(offered).safeParse({ country: form.get("country") ?? undefined });
  if (!parsed.success) {
    // Only a tampered or stale form gets here: the picker offers nothing else.
    return Response.json({ message: parsed.error.issues[0]?.message ?? "Please choose a country." }, { status: 400 });
  }
  const back = sameOriginPath(request.headers.get("Referer"), request.url);
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": countryCookieHeader(parsed.data.country, getEnv().isProduction) },
  });
}
