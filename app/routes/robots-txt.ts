import { getEnv } from "~/lib/env.server";

export function loader() {
  const origin = getEnv().PUBLIC_URL;
  const body = [
    "User-agent: *",
    // Disallow lines first: crawlers that take the first matching line (not the longest) would otherwise read
    // `Allow: /` and crawl the admin and account pages (issue 46 item 12).
    "Disallow: /admin",
    "Disallow: /admin-dashboard",
    "Disallow: /account",
    "Disallow: /api/",
    "Disallow: /dev/",
    "Allow: /",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
