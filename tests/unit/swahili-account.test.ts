// Her account in Swahili (issue 50, ADR 048): My Library, the account pages, her bookmarks, the offline library,
// following by e-mail and the data-saver page are the same route modules under "/sw". Each page renders in Swahili
// with no English left (dates, counts, her plan's standing, the refusals of its forms), its links and forms stay in
// "/sw", and the catalogue says in English exactly what the shared modules say (the consent she agrees to, the
// frequencies, the roles, the gift statuses, the refusals the pages translate by their English words).
import { describe, expect, it } from "vitest";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, useActionData, useLoaderData } from "react-router";
import DashboardPage from "~/routes/dashboard";
import AccountPage from "~/routes/account";
import GiftsPage from "~/routes/account-gifts";
import DeletePage from "~/routes/account-delete";
import BookmarksPage from "~/routes/bookmarks";
import NewsletterPage from "~/routes/newsletter";
import ConfirmPage from "~/routes/newsletter-confirm";
import PreferencesPage from "~/routes/newsletter-preferences";
import UnsubscribePage from "~/routes/newsletter-unsubscribe";
import DataSaverPage from "~/routes/data-saver";
import { translator } from "~/lib/i18n/i18n";
import { hasSwahiliVersion, localizedHref } from "~/lib/locale";
import { standingOf, type PeriodFacts } from "~/modules/membership/member-standing";
import { standingWordsSw } from "~/components/account/standing-words";
import { ERROR_MESSAGE_IDS, errorWords, localizedReply } from "~/components/account/error-words";
import { CONSENT_WORDING, FREQUENCIES } from "~/modules/member-mail/member-mail-form";
import { ROLE_LABELS } from "~/modules/accounts/reader-name";
import { GIFT_STATUS_LABELS } from "~/modules/membership/gifts.server";
import { DELETE_CONFIRMATION_WORD, deleteWithWordSchema } from "~/modules/privacy/schemas";
import { PRIVACY_ERRORS } from "~/modules/privacy/privacy-errors";
import { FOLLOW_EMAIL_MISSING, FOLLOW_ERRORS } from "~/modules/member-mail/follow-errors";
import { profileSchema } from "~/modules/accounts/schemas";
import { savedItemDetail, savedSummary, removeLabel } from "~/lib/offline-item-text";
import { islandWords } from "~/lib/i18n/island-words";
import { giftShareText } from "~/components/commerce/gift-share-link";

const en = translator("en");
const sw = translator("sw");

const DAY = 86_400_000;
export const NOW = new Date("2027-01-16T09:00:00Z");
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

function period(over: Partial<PeriodFacts>): PeriodFacts {
  return {
    id: "11111111-1111-4111-8111-111111111111",
    planId: "p",
    planSlug: "standard",
    planName: "Standard",
    startDate: at(-20),
    endDate: at(10),
    status: "active",
    autoRenew: true,
    isTrial: false,
    periodUnit: "month",
    periodCount: 1,
    ...over,
  };
}

