import { useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/offline-library";
import type { loader as rootLoader } from "~/root";
import { metaT, pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { SavedItem } from "~/lib/offline-library";
import { removeLabel, savedItemDetail, savedSummary, type OfflineWords } from "~/lib/offline-item-text";
import { useDataSaver } from "~/components/data-saver";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import type { RouteFacts } from "~/lib/route-facts";
import libraryScript from "~/islands/offline-library-page.ts?worker&url";
import { useLocale, useLocalHref, useT } from "~/lib/i18n/use-t";
import type { Translate } from "~/lib/i18n/i18n";

// An islands page (ADR 045): the server renders the frame, and offline-library-page.ts fills in the list from this
// device's Cache Storage (the copies never reach the server).
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaT(matches);
  return [
    ...pageMeta({
      title: t("nav.offlineLibrary"),
      description: t("offlineLibrary.description"),
      path: "/library/offline",
      matches,
    }),
    { name: "robots", content: "noindex" },
  ];
};

/** The words a Swahili page gives its script for the lines it writes (English pages carry none). */
function offlineWords(t: Translate): OfflineWords {
  return {
    locale: "sw",
    ebook: t("offlineLibrary.ebook"),
    // Templates: their placeholders filled with themselves, for the script to fill.
    saved: t("offlineLibrary.saved", { date: "{date}" }),
    summary: t("offlineLibrary.summary", { count: "{count}", size: "{size}" }),
    remove: t("offlineLibrary.remove", { title: "{title}" }),
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  return { signedIn: (await getOptionalUser(context)) !== null };
}

/**
 * Her offline library (ADR 033): what is saved on this device lives in the browser, so the list is read there.
 * Without a connection the service worker shows the offline page, which lists the same copies.
 */
export default function OfflineLibrary({ loaderData }: Route.ComponentProps) {
  const owner = useRouteLoaderData<typeof rootLoader>("root")?.user?.offlineKey;
  const [items, setItems] = useState<SavedItem[] | null>(null);
  const dataSaver = useDataSaver();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const nonce = useNonce();
  const t = useT();
  const localHref = useLocalHref();
  const sw = useLocale() === "sw";
  const words = import.meta.env.SSR && sw ? offlineWords(t) : undefined;
  useEffect(() => {
    if (!owner || !("caches" in window)) return;
    let live = true;
    void import("~/lib/offline-library").then(async (m) => {
      const saved = await m.listSaved(owner);
      if (live) setItems(saved);
    });
    return () => {
      live = false;
    };
  }, [owner]);
  if (!loaderData.signedIn || !owner)
    return <SignInRequired what={t("offlineLibrary.signIn")} returnTo={localHref("/library/offline")} />;

  async function remove(url: string) {
    const m = await import("~/lib/offline-library");
    await m.removeSaved(owner!, url);
    setItems(await m.listSaved(owner!));
  }

  const intro = (
    <>
      <h1 className="font-serif text-3xl font-bold text-gray-900">{t("nav.offlineLibrary")}</h1>
      <p className="mt-2 text-gray-700">{t("offlineLibrary.intro")}</p>
    </>
  );
  const noScript = <noscript>{t("offlineLibrary.noScript")}</noscript>;
  if (islands)
    // The list's parts as templates: the page's script reads her copies and puts them in place.
    return (
      <div
        className="mx-auto max-w-3xl px-4 py-10"
        data-offline-library=""
        data-offline-words={words ? JSON.stringify(words) : undefined}
      >
        {intro}
        <p className="mt-6 text-gray-700" data-offline-waiting="">
          {noScript}
        </p>
        <template data-offline-empty="">
          <NothingSaved />
        </template>
        <template data-offline-list="">
          <SavedList items={[]} />
        </template>
        <template data-offline-item="">
          <SavedRow item={{ url: "", title: "", kind: "", bytes: 0, savedAt: 0 }} words={words} />
        </template>
        <script type="module" src={libraryScript} nonce={nonce} />
      </div>
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {intro}
      {items === null ? (
        <p className="mt-6 text-gray-700">
          {import.meta.env.SSR && dataSaver ? t("offlineLibrary.dataSaver") : noScript}
        </p>
      ) : items.length === 0 ? (
        <NothingSaved />
      ) : (
        <SavedList items={items} onRemove={(url) => void remove(url)} />
      )}
    </div>
  );
}

function NothingSaved() {
  const t = useT();
  const localHref = useLocalHref();
  return (
    <div className="mt-6 rounded-2xl border border-rose-100 bg-white p-8 text-center shadow-sm">
      <h2 className="text-xl font-semibold text-gray-900">{t("offlineLibrary.nothing")}</h2>
      <p className="mt-2 text-gray-700">{t("offlineLibrary.nothingHint")}</p>
      <Link to={localHref("/articles")} className="btn mt-6 inline-block px-5 py-2.5">
        {t("bookmarks.browseArticles")}
      </Link>
    </div>
  );
}

type Row = Pick<SavedItem, "url" | "title" | "kind" | "bytes" | "savedAt">;

/** Her saved copies with their sizes (data-offline-summary and the list are what an islands page's script fills). */
function SavedList({ items, onRemove }: { items: Row[]; onRemove?: (url: string) => void }) {
  return (
    <>
      <p className="mt-6 text-sm text-gray-600" data-offline-summary="">
        {savedSummary(items)}
      </p>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <SavedRow key={item.url} item={item} onRemove={onRemove} />
        ))}
      </ul>
    </>
  );
}

function SavedRow({ item, onRemove, words }: { item: Row; onRemove?: (url: string) => void; words?: OfflineWords }) {
  const t = useT();
  return (
    <li className="flex items-center justify-between gap-3 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm">
      <div className="min-w-0">
        <a href={item.url} className="font-semibold text-gray-900 hover:text-brand-700 hover:underline">
          {item.title}
        </a>
        <p className="mt-1 text-sm text-gray-600">{savedItemDetail(item, words)}</p>
      </div>
      <button
        type="button"
        className="bm bm-off"
        aria-label={removeLabel(item.title, words)}
        onClick={onRemove ? () => onRemove(item.url) : undefined}
      >
        {t("offlineLibrary.removeButton")}
      </button>
    </li>
  );
}
