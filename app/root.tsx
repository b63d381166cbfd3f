import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "~/lib/nonce";
import { SiteHeader } from "~/components/layout/site-header";
import { SiteFooter } from "~/components/layout/site-footer";
import { BottomNav } from "~/components/layout/bottom-nav";
import { ScrollToTopButton } from "~/components/layout/scroll-to-top-button";
import { ErrorView as ServerErrorView } from "~/components/layout/error-view";
import { errorWords } from "~/components/layout/error-words";
import { swahiliErrorWords } from "~/components/layout/error-words-sw";
import { getShellData } from "~/modules/site/shell.server";
import { viewerMiddleware } from "~/modules/accounts/request-viewer.server";
import { useSignInLinks, type SignInRequest } from "~/components/auth/use-sign-in-links";
import { usePageLinkNavigation } from "~/components/ui/page-link";
import { DataSaverScope } from "~/components/data-saver";
import { useIslands } from "~/components/islands";
import { NoscriptRefresh } from "~/components/commerce/noscript-refresh";
import islandsScript from "~/islands/reader-page.ts?worker&url";
import type { ToastMessage } from "~/components/ui/toast";
import { registerOfflineWorker } from "~/lib/offline-worker";
import { useLocale, useT } from "~/lib/i18n/use-t";
import { translator } from "~/lib/i18n/i18n";
import { islandWords } from "~/lib/i18n/island-words";
import { hasSwahiliVersion, localeHref, stripLocale, switchNext } from "~/lib/locale";
import { pageAlternatesOf } from "~/lib/page-alternates";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "manifest", href: "/manifest.webmanifest" },
];

// Every request gets its viewer (read lazily, once) in React Router's request context (access/viewer.server.ts).
export const middleware: Route.MiddlewareFunction[] = [viewerMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { shell, headers } = await getShellData({ request, context });
  return data(shell, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const out = new Headers();
  for (const cookie of [...actionHeaders.getSetCookie(), ...loaderHeaders.getSetCookie()])
    out.append("Set-Cookie", cookie);
  // A response made for her alone (the offer of the Swahili page, ADR 048) says so.
  const cacheControl = loaderHeaders.get("Cache-Control");
  if (cacheControl) out.set("Cache-Control", cacheControl);
  return out;
};

// The error page's code loads in the browser only when there is an error to show; the server renders it at once
// (the client build drops the static import), and hydration waits for the chunk.
const ErrorView = import.meta.env.SSR
  ? ServerErrorView
  : lazy(() => import("~/components/layout/error-view").then((m) => ({ default: m.ErrorView })));

// Loaded only when there is a message to show.
const Toast = lazy(() => import("~/components/ui/toast").then((m) => ({ default: m.Toast })));
const SignInDialog = lazy(() => import("~/components/auth/sign-in-dialog").then((m) => ({ default: m.SignInDialog })));

/**
 * The flash toast outlives the loader data that brought it: a revalidation (the home page's live refresh, a form
 * elsewhere on the page) reads the shell again without the flash, and the toast must stay until its own timer hides it.
 */
function useHeldFlash(flash: ToastMessage | null) {
  const [held, setHeld] = useState(flash);
  const [last, setLast] = useState(flash);
  if (flash !== last) {
    setLast(flash);
    if (flash) setHeld(flash);
  }
  return held;
}

/**
 * The installable app's service worker (ADR 033), registered once the page has loaded. It is told who is signed in
 * (her offline library's key, or null) whenever that changes: it then deletes anyone else's saved copies and, online,
 * asks the shop which of hers she may still read. The page itself loads no offline code for this.
 */
function useOfflineLibrary(owner: string | null | undefined) {
  useEffect(() => {
    // undefined: the shell did not load (an error page), so who is signed in is unknown; nothing is deleted.
    if (owner === undefined) return;
    return registerOfflineWorker(owner);
  }, [owner]);
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const shell = useRouteLoaderData<typeof loader>("root");
  const user = shell?.user ?? null;
  const flash = useHeldFlash(shell?.flash ?? null);
  // Only the server renders data saver (its pages have no script): in the browser this is always false.
  const dataSaver = import.meta.env.SSR && (shell?.dataSaver ?? false);
  // A reader page rendered without React in the browser (ADR 045; entry.server decides): one small plain script
  // wires its controls up instead of the React client.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: the browser never renders islands
  const islands = import.meta.env.SSR && useIslands();
  const [signIn, setSignIn] = useState<SignInRequest | null>(null);
  const openSignIn = useCallback((request: SignInRequest) => setSignIn(request), []);
  useSignInLinks(!user, openSignIn);
  usePageLinkNavigation();
  useOfflineLibrary(shell ? (user?.offlineKey ?? null) : undefined);
  // The browser renders English pages only (every Swahili page is an islands page, ADR 045 and 048).
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: hooks keep their order in each build
  const locale = import.meta.env.SSR ? useLocale() : "en";
  const t = useT();
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* First, before the script preloads: the first paint needs only the stylesheet (ADR 016). */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#be123c" />
        <Meta />
        <Links />
        {/* Feed readers look for the feed in the page's head (issue 46 item 10); its title in the page's language (right
            after the links above, where it was one of them, with their nonce: an English page's head is as it was). */}
        <link nonce={nonce} rel="alternate" type="application/rss+xml" title={t("shell.rssTitle")} href="/rss.xml" />
        {import.meta.env.SSR ? <LanguageAlternates origin={shell?.origin ?? ""} /> : null}
        {islands ? <NoscriptRefresh /> : null}
      </head>
      <DataSaverScope on={dataSaver}>
        <body className="flex min-h-screen flex-col bg-white pb-16 text-gray-900 antialiased md:pb-0">
          <a
            href="#main"
            className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            {t("shell.skip")}
          </a>
          {import.meta.env.SSR && shell?.offerSwahili ? <SwahiliOffer /> : null}
          <SiteHeader user={user} />
          {flash ? (
            <Suspense fallback={null}>
              <Toast toast={flash} />
            </Suspense>
          ) : null}
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter
            supportEmail={shell?.supportEmail ?? "support@nuru.test"}
            country={shell?.country ?? null}
            dataSaver={dataSaver}
          />
          <BottomNav signedIn={Boolean(user)} />
          <ScrollToTopButton />
          {signIn && !user ? (
            <Suspense fallback={null}>
              <SignInDialog
                open
                onClose={() => setSignIn(null)}
                googleEnabled={shell?.googleEnabled ?? false}
                redirectTo={signIn.redirectTo}
                initialView={signIn.view}
                reason={signIn.reason}
              />
            </Suspense>
          ) : null}
          {/* Data saver: the page as the server rendered it, no script at all (every page works without one). An
              islands page: the same, plus its one script (with who is signed in, for her offline library's key). */}
          {dataSaver ? null : islands ? (
            <script
              type="module"
              src={islandsScript}
              nonce={nonce}
              data-islands=""
              data-owner={shell ? (user?.offlineKey ?? "") : undefined}
              // A Swahili page's words for what its scripts write (app/lib/page-words.ts); none on an English page.
              data-words={import.meta.env.SSR && locale === "sw" ? islandWords() : undefined}
            />
          ) : (
            <>
              <ScrollRestoration nonce={nonce} />
              <Scripts nonce={nonce} />
            </>
          )}
        </body>
      </DataSaverScope>
    </html>
  );
}