/** My Library's loader data for a subscriber with a plan paid ahead, a shelf, bookmarks and a paid order. */
export function libraryData() {
  const standing = standingOf({
    periods: [
      period({}),
      period({ id: "22222222-2222-4222-8222-222222222222", status: "scheduled", startDate: at(10), endDate: at(41) }),
    ],
    card: null,
    now: NOW,
  })!;
  return {
    signedIn: true as const,
    plan: {
      id: "11111111-1111-4111-8111-111111111111",
      planId: "p",
      planSlug: "standard",
      planName: "Standard",
      startDate: at(-20).toISOString(),
      endDate: at(10).toISOString(),
      status: "active" as const,
      isTrial: false,
      daysLeft: 41,
      renewal: "renews" as const,
      ebooks: { used: 1, limit: 3 },
      renewUrl: "/checkout/plan/standard",
      next: null,
      card: null,
      standing,
      title: "Standard plan",
      periodText: "1 month",
      isPass: false,
    },
    shelf: [
      {
        id: "e1",
        title: "Lishe Bora",
        coverImageUrl: null,
        how: "plan" as const,
        canRead: true,
        progress: { page: 3, of: 12 },
      },
      { id: "e2", title: "Sleep Well", coverImageUrl: null, how: "bought" as const, canRead: true, progress: null },
    ],
    bookmarks: { articles: 2, ebooks: 1 },
    billing: [
      {
        orderId: "33333333-3333-4333-8333-333333333333",
        date: at(-20).toISOString(),
        kind: "plan" as const,
        itemName: "Standard",
        title: "Standard plan",
        amountCents: 50000,
        currency: "KES",
        displayAmount: 50000,
        displayCurrency: "KES",
        paymentMethod: "M-Pesa",
        confirmationCode: "QHX12345",
        merchantReference: "NURU-ABC-123",
        status: "completed" as const,
        completedAt: at(-20).toISOString(),
      },
    ],
    changes: {
      upgrades: [{ slug: "premium", name: "Premium", charge: "KSh 300.00" }],
      switchTargets: [],
      scheduled: { planName: "Basic", at: "26 January 2027" },
    },
  };
}

const user = { id: "u1", email: "amina@example.com", fullName: "Amina Wanjiru", role: "subscriber" };

export const PAGES: Record<string, { Page: ComponentType<never>; path: string; data: unknown; action?: unknown }> = {
  dashboard: { Page: DashboardPage as ComponentType<never>, path: "/dashboard", data: libraryData() },
  dashboardGuest: { Page: DashboardPage as ComponentType<never>, path: "/dashboard", data: { signedIn: false } },
  account: {
    Page: AccountPage as ComponentType<never>,
    path: "/account",
    data: { user, kraPin: null, following: null, categories: [{ id: "c1", name: "Nutrition" }], language: null },
  },
  accountFollowing: {
    Page: AccountPage as ComponentType<never>,
    path: "/account",
    data: {
      user,
      kraPin: "A123456789B",
      following: {
        status: "active",
        frequency: "weekly",
        categoryIds: [],
        preferencesPath: "/newsletter/preferences/tok",
      },
      categories: [],
      language: "sw",
    },
  },
  gifts: {
    Page: GiftsPage as ComponentType<never>,
    path: "/account/gifts",
    data: {
      signedIn: true,
      gifts: [
        {
          id: "g1",
          orderId: "o1",
          status: "unclaimed",
          statusLabel: "Sent, unclaimed",
          recipientEmail: "dada@example.com",
          item: "the Standard plan (1 month)",
          itemFacts: { kind: "plan", name: "Standard", period: { periodUnit: "month", periodCount: 1 } },
          deliverOn: null,
          sentAt: at(-2).toISOString(),
          claimedAt: null,
          createdAt: at(-3).toISOString(),
        },
        {
          id: "g2",
          orderId: "o2",
          status: "claimed",
          statusLabel: "Claimed",
          recipientEmail: "rafiki@example.com",
          item: 'the ebook "Sleep Well"',
          itemFacts: { kind: "ebook", name: "Sleep Well", period: null },
          deliverOn: null,
          sentAt: at(-9).toISOString(),
          claimedAt: at(-8).toISOString(),
          createdAt: at(-10).toISOString(),
        },
      ],
    },
  },
  giftsNone: { Page: GiftsPage as ComponentType<never>, path: "/account/gifts", data: { signedIn: true, gifts: [] } },
  delete: {
    Page: DeletePage as ComponentType<never>,
    path: "/account/delete",
    data: { signedIn: true, withPassword: true },
  },
  deleteWord: {
    Page: DeletePage as ComponentType<never>,
    path: "/account/delete",
    data: { signedIn: true, withPassword: false },
  },
  bookmarks: {
    Page: BookmarksPage as ComponentType<never>,
    path: "/bookmarks",
    data: {
      signedIn: true,
      bookmarks: {
        articles: [
          {
            id: "a1",
            title: "Maji na afya",
            categoryName: "Nutrition",
            readingMinutes: 4,
            bookmarkedAt: at(-1).toISOString(),
          },
        ],
        ebooks: [
          { id: "e1", title: "Lishe Bora", pageCount: 120, coverImageUrl: null, bookmarkedAt: at(-2).toISOString() },
        ],
      },
    },
  },
  bookmarksNone: {
    Page: BookmarksPage as ComponentType<never>,
    path: "/bookmarks",
    data: { signedIn: true, bookmarks: { articles: [], ebooks: [] } },
  },
  newsletter: {
    Page: NewsletterPage as ComponentType<never>,
    path: "/newsletter",
    data: {
      signedInAs: null,
      following: null,
      email: "",
      categories: [{ id: "c1", name: "Nutrition" }],
      checked: [],
      source: "subscribe",
    },
  },
  newsletterDone: {
    Page: NewsletterPage as ComponentType<never>,
    path: "/newsletter",
    data: {
      signedInAs: "amina@example.com",
      following: "/newsletter/preferences/tok",
      email: "",
      categories: [],
      checked: [],
      source: "subscribe",
    },
    action: { ok: true, title: "You follow Nuru by e-mail", preferencesPath: "/newsletter/preferences/tok" },
  },
  confirm: { Page: ConfirmPage as ComponentType<never>, path: "/newsletter/confirm", data: { token: "tok" } },
  preferences: {
    Page: PreferencesPage as ComponentType<never>,
    path: "/newsletter/preferences/tok",
    data: {
      preferences: { email: "amina@example.com", status: "active", categoryIds: [], frequency: "each" },
      categories: [{ id: "c1", name: "Nutrition" }],
    },
  },
  unsubscribe: {
    Page: UnsubscribePage as ComponentType<never>,
    path: "/newsletter/unsubscribe/tok",
    data: { email: "amina@example.com", unsubscribed: false },
  },
  dataSaver: { Page: DataSaverPage as ComponentType<never>, path: "/data-saver", data: { on: false, back: "/" } },
};

