// POST /country: the country picker. A plain form post (it works without JavaScript): the chosen country goes into
// a cookie and the reader goes back to the page she came from (the form's redirectTo, else the Referer; same site
// only). A refused choice is answered by the route, so the page can show it beside the form.
import { redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
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

/** The picker's form: a country it offers, and where Update goes back to (checked by `countryReturnPath`). */
export const countryFormSchema = countryChoiceSchema(OFFERED).extend({ redirectTo: z.string().optional() });

/** Her choice kept in a cookie (a year), and back to the page she came from. */
export function countryChosen(country: string, back: string): Response {
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": countryCookieHeader(country, getEnv().isProduction) },
  });
}
