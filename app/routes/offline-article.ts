import { data } from "react-router";
import { localeFromPath } from "~/lib/locale";
import type { Route } from "./+types/offline-article";
import { articleOfflineCopy } from "~/modules/offline/article-copy.server";
import { OFFLINE_COPY_HEADERS } from "~/modules/offline/copy-document.server";

// The copy of an article her phone keeps for offline reading (ADR 033): gated like the article page on every request,
// 404 whenever she may not read it in full (signed out, locked, unknown), and never stored by a shared cache.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // In the language of the page she saves it from: its Save button asks "/sw/library/offline/..." on a Swahili page.
  const copy = await articleOfflineCopy(context, params.id, localeFromPath(new URL(request.url).pathname));
  if (!copy) throw data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(copy.html, {
    headers: {
      ...OFFLINE_COPY_HEADERS,
      "X-Nuru-Title": encodeURIComponent(copy.title),
      // Her bookmark as the shop has it now: the phone keeps it with the copy (ADR 033).
      "X-Nuru-Bookmarked": String(copy.bookmarked),
    },
  });
}
