import { getEnv } from "~/lib/env.server";
import { sitemapXml } from "~/modules/content/feeds.server";

export async function loader() {
  const body = await sitemapXml(getEnv().PUBLIC_URL);
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
