import { data } from "react-router";
import type { Route } from "./+types/ebook-download";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { downloadResponse, prepareDownload } from "~/modules/reader/downloads.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { redirectWithToast } from "~/modules/site/flash.server";
import { readForm } from "~/lib/read-form.server";

// Download PDF: the stamped copy, or the spec's message (JSON for the page's script, a toast without script).
export async function action({ request, params, context }: Route.ActionArgs) {
  // The post carries no fields, but a body no form would send is refused like everywhere else.
  await readForm(request);
  const { viewer, user } = await getRequestViewer(context);
  const outcome = await prepareDownload({ ebookId: params.id, viewer, email: user?.email ?? null });
  const wantsJson = (request.headers.get("accept") ?? "").includes("application/json");
  if (outcome.ok || wantsJson) return downloadResponse(outcome);
  const { title, message } = outcome.error.payload;
  const back = outcome.error.is(READER_ERRORS.DOWNLOAD_NOT_FOUND) ? "/ebooks" : `/ebook/${params.id}`;
  throw await redirectWithToast(back, { kind: "error", title, message });
}

export function loader() {
  throw data(null, { status: 404 });
}
