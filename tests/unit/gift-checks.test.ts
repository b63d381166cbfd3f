// The checkout pages' script checks a gift's details without zod (gift-checks.ts, ADR 045): for a grid of inputs it
// must say what the gift's schema says through conform's parse (the React form's checks and the action's), the first
// message per field, and let through exactly what it lets through.
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/forms";
import { GIFT_CHECKS } from "~/modules/membership/gift-checks";
import { giftCheckoutSchema } from "~/modules/membership/gift-form";

const EMAILS = ["", "  ", "wanjiku@example.com", " Wanjiku@Example.COM ", "wanjiku@", `${"a".repeat(250)}@x.co`];
const PHONES = ["", " ", "0712 345 678", "+254712345678", "0812345678", "+44 20 7946 0958", "12", "07123456789"];
const NOTES = ["", "  ", "Happy birthday!", "a".repeat(500), "a".repeat(501), ` ${"a".repeat(500)} `];
const DATES = ["", " ", "2027-01-31", "2027-02-31", "2027-13-01", "31/01/2027", "2027-1-1"];

function conformSays(values: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  const error = parseForm(data, giftCheckoutSchema).reply().error ?? {};
  return Object.fromEntries(
    Object.entries(error)
      .filter(([, messages]) => messages?.length)
      .map(([field, messages]) => [field, messages![0]]),
  );
}

describe("the gift checkout's checks without zod", () => {
  it("agree with the gift's schema", () => {
    const cases = EMAILS.flatMap((recipientEmail) =>
      PHONES.flatMap((recipientPhone) =>
        NOTES.flatMap((note) => DATES.map((deliverOn) => ({ recipientEmail, recipientPhone, note, deliverOn }))),
      ),
    );
    for (const values of cases) expect(GIFT_CHECKS.gift!(values), JSON.stringify(values)).toEqual(conformSays(values));
  });

  it("say what a giver sees for the common slips", () => {
    expect(GIFT_CHECKS.gift!({ recipientEmail: "", recipientPhone: "12", note: "", deliverOn: "" })).toEqual({
      recipientEmail: "Enter the recipient's e-mail address.",
      recipientPhone: "Enter a Kenyan (07… or +254…) or international (+…) phone number.",
    });
  });
});
