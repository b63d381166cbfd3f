// One log line and one latency observation per request, and a request id on every response (ADR 042). The line holds
// the method, the route pattern (never the address: slugs say what a reader reads, query strings carry sign-in codes
// and tokens), the status and the duration; no cookie, header or e-mail address is read into it.
import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "./logger.server";
import { observeRequest } from "./metrics.server";

/** What a proxy's X-Request-Id may be to be passed on: a UUID, a hex or base64url id; anything else is replaced. */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export interface RequestLogOptions {
  logger: Logger;
  /** The request's route pattern ("/articles/:slug"), from its path without the query string. */
  routeOf: (path: string) => string;
  /** Behind a trusted proxy (TRUST_PROXY): its X-Request-Id is kept, so one id follows a request through both logs. */
  trustProxy: boolean;
}

export function requestLog({ logger, routeOf, trustProxy }: RequestLogOptions) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    const offered = trustProxy ? req.headers["x-request-id"] : undefined;
    const requestId = typeof offered === "string" && PROXY_REQUEST_ID.test(offered) ? offered : randomUUID();
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // req.path is the address without its query string.
      const route = routeOf(req.path);
      const status = res.statusCode;
      observeRequest(req.method, route, status, seconds);
      const fields = {
        reqId: requestId,
        method: req.method,
        route,
        status,
        ms: Math.round(seconds * 10_000) / 10,
        // The client went away before the whole answer was written (a closed tab, a cut connection).
        ...(res.writableFinished ? {} : { aborted: true }),
      };
      // /readyz answers 503 while the process starts or drains: that is its job, not a failure.
      if (status >= 500 && route !== "/readyz") logger.error(fields, "request");
      // Hashed build assets: a dozen a page, always the same answer; counted in the metrics, logged only at debug.
      else if (route === "/assets/*") logger.debug(fields, "request");
      else logger.info(fields, "request");
    });
    next();
  };
}
