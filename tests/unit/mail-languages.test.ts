// The account mails in the reader's language (issue 50, ADR 048): Swahili words in every part when her language is
// Swahili, English ones byte for byte as before otherwise.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { localizedUrl } from "~/lib/mail/layout.server";
import type { MailMessage } from "~/lib/mail/mail-message.server";
import { confirmEmailMail, resetPasswordMail, signInCodeMail } from "~/modules/accounts/account-mails.server";
import { signUpLanguage } from "~/modules/accounts/language.server";
import { SLICE_MAILS } from "../setup/receipt-mails";

const confirmUrl = "https://nuru.co.ke/confirm-email?token=abc";
const resetUrl = "https://nuru.co.ke/reset-password?token=abc";

const mails = {
  confirmation: (locale?: "en" | "sw") => confirmEmailMail({ to: "a@x.ke", name: "Wanjiku", url: confirmUrl, locale }),
  reset: (locale?: "en" | "sw") => resetPasswordMail({ to: "a@x.ke", name: "Wanjiku", url: resetUrl, locale }),
  "sign-in code": (locale?: "en" | "sw") => signInCodeMail({ to: "a@x.ke", code: "123456", minutes: 10, locale }),
};

/** English UI words none of the Swahili mails may hold (names, the code, links and "Nuru" aside). */
const ENGLISH =
  /\b(hello|welcome|please|confirm|reset|password|choose|account|e-mail|email|ignore|button|browser|link|sign|code|enter|minutes|newest|nobody|never|phone|wellness|reading|from|your|the|you|if|is)\b/i;

/** What a reader reads: the HTML without its tags, attributes and addresses; the text without its addresses. */
function words(mail: MailMessage): string[] {
  const html = mail.html
    .replace(/<[^>]*>/g, " ")
    .replace(/https?:\/\/\S+/g, " ")
    .replace(/&[a-z]+;/g, " ");
  return [mail.subject, mail.text.replace(/https?:\/\/\S+/g, " "), html];
}

describe.each(Object.entries(mails))("the %s mail", (_, make) => {
  it("is in Swahili in its subject, text and HTML when her language is Swahili", () => {
    const mail = make("sw");
    for (const part of words(mail)) expect(part).not.toMatch(ENGLISH);
    expect(mail.html).toContain('<html lang="sw">');
    expect(mail.text.startsWith("Habari")).toBe(true);
    expect(mail.html).toContain("Nuru · usomaji wa afya njema kutoka Kenya");
  });

  it("is the English mail when her language is English or unknown", () => {
    expect(make("en")).toEqual(make());
    expect(make().html).toContain('<html lang="en">');
    expect(make().text.startsWith("Hello")).toBe(true);
    // The check above would catch these words: the English mail is full of them.
    expect(words(make()).join(" ")).toMatch(ENGLISH);
  });
});

describe("the Swahili mails' words", () => {
  it("say what each mail is for", () => {
    expect(mails.confirmation("sw").subject).toBe("Thibitisha akaunti yako ya Nuru");
    expect(mails.reset("sw").subject).toBe("Weka upya nenosiri lako la Nuru");
    expect(mails["sign-in code"]("sw").subject).toBe("123456 ni msimbo wako wa kuingia Nuru");
    expect(mails["sign-in code"]("sw").text).toContain("kwa dakika 10");
    expect(mails.reset("sw").html).toContain(">Chagua nenosiri jipya</a>");
  });

  it("link to the Swahili page that opens the link (the confirmation and reset pages have one since issue 50)", () => {
    expect(mails.confirmation("sw").text).toContain("https://nuru.co.ke/sw/confirm-email?token=abc");
    expect(mails.reset("sw").html).toContain('href="https://nuru.co.ke/sw/reset-password?token=abc"');
    expect(mails.confirmation("en").text).toContain(confirmUrl);
    expect(mails.reset("en").html).toContain(`href="${resetUrl}"`);
  });
});

describe("localizedUrl", () => {
  it("gives the Swahili page's address where the page has one, keeping query and hash", () => {
    expect(localizedUrl("https://nuru.co.ke/pricing?plan=a#x", "sw")).toBe("https://nuru.co.ke/sw/pricing?plan=a#x");
    expect(localizedUrl("https://nuru.co.ke/article/abc", "sw")).toBe("https://nuru.co.ke/sw/article/abc");
    expect(localizedUrl("https://nuru.co.ke/", "sw")).toBe("https://nuru.co.ke/sw");
  });

  it("keeps other addresses, and every address in English", () => {
    expect(localizedUrl("https://nuru.co.ke/admin/orders", "sw")).toBe("https://nuru.co.ke/admin/orders");
    expect(localizedUrl("https://nuru.co.ke/pricing", "en")).toBe("https://nuru.co.ke/pricing");
    expect(localizedUrl("not a url", "sw")).toBe("not a url");
  });
});

describe("the English mails", () => {
  it("are the bytes they were before their words moved into the catalogue", () => {
    // sha256 of the three mails as rendered before this change (subject, text and HTML of each, in that order).
    const all = Object.values(mails).flatMap((make) => {
      const mail = make();
      return [mail.subject, mail.text, mail.html];
    });
    expect(createHash("sha256").update(all.join("\u0000")).digest("hex")).toBe(EXPECTED_SHA);
  });
});

describe("the English receipt, refund, reminder, gift and member mails", () => {
  it("are the bytes they were before their words moved into the catalogue (receipts.po)", () => {
    // sha256 of the mails of tests/setup/receipt-mails.ts as rendered before this change (subject, text, HTML and
    // headers of each, in that order); a mail given "en" is the mail given no language.
    const all = Object.values(SLICE_MAILS).flatMap((make) => {
      const mail = make();
      expect(make("en")).toEqual(mail);
      return [mail.subject, mail.text, mail.html, JSON.stringify(mail.headers ?? null)];
    });
    expect(createHash("sha256").update(all.join("\u0000")).digest("hex")).toBe(SLICE_SHA);
  });
});

describe("signUpLanguage", () => {
  const request = (cookie?: string) =>
    new Request("https://nuru.co.ke/signin", { headers: cookie ? { Cookie: cookie } : {} });

  it("is Swahili for a sign-up from a Swahili page, whatever the cookie", () => {
    expect(signUpLanguage(request(), "/sw/article/abc?x=1")).toBe("sw");
    expect(signUpLanguage(request("nuru_lang=en"), "/sw")).toBe("sw");
  });

  it("else follows her switch's cookie, else is none", () => {
    expect(signUpLanguage(request("a=1; nuru_lang=sw"), "/gifts/claim/x")).toBe("sw");
    expect(signUpLanguage(request("nuru_lang=en"), null)).toBe("en");
    expect(signUpLanguage(request(), "/swahili")).toBeNull();
    expect(signUpLanguage(request("nuru_lang=fr"), null)).toBeNull();
  });
});

const EXPECTED_SHA = "e10d19ba79b5da29f6025323f9215d46ceba537f794188d511216c5238834a2b";
const SLICE_SHA = "63f27cfdae6185e864e41a0c6e4674b4fb9762e8daf23e1dd3f93be325f96962";
