// The words of each purchase kind (issue 47 item 1, ADR 047): how her receipt (page, PDF, export), the receipt mail,
// the payment pages' "Try again", the admin and the reports name what an order bought. Pure, and here rather than
// beside the kinds' behaviour (payments/purchase-kinds/): receipts and privacy read these words and may not import
// payments (docs/architecture.md, Module borders), and the plan's words are membership's (plan-period.ts). Each
// `PurchaseKind` points at its row (`words`), so a new kind is still one behaviour file plus one row here and there.
// Callers read the kind of an order with `purchaseKindNameOf` and dispatch; none branches on kinds itself.
// Each table has its Swahili twin of the same shape (issue 50, ADR 048): `purchaseKindWords(kind, locale)`,
// `wordsOf(o, locale)` and `itemWordsOf(o, locale)` choose by her language; the English tables and every call that
// passes no language are as they were. The Swahili words are catalogue messages (app/locales/*/receipts.po).
import { formatDate } from "~/lib/format";
import { translator, type Translate } from "~/lib/i18n/i18n";
import { DEFAULT_LOCALE, localizedHref, type Locale } from "~/lib/locale";
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

/**
 * What a plan's rows (its item row and its purchase kind's row) say in one language: English here, Swahili in
 * swahiliPlanWords. planItemRow and planKindRow give both languages the one shape.
 */
interface PlanWords {
  locale: Locale;
  /** The admin's and reports' label: "Plan". */
  label: string;
  backLabel: string;
  /** The receipt SMS's item when the plan is gone: "Purchase". */
  purchase: string;
  /** The plan as a title: "Standard plan". */
  title(o: ItemNames): string;
  /** The plan with its period: "Standard plan (2 months)". */
  receiptText(o: ItemNames): string;
  /** An item inside a sentence: "the Standard plan (2 months)". */
  inSentence(item: string): string;
  gatewayText(o: ItemNames): string;
  /** What next, once paid (the payment status page): "Next: ", the two links, the receipt's line. */
  next: string;
  readPremium: string;
  or: string;
  chooseEbooks: string;
  receiptComing: string;
  /** What next on the M-Pesa pay page: premium is open (until her plan's new end), and the link. */
  premiumOpen(paidUntil: string | null): string;
  startReading: string;
  /** The receipt mail's access: paid up to the plan's end, or no end. */
  paidUpTo(endDate: string | null): string;
}

const RECEIPT_ON_ITS_WAY = "A receipt is on its way to your e-mail.";

const ENGLISH_PLAN: PlanWords = {
  locale: DEFAULT_LOCALE,
  label: "Plan",
  backLabel: "Back to plans",
  purchase: "Purchase",
  title: (o) => planTitle(o.planName ?? "Plan"),
  receiptText: (o) => planItemText(o.planName ?? null, o.periodUnit ?? null, o.periodCount ?? null),
  inSentence: (item) => `the ${item}`,
  gatewayText: (o) =>
    `Nuru ${planTitle(o.planName ?? "Plan")}, ${o.periodUnit && o.periodCount ? periodLabel({ periodUnit: o.periodUnit, periodCount: o.periodCount }) : ""}`,
  next: "Next: ",
  readPremium: "read premium articles",
  or: " or ",
  chooseEbooks: "choose your ebooks",
  receiptComing: `. ${RECEIPT_ON_ITS_WAY}`,
  premiumOpen: (paidUntil) =>
    `Every premium article is open to you now${paidUntil ? `, until ${formatDate(paidUntil)}` : ""}. `,
  startReading: "Start reading",
  paidUpTo: (endDate) => (endDate ? `Your plan is paid up to ${formatDate(endDate)}.` : "Your plan has no end date."),
};

/** A plan's item row in the language of `w`. */
function planItemRow(w: PlanWords): ItemWords {
  return {
    label: w.label,
    name: (o) => o.planName ?? "",
    title: w.title,
    receiptText: w.receiptText,
    mailText: (o) => w.inSentence(w.receiptText(o)),
    checkoutPath: (_o, planSlug) => (planSlug ? `plan/${encodeURIComponent(planSlug)}` : null),
    backPath: () => localizedHref("/pricing", w.locale),
    backLabel: w.backLabel,
    payText: (o) => (o.planName ? w.receiptText(o) : null),
    smsText: (o) => (o.planName ? w.title(o) : w.purchase),
    gatewayText: w.gatewayText,
  };
}

