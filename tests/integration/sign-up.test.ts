import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "../setup/test-database";
import { appDatabase } from "~/db/client.server";
import { profiles, users } from "~/db/schema";
import { latestOutboxMailTo, listOutbox } from "~/stand-ins/dev-outbox.server";
import { confirmEmail } from "~/modules/accounts/email-confirmation.server";
import {
  MAIL_LIMIT_PER_CLIENT_PER_HOUR,
  MAIL_LIMIT_PER_HOUR,
  confirmAndSignIn,
  requestPasswordReset,
  resendConfirmation,
  signInWithPassword,
  signUpWithPassword,
} from "~/modules/accounts/sign-in.server";
import { getEnv } from "~/lib/env.server";

// Who owns an address is proven by its inbox. Someone who signs up with another person's address first must keep
// nothing once the owner signs up and confirms; an ADMIN_EMAILS address is an admin only once confirmed.
const target = process.env.DB_TARGET === "postgres" ? "postgres" : "pglite";
const OWNER = "owner-of-shop@nuru.test";
let t: TestDatabase;

function request(ip = `10.1.${randomBytes(1)[0]}.${randomBytes(1)[0]}`): Request {
  return new Request(`${getEnv().PUBLIC_URL}/signin`, { method: "POST", headers: { "x-nuru-client-ip": ip } });
}

const address = (name: string) => `${name}-${randomBytes(4).toString("hex")}@nuru.test`;

async function confirmationLinks(to: string): Promise<string[]> {
  const mails = (await listOutbox(t.db, 500)).filter((m) => m.to === to).reverse();
  return mails.map((m) => /https?:\/\/\S+\/confirm-email\?token=[\w%-]+/.exec(m.text)?.[0] ?? "");
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get("token") ?? "";
}

beforeAll(async () => {
  process.env.ADMIN_EMAILS = OWNER;
  t = await createTestDatabase();
  appDatabase.handle = t;
  appDatabase.ready = true;
  expect(getEnv().ADMIN_EMAILS).toBe(OWNER);
});
afterAll(async () => {
  appDatabase.handle = undefined;
  appDatabase.ready = false;
  await t?.dispose();
});

