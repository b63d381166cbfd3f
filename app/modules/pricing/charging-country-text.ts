// The words that tell a buyer whose prices she pays when her pick on /country differs from the country we can
// verify (ADR 026): checkout says it plainly, and pages that show the picked prices say it beside them.
import { countryName } from "./countries";

// Country names read in a sentence with "the" ("paying from the United States").
const WITH_THE = new Set(["BS", "CF", "CZ", "DO", "GM", "KM", "MV", "NL", "PH", "SC", "VA"]);

function nameOf(code: string): string {
  return countryName(code) ?? code;
}

/** 'the United States', 'Kenya': a country as the middle of a sentence names it. */
export function countryInSentence(code: string): string {
  const name = nameOf(code);
  const needsThe = WITH_THE.has(code) || /^United |Islands$|Republic|Emirates/.test(name);
  return needsThe ? `the ${name}` : name;
}

export interface ChargingNotice {
  /** Checkout: 'Prices for United States: you are paying from the United States.' */
  checkout: string;
  /** Why, in one line: her pick changes what she is shown, not what she pays. */
  reason: string;
  /** Beside a picked price on /pricing or an ebook page. */
  beside: string;
}

/** Null when she pays the prices she is shown (no pick, or her pick is where she is). */
export function chargingNotice(shownCode: string, chargingCode: string): ChargingNotice | null {
  if (shownCode === chargingCode) return null;
  const charging = nameOf(chargingCode);
  return {
    checkout: `Prices for ${charging}: you are paying from ${countryInSentence(chargingCode)}.`,
    reason: `You chose ${nameOf(shownCode)} on the country page; that changes the prices you are shown, but a price is charged for the country you pay from.`,
    beside: `You will be charged in ${charging} prices from where you are`,
  };
}

const SOURCE_WORDS: Record<string, string> = {
  cdn: "from the CDN's country header",
  ip: "from the buyer's IP address",
  default: "by default: neither a CDN header nor the IP address named a country",
};

/** The admin order page's account of the order's price country: what it was, how we knew, what she had picked. */
export function priceCountryEvidence(order: {
  countryCode: string;
  countrySource: string | null;
  pickedCountryCode: string | null;
}): string {
  const how = order.countrySource
    ? (SOURCE_WORDS[order.countrySource] ?? order.countrySource)
    : "(how it was found was not recorded: orders before 26 November 2026)";
  const picked = !order.pickedCountryCode
    ? "She had not picked a country."
    : order.pickedCountryCode === order.countryCode
      ? `She had picked ${nameOf(order.pickedCountryCode)} too.`
      : `She had picked ${nameOf(order.pickedCountryCode)} on the country page: shown prices only, not charged.`;
  return `Priced for ${nameOf(order.countryCode)}, ${how}. ${picked}`;
}
