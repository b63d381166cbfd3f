// Pesapal calls that got no usable answer, counted per hour (issue 30 item 7): the admins are e-mailed when they
// repeat (admin-alerts.server.ts). A refusal (Pesapal answered and said no) is an answer, not a failure.
import { and, gte, sql, sum } from "drizzle-orm";
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

/** Failures in the clock hour `now` falls in and the one before it (a rolling view without per-call rows). */
export async function recentGatewayFailures(now = new Date()): Promise<{ failures: number; lastError: string | null }> {
  const db = getDb();
  const since = new Date(hourOf(now).getTime() - HOUR_MS);
  const [total] = await db
    .select({ failures: sum(gatewayFailureHours.failures).mapWith(Number) })
    .from(gatewayFailureHours)
    .where(and(gte(gatewayFailureHours.hour, since)));
  const [last] = await db
    .select({ lastError: gatewayFailureHours.lastError })
    .from(gatewayFailureHours)
    .where(gte(gatewayFailureHours.hour, since))
    .orderBy(sql`${gatewayFailureHours.lastAt} desc`)
    .limit(1);
  return { failures: total?.failures ?? 0, lastError: last?.lastError ?? null };
}
