import type { Route } from "./+types/og-image";
import { ogCardFor, type OgKind } from "~/modules/site/og-card.server";
import { ogImageResponse } from "~/modules/site/og-image.server";

// Open Graph images of public pages (issue 34): /og/home.jpg, /og/article/<id>.jpg, /og/ebook/<id>.jpg and
// /og/category/<slug>.jpg, and /og/page/<name>.jpg for listing and information pages (issue 46); each also under
// /og/sw/ with its fixed words in Swahili, for the Swahili pages (issue 50). The same for everyone, so publicly
// cacheable; unknown or unpublished pages answer 404.
const ADDRESS = /^(?:(sw)\/)?(?:(home)|(article|ebook|category|page)\/([\w-]{1,120}))\.jpg$/;

export async function loader({ request, params }: Route.LoaderArgs) {
  const match = ADDRESS.exec(params["*"] ?? "");
  const card = match
    ? await ogCardFor((match[2] ?? match[3]) as OgKind | "home" | "page", match[4] ?? "", match[1] ? "sw" : "en")
    : null;
  if (!card) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
    });
  }
  return ogImageResponse(request, card);
}
