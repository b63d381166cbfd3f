import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

// Old and alternative paths (spec): /collections, /beauty, /shop, /ebooks/{id}. /shop was a second address of the
// ebooks list (one page under two addresses splits its links for search engines, issue 46): it moves for good,
// with its query (a page or a filter).
export function loader({ request, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (path === "/collections") return redirect("/categories", 301);
  if (path === "/beauty") return redirect("/category/skin-beauty", 301);
  if (path === "/shop") return redirect(`/ebooks${new URL(request.url).search}`, 301);
  return redirect(`/ebook/${encodeURIComponent(params.id ?? "")}`, 301);
}
