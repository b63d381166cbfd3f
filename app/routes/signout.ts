import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "~/modules/accounts/sign-in.server";

export async function action({ request }: Route.ActionArgs) {
  throw redirect("/", { headers: await signOut(request) });
}

export function loader() {
  return redirect("/");
}
