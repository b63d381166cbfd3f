// POST /country: the footer's country picker (logic in modules/commerce/choose-country.server.ts).
import type { Route } from "./+types/country";
import { chooseCountry } from "~/modules/commerce/choose-country.server";

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return loader();
  return chooseCountry(request);
}
