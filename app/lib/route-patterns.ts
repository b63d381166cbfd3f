// The route pattern a request address matches ("/articles/:slug"), for logs and metrics: the address itself can say
// what a reader reads (a slug, an ebook), and a pattern per route keeps one metric series per route.
import { fullPattern, patternToRegExp, type BuildRoutes } from "./route-facts";

/** Paths the HTTP server answers itself, before React Router. */
const SERVER_PATHS = ["/healthz", "/livez", "/readyz", "/metrics"];

/** React Router's ranking, simplified: static segments before parameters before a splat, longer before shorter. */
function specificity(pattern: string): number {
  return pattern
    .split("/")
    .filter(Boolean)
    .reduce((score, segment) => score + (segment === "*" ? -2 : segment.startsWith(":") ? 3 : 10), 0);
}

export function routePatternMatcher(routes: BuildRoutes): (path: string) => string {
  const patterns = new Set<string>(SERVER_PATHS);
  for (const route of Object.values(routes)) if (route) patterns.add(fullPattern(routes, route.id));
  const ranked = [...patterns]
    .sort((a, b) => specificity(b) - specificity(a))
    .map((pattern) => ({ pattern, expression: patternToRegExp(pattern) }));
  const match = (path: string) => ranked.find(({ expression }) => expression.test(path))?.pattern;
  return (path) => {
    if (path.startsWith("/assets/")) return "/assets/*";
    // A page's data request ("/articles/x.data", "/_root.data" for the home page) is named after its page.
    if (path.endsWith(".data")) {
      const page = path === "/_root.data" ? "/" : path.slice(0, -".data".length);
      const pattern = match(page);
      return pattern ? `${pattern}.data` : "unmatched";
    }
    return match(path) ?? "unmatched";
  };
}
