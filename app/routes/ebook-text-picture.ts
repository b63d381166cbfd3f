import type { Route } from "./+types/ebook-text-picture";
import { getViewer } from "~/modules/access/viewer.server";
import { serveTextPicture } from "~/modules/reader/text-edition.server";

// A picture of the text edition (an EPUB's, re-encoded to WebP): gated like the section that shows it, 404 otherwise.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return serveTextPicture({ request, ebookId: params.id, n: params.n, viewer: await getViewer(context) });
}
