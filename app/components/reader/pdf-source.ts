// Fetches the PDF for pdf.js in the ranges it asks for, through the short-lived file URL, renewing the URL
// before it expires. pdf.js gets no URL of its own, so it cannot fetch ahead or stream the whole file.
import type { PDFDataRangeTransport as RangeTransport } from "pdfjs-dist";

export interface FileGrant {
  url: string;
  /** Seconds since the epoch. */
  expiresAt: number;
  size: number;
}

/** She may no longer read this ebook (or never could): the reader closes. */
export class ReaderAccessError extends Error {}
/** The bytes could not be fetched: 'Failed to load ebook. Please try again.' */
export class ReaderLoadError extends Error {}

const RENEW_BEFORE_MS = 60_000;
/** pdf.js's default range size: it asks for whole chunks of this many bytes. */
export const CHUNK_BYTES = 65_536;

export function createFileSource(ebookId: string, initial: FileGrant) {
  let grant = initial;
  let renewing: Promise<FileGrant> | null = null;

  async function askForGrant(): Promise<FileGrant> {
    let response: Response;
    try {
      response = await fetch(`/ebook/${ebookId}/reading`, {
        method: "POST",
        body: new URLSearchParams({ intent: "renew" }),
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
    } catch {
      throw new ReaderLoadError();
    }
    if (response.status === 404) throw new ReaderAccessError();
    if (!response.ok) throw new ReaderLoadError();
    grant = (await response.json()) as FileGrant;
    return grant;
  }

  function renew(): Promise<FileGrant> {
    renewing ??= askForGrant().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function get(begin: number, end: number): Promise<Response> {
    try {
      return await fetch(grant.url, {
        headers: { Range: `bytes=${begin}-${end - 1}` },
        credentials: "same-origin",
        cache: "no-store",
      });
    } catch {
      throw new ReaderLoadError();
    }
  }

  const early = new Map<string, Promise<Uint8Array>>();

  /**
   * pdf.js always starts with the first chunk (the header) and the last (the cross-reference table). Asking for
   * both while its worker is still starting saves two round trips before the first page.
   */
  function prefetchEnds() {
    const lastStart = Math.floor((grant.size - 1) / CHUNK_BYTES) * CHUNK_BYTES;
    for (const [begin, end] of [
      [0, Math.min(CHUNK_BYTES, grant.size)],
      [lastStart, grant.size],
    ]) {
      const fetched = load(begin, end);
      fetched.catch(() => undefined);
      early.set(`${begin}-${end}`, fetched);
    }
  }

  /** Bytes [begin, end) of the file. */
  async function fetchRange(begin: number, end: number): Promise<Uint8Array> {
    const key = `${begin}-${end}`;
    const prefetched = early.get(key);
    if (prefetched) {
      early.delete(key);
      try {
        return await prefetched;
      } catch {
        // asked again below, with a renewal if that is what it needs
      }
    }
    return load(begin, end);
  }

  async function load(begin: number, end: number): Promise<Uint8Array> {
    if (grant.expiresAt * 1000 - Date.now() < RENEW_BEFORE_MS) await renew();
    let response = await get(begin, end);
    // CASE: the URL expired while the tab slept, or access ended -> one renewal decides which.
    if (response.status === 404) {
      await renew();
      response = await get(begin, end);
      if (response.status === 404) throw new ReaderAccessError();
    }
    if (response.status === 206) return new Uint8Array(await response.arrayBuffer());
    if (response.status === 200) return new Uint8Array(await response.arrayBuffer()).slice(begin, end);
    throw new ReaderLoadError();
  }

  return {
    fetchRange,
    prefetchEnds,
    renew,
    get size() {
      return grant.size;
    },
  };
}

export type FileSource = ReturnType<typeof createFileSource>;

/** A pdf.js range transport over the source; failures go to `onFailure` (pdf.js itself would wait forever). */
export function createRangeTransport(
  Transport: typeof RangeTransport,
  source: FileSource,
  onFailure: (error: unknown) => void,
): RangeTransport {
  class ShopRangeTransport extends Transport {
    requestDataRange(begin: number, end: number) {
      source.fetchRange(begin, end).then(
        (chunk) => this.onDataRange(begin, chunk),
        (error: unknown) => onFailure(error),
      );
    }
  }
  return new ShopRangeTransport(source.size, null);
}
