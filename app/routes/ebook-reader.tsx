import { redirect } from "react-router";
import { appErrorResponse } from "~/lib/app-error.server";
import type { Route } from "./+types/ebook-reader";
import { getRequestViewer } from "~/modules/access/viewer.server";
import { openReader } from "~/modules/reader/reading.server";
import { hasTextEdition } from "~/modules/reader/text-edition.server";
import { signInHref } from "~/lib/sign-in-href";
import { redirectWithToast } from "~/modules/site/flash.server";
import { PdfReaderFrame } from "~/components/reader/pdf-reader-frame";
import { isDataSaverRequest } from "~/lib/data-saver";
import { DataSaverSwitch, useDataSaver } from "~/components/data-saver";
import type { RouteFacts } from "~/lib/route-facts";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import { useLocalHref, useT } from "~/lib/i18n/use-t";
import { metaT } from "~/modules/site/meta";
import { translator } from "~/lib/i18n/i18n";
import { INTL_LOCALE, localeFromPath, localeHref, localizedHref } from "~/lib/locale";
import readerScript from "~/islands/pdf-reader-page.ts?worker&url";

// An islands page in both languages (ADR 045, 048): the server renders the reader's frame in the page's language and
// app/islands/pdf-reader-page.ts opens the PDF in it; no React in the browser.
export const handle: RouteFacts = { islands: true };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  const opening = await openReader({ ebookId: params.id, viewer });
  // Every way on keeps her in the page's language (issue 50).
  const locale = localeFromPath(new URL(request.url).pathname);
  const ebookPage = localeHref(`/ebook/${params.id}`, locale);
  switch (opening.kind) {
    case "not-found":
      throw appErrorResponse("EBOOK_NOT_FOUND");
    case "sign-in":
      throw redirect(signInHref(`${ebookPage}/read`));
    case "confirm-unlock":
      throw redirect(ebookPage);
    case "denied": {
      // Never a bare "Access denied" (issue 46): the page shows her the contents, a sample and what opens the rest.
      const t = translator(locale);
      throw await redirectWithToast(`${ebookPage}#sample`, {
        kind: "error",
        title: t("readerPdf.denied.title"),
        message: t("readerPdf.denied.message"),
      });
    }
  }
  const textHref = (await hasTextEdition(opening.ebook.id))
    ? localizedHref(`/ebook/${opening.ebook.id}/text`, locale)
    : null;
  // Data saver: pages carry no script, and the PDF reader is all script (issue 46: "Loading ebook..." forever). Text
  // mode works without one; asked for the PDF (`?pdf`), or with no text edition, the page says how to open its reader.
  if (textHref && isDataSaverRequest(request) && !new URL(request.url).searchParams.has("pdf"))
    throw redirect(textHref);
  const date = new Date().toLocaleDateString(INTL_LOCALE[locale], {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
  return { ...opening, textHref, watermark: `${user!.email} · ${date}` };
}

/**
 * Reached by a navigation inside a page React renders (an English page's link to the reader): the reader is the server's page with its
 * own script, so the browser loads it as a document. Never resolves; the document load replaces this page.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs) {
  window.location.assign(request.url);
  return new Promise<never>(() => undefined);
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const reader = metaT(matches)("readerPdf.title");
  return [
    { title: loaderData ? `${loaderData.ebook.title} | ${reader} | Nuru` : `${reader} | Nuru` },
    { name: "robots", content: "noindex" },
  ];
};

export default function EbookReaderPage({ loaderData }: Route.ComponentProps) {
  const dataSaver = useDataSaver();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  if (import.meta.env.SSR && dataSaver)
    return <NeedsScripts title={loaderData.ebook.title} id={loaderData.ebook.id} textHref={loaderData.textHref} />;
  return (
    <>
      <PdfReaderFrame
        ebook={loaderData.ebook}
        file={loaderData.file}
        initialPage={loaderData.lastPage}
        watermark={loaderData.watermark}
        textHref={loaderData.textHref}
      />
      {islands ? <script type="module" src={readerScript} nonce={nonce} data-pdf-reader-page="" /> : null}
    </>
  );
}

/** Data saver and the PDF reader: it needs its script, so she is told so, offered the switch and text mode. */
function NeedsScripts({ title, id, textHref }: { title: string; id: string; textHref: string | null }) {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div className="mx-auto max-w-xl px-4 py-10">
      <h1 className="font-serif text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mt-3 text-gray-800">{t("readerPdf.needsScripts")}</p>
      <DataSaverSwitch
        on
        returnTo={localHref(`/ebook/${id}/read`)}
        className="mt-5"
        buttonClassName="inline-flex min-h-11 items-center rounded-full bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700"
      />
      {textHref ? (
        <p className="mt-4">
          <a href={textHref} className="font-semibold text-brand-700 underline">
            {t("readerPdf.textMode")}
          </a>
        </p>
      ) : null}
      <p className="mt-4">
        <a href={localHref(`/ebook/${id}`)} className="font-semibold text-brand-700 underline">
          {t("readerPdf.backToEbook")}
        </a>
      </p>
    </div>
  );
}
