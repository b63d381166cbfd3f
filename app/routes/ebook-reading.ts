import { data } from "react-router";
import type { Route } from "./+types/ebook-reading";
import { getViewer } from "~/modules/access/viewer.server";
import { FILE_HEADERS, renewFileUrl } from "~/modules/reader/ebook-files.server";
import { saveLastPage } from "~/modules/reader/reading.server";
import { saveTextPosition } from "~/modules/reader/text-edition.server";
import { readForm } from "~/lib/read-form.server";

// What the open reader asks of the server: a fresh file URL before the old one expires, and saving her page.
export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const viewer = await getViewer(context);
  const intent = form.get("intent");
  if (intent === "renew") {
    const file = await renewFileUrl({ ebookId: params.id, viewer });
    // 404 whatever the reason, like the file itself: the reader then closes with 'Access denied'.
    if (!file) return Response.json({ error: "not-found" }, { status: 404, headers: FILE_HEADERS });
    return Response.json(file, { headers: FILE_HEADERS });
  }
  if (intent === "progress") {
    const saved = await saveLastPage({
      ebookId: params.id,
      viewer,
      page: Number(form.get("page")),
      pageCount: Number(form.get("pages")) || undefined,
    });
    return Response.json({ saved }, { status: saved ? 200 : 404, headers: FILE_HEADERS });
  }
  if (intent === "text-position") {
    const saved = await saveTextPosition({
      ebookId: params.id,
      viewer,
      section: Number(form.get("section")),
      offset: Number(form.get("offset")),
    });
    return Response.json({ saved }, { status: saved ? 200 : 404, headers: FILE_HEADERS });
  }
  return Response.json({ error: "Unknown action." }, { status: 400, headers: FILE_HEADERS });
}

export function loader() {
  throw data(null, { status: 404 });
}
