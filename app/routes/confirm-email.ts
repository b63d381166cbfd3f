import { redirect } from "react-router";
import type { Route } from "./+types/confirm-email";
import { confirmEmailAddress } from "~/modules/accounts/sign-in.server";

// The link in the confirmation mail. Where it leads afterwards is fixed here, never taken from the link.
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = await confirmEmailAddress(token);
  throw redirect(outcome === "confirmed" ? "/signin?confirmed=1" : "/signin?confirm=invalid");
}