const planItem = planItemRow(ENGLISH_PLAN);

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

export const itemWordsOf = (o: Pick<OrderItemFacts, "kind">, locale: Locale = DEFAULT_LOCALE): ItemWords =>
  itemWordsIn(locale)[o.kind];

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

/** A plan's or an ebook's own checkout again, with the code (none applies to an upgrade) and the article she came from. */
function sameCheckout(o: RetryFacts, itemPath: string, upgrade = false): string {
  const query = new URLSearchParams();
  if (upgrade) query.set("upgrade", "1");
  else if (o.offerCode) query.set("code", o.offerCode);
  if (o.fromArticleId) query.set("from", o.fromArticleId);
  const search = query.toString();
  return `/checkout/${itemPath}${search ? `?${search}` : ""}`;
}

/** A plan's purchase kind row in the language of `w`, naming its items with `items` (that language's). */
function planKindRow(w: PlanWords, items: Record<OrderItemKind, ItemWords>): PurchaseKindWords {
  const href = (path: string) => localizedHref(path, w.locale);
  return {
    name: "plan",
    smsItem: (o) => items[o.kind].smsText(o),
    historyItem: (_o, itemText) => itemText,
    paidNext: (o, page) =>
      page === "status"
        ? {
            parts: [
              w.next,
              { link: w.readPremium, to: href("/articles") },
              w.or,
              { link: w.chooseEbooks, to: href("/ebooks") },
              w.receiptComing,
            ],
          }
        : { parts: [w.premiumOpen(o.paidUntil), { link: w.startReading, to: href("/articles") }] },
    receiptItem: (o) => items.plan.receiptText(o),
    showsPeriod: true,
    roundedOffLine: true,
    mailItem: (o) => items.plan.mailText(o),
    mailAccess: (_o, facts) => w.paidUpTo(facts.endDate),
    mailPath: () => href("/articles"),
    retryPath: (o, itemPath) => sameCheckout(o, itemPath),
  };
}

const plan = planKindRow(ENGLISH_PLAN, ITEM_WORDS);

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

/** The words of an order's kind, told by its facts, in `locale` (English when not given). */
export const wordsOf = (o: OrderKindFacts, locale: Locale = DEFAULT_LOCALE): PurchaseKindWords =>
  purchaseKindWords(purchaseKindNameOf({ ...o, isGift: o.giftFor !== null }), locale);

/** The words of one purchase kind in `locale`. */
export const purchaseKindWords = (kind: PurchaseKindName, locale: Locale = DEFAULT_LOCALE): PurchaseKindWords =>
  purchaseKindWordsIn(locale)[kind];

// ---- Swahili (issue 50): the same rows, their words from the catalogue, her links to the Swahili pages. ----

/** The pass the shop ships ("7-day pass") is named by its period: in Swahili it is said again ("Pasi ya siku 7"). */
const PASS_NAME = /^(\d+)-(day|week|month) pass$/i;

/** "siku 7", "wiki 1", "miezi 2" (the pricing page's words, plan.* in messages.po). */
function periodWords(t: Translate, unit: PeriodUnit, count: number): string {
  if (unit === "day") return t("plan.days", { count });
  return unit === "week" ? t("plan.weeks", { count }) : t("plan.months", { count });
}

/** The plan as an item: "Mpango wa Standard", "Pasi ya siku 7"; a name that says "plan" itself as written. */
function planTitleIn(t: Translate, o: ItemNames): string {
  const name = o.planName ?? "";
  if (!name) return t("receipts.kind.planLabel");
  // A pass says its period in its name ("7-day pass"), so the receipt SMS, which knows only the name, can say it.
  const pass = PASS_NAME.exec(name);
  if (pass) {
    const unit = pass[2].toLowerCase() as PeriodUnit;
    return t("plan.pass", { period: periodWords(t, unit, Number(pass[1])) });
  }
  return /\bplan\b/i.test(name) ? name : t("plan.title", { name });
}

