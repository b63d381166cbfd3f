import { z } from "zod";

const optionalUrl = z.preprocess((v) => (v === "" ? undefined : v), z.string().url().optional());
const optionalString = z.preprocess((v) => (v === "" ? undefined : v), z.string().optional());

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("127.0.0.1"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Public address of the shop, used for canonical links, e-mails and payment callbacks.
  PUBLIC_URL: optionalUrl,
  AUTH_SECRET: optionalString,
  DATABASE_URL: optionalString,
  // A connection straight to PostgreSQL (or a session-mode pool) for what needs one session for a long time: LISTEN
  // for content changes. Unset: DATABASE_URL. Set it when DATABASE_URL is a transaction-mode pooler (ADR 041).
  DATABASE_DIRECT_URL: optionalString,
  // "transaction" when DATABASE_URL goes through a transaction-mode pooler (PgBouncer's pool_mode=transaction):
  // queries then run as unnamed statements, which PgBouncer before 1.21 cannot keep apart (ADR 023, ADR 041).
  DATABASE_POOLING: z.enum(["none", "session", "transaction"]).default("none"),
  // On SIGTERM: /readyz answers 503 at once, new connections are still taken for SHUTDOWN_GRACE_SECONDS (a load
  // balancer notices the failing probe meanwhile), then refused; requests in flight get SHUTDOWN_TIMEOUT_SECONDS in
  // all to finish before their connections are cut. Unset grace: 5 s in production, none elsewhere (Ctrl+C).
  SHUTDOWN_GRACE_SECONDS: z.preprocess((v) => (v === "" ? undefined : v), z.coerce.number().min(0).max(60).optional()),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(25),
  DATA_DIR: z.string().default("./data"),
  SUPPORT_EMAIL: z.string().email().default("support@nuru.test"),
  // SMTP server for sign-up and password e-mails, e.g. smtp://user:pass@host:587 or smtps://user:pass@host:465.
  // Outside production, mail without it goes to the dev outbox table instead.
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default("Nuru <no-reply@nuru.test>"),
  // Member e-mail (issue 34): at most this many mails a minute across all app processes (your SMTP provider's
  // limit), claimed from the queue this many at a time, sent over this many SMTP connections kept open per process.
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  MAIL_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  MAIL_SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(20).default(3),
  // Load demo content into an empty database outside production (default on).
  SEED_DEMO: z.enum(["true", "false"]).default("true"),
  // Scheduled jobs (renewal reminders, expiry, payment reconciliation, pruning) run inside every app process, each job
  // once per tick across processes (ADR 015). "false" turns them off in this process; the interval is how often it
  // looks for due work.
  JOBS_ENABLED: z.enum(["true", "false"]).default("true"),
  /** Rendered public pages kept for guests until content changes (ADR 016); "false" renders every request. */
  GUEST_PAGE_CACHE: z.enum(["true", "false"]).default("true"),
  /** Signed-in reader pages rendered once per access level, her parts filled in per request (ADR 049); only with
   *  GUEST_PAGE_CACHE (the same change notifications clear both). "false" renders each of her pages in full. */
  SHARED_RENDER: z.enum(["true", "false"]).default("true"),
  JOBS_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
  // How often each process adds the page views it counted in memory to the database (issue 35); the analytics
  // screen also adds its own process's counts when it opens.
  ANALYTICS_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  // "false" counts no page views in this process: only for measuring what counting costs (bench/analytics-counting.mjs).
  ANALYTICS_COUNTING: z.enum(["true", "false"]).default("true"),
  // Comma separated addresses that get the admin role on sign-up or sign-in.
  ADMIN_EMAILS: z.string().default(""),
  // Set when running behind a reverse proxy / CDN that sets X-Forwarded-For: "true" for one proxy in front of the
  // app, or the number of proxies (e.g. "2" for a CDN in front of a load balancer).
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|[0-9])$/, 'TRUST_PROXY must be "true", "false" or the number of proxies (0-9)')
    .default("false"),
  // The request header in which a CDN in front of the shop sends the visitor's country (e.g. cf-ipcountry on
  // Cloudflare). Read only when set: without a CDN that overwrites it, a visitor could send any value.
  COUNTRY_HEADER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9-]+$/, "COUNTRY_HEADER must be a header name, e.g. cf-ipcountry")
      .transform((v) => v.toLowerCase())
      .optional(),
  ),
  // Pesapal API 3.0 (M-Pesa and card). Without a key and secret, outside production, the shop runs a local
  // Pesapal stand-in in-process and talks to it over HTTP; production refuses to start without all three.
  PESAPAL_CONSUMER_KEY: optionalString,
  PESAPAL_CONSUMER_SECRET: optionalString,
  PESAPAL_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["sandbox", "live"]).optional()),
  // Another API address (a stand-in started by tests); refused in production.
  PESAPAL_BASE_URL: optionalUrl,
  // An IPN id registered by hand for this shop's /api/payments/ipn; otherwise the shop registers it once and stores it.
  PESAPAL_IPN_ID: optionalString,
  // Africa's Talking for SMS receipts of M-Pesa payments (issue 49, ADR 044): the app's username ("sandbox" for AT's
  // sandbox), its API key and the registered transactional sender ID. All three or none in production (none: no SMS
  // receipts are offered). Outside production without them, a local stand-in plays AT over HTTP (/dev/sms).
  AT_USERNAME: optionalString,
  AT_API_KEY: optionalString,
  AT_SENDER_ID: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[A-Za-z0-9]{1,11}$/, "AT_SENDER_ID must be 1-11 letters or digits, as registered (e.g. NURU)")
      .optional(),
  ),
  // Another API address (a stand-in started by tests); refused in production.
  AT_BASE_URL: optionalUrl,
  // M-Pesa direct through Safaricom's Daraja API (ADR 043): the STK push ("check your phone") and Paybill/Till payments
  // by hand. Optional: without the four keys the shop's M-Pesa goes through Pesapal, except outside production where
  // a local Daraja stand-in plays it over HTTP. Set all four or none; production refuses half of them.
  DARAJA_CONSUMER_KEY: optionalString,
  DARAJA_CONSUMER_SECRET: optionalString,
  // The Paybill (or, for a Till, the store number) the prompt pays, and its Lipa na M-Pesa Online passkey.
  DARAJA_SHORTCODE: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[0-9]{5,7}$/, "DARAJA_SHORTCODE must be the 5 to 7 digit Paybill or store number")
      .optional(),
  ),
  DARAJA_PASSKEY: optionalString,
  // A Till: the till number the buyer pays (TransactionType CustomerBuyGoodsOnline); unset for a Paybill.
  DARAJA_TILL_NUMBER: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z
      .string()
      .regex(/^[0-9]{5,7}$/)
      .optional(),
  ),
  DARAJA_ENV: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["sandbox", "production"]).optional()),
  // Another API address (a stand-in started by tests); refused in production.
  DARAJA_BASE_URL: optionalUrl,
  // The API operator (initiator) for transaction status and reversal, and its password encrypted with Safaricom's
  // certificate (the SecurityCredential the Daraja portal generates). Without them pasted codes and reversals wait
  // for a person.
  DARAJA_INITIATOR_NAME: optionalString,
  DARAJA_SECURITY_CREDENTIAL: optionalString,
  // The name the M-Pesa prompt shows her (the Paybill's registered name), shown on our page before she is prompted.
  DARAJA_BUSINESS_NAME: z.string().default("NURU"),
  // The article editor's AI writing assistant, called only from the server. AI_PROVIDER picks the provider when
  // both keys are set ("openai": any OpenAI-compatible /chat/completions API; "anthropic": /messages; "none"
  // turns the assistant off). Outside production without a key, a local stand-in answers; in production
  // without a key the assistant says it is not configured and offers the fallback suggestion.
  AI_PROVIDER: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["openai", "anthropic", "none"]).optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: z.string().url().default("https://api.openai.com/v1"),
  OPENAI_MODEL: z.string().default("gpt-4"),
  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: z.string().url().default("https://api.anthropic.com"),
  ANTHROPIC_MODEL: z.string().default("claude-3-sonnet"),
  // Object storage for covers, images and ebook PDFs: "disk" (under DATA_DIR) or "s3" (AWS S3, Cloudflare R2,
  // MinIO: one private bucket, prefixes public/ and private/). MEDIA_BASE_URL: a CDN serving the public/ prefix;
  // without it public files are served at /media.
  STORAGE: z.enum(["disk", "s3"]).default("disk"),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default("us-east-1"),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"]).default("false"),
  MEDIA_BASE_URL: optionalUrl,
  // Largest ebook PDF an admin may upload, in MB (images 50, videos 100 and covers 10 are fixed).
  UPLOAD_PDF_MAX_MB: z.coerce.number().int().min(1).max(2048).default(200),
  // Google sign-in; the button shows only when both are set. The URLs are configurable for tests.
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_AUTH_URL: z.string().url().default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.string().url().default("https://openidconnect.googleapis.com/v1/userinfo"),
  // Operations (ADR 042): the least severe log level written (one JSON line per request at "info"), and the bearer
  // token Prometheus sends for /metrics (unset: /metrics answers 404, so nothing about the shop is exposed).
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  METRICS_TOKEN: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.string().min(16, "METRICS_TOKEN must be at least 16 characters (openssl rand -hex 24)").optional(),
  ),
});

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string; AUTH_SECRET: string; isProduction: boolean };

