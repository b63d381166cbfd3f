// The shop's scheduled work (ADR 015), run by the in-process scheduler of every app process, each job once per tick.
import type { DatabaseHandle } from "~/db/client.server";
import type { Env } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { recheckOrders } from "~/modules/payments/order-rechecks.server";
import { describeAlertRun, sendAdminAlerts } from "~/modules/payments/admin-alerts.server";
import { settleUnknownRefunds } from "~/modules/payments/refunds.server";
import { expireSubscriptions, sendEndedNotices, sendRenewalReminders } from "~/modules/membership/subscriptions.server";
import { sendDueGifts } from "~/modules/membership/gifts.server";
import { runMaintenance } from "~/modules/security/maintenance.server";
import { applyDueSwitches } from "~/modules/membership/upgrades.server";
import { applyRetention, describeRetentionRun } from "~/modules/privacy/retention.server";
import { drainMailQueueSoon, queueWeeklyDigest } from "~/modules/member-mail/member-queue.server";
import { processTextEditions } from "~/modules/reader/text-edition.server";
import { processSmsQueue } from "~/modules/sms/sms-queue.server";
import { processMailQueue } from "~/lib/mail/mail-queue.server";
// The queued mails' composers (ADR 046), registered when their modules load: named here so that every process running
// the "mail" job has them, whatever else it imports.
import "~/modules/payments/receipt-mail.server";
import "~/modules/payments/refund-mail.server";
import { createScheduler, pruneJobRuns, type Job, type Scheduler } from "./scheduler.server";

