// The deploy recipe (issue 48 item 7, ADR 042) cannot be run on the development machines (no container engine), so
// its files are read here: the compose file names its services with their health checks and gives the app the
// settings the README documents; the image is multi-stage, non-root, checks /livez; the proxy routes on /readyz; the
// systemd unit stops the way the drain needs. HAProxy's own check reads the proxy's file when HAProxy is installed.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = path.resolve(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

interface Service {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
  depends_on?: Record<string, { condition: string }>;
}
// Compose applies YAML merge keys (`<<: *app`), as the yaml package does when asked.
const compose = parse(read("deploy/compose.yaml"), { merge: true }) as { services: Record<string, Service> };

/** The settings the README's table names (a row may name several: `S3_BUCKET`, `S3_REGION`). */
function documentedSettings(): Set<string> {
  const table = read("README.md").split("## Configuration")[1]!.split("\n## ")[0]!;
  return new Set(
    [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((row) => [...row[1]!.matchAll(/`([A-Z0-9_]+)`/g)].map((m) => m[1]!)),
  );
}

describe("deploy/compose.yaml", () => {
  it("runs two app processes, HAProxy, PgBouncer, PostgreSQL 15 and MinIO, each with a health check", () => {
    const services = compose.services;
    for (const name of ["app1", "app2", "proxy", "pgbouncer", "postgres", "minio"]) {
      expect(services[name], name).toBeDefined();
      expect(services[name]!.healthcheck?.test.length, `${name} healthcheck`).toBeGreaterThan(0);
    }
    expect(services.postgres!.image).toMatch(/^postgres:15/);
    // The apps are ready (not just alive) before the proxy starts sending them traffic.
    expect(services.app1!.healthcheck!.test.join(" ")).toContain("/readyz");
    expect(services.proxy!.depends_on).toMatchObject({ app1: { condition: "service_healthy" } });
  });

  it("gives the app production settings through the pooler, behind the proxy, with files in the bucket", () => {
    const documented = documentedSettings();
    for (const app of [compose.services.app1!, compose.services.app2!]) {
      const env = app.environment!;
      expect(env).toMatchObject({
        NODE_ENV: "production",
        TRUST_PROXY: "true",
        STORAGE: "s3",
        S3_FORCE_PATH_STYLE: "true",
      });
      expect(env.DATABASE_URL).toContain("@pgbouncer:6432/");
      expect(env.DATABASE_DIRECT_URL).toContain("@postgres:5432/");
      // PgBouncer 1.18 in transaction mode cannot carry named prepared statements between server connections.
      expect(env.DATABASE_POOLING).toBe("transaction");
      // Stopped with SIGKILL only after the 25 s drain deadline.
      expect(Number.parseInt(app.stop_grace_period!, 10)).toBeGreaterThan(25);
      // Every setting it is given is one the README documents, except the pooler's direct URL (issue 48 item 3,
      // documented with the pooler work).
      for (const name of Object.keys(env).filter((key) => key !== "DATABASE_DIRECT_URL"))
        expect(documented.has(name), `${name} in the README's settings table`).toBe(true);
    }
    expect(read("deploy/pgbouncer.ini")).toMatch(/^pool_mode = transaction$/m);
  });
});

describe("deploy/Dockerfile", () => {
  const dockerfile = read("deploy/Dockerfile");

  it("builds in one stage and runs the production build as a non-root user in another, checking /livez", () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^RUN npm ci\b/m);
    expect(dockerfile).toContain("npm run build:production");
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK [\s\S]*\/livez/m);
    expect(dockerfile).toMatch(/^CMD \["node", .*"server\.js"\]$/m);
  });
});

describe("deploy/haproxy.cfg", () => {
  const config = read("deploy/haproxy.cfg");

  it("routes only to ready processes, over TLS, with a request id", () => {
    expect(config).toMatch(/http-check send meth GET uri \/readyz/);
    expect(config).toMatch(/bind .* ssl crt /);
    expect(config).toContain("http-request set-header X-Request-Id");
  });

  it("answers its own 503 (no process ready) with Retry-After, as the app's own 503 does", () => {
    expect(config).toMatch(/^\s*http-error status 503 .* hdr Retry-After \d+$/m);
  });

  it.runIf(existsSync("/usr/sbin/haproxy") && existsSync("/usr/bin/openssl"))(
    "is a configuration HAProxy accepts",
    () => {
      // HAProxy reads the certificate while checking (a throwaway self-signed one); -c binds no port.
      const dir = mkdtempSync(path.join(tmpdir(), "nuru-haproxy-"));
      const key = path.join(dir, "key.pem");
      const cert = path.join(dir, "cert.pem");
      spawnSync(
        "/usr/bin/openssl",
        ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost"].concat([
          "-keyout",
          key,
          "-out",
          cert,
        ]),
      );
      writeFileSync(path.join(dir, "nuru.pem"), readFileSync(cert, "utf8") + readFileSync(key, "utf8"));
      const check = spawnSync("/usr/sbin/haproxy", ["-c", "-f", path.join(ROOT, "deploy/haproxy.cfg")], {
        encoding: "utf8",
        env: {
          ...process.env,
          NURU_HTTP_BIND: "127.0.0.1:18080",
          NURU_HTTPS_BIND: "127.0.0.1:18443",
          NURU_TLS_CERT: path.join(dir, "nuru.pem"),
          NURU_APP1: "127.0.0.1:3001",
          NURU_APP2: "127.0.0.1:3002",
          NURU_APP3: "127.0.0.1:3003",
        },
      });
      rmSync(dir, { recursive: true, force: true });
      expect(check.stdout + check.stderr).toContain("Configuration file is valid");
    },
  );
});

describe("deploy/nuru.service", () => {
  const unit = read("deploy/nuru.service");

  it("runs as its own user with its settings file, restarts on failure and stops after the drain", () => {
    expect(unit).toMatch(/^User=nuru$/m);
    expect(unit).toMatch(/^EnvironmentFile=/m);
    expect(unit).toMatch(/^Restart=on-failure$/m);
    expect(unit).toMatch(/^KillSignal=SIGTERM$/m);
    expect(Number(/^TimeoutStopSec=(\d+)$/m.exec(unit)![1])).toBeGreaterThan(25);
  });
});
