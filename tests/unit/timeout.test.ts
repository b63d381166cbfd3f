import { afterEach, describe, expect, it, vi } from "vitest";
import { ProfileTimeoutError, PROFILE_TIMEOUT_MS, withTimeout } from "~/modules/accounts/session.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("profile and subscription read timeout", () => {
  it("gives up after 10 s with a clear message", async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, PROFILE_TIMEOUT_MS);
    const check = expect(result).rejects.toThrow(ProfileTimeoutError);
    await vi.advanceTimersByTimeAsync(PROFILE_TIMEOUT_MS);
    await check;
    expect(PROFILE_TIMEOUT_MS).toBe(10_000);
    expect(new ProfileTimeoutError().message).toMatch(/took too long/);
  });

  it("passes a prompt answer through", async () => {
    expect(await withTimeout(Promise.resolve("ok"), PROFILE_TIMEOUT_MS)).toBe("ok");
  });
});
