// GET /api/pricing: the visitor's regional pricing as JSON. No Cache-Control here: it depends on the visitor, so
// the HTTP server's default (private, no-store) applies.
import type { Route } from "./+types/api-pricing";
import { pricingForRequest } from "~/modules/pricing/pricing-response.server";

export async function loader({ request }: Route.LoaderArgs) {
  return Response.json(await pricingForRequest(request));
}
