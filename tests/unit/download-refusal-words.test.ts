import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { refused } from "~/lib/app-error.server";
import { READER_ERRORS } from "~/modules/reader/reader-errors";
import { downloadRefusalWords } from "~/modules/reader/download-refusal-words.server";

describe("Download PDF's refusals in the page's language", () => {
  it("keeps the spec's English words, detail included, on an English page", () => {
    const limit = refused(
      new AppError(READER_ERRORS.DOWNLOAD_LIMIT, "Download limit exceeded. In 5 minutes."),
      300_000,
    );
    expect(downloadRefusalWords(limit, "en")).toEqual({
      title: "Download Limit Exceeded",
      message: "Download limit exceeded. In 5 minutes.",
    });
  });

  it("says each refusal in Swahili, with when she may download again", () => {
    expect(downloadRefusalWords(refused(READER_ERRORS.DOWNLOAD_DENIED), "sw")).toEqual({
      title: "Imeshindikana kupakua",
      message: "Huna ruhusa ya kupakua kitabu pepe hiki.",
    });
    const inMinutes = (ms: number) => downloadRefusalWords(refused(READER_ERRORS.DOWNLOAD_LIMIT, ms), "sw").message;
    expect(inMinutes(23 * 60_000 - 500)).toMatch(/Unaweza kukipakua tena baada ya dakika 23\.$/);
    expect(inMinutes(30_000)).toMatch(/Unaweza kukipakua tena baada ya dakika moja\.$/);
  });
});
