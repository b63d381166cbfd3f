import { redirect } from "react-router";
import { appErrorResponse } from "~/lib/app-error.server";
import type { Route } from "./+types/ebook-reader";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { openReader } from "~/modules/reader/reading.server";
import { hasTextEdition } from "~/modules/reader/text-edition.server";
import { signInHref } from "~/lib/sign-in-href";
import { redirectWithToast } from "~/modules/site/flash.server";
import { EbookReader } from "~/components/reader/ebook-reader";
import { isDataSaverRequest } from "~/lib/data-saver";
import { DataSaverSwitch, useDataSaver } from "~/components/data-saver";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  const opening = await openReader({ ebookId: params.id, viewer });
  const ebookPage = `/ebook/${params.id}`;
  switch (opening.kind) {
    case "not-found":
      throw appErrorResponse("EBOOK_NOT_FOUND");
    case "sign-in":
      throw redirect(signInHref(`${ebookPage}/read`));
    case "confirm-unlock":
      throw redirect(ebookPage);
    case "denied":
      // Never a bare "Access denied" (issue 46): the page shows her the contents, a sample and what opens the rest.
      throw await redirectWithToast(`${ebookPage}#sample`, {
        kind: "error",
        title: "Read a sample first",
        message: "Buy this ebook or choose a plan to read all of it. Its contents and a sample are on this page.",
      });
  }
  const textHref = (await hasTextEdition(opening.ebook.id)) ? `${ebookPage}/text` : null;
  // Data saver: pages carry no script, and the PDF reader is all script (issue 46: "Loading ebook..." forever). Text
  // mode works without one; asked for the PDF (`?pdf`), or with no text edition, the page says how to open its reader.
  if (textHref && isDataSaverRequest(request) && !new URL(request.url).searchParams.has("pdf"))
    throw redirect(textHref);
  const now = new Date();
  return {
    ...opening,
    textHref,
    watermark: {
      email: user!.email,
      date: now.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" }),
    },
  };
}

// The reader keeps its own file URL fresh; re-running the loader would log another opening.
export function shouldRevalidate() {
  return false;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.ebook.title} | Reader | Nuru` : "Reader | Nuru" },
  { name: "robots", content: "noindex" },
];

export default function EbookReaderPage({ loaderData }: Route.ComponentProps) {
  const dataSaver = useDataSaver();
  if (import.meta.env.SSR && dataSaver)
    return <NeedsScripts title={loaderData.ebook.title} id={loaderData.ebook.id} textHref={loaderData.textHref} />;
  return (
    <EbookReader
      ebook={loaderData.ebook}
      file={loaderData.file}
      initialPage={loaderData.lastPage}
      watermark={loaderData.watermark}
      textHref={loaderData.textHref}
    />
  );
}

/** Data saver and the PDF reader: it needs its script, so she is told so, offered the switch and text mode. */
function NeedsScripts({ title, id, textHref }: { title: string; id: string; textHref: string | null }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-800">
        This ebook opens in the page reader, which needs JavaScript. Data saver turns JavaScript off, so the reader
        cannot open here.
      </p>
      <DataSaverSwitch
        on
        returnTo={`/ebook/${id}/read`}
        className="mt-5"
        buttonClassName="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      />
      {textHref ? (
        <p className="mt-4">
          <a href={textHref} className="font-semibold text-brand-700 underline">
            Read it in text mode (works with data saver)
          </a>
        </p>
      ) : null}
      <p className="mt-4">
        <a href={`/ebook/${id}`} className="font-semibold text-brand-700 underline">
          Back to the ebook
        </a>
      </p>
    </div>
  );
}
