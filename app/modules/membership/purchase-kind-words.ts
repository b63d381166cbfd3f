// The words of each purchase kind (issue 47 item 1, ADR 047): how her receipt (page, PDF, export), the receipt mail,
// the payment pages' "Try again", the admin and the reports name what an order bought. Pure, and here rather than
// beside the kinds' behaviour (payments/purchase-kinds/): receipts and privacy read these words and may not import
// payments (docs/architecture.md, Module borders), and the plan's words are membership's (plan-period.ts). Each
// `PurchaseKind` points at its row (`words`), so a new kind is still one behaviour file plus one row here and there.
// Callers read the kind of an order with `purchaseKindNameOf` and dispatch; none branches on kinds itself.
import { formatDate } from "~/lib/format";
import { periodLabel, planItemText, planTitle, type PeriodUnit } from "./plan-period";

export type PurchaseKindName = "plan" | "ebook" | "gift" | "upgrade";

/** What an order buys (its `kind` column): a plan period (or a pass) or an ebook, bought for herself or as a gift. */
export type OrderItemKind = "plan" | "ebook";

/** The names of an order's item (plan columns from a left join, so possibly null). */
export interface ItemNames {
  planName?: string | null;
  periodUnit?: PeriodUnit | null;
  periodCount?: number | null;
  ebookTitle?: string | null;
}

/** What the reads know of an order's item. */
export interface OrderItemFacts extends ItemNames {
  kind: OrderItemKind;
}

/** What tells an order's kind: its item, a gift row (its recipient), a locked upgrade credit. */
export interface OrderKindFacts extends OrderItemFacts {
  /** The gift's recipient (ADR 038), null when the order is not a gift. */
  giftFor: string | null;
  upgradeCreditCents: number | null;
  /** Cents left off to charge whole shillings (issue 46 item 27). */
  roundedOffCents?: number | null;
}

/** What "Try again" keeps of an order that did not go through (issue 46 item 15). */
export interface RetryFacts {
  kind: OrderItemKind;
  ebookId: string | null;
  merchantReference: string;
  offerCode: string | null;
  fromArticleId: string | null;
}

/** What the receipt mail says of access, from the completion's facts (mail_messages.facts). */
export interface ReceiptMailFacts {
  /** The plan's paid-up end (ISO), null for no end. */
  endDate: string | null;
  /** A gift: whether its claim mail went now or goes on the chosen day. */
  gift: { sendNow: boolean } | null;
  ebookId: string | null;
}

/** What the payment pages know of a paid order: for whom (a gift), the ebook, her plan's new end (ISO). */
export interface PaidFacts {
  giftFor: string | null;
  ebookId: string | null;
  paidUntil: string | null;
}

/** A sentence with links, words chosen here and rendered by the page as they are (components/commerce/sentence.tsx). */
export type SentencePart = string | { strong: string } | { link: string; to: string };
export interface Sentence {
  /** The paragraph's test id, where tests look for it. */
  testId?: string;
  parts: SentencePart[];
}

type Money = (cents: number) => string;

/** How an item is named, by what it is (a plan or an ebook), whoever it was bought for. */
export interface ItemWords {
  /** The admin's and reports' label: "Plan", "Ebook". */
  label: string;
  /** Its bare name: the plan's or the ebook's ("" when gone). */
  name(o: ItemNames): string;
  /** The payment page's title: "Standard plan", the ebook's title. */
  title(o: ItemNames): string;
  /** The receipt's and export's item: "Standard plan (2 months)", "Ebook: Title". */
  receiptText(o: ItemNames): string;
  /** The receipt mail's item: 'the Standard plan (2 months)', 'the ebook "Title"'. */
  mailText(o: ItemNames): string;
  /** The checkout address part: "plan/standard", "ebook/<id>"; null when the plan is gone. */
  checkoutPath(o: RetryFacts, planSlug: string | null): string | null;
  /** Back from its checkout (and Pesapal's cancel): the plans, or the ebook's page. */
  backPath(itemId: string): string;
  backLabel: string;
  /** The M-Pesa pay page's item: "Standard plan (2 months)", the ebook's title; null when the item is gone. */
  payText(o: ItemNames): string | null;
  /** The receipt SMS's generic item: "Standard plan", "7-day pass", "Ebook"; never an ebook's title (issue 49). */
  smsText(o: ItemNames): string;
  /** What the payment page at the gateway says she buys: "Nuru Standard plan, 2 months", "Nuru ebook: Title". */
  gatewayText(o: ItemNames): string;
}