/** "Mpango wa Standard (miezi 2)". */
function planItemIn(t: Translate, o: ItemNames): string {
  const title = planTitleIn(t, o);
  return o.periodUnit && o.periodCount ? `${title} (${periodWords(t, o.periodUnit, o.periodCount)})` : title;
}

/** Our own words inside a sentence start small ("mpango wa Standard"); an admin's name stays as written. */
const inSentence = (title: string) => title.replace(/^(Mpango|Pasi|Kitabu) /, (w) => w.toLowerCase());

/** The Swahili plan as an item inside a sentence ("mpango wa Standard (miezi 2)"), for mails. */
export function planItemInSentence(o: ItemNames, locale: Locale): string {
  return locale === DEFAULT_LOCALE
    ? `the ${ITEM_WORDS.plan.receiptText(o)}`
    : inSentence(planItemIn(translator(locale), o));
}

/** The plan's title inside a sentence: "the Standard plan"'s "Standard plan"; "mpango wa Standard". */
export function planTitleInSentence(o: ItemNames, locale: Locale): string {
  return locale === DEFAULT_LOCALE ? planTitle(o.planName ?? "") : inSentence(planTitleIn(translator(locale), o));
}

/** An ebook inside a sentence: 'the ebook "Title"', 'kitabu pepe "Title"'. */
export function ebookInSentence(title: string | null | undefined, locale: Locale): string {
  return translator(locale)("receipts.kind.ebookMail", { title: title ?? "" });
}

/** The words of the plan's rows in Swahili (ENGLISH_PLAN's twin). */
function swahiliPlanWords(t: Translate): PlanWords {
  return {
    locale: "sw",
    label: t("receipts.kind.planLabel"),
    backLabel: t("receipts.kind.backToPlans"),
    purchase: t("receipts.kind.purchase"),
    title: (o) => planTitleIn(t, o),
    receiptText: (o) => planItemIn(t, o),
    inSentence,
    gatewayText: (o) =>
      t("receipts.kind.planGateway", {
        title: planTitleIn(t, o),
        period: o.periodUnit && o.periodCount ? periodWords(t, o.periodUnit, o.periodCount) : "",
      }),
    next: t("receipts.next.next"),
    readPremium: t("receipts.next.readPremium"),
    or: t("receipts.next.or"),
    chooseEbooks: t("receipts.next.chooseEbooks"),
    receiptComing: t("receipts.next.receiptComing"),
    premiumOpen: (paidUntil) =>
      paidUntil
        ? t("receipts.next.premiumOpenUntil", { date: formatDate(paidUntil, "sw") })
        : t("receipts.next.premiumOpen"),
    startReading: t("receipts.next.startReading"),
    paidUpTo: (endDate) =>
      endDate ? t("receipts.kind.paidUpTo", { date: formatDate(endDate, "sw") }) : t("receipts.kind.noEndDate"),
  };
}

function swahiliItemWords(t: Translate, planWords: PlanWords): Record<OrderItemKind, ItemWords> {
  const sw = (path: string) => localizedHref(path, "sw");
  const ebookItemSw: ItemWords = {
    label: t("receipts.kind.ebookLabel"),
    name: (o) => o.ebookTitle ?? "",
    title: (o) => o.ebookTitle ?? t("receipts.kind.ebookLabel"),
    receiptText: (o) => t("receipts.kind.ebookItem", { title: o.ebookTitle ?? "" }),
    mailText: (o) => t("receipts.kind.ebookMail", { title: o.ebookTitle ?? "" }),
    checkoutPath: ebookItem.checkoutPath,
    backPath: (itemId) => sw(`/ebook/${itemId}`),
    backLabel: t("receipts.kind.backToEbook"),
    payText: (o) => o.ebookTitle ?? null,
    smsText: () => t("receipts.kind.ebookLabel"),
    gatewayText: (o) => t("receipts.kind.ebookGateway", { title: o.ebookTitle ?? "" }),
  };
  return { plan: planItemRow(planWords), ebook: ebookItemSw };
}

