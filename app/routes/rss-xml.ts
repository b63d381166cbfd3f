import { getEnv } from "~/lib/env.server";
import { rssXml } from "~/modules/content/feeds.server";

export async function loader() {
  const body = await rssXml(getEnv().PUBLIC_URL);
  return new Response(body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
