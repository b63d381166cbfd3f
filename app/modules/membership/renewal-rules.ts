// What the shop does about renewal, in the words both /pricing and the Terms use (issue 29 item 7; product decision
// "Terms and renewal"): prepaid periods, card auto-renew only when she chooses it, reminders before the end, and
// cancelling stops renewal only. One text, so the two pages cannot drift apart again.

/** Plans are prepaid periods; nothing is charged without her choice. */
export const PREPAID_RULE = "Plans are prepaid: each payment buys one period, and nothing renews without you.";

/** Card auto-renew is opt-in and card only (ADR 019). */
export const CARD_RULE =
  "Automatic renewal is only for Visa or MasterCard, and only when you choose it at checkout: your card is then charged for the next period on the day your paid time ends.";

/** Reminders before the end, and why mobile money renews by hand (ADR 015). */
export const REMINDER_RULE =
  "Before your paid time ends we e-mail you (7 days and 1 day before; the day before, for a free trial) so you can renew with one click. M-Pesa cannot be charged without you, so M-Pesa renewals are always by hand, and a renewal paid early starts when your paid time ends, so you lose no paid day.";

/** Cancelling renewal stops renewal only. */
export const CANCEL_RULE =
  "Cancelling renewal stops the reminders and any card charges: you keep full access until the end of the time you paid for, and can undo it until then.";
