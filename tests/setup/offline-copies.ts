import type { Page } from "playwright-core";

/** The addresses her offline library keeps copies under (Cache Storage, every offline library cache of this origin). */
export const savedAddresses = (page: Page) =>
  page.evaluate(async () => {
    const found: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("nuru-offline-") || name === "nuru-offline-owner") continue;
      for (const request of await (await caches.open(name)).keys()) found.push(new URL(request.url).pathname);
    }
    return found;
  });
