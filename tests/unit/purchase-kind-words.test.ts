import { describe, expect, it } from "vitest";
import { PURCHASE_KINDS } from "~/modules/payments/purchase-kinds/index.server";
import { PURCHASE_KIND_WORDS, purchaseKindNameOf, wordsOf } from "~/modules/membership/purchase-kind-words";

const money = (cents: number) => `KSh ${(cents / 100).toFixed(2)}`;
const plan = {
  kind: "plan" as const,
  planName: "Standard",
  periodUnit: "month" as const,
  periodCount: 2,
  ebookTitle: null,
  giftFor: null,
  upgradeCreditCents: null,
  roundedOffCents: null,
};

// Issue 47 item 1 (ADR 047): receipts, the receipt mail and "Try again" read an order's kind and dispatch.
describe("the words of each purchase kind", () => {
  it("are the row of the kind's own name, for every kind in the table", () => {
    for (const [name, kind] of Object.entries(PURCHASE_KINDS)) {
      expect(kind.name).toBe(name);
      expect(kind.words).toBe(PURCHASE_KIND_WORDS[kind.name]);
    }
  });
  it("tell a gift first, then an upgrade, then the item", () => {
    expect(purchaseKindNameOf({ kind: "plan", isGift: true, upgradeCreditCents: null })).toBe("gift");
    expect(purchaseKindNameOf({ kind: "plan", isGift: false, upgradeCreditCents: 0 })).toBe("upgrade");
    expect(purchaseKindNameOf({ kind: "ebook", isGift: false, upgradeCreditCents: null })).toBe("ebook");
  });
  it("write the receipt line of each kind", () => {
    expect(wordsOf(plan).receiptItem(plan, money)).toBe("Standard plan (2 months)");
    const ebook = { ...plan, kind: "ebook" as const, ebookTitle: "Mto" };
    expect(wordsOf(ebook).receiptItem(ebook, money)).toBe("Ebook: Mto");
    const gift = { ...ebook, giftFor: "amani@example.com" };
    expect(wordsOf(gift).receiptItem(gift, money)).toBe("Gift for amani@example.com: Ebook: Mto");
    expect(wordsOf(gift).showsPeriod).toBe(false);
    const upgrade = { ...plan, upgradeCreditCents: 12_000, roundedOffCents: 40 };
    expect(wordsOf(upgrade).receiptItem(upgrade, money)).toBe(
      "Standard plan (2 months), upgrade: less KSh 120.00 credit for the unused part of the earlier plan and KSh 0.40 rounded off to whole shillings",
    );
    expect(wordsOf(upgrade).roundedOffLine).toBe(false);
    expect(wordsOf(upgrade).showsPeriod).toBe(true);
  });
});
