// The retention rules run as the hourly "retention" job (jobs.server.ts). Each delete is one statement over an
// indexed or small table, so a run stays short however long the shop has been running.
import { and, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  contentDailyCounts,
  devOutbox,
  ebookAccessLogs,
  mailDeliveries,
  searchDailyCounts,
  searchMonthlyCounts,
  sessions,
  sourceDailyCounts,
} from "~/db/schema";
import { pruneRateLimits } from "~/modules/security/rate-limit.server";
import {
  ACCESS_LOG_RETENTION_DAYS,
  ANALYTICS_DAILY_RETENTION_DAYS,
  DEV_OUTBOX_RETENTION_DAYS,
  EXPIRED_SESSION_GRACE_DAYS,
  MAIL_DELIVERY_RETENTION_DAYS,
  RATE_LIMIT_IDLE_HOURS,
  RETENTION_DAY_MS,
} from "./retention-rules";
import { nairobiDate } from "~/lib/nairobi-time";

export interface RetentionRun {
  accessLogs: number;
  sessions: number;
  rateLimits: number;
  devMail: number;
  /** Daily analytics rows (page counts and search words) past their period. */
  analyticsDays: number;
  /** Member mail records per recipient whose outcome is older than their period. */
  mailDeliveries: number;
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * RETENTION_DAY_MS);

export async function applyRetention(db: Database, now: Date = new Date()): Promise<RetentionRun> {
  const accessLogs = await db
    .delete(ebookAccessLogs)
    .where(lt(ebookAccessLogs.accessedAt, daysBefore(now, ACCESS_LOG_RETENTION_DAYS)))
    .returning({ id: ebookAccessLogs.id });
  const expired = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, daysBefore(now, EXPIRED_SESSION_GRACE_DAYS)))
    .returning({ id: sessions.id });
  const rateLimits = await pruneRateLimits(db, now, RATE_LIMIT_IDLE_HOURS * 60 * 60 * 1000);
  const devMail = await db
    .delete(devOutbox)
    .where(lt(devOutbox.createdAt, daysBefore(now, DEV_OUTBOX_RETENTION_DAYS)))
    .returning({ id: devOutbox.id });
  const oldestKept = nairobiDate(daysBefore(now, ANALYTICS_DAILY_RETENTION_DAYS));
  const contentDays = await db
    .delete(contentDailyCounts)
    .where(lt(contentDailyCounts.day, oldestKept))
    .returning({ day: contentDailyCounts.day });
  const searchDays = await db
    .delete(searchDailyCounts)
    .where(lt(searchDailyCounts.day, oldestKept))
    .returning({ day: searchDailyCounts.day });
  // Arrivals by site and campaign (issue 46) go with the other daily counts (the 12-month view reads 365 days of them).
  await db.delete(sourceDailyCounts).where(lt(sourceDailyCounts.day, oldestKept));
  // A month's search words go with its last day.
  const searchMonths = await db
    .delete(searchMonthlyCounts)
    .where(lt(searchMonthlyCounts.month, sql`(${oldestKept}::date - interval '1 month')::date`))
    .returning({ month: searchMonthlyCounts.month });
  // Finished rows only (queued and sending ones are the queue itself). next_attempt_at is never later than the
  // outcome of a sent or skipped row, so the (status, next_attempt_at) index narrows the scan; updated_at decides.
  const mailCutoff = daysBefore(now, MAIL_DELIVERY_RETENTION_DAYS);
  const deliveries = await db
    .delete(mailDeliveries)
    .where(
      and(
        inArray(mailDeliveries.status, ["sent", "failed", "bounced", "skipped"]),
        lt(mailDeliveries.nextAttemptAt, new Date(mailCutoff.getTime() + RETENTION_DAY_MS)),
        lt(mailDeliveries.updatedAt, mailCutoff),
      ),
    )
    .returning({ id: mailDeliveries.id });
  return {
    accessLogs: accessLogs.length,
    sessions: expired.length,
    rateLimits,
    devMail: devMail.length,
    analyticsDays: contentDays.length + searchDays.length + searchMonths.length,
    mailDeliveries: deliveries.length,
  };
}

export function describeRetentionRun(r: RetentionRun): string {
  return `access logs ${r.accessLogs}, expired sessions ${r.sessions}, rate limits ${r.rateLimits}, dev mail ${r.devMail}, analytics day rows ${r.analyticsDays}, mail deliveries ${r.mailDeliveries}`;
}
