import { z } from "zod";

// The forms of member e-mail (issue 34): following the shop, and changing what she gets. Shared by the pages and
// their actions.

/** The words she agrees to, stored with every consent (mail_consents.wording). */
export const CONSENT_WORDING =
  "Yes, e-mail me new Nuru articles in the categories I chose (one mail per article, or a weekly digest if I chose it). " +
  "Every e-mail has a one-click unsubscribe link. Nuru never uses what I read to decide what it e-mails me.";

export const FREQUENCIES = [
  { value: "each", label: "One e-mail for each new article" },
  { value: "weekly", label: "One weekly digest" },
] as const;

export const SOURCES = ["home", "article", "account", "subscribe"] as const;

const categoryIds = z
  .array(z.uuid({ error: "Unknown category" }))
  .max(50)
  .default([]);
const frequency = z.enum(["each", "weekly"], { error: "Choose how often" }).default("each");

export const followFormSchema = z.object({
  // Absent when she is signed in: her account's address is used.
  email: z
    .string()
    .trim()
    .max(254, "That e-mail address is too long")
    .email("Please enter a valid e-mail address")
    .optional(),
  categoryIds,
  frequency,
  source: z.enum(SOURCES).default("subscribe"),
});

export const preferencesFormSchema = z.object({
  intent: z.enum(["save", "unsubscribe"]).default("save"),
  categoryIds,
  frequency,
});

/** The confirmation page's button: the link's signed token (checked by confirmFollow). */
export const followConfirmFormSchema = z.object({ token: z.string().max(1000) });

export type FollowInput = z.output<typeof followFormSchema>;
export type PreferencesInput = z.output<typeof preferencesFormSchema>;

/** The editor's choice when she publishes an article. */
export const AUDIENCES = [
  { value: "none", label: "Nobody" },
  { value: "followers", label: "Everyone who follows its categories" },
  { value: "paying", label: "Followers with a paid plan only" },
] as const;
