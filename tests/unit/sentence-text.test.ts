// The payment pages' "what next" is a purchase kind's words (ADR 047) rendered as they are: the same HTML as the
// paragraph the pages wrote by hand before, so moving the choice into the words changes nothing a reader sees.
import { describe, expect, it } from "vitest";
import { createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { SentenceText } from "~/components/commerce/sentence";
import { PURCHASE_KIND_WORDS } from "~/modules/membership/purchase-kind-words";

const html = (element: ReactNode) => renderToStaticMarkup(h(MemoryRouter, null, element));
const className = "font-semibold text-brand-700 underline";

describe("SentenceText", () => {
  it("renders a gift's paid words as the payment status page's paragraph", () => {
    const sentence = PURCHASE_KIND_WORDS.gift.paidNext(
      { giftFor: "amani@example.com", ebookId: null, paidUntil: null },
      "status",
    );
    // The page's JSX: `Your gift for <span>…</span> is paid. Follow it, and send the claim e-mail again, from{" "}<Link>`.
    const before = h(
      "p",
      { "data-testid": "gift-next" },
      "Your gift for ",
      h("span", { className: "font-semibold break-all" }, "amani@example.com"),
      " is paid. Follow it, and send the claim e-mail again, from",
      " ",
      h(Link, { to: "/account/gifts", className }, "your gifts"),
      ". A receipt is on its way to your e-mail.",
    );
    expect(html(h(SentenceText, { sentence, linkClassName: className }))).toBe(html(before));
  });

  it("renders a plan's paid words without a test id, as the page did", () => {
    const sentence = PURCHASE_KIND_WORDS.plan.paidNext({ giftFor: null, ebookId: null, paidUntil: null }, "status");
    const before = h(
      "p",
      null,
      "Next:",
      " ",
      h(Link, { to: "/articles", className }, "read premium articles"),
      " ",
      "or",
      " ",
      h(Link, { to: "/ebooks", className }, "choose your ebooks"),
      ". A receipt is on its way to your e-mail.",
    );
    expect(html(h(SentenceText, { sentence, linkClassName: className }))).toBe(html(before));
  });
});
