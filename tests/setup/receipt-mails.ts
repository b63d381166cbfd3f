// The mails of issue 50's receipts slice, made from fixed facts: their bytes are held in
// tests/unit/mail-languages.test.ts, so moving their words into the catalogue changes nothing an English reader gets.
import { receiptMail, refundMail } from "~/modules/payments/payment-mails.server";
import {
  cardRenewalReminderMail,
  giftMail,
  renewalReminderMail,
  subscriptionEndedMail,
} from "~/modules/membership/membership-mails.server";
import { articleMail, digestMail, followMail } from "~/modules/member-mail/member-templates.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import type { Locale } from "~/lib/locale";

/** The words a caller gives a mail (its item, her access, a date) in that mail's language. */
const say = (locale: Locale | undefined, english: string, swahili: string) => (locale === "sw" ? swahili : english);

const links = (locale: Locale | undefined) => ({
  preferencesUrl: "https://nuru.co.ke/newsletter/preferences?t=abc",
  unsubscribeUrl: "https://nuru.co.ke/newsletter/unsubscribe?t=abc",
  reason: say(
    locale,
    "You follow Nuru's articles in Weight Loss.",
    "Unapokea barua pepe hii kwa sababu unafuatilia makala za Nuru kuhusu Usingizi kwa barua pepe.",
  ),
});
const renewal = (locale: Locale | undefined) => ({
  to: "a@x.ke",
  name: "Wanjiku",
  planName: "Standard",
  endDate: say(locale, "23 January 2027", "23 Januari 2027"),
  renewUrl: "https://nuru.co.ke/checkout/plan/standard",
  locale,
});

/** Each mail of the slice in `locale` (undefined: as the callers that pass no language get it). */
export const SLICE_MAILS: Record<string, (locale?: Locale) => MailMessage> = {
  receipt: (locale) =>
    receiptMail({
      to: "a@x.ke",
      name: "Wanjiku",
      item: say(locale, "the Standard plan (2 months)", "mpango wa Standard (miezi 2)"),
      amount: "KSh\u00a0500.00",
      reference: "NURU-abc",
      method: "M-Pesa",
      confirmationCode: "QJK1ABCD23",
      access: say(locale, "Your plan is paid up to 23 January 2027.", "Mpango wako umelipiwa hadi 23 Januari 2027."),
      url: "https://nuru.co.ke/articles",
      receiptUrl: "https://nuru.co.ke/receipts/1",
      locale,
    }),
  "receipt without a code": (locale) =>
    receiptMail({
      to: "a@x.ke",
      name: "",
      item: say(locale, 'the ebook "Mto"', 'kitabu pepe "Mto"'),
      amount: "KSh\u00a00.00",
      reference: "NURU-abd",
      method: "",
      confirmationCode: "",
      access: say(locale, "The ebook is yours to read on Nuru.", "Kitabu pepe ni chako: kisome kwenye Nuru."),
      url: "https://nuru.co.ke/ebook/2",
      locale,
    }),
  refund: (locale) =>
    refundMail({
      to: "a@x.ke",
      name: "Wanjiku",
      item: say(locale, "the Standard plan", "mpango wa Standard"),
      amount: "KSh\u00a0500.00",
      reference: "NURU-abc",
      full: true,
      url: "https://nuru.co.ke/dashboard",
      locale,
    }),
  "part refund": (locale) =>
    refundMail({
      to: "a@x.ke",
      name: "Wanjiku",
      item: say(locale, 'the ebook "Mto"', 'kitabu pepe "Mto"'),
      amount: "KSh\u00a0100.00",
      reference: "NURU-abc",
      full: false,
      ...(locale === "sw" ? {} : { note: "A payment was taken twice." }),
      url: "https://nuru.co.ke/dashboard",
      locale,
    }),
  "reminder in 7 days": (locale) => renewalReminderMail({ ...renewal(locale), daysLeft: 7 }),
  "reminder tomorrow, M-Pesa": (locale) => renewalReminderMail({ ...renewal(locale), daysLeft: 1, reason: "mpesa" }),
  "reminder, card pending": (locale) =>
    renewalReminderMail({ ...renewal(locale), daysLeft: 7, reason: "card-pending" }),
  "card reminder": (locale) =>
    cardRenewalReminderMail({ ...renewal(locale), daysLeft: 1, libraryUrl: "https://nuru.co.ke/dashboard" }),
  ended: (locale) =>
    subscriptionEndedMail({
      ...renewal(locale),
      planName: "7-day pass",
      period: { periodUnit: "day", periodCount: 7 },
    }),
  gift: (locale) =>
    giftMail({
      to: "b@x.ke",
      from: "Amani",
      item: say(locale, "the Standard plan (2 months)", "mpango wa Standard (miezi 2)"),
      note: say(locale, "For you, see www.example.com", "Kwa ajili yako, tazama www.example.com"),
      phone: "+254700000000",
      url: "https://nuru.co.ke/gift/tok",
      expires: say(locale, "29 December 2026", "29 Desemba 2026"),
      locale,
    }),
  "gift, no note": (locale) =>
    giftMail({
      to: "b@x.ke",
      from: "amani@x.ke",
      item: say(locale, 'the ebook "Mto"', 'kitabu pepe "Mto"'),
      note: null,
      phone: null,
      url: "https://nuru.co.ke/gift/tok",
      expires: say(locale, "29 December 2026", "29 Desemba 2026"),
      locale,
    }),
  "article, whole": (locale) =>
    articleMail({
      ...links(locale),
      to: "a@x.ke",
      origin: "https://nuru.co.ke",
      title: "Kulala vizuri",
      articleUrl: "https://nuru.co.ke/article/1",
      imageUrl: "/media/a.jpg",
      categories: [say(locale, "Sleep", "Usingizi")],
      blocks: [
        { type: "html", html: say(locale, "<p>Body words.</p>", "<p>Maneno ya makala.</p>") },
        { type: "image", src: "/media/b.jpg", caption: say(locale, "A bed", "Kitanda") },
        { type: "video", url: "https://video.example/1", embedUrl: null, caption: say(locale, "How", "Jinsi") },
        { type: "image", src: "/media/c.jpg", caption: null },
      ],
      preview: say(locale, "Opening words.", "Mwanzo wa makala."),
      locale,
    }),
  "article, opening": (locale) =>
    articleMail({
      ...links(locale),
      to: "a@x.ke",
      origin: "https://nuru.co.ke",
      title: "Kulala vizuri",
      articleUrl: "https://nuru.co.ke/article/1",
      imageUrl: null,
      categories: [],
      blocks: null,
      preview: say(locale, "Opening words.", "Mwanzo wa makala."),
      locale,
    }),
  digest: (locale) =>
    digestMail({
      ...links(locale),
      to: "a@x.ke",
      origin: "https://nuru.co.ke",
      items: [
        {
          title: "Kulala",
          url: "https://nuru.co.ke/article/1",
          excerpt: say(locale, "Sleep well.", "Lala salama."),
          categories: [say(locale, "Sleep", "Usingizi")],
        },
      ],
      locale,
    }),
  "empty digest": (locale) =>
    digestMail({ ...links(locale), to: "a@x.ke", origin: "https://nuru.co.ke", items: [], locale }),
  "follow confirm": (locale) =>
    followMail("confirm", { to: "a@x.ke", url: "https://nuru.co.ke/newsletter/confirm?token=t", locale }),
  "follow manage": (locale) =>
    followMail("manage", { to: "a@x.ke", url: "https://nuru.co.ke/newsletter/preferences?t=abc", locale }),
};
