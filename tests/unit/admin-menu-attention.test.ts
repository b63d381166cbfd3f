// The admin menu shows what needs attention about payments (issue 30 item 7): beside "Orders", the count from the
// admin layout's loader, linked to the list where each item is dealt with; nothing when there is nothing.
import { describe, expect, it } from "vitest";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { ADMIN_LAYOUT_ID, AdminFrame } from "~/components/admin/admin-frame";

function renderMenu(attention: number): string {
  const Stub = createRoutesStub([
    {
      id: ADMIN_LAYOUT_ID,
      path: "/admin",
      loader: () => ({ attention }),
      Component: () => createElement(Outlet),
      children: [
        {
          path: "users",
          Component: () => createElement(AdminFrame, { title: "Users", children: "the page" }),
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: ["/admin/users"],
      hydrationData: { loaderData: { [ADMIN_LAYOUT_ID]: { attention } } },
    }),
  );
}

/** The menu's visible text, as a person reads it (tags gone, the screen-reader words kept apart). */
function menuText(html: string): string {
  const nav = html.slice(html.indexOf('<nav aria-label="Admin"'), html.indexOf("</nav>"));
  return nav
    .replace(/<!-- -->/g, "")
    .replace(/<span class="sr-only">[^<]*<\/span>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

describe("the admin menu's attention count", () => {
  it("shows 'Orders 3' with the count linked to the orders that need attention", () => {
    const html = renderMenu(3);
    expect(menuText(html)).toContain("Orders 3 Analytics");
    expect(html).toMatch(
      /<a [^>]*href="\/admin\/orders\?status=attention"[^>]*>3<span class="sr-only"> need attention<\/span><\/a>/,
    );
  });

  it("says 'needs' for one, and shows no number when nothing needs attention", () => {
    expect(renderMenu(1)).toContain('<span class="sr-only"> needs attention</span>');
    const html = renderMenu(0);
    expect(menuText(html)).toContain("Orders Analytics");
    expect(html).not.toContain("status=attention");
  });
});
