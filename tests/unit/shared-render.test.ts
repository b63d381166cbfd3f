// Signed-in pages rendered once per access level (ADR 049): the template's tokens, its filling, and the access key
// that decides who shares a template.
import { describe, expect, it } from "vitest";
import {
  choiceMarks,
  escapeHtml,
  fillTemplate,
  personalToken,
  splitTemplate,
  type PersonalParts,
} from "~/lib/shared-render.server";
import { accessKey, STAND_IN_USER_ID, standInViewer } from "~/modules/access/shared-access";
import { templateRequest } from "~/server/signed-in-pages.server";
import type { Request as ExpressRequest } from "express";
import {
  accessForArticle,
  ebookAccess,
  ebookAllowance,
  ebookVisible,
  hasActiveSubscription,
  type Viewer,
} from "~/modules/access/policy";

const NOW = new Date("2026-11-29T08:00:00Z");

function reader(id: string, extra: Partial<Viewer> = {}): Viewer {
  return {
    user: { id, role: "guest" },
    subscription: null,
    purchasedEbookIds: new Set(),
    unlockedEbookIds: new Set(),
    now: NOW,
    ...extra,
  };
}

function subscriber(id: string, endDate: Date, extra: Partial<Viewer> = {}): Viewer {
  return reader(id, {
    user: { id, role: "subscriber" },
    subscription: {
      id: `sub-${id}`,
      status: "active",
      endDate,
      plan: { accessLevel: "premium", ebookLimit: 3 },
    },
    ...extra,
  });
}

const grace: PersonalParts = {
  fields: { name: "Grace <b>&'\"", email: "grace@nuru.test", initial: "G", owner: "k1", nonce: "n+/=" },
  on: (slot) => slot === "bm:article:a1",
};

describe("templates", () => {
  it("fills her fields (escaped as React escapes) and keeps her way of each choice", () => {
    const a1 = choiceMarks("bm:article:a1");
    const a2 = choiceMarks("bm:article:a2");
    const html =
      `<p title="${personalToken("name")}">${personalToken("name")} ${personalToken("initial")}</p>` +
      `${a1.open}<b>off1</b>${a1.or}<b>on1</b>${a1.end}` +
      `${a2.open}<b>off2</b>${a2.or}<b>on2</b>${a2.end}` +
      `<script nonce="${personalToken("nonce")}" data-owner="${personalToken("owner")}"></script>`;
    const parts = splitTemplate(html)!;
    expect(fillTemplate(parts, grace)).toBe(
      `<p title="Grace &lt;b&gt;&amp;&#x27;&quot;">Grace &lt;b&gt;&amp;&#x27;&quot; G</p>` +
        `<b>on1</b><b>off2</b><script nonce="n+/=" data-owner="k1"></script>`,
    );
    // Another reader from the same template gets only her own.
    const other = fillTemplate(parts, {
      fields: { name: "Wairimu", email: "w@nuru.test", initial: "W", owner: "k2", nonce: "m" },
      on: () => false,
    })!;
    expect(other).toContain("Wairimu W");
    expect(other).not.toContain("Grace");
    expect(other).not.toContain("on1");
    expect(other).not.toContain("k1");
  });

  it("reads nothing from content that only looks like a token (each token carries a secret of the process)", () => {
    const forged = "\uE000name\uE001 \uE002bm:article:a1\uE003x\uE003y\uE004";
    const parts = splitTemplate(`<p>${forged}</p>`)!;
    expect(fillTemplate(parts, grace)).toBe(`<p>${forged}</p>`);
  });

  it("refuses a template that is not well formed", () => {
    const a1 = choiceMarks("bm:article:a1");
    expect(splitTemplate(`${a1.open}<b>off</b>${a1.or}<b>on</b>`)).toBeNull();
    expect(splitTemplate(personalToken("name").slice(0, -1))).toBeNull();
  });

  it("escapes the five characters React escapes and nothing else", () => {
    expect(escapeHtml(`a&b<c>d"e'f é`)).toBe("a&amp;b&lt;c&gt;d&quot;e&#x27;f é");
  });
});

