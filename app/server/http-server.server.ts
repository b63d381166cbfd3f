import path from "node:path";
import express from "express";
import compression from "compression";
import onHeaders from "on-headers";
import { createRequestHandler } from "@react-router/express";
import { documentRenderScope } from "~/lib/document-render.server";
import type { ServerBuild } from "react-router";
import { ConfigError, getEnv, localAddress, trustedProxyHops } from "~/lib/env.server";
import { PREPARE_DATA_ONLY, bootDatabase, closeDatabase, prepareDataDirectory } from "~/db/boot.server";
import { applyServerRuntimeSettings } from "~/lib/runtime-settings.server";
import { indexRouteFacts } from "~/lib/route-facts";
import { settleMemoryWhenIdle } from "~/lib/settle-memory.server";
import { appDatabase } from "~/db/client.server";
import { DATABASE_DOWN_PAGE, DATABASE_DOWN_RETRY_SECONDS, databaseOutage } from "~/db/outage.server";
import { sharedHealthCheck } from "~/lib/shared-health-check.server";
import { baseSecurityHeaders } from "~/lib/security-headers.server";
import { isSameOriginOrSafe } from "~/lib/csrf.server";
import { checkBody, checkTarget, type BodyLimits } from "~/lib/request-guards";
import { loadStandIns } from "~/lib/stand-ins.server";
import { configurePesapal } from "~/modules/payments/payment-gateway.server";
import { PERSONAL_CACHE_CONTROL } from "~/lib/cache-control";
import { precompressedAssets } from "~/lib/precompressed.server";
import { createGuestPageCache } from "~/lib/guest-page-cache.server";
import { clearPublicReads, enablePublicReads } from "~/lib/public-reads.server";
import { onAdminChange } from "~/lib/admin-changes.server";
import { onContentNotified } from "~/modules/live/content-events.server";
import { priceCountries } from "~/modules/pricing/visitor-country.server";
import { pageEventScope } from "~/lib/page-events.server";
import { countArrival, countServedPage } from "~/modules/analytics/counter.server";
import { logger, errorFields } from "~/lib/logger.server";
import { observability } from "./observability.server";
import { createSignedInPages } from "./signed-in-pages.server";

/**
 * The HTTP server: security headers, request guards, static assets, the guest page cache and React Router's handler,
 * then the database boot and graceful shutdown. It is part of the server build (server.js only loads the build and
 * calls this), so the app's code and its heaviest libraries load once, from one bundle (ADR 020).
 */
