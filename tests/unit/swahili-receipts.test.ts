// Issue 50 (ADR 048): a Swahili reader's receipt, mails, receipt SMS and ebook stamp are in Swahili, word for word what
// she sees; the English ones stay as they were (tests/unit/mail-languages.test.ts holds their bytes).
import { describe, expect, it } from "vitest";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import {
  ITEM_WORDS,
  itemWordsIn,
  PURCHASE_KIND_WORDS,
  purchaseKindWords,
  purchaseKindWordsIn,
  wordsOf,
  type OrderKindFacts,
  type Sentence,
} from "~/modules/membership/purchase-kind-words";
import { receiptLines, receiptPdf, type Receipt } from "~/modules/receipts/receipts.server";
import { paymentMethodIn } from "~/modules/receipts/receipt-words";
import { composeReceiptSms, SMS_MAX_CHARS } from "~/modules/sms/receipt-sms";
import { isGsm7Basic } from "~/modules/sms/gsm7";
import { stampLine, stampPdf } from "~/modules/reader/stamp.server";
import { followReason } from "~/modules/member-mail/member-templates.server";
import { pdfPageTexts, textPdf } from "../setup/pdf-text";
import { SLICE_MAILS } from "../setup/receipt-mails";

/** English UI words none of the Swahili mails, receipts or texts may hold (names, titles, links and "Nuru" aside). */
const ENGLISH =
  /\b(hello|thank|thanks|your|you|the|and|for|paid|receipt|payment|plan|ebook|gift|renew|renewal|order|reference|refund|amount|status|seller|item|period|date|confirm|follow|unsubscribe|change|read|reading|week|article|articles|members|claim|sign|account|e-mail|email|link|until|tomorrow|days|licensed|subscription|free|admin|card|open|library|next|start|back|download|print|is|of|to|on)\b/i;

