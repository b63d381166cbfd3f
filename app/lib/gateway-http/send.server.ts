// One HTTP request to a payment gateway (Pesapal, Daraja), the part both clients share: JSON headers, a timeout per
// attempt, no redirects, and the body read as text. What a failure or an answer means is each client's own.
export interface GatewayRequest {
  method: "GET" | "POST";
  url: string;
  /** The whole Authorization header ("Bearer …", "Basic …"); none when empty. */
  authorization?: string;
  /** Sent as JSON; a GET sends none. */
  body?: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
}

export interface GatewayResponse {
  response: Response;
  text: string;
}

/**
 * Sends the request and reads the whole body. No answer (or a body cut off) throws what `failed` makes of the cause;
 * `timedOut` says the time ran out rather than the network failing.
 */
export async function sendToGateway(
  request: GatewayRequest,
  failed: (cause: unknown, timedOut: boolean) => Error,
): Promise<GatewayResponse> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (request.body !== undefined) headers["Content-Type"] = "application/json";
  if (request.authorization) headers.Authorization = request.authorization;
  try {
    const response = await request.fetch(request.url, {
      method: request.method,
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      redirect: "error",
      signal: AbortSignal.timeout(request.timeoutMs),
    });
    return { response, text: await response.text() };
  } catch (cause) {
    throw failed(cause, cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError"));
  }
}
