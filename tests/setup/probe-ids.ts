import { getText } from "./http-session";
import { MARKER_EBOOK_TITLES, MARKER_TITLES } from "./markers";
import type { ProbeIds } from "./route-probes";

async function findArticleId(title: string): Promise<string> {
  const { body } = await getText(`/articles?q=${encodeURIComponent(title.split(" (")[0])}`);
  const match = new RegExp(`href="/article/([0-9a-f-]{36})"[^>]*>${title.replace(/[()]/g, "\\$&")}`).exec(body);
  if (!match) throw new Error(`Article "${title}" not listed`);
  return match[1];
}

/** A seeded subscription ebook (demo content), found on the ebook list by its title. */
const LOCKED_EBOOK_TITLE = "Gain With Grace: A Healthy Weight Gain Plan";

async function findLockedEbookId(): Promise<string> {
  const { body } = await getText("/ebooks");
  const at = body.indexOf(LOCKED_EBOOK_TITLE);
  const idIn = (text: string) => [...text.matchAll(/href="\/ebook\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
  const candidates = at < 0 ? [] : [idIn(body.slice(0, at)).at(-1), idIn(body.slice(at))[0]];
  for (const id of candidates) {
    if (id && (await getText(`/ebook/${id}`)).body.includes(LOCKED_EBOOK_TITLE)) return id;
  }
  throw new Error(`Ebook "${LOCKED_EBOOK_TITLE}" not listed`);
}

async function findEbookId(title: string): Promise<string> {
  const { body } = await getText(`/ebooks?q=${encodeURIComponent(title)}`);
  const match = /href="\/ebook\/([0-9a-f-]{36})"/.exec(body);
  if (!match) throw new Error(`Ebook "${title}" not listed`);
  return match[1];
}

/** Ids of the seeded marker articles and ebooks and a locked ebook, read from the running shop as a visitor would. */
export async function probeIds(): Promise<ProbeIds> {
  const [premium, subscription, lockedEbook, pdfEbook, pdfSubscriptionEbook] = await Promise.all([
    findArticleId(MARKER_TITLES.premium),
    findArticleId(MARKER_TITLES.subscription),
    findLockedEbookId(),
    findEbookId(MARKER_EBOOK_TITLES.premium),
    findEbookId(MARKER_EBOOK_TITLES.subscription),
  ]);
  return { premium, subscription, lockedEbook, pdfEbook, pdfSubscriptionEbook };
}
