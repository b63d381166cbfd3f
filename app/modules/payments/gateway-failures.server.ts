// Pesapal calls that got no usable answer, counted per hour (issue 30 item 7): the admins are e-mailed when they
// repeat (admin-alerts.server.ts). A refusal (Pesapal answered and said no) is an answer, not a failure.
import { desc, gte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { gatewayFailureHours } from "~/db/schema";
import { isPesapalError } from "./pesapal/errors";

const HOUR_MS = 3_600_000;

/** The start of the clock hour `now` falls in. */
export function hourOf(now: Date): Date {
  return new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
}

/** Whether an error means Pesapal could not be reached or could not answer (not a refusal). */
export function isGatewayFailure(error: unknown): boolean {
  return !isPesapalError(error, "PESAPAL_REJECTED");
}

/** Counts one failed call. Never throws: a failure to count must not hide the failure being handled. */
export async function recordGatewayFailure(what: string, error: unknown, now = new Date()): Promise<void> {
  if (!isGatewayFailure(error)) return;
  const detail = `${what}: ${isPesapalError(error) ? error.code : error instanceof Error ? error.message : String(error)}`;
  try {
    await getDb()
      .insert(gatewayFailureHours)
      .values({ hour: hourOf(now), failures: 1, lastError: detail.slice(0, 300), lastAt: now })
      .onConflictDoUpdate({
        target: gatewayFailureHours.hour,
        set: {
          failures: sql`${gatewayFailureHours.failures} + 1`,
          lastError: detail.slice(0, 300),
          lastAt: now,
        },
      });
  } catch (countError) {
    console.error("Gateway failure not counted:", countError);
  }
}

/**
 * Failures in the clock hour `now` falls in and the one before it (a rolling view without per-call rows), with the
 * hour of the latest one: an alert names that hour, so one burst is mailed once, and failures that go on into a new
 * hour are mailed again.
 */
export async function recentGatewayFailures(
  now = new Date(),
): Promise<{ failures: number; lastError: string | null; lastHour: Date | null }> {
  const rows = await getDb()
    .select()
    .from(gatewayFailureHours)
    .where(gte(gatewayFailureHours.hour, new Date(hourOf(now).getTime() - HOUR_MS)))
    .orderBy(desc(gatewayFailureHours.hour));
  const latest = rows[0];
  return {
    failures: rows.reduce((total, row) => total + row.failures, 0),
    lastError: latest?.lastError ?? null,
    lastHour: latest?.hour ?? null,
  };
}
