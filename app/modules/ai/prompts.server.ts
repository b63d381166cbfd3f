import type { AssistRequest } from "./assist-request";

// The assistant's instructions. The text travels after a fixed marker, so the stand-in (and a reader of logs)
// can tell the editor's words from ours.

export const TEXT_MARKER = "\n\nText:\n";

const LENGTH_WORDS = { short: "about 50 words", medium: "about 150 words", long: "about 300 words" } as const;

export function assistPrompt(request: AssistRequest): { system: string; user: string } {
  const system =
    "You are an editor for Nuru, a women's wellness and lifestyle magazine read mostly in Kenya. " +
    "Write warm, accurate, practical English. Never give a diagnosis; suggest seeing a health worker where it matters. " +
    "Answer with the new text only, as plain paragraphs, without a preamble.";
  const task = {
    expand: `Expand the text to ${LENGTH_WORDS[request.length]}, keeping its meaning and adding useful detail.`,
    rewrite: `Rewrite the text in a ${request.style} style, keeping its meaning.`,
    summarize: `Summarize the text in ${LENGTH_WORDS[request.length]}.`,
    tone: `Rewrite the text in a ${request.tone} tone, keeping its meaning.`,
    seo: "Rewrite the text so it reads well and ranks for what a reader would search for, without stuffing keywords.",
    custom: request.instruction ?? "",
  }[request.type];
  return { system, user: `${task}${TEXT_MARKER}${request.text}` };
}

/** What the assistant offers when no provider is configured: the text, tidied, with a note on what to do. */
export function fallbackSuggestion(request: AssistRequest): string {
  const tidy = request.text.replace(/\s+/g, " ").trim();
  if (request.type === "summarize") {
    const sentences = tidy.match(/[^.!?]+[.!?]*/g) ?? [tidy];
    return sentences
      .slice(0, 2)
      .map((s) => s.trim())
      .join(" ");
  }
  return tidy;
}
