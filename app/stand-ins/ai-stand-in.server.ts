import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { TEXT_MARKER } from "~/modules/ai/prompts.server";

// A local stand-in for both AI providers, spoken to over HTTP by their official SDKs: OpenAI's
// POST /v1/chat/completions (JSON or server-sent chunks) and Anthropic's POST /v1/messages (typed events).
// It checks the key like the real services, streams its suggestion word by word, and fails on request: text
// containing [[fail]] gets a 400 with a provider error. Outside production only.

const BODY_LIMIT = 1_000_000;

export interface AiStandIn {
  url: string;
  apiKey: string;
  /** The requests received, newest last (for tests). */
  requests: { path: string; body: Record<string, unknown> }[];
  close(): Promise<void>;
}

/** The stand-in's answer: the editor's text, marked as the assistant's, so a test can tell it was applied. */
export function standInSuggestion(userMessage: string): string {
  const at = userMessage.indexOf(TEXT_MARKER);
  const text = at >= 0 ? userMessage.slice(at + TEXT_MARKER.length) : userMessage;
  return `Assistant suggestion: ${text.trim()}`;
}

function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  return new Promise((resolve) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > BODY_LIMIT) {
        req.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>);
      } catch {
        resolve(null);
      }
    });
  });
}

const words = (text: string) => text.match(/\S+\s*/g) ?? [];

function sse(res: http.ServerResponse) {
  res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", Connection: "keep-alive" });
}

function openAi(res: http.ServerResponse, body: Record<string, unknown>, reply: string) {
  const base = {
    id: `chatcmpl-${randomBytes(6).toString("hex")}`,
    created: Math.floor(Date.now() / 1000),
    model: body.model,
  };
  if (!body.stream) {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(
      JSON.stringify({
        ...base,
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: reply }, finish_reason: "stop" }],
      }),
    );
    return;
  }
  sse(res);
  const chunk = (delta: Record<string, unknown>, finish: string | null) =>
    res.write(
      `data: ${JSON.stringify({ ...base, object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`,
    );
  chunk({ role: "assistant", content: "" }, null);
  for (const word of words(reply)) chunk({ content: word }, null);
  chunk({}, "stop");
  res.end("data: [DONE]\n\n");
}

function anthropic(res: http.ServerResponse, body: Record<string, unknown>, reply: string) {
  const event = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  const message = {
    id: `msg_${randomBytes(6).toString("hex")}`,
    type: "message",
    role: "assistant",
    model: body.model,
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 1 },
  };
  if (!body.stream) {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ ...message, content: [{ type: "text", text: reply }], stop_reason: "end_turn" }));
    return;
  }
  sse(res);
  event("message_start", { message: { ...message, content: [] } });
  event("content_block_start", { index: 0, content_block: { type: "text", text: "" } });
  for (const word of words(reply))
    event("content_block_delta", { index: 0, delta: { type: "text_delta", text: word } });
  event("content_block_stop", { index: 0 });
  event("message_delta", { delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 1 } });
  event("message_stop", {});
  res.end();
}

function userText(path: string, body: Record<string, unknown>): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  const user = messages.filter((m) => m.role === "user").at(-1)?.content;
  return typeof user === "string" ? user : path;
}

export async function startAiStandIn(options: { apiKey?: string; production?: boolean } = {}): Promise<AiStandIn> {
  if (options.production ?? process.env.NODE_ENV === "production")
    throw new Error("The AI stand-in does not run in production");
  const apiKey = options.apiKey ?? `local-${randomBytes(12).toString("hex")}`;
  const requests: AiStandIn["requests"] = [];
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? "/", "http://x").pathname;
    const isOpenAi = path === "/v1/chat/completions";
    const isAnthropic = path === "/v1/messages";
    const fail = (status: number, type: string, message: string) => {
      res.writeHead(status, { "Content-Type": "application/json" });
      res.end(JSON.stringify(isAnthropic ? { type: "error", error: { type, message } } : { error: { type, message } }));
    };
    if (req.method !== "POST" || (!isOpenAi && !isAnthropic)) return fail(404, "not_found_error", "Not found");
    // Anthropic's SDK sends the key as x-api-key (older) or as a bearer token (newer); OpenAI's as a bearer token.
    const bearer = req.headers.authorization?.replace(/^Bearer /, "");
    const key = isOpenAi ? bearer : (req.headers["x-api-key"] ?? bearer);
    if (key !== apiKey) return fail(401, "authentication_error", "Invalid API key");
    const body = await readJson(req);
    if (!body) return fail(400, "invalid_request_error", "The body is not JSON");
    requests.push({ path, body });
    const text = userText(path, body);
    if (text.includes("[[fail]]")) return fail(400, "invalid_request_error", "The stand-in was asked to fail");
    const reply = standInSuggestion(text);
    if (isOpenAi) openAi(res, body, reply);
    else anthropic(res, body, reply);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
