import { useEffect, useState } from "react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/offline-library";
import type { loader as rootLoader } from "~/root";
import { pageMeta } from "~/modules/site/meta";
import { getOptionalUser } from "~/modules/access/viewer.server";
import { SignInRequired } from "~/components/layout/sign-in-required";
import type { SavedItem } from "~/lib/offline-library";
import { formatBytes } from "~/lib/offline-size";
import { formatDate } from "~/lib/format";
import { useDataSaver } from "~/components/data-saver";

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

  const total = items?.reduce((sum, item) => sum + item.bytes, 0) ?? 0;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-serif text-3xl font-bold text-gray-900">Offline library</h1>
      <p className="mt-2 text-gray-700">
        Articles and ebooks saved on this phone open without a connection for 30 days after the app last checked your
        access online. Signing out removes them.
      </p>
      {items === null ? (
        <p className="mt-6 text-gray-700">
          {import.meta.env.SSR && dataSaver ? (
            "Data saver is on, so this page has no script: turn it off to save articles and ebooks and see them here."
          ) : (
            <noscript>Saving for offline reading needs JavaScript and a browser that can keep pages.</noscript>
          )}
        </p>
      ) : items.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-rose-100 bg-white p-8 text-center shadow-sm">
          <h2 className="text-xl font-semibold text-gray-900">Nothing saved on this phone</h2>
          <p className="mt-2 text-gray-700">
            Tap “Save for offline” on an article you can read in full, or on an ebook in text mode.
          </p>
          <Link to="/articles" className="btn mt-6 inline-block px-5 py-2.5">
            Browse Articles
          </Link>
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-gray-600">
            {items.length} saved · {formatBytes(total)} in all
          </p>
          <ul className="mt-3 space-y-3">
            {items.map((item) => (
              <li
                key={item.url}
                className="flex items-center justify-between gap-3 rounded-2xl border border-rose-100 bg-white p-4 shadow-sm"
              >
                <div className="min-w-0">
                  <a href={item.url} className="font-semibold text-gray-900 hover:text-brand-700 hover:underline">
                    {item.title}
                  </a>
                  <p className="mt-1 text-sm text-gray-600">
                    {item.kind === "ebook" ? "Ebook · " : ""}
                    {formatBytes(item.bytes)} · saved {formatDate(new Date(item.savedAt).toISOString())}
                  </p>
                </div>
                <button
                  type="button"
                  className="bm bm-off"
                  aria-label={`Remove ${item.title} from this phone`}
                  onClick={() => void remove(item.url)}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
