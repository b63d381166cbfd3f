import { createHmac } from "node:crypto";
import { getEnv } from "~/lib/env.server";

/**
 * The name of her offline cache on a device (ADR 033): stable for her, different for everyone else, and not her
 * account id (a page may show it to anyone who looks at the device). It grants nothing: every copy is fetched from a
 * gated route with her session.
 */
export function offlineKey(userId: string): string {
  return createHmac("sha256", getEnv().AUTH_SECRET).update(`offline-library:${userId}`).digest("hex").slice(0, 24);
}
