// Why payments failed, in the owner's words (issue 46). Pesapal passes on what M-Pesa, Airtel or the card's bank said
// (its `description`, else its status text), in each one's own wording: "Insufficient balance", "Request cancelled by
// user", "DS timeout user cannot be reached", "Do not honour"... The analytics screen groups failures by what they
// mean, so ten wordings of "not enough money" are one line, and keeps what the gateway said beside it.

export interface FailureReason {
  /** What happened, in plain words. */
  words: string;
  /** What usually helps, for the owner's reading of the table. */
  hint: string;
}

const REASONS: { match: RegExp; reason: FailureReason }[] = [
  {
    match: /insufficient|not enough|low balance|balance (is )?(too )?low|NSF/i,
    reason: { words: "Not enough money in the account", hint: "She can top up and try again." },
  },
  {
    match:
      /cancel+ed by (the )?(user|customer|subscriber)|user cancel+ed|request cancel+ed|customer cancel+ed|rejected by (the )?user/i,
    reason: { words: "She cancelled the prompt", hint: "She chose not to pay at the prompt." },
  },
  {
    match: /timeout|timed out|cannot be reached|unreachable|no response|did not respond|expired request/i,
    reason: {
      words: "The M-Pesa prompt was not answered in time",
      hint: "The phone was off, out of network, or the prompt was missed.",
    },
  },
  {
    match: /\bpin\b|initiator information|invalid credentials|wrong password/i,
    reason: { words: "Wrong PIN entered", hint: "She can try again with the right PIN." },
  },
  {
    match: /already in process|unable to lock|another transaction|duplicate/i,
    reason: {
      words: "Another payment was already in progress on her phone",
      hint: "She can wait a minute and try again.",
    },
  },
  {
    match: /limit|exceed/i,
    reason: { words: "Over her daily or transaction limit", hint: "A smaller amount or another method may work." },
  },
  {
    match: /3-?d ?s(ecure)?|authenticat|otp/i,
    reason: { words: "The card's security check failed", hint: "Her bank did not confirm the payment." },
  },
  {
    match: /expired card|card expired|expiry/i,
    reason: { words: "The card has expired", hint: "Another card is needed." },
  },
  {
    match: /invalid card|card number|invalid account|invalid (msisdn|phone)|not registered|unknown subscriber/i,
    reason: { words: "Card or phone number not valid", hint: "The number entered was wrong or not registered." },
  },
  {
    match: /declin|do not hono(u)?r|not permitted|restricted|stolen|lost card|blocked|refer to (card )?issuer/i,
    reason: { words: "Declined by her bank", hint: "Her bank refused the card payment." },
  },
  {
    match: /system|service unavailable|internal error|network|general failure|technical/i,
    reason: { words: "A problem at the payment network", hint: "Not her doing; a retry later usually works." },
  },
];

const NO_REASON: FailureReason = { words: "No reason given", hint: "The gateway reported a failure without a reason." };
const OTHER: FailureReason = { words: "Another reason", hint: "See what the gateway said." };

/** The plain-words reason for what the gateway said (null or blank: none given). */
export function failureReason(said: string | null | undefined): FailureReason {
  const text = said?.trim();
  if (!text) return NO_REASON;
  return REASONS.find((r) => r.match.test(text))?.reason ?? OTHER;
}
