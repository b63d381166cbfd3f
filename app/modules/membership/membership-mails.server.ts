// The mails of membership: renewal reminders, the plan-has-ended notice, a gift's claim mail.
import { linkMail, SHOP } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import { planTitle } from "./plan-period";

export interface RenewalMailInput {
  to: string;
  name: string;
  planName: string;
  /** '23 January 2027'. */
  endDate: string;
  /** The checkout for the same plan: one click to renew (signed-out readers sign in first and come back). */
  renewUrl: string;
}

/** Why she renews by hand, which the reminder names (member-standing.ts's renewal method). */
export type HandRenewalReason = "by-hand" | "mpesa" | "card-pending";

const HAND_RENEWAL_REASON: Record<HandRenewalReason, string> = {
  "by-hand": "Renew before then to keep reading",
  mpesa: "M-Pesa cannot be charged without you, so renew before then to keep reading",
  "card-pending":
    "Pesapal has not yet confirmed your card's automatic renewal, so renew before then to be sure of no gap",
};

/** Sent 7 days and 1 day before a renewing plan ends (never after the reader cancelled renewal). */
export function renewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; reason?: HandRenewalReason },
): MailMessage {
  const when = input.daysLeft === 1 ? "tomorrow" : "in 7 days";
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} ends ${when}`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} is paid up to ${input.endDate}. ${HAND_RENEWAL_REASON[input.reason ?? "by-hand"]}: a renewal paid now starts on ${input.endDate}, so you lose no paid day.`,
    action: `Renew the ${planTitle(input.planName)}`,
    url: input.renewUrl,
    outro: "Do not want to renew? Cancel renewal in My Library and we will stop these reminders.",
  });
}

/** The same reminders for a plan her card renews (ADR 019): when the card is charged, and how to stop it. */
export function cardRenewalReminderMail(
  input: RenewalMailInput & { daysLeft: 7 | 1; libraryUrl: string },
): MailMessage {
  const when = input.daysLeft === 1 ? "tomorrow" : "in 7 days";
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} renews by card ${when}`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} renews automatically on ${input.endDate}: Pesapal charges your card that day, and your plan continues with no gap. There is nothing you need to do.`,
    action: "Open My Library",
    url: input.libraryUrl,
    outro:
      "Do not want to renew? Cancel renewal in My Library before that date; any charge that still arrives after you cancel is refunded automatically.",
  });
}

/** Sent once when a plan has ended and no renewal follows it. */
export function subscriptionEndedMail(input: RenewalMailInput): MailMessage {
  return linkMail(input.to, `Your Nuru ${planTitle(input.planName)} has ended`, {
    name: input.name,
    intro: `Your ${planTitle(input.planName)} ended on ${input.endDate}. Premium articles and your plan's ebooks are locked until you renew; ebooks you bought stay yours.`,
    action: `Renew the ${planTitle(input.planName)}`,
    url: input.renewUrl,
    outro: "Thank you for reading with us.",
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
}

/** Addresses a mail client would turn into links: with a scheme, `www.`, an e-mail address, or a bare domain. */
const LINK_LIKE =
  /\b[a-z][a-z0-9+.-]*:\/\/\S*|\bwww\.\S*|\bmailto:\S*|\S+@\S+\.[a-z]{2,}\S*|\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b(?:[/:?#]\S*)?/gi;

/**
 * Words a stranger wrote (a gift's note, the sender's name), in a mail that comes from Nuru: plain text with nothing
 * a mail client would make a link of (issue 46 item 7). The recipient trusts the shop's mail; the shop must not carry
 * someone else's link into it, in the text or the HTML part.
 */
export function withoutLinks(words: string): string {
  return words.replace(LINK_LIKE, "[link removed]");
}

/** The claim mail of a gift (ADR 038): what it is, her note, the claim link; never the price. */
export function giftMail(input: GiftMailInput): MailMessage {
  // Her verified e-mail address stands as it is (when she gave no name); a name is words like the note.
  const from = /^[^\s@]+@[^\s@]+$/.test(input.from) ? input.from : withoutLinks(input.from);
  const note = input.note ? ` Their note: "${withoutLinks(input.note)}"` : "";
  const phone = input.phone ? ` (sent for ${input.phone})` : "";
  return linkMail(input.to, `${from} sent you a gift on Nuru`, {
    name: "",
    intro: `${from} has given you ${input.item} on ${SHOP}${phone}.${note}`,
    action: "Claim your gift",
    url: input.url,
    outro: `Sign in, or create a free account with any e-mail address, to claim it. The link works once and until ${input.expires}. If you do not know the sender, you can ignore this e-mail.`,
  });
}
