import { describe, expect, it } from "vitest";
import { ConfigError, DEV_SECRET, parseEnv, trustedProxyHops } from "~/lib/env.server";

describe("configuration", () => {
  it("runs on defaults outside production", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.DATA_DIR).toBe("./data");
    // The address the start banner prints and the one links and callbacks use are the same (issue 29 item 2).
    expect(env.PUBLIC_URL).toBe("http://127.0.0.1:3000");
    expect(env.isProduction).toBe(false);
  });

  it("takes the bound address as the public one outside production, a wildcard bind as localhost", () => {
    expect(parseEnv({ HOST: "0.0.0.0", PORT: "8080" }).PUBLIC_URL).toBe("http://localhost:8080");
    expect(parseEnv({ HOST: "::1" }).PUBLIC_URL).toBe("http://[::1]:3000");
    expect(parseEnv({ PUBLIC_URL: "https://shop.example/" }).PUBLIC_URL).toBe("https://shop.example");
  });

  it("refuses production without public URL, auth secret and database", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(ConfigError);
    // What the error lists: each missing setting, and not the one that was given.
    let message = "";
    try {
      parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://nuru.co.ke" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("AUTH_SECRET");
    expect(message).toContain("DATABASE_URL");
    expect(message).not.toContain("  - PUBLIC_URL");
  });

  it("refuses a short auth secret in production", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "https://nuru.co.ke",
        AUTH_SECRET: "short",
        DATABASE_URL: "postgres://x",
      }),
    ).toThrow(/AUTH_SECRET/);
  });

  it("refuses the development auth secret from the repository in production", () => {
    expect(() =>
      parseEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "https://nuru.co.ke",
        AUTH_SECRET: DEV_SECRET,
        DATABASE_URL: "postgres://x",
        SMTP_URL: "smtp://user:pass@mail.example:587",
      }),
    ).toThrow(/AUTH_SECRET.*not the development value/);
  });

  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://nuru.co.ke/",
    AUTH_SECRET: "x".repeat(40),
    DATABASE_URL: "postgres://nuru@db/nuru",
    SMTP_URL: "smtp://user:pass@mail.example:587",
    PESAPAL_CONSUMER_KEY: "key",
    PESAPAL_CONSUMER_SECRET: "secret",
    PESAPAL_ENV: "live",
  };

  it("refuses production without Pesapal credentials and environment, or pointed at a stand-in", () => {
    for (const name of ["PESAPAL_CONSUMER_KEY", "PESAPAL_CONSUMER_SECRET", "PESAPAL_ENV"] as const) {
      expect(() => parseEnv({ ...production, [name]: "" })).toThrow(new RegExp(name));
    }
    expect(() => parseEnv({ ...production, PESAPAL_ENV: "test" })).toThrow(/PESAPAL_ENV/);
    expect(() => parseEnv({ ...production, PESAPAL_BASE_URL: "http://127.0.0.1:9999" })).toThrow(/PESAPAL_BASE_URL/);
  });

  it("takes all three Africa's Talking settings or none in production, and never an SMS stand-in", () => {
    const at = { AT_USERNAME: "nuru", AT_API_KEY: "atsk_live", AT_SENDER_ID: "NURU" };
    expect(parseEnv({ ...production, ...at }).AT_SENDER_ID).toBe("NURU");
    expect(parseEnv(production).AT_API_KEY).toBeUndefined();
    for (const name of ["AT_USERNAME", "AT_API_KEY", "AT_SENDER_ID"] as const) {
      expect(() => parseEnv({ ...production, ...at, [name]: "" })).toThrow(/AT_USERNAME, AT_API_KEY and AT_SENDER_ID/);
    }
    expect(() => parseEnv({ ...production, ...at, AT_BASE_URL: "http://127.0.0.1:9999" })).toThrow(/AT_BASE_URL/);
    expect(() => parseEnv({ ...production, ...at, AT_SENDER_ID: "NURU SHOP" })).toThrow(/AT_SENDER_ID must be/);
    // Outside production half of them is allowed (the stand-in plays AT while the key is missing).
    expect(parseEnv({ AT_USERNAME: "sandbox" }).AT_USERNAME).toBe("sandbox");
  });

  it("refuses production with half the Daraja settings or a Daraja stand-in, and starts with none or all", () => {
    const daraja = {
      DARAJA_CONSUMER_KEY: "dk",
      DARAJA_CONSUMER_SECRET: "ds",
      DARAJA_SHORTCODE: "600100",
      DARAJA_PASSKEY: "pk",
      DARAJA_ENV: "production",
    };
    expect(parseEnv(production).DARAJA_CONSUMER_KEY).toBeUndefined();
    expect(parseEnv({ ...production, ...daraja }).DARAJA_SHORTCODE).toBe("600100");
    for (const name of Object.keys(daraja)) {
      expect(() => parseEnv({ ...production, ...daraja, [name]: "" })).toThrow(new RegExp(name));
    }
    expect(() => parseEnv({ ...production, DARAJA_PASSKEY: "pk" })).toThrow(/DARAJA_CONSUMER_KEY .*half set/);
    expect(() => parseEnv({ ...production, ...daraja, DARAJA_BASE_URL: "http://127.0.0.1:9" })).toThrow(
      /DARAJA_BASE_URL/,
    );
    expect(() => parseEnv({ ...production, DARAJA_SHORTCODE: "12ab" })).toThrow(/DARAJA_SHORTCODE/);
    // Outside production a stand-in address is how tests and development point the shop at the stand-in.
    expect(parseEnv({ DARAJA_BASE_URL: "http://127.0.0.1:9" }).DARAJA_BASE_URL).toBe("http://127.0.0.1:9");
  });

  it("refuses STORAGE=s3 in production without a bucket and keys", () => {
    expect(() => parseEnv({ ...production, STORAGE: "s3" })).toThrow(/S3_BUCKET/);
    const env = parseEnv({
      ...production,
      STORAGE: "s3",
      S3_BUCKET: "nuru-media",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "secret",
      S3_ENDPOINT: "https://example.r2.cloudflarestorage.com",
    });
    expect(env).toMatchObject({ STORAGE: "s3", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: "false" });
  });

  it("accepts a complete production configuration", () => {
    const env = parseEnv(production);
    expect(env.isProduction).toBe(true);
    expect(env.PUBLIC_URL).toBe("https://nuru.co.ke");
  });

  it("drains for 25 s by default, takes pooling and a direct URL, and refuses an unknown pooling mode", () => {
    const env = parseEnv({});
    expect(env.SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
    expect(env.SHUTDOWN_GRACE_SECONDS).toBeUndefined();
    expect(env.DATABASE_POOLING).toBe("none");
    const pooled = parseEnv({
      DATABASE_URL: "postgres://app@pgbouncer:6432/nuru",
      DATABASE_DIRECT_URL: "postgres://app@db:5432/nuru",
      DATABASE_POOLING: "transaction",
      SHUTDOWN_GRACE_SECONDS: "3",
      SHUTDOWN_TIMEOUT_SECONDS: "40",
    });
    expect(pooled).toMatchObject({
      DATABASE_DIRECT_URL: "postgres://app@db:5432/nuru",
      DATABASE_POOLING: "transaction",
      SHUTDOWN_GRACE_SECONDS: 3,
      SHUTDOWN_TIMEOUT_SECONDS: 40,
    });
    expect(() => parseEnv({ DATABASE_POOLING: "statement" })).toThrow(/DATABASE_POOLING/);
  });

  it("rejects malformed values with the variable's name", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ SUPPORT_EMAIL: "not-an-address" })).toThrow(/SUPPORT_EMAIL/);
  });
});

describe("runtime", () => {
  it("runs on Node 24 or newer (the `node` package, not the system Node)", () => {
    expect(Number(process.versions.node.split(".")[0])).toBeGreaterThanOrEqual(24);
  });

  it("reads TRUST_PROXY as a number of proxies", () => {
    expect(trustedProxyHops(parseEnv({}))).toBe(0);
    expect(trustedProxyHops(parseEnv({ TRUST_PROXY: "true" }))).toBe(1);
    expect(trustedProxyHops(parseEnv({ TRUST_PROXY: "2" }))).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });
});

describe("COUNTRY_HEADER", () => {
  it("is off unless set, and a header name in lower case when set", () => {
    expect(parseEnv({}).COUNTRY_HEADER).toBeUndefined();
    expect(parseEnv({ COUNTRY_HEADER: "" }).COUNTRY_HEADER).toBeUndefined();
    expect(parseEnv({ COUNTRY_HEADER: "CF-IPCountry" }).COUNTRY_HEADER).toBe("cf-ipcountry");
  });

  it("refuses a value that is not a header name", () => {
    expect(() => parseEnv({ COUNTRY_HEADER: "cf ipcountry: US" })).toThrow(/COUNTRY_HEADER must be a header name/);
  });
});
