import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "~/modules/accounts/sign-in.server";
import { sameOriginPath } from "~/lib/safe-redirect";
import { localeFromPath, localeHref } from "~/lib/locale";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  // Her offline library and anything else the shop kept in this browser go with her session (ADR 033): the browser
  // deletes its caches, storage and the service worker; the page's own clean-up deletes her saved copies too.
  headers.set("Clear-Site-Data", '"cache", "storage"');
  // From a Swahili page (the account menu's form, its Referer) she lands on the Swahili home page (issue 50).
  const from = sameOriginPath(request.headers.get("Referer"), request.url, "/");
  throw redirect(localeHref("/", localeFromPath(from.split(/[?#]/, 1)[0])), { headers });
}

export function loader() {
  return redirect("/");
}
