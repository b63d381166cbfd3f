// GET /metrics for Prometheus (ADR 042). Off unless METRICS_TOKEN is set (404, as for any unknown address); with it,
// only a request bearing that token gets the figures (401 otherwise), as they describe the business (orders by state).
import { createHash, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import { metricsRegistry } from "./metrics.server";

const digest = (value: string) => createHash("sha256").update(value).digest();

export function metricsEndpoint(token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    if (!expected) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const offered = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
    // Compared as digests of equal length, in constant time.
    if (!timingSafeEqual(digest(offered), expected)) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  };
}