function swahiliKindWords(
  t: Translate,
  planWords: PlanWords,
  items: Record<OrderItemKind, ItemWords>,
): Record<PurchaseKindName, PurchaseKindWords> {
  const sw = (path: string) => localizedHref(path, "sw");
  const receiptComing = t("receipts.next.receiptComing");
  const itemOf = (o: Pick<OrderItemFacts, "kind">) => items[o.kind];
  const recipient = (o: OrderKindFacts) => o.giftFor ?? t("receipts.kind.theRecipient");
  const planSw = planKindRow(planWords, items);
  const ebook = PURCHASE_KIND_WORDS.ebook;
  const gift = PURCHASE_KIND_WORDS.gift;
  const upgrade = PURCHASE_KIND_WORDS.upgrade;
  return {
    plan: planSw,
    ebook: {
      ...ebook,
      smsItem: (o) => itemOf(o).smsText(o),
      paidNext: (o, page) =>
        page === "status"
          ? {
              parts: [
                t("receipts.next.next"),
                { link: t("receipts.next.openEbook"), to: sw(`/ebook/${o.ebookId}`) },
                receiptComing,
              ],
            }
          : {
              parts: [
                t("receipts.next.ebookReady"),
                { link: t("receipts.next.openIt"), to: sw(`/ebook/${o.ebookId}`) },
              ],
            },
      receiptItem: (o) => items.ebook.receiptText(o),
      mailItem: (o) => items.ebook.mailText(o),
      mailAccess: () => t("receipts.kind.ebookYours"),
      mailPath: (facts) => sw(`/ebook/${facts.ebookId}`),
    },
    gift: {
      ...gift,
      mailPath: () => sw("/account/gifts"),
      smsItem: () => t("receipts.kind.gift"),
      historyItem: (o, itemText) => t("receipts.kind.giftFor", { who: recipient(o), item: itemText }),
      paidNext: (o, page) => ({
        testId: "gift-next",
        parts: [
          t("receipts.next.giftPaid"),
          { strong: o.giftFor ?? t("receipts.kind.theRecipient") },
          t("receipts.next.giftFollow"),
          { link: t("receipts.next.yourGifts"), to: sw("/account/gifts") },
          page === "status" ? receiptComing : t("receipts.next.end"),
        ],
      }),
      receiptItem: (o) => t("receipts.kind.giftFor", { who: recipient(o), item: itemOf(o).receiptText(o) }),
      mailItem: (o) => t("receipts.kind.giftMailItem", { who: recipient(o), item: itemOf(o).mailText(o) }),
      mailAccess: (o, facts) =>
        facts.gift?.sendNow
          ? t("receipts.kind.giftSent", { who: recipient(o) })
          : t("receipts.kind.giftLater", { who: recipient(o) }),
    },
    upgrade: {
      ...planSw,
      name: "upgrade",
      receiptItem: (o, money) =>
        t("receipts.kind.upgradeItem", { item: items.plan.receiptText(o), credit: money(o.upgradeCreditCents ?? 0) }) +
        (o.roundedOffCents ? t("receipts.kind.upgradeRounded", { rounded: money(o.roundedOffCents) }) : ""),
      roundedOffLine: upgrade.roundedOffLine,
      retryPath: upgrade.retryPath,
    },
  };
}

let swahili: { items: Record<OrderItemKind, ItemWords>; kinds: Record<PurchaseKindName, PurchaseKindWords> } | null =
  null;

/** The Swahili tables, made on first use (the English ones are the constants above). */
function swahiliTables() {
  if (!swahili) {
    const t = translator("sw");
    const planWords = swahiliPlanWords(t);
    const items = swahiliItemWords(t, planWords);
    swahili = { items, kinds: swahiliKindWords(t, planWords, items) };
  }
  return swahili;
}

/** Every item's words in `locale`. */
export const itemWordsIn = (locale: Locale): Record<OrderItemKind, ItemWords> =>
  locale === DEFAULT_LOCALE ? ITEM_WORDS : swahiliTables().items;

/** Every purchase kind's words in `locale`. */
export const purchaseKindWordsIn = (locale: Locale): Record<PurchaseKindName, PurchaseKindWords> =>
  locale === DEFAULT_LOCALE ? PURCHASE_KIND_WORDS : swahiliTables().kinds;
