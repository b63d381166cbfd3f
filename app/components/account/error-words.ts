// The answers of her account's forms in Swahili (issue 50, ADR 048): the schemas and the modules refuse in English
// (they are shared with the API, the admin and the English pages), so a Swahili page says the same refusal from the
// catalogue, found by its English words. A message not listed stays as written (the page's test catches it).
import type { Translate } from "~/lib/i18n/i18n";
import type { Locale } from "~/lib/locale";
import type { FormResult } from "~/lib/forms";

// The word a reader without a password types to delete her account (modules/privacy/schemas.ts
// DELETE_CONFIRMATION_WORD, kept equal by tests/unit/swahili-account.test.ts): written here so that a page which runs
// React in the browser (the newsletter form) does not carry the deletion schemas.
const DELETE_CONFIRMATION_WORD = "DELETE";

/** English refusal -> its id in the account catalogue (account.po). */
const ERROR_IDS: Record<string, string> = {
  "Full name is required": "account.error.nameRequired",
  "Full name must be at most 200 characters": "account.error.nameLong",
  "Full name contains characters that are not allowed": "account.error.nameChars",
  "Full name cannot contain a web address": "account.error.nameAddress",
  "KRA PIN must be a letter, nine digits and a letter, like A123456789B": "account.error.kraPin",
  "Enter your password to confirm": "delete.error.password",
  "Password must be at most 128 characters": "delete.error.passwordLong",
  [`Type ${DELETE_CONFIRMATION_WORD} to confirm`]: "delete.error.word",
  [`Type ${DELETE_CONFIRMATION_WORD} in capitals to confirm`]: "delete.error.wordCapitals",
  "That password does not match your account. Your account has not been deleted.": "delete.error.wrongPassword",
  [`Type ${DELETE_CONFIRMATION_WORD} in capitals to confirm. Your account has not been deleted.`]:
    "delete.error.needsWord",
  "You are the shop's only admin, so this account cannot be deleted. Make another account an admin first (Admin > Users).":
    "delete.error.lastAdmin",
  "Too many attempts. Please try again in an hour.": "delete.error.limited",
  "This account no longer exists.": "delete.error.gone",
  "Too many requests from here. Please try again in an hour.": "follow.error.limited",
  "Please enter your e-mail address.": "follow.error.emailMissing",
  "Please enter a valid email address": "follow.error.emailInvalid",
  "Unknown category": "follow.error.category",
  "Please choose on or off.": "dataSaver.error.choose",
  // My Library's renewal and plan changes (modules/membership/subscriptions.server.ts, modules/orders/checkout-errors.ts).
  "Could not change renewal": "library.error.renewalTitle",
  "We could not find that plan on your account.": "library.error.notFound",
  "This plan has already ended. Renew it from the pricing page.": "library.error.ended",
  "This plan has no end date, so there is no renewal to change.": "library.error.notRenewable",
  "Could not change plan": "library.error.planTitle",
  "Not For Sale": "library.error.notForSaleTitle",
  "This item is not for sale.": "library.error.notForSale",
  "You have already renewed your plan. You can renew again once your next period has started.":
    "library.error.renewalQueued",
  "You have no running paid plan to change. Choose a plan on the pricing page.": "library.error.noPlan",
  "You can only switch to a lower plan at the end of your period. To move up, upgrade now.": "library.error.notLower",
  "What is left of your current plan already covers this plan's price. Buy it as a renewal instead: it starts when your current period ends.":
    "library.error.covered",
};

/**
 * `message` in the page's language: the catalogue's Swahili for a known refusal, else as written. The id is looked
 * up, so the translator is not called `t` (the browser's build inlines only literal ids; there the page is English
 * and this returns before translating).
 */
export function errorWords(translate: Translate, locale: Locale, message: string): string {
  if (locale !== "sw") return message;
  const id = ERROR_IDS[message];
  return id ? translate(id) : message;
}

/** Every id the refusals use (tests/unit/swahili-account.test.ts checks each is in the catalogues). */
export const ERROR_MESSAGE_IDS: readonly string[] = Object.values(ERROR_IDS);

/** A form's refusal (conform's reply) with every error said in the page's language; English is left as it is. */
export function localizedReply(
  t: Translate,
  locale: Locale,
  reply: FormResult | null | undefined,
): FormResult | null | undefined {
  if (locale !== "sw" || !reply?.error) return reply;
  const error = Object.fromEntries(
    Object.entries(reply.error).map(([name, messages]) => [
      name,
      messages?.map((message) => errorWords(t, locale, message)) ?? messages,
    ]),
  );
  return { ...reply, error } as FormResult;
}
