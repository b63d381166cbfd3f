import { describe, expect, it } from "vitest";
import { PURCHASE_KINDS } from "~/modules/payments/purchase-kinds/index.server";
import {
  ITEM_WORDS,
  isOrderItemKind,
  itemWordsOf,
  PURCHASE_KIND_WORDS,
  purchaseKindNameOf,
  wordsOf,
  type OrderKindFacts,
  type Sentence,
} from "~/modules/membership/purchase-kind-words";

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

  it("name what she bought in the receipt SMS in generic words: never an ebook's title or the recipient", () => {
    const ebook = { ...plan, kind: "ebook" as const, ebookTitle: "Mto" };
    const pass = { ...plan, planName: "7-day pass" };
    expect(wordsOf(plan).smsItem(plan)).toBe("Standard plan");
    expect(wordsOf(pass).smsItem(pass)).toBe("7-day pass");
    expect(wordsOf({ ...plan, upgradeCreditCents: 100 }).smsItem(plan)).toBe("Standard plan");
    expect(wordsOf(ebook).smsItem(ebook)).toBe("Ebook");
    expect(wordsOf({ ...ebook, giftFor: "amani@example.com" }).smsItem(ebook)).toBe("Gift");
    expect(wordsOf({ ...plan, planName: null }).smsItem({ ...plan, planName: null })).toBe("Purchase");
  });
  it("write the billing history's item and heading; a gift says for whom, whatever its address holds", () => {
    const history = (o: OrderKindFacts) => {
      const words = wordsOf(o);
      return [words.historyItem(o, itemWordsOf(o).name(o)), words.historyItem(o, itemWordsOf(o).title(o))];
    };
    expect(history(plan)).toEqual(["Standard", "Standard plan"]);
    expect(history({ ...plan, planName: "7-day pass" })).toEqual(["7-day pass", "7-day pass"]);
    expect(history({ ...plan, kind: "ebook", ebookTitle: "Mto" })).toEqual(["Mto", "Mto"]);
    expect(history({ ...plan, giftFor: "plan.reader@example.com" })).toEqual([
      "Gift for plan.reader@example.com: Standard",
      "Gift for plan.reader@example.com: Standard plan",
    ]);
  });
  it("say what next once paid, on the payment status page and the M-Pesa pay page", () => {
    const text = (s: Sentence) =>
      s.parts.map((p) => (typeof p === "string" ? p : "strong" in p ? p.strong : `[${p.link}](${p.to})`)).join("");
    const paid = { giftFor: null, ebookId: "e1", paidUntil: "2026-12-05T09:00:00Z" };
    expect(text(PURCHASE_KIND_WORDS.plan.paidNext(paid, "status"))).toBe(
      "Next: [read premium articles](/articles) or [choose your ebooks](/ebooks). A receipt is on its way to your e-mail.",
    );
    expect(text(PURCHASE_KIND_WORDS.upgrade.paidNext(paid, "mpesa"))).toBe(
      "Every premium article is open to you now, until 5 December 2026. [Start reading](/articles)",
    );
    expect(text(PURCHASE_KIND_WORDS.plan.paidNext({ ...paid, paidUntil: null }, "mpesa"))).toBe(
      "Every premium article is open to you now. [Start reading](/articles)",
    );
    expect(text(PURCHASE_KIND_WORDS.ebook.paidNext(paid, "status"))).toBe(
      "Next: [open your ebook](/ebook/e1). A receipt is on its way to your e-mail.",
    );
    expect(text(PURCHASE_KIND_WORDS.ebook.paidNext(paid, "mpesa"))).toBe(
      "The ebook is yours to read now. [Open it](/ebook/e1)",
    );
    const gift = PURCHASE_KIND_WORDS.gift.paidNext({ ...paid, giftFor: "amani@example.com" }, "status");
    expect(gift.testId).toBe("gift-next");
    expect(text(gift)).toBe(
      "Your gift for amani@example.com is paid. Follow it, and send the claim e-mail again, from [your gifts](/account/gifts). A receipt is on its way to your e-mail.",
    );
    expect(text(PURCHASE_KIND_WORDS.gift.paidNext({ ...paid, giftFor: "amani@example.com" }, "mpesa"))).toBe(
      "Your gift for amani@example.com is paid. Follow it, and send the claim e-mail again, from [your gifts](/account/gifts).",
    );
  });
  it("lead back from a checkout to the plans or the ebook", () => {
    expect([ITEM_WORDS.plan.backPath("p1"), ITEM_WORDS.plan.backLabel]).toEqual(["/pricing", "Back to plans"]);
    expect([ITEM_WORDS.ebook.backPath("e1"), ITEM_WORDS.ebook.backLabel]).toEqual(["/ebook/e1", "Back to the ebook"]);
  });
  it("name the item on the gateway's payment page as the checkout did", () => {
    expect(ITEM_WORDS.plan.gatewayText({ planName: "Standard", periodUnit: "month", periodCount: 2 })).toBe(
      "Nuru Standard plan, 2 months",
    );
    expect(ITEM_WORDS.plan.gatewayText({ planName: "7-day pass", periodUnit: "day", periodCount: 7 })).toBe(
      "Nuru 7-day pass, 7 days",
    );
    expect(ITEM_WORDS.ebook.gatewayText({ ebookTitle: "Glow Guide" })).toBe("Nuru ebook: Glow Guide");
    expect([
      isOrderItemKind("plan"),
      isOrderItemKind("ebook"),
      isOrderItemKind("gift"),
      isOrderItemKind("toString"),
    ]).toEqual([true, true, false, false]);
  });
});