describe("access key and stand-in", () => {
  const later = new Date("2027-01-01T00:00:00Z");
  const muchLater = new Date("2027-03-01T00:00:00Z");

  it("gives readers with the same access one key, whoever they are and whenever their plans end", () => {
    expect(accessKey(subscriber("u1", later))).toBe(accessKey(subscriber("u2", muchLater)));
    expect(accessKey(reader("u1"))).toBe(accessKey(reader("u2")));
    // A plan that ended decides nothing: the same as none.
    const ended = subscriber("u3", new Date("2026-11-01T00:00:00Z"));
    expect(accessKey({ ...ended, user: { id: "u3", role: "guest" } })).toBe(accessKey(reader("u4")));
  });

  it("changes at the instant her plan ends (each request's key is worked out from her viewer at that request)", () => {
    const ends = new Date(NOW.getTime() + 1000);
    const before = subscriber("u1", ends, { user: { id: "u1", role: "guest" } });
    const after = { ...before, now: new Date(ends.getTime() + 1) };
    expect(accessKey(before)).not.toBe(accessKey(after));
    expect(accessKey(after)).toBe(accessKey(reader("u2")));
  });

  it("tells apart a subscriber and a reader, a buyer and a non-buyer, an admin, and ebook allowances", () => {
    const keys = [
      accessKey(subscriber("u1", later)),
      accessKey(reader("u1")),
      accessKey(reader("u1", { purchasedEbookIds: new Set(["e1"]) })),
      accessKey(reader("u1", { purchasedEbookIds: new Set(["e2"]) })),
      accessKey(reader("u1", { user: { id: "u1", role: "admin" } })),
      accessKey(subscriber("u1", later, { unlockedEbookIds: new Set(["e1"]) })),
      accessKey(subscriber("u1", later, { unlockedEbookIds: new Set(["e1"]), ebooksUsed: 2 })),
    ];
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("answers every access question for the stand-in as for her, and carries none of her identity", () => {
    const viewers = [
      subscriber("u1", later, { unlockedEbookIds: new Set(["e1"]), purchasedEbookIds: new Set(["e2"]) }),
      reader("u2", { purchasedEbookIds: new Set(["e3"]) }),
      subscriber("u3", new Date("2026-11-01T00:00:00Z")),
      reader("u4", { user: { id: "u4", role: "admin" } }),
    ];
    const ebooks = ["e1", "e2", "e3", "e4"].flatMap((id) =>
      (["free", "premium", "subscription"] as const).map((accessType) => ({ id, accessType, published: false })),
    );
    for (const viewer of viewers) {
      const stand = standInViewer(viewer);
      expect(stand.user).toEqual({ id: STAND_IN_USER_ID, role: viewer.user!.role });
      expect(JSON.stringify(stand)).not.toContain(viewer.user!.id);
      expect(hasActiveSubscription(stand)).toBe(hasActiveSubscription(viewer));
      expect(ebookAllowance(stand)).toEqual(ebookAllowance(viewer));
      expect(accessKey(stand)).toBe(accessKey(viewer));
      for (const ebook of ebooks) {
        expect(ebookAccess(stand, ebook)).toBe(ebookAccess(viewer, ebook));
        expect(ebookVisible(stand, ebook)).toBe(ebookVisible(viewer, ebook));
        expect(accessForArticle(stand, ebook)).toBe(accessForArticle(viewer, ebook));
      }
    }
  });
});

describe("the request a template is rendered from", () => {
  function expressRequest(headers: Record<string, string>): ExpressRequest {
    return {
      headers,
      protocol: "https",
      originalUrl: "/article/a1",
      get: (name: string) => headers[name.toLowerCase()],
    } as unknown as ExpressRequest;
  }

  it("carries the key's inputs and nothing else of the reader who started it: no session, no language, no browser", async () => {
    const request = templateRequest(
      expressRequest({
        host: "nuru.test",
        cookie:
          "nuru.session_token=tok.sig; nuru_country=UG; __Secure-nuru.session_token=tok2.sig; nuru_data_saver=on; nuru_flash=x; nuru_lang=en; nuru_offline=k",
        "accept-language": "sw",
        "user-agent": "Googlebot/2.1",
        "save-data": "on",
        "x-nuru-client-ip": "196.201.214.1",
        "cf-ipcountry": "TZ",
        "x-forwarded-for": "10.0.0.1",
        referer: "https://nuru.test/secret-search?q=pregnancy",
      }),
      ["x-nuru-client-ip", "cf-ipcountry"],
    );
    expect(request.method).toBe("GET");
    expect(request.url).toBe("https://nuru.test/article/a1");
    expect(Object.fromEntries(request.headers)).toEqual({
      cookie: "nuru_country=UG; nuru_data_saver=on; nuru_lang=en",
      "save-data": "on",
      "x-nuru-client-ip": "196.201.214.1",
      "cf-ipcountry": "TZ",
    });
  });
});