describe(`sign-up for an address someone else claimed first (${target})`, () => {
  it("leaves the first password useless once the owner signs up and confirms", async () => {
    const victim = address("victim");
    await signUpWithPassword(request(), { fullName: "Claimer", email: victim, password: "claimer-pass" });
    await signUpWithPassword(request(), { fullName: "Real Owner", email: victim, password: "owner-pass-1" });
    const [claimerLink, ownerLink] = await confirmationLinks(victim);
    expect(claimerLink).toBeTruthy();
    expect(ownerLink).toBeTruthy();

    // Confirming needs the current password: the claimer's no longer is.
    expect(await confirmEmail(t.db, getEnv(), tokenOf(ownerLink), "claimer-pass")).toBe("wrong-password");
    expect(await confirmEmail(t.db, getEnv(), tokenOf(ownerLink), "owner-pass-1")).toBe("confirmed");
    expect(await confirmEmail(t.db, getEnv(), tokenOf(ownerLink), "owner-pass-1")).toBe("invalid");

    expect((await signInWithPassword(request(), { email: victim, password: "claimer-pass" })).ok).toBe(false);
    expect((await signInWithPassword(request(), { email: victim, password: "owner-pass-1" })).ok).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.email, victim));
    expect(user.name).toBe("Real Owner");
  });

  it("holds when the claimer has spent the address's mail budget and the owner clicks the claimer's mail", async () => {
    const victim = address("budget");
    for (let i = 0; i < MAIL_LIMIT_PER_HOUR; i++)
      await signUpWithPassword(request(), { fullName: "Claimer", email: victim, password: "claimer-pass" });
    // No mail may go out now, but the owner's sign-up still replaces the claimer's password.
    expect(
      (await signUpWithPassword(request(), { fullName: "Owner", email: victim, password: "owner-pass-2" })).mailed,
    ).toBe(false);
    const links = await confirmationLinks(victim);
    expect(links).toHaveLength(MAIL_LIMIT_PER_HOUR);
    const lastFromClaimer = tokenOf(links.at(-1)!);
    // Opening the link proves the inbox only; the password must be the owner's.
    expect(await confirmEmail(t.db, getEnv(), lastFromClaimer, "claimer-pass")).toBe("wrong-password");
    expect(await confirmEmail(t.db, getEnv(), lastFromClaimer, "owner-pass-2")).toBe("confirmed");
    expect((await signInWithPassword(request(), { email: victim, password: "claimer-pass" })).ok).toBe(false);
  });

  it("does not let a sign-up change a confirmed account", async () => {
    const reader = address("confirmed");
    await signUpWithPassword(request(), { fullName: "Reader", email: reader, password: "reader-pass" });
    const [link] = await confirmationLinks(reader);
    expect(await confirmEmail(t.db, getEnv(), tokenOf(link), "reader-pass")).toBe("confirmed");
    await signUpWithPassword(request(), { fullName: "Intruder", email: reader, password: "intruder-pass" });
    expect(await confirmationLinks(reader)).toHaveLength(1);
    expect((await signInWithPassword(request(), { email: reader, password: "intruder-pass" })).ok).toBe(false);
    expect((await signInWithPassword(request(), { email: reader, password: "reader-pass" })).ok).toBe(true);
  });

  it("answers two simultaneous sign-ups for a new address without an error; the account exists once", async () => {
    const email = address("twice");
    const results = await Promise.all(
      ["first-pass-1", "second-pass"].map((password) =>
        signUpWithPassword(request(), { fullName: "Twice", email, password }),
      ),
    );
    expect(results.every((r) => typeof r.mailed === "boolean")).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it("lands her back on the page she signed up from (a gift's claim page), only ever a local path", async () => {
    const reader = address("gift-recipient");
    await signUpWithPassword(request(), { fullName: "Njeri W", email: reader, password: "njeri-pass-1" }, "/gift/abc");
    const [link] = await confirmationLinks(reader);
    // The return path is kept on the server, not put in the link.
    expect(link).not.toContain("gift");
    const confirmed = await confirmAndSignIn(request(), tokenOf(link), "njeri-pass-1");
    expect(confirmed).toMatchObject({ ok: true, returnTo: "/gift/abc" });

    const other = address("elsewhere");
    await signUpWithPassword(request(), { fullName: "Other", email: other, password: "other-pass-1" }, "//evil.test/x");
    const [otherLink] = await confirmationLinks(other);
    expect(await confirmAndSignIn(request(), tokenOf(otherLink), "other-pass-1")).toMatchObject({
      ok: true,
      returnTo: null,
    });
  });

  it("refuses unknown, tampered and empty tokens", async () => {
    for (const token of ["", "nope", "x".repeat(500), "a\u0000b"])
      expect(await confirmEmail(t.db, getEnv(), token, "whatever")).toBe("invalid");
  });
});

describe(`ADMIN_EMAILS (${target})`, () => {
  it("makes the address an admin only after it is confirmed with the owner's password", async () => {
    await signUpWithPassword(request(), { fullName: "Not The Owner", email: OWNER, password: "claimer-pass" });
    const [user] = await t.db.select().from(users).where(eq(users.email, OWNER));
    const role = async () => (await t.db.select().from(profiles).where(eq(profiles.id, user.id)))[0]?.role;
    expect(await role()).toBe("guest");
    // Unconfirmed: no sign-in, so no session hook promotes it either.
    expect((await signInWithPassword(request(), { email: OWNER, password: "claimer-pass" })).ok).toBe(false);
    expect(await role()).toBe("guest");

    await signUpWithPassword(request(), { fullName: "Shop Owner", email: OWNER, password: "owner-pass-1" });
    const links = await confirmationLinks(OWNER);
    expect(await confirmEmail(t.db, getEnv(), tokenOf(links[0]), "claimer-pass")).toBe("wrong-password");
    expect(await role()).toBe("guest");
    expect(await confirmEmail(t.db, getEnv(), tokenOf(links.at(-1)!), "owner-pass-1")).toBe("confirmed");
    expect(await role()).toBe("admin");
  });
});