/**
 * A page in both languages names both to search engines (issue 50): hreflang en, sw and x-default (English), with
 * the list's page as its canonical link has it. After the feed's link, which stays the head's first alternate.
 * Server only: such a page is an islands page (ADR 045), never rendered by the browser.
 */
function LanguageAlternates({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  // A page whose other language is another address (an article and its translation) names it (page-alternates.ts).
  const own = pageAlternatesOf(useMatches());
  if (!hasSwahiliVersion(pathname)) return null;
  const page = Number(new URLSearchParams(search).get("page"));
  const path = stripLocale(pathname) + (page > 1 ? `?page=${page}` : "");
  const english = origin + (own?.en ?? localeHref(path, "en"));
  return (
    <>
      <link rel="alternate" hrefLang="en" href={english} />
      <link rel="alternate" hrefLang="sw" href={origin + (own?.sw ?? localeHref(path, "sw"))} />
      <link rel="alternate" hrefLang="x-default" href={english} />
    </>
  );
}

/**
 * One line above the header for a first visit whose browser prefers Swahili (issue 50): a link to this page in
 * Swahili, never a redirect. Written in Swahili, for the reader it is meant for; only ever on a personal response
 * (shell.server.ts).
 */
function SwahiliOffer() {
  const { pathname, search } = useLocation();
  const t = translator("sw");
  return (
    <p lang="sw" className="bg-rose-50 px-4 py-2 text-center text-sm">
      <a
        href={`/language?to=sw&next=${encodeURIComponent(switchNext(pathname, search))}`}
        hrefLang="sw"
        className="underline"
      >
        {t("shell.offerSwahili")}
      </a>
    </p>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  // A Swahili error page is rendered by the server only (components/islands.tsx): its words are Swahili, those of the
  // error's code where the shop names it (issue 50). The browser's build drops this branch.
  // eslint-disable-next-line react-hooks/rules-of-hooks -- a build-time constant: hooks keep their order in each build
  const swahili = import.meta.env.SSR && useLocale() === "sw";
  if (!isRouteErrorResponse(error)) {
    console.error(error);
    return (
      <Suspense fallback={null}>
        <ErrorView />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={null}>
      <ErrorView status={error.status} error={swahili ? swahiliErrorWords(error.data) : errorWords(error.data)} />
    </Suspense>
  );
}
