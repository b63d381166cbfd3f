import type { Route } from "./+types/api-auth";
import { getAuth } from "~/modules/accounts/auth.server";

// better-auth's HTTP endpoints are closed: the shop's own routes are the only door (sign-in, sign-up, reset,
// confirmation and profile all go through them, with the shop's limits and checks). The one endpoint a browser
// must reach is the Google callback, whose redirect targets were fixed by the shop when the sign-in started.
const OPEN = new Set(["GET /api/auth/callback/google"]);

function isOpen(request: Request): boolean {
  return OPEN.has(`${request.method.toUpperCase()} ${new URL(request.url).pathname}`);
}

function notFound() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

export function loader({ request }: Route.LoaderArgs) {
  return isOpen(request) ? getAuth().handler(request) : notFound();
}

export function action({ request }: Route.ActionArgs) {
  return isOpen(request) ? getAuth().handler(request) : notFound();
}
