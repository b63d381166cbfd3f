import { redirect } from "react-router";
import { appErrorResponse } from "~/lib/app-error.server";
import type { Route } from "./+types/ebook-reader";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { openReader } from "~/modules/reader/reading.server";
import { hasTextEdition } from "~/modules/reader/text-edition.server";
import { signInHref } from "~/lib/sign-in-href";
import { redirectWithToast } from "~/modules/site/flash.server";
import { EbookReader } from "~/components/reader/ebook-reader";

export async function loader({ params, context }: Route.LoaderArgs) {
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
      throw await redirectWithToast(ebookPage, {
        kind: "error",
        title: "Access denied",
        message: "You do not have permission to view this ebook.",
      });
  }
  const now = new Date();
  return {
    ...opening,
    textHref: (await hasTextEdition(opening.ebook.id)) ? `${ebookPage}/text` : null,
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
