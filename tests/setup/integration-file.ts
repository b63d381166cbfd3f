// The integration files run one after another in one process (`isolate: false` in vitest.config.ts: the app's
// modules are evaluated once per run instead of once per file, a third of the run's time). This runs before each
// file, so each starts as it would in a fresh process: the environment as the run began (files set PUBLIC_URL,
// ADMIN_EMAILS...), read again, and no service made from an earlier file's environment or database.
import { forgetEnv } from "~/lib/env.server";
import { forgetSingleton } from "~/lib/singleton.server";
import { forgetPricingResponses } from "~/modules/pricing/pricing-response.server";

const store = globalThis as unknown as { __nuruRunEnv?: Record<string, string | undefined> };

store.__nuruRunEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in store.__nuruRunEnv)) delete process.env[key];
Object.assign(process.env, store.__nuruRunEnv);
forgetEnv();
forgetPricingResponses();

// The services made on first use from getEnv() and getDb() (app/lib/singleton.server.ts). The other singletons are
// module state that each file starts and stops itself (content events, jobs), or caches keyed by database.
for (const name of ["auth", "mailer", "storage", "pesapal-gateway", "daraja-gateway"]) forgetSingleton(name);
