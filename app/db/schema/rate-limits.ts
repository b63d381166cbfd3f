import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt, timestamptz } from "./columns";

// Rate-limit and login-throttle state, shared by every app process using the database.
// `count`/`window_start` hold a fixed-window counter; `failures`/`blocked_until` the login back-off.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamptz("window_start").notNull(),
  blockedUntil: timestamptz("blocked_until"),
  failures: integer("failures").notNull().default(0),
  updatedAt: updatedAt(),
});
