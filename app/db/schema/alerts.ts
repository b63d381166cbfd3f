import { integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns";

// The admins' payment alerts (issue 30 item 7). One row per kind ("review", "refund-unknown", ...): when its last
// e-mail went out. The row is claimed with a conditional update before the mail is sent, so at most one mail per
// kind an hour goes out however many processes run the job.
export const adminAlertSends = pgTable("admin_alert_sends", {
  kind: text("kind").primaryKey(),
  lastSentAt: timestamptz("last_sent_at").notNull(),
});

// Every item an alert e-mail named (an order in review, a refund, a charge), so each is mailed once.
export const adminAlertItems = pgTable(
  "admin_alert_items",
  {
    kind: text("kind").notNull(),
    itemKey: text("item_key").notNull(),
    mailedAt: timestamptz("mailed_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.itemKey] })],
);

// Pesapal calls that got no usable answer (timeout, network, 5xx, auth), counted per hour: one row an hour however
// many failures, so a gateway outage costs an upsert per failed call and the table stays a few hundred rows.
export const gatewayFailureHours = pgTable("gateway_failure_hours", {
  hour: timestamptz("hour").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastError: text("last_error"),
  lastAt: timestamptz("last_at").notNull(),
});
