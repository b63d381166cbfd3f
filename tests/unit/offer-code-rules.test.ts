import { describe, expect, it } from "vitest";
import {
  applyOfferCode,
  appliesToItem,
  isCoded,
  normalizeOfferCode,
  OFFER_CODE_MESSAGES,
  offerCodeEditSchema,
  offerCodeFormSchema,
  offerText,
  orderCodeColumns,
  priceAfterCode,
  refusalFor,
  type OfferCodeTerms,
} from "~/modules/orders/offer-code-rules";
import { orderPriceColumns, regionalPrice } from "~/modules/pricing/pricing";
import { parseForm } from "~/lib/forms";

const PLAN = "11111111-1111-4111-8111-111111111111";
const OTHER_PLAN = "22222222-2222-4222-8222-222222222222";
const BOOK = "33333333-3333-4333-8333-333333333333";

function code(over: Partial<OfferCodeTerms> = {}): OfferCodeTerms {
  return {
    id: "44444444-4444-4444-8444-444444444444",
    code: "KARIBU20",
    kind: "percent",
    percentOff: "20.00",
    amountOffCents: null,
    appliesTo: "all",
    planIds: [],
    ebookIds: [],
    startsAt: new Date("2026-11-01T00:00:00Z"),
    endsAt: new Date("2026-12-01T00:00:00Z"),
    totalLimit: 100,
    perReaderLimit: 1,
    redeemedCount: 0,
    firstPeriodOnly: false,
    isActive: true,
    ...over,
  };
}

const kenya = (baseCents: number) => regionalPrice({ baseCents, countryCode: "KE", rule: null, ratePerKes: null });

