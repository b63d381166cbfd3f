// How long the shop keeps what it records about readers' use of it (issue 35, Kenya's Data Protection Act 2019:
// no longer than the purpose needs). The privacy page, the README and the "retention" job all read these numbers.
import { REVERSAL_WINDOW_MS } from "~/modules/orders/order-recheck-schedule";
import { LOGIN_FAILURE_MEMORY_MS } from "~/modules/security/rate-limit";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Access and download logs (each opening of the reader, each ebook download). The download limit reads only the
 * last hour; the rest is kept as long as a card payment can be reversed (ADR 027's 120-day window), because the
 * log is the shop's evidence that a bought ebook was delivered when a buyer disputes the charge.
 */
export const ACCESS_LOG_RETENTION_DAYS = Math.round(REVERSAL_WINDOW_MS / DAY_MS);

/**
 * Rate-limit rows (sign-in failures, mail counts; their keys hold e-mail and IP addresses): deleted once idle this
 * long and not blocking, since a failure older than this no longer counts (rate-limit.ts).
 */
export const RATE_LIMIT_IDLE_HOURS = Math.round(LOGIN_FAILURE_MEMORY_MS / (60 * 60 * 1000));

/** Sessions (IP address, browser) are deleted once expired: nothing reads them after that. */
export const EXPIRED_SESSION_GRACE_DAYS = 0;

/**
 * The owner's analytics (issue 35) keep no record of a view, only numbers per day and page. Those daily numbers and
 * the daily counts of search words (which a reader typed, so they could name someone) are deleted after this many
 * days: the analytics screen's longest period is 12 months. Monthly search words go a month after their last day's;
 * monthly totals per page (no words a reader typed) are kept.
 */
export const ANALYTICS_DAILY_RETENTION_DAYS = 400;

/**
 * Member mail (issue 34): the record per recipient of each send (sent, failed, bounced, skipped, with the server's
 * answer) is deleted this long after its outcome. It exists to show a send's progress and to answer "did she get
 * it?" while that question is asked; her subscription and consents stay until she withdraws or deletes her account.
 */
export const MAIL_DELIVERY_RETENTION_DAYS = 90;

/** Mail caught by the development stand-in mailer (never used in production): a week is enough to read it. */
export const DEV_OUTBOX_RETENTION_DAYS = 7;

/**
 * Payment records (orders, payments, refunds, card renewals and their histories, M-Pesa prompts, payments received
 * and SMS receipts) and the receipts made from them:
 * kept 5 years after the payment, as Kenyan tax law requires of business records; an erased account's are kept
 * without her name or e-mail. No job deletes them earlier.
 */
export const PAYMENT_RECORD_RETENTION_YEARS = 5;

export const RETENTION_DAY_MS = DAY_MS;
