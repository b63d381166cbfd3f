// POST /data-saver: the data saver switch. A plain form post: her choice goes into a cookie and she goes back to the
// page she was on (the form's redirectTo, else the Referer; same site only).
import { redirect } from "react-router";
import { z } from "zod";
import { getEnv } from "~/lib/env.server";
import { dataSaverCookieHeader } from "~/lib/data-saver";
import { readForm } from "~/lib/read-form.server";
import { safeRedirectPath, sameOriginPath } from "~/lib/safe-redirect";

const choiceSchema = z.object({ dataSaver: z.enum(["on", "off"], { error: "Please choose on or off." }) });

/** Where the switch sends her: the form's redirectTo, else the Referer; never off the site. */
export function dataSaverReturnPath(request: Request, asked: unknown): string {
  return typeof asked === "string" && asked
    ? safeRedirectPath(asked)
    : sameOriginPath(request.headers.get("Referer"), request.url);
}

export async function chooseDataSaver(request: Request): Promise<Response | { message: string; back: string }> {
  const form = await readForm(request);
  const back = dataSaverReturnPath(request, form.get("redirectTo"));
  const parsed = choiceSchema.safeParse({ dataSaver: form.get("dataSaver") ?? undefined });
  if (!parsed.success) return { message: parsed.error.issues[0]?.message ?? "Please choose on or off.", back };
  return redirect(back, {
    status: 303,
    headers: { "Set-Cookie": dataSaverCookieHeader(parsed.data.dataSaver === "on", getEnv().isProduction) },
  });
}