/** A route's page rendered by the server at `path`, with its loader's (and an action's) data. */
export function render(Page: ComponentType<never>, path: string, data: unknown, action?: unknown): string {
  const pattern = path.replace(/\/tok$/, "/:token");
  function Route() {
    const loaderData = useLoaderData();
    const actionData = useActionData();
    return createElement(Page, { loaderData, actionData: actionData ?? action, params: {}, matches: [] } as never);
  }
  const Stub = createRoutesStub([{ id: "page", path: pattern, Component: Route, loader: () => data }]);
  return renderToString(createElement(Stub, { initialEntries: [path], hydrationData: { loaderData: { page: data } } }));
}

/** The text a reader sees, tags and hidden templates' markup aside (attributes that speak are kept). */
export function visibleText(html: string): string {
  return html
    .replace(/<!-- -->/g, "")
    .replace(/<(?:script|style)[^>]*>[\s\S]*?<\/(?:script|style)>/g, " ")
    .replace(/(?:aria-label|placeholder|title|alt|data-confirm|data-busy-label)="([^"]*)"/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&apos;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

/** English words that no Swahili account page may show (the English pages' own words, not names or addresses). */
const ENGLISH =
  /\b(the|and|you|your|of|for|with|to|is|are|no|not|yet|Sign In|Sign in|Saving|Cancel|Renew|Plan|Ebooks?|Articles?|Bookmarks|Gifts|Account|Settings|Update|Profile|Email|Full name|Role|Delete|Download|Subscribe|Unsubscribe|Save|Show|Data saver|Paid|Status|Date|Reference|Receipt|Billing|Started|Continue|Read|Browse|Library|Language|Confirm|Change|Remove|Keep|Offline|Saved|Categories|How often|Free|Premium|Upgrade|Switch)\b/;

