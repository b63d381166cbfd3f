// What the HTTP server adds for operations (ADR 042): the request log with its request id, and /metrics with the
// gauges Prometheus reads from the database when it scrapes.
import type { ServerBuild } from "react-router";
import type { Env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { registerScrapeGauge } from "~/lib/metrics.server";
import { metricsEndpoint } from "~/lib/metrics-endpoint.server";
import { requestLog } from "~/lib/request-log.server";
import { routePatternMatcher } from "~/lib/route-patterns";
import { appDatabase } from "~/db/client.server";
import { countOrdersByState } from "~/modules/payments/order-state-counts.server";
import { memberMailQueueDepth } from "~/modules/member-mail/queue-depth.server";
import { mailQueueDepth } from "~/lib/mail/mail-queue.server";

/** Reads the database only once it is open and migrated; before that a scrape reports no figure. */
function whenReady<T>(read: () => Promise<T>): () => Promise<T> {
  return () => (appDatabase.ready ? read() : Promise.reject(new Error("database not ready")));
}

export function observability(routes: ServerBuild["routes"], env: Env, trustProxy: boolean) {
  logger.level = env.LOG_LEVEL;
  registerScrapeGauge({
    name: "nuru_orders",
    help: "Orders (payments) by state, read from the database at each scrape",
    labelName: "state",
    read: whenReady(countOrdersByState),
  });
  registerScrapeGauge({
    name: "nuru_member_mail_queue_depth",
    help: "Member mail deliveries queued or being sent, read from the database at each scrape",
    read: whenReady(memberMailQueueDepth),
  });
  registerScrapeGauge({
    name: "nuru_transactional_mail_queue_depth",
    help: "Receipts, refund and gift mails queued or being sent (ADR 046), read from the database at each scrape",
    read: whenReady(mailQueueDepth),
  });
  return {
    requestLog: requestLog({ logger, routeOf: routePatternMatcher(routes), trustProxy }),
    metrics: metricsEndpoint(env.METRICS_TOKEN),
  };
}
