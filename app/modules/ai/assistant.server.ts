import { getEnv } from "~/lib/env.server";
import { singleton } from "~/lib/singleton.server";
import { loadStandIns } from "~/lib/stand-ins.server";
import { getDb } from "~/db/client.server";
import { hitFixedWindow } from "~/modules/security/rate-limit.server";
import { type AdminViewer } from "~/modules/access/policy";
import { defineErrors } from "~/lib/app-error";
import { suggestionMeta, type AssistEvent, type AssistRequest } from "./assist-request";
import { assistPrompt, fallbackSuggestion } from "./prompts.server";
import { anthropicProvider, openAiProvider, providerErrorMessage, type AiProvider } from "./providers.server";

// The writing assistant: which provider answers (from configuration), a per-admin rate limit, and the answer as
// a stream of events for the dialog.

export const ASSIST_LIMIT = { limit: 30, windowMs: 10 * 60_000 };

const state = singleton("ai-assistant", () => ({ provider: undefined as Promise<AiProvider | null> | undefined }));

async function chooseProvider(): Promise<AiProvider | null> {
  const env = getEnv();
  if (env.AI_PROVIDER === "none") return null;
  const openai = env.OPENAI_API_KEY
    ? { apiKey: env.OPENAI_API_KEY, baseURL: env.OPENAI_BASE_URL, model: env.OPENAI_MODEL }
    : null;
  const anthropic = env.ANTHROPIC_API_KEY
    ? { apiKey: env.ANTHROPIC_API_KEY, baseURL: env.ANTHROPIC_BASE_URL, model: env.ANTHROPIC_MODEL }
    : null;
  if (anthropic && (env.AI_PROVIDER === "anthropic" || !openai)) return anthropicProvider(anthropic);
  if (openai) return openAiProvider(openai);
  const standIns = loadStandIns();
  if (env.isProduction || !standIns) {
    console.warn("AI assistant: no OPENAI_API_KEY or ANTHROPIC_API_KEY; offering fallback suggestions");
    return null;
  }
  // Development and tests: a local stand-in, reached over HTTP by the same SDK code as the real service.
  const standIn = await (await standIns).startAiStandIn({ production: false });
  console.log(`AI assistant: local stand-in at ${standIn.url} (no real model)`);
  const local = { apiKey: standIn.apiKey, baseURL: standIn.url, model: "" };
  return env.AI_PROVIDER === "anthropic"
    ? anthropicProvider({ ...local, model: env.ANTHROPIC_MODEL })
    : openAiProvider({ ...local, baseURL: `${standIn.url}/v1`, model: env.OPENAI_MODEL });
}

export function assistantProvider(): Promise<AiProvider | null> {
  state.provider ??= chooseProvider().catch((error: unknown) => {
    state.provider = undefined;
    throw error;
  });
  return state.provider;
}

/** For tests: use this provider (or none) from now on. */
export function setAssistantProvider(provider: AiProvider | null) {
  state.provider = Promise.resolve(provider);
}

/** Why the assistant would not start; the editor's dialog shows the message ('Error: {message}'). */
export const AI_ERRORS = defineErrors({
  ASSIST_REQUEST_INVALID: { status: 400, title: "Error", message: "Bad request" },
  ASSIST_BUSY: {
    status: 429,
    title: "Too Many Requests",
    message: "Too many requests to the assistant. Please wait a few minutes.",
  },
});

/** Counts one request of this editor's: past ASSIST_LIMIT she is refused (ASSIST_BUSY) until `retryAfterMs`. */
export async function allowAssist(viewer: AdminViewer) {
  return hitFixedWindow(getDb(), { key: `ai-assist:${viewer.user!.id}`, ...ASSIST_LIMIT });
}

/** The suggestion as it is written, then its metadata; errors end the stream with a message. */
export async function* assist(request: AssistRequest, signal?: AbortSignal): AsyncGenerator<AssistEvent> {
  const provider = await assistantProvider();
  if (!provider) {
    const text = fallbackSuggestion(request);
    yield { type: "delta", text };
    yield { type: "done", meta: suggestionMeta(text), fallback: true };
    return;
  }
  let written = "";
  try {
    for await (const text of provider.stream(assistPrompt(request), signal)) {
      written += text;
      yield { type: "delta", text };
    }
  } catch (error) {
    console.error(`AI assistant (${provider.name}) failed:`, error instanceof Error ? error.message : error);
    yield { type: "error", message: providerErrorMessage(error) };
    return;
  }
  yield { type: "done", meta: suggestionMeta(written) };
}
