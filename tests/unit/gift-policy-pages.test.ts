// What /terms and /privacy tell a reader about gifts (ADR 038): an unclaimed gift can be refunded on request, and a
// gift's recipient address is kept with the order, also after the buyer deletes her account.
import { describe, expect, it } from "vitest";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import Terms from "~/routes/terms";
import Privacy from "~/routes/privacy";
import { visibleText } from "../setup/rendered-text";

/** The page's visible text, as a person reads it. */
function textOf(Page: ComponentType<never>): string {
  const props = { matches: [{ loaderData: { supportEmail: "help@nuru.test" } }] } as never;
  const html = renderToString(createElement(MemoryRouter, null, createElement(Page, props)));
  return visibleText(html);
}

describe("gift wording on the public policy pages", () => {
  it("the terms say an unclaimed gift can be refunded on request, a claimed one cannot", () => {
    const text = textOf(Terms as ComponentType<never>);
    expect(text).toContain("Payments are non-refundable");
    expect(text).toContain("A gift nobody has claimed yet can be refunded in full if the buyer asks us");
    expect(text).toContain("once claimed, it is non-refundable like any other payment");
  });

  it("the privacy page says a gift's recipient address is kept with the order, also after deletion", () => {
    const text = textOf(Privacy as ComponentType<never>);
    expect(text).toContain("For a gift, the recipient's e-mail address");
    expect(text).toContain("is kept with the order");
    expect(text).toContain("A gift you bought stays part of its order record, with the recipient's address");
  });
});