describe("her account's pages in Swahili", () => {
  for (const [name, { Page, path, data, action }] of Object.entries(PAGES))
    it(`${name}: every word in Swahili at /sw${path}, links and forms in /sw`, () => {
      const html = render(Page, `/sw${path}`, data, action);
      const text = visibleText(html)
        // Content and names, as the admin and she wrote them.
        .replace(/Nutrition|Lishe Bora|Sleep Well|Maji na afya|Amina Wanjiru|Standard|Premium|Basic/g, "")
        .replace(/[\w.+-]+@[\w.-]+/g, "");
      expect(text).not.toMatch(ENGLISH);
      // Every link and form of the page itself stays in Swahili (receipts, the data download, a checkout and the
      // language switch have one address yet: localizedHref sends them there until they have a Swahili one).
      for (const [, target] of html.matchAll(/(?:href|action)="(\/[^"]*)"/g)) {
        const bare = target.split("?")[0];
        if (hasSwahiliVersion(bare)) expect(target, `${name}: ${target}`).toMatch(/^\/sw\//);
        else expect(target, `${name}: ${target}`).toBe(localizedHref(target, "sw"));
      }
    });

  it("My Library says her plan, dates and counts in Swahili", () => {
    const text = visibleText(render(DashboardPage as ComponentType<never>, "/sw/dashboard", libraryData()));
    expect(text).toContain("Maktaba yangu");
    expect(text).toContain("Mpango wa Standard");
    expect(text).toContain("zimebaki siku 41");
    expect(text).toContain("Unaendelea · kulipia upya kumewashwa");
    expect(text).toContain("Umelipia mapema Mpango wa Standard: 26 Januari 2027 hadi 26 Februari 2027.");
    expect(text).toContain("Ulianza 27 Desemba 2026");
    expect(text).toContain("1 kati ya 3");
    expect(text).toContain("Umehifadhi makala 2 na kitabu pepe 1.");
    expect(text).toContain("ukurasa 3 kati ya 12");
    expect(text).toContain("Historia ya malipo");
    expect(text).toContain("Imelipwa");
    expect(text).toMatch(/KSh.500\.00/);
  });

  it("a guest is asked to sign in, and the link comes back to the Swahili page", () => {
    const html = render(DashboardPage as ComponentType<never>, "/sw/dashboard", { signedIn: false });
    expect(visibleText(html)).toContain("Unahitaji kuingia");
    expect(html).toContain(`href="${localizedHref("/signin?redirectTo=%2Fsw%2Fdashboard", "sw")}"`);
  });

  it("her standing's renewal sentence follows how she renews", () => {
    const byCard = standingOf({ periods: [period({})], card: { status: "active", endedBecause: null }, now: NOW })!;
    expect(standingWordsSw(sw, byCard).renewal).toBe(
      "Mpango wako utalipiwa upya kiotomatiki kwa kadi tarehe 26 Januari 2027. Tutakutumia barua pepe siku 7 na siku 1 kabla ya kadi yako kutozwa.",
    );
    const off = standingOf({ periods: [period({ autoRenew: false })], card: null, now: NOW })!;
    expect(standingWordsSw(sw, off).status).toBe("Unaendelea · kulipia upya kumezimwa");
    expect(standingWordsSw(sw, off).renewal).toMatch(/^Kulipia upya kumezimwa: .* hadi 26 Januari 2027,/);
    const ended = standingOf({ periods: [period({ endDate: at(-1) })], card: null, now: NOW })!;
    expect(standingWordsSw(sw, ended)).toEqual({ status: "Umekwisha", paidAhead: null, renewal: null });
  });

  it("the refusals of her forms are said in Swahili; a refusal nobody listed stays as written", () => {
    const reply = { status: "error" as const, error: { fullName: ["Full name is required"], kraPin: ["Odd"] } };
    expect(localizedReply(sw, "sw", reply)?.error).toEqual({ fullName: ["Jina kamili linahitajika"], kraPin: ["Odd"] });
    expect(localizedReply(en, "en", reply)).toBe(reply);
    expect(errorWords(sw, "sw", PRIVACY_ERRORS.DELETE_WRONG_PASSWORD.message)).toBe(
      "Nenosiri hilo si la akaunti yako. Akaunti yako haijafutwa.",
    );
  });
});

