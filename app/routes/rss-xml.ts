import type { Route } from "./+types/rss-xml";
import { getEnv } from "~/lib/env.server";
import { documentResponse } from "~/lib/conditional-get.server";
import { documentLastModified, rssXml } from "~/modules/content/feeds.server";

export async function loader({ request }: Route.LoaderArgs) {
  const body = await rssXml(getEnv().PUBLIC_URL);
  return documentResponse(request, body, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    lastModified: documentLastModified(body),
  });
}
