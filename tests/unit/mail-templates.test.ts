import { describe, expect, it } from "vitest";
import { escapeHtml, MAIL_COLORS } from "~/lib/mail/layout.server";
import { confirmEmailMail, resetPasswordMail } from "~/modules/accounts/account-mails.server";
import { giftMail, withoutLinks } from "~/modules/membership/membership-mails.server";
import { receiptMail } from "~/modules/payments/payment-mails.server";

const url = "https://nuru.co.ke/auth/confirm?token=abc&next=%2Flibrary";
const escapedUrl = "https://nuru.co.ke/auth/confirm?token=abc&amp;next=%2Flibrary";

describe.each([
  { make: confirmEmailMail, subject: "Confirm your Nuru account" },
  { make: resetPasswordMail, subject: "Reset your Nuru password" },
])("$subject mail", ({ make, subject }) => {
  it("has the subject, the recipient and both parts naming the shop", () => {
    const mail = make({ to: "wanjiku@example.com", name: "Wanjiku", url });
    expect(mail.to).toBe("wanjiku@example.com");
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("Nuru");
    expect(mail.html).toContain("Nuru");
    expect(mail.text).toContain("Hello Wanjiku,");
    expect(mail.html).toContain("Hello Wanjiku,");
  });

  it("puts the link in both parts, clickable in HTML and as plain text", () => {
    const mail = make({ to: "a@example.com", name: "A", url });
    expect(mail.text).toContain(url);
    expect(mail.html).toContain(`href="${escapedUrl}"`);
    expect(mail.html).toContain(`>${escapedUrl}</a>`);
    expect(mail.html).not.toContain("token=abc&next");
  });

  it("escapes interpolated values in HTML", () => {
    const mail = make({
      to: "a@example.com",
      name: `<script>alert("x")</script>`,
      url: `https://nuru.co.ke/x?a="><img src=x onerror=alert(1)>`,
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.html).toContain("a=&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
    // The plain-text part is not HTML and keeps the name as written.
    expect(mail.text).toContain(`Hello <script>alert("x")</script>,`);
  });

  it("greets without a name when none is given", () => {
    const mail = make({ to: "a@example.com", name: "  ", url });
    expect(mail.text.startsWith("Hello,\n")).toBe(true);
  });
});

describe("escapeHtml", () => {
  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});

describe("the shop's look in mail", () => {
  it("uses the site's crimson brand colours, read from app.css, and no other accent", async () => {
    const { readFile } = await import("node:fs/promises");
    const css = await readFile(new URL("../../app/app.css", import.meta.url), "utf8");
    const brand700 = /--color-brand-700:\s*(#[0-9a-f]{6})/i.exec(css)![1].toLowerCase();
    const brand50 = /--color-brand-50:\s*(#[0-9a-f]{6})/i.exec(css)![1].toLowerCase();
    expect(MAIL_COLORS.brand).toBe(brand700);
    expect(MAIL_COLORS.wash).toBe(brand50);
    const html = confirmEmailMail({ to: "wanjiku@example.com", name: "Wanjiku", url }).html.toLowerCase();
    expect(html).toContain(`background:${brand700};color:#ffffff`);
    const colours = new Set(html.match(/#[0-9a-f]{6}\b/g));
    expect([...colours].sort()).toEqual(
      [...new Set([...Object.values(MAIL_COLORS), "#ffffff"])].map((c) => c.toLowerCase()).sort(),
    );
  });
});

// Issue 46 items 7 and 12: what a mail client makes of the words and links in the shop's mail.
describe("a gift's note and the sender's name", () => {
  const claim = "https://nuru.co.ke/gifts/claim/abc";
  const links = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]);

  it("arrive as plain words, with nothing a mail client would make a link of, in both parts", () => {
    const mail = giftMail({
      to: "amina@example.com",
      from: "Wanjiku www.prizes-4u.example",
      item: "the Premium plan (3 months)",
      note: "Happy birthday! Claim it at https://evil.example/login or evil-shop.co.ke/pay, www.evil.example, write to win@evil.example. Love, W.",
      phone: null,
      url: claim,
      expires: "1 March 2027",
    });
    for (const part of [mail.text, mail.html, mail.subject]) {
      expect(part).not.toMatch(/evil|prizes-4u|https?:\/\/(?!nuru\.co\.ke)/);
    }
    expect(mail.text).toContain('Their note: "Happy birthday! Claim it at [link removed] or [link removed]');
    expect(mail.text).toContain("Love, W.");
    expect(mail.subject).toBe("Wanjiku [link removed] sent you a gift on Nuru");
    // The only links in the HTML part are the shop's claim link.
    expect(new Set(links(mail.html))).toEqual(new Set([claim]));
  });

  it("keep a sender's e-mail address when she gave no name", () => {
    expect(withoutLinks("Plain words, 3.5 kg, e.g. this.")).toBe("Plain words, 3.5 kg, e.g. this.");
    const mail = giftMail({
      to: "a@example.com",
      from: "wanjiku@example.com",
      item: "the ebook",
      note: null,
      phone: null,
      url: claim,
      expires: "1 March 2027",
    });
    expect(mail.subject).toBe("wanjiku@example.com sent you a gift on Nuru");
  });
});

describe("the receipt mail", () => {
  it("gives the receipt page as a link in HTML and as a full address on its own line in text", () => {
    const receiptUrl = "https://nuru.co.ke/receipts/0d9f6c1e-8a57-4c6b-9b0e-3f1a2b4c5d6e";
    const mail = receiptMail({
      to: "a@example.com",
      name: "Amina",
      item: "Premium plan",
      amount: "KSh 500.00",
      reference: "NURU-1",
      method: "M-Pesa",
      confirmationCode: "QX1",
      access: "Your plan runs until 23 January 2027.",
      url: "https://nuru.co.ke/library",
      receiptUrl,
    });
    expect(mail.html).toContain(`<a href="${receiptUrl}"`);
    expect(mail.text.split("\n")).toContain(receiptUrl);
  });
});