describe("the catalogue says what the shared modules say", () => {
  it("the consent, the frequencies, the roles and the gift statuses are the modules' words in English", () => {
    expect(en("follow.consent")).toBe(CONSENT_WORDING);
    expect(FREQUENCIES.map((f) => en(f.value === "weekly" ? "follow.weekly" : "follow.each"))).toEqual(
      FREQUENCIES.map((f) => f.label),
    );
    expect([en("account.role.reader"), en("account.role.subscriber"), en("account.role.admin")]).toEqual([
      ROLE_LABELS.guest,
      ROLE_LABELS.subscriber,
      ROLE_LABELS.admin,
    ]);
    expect(en("gifts.status.claimed")).toBe(GIFT_STATUS_LABELS.claimed);
    expect(en("gifts.status.unclaimed")).toBe(GIFT_STATUS_LABELS.unclaimed);
    expect(en("gifts.status.paid")).toBe(GIFT_STATUS_LABELS.paid);
    expect(en("gifts.status.revoked")).toBe(GIFT_STATUS_LABELS.revoked);
    expect(en("gifts.status.awaitingPayment")).toBe(GIFT_STATUS_LABELS.awaiting_payment);
    expect(en("giftShare.text", { url: "https://x" })).toBe(giftShareText("https://x"));
  });

  it("every refusal the pages translate is a message the modules send, said again in Swahili", () => {
    const sent = [
      ...Object.values(PRIVACY_ERRORS).map((e) => e.message),
      ...Object.values(FOLLOW_ERRORS).map((e) => e.message),
      FOLLOW_EMAIL_MISSING,
      ...(profileSchema.safeParse({ fullName: "", kraPin: "x" }).error?.issues.map((i) => i.message) ?? []),
      ...(deleteWithWordSchema.safeParse({ confirm: "delete" }).error?.issues.map((i) => i.message) ?? []),
    ];
    for (const message of sent) expect(errorWords(sw, "sw", message), message).not.toBe(message);
    for (const id of ERROR_MESSAGE_IDS) expect(sw(id), id).not.toBe(id);
    expect(DELETE_CONFIRMATION_WORD).toBe("DELETE");
  });

  it("the offline library's lines and the account script's words", () => {
    const item = { kind: "ebook", bytes: 48_000, savedAt: Date.parse("2026-11-03T08:00:00Z") };
    expect(savedItemDetail(item)).toBe("Ebook · 48 KB · saved 3 November 2026");
    const all = {
      locale: "sw" as const,
      ebook: sw("offlineLibrary.ebook"),
      saved: sw("offlineLibrary.saved", { date: "{date}" }),
      summary: sw("offlineLibrary.summary", { count: "{count}", size: "{size}" }),
      remove: sw("offlineLibrary.remove", { title: "{title}" }),
    };
    expect(savedItemDetail(item, all)).toBe("Kitabu pepe · 48 KB · imehifadhiwa 3 Novemba 2026");
    expect(savedSummary([item, item], all)).toBe("Vilivyohifadhiwa: 2 · 96 KB kwa jumla");
    expect(removeLabel("Lishe", all)).toBe("Ondoa Lishe kwenye simu hii");
    expect(savedSummary([item, item])).toBe(en("offlineLibrary.summary", { count: 2, size: "96 KB" }));
    const map = JSON.parse(islandWords()) as Record<string, string>;
    for (const english of ["Copy link", "Link copied.", "Could not copy: select the link above and copy it."])
      expect(map[english], english).toBeTruthy();
  });

  it("the pages of her account have a Swahili address, and nothing else of hers does", () => {
    for (const path of [
      "/dashboard",
      "/account",
      "/account/gifts",
      "/account/delete",
      "/bookmarks",
      "/library/offline",
      "/newsletter",
      "/newsletter/confirm",
      "/newsletter/preferences/abc",
      "/newsletter/unsubscribe/abc",
      "/data-saver",
    ])
      expect(hasSwahiliVersion(path), path).toBe(true);
    for (const path of ["/account/data", "/library/offline/check", "/newsletter/preferences", "/newsletter/x/y"])
      expect(hasSwahiliVersion(path), path).toBe(false);
  });
});
