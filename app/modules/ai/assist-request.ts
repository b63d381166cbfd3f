import { z } from "zod";

// What the article editor asks the writing assistant: shared by the dialog and the /admin/ai-assist endpoint.

export const ASSIST_TYPES = ["expand", "rewrite", "summarize", "tone", "seo", "custom"] as const;
export const TONES = ["professional", "casual", "academic", "creative", "conversational"] as const;
export const STYLES = ["formal", "informal", "technical", "storytelling"] as const;
export const LENGTHS = ["short", "medium", "long"] as const;

export const NEEDS_TEXT = "Please select some text or write content first";
export const GENERIC_ERROR = "Sorry, there was an error processing your request. Please try again.";

export const assistRequestSchema = z
  .object({
    type: z.enum(ASSIST_TYPES, { error: "Unknown request" }),
    text: z
      .string({ error: NEEDS_TEXT })
      .trim()
      .min(1, NEEDS_TEXT)
      .max(20_000, "Select a shorter passage (at most 20,000 characters)"),
    tone: z.enum(TONES).default("professional"),
    style: z.enum(STYLES).default("formal"),
    length: z.enum(LENGTHS).default("medium"),
    instruction: z.string().trim().max(1000, "Keep the instruction under 1,000 characters").optional(),
  })
  .refine((v) => v.type !== "custom" || Boolean(v.instruction), {
    message: "Write an instruction first",
    path: ["instruction"],
  });

export type AssistRequest = z.output<typeof assistRequestSchema>;

/** Lines of the streamed answer (NDJSON): text as it is written, then the metadata, or an error. */
export type AssistEvent =
  | { type: "delta"; text: string }
  | { type: "done"; meta: SuggestionMeta; fallback?: boolean }
  | { type: "error"; message: string };

export interface SuggestionMeta {
  wordCount: number;
  /** Minutes at 200 words a minute, at least 1. */
  readingTime: number;
  keywords: string[];
}

const STOP_WORDS = new Set(
  "a an and are as at be but by can do for from has have how i if in is it its just more most my no not of on or our so than that the their them then there these they this to too up us was we what when which who will with you your".split(
    " ",
  ),
);

export function suggestionMeta(text: string): SuggestionMeta {
  const words = text.match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  const counts = new Map<string, number>();
  for (const word of words) {
    const key = word.toLowerCase().replace(/^['’-]+|['’-]+$/g, "");
    if (key.length < 3 || STOP_WORDS.has(key)) continue;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const keywords = [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 10)
    .map(([k]) => k);
  return { wordCount: words.length, readingTime: Math.max(1, Math.ceil(words.length / 200)), keywords };
}
