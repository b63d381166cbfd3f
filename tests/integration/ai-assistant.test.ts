// The writing assistant's providers, driven through their official SDKs over HTTP against the local stand-in:
// both stream the suggestion, a wrong key and a provider error become words an editor can act on, and without a
// provider the assistant offers the fallback suggestion.
import { afterAll, beforeAll, describe, expect, it, expectTypeOf } from "vitest";
import { adminViewer } from "~/modules/access/policy";
import { loadAdmin } from "../setup/admin-viewer";
import { startAiStandIn, type AiStandIn } from "~/stand-ins/ai-stand-in.server";
import {
  anthropicProvider,
  openAiProvider,
  providerErrorMessage,
  type AiProvider,
} from "~/modules/ai/providers.server";
import { allowAssist, assist, ASSIST_LIMIT, setAssistantProvider } from "~/modules/ai/assistant.server";
import { appTestDatabase } from "../setup/app-test-database";
import { createUser } from "~/db/seed/factories";
import { loadViewer } from "~/modules/access/viewer.server";
import { assistPrompt } from "~/modules/ai/prompts.server";
import { assistRequestSchema, suggestionMeta, type AssistEvent } from "~/modules/ai/assist-request";

const database = appTestDatabase();
let standIn: AiStandIn;
beforeAll(async () => {
  standIn = await startAiStandIn({ production: false });
});
afterAll(async () => {
  await standIn?.close();
});

const providers = (key?: string): AiProvider[] => [
  openAiProvider({ apiKey: key ?? standIn.apiKey, baseURL: `${standIn.url}/v1`, model: "gpt-4" }),
  anthropicProvider({ apiKey: key ?? standIn.apiKey, baseURL: standIn.url, model: "claude-3-sonnet" }),
];

const request = (fields: Record<string, unknown>) =>
  assistRequestSchema.parse({ type: "rewrite", text: "Walk every morning for twenty minutes.", ...fields });

async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe("AI providers against the stand-in", () => {
  it("streams a suggestion in several pieces, with the spec's settings", async () => {
    for (const provider of providers()) {
      const pieces = await collect(provider.stream(assistPrompt(request({ style: "storytelling" }))));
      expect(pieces.length, provider.name).toBeGreaterThan(3);
      expect(pieces.join(""), provider.name).toBe("Assistant suggestion: Walk every morning for twenty minutes.");
    }
    const [openai, anthropic] = standIn.requests.slice(-2);
    expect(openai.path).toBe("/v1/chat/completions");
    expect(openai.body).toMatchObject({ model: "gpt-4", temperature: 0.7, max_tokens: 2000, stream: true });
    expect(JSON.stringify(openai.body.messages)).toContain("storytelling style");
    expect(anthropic.path).toBe("/v1/messages");
    expect(anthropic.body).toMatchObject({ model: "claude-3-sonnet", max_tokens: 4000, stream: true });
  });

  it("turns a refused key and a provider error into an editor's message", async () => {
    for (const provider of providers("wrong-key")) {
      const failed = await collect(provider.stream(assistPrompt(request({})))).catch((e: unknown) => e);
      expect(providerErrorMessage(failed), provider.name).toBe("The AI provider refused the API key");
    }
    for (const provider of providers()) {
      const failed = await collect(provider.stream(assistPrompt(request({ text: "please [[fail]]" })))).catch(
        (e: unknown) => e,
      );
      expect(providerErrorMessage(failed), provider.name).toBe("The stand-in was asked to fail");
    }
  });

  it("ends the assistant's stream with metadata, or with an error event", async () => {
    setAssistantProvider(providers()[1]);
    const events = await collect(assist(request({ type: "expand", length: "short" })));
    expect(events.at(-1)).toEqual({
      type: "done",
      meta: {
        wordCount: 8,
        readingTime: 1,
        keywords: ["assistant", "every", "minutes", "morning", "suggestion", "twenty", "walk"],
      },
    });
    expect(events.filter((e) => e.type === "delta").length).toBeGreaterThan(3);
    const failed = await collect(assist(request({ text: "[[fail]] now" })));
    expect(failed.at(-1)).toEqual({ type: "error", message: "The stand-in was asked to fail" } satisfies AssistEvent);
  });

  it("offers the fallback suggestion when no provider is configured", async () => {
    setAssistantProvider(null);
    const events = await collect(assist(request({ type: "summarize", text: "One.  Two!\nThree? Four." })));
    expect(events).toEqual([
      { type: "delta", text: "One. Two!" },
      { type: "done", meta: suggestionMeta("One. Two!"), fallback: true },
    ]);
  });

  it("asks for text, and for an instruction when the request is custom", () => {
    expect(assistRequestSchema.safeParse({ type: "rewrite", text: "  " }).error?.issues[0].message).toBe(
      "Please select some text or write content first",
    );
    expect(assistRequestSchema.safeParse({ type: "custom", text: "Hi" }).error?.issues[0].message).toBe(
      "Write an instruction first",
    );
    expect(suggestionMeta("word ".repeat(401)).readingTime).toBe(3);
    expect(
      suggestionMeta("alpha beta gamma delta epsilon zeta theta iota kappa lambda omicron sigma").keywords,
    ).toHaveLength(10);
  });

  it("holds each admin to the assistant's rate limit, even under concurrent requests", async () => {
    const admin = await loadAdmin(await createUser(database.db(), { email: "ai-admin@example.com", role: "admin" }));
    const answers = await Promise.all(Array.from({ length: ASSIST_LIMIT.limit + 5 }, () => allowAssist(admin)));
    expect(answers.filter((a) => a.allowed)).toHaveLength(ASSIST_LIMIT.limit);
    expect(answers.find((a) => !a.allowed)?.retryAfterMs).toBeGreaterThan(0);
    const reader = await loadViewer(await createUser(database.db(), { email: "ai-reader@example.com", role: "guest" }));
    expect(adminViewer(reader)).toBeNull();
    // @ts-expect-error a reader's Viewer is no AdminViewer: the compiler refuses the call
    expectTypeOf(allowAssist).toBeCallableWith(reader);
  });
});
