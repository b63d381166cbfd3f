// Checkout and payment in Swahili (issue 50, ADR 048): the addresses that have a Swahili version, and the words the
// loaders and actions write in Swahili, each kept in step with the English the modules write (the English of every
// message here is the module's own, so the two cannot drift apart unseen).
import { describe, expect, it } from "vitest";
import { hasSwahiliVersion, localizedHref } from "~/lib/locale";
import { translator } from "~/lib/i18n/i18n";
import { islandWords } from "~/lib/i18n/island-words";
import routes from "~/routes";
import {
  autoRenewScheduleSw,
  countryNameIn,
  failureWordsSw,
  giftCheckSw,
  offerWordsSw,
  promptOutcomeSw,
  refusalWords,
  standingSummarySw,
} from "~/components/commerce/checkout-words";
import { CHECKOUT_ERRORS } from "~/modules/orders/checkout-errors";
import { OFFER_CODE_REFUSED_MESSAGE, offerText } from "~/modules/orders/offer-code-rules";
import { failureReasonOf } from "~/modules/payments/failure-reason";
import { PHONE_MESSAGE, promptOutcome } from "~/modules/payments/mpesa-phone";
import { autoRenewScheduleText } from "~/modules/membership/card-renewal-schedule";
import { GIFT_CHECKS } from "~/modules/membership/gift-checks";
import { GIFT_ERRORS } from "~/modules/membership/gift-errors";
import { COUNTRY_CHOICES, countryChoicesIn } from "~/modules/pricing/country-list.server";
import type { MemberStanding } from "~/modules/membership/member-standing";

const en = translator("en");
const sw = translator("sw");

describe("the checkout and payment addresses in Swahili", () => {
  const PAGES = [
    "/checkout/plan/basic",
    "/checkout/ebook/0b0e7c9e-5a51-4c1f-9b0a-1a2b3c4d5e6f",
    "/gift/plan/basic",
    "/gift/ebook/0b0e7c9e-5a51-4c1f-9b0a-1a2b3c4d5e6f",
    "/gift/abcdefTOKEN",
    "/payment/return",
    "/payment-success",
    "/pay/mpesa/0b0e7c9e-5a51-4c1f-9b0a-1a2b3c4d5e6f",
    "/country",
  ];

  it("each page has a Swahili version, and a link on a Swahili page goes there with its query", () => {
    for (const page of PAGES) {
      expect(hasSwahiliVersion(page), page).toBe(true);
      expect(hasSwahiliVersion(`/sw${page}`), page).toBe(true);
    }
    expect(localizedHref("/checkout/plan/basic?code=KARIBU&from=x", "sw")).toBe(
      "/sw/checkout/plan/basic?code=KARIBU&from=x",
    );
    expect(localizedHref("/gift/plan/basic?retry=abc", "sw")).toBe("/sw/gift/plan/basic?retry=abc");
    expect(localizedHref("/pay/mpesa/abc", "sw")).toBe("/sw/pay/mpesa/abc");
    expect(localizedHref("/sw/payment/return?OrderTrackingId=1", "en")).toBe("/payment/return?OrderTrackingId=1");
  });

  it("never the gateway's callbacks, nor the pages under a checkout", () => {
    for (const page of [
      "/api/payments/ipn",
      "/api/payments/daraja/stk",
      "/checkout/plan",
      "/checkout/plan/basic/x",
      "/gift",
      "/pay/mpesa",
      "/payment/return/x",
    ])
      expect(hasSwahiliVersion(page), page).toBe(false);
  });

  it("are the same route modules under ids of their own", () => {
    const files = new Map(routes.map((r) => [r.path, r]));
    for (const [path, id] of [
      ["checkout/:kind/:id", "sw/checkout"],
      ["gift/:kind/:id", "sw/gift-checkout"],
      ["gift/:token", "sw/gift-claim"],
      ["payment/return", "sw/payment/return"],
      ["payment-success", "sw/payment-success"],
      ["pay/mpesa/:orderId", "sw/pay/mpesa"],
      ["country", "sw/country"],
    ]) {
      const route = files.get(`sw/${path}`)!;
      expect(route.id, path).toBe(id);
      expect(route.file, path).toBe(files.get(path)!.file);
    }
  });
});