export const JOBS: readonly Job[] = [
  {
    // Orders whose outcome can still change, asked about again with Pesapal (ADR 027): pending ones on the 1 min /
    // 5 min / 30 min / 2 h / 24 h schedule, then cancelled at Pesapal and abandoned; failed ones (then abandoned),
    // abandoned ones not yet cancelled, and completed ones within the 120-day reversal window (daily to weekly).
    name: "reconcile-payments",
    everySeconds: 60,
    async run({ now }) {
      const r = await recheckOrders(now);
      return `checked ${r.checked}, changed ${r.changed}, abandoned ${r.abandoned}, cancelled ${r.cancelled}, unreachable ${r.unreachable}`;
    },
  },
  {
    // Refunds whose outcome is unknown (answer lost, crash) asked about with Pesapal: 1 min, 5 min, 30 min, 2 h, daily.
    name: "settle-refunds",
    everySeconds: 60,
    async run({ now }) {
      const r = await settleUnknownRefunds(now);
      return `checked ${r.checked}, settled ${r.settled}, still unknown ${r.unknown}`;
    },
  },
  {
    // Ended periods expire, queued renewals start, roles follow; then the "plan has ended" e-mails.
    name: "expire-subscriptions",
    everySeconds: 60,
    async run({ now }) {
      const expiry = await expireSubscriptions(now);
      const ended = await sendEndedNotices(now);
      return `expired ${expiry.expired}, started ${expiry.started}, ended e-mails ${ended.sent} (failed ${ended.failed})`;
    },
  },
  {
    // Switches to a lower plan whose period has ended take effect (ADR 039): her renewal is the lower plan now.
    name: "plan-switches",
    everySeconds: 60,
    async run({ now }) {
      const r = await applyDueSwitches(now);
      return `switched ${r.switched}`;
    },
  },
  {
    // Orders in review, refunds with an unknown outcome, unmatched card charges and repeated Pesapal failures
    // e-mailed to the admins: new items only, at most one mail per kind an hour (issue 30 item 7).
    name: "admin-alerts",
    everySeconds: 300,
    async run({ now }) {
      return describeAlertRun(await sendAdminAlerts(now));
    },
  },
  {
    // Gifts' claim mails (ADR 038) on their Nairobi delivery day, queued then and sent by the mail queue (ADR 046).
    name: "deliver-gifts",
    everySeconds: 300,
    async run({ now }) {
      const r = await sendDueGifts(now);
      return `sent ${r.sent} (failed ${r.failed})`;
    },
  },
  {
    name: "renewal-reminders",
    everySeconds: 300,
    async run({ now }) {
      const r = await sendRenewalReminders(now);
      return `sent ${r.sent} (failed ${r.failed})`;
    },
  },
  {
    // Member mail (issue 34, ADR 035): the week's digest queued once (from Monday), then what is due in the queue,
    // within the SMTP rate limit. Every process may also send (rows are claimed with SKIP LOCKED); the lock here
    // only keeps this process's drains from overlapping.
    name: "member-mail",
    everySeconds: 60,
    async run({ now }) {
      const digest = await queueWeeklyDigest(now);
      await drainMailQueueSoon();
      return digest ? `digest queued for ${digest.queued}` : "queue drained";
    },
  },
  {
    // Ebook text editions asked for by an admin's save or re-extract (issue 32, ADR 032), made from the EPUB or the
    // PDF out of her request. The save also starts this process's drain at once; this picks up the rest (a restart,
    // a retry). Rows are claimed with SKIP LOCKED, so any number of processes make each edition once.
    name: "text-editions",
    everySeconds: 60,
    async run({ db, now }) {
      const r = await processTextEditions({ db, now });
      return `ready ${r.ready}, failed ${r.failed}, retrying ${r.retrying}, superseded ${r.superseded}`;
    },
  },
  {
    // SMS receipts of M-Pesa grants (issue 49, ADR 044): queued with the grant, sent here from any process (rows are
    // claimed with SKIP LOCKED, so none goes twice); retries after 1, 5, 15, 60 and 240 minutes. A grant also starts
    // its process's drain at once; this picks up the rest (a restart, a retry).
    name: "sms",
    everySeconds: 60,
    async run({ db, now }) {
      let total = { claimed: 0, sent: 0, rejected: 0, retrying: 0, failed: 0 };
      for (let batch = 0; batch < 10; batch += 1) {
        const r = await processSmsQueue({ db, now });
        total = {
          claimed: total.claimed + r.claimed,
          sent: total.sent + r.sent,
          rejected: total.rejected + r.rejected,
          retrying: total.retrying + r.retrying,
          failed: total.failed + r.failed,
        };
        if (r.claimed === 0) break;
      }
      return `sent ${total.sent}, refused ${total.rejected}, retrying ${total.retrying}, failed ${total.failed}`;
    },
  },
  {
    // Receipts, refund mails and gifts' claim mails (ADR 046): queued with the change that causes them, sent by the
    // request after its commit; this sends what that missed (a crash, an SMTP failure) from any process (rows are
    // claimed with SKIP LOCKED, so none goes twice), retrying after 1, 5, 15, 60 and 240 minutes. The kinds' composers
    // are registered by the modules imported above (payments' receipt and refund mails, membership's gifts).
    name: "mail",
    everySeconds: 60,
    async run({ db, now }) {
      const total = { sent: 0, skipped: 0, retrying: 0, failed: 0 };
      for (let batch = 0; batch < 10; batch += 1) {
        const r = await processMailQueue({ db, now });
        for (const outcome of Object.keys(total) as (keyof typeof total)[]) total[outcome] += r[outcome];
        if (r.claimed === 0) break;
      }
      return `sent ${total.sent}, skipped ${total.skipped}, retrying ${total.retrying}, failed ${total.failed}`;
    },
  },
  {
    // Idle rate-limit rows, expired one-time links, and this scheduler's own run log.
    name: "prune",
    everySeconds: 3600,
    async run({ db, now }) {
      const r = await runMaintenance(db, now);
      const runs = await pruneJobRuns(db, now);
      return `rate limits ${r.rateLimitRows}, links ${r.verifications}, job runs ${runs}`;
    },
  },
  {
    // What the shop records about readers' use of it, deleted after the periods in privacy/retention-rules.ts (access
    // and download logs, expired sessions, idle rate-limit rows, the stand-in mailer's outbox): the privacy page and
    // the README state the same periods.
    name: "retention",
    everySeconds: 3600,
    async run({ db, now }) {
      return describeRetentionRun(await applyRetention(db, now));
    },
  },
];

const state = singleton("jobs", () => ({ scheduler: undefined as Scheduler | undefined }));

/** Starts this process's scheduler unless JOBS_ENABLED=false. */
export function startJobs(handle: DatabaseHandle, env: Pick<Env, "JOBS_ENABLED" | "JOBS_INTERVAL_SECONDS">) {
  if (env.JOBS_ENABLED === "false") return null;
  state.scheduler = createScheduler({ handle, jobs: JOBS });
  state.scheduler.start(env.JOBS_INTERVAL_SECONDS);
  return state.scheduler;
}

export async function stopJobs() {
  const scheduler = state.scheduler;
  state.scheduler = undefined;
  await scheduler?.stop();
}