const planItem: ItemWords = {
  label: "Plan",
  name: (o) => o.planName ?? "",
  title: (o) => planTitle(o.planName ?? "Plan"),
  receiptText: (o) => planItemText(o.planName ?? null, o.periodUnit ?? null, o.periodCount ?? null),
  mailText: (o) => `the ${planItem.receiptText(o)}`,
  checkoutPath: (_o, planSlug) => (planSlug ? `plan/${encodeURIComponent(planSlug)}` : null),
  backPath: () => "/pricing",
  backLabel: "Back to plans",
  payText: (o) => (o.planName ? planItem.receiptText(o) : null),
  smsText: (o) => (o.planName ? planTitle(o.planName) : "Purchase"),
  gatewayText: (o) =>
    `Nuru ${planTitle(o.planName ?? "Plan")}, ${o.periodUnit && o.periodCount ? periodLabel({ periodUnit: o.periodUnit, periodCount: o.periodCount }) : ""}`,
};

const ebookItem: ItemWords = {
  label: "Ebook",
  name: (o) => o.ebookTitle ?? "",
  title: (o) => o.ebookTitle ?? "Ebook",
  receiptText: (o) => `Ebook: ${o.ebookTitle}`,
  mailText: (o) => `the ebook "${o.ebookTitle}"`,
  checkoutPath: (o) => `ebook/${o.ebookId}`,
  backPath: (itemId) => `/ebook/${itemId}`,
  backLabel: "Back to the ebook",
  payText: (o) => o.ebookTitle ?? null,
  smsText: () => "Ebook",
  gatewayText: (o) => `Nuru ebook: ${o.ebookTitle}`,
};

export const ITEM_WORDS: Record<OrderItemKind, ItemWords> = { plan: planItem, ebook: ebookItem };

/** The words of an order's item (a plan or an ebook). */
/** Whether `kind` names a kind of item (an admin's filter, a form field). */
export const isOrderItemKind = (kind: string | undefined): kind is OrderItemKind =>
  kind !== undefined && Object.hasOwn(ITEM_WORDS, kind);

export const itemWordsOf = (o: Pick<OrderItemFacts, "kind">): ItemWords => ITEM_WORDS[o.kind];

/** How one purchase kind is named on her receipt, in the receipt mail and in "Try again". */
export interface PurchaseKindWords {
  name: PurchaseKindName;
  /** The receipt's Item line (page, PDF and the mail's attachment). */
  receiptItem(o: OrderKindFacts, money: Money): string;
  /** Whether the receipt and the payment pages show the period this order gave her (her own plan period). */
  showsPeriod: boolean;
  /** Whether cents left off to whole shillings are a receipt line of their own (an upgrade says them in its item). */
  roundedOffLine: boolean;
  /** The receipt mail's item, what it says of her access, and where its button goes. */
  mailItem(o: OrderKindFacts): string;
  mailAccess(o: OrderKindFacts, facts: ReceiptMailFacts): string;
  mailPath(facts: ReceiptMailFacts): string;
  /** Where "Try again" goes: the same checkout (`itemPath`: "plan/standard") with what she chose. */
  retryPath(o: RetryFacts, itemPath: string): string;
  /** The receipt SMS's item in generic words (never an ebook's title or a recipient: phones are shared). */
  smsItem(o: OrderItemFacts): string;
  /** The billing history's item, from the item's name or title (`itemText`). */
  historyItem(o: OrderKindFacts, itemText: string): string;
  /** What next, once paid: on the payment status page (`status`) and the M-Pesa pay page (`mpesa`). */
  paidNext(o: PaidFacts, page: "status" | "mpesa"): Sentence;
}

const RECEIPT_ON_ITS_WAY = "A receipt is on its way to your e-mail.";

/** A plan's or an ebook's own checkout again, with the code (none applies to an upgrade) and the article she came from. */
function sameCheckout(o: RetryFacts, itemPath: string, upgrade = false): string {
  const query = new URLSearchParams();
  if (upgrade) query.set("upgrade", "1");
  else if (o.offerCode) query.set("code", o.offerCode);
  if (o.fromArticleId) query.set("from", o.fromArticleId);
  const search = query.toString();
  return `/checkout/${itemPath}${search ? `?${search}` : ""}`;
}

const paidUpTo = (facts: ReceiptMailFacts) =>
  facts.endDate ? `Your plan is paid up to ${formatDate(facts.endDate)}.` : "Your plan has no end date.";

