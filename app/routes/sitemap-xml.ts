import type { Route } from "./+types/sitemap-xml";
import { getEnv } from "~/lib/env.server";
import { documentResponse } from "~/lib/conditional-get.server";
import { documentLastModified, sitemapXml } from "~/modules/content/feeds.server";

export async function loader({ request }: Route.LoaderArgs) {
  const body = await sitemapXml(getEnv().PUBLIC_URL);
  return documentResponse(request, body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    lastModified: documentLastModified(body),
  });
}
