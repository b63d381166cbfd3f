// Starting data from spec sections 3 and 9; admins edit the stored copies. Money is exact: prices in
// cents, percentages as decimal strings (ADR 008).
import { kesToCents } from "./money";

export const PLAN_CATALOGUE = [
  {
    slug: "basic",
    name: "Basic",
    description: "Every premium and subscription article, plus one ebook of your choice.",
    priceCents: kesToCents("250.00"),
    periodUnit: "month" as const,
    periodCount: 2,
    accessLevel: "subscription" as const,
    ebookLimit: 1,
    features: ["All premium & subscription articles", "1 ebook of your choice", "2 months access"],
    badge: null,
    // Try before paying: a week of Basic, once per account.
    trialDays: 7,
    sortKey: 1,
  },
  {
    slug: "standard",
    name: "Standard",
    description: "Everything in Basic with two ebooks of your choice.",
    priceCents: kesToCents("500.00"),
    periodUnit: "month" as const,
    periodCount: 2,
    accessLevel: "subscription" as const,
    ebookLimit: 2,
    features: ["All premium & subscription articles", "2 ebooks of your choice", "2 months access"],
    badge: "Most Popular",
    sortKey: 2,
  },
  {
    slug: "premium",
    name: "Premium",
    description: "The whole library: every article and unlimited ebooks.",
    priceCents: kesToCents("1500.00"),
    periodUnit: "month" as const,
    periodCount: 3,
    accessLevel: "premium" as const,
    ebookLimit: null,
    features: ["All premium & subscription articles", "Unlimited ebooks", "3 months access"],
    badge: "Recommended",
    sortKey: 3,
  },
  // Issue 33: a short pass at a small price, for a reader who buys small and often. Listed first on /pricing.
  {
    slug: "week-pass",
    name: "7-day pass",
    description: "A week of every premium and subscription article, and one ebook of your choice.",
    priceCents: kesToCents("99.00"),
    periodUnit: "day" as const,
    periodCount: 7,
    accessLevel: "subscription" as const,
    ebookLimit: 1,
    features: ["All premium & subscription articles", "1 ebook of your choice", "7 days access"],
    badge: null,
    sortKey: 0,
  },
];

/** Units of each currency per 1 KES (spec section 9 fallbacks), exact decimal strings. */
export { FALLBACK_EXCHANGE_RATES } from "./pricing";

type Rule = [code: string, name: string, currency: string];

const HIGH_INCOME: Rule[] = [
  ["US", "United States", "USD"],
  ["CA", "Canada", "CAD"],
  ["GB", "United Kingdom", "GBP"],
  ["DE", "Germany", "EUR"],
  ["FR", "France", "EUR"],
  ["IT", "Italy", "EUR"],
  ["ES", "Spain", "EUR"],
  ["NL", "Netherlands", "EUR"],
  ["SE", "Sweden", "EUR"],
  ["CH", "Switzerland", "EUR"],
  ["NO", "Norway", "EUR"],
  ["AU", "Australia", "USD"],
  ["NZ", "New Zealand", "USD"],
];

const GULF_AND_SOUTH_AFRICA: Rule[] = [
  ["AE", "United Arab Emirates", "AED"],
  ["SA", "Saudi Arabia", "SAR"],
  ["QA", "Qatar", "USD"],
  ["KW", "Kuwait", "USD"],
  ["BH", "Bahrain", "USD"],
  ["OM", "Oman", "USD"],
  ["ZA", "South Africa", "ZAR"],
];

// Other African countries pay a 20% markup; those without a stored exchange rate see USD.
const OTHER_AFRICA: Rule[] = [
  ["NG", "Nigeria", "NGN"],
  ["GH", "Ghana", "GHS"],
  ["UG", "Uganda", "USD"],
  ["TZ", "Tanzania", "USD"],
  ["RW", "Rwanda", "USD"],
  ["BI", "Burundi", "USD"],
  ["ET", "Ethiopia", "USD"],
  ["SO", "Somalia", "USD"],
  ["SS", "South Sudan", "USD"],
  ["SD", "Sudan", "USD"],
  ["EG", "Egypt", "USD"],
  ["MA", "Morocco", "USD"],
  ["DZ", "Algeria", "USD"],
  ["TN", "Tunisia", "USD"],
  ["SN", "Senegal", "USD"],
  ["CI", "Cote d'Ivoire", "USD"],
  ["CM", "Cameroon", "USD"],
  ["CD", "DR Congo", "USD"],
  ["AO", "Angola", "USD"],
  ["ZM", "Zambia", "USD"],
  ["ZW", "Zimbabwe", "USD"],
  ["MW", "Malawi", "USD"],
  ["MZ", "Mozambique", "USD"],
  ["BW", "Botswana", "USD"],
  ["NA", "Namibia", "USD"],
  ["MG", "Madagascar", "USD"],
  ["MU", "Mauritius", "USD"],
  ["DJ", "Djibouti", "USD"],
  ["ER", "Eritrea", "USD"],
  ["LR", "Liberia", "USD"],
  ["SL", "Sierra Leone", "USD"],
  ["GM", "Gambia", "USD"],
];

export const PRICING_RULES = [
  { countryCode: "KE", countryName: "Kenya", currency: "KES", markupPercentage: "0", notes: "Home market: base price" },
  ...HIGH_INCOME.map(([countryCode, countryName, currency]) => ({
    countryCode,
    countryName,
    currency,
    markupPercentage: "150",
    notes: "x2.5: North America, Western Europe, Oceania",
  })),
  ...GULF_AND_SOUTH_AFRICA.map(([countryCode, countryName, currency]) => ({
    countryCode,
    countryName,
    currency,
    markupPercentage: "100",
    notes: "x2: Gulf states and South Africa",
  })),
  ...OTHER_AFRICA.map(([countryCode, countryName, currency]) => ({
    countryCode,
    countryName,
    currency,
    markupPercentage: "20",
    notes: "x1.2: other African countries",
  })),
];