const plan: PurchaseKindWords = {
  name: "plan",
  smsItem: (o) => itemWordsOf(o).smsText(o),
  historyItem: (_o, itemText) => itemText,
  paidNext: (o, page) =>
    page === "status"
      ? {
          parts: [
            "Next: ",
            { link: "read premium articles", to: "/articles" },
            " or ",
            { link: "choose your ebooks", to: "/ebooks" },
            `. ${RECEIPT_ON_ITS_WAY}`,
          ],
        }
      : {
          parts: [
            `Every premium article is open to you now${o.paidUntil ? `, until ${formatDate(o.paidUntil)}` : ""}. `,
            { link: "Start reading", to: "/articles" },
          ],
        },
  receiptItem: (o) => planItem.receiptText(o),
  showsPeriod: true,
  roundedOffLine: true,
  mailItem: (o) => planItem.mailText(o),
  mailAccess: (_o, facts) => paidUpTo(facts),
  mailPath: () => "/articles",
  retryPath: (o, itemPath) => sameCheckout(o, itemPath),
};

/** The table, one row a kind. */
export const PURCHASE_KIND_WORDS: Record<PurchaseKindName, PurchaseKindWords> = {
  plan,
  ebook: {
    name: "ebook",
    smsItem: (o) => itemWordsOf(o).smsText(o),
    historyItem: (_o, itemText) => itemText,
    paidNext: (o, page) =>
      page === "status"
        ? { parts: ["Next: ", { link: "open your ebook", to: `/ebook/${o.ebookId}` }, `. ${RECEIPT_ON_ITS_WAY}`] }
        : { parts: ["The ebook is yours to read now. ", { link: "Open it", to: `/ebook/${o.ebookId}` }] },
    receiptItem: (o) => ebookItem.receiptText(o),
    showsPeriod: false,
    roundedOffLine: true,
    mailItem: (o) => ebookItem.mailText(o),
    mailAccess: () => "The ebook is yours to read on Nuru.",
    mailPath: (facts) => `/ebook/${facts.ebookId}`,
    retryPath: (o, itemPath) => sameCheckout(o, itemPath),
  },
  // A gift (ADR 038): says for whom; the recipient's period is hers, not on the buyer's receipt.
  gift: {
    name: "gift",
    smsItem: () => "Gift",
    historyItem: (o, itemText) => `Gift for ${o.giftFor}: ${itemText}`,
    // The buyer is told it is paid and where to follow it, never that she can read it.
    paidNext: (o, page) => ({
      testId: "gift-next",
      parts: [
        "Your gift for ",
        { strong: o.giftFor ?? "the recipient" },
        " is paid. Follow it, and send the claim e-mail again, from ",
        { link: "your gifts", to: "/account/gifts" },
        page === "status" ? `. ${RECEIPT_ON_ITS_WAY}` : ".",
      ],
    }),
    receiptItem: (o) => `Gift for ${o.giftFor}: ${itemWordsOf(o).receiptText(o)}`,
    showsPeriod: false,
    roundedOffLine: true,
    mailItem: (o) => `a gift for ${o.giftFor ?? "the recipient"}: ${itemWordsOf(o).mailText(o)}`,
    mailAccess: (o, facts) =>
      facts.gift?.sendNow
        ? `We have e-mailed ${o.giftFor ?? "the recipient"} a link to claim it. You can follow it, and send it again, from My Library.`
        : `We will e-mail ${o.giftFor ?? "the recipient"} a link to claim it on the day you chose. You can follow it from My Library.`,
    mailPath: () => "/account/gifts",
    // The gift checkout fills the recipient, the note and the date from this order (owner checked there).
    retryPath: (o, itemPath) => `/gift/${itemPath}?${new URLSearchParams({ retry: o.merchantReference })}`,
  },
  // An upgrade (ADR 039): the amount is the plan's price less the credit, said in the item line with the cents
  // left off to whole shillings (M-Pesa's unit; issue 46 item 27). "Try again" locks the credit again.
  upgrade: {
    ...plan,
    name: "upgrade",
    receiptItem: (o, money) =>
      `${planItem.receiptText(o)}, upgrade: less ${money(o.upgradeCreditCents ?? 0)} credit for the unused part of the earlier plan${
        o.roundedOffCents ? ` and ${money(o.roundedOffCents)} rounded off to whole shillings` : ""
      }`,
    roundedOffLine: false,
    retryPath: (o, itemPath) => sameCheckout(o, itemPath, true),
  },
};

/**
 * Which kind of purchase an order is: a gift (it has a gift row), an upgrade (a locked credit), else its item. The
 * one rule; payments' `purchaseKindOf` reads the gift row and asks it.
 */
export function purchaseKindNameOf(o: {
  kind: OrderItemKind;
  isGift: boolean;
  upgradeCreditCents: number | null;
}): PurchaseKindName {
  if (o.isGift) return "gift";
  if (o.upgradeCreditCents !== null) return "upgrade";
  return o.kind;
}

/** The words of an order's kind, told by its facts. */
export const wordsOf = (o: OrderKindFacts): PurchaseKindWords =>
  PURCHASE_KIND_WORDS[purchaseKindNameOf({ ...o, isGift: o.giftFor !== null })];
