// npm run admin:create -- --email someone@example.com [--name "Full Name"] [--password secret]
// Makes an existing account an admin, or creates a confirmed admin account.
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { getEnv } from "../app/lib/env.server";
import { openDatabase } from "../app/db/client.server";
import { profiles, users } from "../app/db/schema";
import { createUser } from "../app/db/seed/factories";
import { ensureProfile } from "../app/modules/accounts/profile.server";
import { replaceUnconfirmedSignUp } from "../app/modules/accounts/email-confirmation.server";
import { hashPassword } from "better-auth/crypto";

const { values } = parseArgs({
  options: { email: { type: "string" }, name: { type: "string" }, password: { type: "string" } },
});
const email = values.email?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:create -- --email someone@example.com [--name "Full Name"] [--password secret]');
  process.exit(2);
}
if (values.password !== undefined && (values.password.length < 6 || values.password.length > 128)) {
  console.error("The password must be 6 to 128 characters.");
  process.exit(2);
}

const env = getEnv();
const handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await handle.migrate();
  const [existing] = await handle.db.select().from(users).where(eq(users.email, email));
  if (existing) {
    if (!existing.emailVerified) {
      // Whoever signed up with this address has not proven they own it: promote only with a new password the
      // operator chooses (the earlier password, sessions and other sign-ins end), never the unconfirmed one.
      if (!values.password) {
        console.error(
          `${email} has not confirmed its address, so whoever signed up may not own it. Let the owner confirm ` +
            "first, or run again with --password to set a new password (the current one stops working).",
        );
        process.exit(2);
      }
      await replaceUnconfirmedSignUp(handle.db, {
        userId: existing.id,
        fullName: values.name ?? existing.name,
        passwordHash: await hashPassword(values.password),
      });
      await handle.db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, existing.id));
      console.log(
        `${email} was not confirmed: its password is now the one given, and the address counts as confirmed.`,
      );
    }
    await ensureProfile(
      handle.db,
      { id: existing.id, email, fullName: existing.name, emailVerified: true },
      { ADMIN_EMAILS: email },
    );
    await handle.db.update(profiles).set({ role: "admin" }).where(eq(profiles.id, existing.id));
    console.log(`${email} is now an admin.`);
  } else {
    const password = values.password ?? randomBytes(12).toString("base64url");
    await createUser(handle.db, { email, fullName: values.name ?? email.split("@")[0], role: "admin", password });
    console.log(
      `Created admin ${email}${values.password ? "" : ` with the password ${password} (change it after signing in)`}.`,
    );
  }
} finally {
  await handle.close();
}
