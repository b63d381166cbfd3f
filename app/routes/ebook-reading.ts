import { data } from "react-router";
import type { Route } from "./+types/ebook-reading";
import { getViewer } from "~/modules/access/viewer.server";
import { FILE_HEADERS, renewFileUrl } from "~/modules/reader/ebook-files.server";
import { saveLastPage } from "~/modules/reader/reading.server";
import { saveTextPosition, saveTextSettingsAsOf } from "~/modules/reader/text-edition.server";
import { readSubmission, refuseForm } from "~/lib/forms.server";
import { refusal } from "~/lib/app-error.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { readingPostSchema } from "~/modules/reader/reading-form";
import { offlineKey } from "~/modules/offline/offline-key.server";

// What the open reader asks of the server: a fresh file URL before the old one expires, and saving her place.
// Answers JSON in the one action shape, with the file headers (never cached).
export async function action({ request, params, context }: Route.ActionArgs) {
  const { submission } = await readSubmission(request, readingPostSchema);
  if (submission.status !== "success") return refuseForm(submission, { headers: FILE_HEADERS });
  const viewer = await getViewer(context);
  const posted = submission.value;
  const answer = (saved: boolean) =>
    saved
      ? data({ ok: true, saved }, { headers: FILE_HEADERS })
      : refusal(READER_ERRORS.READING_PLACE_NOT_SAVED, { headers: FILE_HEADERS });

  if (posted.intent === "renew") {
    const file = await renewFileUrl({ ebookId: params.id, viewer });
    // 404 whatever the reason, like the file itself: the reader then closes with 'Access denied'.
    if (!file) return refusal(READER_ERRORS.READER_ACCESS_ENDED, { headers: FILE_HEADERS });
    return data({ ok: true, ...file }, { headers: FILE_HEADERS });
  }
  if (posted.intent === "progress") {
    return answer(
      await saveLastPage({ ebookId: params.id, viewer, page: posted.page, pageCount: posted.pages || undefined }),
    );
  }
  // A place or settings sent late (queued by the service worker while she had no connection, ADR 033) name whose they
  // are: they are replayed with whoever's session the browser holds then, and must never change anyone else's.
  if (posted.owner !== undefined && (!viewer.user || posted.owner !== offlineKey(viewer.user.id)))
    return refusal(READER_ERRORS.READING_PLACE_NOT_YOURS, { headers: FILE_HEADERS });
  if (posted.intent === "text-settings") {
    // Her text settings as she chose them in an offline copy of this ebook: the newest choice wins. They are hers,
    // not the ebook's: a guest gets 404 like every other intent here.
    const { takenAt, fontSize, lineHeight, theme } = posted;
    return answer(await saveTextSettingsAsOf(viewer, { fontSize, lineHeight, theme }, takenAt));
  }
  const { section, offset, takenAt } = posted;
  return answer(await saveTextPosition({ ebookId: params.id, viewer, section, offset, takenAt }));
}

export function loader() {
  throw data(null, { status: 404 });
}