describe(`mail limits (${target})`, () => {
  it("sends at most 5 confirmation mails an hour to one address, however they are asked for", async () => {
    const email = address("flood");
    await signUpWithPassword(request(), { fullName: "Flood", email, password: "flood-pass" });
    for (let i = 0; i < 8; i++) await resendConfirmation(request(), email);
    expect(await confirmationLinks(email)).toHaveLength(MAIL_LIMIT_PER_HOUR);
  });

  it("sends at most 20 mails an hour for one client address, over any number of addresses", async () => {
    const ip = "10.9.9.9";
    const emails = Array.from({ length: MAIL_LIMIT_PER_CLIENT_PER_HOUR + 5 }, () => address("spray"));
    for (const email of emails)
      await signUpWithPassword(request(ip), { fullName: "Spray", email, password: "spray-pass" });
    let sent = 0;
    for (const email of emails) if (await latestOutboxMailTo(t.db, email)) sent++;
    expect(sent).toBe(MAIL_LIMIT_PER_CLIENT_PER_HOUR);
  });
});

// Issue 50, ADR 048: her mails are in her language, the one she signed up in or saved in her account.
describe(`mails in her language (${target})`, () => {
  it("saves a sign-up from a Swahili page as her language and confirms in Swahili; a later English sign-up does not", async () => {
    const email = address("swahili");
    await signUpWithPassword(request(), { fullName: "Amina", email, password: "amina-pass-1" }, "/sw/articles", "sw");
    const [row] = await t.db.select({ language: users.language }).from(users).where(eq(users.email, email));
    expect(row.language).toBe("sw");
    const mail = (await latestOutboxMailTo(t.db, email))!;
    expect(mail.subject).toBe("Thibitisha akaunti yako ya Nuru");
    expect(mail.text).toContain("Habari Amina,");
    expect(mail.html).toContain('<html lang="sw">');

    // The newest sign-up of an unconfirmed address wins, its language too.
    await signUpWithPassword(request(), { fullName: "Amina", email, password: "amina-pass-2" });
    expect((await latestOutboxMailTo(t.db, email))!.subject).toBe("Confirm your Nuru account");
  });

  it("mails a password reset in Swahili to a reader whose language is Swahili, and in English to one without", async () => {
    const [swahili, english] = [address("reset-sw"), address("reset-en")];
    for (const email of [swahili, english]) {
      await signUpWithPassword(request(), { fullName: "Neema", email, password: "neema-pass-1" });
      const [link] = await confirmationLinks(email);
      expect(await confirmEmail(t.db, getEnv(), tokenOf(link), "neema-pass-1")).toBe("confirmed");
    }
    await t.db.update(users).set({ language: "sw" }).where(eq(users.email, swahili));

    expect((await requestPasswordReset(request(), swahili)).mailed).toBe(true);
    const mail = (await latestOutboxMailTo(t.db, swahili))!;
    expect(mail.subject).toBe("Weka upya nenosiri lako la Nuru");
    expect(mail.text).toContain("Chagua nenosiri jipya:");
    expect(mail.text.replace(/https?:\/\/\S+/g, "")).not.toMatch(/\b(Hello|password|reset|ignore)\b/i);
    // The reset page has one address (no Swahili version yet): the link opens it.
    expect(mail.text).toMatch(/\/reset-password\?token=/);

    expect((await requestPasswordReset(request(), english)).mailed).toBe(true);
    expect((await latestOutboxMailTo(t.db, english))!.subject).toBe("Reset your Nuru password");
  });
});
