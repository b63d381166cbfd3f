import type { Route } from "./+types/api-auth";
import { getAuth } from "~/modules/accounts/auth.server";

// better-auth's own endpoints: e-mail confirmation links and the Google callback.
export function loader({ request }: Route.LoaderArgs) {
  return getAuth().handler(request);
}

export function action({ request }: Route.ActionArgs) {
  return getAuth().handler(request);
}
