import { Transform } from "node:stream";
import { randomBytes } from "node:crypto";
import type { EntryContext } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "~/lib/nonce";
import { IslandsContext, islandsPage } from "~/components/islands";
import { ServerOnlyData } from "~/components/static-html";
import { documentRenderData } from "~/lib/document-render.server";
import { TemplateMarksContext } from "~/components/template-marks";
import { choiceMarks, renderingTemplate } from "~/lib/shared-render.server";
import { contentSecurityPolicy } from "~/lib/security-headers.server";
import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { bootDatabase } from "~/db/boot.server";
import { paymentPageOrigin } from "~/modules/payments/payment-gateway.server";
import { compactRouteManifest } from "~/lib/compact-route-manifest.server";
import { lowPriorityModulePreloads } from "~/lib/low-priority-module-preloads.server";

export const streamTimeout = 5_000;

// `npm run dev` serves pages through Vite's dev server, not http-server.server.ts, so nothing else opens the database
// there: it opens with the first load of this module (once per process; the state survives hot reloads).
if (import.meta.env.DEV && !process.env.VITEST)
  singleton("dev-database-boot", () => bootDatabase(getEnv()).catch((error) => console.error(error)));

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  const nonce = randomBytes(16).toString("base64");
  const env = getEnv();
  // Forms that redirect elsewhere: Google sign-in, and checkout to Pesapal's payment page.
  const formTargets = [env.GOOGLE_CLIENT_ID ? new URL(env.GOOGLE_AUTH_URL).origin : null, paymentPageOrigin()].filter(
    (origin): origin is string => origin !== null,
  );
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, env.isProduction, formTargets));

  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const islands = islandsPage(routerContext);
    // Crawlers get the whole document at once; so does a page no React will hydrate (an islands page, data saver):
    // React's streamed Suspense reveals are inline scripts, which such a page must not carry (data saver promises no
    // script at all) and which a page rendered once for many readers (ADR 049) would carry with its nonce token.
    const wholeDocument =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || islands || withoutScripts(routerContext);
    const readyOption: keyof RenderToPipeableStreamOptions = wholeDocument ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerOnlyData.Provider value={documentRenderData()}>
          <IslandsContext.Provider value={islands}>
            <TemplateMarksContext.Provider value={renderingTemplate() ? choiceMarks : null}>
              <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
            </TemplateMarksContext.Provider>
          </IslandsContext.Provider>
        </ServerOnlyData.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A whole document carries no streamed reveal: React 19.2 otherwise moves a finished Suspense boundary of more
        // than 500 bytes out of place (a hidden copy and an inline script) once the page passes 12,800 bytes, so with
        // no script (data saver, JavaScript off) a toast after a post stayed hidden on a long page (issue 50: My
        // Library grew past it with its alternates; tests/e2e/islands.test.ts).
        ...(wholeDocument ? { progressiveChunkSize: Number.POSITIVE_INFINITY } : {}),
        [readyOption]() {
          shellRendered = true;
          const body = coalescedHtml(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

/** A data saver page: no script at all (issue 32), so nothing of React in the browser either. */
function withoutScripts(context: EntryContext): boolean {
  return Boolean((context.staticHandlerContext.loaderData.root as { dataSaver?: boolean } | undefined)?.dataSaver);
}

/**
 * React writes a page in hundreds of small pieces; each would be its own socket write (a third of a signed-in
 * page's CPU went to writev). Pieces written in one turn of the event loop leave as one chunk; a part that waits
 * for data (a Suspense boundary) still streams as soon as it is ready.
 */
function coalescedHtml(onEnd: () => void) {
  let pieces: Buffer[] = [];
  let scheduled = false;
  let manifestPending = true;
  const send = () => {
    scheduled = false;
    if (pieces.length === 0) return;
    const chunk = pieces.length === 1 ? pieces[0] : Buffer.concat(pieces);
    pieces = [];
    if (manifestPending) {
      // The head's preloads and the route manifest come in the first chunks; after the manifest, nothing to rewrite.
      const compacted = compactRouteManifest(chunk);
      manifestPending = compacted === chunk;
      stream.push(lowPriorityModulePreloads(compacted));
    } else stream.push(chunk);
  };
  const stream = new Transform({
    transform(piece: Buffer, _encoding, callback) {
      pieces.push(piece);
      if (!scheduled) {
        scheduled = true;
        setImmediate(send);
      }
      callback();
    },
    flush(callback) {
      send();
      onEnd();
      callback();
    },
  });
  return stream;
}

// The HTTP server ships in the same bundle as the app (server.js loads the build and calls it).
export { startHttpServer } from "~/server/http-server.server";