/** Public (it is in the repository): refused in production. */
export const DEV_SECRET = "nuru-development-secret-not-for-production-use";

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction) {
    const missing: string[] = [];
    if (!env.PUBLIC_URL) missing.push("PUBLIC_URL (the shop's public address, e.g. https://nuru.co.ke)");
    if (!env.AUTH_SECRET || env.AUTH_SECRET.length < 32 || env.AUTH_SECRET === DEV_SECRET)
      missing.push(
        "AUTH_SECRET (a random secret of at least 32 characters, not the development value: openssl rand -base64 48)",
      );
    if (!env.DATABASE_URL) missing.push("DATABASE_URL (a PostgreSQL connection string)");
    if (!env.SMTP_URL) missing.push("SMTP_URL (smtp://user:pass@host:587 for sign-up and password e-mails)");
    if (!env.PESAPAL_CONSUMER_KEY) missing.push("PESAPAL_CONSUMER_KEY (from the Pesapal merchant dashboard)");
    if (!env.PESAPAL_CONSUMER_SECRET) missing.push("PESAPAL_CONSUMER_SECRET (from the Pesapal merchant dashboard)");
    if (!env.PESAPAL_ENV) missing.push('PESAPAL_ENV ("sandbox" to test with Pesapal\'s sandbox, "live" to take money)');
    if (env.STORAGE === "s3" && !(env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY))
      missing.push("S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (STORAGE=s3)");
    const smsKeys = [env.AT_USERNAME, env.AT_API_KEY, env.AT_SENDER_ID].filter(Boolean).length;
    if (smsKeys > 0 && smsKeys < 3)
      missing.push("AT_USERNAME, AT_API_KEY and AT_SENDER_ID: all three for SMS receipts, or none of them");
    if (env.AT_BASE_URL) missing.push("AT_BASE_URL must not be set (it points the shop at an SMS stand-in)");
    if (env.PESAPAL_BASE_URL) missing.push("PESAPAL_BASE_URL must not be set (it points the shop at a stand-in)");
    missing.push(...darajaProductionProblems(env));
    if (missing.length > 0) {
      throw new ConfigError(
        `Nuru cannot start in production mode; these settings are missing or invalid:\n${missing
          .map((m) => `  - ${m}`)
          .join("\n")}\nSee .env.example and the README.`,
      );
    }
  }
  return {
    ...env,
    PUBLIC_URL: (env.PUBLIC_URL ?? localAddress(env.HOST, env.PORT)).replace(/\/$/, ""),
    AUTH_SECRET: env.AUTH_SECRET ?? DEV_SECRET,
    isProduction,
  };
}

