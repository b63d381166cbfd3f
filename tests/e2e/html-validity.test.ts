import { beforeAll, describe, expect, it } from "vitest";
import { validateHtmlDocuments } from "../setup/html-validator";
import { getText, signInCookie } from "../setup/http-session";
import { newReader } from "../setup/attacker";

let subscriber: string;
let paths: string[];

beforeAll(async () => {
  subscriber = await signInCookie("subscriber@nuru.test");
  const articles = await getText("/articles?access=premium");
  const ebooks = await getText("/ebooks");
  const article = /href="(\/article\/[0-9a-f-]{36})"/.exec(articles.body)![1];
  // An article written in the rich text editor: its sanitised HTML must validate too.
  const fromEditor = await getText("/articles?q=kenyan+heat");
  const editorArticle = /href="(\/article\/[0-9a-f-]{36})"/.exec(fromEditor.body)![1];
  const ebook = /href="(\/ebook\/[0-9a-f-]{36})"/.exec(ebooks.body)![1];
  paths = [
    "/",
    "/about",
    "/terms",
    "/privacy",
    "/articles",
    article,
    "/categories",
    "/category/weight-loss",
    "/ebooks",
    ebook,
    "/signin",
    "/bookmarks",
    "/no-such-page",
    editorArticle,
    "/pricing",
    "/payment/return",
    // The Swahili legal pages and a Swahili error page (issue 50); last, as paths[5] and paths[9] are named below.
    "/sw/about",
    "/sw/terms",
    "/sw/privacy",
    "/sw/no-such-page",
  ];
});

// The W3C Nu checker (vnu-jar on the machine's Java) must report no errors.
// One checker run per test: each run starts a Java VM.
async function errorsByPath(pagePaths: string[], cookie?: string): Promise<Record<string, string[]>> {
  const bodies: string[] = [];
  for (const path of pagePaths) bodies.push((await getText(path, cookie)).body);
  const errors = await validateHtmlDocuments(bodies);
  return Object.fromEntries(pagePaths.map((path, i) => [path, errors[i]]));
}

const noErrors = (pagePaths: string[]) => Object.fromEntries(pagePaths.map((path) => [path, []]));

describe("HTML validity", () => {
  it("every page validates for a guest", { timeout: 180_000 }, async () => {
    expect(await errorsByPath(paths)).toEqual(noErrors(paths));
  });

  it("pages with member content validate for a subscriber", { timeout: 120_000 }, async () => {
    const memberPaths = [paths[5], paths[9], "/account", "/account/delete", "/bookmarks"];
    expect(await errorsByPath(memberPaths, subscriber)).toEqual(noErrors(memberPaths));
  });

  it("pricing, checkout and payment pages validate for a reader without a plan", { timeout: 120_000 }, async () => {
    // A fresh account: other suites change the demo readers' passwords.
    const reader = await signInCookie(await newReader("valid-pass-1"), "valid-pass-1");
    const premium = /href="(\/ebook\/[0-9a-f-]{36})"/.exec((await getText("/ebooks?access=premium")).body)![1];
    const commercePaths = [
      "/pricing",
      "/checkout/plan/standard",
      `/checkout${premium}`,
      premium,
      "/payment/return?OrderTrackingId=00000000-0000-0000-0000-000000000000",
    ];
    expect(await errorsByPath(commercePaths, reader)).toEqual(noErrors(commercePaths));
  });
});