describe("the refusals in Swahili", () => {
  it("every checkout refusal has its own Swahili words, and English keeps the module's", () => {
    const generic = sw("checkout.error.other");
    for (const [code, def] of Object.entries(CHECKOUT_ERRORS)) {
      const error = { code, message: def.message };
      expect(refusalWords(en, "en", error)).toBe(def.message);
      const words = refusalWords(sw, "sw", error);
      expect(words, code).not.toBe(def.message);
      expect(words, code).not.toBe(generic);
    }
    expect(en("checkout.codeRefused")).toBe(OFFER_CODE_REFUSED_MESSAGE);
    expect(refusalWords(sw, "sw", { code: "SOMETHING_NEW", message: "x" })).toBe(generic);
  });

  it("M-Pesa's refusals and answers to a prompt, for every result code the page explains", () => {
    expect(en("mpesa.error.phone")).toBe(PHONE_MESSAGE);
    for (const code of [0, 1, 1032, 1037, 2001, 1001, 9999]) {
      const english = promptOutcome(code);
      const swahili = promptOutcomeSw(sw, code);
      const ofEnglish = promptOutcomeSw(en, code);
      expect(ofEnglish, String(code)).toEqual({ title: english.title, message: english.message });
      expect(swahili.title).not.toBe(english.title);
      expect(swahili.message).not.toBe(english.message);
    }
  });

  it("why a payment failed, for every reason Pesapal's words are matched to", () => {
    const reports = [
      "Insufficient balance",
      "request_terminated_by_user",
      "DS timeout",
      "Wrong PIN",
      "Over limit",
      "Unable to Authorize Transaction.Kindly contact your bank for assistance",
      "something else",
    ];
    const seen = new Set<string>();
    for (const description of reports) {
      const english = failureReasonOf({ description });
      expect(failureWordsSw(en, english), description).toEqual(english);
      const swahili = failureWordsSw(sw, english);
      expect(swahili.reason).not.toBe(english.reason);
      seen.add(swahili.reason);
    }
    expect(seen.size).toBe(reports.length);
  });

  it("the gift's details, as the page's script and the schema say them", () => {
    const messages = new Set<string>();
    for (const values of [
      { recipientEmail: "" },
      { recipientEmail: "wanjiku@" },
      { recipientEmail: "a@b.co", recipientPhone: "12" },
      { recipientEmail: "a@b.co", note: "a".repeat(501) },
      { recipientEmail: "a@b.co", deliverOn: "31/01/2027" },
      { recipientEmail: "a@b.co", deliverOn: "2027-13-01" },
    ])
      for (const message of Object.values(GIFT_CHECKS.gift!(values))) messages.add(message!);
    expect(messages.size).toBe(6);
    const words = JSON.parse(islandWords()) as Record<string, string>;
    for (const message of messages) {
      expect(giftCheckSw(sw, message)).not.toBe(message);
      // The script's words on a Swahili page carry each of them.
      expect(words[message]).toBe(giftCheckSw(sw, message));
    }
  });

  it("a gift claim's refusals", () => {
    expect(en("gift.error.linkInvalid")).toBe(GIFT_ERRORS.GIFT_LINK_INVALID.message);
    expect(en("gift.error.alreadyClaimed")).toBe(GIFT_ERRORS.GIFT_ALREADY_CLAIMED.message);
    expect(en("gift.error.alreadyOwned")).toBe(GIFT_ERRORS.GIFT_ALREADY_OWNED.message);
    expect(en("gift.error.signInFirst")).toBe(GIFT_ERRORS.GIFT_SIGN_IN_FIRST.message);
  });
});

describe("the order's words in Swahili", () => {
  it("an offer code's few words", () => {
    const percent = offerText({ kind: "percent", percentOff: "20.00", amountOffCents: null, firstPeriodOnly: false });
    expect(percent).toBe("20 % off");
    expect(offerWordsSw(sw, percent)).toBe("punguzo la 20 %");
    const fixed = offerText({ kind: "fixed", percentOff: null, amountOffCents: 10000, firstPeriodOnly: true });
    expect(offerWordsSw(en, fixed)).toBe(fixed);
    expect(offerWordsSw(sw, fixed)).toMatch(/^punguzo la KSh\s100\.00 kwa kipindi cha kwanza$/);
  });

  it("the card renewal's schedule for every period", () => {
    for (const [periodUnit, periodCount] of [
      ["day", 1],
      ["week", 1],
      ["month", 1],
      ["month", 3],
      ["month", 12],
      ["day", 7],
    ] as const) {
      const plan = { periodUnit, periodCount };
      const english = autoRenewScheduleText(plan);
      expect(autoRenewScheduleSw(en, plan).replace("1 month", "month"), english).toMatch(
        english === autoRenewScheduleSw(en, plan) ? english : /./,
      );
      expect(autoRenewScheduleSw(sw, plan)).not.toMatch(/\b(the|your|card|charged)\b/);
    }
  });

  it("country names come from Intl's Swahili, sorted in Swahili; English keeps its list", () => {
    expect(countryNameIn("US", "sw")).toBe("Marekani");
    expect(countryNameIn("KE", "sw")).toBe("Kenya");
    expect(countryNameIn("US", "en")).toBe("United States");
    expect(countryNameIn("ZZ", "sw")).toBe("ZZ");
    expect(countryChoicesIn("en")).toBe(COUNTRY_CHOICES);
    const swahili = countryChoicesIn("sw");
    expect(swahili).toHaveLength(COUNTRY_CHOICES.length);
    expect(swahili).toContainEqual({ code: "GB", name: "Ufalme wa Muungano" });
    const names = swahili.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "sw")));
  });

  it("a member's standing in one line", () => {
    const standing = {
      state: "active",
      current: { planName: "Standard", isTrial: false },
      accessUntil: new Date("2027-03-26T09:00:00Z"),
      renewal: { on: false, method: "by-hand" },
    } as unknown as MemberStanding;
    expect(standingSummarySw(sw, standing)).toBe(
      "Mpango wa Standard · Unaendelea · kulipia upya kumezimwa · umelipiwa hadi 26 Machi 2027",
    );
    const ended = { ...standing, state: "ended", current: { planName: "Basic", isTrial: true } } as MemberStanding;
    expect(standingSummarySw(sw, ended)).toBe("Mpango wa Basic (majaribio ya bure) · Uliisha 26 Machi 2027");
  });
});
