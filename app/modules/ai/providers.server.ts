import type OpenAI from "openai";
import type Anthropic from "@anthropic-ai/sdk";

// The two providers the assistant can use, each through its official SDK. Both stream the suggestion as it is
// written. Keys stay on the server.

export interface AiPrompt {
  system: string;
  user: string;
}

export interface AiProvider {
  name: "openai" | "anthropic";
  stream(prompt: AiPrompt, signal?: AbortSignal): AsyncIterable<string>;
}

export interface ProviderConfig {
  apiKey: string;
  baseURL: string;
  model: string;
}

const TIMEOUT_MS = 60_000;

/** Any OpenAI-compatible API: POST {base}/chat/completions, temperature 0.7, at most 2000 tokens. */
export function openAiProvider({ apiKey, baseURL, model }: ProviderConfig): AiProvider {
  // The SDKs load with the first request to the assistant, not at start.
  let client: Promise<OpenAI> | undefined;
  return {
    name: "openai",
    async *stream(prompt, signal) {
      client ??= import("openai").then(
        ({ default: SDK }) => new SDK({ apiKey, baseURL, maxRetries: 1, timeout: TIMEOUT_MS }),
      );
      const stream = await (
        await client
      ).chat.completions.create(
        {
          model,
          temperature: 0.7,
          max_tokens: 2000,
          stream: true,
          messages: [
            { role: "system", content: prompt.system },
            { role: "user", content: prompt.user },
          ],
        },
        { signal },
      );
      for await (const chunk of stream) {
        const text = chunk.choices[0]?.delta?.content;
        if (text) yield text;
      }
    },
  };
}

/** Anthropic: POST {base}/v1/messages, at most 4000 tokens. */
export function anthropicProvider({ apiKey, baseURL, model }: ProviderConfig): AiProvider {
  let client: Promise<Anthropic> | undefined;
  return {
    name: "anthropic",
    async *stream(prompt, signal) {
      client ??= import("@anthropic-ai/sdk").then(
        ({ default: SDK }) => new SDK({ apiKey, baseURL, maxRetries: 1, timeout: TIMEOUT_MS }),
      );
      const stream = await (
        await client
      ).messages.create(
        {
          model,
          max_tokens: 4000,
          system: prompt.system,
          messages: [{ role: "user", content: prompt.user }],
          stream: true,
        },
        { signal },
      );
      for await (const event of stream) {
        if (event.type === "content_block_delta" && event.delta.type === "text_delta") yield event.delta.text;
      }
    },
  };
}

/** A provider's error in words an editor can act on (never the key, never a stack). */
export function providerErrorMessage(error: unknown): string {
  // Both SDKs' APIError: an HTTP status and the answer's body (the classes are not loaded to test instanceof).
  if (error instanceof Error && typeof (error as { status?: unknown }).status === "number" && "error" in error) {
    const apiError = error as Error & { status: number; error: unknown };
    if (apiError.status === 401 || apiError.status === 403) return "The AI provider refused the API key";
    if (apiError.status === 429) return "The AI provider is busy; please try again in a minute";
    // OpenAI's SDK unwraps the body's `error`; Anthropic's keeps the whole body.
    const body = apiError.error as { error?: { message?: unknown }; message?: unknown } | undefined;
    const message = body?.error?.message ?? body?.message;
    if (typeof message === "string" && message.length < 200) return message;
    return `The AI provider answered ${apiError.status}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "The request was cancelled";
  return "The AI provider could not be reached";
}
