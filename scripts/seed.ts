// npm run seed: loads the demo shop into the configured database when it is empty.
import { getEnv } from "../app/lib/env.server";
import { bootDatabase, closeDatabase } from "../app/db/boot.server";

const env = getEnv();
if (env.isProduction) {
  console.error("Refusing to load demo content in production.");
  process.exit(1);
}
await bootDatabase(env);
await closeDatabase();
