import type { Route } from "./+types/offline-check";
import { getViewer } from "~/modules/access/viewer.server";
import { parseOfflineItems, stillReadable } from "~/modules/offline/still-readable.server";

// Which of the saved items on her phone she may still read (ADR 031). The page asks at each online visit and deletes
// the rest: a refund, a reversal or the end of her plan takes them off the device. Private and never stored; a guest
// may read nothing saved.
export async function loader({ request }: Route.LoaderArgs) {
  const items = parseOfflineItems(new URL(request.url).searchParams.getAll("item"));
  const readable = await stillReadable(await getViewer(request), items);
  return Response.json({ readable }, { headers: { "Cache-Control": "private, no-store" } });
}
