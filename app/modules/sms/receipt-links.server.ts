// The short receipt link in the SMS (/r/<token>): 8 random characters and a 6-character signature (HMAC with
// AUTH_SECRET), 14 in all. The signature lets the route turn away guessed tokens without a database read; the
// random part is stored on the SMS row, which names the order. The link only redirects to /receipts/<order>, which
// asks her to sign in and shows the receipt to its owner only, as today.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/lib/env.server";

function signature(random: string, secret: string): string {
  return createHmac("sha256", secret).update(`receipt-link:${random}`).digest("base64url").slice(0, 6);
}

export function newReceiptLinkToken(secret = getEnv().AUTH_SECRET): string {
  const random = randomBytes(6).toString("base64url");
  return `${random}${signature(random, secret)}`;
}

/** True when the token carries our signature (it may still name no SMS). */
export function isSignedReceiptToken(token: string, secret = getEnv().AUTH_SECRET): boolean {
  if (!/^[A-Za-z0-9_-]{14}$/.test(token)) return false;
  const expected = Buffer.from(signature(token.slice(0, 8), secret));
  return timingSafeEqual(expected, Buffer.from(token.slice(8)));
}

export function receiptLinkUrl(token: string): string {
  return `${getEnv().PUBLIC_URL}/r/${token}`;
}
