import { describe, expect, it } from "vitest";
import { confirmEmailMail, escapeHtml, MAIL_COLORS, resetPasswordMail } from "~/modules/mail/templates.server";

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
