// Pesapal's IPN: GET with a query or POST with JSON (the HTTP server lets this one path take JSON and skip the
// same-origin check: it changes nothing on its own word, every order is verified with Pesapal).
import type { Route } from "./+types/api-payments-ipn";
import { answerIpn, readIpnRequest } from "~/modules/commerce/ipn.server";

export async function loader({ request }: Route.LoaderArgs) {
  return answerIpn(await readIpnRequest(request));
}

export async function action({ request }: Route.ActionArgs) {
  return answerIpn(await readIpnRequest(request));
}
