import { afterEach, describe, expect, it, vi } from "vitest";
import { isAppError } from "~/lib/app-error";
import { ACCOUNT_ERRORS } from "~/modules/accounts/account-errors";
import { PROFILE_TIMEOUT_MS, withTimeout } from "~/modules/accounts/session.server";

afterEach(() => {
  vi.useRealTimers();
});

describe("profile and subscription read timeout", () => {
  it("gives up after 10 s with a clear message", async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, PROFILE_TIMEOUT_MS);
    const check = result.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(PROFILE_TIMEOUT_MS);
    const error = await check;
    expect(isAppError(error, ACCOUNT_ERRORS.PROFILE_TIMEOUT)).toBe(true);
    expect(PROFILE_TIMEOUT_MS).toBe(10_000);
    expect((error as Error).message).toBe(
      "Loading your profile took too long. Please check your connection and try again.",
    );
  });

  it("passes a prompt answer through", async () => {
    expect(await withTimeout(Promise.resolve("ok"), PROFILE_TIMEOUT_MS)).toBe("ok");
  });
});
