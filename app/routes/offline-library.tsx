import { useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/offline-library";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { SavedItem } from "~/lib/offline-library";
import { savedItemDetail, savedSummary } from "~/lib/offline-item-text";
import { useDataSaver } from "~/components/data-saver";
import { useIslands } from "~/components/islands";
import { useNonce } from "~/lib/nonce";
import type { RouteFacts } from "~/lib/route-facts";
import libraryScript from "~/islands/offline-library-page.ts?worker&url";

// An islands page (ADR 045): the server renders the frame, and offline-library-page.ts fills in the list from this
// device's Cache Storage (the copies never reach the server).
export const handle: RouteFacts = { islands: true };

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "Offline library",
    description: "Articles and ebooks saved on this phone for reading without a connection.",
    path: "/library/offline",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

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
    return (
      <SignInRequired what="Sign in to see the articles and ebooks saved on this phone." returnTo="/library/offline" />
    );

  async function remove(url: string) {
    const m = await import("~/lib/offline-library");
    await m.removeSaved(owner!, url);
    setItems(await m.listSaved(owner!));
  }

  const intro = (
    <>
      <h1 className="font-serif text-3xl font-bold text-gray-900">Offline library</h1>
      <p className="mt-2 text-gray-700">
        Articles and ebooks saved on this phone open without a connection for 30 days after the app last checked your
        access online. Signing out removes them.
      </p>
    </>
  );
  const noScript = <noscript>Saving for offline reading needs JavaScript and a browser that can keep pages.</noscript>;
  if (islands)
    // The list's parts as templates: the page's script reads her copies and puts them in place.
    return (
      <div className="mx-auto max-w-3xl px-4 py-10" data-offline-library="">
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
          <SavedRow item={{ url: "", title: "", kind: "", bytes: 0, savedAt: 0 }} />
        </template>
        <script type="module" src={libraryScript} nonce={nonce} />
      </div>
    );

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {intro}
      {items === null ? (
        <p className="mt-6 text-gray-700">
          {import.meta.env.SSR && dataSaver
            ? "Data saver is on, so this page has no script: turn it off to save articles and ebooks and see them here."
            : noScript}
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
  return (
    <div className="mt-6 rounded-2xl border border-rose-100 bg-white p-8 text-center shadow-sm">
      <h2 className="text-xl font-semibold text-gray-900">Nothing saved on this phone</h2>
      <p className="mt-2 text-gray-700">
        Tap “Save for offline” on an article you can read in full, or on an ebook in text mode.
      </p>
      <Link to="/articles" className="btn mt-6 inline-block px-5 py-2.5">
        Browse Articles
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

function SavedRow({ item, onRemove }: { item: Row; onRemove?: (url: string) => void }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm">
      <div className="min-w-0">
        <a href={item.url} className="font-semibold text-gray-900 hover:text-brand-700 hover:underline">
          {item.title}
        </a>
        <p className="mt-1 text-sm text-gray-600">{savedItemDetail(item)}</p>
      </div>
      <button
        type="button"
        className="bm bm-off"
        aria-label={`Remove ${item.title} from this phone`}
        onClick={onRemove ? () => onRemove(item.url) : undefined}
      >
        Remove
      </button>
    </li>
  );
}
