import { data } from "react-router";
import { localeFromPath } from "~/lib/locale";
import type { Route } from "./+types/offline-ebook";
import { ebookOfflineCopy } from "~/modules/offline/ebook-copy.server";
import { OFFLINE_EBOOK_COPY_HEADERS } from "~/modules/offline/copy-document.server";

// The copy of an ebook's text edition her phone keeps for offline reading (ADR 033): gated like the text reader on
// every request, 404 whenever she may not read the ebook now (signed out, not hers, refunded, plan ended, no text
// edition), and never stored by a shared cache.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  // In the language of the page she saves it from: its Save button asks "/sw/library/offline/..." on a Swahili page.
  const copy = await ebookOfflineCopy(context, params.id, localeFromPath(new URL(request.url).pathname));
  if (!copy) throw data(null, { status: 404, headers: { "Cache-Control": "private, no-store" } });
  return new Response(copy.html, {
    headers: {
      ...OFFLINE_EBOOK_COPY_HEADERS,
      "X-Nuru-Title": encodeURIComponent(copy.title),
      // Her bookmark as the shop has it now: the phone keeps it with the copy (ADR 033).
      "X-Nuru-Bookmarked": String(copy.bookmarked),
    },
  });
}
