import type { Route } from "./+types/media";
import { readPublicMedia } from "~/modules/storage/media.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  return readPublicMedia(request, params["*"] ?? "");
}
