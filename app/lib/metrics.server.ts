// Prometheus metrics (ADR 042), one registry per process, served at /metrics behind METRICS_TOKEN. Counters and
// the request histogram are kept in memory by this process; the database gauges (orders by state, mail queue depth)
// are read when Prometheus scrapes, so every process reports the same figure (sum counters, take max of gauges).
// Labels are fixed sets or route patterns: never an address, a reader, an order or an e-mail.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { singleton } from "./singleton.server";

interface Metrics {
  registry: Registry;
  requestDuration: Histogram<"method" | "route" | "status_class">;
  gatewayCalls: Counter<"operation">;
  gatewayFailures: Counter<"operation" | "code">;
  jobRuns: Counter<"job" | "outcome">;
}

const metrics = singleton<Metrics>("metrics", () => {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "nuru_" });
  return {
    registry,
    requestDuration: new Histogram({
      name: "nuru_http_request_duration_seconds",
      help: "Time from a request's arrival to its response's end, by route pattern and status class",
      labelNames: ["method", "route", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    gatewayCalls: new Counter({
      name: "nuru_gateway_calls_total",
      help: "HTTP exchanges with the payment gateway (Pesapal), each attempt counted",
      labelNames: ["operation"],
      registers: [registry],
    }),
    gatewayFailures: new Counter({
      name: "nuru_gateway_failures_total",
      help: "Gateway exchanges that failed (timeout, network, refusal, unreadable answer), by error code",
      labelNames: ["operation", "code"],
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: "nuru_job_runs_total",
      help: "Scheduled job offers by outcome: ran, failed, already-ran (another process had the tick), busy",
      labelNames: ["job", "outcome"],
      registers: [registry],
    }),
  };
});

export const metricsRegistry = metrics.registry;

/** "2xx", "4xx"...: one series per class, not per status. */
export function statusClass(status: number): string {
  return `${Math.floor(status / 100)}xx`;
}

export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  metrics.requestDuration.observe({ method, route, status_class: statusClass(status) }, seconds);
}

/** Runs one gateway exchange, counting it and (when it throws) its failure by the error's code. */
export async function countGatewayCall<T>(operation: string, call: () => Promise<T>): Promise<T> {
  metrics.gatewayCalls.inc({ operation });
  try {
    return await call();
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    metrics.gatewayFailures.inc({ operation, code: typeof code === "string" ? code : "ERROR" });
    throw error;
  }
}

export function countJobRun(job: string, outcome: string): void {
  metrics.jobRuns.inc({ job, outcome });
}

/**
 * A gauge read from the database when Prometheus scrapes: `read` returns a figure per label value. A failed read
 * leaves the gauge empty for that scrape (the scrape itself still answers: the request metrics matter most when the
 * database does not).
 */
export function registerScrapeGauge(options: {
  name: string;
  help: string;
  labelName?: string;
  read: () => Promise<Record<string, number> | number>;
}): void {
  if (metrics.registry.getSingleMetric(options.name)) return;
  const labelNames = options.labelName ? [options.labelName] : [];
  new Gauge({
    name: options.name,
    help: options.help,
    labelNames,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      const figures = await options.read().catch(() => undefined);
      if (figures === undefined) return;
      if (typeof figures === "number") this.set(figures);
      else for (const [label, value] of Object.entries(figures)) this.set({ [options.labelName!]: label }, value);
    },
  });
}
