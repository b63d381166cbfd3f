import { redirect } from "react-router";
import type { Route } from "./+types/redirect";

// Old and alternative paths (spec): /collections, /beauty, /ebooks/{id}.
export function loader({ request, params }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  if (path === "/collections") return redirect("/categories", 301);
  if (path === "/beauty") return redirect("/category/skin-beauty", 301);
  return redirect(`/ebook/${encodeURIComponent(params.id ?? "")}`, 301);
}