export async function startHttpServer({ build, root }: { build: ServerBuild; root: string }) {
  applyServerRuntimeSettings();
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (process.env[PREPARE_DATA_ONLY] === "1") {
    // The child of a first start on PGlite (boot.server.ts): prepare the data directory, and nothing else.
    await prepareDataDirectory(env);
    process.exit(0);
  }

  // What routes declare about themselves in their handle (guest page, cross-site posts, a large form), as lists.
  const routeFacts = indexRouteFacts(build.routes);
  // The largest upload an admin may send (the biggest kind's limit plus multipart framing); each kind is held to its
  // own limit while the upload streams in.
  const uploadBodyLimit = Math.max(env.UPLOAD_PDF_MAX_MB, 100) * 1024 * 1024 + 64 * 1024;
  // Forms whose schema allows more than the 64 KB every other form gets: each body limit fits what the form accepts.
  const bodyLimits: BodyLimits = { upload: uploadBodyLimit, largeForms: routeFacts.largeForms };

  const app = express();
  app.disable("x-powered-by");
  // Set by SIGTERM/SIGINT: /readyz fails from that moment, and every response written from then on closes its
  // connection, so keep-alive clients move to another process instead of being cut later.
  let draining = false;
  // Live-refresh event streams never end on their own: the drain closes them (the browser reconnects, through the
  // load balancer, to another process) instead of waiting for the deadline.
  const eventStreams = new Set<express.Response>();
  app.use((_req, res, next) => {
    onHeaders(res, () => {
      if (draining) res.setHeader("Connection", "close");
      if (/^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? ""))) {
        eventStreams.add(res);
        res.once("close", () => eventStreams.delete(res));
      }
    });
    next();
  });
  const proxyHops = trustedProxyHops(env);
  if (proxyHops > 0) app.set("trust proxy", proxyHops);
  // Operations (ADR 042): a request id on every response, one log line and one latency figure per request (first,
  // so refusals below are counted too), and /metrics behind METRICS_TOKEN.
  const observed = observability(build.routes, env, proxyHops > 0);
  app.use(observed.requestLog);
  app.get("/metrics", observed.metrics);

  // Server-sent events must reach the browser as they are written, so they are never compressed (buffered).
  app.use(
    compression({
      filter: (req, res) =>
        // compression.filter is the library's own test of a response, not an array callback.
        // eslint-disable-next-line unicorn/no-array-callback-reference
        /^text\/event-stream/i.test(String(res.getHeader("Content-Type") ?? "")) ? false : compression.filter(req, res),
    }),
  );
  app.use((_req, res, next) => {
    const { "Content-Security-Policy": csp, ...rest } = baseSecurityHeaders(env.isProduction);
    for (const [name, value] of Object.entries(rest)) res.setHeader(name, value);
    // Documents carry their own nonce-bearing policy; every other response gets the strict default.
    onHeaders(res, () => {
      if (!res.getHeader("Content-Security-Policy")) res.setHeader("Content-Security-Policy", csp);
    });
    next();
  });

  // The client address for rate limits, taken from the socket (or the trusted proxy), never from the client.
  app.use((req, _res, next) => {
    req.headers["x-nuru-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    next();
  });

  // Addresses with NUL bytes or broken escapes, and bodies no form sends or too large to read: refused before any
  // route reads them (a 413 is sent before a byte of the body is read).
  app.use((req, res, next) => {
    const refusal = checkTarget(req.originalUrl) ?? checkBody(req.method, req.path, req.headers, bodyLimits);
    if (!refusal) return next();
    res.setHeader("Connection", "close");
    res.status(refusal.status).type("text/plain").send(refusal.message);
  });

  // Cross-site request forgery: a state-changing request must come from the shop's own pages. Routes whose handle
  // says `crossSitePosts` are posted to by other servers: Pesapal's IPN (it grants nothing on its own word, every
  // order is verified with Pesapal) and RFC 8058 one-click unsubscribe (its signed token authorises it).
  app.use((req, res, next) => {
    if (routeFacts.takesCrossSitePosts(req.path)) return next();
    if (isSameOriginOrSafe(req.method, req.headers, env.PUBLIC_URL, proxyHops > 0)) return next();
    res
      .status(403)
      .type("text/plain")
      .send("This request did not come from a Nuru page. Please go back, reload and try again.");
  });

  const databaseHealthy = sharedHealthCheck(() => appDatabase.handle!.ping());
  // Liveness: the process answers. Never asks the database, so a database blip does not restart every process.
  app.get("/livez", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ status: "ok" });
  });
  // Readiness: send traffic here. The database answers, migrations are applied, and the process is not draining.
  // /healthz is the old name, kept for callers configured before /readyz existed.
  app.get(["/readyz", "/healthz"], async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    const handle = appDatabase.handle;
    if (draining) {
      res.status(503).json({ status: "draining" });
      return;
    }
    if (!appDatabase.ready || !handle) {
      res.status(503).json({ status: "starting", database: "starting" });
      return;
    }
    if (await databaseHealthy()) res.json({ status: "ok", database: handle.kind });
    else {
      databaseOutage.suspected = true;
      res.status(503).setHeader("Retry-After", String(DATABASE_DOWN_RETRY_SECONDS));
      res.json({ status: "error", database: "unreachable" });
    }
  });

  // Hashed, immutable build assets; everything else in public/ gets a short cache.
  app.use("/assets", precompressedAssets(path.join(root, "build/client/assets")));
  app.use("/assets", express.static(path.join(root, "build/client/assets"), { immutable: true, maxAge: "1y" }));
  // Files in public/ all have an extension: page addresses skip the file lookup (a stat on every page request).
  const publicFiles = express.static(path.join(root, "build/client"), { maxAge: "1h" });
  app.use((req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? publicFiles(req, res, next) : next()));

  app.use((_req, res, next) => {
    if (appDatabase.ready) return next();
    res.status(503).setHeader("Retry-After", "2").send("Nuru is starting, please retry in a moment.");
  });

  // The database down (a restart, a failover, a paused pooler): a request that failed on a lost connection answers
  // 503 with Retry-After rather than 500, and until a probe (at most one a second, shared) finds the database again,
  // every request gets the short page at once instead of waiting on a connection. The pool opens new connections by
  // itself, so the shop recovers without a restart.
  app.use(async (_req, res, next) => {
    onHeaders(res, () => {
      if (res.statusCode >= 500 && databaseOutage.suspected) {
        res.statusCode = 503;
        res.setHeader("Retry-After", String(DATABASE_DOWN_RETRY_SECONDS));
      }
    });
    if (!databaseOutage.suspected) return next();
    if (await databaseHealthy()) {
      databaseOutage.suspected = false;
      return next();
    }
    res
      .status(503)
      .setHeader("Retry-After", String(DATABASE_DOWN_RETRY_SECONDS))
      .setHeader("Cache-Control", "no-store")
      .type("html")
      .send(DATABASE_DOWN_PAGE);
  });

  // Outside production without Pesapal credentials: a local Pesapal stand-in, reached over HTTP like the real one.
  const standIns = loadStandIns();
  const local = standIns && (await (await standIns).startLocalPesapal(env));
  if (local) configurePesapal(local.connection);
  const localPesapal = local?.standIn;
  if (localPesapal)
    console.log(`Payments: local Pesapal stand-in at ${localPesapal.url} (test payment page, no money moves)`);

  // Pages and their data depend on who asks (session, flash message): never stored by a shared cache unless a
  // route says otherwise (feeds, robots.txt, media).
  app.use((_req, res, next) => {
    onHeaders(res, () => {
      if (!res.getHeader("Cache-Control")) res.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    });
    next();
  });
  // Page views counted for the owner (issue 35), in front of the guest page cache so its hits count too: numbers
  // per day and page in memory, never who asked.
  if (env.ANALYTICS_COUNTING === "true") {
    const scope = pageEventScope((events, request) => countServedPage(events, request));
    app.use((req, res, next) => (routeFacts.countsViews(req.path) ? scope(req, res, next) : next()));
    // Where readers come from (issue 46): arrivals at public pages by the other site's domain and the campaign.
    const publicUrl = new URL(env.PUBLIC_URL);
    app.use((req, res, next) => {
      if (req.method === "GET" && routeFacts.isGuestPage(req.path))
        res.once("finish", () => {
          if (res.statusCode !== 200 && res.statusCode !== 304) return;
          // The shop's own address with the page's query (the Host header is the client's to choose).
          const url = new URL(publicUrl.origin);
          url.pathname = req.path;
          url.search = req.originalUrl.split("?")[1] ?? "";
          countArrival({ url, headers: req.headers });
        });
      next();
    });
  }
  let signedInPages: ReturnType<typeof createSignedInPages> | null = null;
  // Guests' public pages are rendered once per country and served again until content changes (ADR 016).
  if (env.GUEST_PAGE_CACHE === "true") {
    // What the visitor's country is decided from besides her cookies: her address, a CDN's country header.
    const visitorHeaders = ["x-nuru-client-ip", ...(env.COUNTRY_HEADER ? [env.COUNTRY_HEADER] : [])];
    const visitor = async (req: express.Request) => {
      // The same decision the pages make, from the only inputs it reads.
      const headers = new Headers();
      for (const name of ["cookie", ...visitorHeaders]) {
        const value = req.headers[name.toLowerCase()];
        if (typeof value === "string") headers.set(name, value);
      }
      const { shown, charging } = await priceCountries(new Request("http://nuru.invalid/", { headers }));
      // CASE: her pick differs from where she is -> pages also name the charging country's prices (ADR 026), so
      // both are in the key, and a page that depends on her address is never one a shared cache may keep.
      const country = shown.code === charging.code ? shown.code : `${shown.code}>${charging.code}`;
      const dependsOnIp = shown.source === "ip" || (shown.code !== charging.code && charging.source === "ip");
      return { country, source: dependsOnIp ? "ip" : shown.source } as const;
    };
    const guestPages = createGuestPageCache({
      isPublicPage: routeFacts.isGuestPage,
      guestQuery: routeFacts.guestQuery,
      countryHeader: env.COUNTRY_HEADER,
      visitor,
    });
    // Signed-in readers' pages rendered once per access level, her own parts filled in per request (ADR 049).
    signedInPages =
      env.SHARED_RENDER === "true"
        ? createSignedInPages({
            build,
            isSharedPage: routeFacts.isSharedPage,
            pageQuery: routeFacts.guestQuery,
            visitor,
            visitorHeaders,
            revealState: !env.isProduction,
          })
        : null;
    // Public reads shared between requests (lists, slides, plans) follow the same rule as the guest pages.
    enablePublicReads();
    onContentNotified(() => {
      guestPages.clear();
      signedInPages?.clear();
      clearPublicReads();
    });
    // An admin's change made through this process is visible on the very next request, even before the database's
    // notification arrives (other processes rely on the notification). Told by the admin guard after her change
    // succeeded, never by the bare fact of a POST to /admin (issue 46 item 1).
    onAdminChange(() => {
      guestPages.clear();
      signedInPages?.clear();
      clearPublicReads();
    });
    app.use(guestPages.middleware);
  }
  app.use(documentRenderScope);
  // After the document scope: a shared render is a document render like any other (ADR 022).
  if (signedInPages) app.use(signedInPages.middleware);
  app.all(
    "/{*splat}",
    // This server only ever serves a production build (`react-router dev` has its own); in "development" mode React
    // Router would send error stacks to clients.
    createRequestHandler({ build, mode: "production" }),
  );

  const server = app.listen(env.PORT, env.HOST, () => {
    const address = server.address();
    const port = typeof address === "object" && address ? address.port : env.PORT;
    // The banner prints the address links and callbacks use, so a reader opening it comes back from the payment
    // page signed in (PORT=0 has no address before binding: then the bound one).
    console.log(`Nuru listening on ${env.PORT === 0 ? localAddress(env.HOST, port) : env.PUBLIC_URL}`);
  });

  bootDatabase(env, console.log, path.join(root, "server.js")).then(
    () => settleMemoryWhenIdle(),
    (error) => {
      logger.fatal(errorFields(error), "Database failed to start");
      process.exit(1);
    },
  );

  // Graceful drain (issue 48): readiness fails at once; new connections are still taken during the grace (a load
  // balancer sends a few until it sees /readyz fail), then refused; requests in flight (downloads, IPNs, checkouts)
  // finish, and only at the deadline are the connections still open cut. Then jobs finish (or their lock goes with
  // their transaction), and the pools close. A second signal ends at once.
  const graceMs = (env.SHUTDOWN_GRACE_SECONDS ?? (env.isProduction ? 5 : 0)) * 1000;
  const timeoutMs = env.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) {
      console.log(`${signal} received again, stopping now`);
      process.exit(1);
    }
    stopping = true;
    draining = true;
    const deadline = Date.now() + timeoutMs;
    console.log(
      `${signal} received: draining (new connections refused in ${graceMs / 1000} s, requests in flight get up to ${timeoutMs / 1000} s)`,
    );
    const cut = setTimeout(() => {
      console.log("Shutdown deadline reached: closing the connections still open");
      server.closeAllConnections();
    }, timeoutMs);
    if (graceMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(graceMs, timeoutMs)));
    const closed = new Promise((resolve) => server.close(resolve));
    // Keep-alive connections between requests are closed now; those serving a response close when it is done (the
    // response carries Connection: close), or are swept here once idle.
    server.closeIdleConnections();
    for (const stream of eventStreams) stream.socket?.destroy();
    const sweep = setInterval(() => server.closeIdleConnections(), 200);
    await closed;
    clearInterval(sweep);
    clearTimeout(cut);
    try {
      await localPesapal?.close();
      // A job run in progress gets what is left of the deadline; past it the process exits and the run's lock goes
      // with its transaction (the next tick runs the job again).
      await Promise.race([
        closeDatabase(),
        new Promise((resolve) => setTimeout(resolve, Math.max(deadline - Date.now(), 1000))),
      ]);
    } finally {
      process.exit(0);
    }
  }
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}
