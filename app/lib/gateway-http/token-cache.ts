// The bearer token a payment gateway (Pesapal, Daraja) hands out for a while, kept and shared by every call.
export interface CachedToken {
  value: string;
  expiresAt: number;
}

/**
 * Keeps one bearer token until shortly before it expires. Concurrent callers share one in-flight request, so a
 * burst of checkouts never asks the gateway for a burst of tokens.
 */
export class TokenCache {
  #current: { value: string; refreshAt: number } | undefined;
  #inFlight: Promise<string> | undefined;

  constructor(
    private readonly fetchToken: () => Promise<CachedToken>,
    private readonly refreshMarginMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(): Promise<string> {
    const current = this.#current;
    if (current && this.now() < current.refreshAt) return Promise.resolve(current.value);
    this.#inFlight ??= this.fetchToken()
      .then((token) => {
        const lifetime = token.expiresAt - this.now();
        // Sandbox tokens live an hour, the docs promise five minutes: never let the margin eat most of a short life.
        const margin = Math.min(this.refreshMarginMs, Math.max(0, lifetime) / 5);
        this.#current = { value: token.value, refreshAt: token.expiresAt - margin };
        return token.value;
      })
      .finally(() => {
        this.#inFlight = undefined;
      });
    return this.#inFlight;
  }

  /** Forgets `value` after the gateway refused it, unless another caller already replaced it. */
  invalidate(value: string): void {
    if (this.#current?.value === value) this.#current = undefined;
  }

  /**
   * Sends with the cached token; a token the gateway refused (`refused(error)`: it expired early or was revoked) is
   * replaced once and the call sent again. A second refusal is the caller's error.
   */
  async withToken<T>(send: (token: string) => Promise<T>, refused: (error: unknown) => boolean): Promise<T> {
    const token = await this.get();
    try {
      return await send(token);
    } catch (error) {
      if (!refused(error)) throw error;
      this.invalidate(token);
      return send(await this.get());
    }
  }
}