describe("the price after a code: regional price first, then the code, rounded by the one rule (ADR 037)", () => {
  it.each([
    // [KES cents before, code, KES cents after]
    [50000, code(), 40000], // KSh 500.00, 20 % -> KSh 400.00
    [29900, code({ percentOff: "15" }), 25415], // 254.15 exactly
    [10000, code({ percentOff: "33.33" }), 6665], // 66.67 -> to 0.05: 66.65
    [10700, code({ percentOff: "12.5" }), 9365], // 93.625 -> half a step, away from zero: 93.65
    [50000, code({ percentOff: "100" }), 0], // free
    [25000, code({ kind: "fixed", percentOff: null, amountOffCents: 10000 }), 15000], // KSh 100 off
    [5000, code({ kind: "fixed", percentOff: null, amountOffCents: 10000 }), 0], // never below zero
  ])("%i cents with %o -> %i cents", (before, c, after) => {
    expect(priceAfterCode(before, c)).toBe(after);
  });

  it("applies to the regional KES amount, and the shown dollars follow the charged shillings", () => {
    const us = regionalPrice({
      baseCents: 50000,
      countryCode: "US",
      rule: { id: null, countryCode: "US", currency: "USD", markupPercentage: "150", discountPercentage: "0" },
      ratePerKes: "0.008",
    });
    expect(us.chargedCents).toBe(125000);
    const coded = applyOfferCode(us, code());
    expect(coded.chargedCents).toBe(100000);
    expect(coded.displayMinorUnits).toBe(800);
    expect(coded.label).toBe("KSh\u00a01,000.00 ≈ $8.00");
    expect(isCoded(coded) && coded.offer).toMatchObject({ beforeCents: 125000, discountCents: 25000 });
  });

  it("locks the code into the order's columns; a zero order records its reason", () => {
    expect(orderCodeColumns(applyOfferCode(kenya(50000), code()))).toEqual({
      offerCodeId: code().id,
      offerCode: "KARIBU20",
      priceBeforeCodeCents: 50000,
      codeDiscountCents: 10000,
      zeroAmountReason: null,
    });
    const free = applyOfferCode(kenya(50000), code({ percentOff: "100", code: "FREEMONTH" }));
    expect(orderCodeColumns(free)).toMatchObject({
      codeDiscountCents: 50000,
      zeroAmountReason: "offer code FREEMONTH",
    });
    expect(orderCodeColumns(kenya(50000))).toEqual({});
  });

  it.each([
    // [KES cents before, code, KES cents charged]
    [50000, code({ percentOff: "99.99" }), 1000], // KSh 0.05 left -> the gateway's KSh 10.00
    [50000, code({ kind: "fixed", percentOff: null, amountOffCents: 49995 }), 1000], // KSh 0.05 left -> KSh 10.00
    [1500, code({ kind: "fixed", percentOff: null, amountOffCents: 1000 }), 1000], // KSh 5.00 left -> KSh 10.00
    [50000, code({ kind: "fixed", percentOff: null, amountOffCents: 49000 }), 1000], // exactly KSh 10.00 stays
    [50000, code({ percentOff: "100" }), 0], // exactly zero stays a recorded zero-amount order
    [800, code({ percentOff: "50" }), 800], // the floor never charges more than the price without the code
  ])("never charges between zero and KSh 10.00: %i cents with %o -> %i cents", (before, c, after) => {
    expect(priceAfterCode(before, c)).toBe(after);
  });

  it("a 99.99 % code charges KSh 10.00 at checkout, not KSh 0.05, and the order records the smaller discount", () => {
    const coded = applyOfferCode(kenya(50000), code({ percentOff: "99.99" }));
    expect(coded.chargedCents).toBe(1000);
    expect(coded.label).toBe("KSh\u00a010.00");
    expect(orderCodeColumns(coded)).toMatchObject({ codeDiscountCents: 49000, zeroAmountReason: null });
  });

  it("charges whole shillings after a code: 15 % off KSh 299.00 is KSh 254.15, charged KSh 254.00 (issue 46 item 27)", () => {
    const coded = applyOfferCode(kenya(29900), code({ percentOff: "15" }));
    expect(coded.chargedCents).toBe(25400);
    expect(coded.label).toBe("KSh\u00a0254.00");
    expect(coded.roundedOffCents).toBe(15);
    expect(isCoded(coded) && coded.offer).toMatchObject({ beforeCents: 29900, discountCents: 4485 });
    // Before, less the code, less the cents left off, is exactly what she pays; the order records all three.
    expect(orderPriceColumns(coded)).toMatchObject({ amountCents: 25400, roundedOffCents: 15 });
    expect(orderCodeColumns(coded)).toMatchObject({ priceBeforeCodeCents: 29900, codeDiscountCents: 4485 });
    expect(orderPriceColumns(applyOfferCode(kenya(50000), code()))).toMatchObject({ roundedOffCents: null });
  });

  it("a code that takes nothing off leaves the price as it is (no coded order)", () => {
    const price = kenya(2);
    expect(isCoded(applyOfferCode(price, code({ percentOff: "1" })))).toBe(false);
  });
});

describe("whether a code applies", () => {
  const now = new Date("2026-11-15T12:00:00Z");
  const plan = { kind: "plan" as const, itemId: PLAN };
  it.each([
    [code(), null],
    [code({ isActive: false }), "UNKNOWN"],
    [code({ startsAt: new Date("2026-11-20T00:00:00Z") }), "NOT_STARTED"],
    [code({ endsAt: now }), "EXPIRED"],
    [code({ appliesTo: "ebooks" }), "NOT_FOR_ITEM"],
    [code({ appliesTo: "plans", planIds: [OTHER_PLAN] }), "NOT_FOR_ITEM"],
    [code({ appliesTo: "plans", planIds: [PLAN] }), null],
    [code({ redeemedCount: 100 }), "USED_UP"],
    [code({ totalLimit: null, redeemedCount: 5000 }), null],
  ] as const)("%o -> %s", (c, refusal) => {
    expect(refusalFor(c, plan, now)).toBe(refusal);
  });
  it("tells her one message for every reason, so a guess cannot tell expired or not started from unknown", () => {
    const said = (c: OfferCodeTerms | null) => {
      const why = refusalFor(c, plan, now);
      return why && OFFER_CODE_MESSAGES[why];
    };
    const unknown = said(null);
    expect(unknown).toBe("This offer code cannot be used for this purchase. The normal price applies.");
    expect(said(code({ startsAt: new Date(now.getTime() + 86_400_000) }))).toBe(unknown);
    expect(said(code({ endsAt: new Date(now.getTime() - 1) }))).toBe(unknown);
    expect(said(code({ totalLimit: 1, redeemedCount: 1 }))).toBe(unknown);
    expect(said(code({ appliesTo: "ebooks" }))).toBe(unknown);
    expect(new Set(Object.values(OFFER_CODE_MESSAGES))).toEqual(new Set([unknown]));
  });

  it("no code at all is unknown", () => expect(refusalFor(null, plan, now)).toBe("UNKNOWN"));
  it("ebook codes list their ebooks", () => {
    expect(appliesToItem(code({ appliesTo: "ebooks", ebookIds: [BOOK] }), { kind: "ebook", itemId: BOOK })).toBe(true);
    expect(appliesToItem(code({ appliesTo: "ebooks" }), { kind: "plan", itemId: BOOK })).toBe(false);
  });
});

