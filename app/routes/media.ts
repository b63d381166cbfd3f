import type { Route } from "./+types/media";
import { readPublicMedia } from "~/modules/storage/media.server";

export async function loader({ params }: Route.LoaderArgs) {
  return readPublicMedia(params["*"] ?? "");
}
