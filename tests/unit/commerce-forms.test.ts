import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { checkoutFormSchema } from "~/modules/membership/card-renewal-schedule";
import { adminGiftFormSchema, giftFormSchema } from "~/modules/membership/gift-form";
import { libraryFormSchema } from "~/modules/membership/member-forms";
import { planFormSchema } from "~/modules/membership/plan-form";
import { offerCodeEditSchema, offerCodeFormSchema } from "~/modules/orders/offer-code-rules";
import { resolveChargeFormSchema } from "~/modules/payments/unmatched-charge-form";

// The commerce forms as their actions read them (readSubmission -> conform's parse of the posted FormData, where an
// empty field arrives as undefined and one ticked box as one value): the values, and each field's message.

function posted(entries: [string, string][]): FormData {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return form;
}

const errorsOf = (submission: { status?: string; error?: Record<string, string[] | null> | null }) =>
  submission.status === "success" ? null : submission.error;

const ID = "0b9a3f4e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";

describe("checkout form", () => {
  it("pays with or without card auto-renew, starts a trial, and refuses anything else", () => {
    expect(parseForm(posted([["intent", "pay"]]), checkoutFormSchema)).toMatchObject({
      status: "success",
      value: { intent: "pay", autoRenew: false },
    });
    expect(
      parseForm(
        posted([
          ["intent", "pay"],
          ["autoRenew", "on"],
        ]),
        checkoutFormSchema,
      ),
    ).toMatchObject({ value: { intent: "pay", autoRenew: true } });
    expect(parseForm(posted([["intent", "trial"]]), checkoutFormSchema)).toMatchObject({ value: { intent: "trial" } });
    expect(Object.values(errorsOf(parseForm(posted([["intent", "steal"]]), checkoutFormSchema)) ?? {}).flat()).toEqual([
      "Unknown request",
    ]);
  });
});

describe("gift forms", () => {
  it("the buyer's gift form names what to fix beside each field", () => {
    const refused = parseForm(
      posted([
        ["recipientEmail", "not-an-address"],
        ["recipientPhone", "12"],
        ["note", "Happy birthday"],
        ["deliverOn", ""],
      ]),
      giftFormSchema,
    );
    expect(errorsOf(refused)).toMatchObject({
      recipientEmail: ["Enter a valid e-mail address."],
      recipientPhone: ["Enter a Kenyan (07… or +254…) or international (+…) phone number."],
    });
    const ok = parseForm(
      posted([
        ["recipientEmail", " Amani@Example.test "],
        ["recipientPhone", "0712 345 678"],
        ["note", ""],
        ["deliverOn", ""],
      ]),
      giftFormSchema,
    );
    expect(ok).toMatchObject({
      status: "success",
      value: { recipientEmail: "amani@example.test", recipientPhone: "+254712345678", note: null, deliverOn: null },
    });
  });

  it("the admin's gift actions: resend, or refund with the reason cut to 500 characters", () => {
    expect(
      parseForm(
        posted([
          ["intent", "refund"],
          ["giftId", ID],
          ["reason", "x".repeat(600)],
        ]),
        adminGiftFormSchema,
      ),
    ).toMatchObject({ value: { intent: "refund", giftId: ID, reason: "x".repeat(500) } });
    expect(
      parseForm(
        posted([
          ["intent", "resend"],
          ["giftId", "nope"],
        ]),
        adminGiftFormSchema,
      ),
    ).toMatchObject({ error: { giftId: ["Unknown gift."] } });
  });
});

describe("My Library's form", () => {
  it("reads each intent with its own fields", () => {
    expect(
      parseForm(
        posted([
          ["intent", "cancel-renewal"],
          ["subscriptionId", ID],
        ]),
        libraryFormSchema,
      ),
    ).toMatchObject({ value: { intent: "cancel-renewal", subscriptionId: ID } });
    expect(
      parseForm(
        posted([
          ["intent", "switch-plan"],
          ["plan", "basic"],
        ]),
        libraryFormSchema,
      ),
    ).toMatchObject({ value: { intent: "switch-plan", plan: "basic" } });
    expect(parseForm(posted([["intent", "cancel-switch"]]), libraryFormSchema)).toMatchObject({ status: "success" });
    expect(parseForm(posted([]), libraryFormSchema).status).not.toBe("success");
  });
});

