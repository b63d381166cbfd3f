import type { Route } from "./+types/ebook-file";
import { getViewer } from "~/modules/access/viewer.server";
import { serveEbookFile } from "~/modules/reader/ebook-files.server";

// The reader's PDF bytes (ranged). Every request is checked against the policy and the URL's signature.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return serveEbookFile({ request, ebookId: params.id, viewer: await getViewer(context) });
}
