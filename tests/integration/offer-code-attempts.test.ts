// Guessing offer codes (issue 46, item 4; ADR 037): refused codes are limited per account and per client address
// over 15 minutes; a code that applies never counts, so a reader carrying her real code is never stopped by it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { offerCodes } from "~/db/schema";
import { createPlan, createPricingData } from "~/db/seed/factories";
import { PLAN_CATALOGUE } from "~/modules/pricing/catalogue-data";
import { quoteCheckout } from "~/modules/payments/checkout.server";
import { quoteWithCode } from "~/modules/orders/offer-codes.server";
import {
  beginCodeAttempt,
  OFFER_CODE_ATTEMPT_LIMIT,
  OFFER_CODE_ATTEMPT_WINDOW_MS,
} from "~/modules/orders/offer-code-attempts.server";

let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  await createPricingData(t.db);
  for (const plan of PLAN_CATALOGUE) await createPlan(t.db, plan);
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

let lastOctet = 0;
/** A client address no other test uses, as the HTTP server sets it. */
const freshAddress = () => `10.46.4.${++lastOctet}`;
const requestFrom = (address: string) =>
  new Request("http://nuru.test/pricing?code=X", { headers: { "x-nuru-client-ip": address } });

async function realCode() {
  const [row] = await t.db
    .insert(offerCodes)
    .values({
      code: `REAL${randomUUID().slice(0, 6).toUpperCase()}`,
      kind: "percent",
      percentOff: "20",
      startsAt: new Date(Date.now() - 86_400_000),
      endsAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  return row.code;
}

/** What a page does with a typed code: count the attempt, check the code unless limited, settle. */
async function tryCode(code: string, from: { address: string; userId?: string; now?: Date }) {
  const attempt = await beginCodeAttempt({ request: requestFrom(from.address), userId: from.userId, now: from.now });
  if (!attempt.allowed) return { outcome: "limited" as const, ...attempt };
  const quote = (await quoteCheckout({ kind: "plan", slug: "basic" }, "KE"))!;
  const coded = await quoteWithCode({ price: quote.price, item: quote, code, userId: from.userId, now: from.now });
  await attempt.settle({ refused: coded.kind === "refused" });
  return { outcome: coded.kind, chargedCents: coded.price.chargedCents };
}

describe(`offer code guessing (${process.env.DB_TARGET ?? "pglite"})`, () => {
  it("stops one address after 10 refused codes, with how long to wait, while a real code still worked before", async () => {
    const address = freshAddress();
    const code = await realCode();
    for (let i = 0; i < OFFER_CODE_ATTEMPT_LIMIT - 1; i++) {
      expect((await tryCode(`GUESS${i}`, { address })).outcome).toBe("refused");
    }
    // Her real code, checked again and again as she goes from /pricing to checkout, never uses the allowance up.
    for (let i = 0; i < 5; i++)
      expect(await tryCode(code, { address })).toEqual({ outcome: "applied", chargedCents: 20000 });
    expect((await tryCode("GUESS-LAST", { address })).outcome).toBe("refused");
    const limited = await tryCode(code, { address });
    expect(limited).toMatchObject({
      outcome: "limited",
      message: expect.stringMatching(/^Too many offer codes tried\. Please wait 1[45] minutes and try again\.$/),
    });
    expect(limited.outcome === "limited" && limited.retryAfterMs).toBeGreaterThan(14 * 60_000);
    // Another address is not affected.
    expect((await tryCode(code, { address: freshAddress() })).outcome).toBe("applied");
  });

  it("stops one account guessing from many addresses, and does not charge her account for a limited address", async () => {
    const userId = randomUUID();
    for (let i = 0; i < OFFER_CODE_ATTEMPT_LIMIT; i++) {
      expect((await tryCode(`ACC${i}`, { address: freshAddress(), userId })).outcome).toBe("refused");
    }
    expect((await tryCode(await realCode(), { address: freshAddress(), userId })).outcome).toBe("limited");
    // A reader behind an address strangers used up: refused there, but her own account keeps its allowance.
    const shared = freshAddress();
    for (let i = 0; i < OFFER_CODE_ATTEMPT_LIMIT; i++) await tryCode(`STRANGER${i}`, { address: shared });
    const other = randomUUID();
    for (let i = 0; i < 3; i++)
      expect((await tryCode("MINE", { address: shared, userId: other })).outcome).toBe("limited");
    for (let i = 0; i < OFFER_CODE_ATTEMPT_LIMIT; i++) {
      expect((await tryCode(`OWN${i}`, { address: freshAddress(), userId: other })).outcome).toBe("refused");
    }
  });

  it("checks at most 10 of 40 simultaneous guesses from one address", async () => {
    const address = freshAddress();
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => tryCode(`BURST${i}`, { address })));
    expect(outcomes.filter((o) => o.outcome === "refused")).toHaveLength(OFFER_CODE_ATTEMPT_LIMIT);
    expect(outcomes.filter((o) => o.outcome === "limited")).toHaveLength(40 - OFFER_CODE_ATTEMPT_LIMIT);
  });

  it("lets her try again once the 15 minutes are over", async () => {
    const address = freshAddress();
    const start = new Date();
    for (let i = 0; i < OFFER_CODE_ATTEMPT_LIMIT; i++) await tryCode(`OLD${i}`, { address, now: start });
    const code = await realCode();
    expect(
      (await tryCode(code, { address, now: new Date(start.getTime() + OFFER_CODE_ATTEMPT_WINDOW_MS - 1000) })).outcome,
    ).toBe("limited");
    expect(
      (await tryCode(code, { address, now: new Date(start.getTime() + OFFER_CODE_ATTEMPT_WINDOW_MS) })).outcome,
    ).toBe("applied");
  });
});
