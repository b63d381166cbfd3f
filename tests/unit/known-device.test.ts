import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getEnv } from "~/lib/env.server";
import { DEVICE_COOKIE, deviceCookie, knownDeviceId } from "~/modules/accounts/known-device.server";

const requestWith = (cookie: string) => new Request("http://x/signin", { headers: { Cookie: cookie } });
const cookiePair = (setCookie: string) => setCookie.split(";")[0]!;

describe("the device cookie", () => {
  const email = "wanjiru@nuru.test";
  const issued = cookiePair(deviceCookie(email, null));
  const [, value] = issued.split("=");
  const [nonce, sig] = value!.split(".");

  it("marks the browser as known for the account it was issued for, and only that one", () => {
    expect(issued.startsWith(`${DEVICE_COOKIE}=`)).toBe(true);
    expect(knownDeviceId(requestWith(issued), email)).toBe(nonce);
    expect(knownDeviceId(requestWith(issued), "someone-else@nuru.test")).toBeNull();
    expect(knownDeviceId(requestWith(`${DEVICE_COOKIE}=${nonce}.${"A".repeat(sig!.length)}`), email)).toBeNull();
    expect(knownDeviceId(requestWith(`${DEVICE_COOKIE}=${nonce}`), email)).toBeNull();
  });

  it("keeps the signature it had before the shared signing helper: a year-long cookie stays valid", () => {
    const before = createHmac("sha256", getEnv().AUTH_SECRET).update(`device|${email}|${nonce}`).digest("base64url");
    expect(sig).toBe(before);
    expect(cookiePair(deviceCookie(email, nonce!))).toBe(issued);
  });
});
