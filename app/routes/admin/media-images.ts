import type { Route } from "./+types/media-images";
import { adminOf } from "~/modules/access/viewer.server";
import { recentImages } from "~/modules/storage/media-library.server";

// GET /admin/media/images: the newest uploaded pictures as JSON, for the article editor's image picker.

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = adminOf(context);
  return Response.json({ images: await recentImages(viewer) }, { headers: { "Cache-Control": "private, no-store" } });
}
