import { data, redirect, useRouteLoaderData } from "react-router";
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
import { TextLocked, type LockedText } from "~/components/reader/text-locked";
import { getEbookForViewer } from "~/modules/content/ebooks.server";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { withShownPrices } from "~/modules/pricing/shown-prices.server";
import type { Viewer } from "~/modules/access/policy";
import type { RouteFacts } from "~/lib/route-facts";
import { localeFromPath, localeHref, type Locale } from "~/lib/locale";
import { formatDate } from "~/lib/format";
import { metaT } from "~/modules/site/meta";

// An islands page in both languages (ADR 045, ADR 048: "/sw/ebook/:id/text" is the same module): rendered by the
// server only; text mode's own script (app/islands/text-reader-page.ts) does what needs script.
export const handle: RouteFacts = { islands: true };

/** Her place in the page's language: the section, and the paragraph at the top of her screen. */
const placeHref = (id: string, section: number, at: number, locale: Locale) =>
  localeHref(`/ebook/${id}/text?s=${section}${at > 0 ? `#b-${at}` : ""}`, locale);

/** The watermark's date: "29 Nov 2026" in English as before, "29 Novemba 2026" on a Swahili page (ADR 048). */
const watermarkDate = (now: Date, locale: Locale) =>
  locale === "en"
    ? now.toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    : formatDate(now.toISOString(), locale);

/**
 * A published ebook she may not read (yet): what would open it, with its price where she is. Null when there is no
 * such ebook for her to see, or when she may read it (then a missing or switched-off edition is simply not found).
 */
async function lockedText(request: Request, id: string, viewer: Viewer): Promise<LockedText | null> {
  const [found, { shown }] = await Promise.all([getEbookForViewer({ id, viewer }), priceCountries(request)]);
  if (!found || found.access === "read") return null;
  const [priced] = await withShownPrices(shown.code, [found]);
  return {
    ebook: { id: found.id, title: found.title, access: found.access, price: priced.shownPrice?.charged ?? null },
    signedIn: viewer.user !== null,
  };
}

// Text mode (issue 32): one section of the text edition per request, for a reader who may read the ebook now. A
// published ebook's existence is public, so anyone else is told what opens it (403, no text: issue 46); an ebook
// she cannot see at all, or an edition that is off or missing, is 404, as for the PDF's bytes.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { viewer, user } = await getRequestViewer(context);
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const asked = url.searchParams.get("s");
  if (asked === null) {
    // Opening the book: back where she stopped, on any device.
    const saved = await savedTextPosition(params.id, viewer);
    if (saved) throw redirect(placeHref(params.id, saved.section, saved.offset, locale));
  }
  const reading = await openTextSection({ ebookId: params.id, viewer, section: Number(asked ?? 0) });
  if (!reading || !user) {
    const locked = await lockedText(request, params.id, viewer);
    if (!locked) throw appErrorResponse("EBOOK_NOT_FOUND");
    return data({ locked }, { status: 403 });
  }
  // Data saver: a picture is a link to it until she taps (as on article pages).
  const section = isDataSaverRequest(request)
    ? { ...reading.section, blocks: picturesAsTapLinks(reading.section.blocks) }
    : reading.section;
  return {
    locked: null,
    ...reading,
    section,
    watermark: { email: user.email, date: watermarkDate(new Date(), locale) },
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
  // Back to where she was, on the page she posted from (a Swahili page posts to its own "/sw" address).
  return redirect(placeHref(params.id, section, at, localeFromPath(new URL(request.url).pathname)));
}

/**
 * Reached by a navigation inside a page React renders (an English page's link to text mode): text mode is the
 * server's page with its own script, so the browser loads it as a document. Never resolves; the load replaces this.
 */
export function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => undefined);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaT(matches);
  return [
    {
      title: loaderData?.locked
        ? `${loaderData.locked.ebook.title} | ${t("readerText.mode")} | Nuru`
        : loaderData && "section" in loaderData
          ? `${loaderData.section.title} | ${loaderData.ebook.title} | Nuru`
          : `${t("readerText.reader")} | Nuru`,
    },
    { name: "robots", content: "noindex" },
  ];
};

export default function EbookTextPage({ loaderData }: Route.ComponentProps) {
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.user?.offlineKey ?? null;
  if (loaderData.locked) return <TextLocked {...loaderData.locked} />;
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
