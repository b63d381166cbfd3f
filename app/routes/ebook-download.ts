import { data } from "react-router";
import type { Route } from "./+types/ebook-download";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { downloadResponse, prepareDownload } from "~/modules/reader/downloads.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { redirectWithToast } from "~/modules/site/flash.server";
import { readForm } from "~/lib/read-form.server";
import { localeFromPath, localeHref } from "~/lib/locale";
import { downloadRefusalWords } from "~/modules/reader/download-refusal-words.server";

// Download PDF: the stamped copy, or the spec's message (JSON for the page's script, a toast without script), at
// "/ebook/:id/download" and "/sw/ebook/:id/download" (the Swahili pages' form: the refusal in Swahili).
export async function action({ request, params, context }: Route.ActionArgs) {
  // The post carries no fields, but a body no form would send is refused like everywhere else.
  await readForm(request);
  const { viewer, user } = await getRequestViewer(context);
  const outcome = await prepareDownload({ ebookId: params.id, viewer, email: user?.email ?? null });
  if (outcome.ok) return downloadResponse(outcome);
  // Refused: in the language of the page she asked from (its form posts to the address in that language).
  const locale = localeFromPath(new URL(request.url).pathname);
  const words = downloadRefusalWords(outcome, locale);
  if ((request.headers.get("accept") ?? "").includes("application/json")) return downloadResponse(outcome, words);
  const back = outcome.error.is(READER_ERRORS.DOWNLOAD_NOT_FOUND) ? "/ebooks" : `/ebook/${params.id}`;
  throw await redirectWithToast(localeHref(back, locale), { kind: "error", ...words });
}

export function loader() {
  throw data(null, { status: 404 });
}
