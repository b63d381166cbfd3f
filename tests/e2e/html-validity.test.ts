import { beforeAll, describe, expect, it } from "vitest";
import { validateHtml } from "../setup/html-validator";
import { getText, signInCookie } from "../setup/http-session";

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
  ];
});

// The W3C Nu checker (vnu-jar on the machine's Java) must report no errors.
describe("HTML validity", () => {
  it("every page validates for a guest", { timeout: 180_000 }, async () => {
    for (const path of paths) {
      const { body } = await getText(path);
      expect(await validateHtml(body), path).toEqual([]);
    }
  });

  it("pages with member content validate for a subscriber", { timeout: 120_000 }, async () => {
    for (const path of [paths[4], paths[8], "/account", "/bookmarks"]) {
      const { body } = await getText(path, subscriber);
      expect(await validateHtml(body), path).toEqual([]);
    }
  });
});
