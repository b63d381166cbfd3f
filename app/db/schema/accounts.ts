import { relations } from "drizzle-orm";
import { boolean, index, pgEnum, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, timestamptz } from "./columns";

// Tables read and written by better-auth (core + admin plugin), named in the plural.
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  role: text("role").notNull().default("guest"),
  banned: boolean("banned").default(false),
  banReason: text("ban_reason"),
  banExpires: timestamptz("ban_expires"),
  // The language she chose in her account (issue 50, ADR 048): "en" or "sw"; null until she chooses. Signing in
  // with a choice sets the nuru_lang cookie.
  language: text("language"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A row that is one reader's and goes with her account: user_id, deleted with her (ADR 028). */
export const readerId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamptz("access_token_expires_at"),
    refreshTokenExpiresAt: timestamptz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

export const verifications = pgTable("verifications", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamptz("expires_at").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// Relations for better-auth's joined reads (advanced.database.joins): a session is read with its user in one query,
// the lookup every signed-in request makes. Not database objects: no migration.
export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));
export const accountsRelations = relations(accounts, ({ one }) => ({
  user: one(users, { fields: [accounts.userId], references: [users.id] }),
}));
export const usersRelations = relations(users, ({ many }) => ({ sessions: many(sessions), accounts: many(accounts) }));

export const profileRole = pgEnum("profile_role", ["guest", "subscriber", "admin"]);

// The shop's own view of a person (spec: profile). Role is for display and admin rights only;
// reading rights come from subscriptions and purchases.
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  email: text("email").notNull(),
  fullName: text("full_name"),
  role: profileRole("role").notNull().default("guest"),
  // Her KRA PIN, when she gives one for her receipts (a letter, nine digits, a letter); copied onto each receipt.
  kraPin: text("kra_pin"),
  // Her M-Pesa number (2547XXXXXXXX), kept only when she ticked "remember it" at an M-Pesa payment (ADR 043).
  mpesaPhone: text("mpesa_phone"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
