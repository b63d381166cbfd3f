/**
 * The database's health, asked of the database at most once per `maxAgeMs` however many probes arrive: /healthz is
 * public, and on the embedded database every ping waits in the one queue readers' queries use, so a flood of probes
 * (a load balancer's, or anyone's) must not become a flood of queries. Probes that arrive while a ping runs share
 * its answer; a failed ping answers "unhealthy" and the next probe after `maxAgeMs` asks again.
 */
export function sharedHealthCheck(ping: () => Promise<boolean>, { maxAgeMs = 1_000, now = Date.now } = {}) {
  let last: { askedAt: number; healthy: Promise<boolean> } | undefined;
  return (): Promise<boolean> => {
    const at = now();
    if (last && at - last.askedAt < maxAgeMs) return last.healthy;
    const healthy = ping().then(
      (ok) => ok,
      () => false,
    );
    last = { askedAt: at, healthy };
    return healthy;
  };
}