describe("plan editor", () => {
  it("gives checkPlanForm's message beside each field, and what was typed back", () => {
    const refused = parseForm(
      posted([
        ["name", ""],
        ["slug", "Week Pass"],
        ["price", "1,50"],
        ["periodUnit", "week"],
        ["periodCount", "2"],
        ["trialDays", "0"],
        ["sortKey", "0"],
      ]),
      planFormSchema(true),
    );
    expect(errorsOf(refused)).toMatchObject({
      name: ["Enter the plan's name"],
      slug: ["Lower-case letters, digits and dashes, like week-pass"],
      price: ["Enter the price in KES with at most two decimals, like 1,500.00"],
    });
    // conform's reply is what the form shows again (PlanForm's lastResult): what was typed, and each message.
    const shown = refused.reply();
    expect(shown.initialValue).toMatchObject({ slug: "Week Pass", price: "1,50", periodCount: "2" });
    expect(shown.initialValue).not.toHaveProperty("isActive");
    expect(shown.error?.price).toEqual(["Enter the price in KES with at most two decimals, like 1,500.00"]);
  });

  it("reads a valid plan, the switch ticked", () => {
    const ok = parseForm(
      posted([
        ["name", "Fortnight"],
        ["slug", "fortnight"],
        ["price", "1,500.50"],
        ["periodUnit", "week"],
        ["periodCount", "2"],
        ["ebookLimit", ""],
        ["trialDays", "0"],
        ["sortKey", "3"],
        ["isActive", "on"],
      ]),
      planFormSchema(true),
    );
    expect(ok).toMatchObject({
      status: "success",
      value: { name: "Fortnight", slug: "fortnight", priceCents: 150050, ebookLimit: null, isActive: true },
    });
  });
});

describe("offer code forms", () => {
  const base: [string, string][] = [
    ["code", "karibu20"],
    ["kind", "percent"],
    ["amount", "20"],
    ["appliesTo", "plans"],
    ["startsAt", ""],
    ["endsAt", ""],
    ["totalLimit", ""],
    ["perReaderLimit", "1"],
  ];

  it("one ticked plan is a list of one; empty limits are none", () => {
    const ok = parseForm(posted([...base, ["planIds", ID]]), offerCodeFormSchema);
    expect(ok).toMatchObject({
      status: "success",
      value: { code: "KARIBU20", planIds: [ID], totalLimit: null, perReaderLimit: 1, percentOff: "20" },
    });
  });

  it("says what to fix: an empty discount, a bad code", () => {
    const refused = parseForm(
      posted(base.map(([k, v]) => (k === "amount" ? [k, ""] : k === "code" ? [k, "x"] : [k, v]))),
      offerCodeFormSchema,
    );
    expect(errorsOf(refused)).toMatchObject({
      amount: ["Enter the discount."],
      code: ["3 to 32 letters, digits or dashes."],
    });
  });

  it("the edit page switches, or saves the terms", () => {
    expect(parseForm(posted([["intent", "off"]]), offerCodeEditSchema)).toMatchObject({ value: { intent: "off" } });
    expect(parseForm(posted([["intent", "save"], ...base]), offerCodeEditSchema)).toMatchObject({
      value: { intent: "save", code: "KARIBU20", percentOff: "20" },
    });
    expect(parseForm(posted([["intent", "delete"]]), offerCodeEditSchema).status).not.toBe("success");
  });
});

describe("unmatched charge form", () => {
  it("needs a note of what was done, within the limit", () => {
    const form = (note: string) =>
      posted([
        ["intent", "resolve-charge"],
        ["chargeId", ID],
        ["note", note],
      ]);
    expect(errorsOf(parseForm(form("  "), resolveChargeFormSchema))).toMatchObject({
      note: ["Write what was done (for example: refunded on Pesapal's dashboard)."],
    });
    expect(errorsOf(parseForm(form("x".repeat(501)), resolveChargeFormSchema))).toMatchObject({
      note: ["The note can be at most 500 characters."],
    });
    expect(parseForm(form(" Refunded "), resolveChargeFormSchema)).toMatchObject({ value: { note: "Refunded" } });
  });
});
