// POST /data-saver: the data saver switch. A plain form post: her choice goes into a cookie and she goes back to the
// page she was on (the form's redirectTo, else the Referer; same site only). A refused post is answered by the route.
import { redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { dataSaverCookieHeader } from "~/lib/data-saver";
import { safeRedirectPath, sameOriginPath } from "~/lib/safe-redirect";

/** The switch's form: on or off, and where it goes back to (checked by `dataSaverReturnPath`). */
export const dataSaverFormSchema = z.object({
  dataSaver: z.enum(["on", "off"], { error: "Please choose on or off." }),
  redirectTo: z.string().optional(),
});

/** Where the switch sends her: the form's redirectTo, else the Referer; never off the site. */
export function dataSaverReturnPath(request: Request, asked: unknown): string {
  return typeof asked === "string" && asked
    ? safeRedirectPath(asked)
    : sameOriginPath(request.headers.get("Referer"), request.url);
}

/** Her choice kept in a cookie, and back to the page she was on. */
export function dataSaverChosen(on: boolean, back: string): Response {
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": dataSaverCookieHeader(on, getEnv().isProduction) },
  });
}