/** What a reader reads of a mail: the subject, the text and the HTML's text, without addresses. */
function words(mail: MailMessage): string[] {
  const html = mail.html
    .replace(/<(style|title)[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/&[a-z#0-9]+;/g, " ");
  return [mail.subject, mail.text.replace(/https?:\/\/\S+/g, " "), html];
}

const sentenceText = (s: Sentence) =>
  s.parts.map((p) => (typeof p === "string" ? p : "strong" in p ? p.strong : p.link)).join("");
const money = (cents: number) => `KSh\u00a0${(cents / 100).toFixed(2)}`;
const plan: OrderKindFacts = {
  kind: "plan",
  planName: "Standard",
  periodUnit: "month",
  periodCount: 2,
  ebookTitle: null,
  giftFor: null,
  upgradeCreditCents: null,
  roundedOffCents: null,
};
const ebook: OrderKindFacts = { ...plan, kind: "ebook", planName: null, ebookTitle: "Mto" };
const gift: OrderKindFacts = { ...plan, giftFor: "amani@example.com" };
const upgrade: OrderKindFacts = { ...plan, upgradeCreditCents: 12_000, roundedOffCents: 40 };
const pass: OrderKindFacts = { ...plan, planName: "7-day pass", periodUnit: "day", periodCount: 7 };

describe("the purchase kinds' words in Swahili", () => {
  it("have every kind and every item the English tables have, and English stays the English table", () => {
    expect(Object.keys(purchaseKindWordsIn("sw")).sort()).toEqual(Object.keys(PURCHASE_KIND_WORDS).sort());
    expect(Object.keys(itemWordsIn("sw")).sort()).toEqual(Object.keys(ITEM_WORDS).sort());
    expect(purchaseKindWordsIn("en")).toBe(PURCHASE_KIND_WORDS);
    expect(purchaseKindWords("gift")).toBe(PURCHASE_KIND_WORDS.gift);
    for (const name of Object.keys(PURCHASE_KIND_WORDS) as (keyof typeof PURCHASE_KIND_WORDS)[]) {
      expect(purchaseKindWords(name, "sw").name).toBe(name);
      expect(purchaseKindWords(name, "sw").showsPeriod).toBe(PURCHASE_KIND_WORDS[name].showsPeriod);
    }
  });

  it("write the receipt line, the mail's item and access, the SMS item and the history of each kind", () => {
    expect(wordsOf(plan, "sw").receiptItem(plan, money)).toBe("Mpango wa Standard (miezi 2)");
    expect(wordsOf(pass, "sw").receiptItem(pass, money)).toBe("Pasi ya siku 7 (siku 7)");
    expect(wordsOf(ebook, "sw").receiptItem(ebook, money)).toBe("Kitabu pepe: Mto");
    expect(wordsOf(gift, "sw").receiptItem(gift, money)).toBe(
      "Zawadi kwa amani@example.com: Mpango wa Standard (miezi 2)",
    );
    expect(wordsOf(upgrade, "sw").receiptItem(upgrade, money)).toBe(
      "Mpango wa Standard (miezi 2), kuboresha mpango: punguzo la KSh\u00a0120.00 kwa sehemu isiyotumika ya mpango wa awali na KSh\u00a00.40 zilizoachwa ili kulipa shilingi kamili",
    );
    expect(wordsOf(plan, "sw").mailItem(plan)).toBe("mpango wa Standard (miezi 2)");
    expect(wordsOf(ebook, "sw").mailItem(ebook)).toBe('kitabu pepe "Mto"');
    const facts = { endDate: "2027-01-23T09:00:00.000Z", gift: null, ebookId: "e1" };
    expect(wordsOf(plan, "sw").mailAccess(plan, facts)).toBe("Mpango wako umelipiwa hadi 23 Januari 2027.");
    expect(wordsOf(gift, "sw").mailAccess(gift, { ...facts, gift: { sendNow: true } })).toContain(
      "Tumemtumia amani@example.com kiungo",
    );
    expect(wordsOf(plan, "sw").mailPath(facts)).toBe("/sw/articles");
    expect(wordsOf(ebook, "sw").mailPath(facts)).toBe("/sw/ebook/e1");
    // The SMS's generic words: never an ebook's title or the recipient.
    expect(wordsOf(plan, "sw").smsItem(plan)).toBe("Mpango wa Standard");
    expect(wordsOf(pass, "sw").smsItem({ kind: "plan", planName: "7-day pass" })).toBe("Pasi ya siku 7");
    expect(wordsOf(ebook, "sw").smsItem(ebook)).toBe("Kitabu pepe");
    expect(wordsOf(gift, "sw").smsItem(gift)).toBe("Zawadi");
    expect(wordsOf(gift, "sw").historyItem(gift, "Standard")).toBe("Zawadi kwa amani@example.com: Standard");
    expect(itemWordsIn("sw").plan.title(plan)).toBe("Mpango wa Standard");
    expect(itemWordsIn("sw").ebook.backPath("e1")).toBe("/sw/ebook/e1");
  });

  it("say what next once paid in Swahili, its links to the Swahili pages", () => {
    const paid = { giftFor: null, ebookId: "e1", paidUntil: "2027-01-23T09:00:00.000Z" };
    const status = purchaseKindWords("plan", "sw").paidNext(paid, "status");
    expect(sentenceText(status)).toBe(
      "Sasa unaweza kusoma makala za kulipia au kuchagua vitabu pepe vyako. Risiti yako inakuja kwenye barua pepe yako.",
    );
    expect(status.parts.filter((p) => typeof p === "object" && "to" in p).map((p) => (p as { to: string }).to)).toEqual(
      ["/sw/articles", "/sw/ebooks"],
    );
    expect(sentenceText(purchaseKindWords("plan", "sw").paidNext(paid, "mpesa"))).toBe(
      "Kila makala ya kulipia iko wazi kwako sasa, hadi 23 Januari 2027. Anza kusoma",
    );
    expect(sentenceText(purchaseKindWords("ebook", "sw").paidNext(paid, "mpesa"))).toBe(
      "Kitabu pepe ni chako: unaweza kukisoma sasa. Kifungue",
    );
    const giftNext = purchaseKindWords("gift", "sw").paidNext({ ...paid, giftFor: "amani@example.com" }, "status");
    expect(giftNext.testId).toBe("gift-next");
    for (const name of Object.keys(PURCHASE_KIND_WORDS) as (keyof typeof PURCHASE_KIND_WORDS)[])
      for (const page of ["status", "mpesa"] as const)
        expect(sentenceText(purchaseKindWords(name, "sw").paidNext(paid, page))).not.toMatch(ENGLISH);
  });
});

describe.each(Object.entries(SLICE_MAILS))("the %s mail in Swahili", (_, make) => {
  it("has no English word in its subject, text or HTML, and says it is Swahili", () => {
    const mail = make("sw");
    for (const part of words(mail)) expect(part).not.toMatch(ENGLISH);
    expect(mail.html).toMatch(/<html lang="sw">/);
    expect(mail.html).toContain("Nuru · usomaji wa afya njema kutoka Kenya");
  });
});

describe("the Swahili mails' words", () => {
  it("say what each mail is for", () => {
    expect(SLICE_MAILS.receipt("sw").subject).toBe("Risiti yako ya Nuru: mpango wa Standard (miezi 2)");
    expect(SLICE_MAILS.receipt("sw").text).toContain(
      "Asante kwa malipo yako ya KSh\u00a0500.00 kwa mpango wa Standard (miezi 2) (M-Pesa, uthibitisho QJK1ABCD23). Kumbukumbu ya oda: NURU-abc.",
    );
    expect(SLICE_MAILS["reminder in 7 days"]("sw").subject).toBe(
      "Nuru: muda wa mpango wa Standard unaisha baada ya siku 7",
    );
    expect(SLICE_MAILS.ended("sw").subject).toBe("Nuru: muda wa pasi ya siku 7 umekwisha");
    expect(SLICE_MAILS["card reminder"]("sw").subject).toBe(
      "Nuru: muda wa mpango wa Standard unalipiwa upya kwa kadi kesho",
    );
    expect(SLICE_MAILS.gift("sw").subject).toBe("Amani amekutumia zawadi kwenye Nuru");
    // A stranger's link in the note is taken out, in her language.
    expect(SLICE_MAILS.gift("sw").text).toContain('Ujumbe wake: "Kwa ajili yako, tazama [kiungo kimeondolewa]"');
    expect(SLICE_MAILS.refund("sw").subject).toBe("Nuru imekurejeshea pesa: KSh\u00a0500.00");
    expect(SLICE_MAILS["article, opening"]("sw").text).toContain("Jiondoe: https://nuru.co.ke/newsletter/unsubscribe");
  });

  it("link to the Swahili article from member mail, and keep the unsubscribe header", () => {
    const mail = SLICE_MAILS["article, whole"]("sw");
    expect(mail.html).toContain('href="https://nuru.co.ke/sw/article/1"');
    expect(mail.headers?.["List-Unsubscribe"]).toBe("<https://nuru.co.ke/newsletter/unsubscribe?t=abc>");
    expect(SLICE_MAILS.digest("sw").text).toContain("https://nuru.co.ke/sw/article/1");
    expect(followReason(["Usingizi"], "sw")).toBe(
      "Unapokea barua pepe hii kwa sababu unafuatilia makala za Nuru kuhusu Usingizi kwa barua pepe.",
    );
    expect(followReason([])).toBe("You get this because you follow Nuru's articles by e-mail.");
  });
});

const receipt: Receipt = {
  orderId: "o1",
  reference: "NURU-abc",
  receiptNumber: "NURU-2026-000123",
  seller: "Nuru · Nairobi · KRA PIN P051234567X",
  buyerPin: "A012345678Z",
  vat: { amount: "KSh\u00a068.97", net: "KSh\u00a0431.03", label: "VAT 16% (imejumuishwa)" },
  paidAt: "2026-11-29T07:00:00.000Z",
  buyerName: "Wanjiku Kamau",
  buyerEmail: "wanjiku@example.com",
  item: "Mpango wa Standard (miezi 2)",
  period: "29 Novemba 2026 hadi 29 Januari 2027",
  amount: "KSh\u00a0500.00",
  shownAs: "$3.85",
  method: "M-Pesa",
  confirmationCode: "QJK1ABCD23",
  status: "Imelipwa",
  offer: { code: "KARIBU", before: "KSh\u00a0600.00", discount: "KSh\u00a0100.00" },
  roundedOff: null,
  shop: { name: "Nuru", supportEmail: "help@nuru.co.ke", url: "https://nuru.co.ke" },
};

describe("the Swahili receipt", () => {
  it("labels every line in Swahili, the date too", () => {
    const lines = receiptLines(receipt, "sw");
    expect(lines.map(([label]) => label)).toEqual([
      "Namba ya risiti",
      "Muuzaji",
      "Risiti ya",
      "KRA PIN ya mnunuzi",
      "Tarehe ya kulipa",
      "Bidhaa",
      "Kipindi",
      "Bei kabla ya msimbo wa ofa",
      "Msimbo wa ofa KARIBU",
      "Kiasi",
      "VAT 16% (imejumuishwa)",
      "Kiasi kabla ya VAT",
      "Imelipwa kwa",
      "Msimbo wa uthibitisho",
      "Kumbukumbu ya oda",
      "Hali",
    ]);
    expect(Object.fromEntries(lines)["Tarehe ya kulipa"]).toBe("29 Novemba 2026");
    expect(Object.fromEntries(lines)["Kiasi"]).toBe("KSh\u00a0500.00 (kilionyeshwa kama takriban $3.85)");
    for (const [label] of lines) expect(label).not.toMatch(ENGLISH);
    // English keeps its labels.
    expect(receiptLines(receipt)[0]).toEqual(["Receipt number", "NURU-2026-000123"]);
  });

  it("is a PDF whose every word is in Swahili, drawn whole by its font", async () => {
    const [text] = await pdfPageTexts(await receiptPdf(receipt, "sw"));
    expect(text).toContain("Risiti");
    expect(text).toContain("Namba ya risiti");
    expect(text).toContain("29 Novemba 2026");
    expect(text).toContain("Kiasi ni kwa shilingi za Kenya, na kimetozwa kupitia Pesapal.");
    expect(text).not.toContain("?");
    const shown = text.replace(/https?:\/\/\S+|\S+@\S+/g, " ");
    expect(shown).not.toMatch(ENGLISH);
  });

  it("names how she paid in Swahili", () => {
    expect(paymentMethodIn("Visa card", "sw")).toBe("Kadi ya Visa");
    expect(paymentMethodIn("Card", "sw")).toBe("Kadi");
    expect(paymentMethodIn("offer code KARIBU", "sw")).toBe("Msimbo wa ofa KARIBU");
    expect(paymentMethodIn("M-Pesa", "sw")).toBe("M-Pesa");
    expect(paymentMethodIn("Visa card", "en")).toBe("Visa card");
  });
});

describe("the Swahili receipt SMS", () => {
  const facts = {
    mpesaCode: "QJK1ABCD23",
    amountCents: 50_000,
    item: "Mpango wa Standard",
    until: new Date("2026-12-05T09:00:00Z"),
    receiptNumber: "NURU-2026-000123",
    link: "nuru.co.ke/r/AbCdEfGhIjKlMnOpQrStUv",
  };

  it("says the same facts in Swahili, in one GSM-7 part", () => {
    const text = composeReceiptSms({ ...facts, locale: "sw" });
    expect(text).toBe(
      "Nuru: Umelipa KES 500, M-Pesa QJK1ABCD23. Mpango wa Standard hadi 5 Des 2026. Risiti NURU-2026-000123: nuru.co.ke/r/AbCdEfGhIjKlMnOpQrStUv",
    );
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(isGsm7Basic(text)).toBe(true);
    expect(text.replace(/nuru\.co\.ke\S*/g, "")).not.toMatch(ENGLISH);
  });

  it("stays one part with a long item or no code, as the English does", () => {
    const long = composeReceiptSms({
      ...facts,
      item: "Mpango wa Familia Nzima ya Wasomaji Wote".repeat(3),
      locale: "sw",
    });
    expect(long.length).toBeLessThanOrEqual(SMS_MAX_CHARS);
    expect(long).toContain("Risiti NURU-2026-000123: nuru.co.ke/r/");
    const noCode = composeReceiptSms({ ...facts, mpesaCode: "", item: "Zawadi", until: null, locale: "sw" });
    expect(noCode).toBe(
      "Nuru: Umelipa KES 500 kwa M-Pesa. Zawadi. Risiti NURU-2026-000123: nuru.co.ke/r/AbCdEfGhIjKlMnOpQrStUv",
    );
    // English as before.
    expect(composeReceiptSms({ ...facts, item: "Standard plan" })).toBe(
      "Nuru: Paid KES 500, M-Pesa QJK1ABCD23. Standard plan until 5 Dec 2026. Receipt NURU-2026-000123: nuru.co.ke/r/AbCdEfGhIjKlMnOpQrStUv",
    );
  });
});

describe("the stamp on a downloaded ebook", () => {
  it("is in her language, the copy's kind too", () => {
    expect(stampLine({ email: "w@x.ke", reference: "subscription", locale: "sw" })).toBe(
      "Nakala ya w@x.ke - usajili - Nuru",
    );
    expect(stampLine({ email: "w@x.ke", reference: "NURU-abc", locale: "sw" })).toBe(
      "Nakala ya w@x.ke - NURU-abc - Nuru",
    );
    expect(stampLine({ email: "w@x.ke", reference: "free" })).toBe("Licensed to w@x.ke - free - Nuru");
  });

  it("is drawn on every page of the copy in Swahili", async () => {
    const bytes = await stampPdf(await textPdf("Ukurasa", 2), { email: "w@x.ke", reference: "free", locale: "sw" });
    for (const page of await pdfPageTexts(bytes)) expect(page).toContain("Nakala ya w@x.ke - bure - Nuru");
  });
});
