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
