import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Rate-limit and login-throttle state, shared by every app process using the database.
// `count`/`window_start` hold a fixed-window counter; `failures`/`blocked_until` the login back-off.
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull().default(0),
  windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
  failures: integer("failures").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