describe("code text and the admin's form", () => {
  it.each([
    [" karibu20 ", "KARIBU20"],
    ["ab", null],
    ["KARIBU 20", null],
    ["<script>", null],
    [null, null],
  ])("%s -> %s", (raw, normalized) => expect(normalizeOfferCode(raw)).toBe(normalized));

  it("says the discount in words", () => {
    expect(offerText(code())).toBe("20 % off");
    expect(offerText(code({ percentOff: "12.50", firstPeriodOnly: true }))).toBe("12.5 % off the first period");
    expect(offerText(code({ kind: "fixed", amountOffCents: 10000 }))).toBe("KSh\u00a0100.00 off");
  });

  it("reads a percentage or a KES amount, and refuses what makes no sense", () => {
    const base = {
      code: "karibu20",
      kind: "percent",
      amount: "20",
      appliesTo: "all",
      startsAt: "",
      endsAt: "",
      totalLimit: "100",
      perReaderLimit: "1",
    };
    const ok = offerCodeFormSchema.safeParse(base);
    expect(ok.success && ok.data).toMatchObject({
      code: "KARIBU20",
      percentOff: "20",
      amountOffCents: null,
      totalLimit: 100,
    });
    expect(offerCodeFormSchema.safeParse({ ...base, amount: "120" }).success).toBe(false);
    expect(offerCodeFormSchema.safeParse({ ...base, kind: "fixed", amount: "99.505" }).success).toBe(false);
    const fixed = offerCodeFormSchema.safeParse({ ...base, kind: "fixed", amount: "99.50" });
    expect(fixed.success && fixed.data.amountOffCents).toBe(9950);
    expect(offerCodeFormSchema.safeParse({ ...base, totalLimit: "0" }).success).toBe(false);
    expect(
      offerCodeFormSchema.safeParse({ ...base, startsAt: "2026-12-01T00:00", endsAt: "2026-11-01T00:00" }).success,
    ).toBe(false);
  });

  it("reads the posted form as the action does: blanks, ticked ids (others dropped), and the edit page's intents", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({
      intent: "save",
      code: "karibu",
      description: "",
      kind: "fixed",
      amount: "100",
      appliesTo: "plans",
      startsAt: "",
      endsAt: "",
      totalLimit: "",
      perReaderLimit: "",
    }))
      form.set(name, value);
    const plan = "00000000-0000-4000-8000-000000000001";
    form.append("planIds", plan);
    form.append("planIds", "not-an-id");
    const read = parseForm(form, offerCodeEditSchema);
    expect(read.status).toBe("success");
    expect(read.status === "success" && read.value).toMatchObject({
      intent: "save",
      code: "KARIBU",
      description: null,
      amountOffCents: 10000,
      planIds: [plan],
      totalLimit: null,
      perReaderLimit: null,
      isActive: false,
    });
    const blank = new FormData();
    blank.set("intent", "save");
    blank.set("code", "");
    blank.set("amount", "");
    expect(parseForm(blank, offerCodeFormSchema)).toMatchObject({
      status: "error",
      error: { code: ["3 to 32 letters, digits or dashes."], amount: ["Enter the discount."] },
    });
    const off = new FormData();
    off.set("intent", "off");
    expect(parseForm(off, offerCodeEditSchema)).toMatchObject({ status: "success", value: { intent: "off" } });
  });
});