const DARAJA_REQUIRED = [
  ["DARAJA_CONSUMER_KEY", "from the Daraja app on developer.safaricom.co.ke"],
  ["DARAJA_CONSUMER_SECRET", "from the same Daraja app"],
  ["DARAJA_SHORTCODE", "the Paybill or store number"],
  ["DARAJA_PASSKEY", "the Lipa na M-Pesa Online passkey Safaricom sends after going live"],
] as const;

/** Whether M-Pesa direct is configured: all four Daraja keys set (half of them is refused in production). */
export function darajaConfigured(env: Partial<Record<(typeof DARAJA_REQUIRED)[number][0], string>>): boolean {
  return DARAJA_REQUIRED.every(([key]) => Boolean(env[key]));
}

/** Production with Daraja: all four keys and DARAJA_ENV, never a stand-in address; without any of them: nothing. */
function darajaProductionProblems(env: z.infer<typeof schema>): string[] {
  const problems: string[] = [];
  if (env.DARAJA_BASE_URL) problems.push("DARAJA_BASE_URL must not be set (it points the shop at a stand-in)");
  const set = DARAJA_REQUIRED.filter(([key]) => env[key]);
  if (set.length === 0) return problems;
  for (const [key, where] of DARAJA_REQUIRED)
    if (!env[key]) problems.push(`${key} (${where}; M-Pesa direct is half set)`);
  if (!env.DARAJA_ENV)
    problems.push('DARAJA_ENV ("sandbox" to test with Safaricom\'s sandbox, "production" to take money)');
  return problems;
}

/**
 * The address outside production when PUBLIC_URL is unset: the one the server binds to, so that the address the
 * start banner prints is the one every e-mail link and payment callback uses (issue 29: a reader who opened
 * 127.0.0.1 and came back from the payment page on localhost arrived signed out, cookies being per host). A
 * wildcard bind is reached as localhost.
 */
export function localAddress(host: string, port: number): string {
  const reachable = host === "0.0.0.0" || host === "::" || host === "" ? "localhost" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/**
 * How many proxies in front of the app may be believed about the client's address (X-Forwarded-For is read from
 * the right, so an address a client writes there itself is never taken for its own).
 */
export function trustedProxyHops(env: Pick<Env, "TRUST_PROXY">): number {
  if (env.TRUST_PROXY === "true") return 1;
  if (env.TRUST_PROXY === "false") return 0;
  return Number(env.TRUST_PROXY);
}

let cached: Env | undefined;

/** Reads the environment again at the next getEnv() (a process that changed it: the integration suite's files). */
export function forgetEnv(): void {
  cached = undefined;
}

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
