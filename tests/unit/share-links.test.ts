import { describe, expect, it } from "vitest";
import { shareTargets } from "~/modules/site/share-links";

describe("share links", () => {
  it("send each network the canonical address and the title, encoded, and nothing else", () => {
    const url = "https://nuru.example/article/98fde806-20fc-43f9-b3cb-8678913f2a2e";
    const title = "Hips & glutes: 5 moves #fit? 100%";
    const links = Object.fromEntries(shareTargets(url, title).map((t) => [t.name, new URL(t.href)]));
    expect(Object.keys(links)).toEqual(["WhatsApp", "Facebook", "X", "Telegram"]);
    expect(links.WhatsApp!.origin + links.WhatsApp!.pathname).toBe("https://wa.me/");
    expect([...links.WhatsApp!.searchParams]).toEqual([["text", `${title} ${url}`]]);
    expect(links.Facebook!.origin + links.Facebook!.pathname).toBe("https://www.facebook.com/sharer/sharer.php");
    expect([...links.Facebook!.searchParams]).toEqual([["u", url]]);
    expect(links.X!.origin + links.X!.pathname).toBe("https://x.com/intent/post");
    expect([...links.X!.searchParams]).toEqual([
      ["text", title],
      ["url", url],
    ]);
    expect(links.Telegram!.origin + links.Telegram!.pathname).toBe("https://t.me/share/url");
    expect([...links.Telegram!.searchParams]).toEqual([
      ["url", url],
      ["text", title],
    ]);
    // The title's "&", "#" and "?" cannot end the parameter or start a fragment.
    for (const link of Object.values(links)) expect(link.hash).toBe("");
  });
});
