import { redirect, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/ebook-text";
import { getRequestViewer } from "~/modules/access/viewer.server";
import {
  currentTextSettings,
  mayReadText,
  openTextSection,
  savedTextPosition,
  saveTextSettings,
} from "~/modules/reader/text-edition.server";
import { changeTextSettings } from "~/modules/reader/text-settings";
import { picturesAsTapLinks } from "~/modules/reader/text-pictures.server";
import { isDataSaverRequest } from "~/lib/data-saver";
import { textSettingsChangeSchema } from "~/modules/reader/text-settings-schemas";
import { appErrorResponse } from "~/lib/app-error.server";
import { readSubmission } from "~/lib/forms.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { TextReader } from "~/components/reader/text-reader";

const placeHref = (id: string, section: number, at: number) =>
  `/ebook/${id}/text?s=${section}${at > 0 ? `#b-${at}` : ""}`;

// Text mode (issue 32): one section of the text edition per request, for a reader who may read the ebook now;
// anyone else gets 404, as for the PDF's bytes.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  const asked = new URL(request.url).searchParams.get("s");
  if (asked === null) {
    // Opening the book: back where she stopped, on any device.
    const saved = await savedTextPosition(params.id, viewer);
    if (saved) throw redirect(placeHref(params.id, saved.section, saved.offset));
  }
  const reading = await openTextSection({ ebookId: params.id, viewer, section: Number(asked ?? 0) });
  if (!reading || !user) throw appErrorResponse("EBOOK_NOT_FOUND");
  // Data saver: a picture is a link to it until she taps (as on article pages).
  const section = isDataSaverRequest(request)
    ? { ...reading.section, blocks: picturesAsTapLinks(reading.section.blocks) }
    : reading.section;
  return {
    ...reading,
    section,
    watermark: {
      email: user.email,
      date: new Date().toLocaleDateString("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        timeZone: "UTC",
      }),
    },
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer } = await getRequestViewer(context);
  if (!(await mayReadText(params.id, viewer))) throw appErrorResponse("EBOOK_NOT_FOUND");
  const { submission } = await readSubmission(request, textSettingsChangeSchema);
  // CASE: a setting the reader's buttons do not send -> the error page (the reader has no form to show it beside).
  if (submission.status !== "success") throw appErrorResponse(READER_ERRORS.TEXT_SETTING_UNKNOWN);
  const { change, section, at } = submission.value;
  await saveTextSettings(viewer, changeTextSettings(await currentTextSettings(viewer), change));
  return redirect(placeHref(params.id, section, at));
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.section.title} | ${loaderData.ebook.title} | Nuru` : "Reader | Nuru" },
  { name: "robots", content: "noindex" },
];

export default function EbookTextPage({ loaderData }: Route.ComponentProps) {
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.user?.offlineKey ?? null;
  return (
    <TextReader
      ebook={loaderData.ebook}
      toc={loaderData.toc}
      section={loaderData.section}
      settings={loaderData.settings}
      progress={loaderData.progress}
      watermark={loaderData.watermark}
      owner={owner}
    />
  );
}
