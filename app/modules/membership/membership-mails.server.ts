// The mails of membership: renewal reminders, the plan-has-ended notice, a gift's claim mail. Each is written in
// the reader's language (issue 50, ADR 048; words in app/locales/*/receipts.po), English when none is given.
import { translator, type Translate } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, type Locale } from "~/lib/locale";
import { linkMail, SHOP } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import type { PlanPeriod } from "./plan-period";
import { planTitleInSentence } from "./purchase-kind-words";

export interface RenewalMailInput {
  to: string;
  name: string;
  planName: string;
  /** '23 January 2027'. */
  endDate: string;
  /** The checkout for the same plan: one click to renew (signed-out readers sign in first and come back). */
  renewUrl: string;
  /** The plan's period, which names a pass in Swahili ("Pasi ya siku 7"). */
  period?: PlanPeriod | null;
  /** Her language; English when not given (the dates and addresses come in it already). */
  locale?: Locale;
}

/** The plan as the mail names it: "Standard plan", "7-day pass"; "mpango wa Standard", "pasi ya siku 7". */
const planOf = (input: RenewalMailInput) =>
  planTitleInSentence(
    { planName: input.planName, periodUnit: input.period?.periodUnit, periodCount: input.period?.periodCount },
    input.locale ?? DEFAULT_LOCALE,
  );

const whenOf = (t: Translate, daysLeft: 7 | 1) =>
  daysLeft === 1 ? t("receipts.renewal.tomorrow") : t("receipts.renewal.in7Days");

/** Why she renews by hand, which the reminder names (member-standing.ts's renewal method). */
export type HandRenewalReason = "by-hand" | "mpesa" | "card-pending";

const HAND_RENEWAL_REASON: Record<HandRenewalReason, (t: Translate) => string> = {
  "by-hand": (t) => t("receipts.renewal.byHand"),
  mpesa: (t) => t("receipts.renewal.mpesa"),
  "card-pending": (t) => t("receipts.renewal.cardPending"),
};

/** Sent 7 days and 1 day before a renewing plan ends (never after the reader cancelled renewal). */
export function renewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; reason?: HandRenewalReason },
): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const plan = planOf(input);
  return linkMail(input.to, t("receipts.renewal.subject", { plan, when: whenOf(t, input.daysLeft) }), {
    name: input.name,
    intro: t("receipts.renewal.intro", {
      plan,
      endDate: input.endDate,
      reason: HAND_RENEWAL_REASON[input.reason ?? "by-hand"](t),
    }),
    action: t("receipts.renewal.action", { plan }),
    url: input.renewUrl,
    outro: t("receipts.renewal.outro"),
    locale,
  });
}

/** The same reminders for a plan her card renews (ADR 019): when the card is charged, and how to stop it. */
export function cardRenewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; libraryUrl: string },
): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const plan = planOf(input);
  return linkMail(input.to, t("receipts.card.subject", { plan, when: whenOf(t, input.daysLeft) }), {
    name: input.name,
    intro: t("receipts.card.intro", { plan, endDate: input.endDate }),
    action: t("receipts.card.action"),
    url: input.libraryUrl,
    outro: t("receipts.card.outro"),
    locale,
  });
}

/** Sent once when a plan has ended and no renewal follows it. */
export function subscriptionEndedMail(input: RenewalMailInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  const plan = planOf(input);
  return linkMail(input.to, t("receipts.ended.subject", { plan }), {
    name: input.name,
    intro: t("receipts.ended.intro", { plan, endDate: input.endDate }),
    action: t("receipts.renewal.action", { plan }),
    url: input.renewUrl,
    outro: t("receipts.ended.outro"),
    locale,
  });
}

export interface GiftMailInput {
  to: string;
  /** Who sent it, as she signed her account (her name, else her e-mail). */
  from: string;
  /** What it is: 'the Premium plan (3 months)', 'the ebook "Title"'. Never the price. */
  item: string;
  note: string | null;
  /** Written into the message only (no SMS is sent). */
  phone: string | null;
  url: string;
  expires: string;
  /** The recipient's language (hers when she has an account, else the giver's); English when not given. */
  locale?: Locale;
}

/** Addresses a mail client would turn into links: with a scheme, `www.`, an e-mail address, or a bare domain. */
const LINK_LIKE =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\bmailto:\S*|\S+@\S+\.[a-z]{2,}\S*|\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b(?:[/:?#]\S*)?/gi;

/**
 * Words a stranger wrote (a gift's note, the sender's name), in a mail that comes from Nuru: plain text with nothing
 * a mail client would make a link of (issue 46 item 7). The recipient trusts the shop's mail; the shop must not carry
 * someone else's link into it, in the text or the HTML part.
 */
export function withoutLinks(words: string, locale: Locale = DEFAULT_LOCALE): string {
  return words.replace(LINK_LIKE, translator(locale)("receipts.gift.linkRemoved"));
}

/** The claim mail of a gift (ADR 038): what it is, her note, the claim link; never the price. */
export function giftMail(input: GiftMailInput): MailMessage {
  const locale = input.locale ?? DEFAULT_LOCALE;
  const t = translator(locale);
  // Her verified e-mail address stands as it is (when she gave no name); a name is words like the note.
  const from = /^[^\s@]+@[^\s@]+$/.test(input.from) ? input.from : withoutLinks(input.from, locale);
  const note = input.note ? t("receipts.gift.note", { note: withoutLinks(input.note, locale) }) : "";
  const phone = input.phone ? t("receipts.gift.phone", { phone: input.phone }) : "";
  return linkMail(input.to, t("receipts.gift.subject", { from }), {
    name: "",
    intro: t("receipts.gift.intro", { from, item: input.item, shop: SHOP, phone, note }),
    action: t("receipts.gift.action"),
    url: input.url,
    outro: t("receipts.gift.outro", { expires: input.expires }),
    locale,
  });
}
