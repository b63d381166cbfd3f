import OpenAI from "openai";
import Anthropic from "@anthropic-ai/sdk";

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
  const client = new OpenAI({ apiKey, baseURL, maxRetries: 1, timeout: TIMEOUT_MS });
  return {
    name: "openai",
    async *stream(prompt, signal) {
      const stream = await client.chat.completions.create(
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
  const client = new Anthropic({ apiKey, baseURL, maxRetries: 1, timeout: TIMEOUT_MS });
  return {
    name: "anthropic",
    async *stream(prompt, signal) {
      const stream = await client.messages.create(
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
  if (error instanceof OpenAI.APIError || error instanceof Anthropic.APIError) {
    if (error.status === 401 || error.status === 403) return "The AI provider refused the API key";
    if (error.status === 429) return "The AI provider is busy; please try again in a minute";
    // OpenAI's SDK unwraps the body's `error`; Anthropic's keeps the whole body.
    const body = error.error as { error?: { message?: unknown }; message?: unknown } | undefined;
    const message = body?.error?.message ?? body?.message;
    if (typeof message === "string" && message.length < 200) return message;
    return `The AI provider answered ${error.status ?? "with an error"}`;
  }
  if (error instanceof Error && error.name === "AbortError") return "The request was cancelled";
  return "The AI provider could not be reached";
}
