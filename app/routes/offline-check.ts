import type { Route } from "./+types/offline-check";
import { getViewer } from "~/modules/access/viewer.server";
import { offlineKey } from "~/modules/offline/offline-key.server";
import { bookmarkedAmong, parseOfflineItems, stillReadable } from "~/modules/offline/still-readable.server";

// Which of the saved items on her phone she may still read (ADR 033). The service worker asks at each online visit and
// deletes the rest: a refund, a reversal or the end of her plan takes them off the device. It answers with whose
// session asked (her library's key), so a device never changes one person's library with another's answer. Private
// and never stored; a guest may read nothing saved. It also says which of them she has bookmarked.
export async function loader({ request, context }: Route.LoaderArgs) {
  const items = parseOfflineItems(new URL(request.url).searchParams.getAll("item"));
  const viewer = await getViewer(context);
  const readable = await stillReadable(viewer, items);
  const owner = viewer.user ? offlineKey(viewer.user.id) : null;
  // And her bookmarks of them as they stand, so a copy opened offline shows the bookmark as the shop has it.
  const bookmarked = await bookmarkedAmong(viewer, readable);
  return Response.json({ owner, readable, bookmarked }, { headers: { "Cache-Control": "private, no-store" } });
}
